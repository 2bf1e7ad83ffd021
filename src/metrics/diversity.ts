// The diversity measures of ndeval (TREC Web track), as ir_measures reports them: aspect recall, all
// aspects, alpha-nDCG, ERR-IA and P-IA, over a query's aspects (aspect → document → grade). What a document
// covers is aspect-coverage.ts's; the novelty-biased gains, novelty-gains.ts's.
import type { QueryAspects } from '../core/aspects.js';
import { argument, fail } from '../core/errors.js';
import { readCutoff } from '../core/metric-options.js';
import { checkAlpha, checkIds, checkLevel, coverageOf, coveredAt, depthOf } from './aspect-coverage.js';
import { discountedSum, greedyIdealGains, idealIdealErr, noveltyGains } from './novelty-gains.js';

/**
 * Aspect recall at k (subtopic recall, S-recall): the share of the query's aspects that the top k covers.
 *
 *   aspectRecall@k = |{aspects covered by a document of the top k}| / |{aspects covered by any judged document}|
 *
 * - Convention: ndeval's `strec@k` as ir_measures reports it (`StRecall@k`): a document covers an aspect
 *   when its grade for that aspect is ≥ `level` (and ≥ 0); an aspect that no judged document covers is not
 *   counted in the denominator.
 * - A query with no aspect covered at `level` scores 0, as ndeval reports it; so does an empty ranking.
 * - k = Infinity reads the whole ranking. Unjudged documents cover nothing.
 *
 * @param ranking document ids in rank order
 * @param aspects aspect id → document id → grade, for this query
 * @param k a positive integer, or Infinity for the whole ranking
 * @param level the relevance level: grade ≥ level covers the aspect (default 1)
 * @returns a number in [0, 1], non-decreasing in k
 * @example aspects a: {d1, d2}, b: {d3}, c: {d4}; ranking [d2, x, d3]:
 *   aspectRecall@2 = 1 / 3 (a), aspectRecall@3 = 2 / 3 (a, b)
 * @see C. Zhai, W. Cohen, J. Lafferty. Beyond independent relevance: methods and evaluation metrics for
 *   subtopic retrieval. SIGIR 2003 (S-recall).
 * @see ndeval (TREC Web track diversity task), as called by ir_measures 0.4 through pyndeval for `StRecall@k`
 */
export function aspectRecall(ranking: readonly string[], aspects: QueryAspects, k: number, level = 1): number {
  const fn = 'aspectRecall';
  checkIds(ranking, fn);
  readCutoff(k, fn);
  const coverage = coverageOf(aspects, checkLevel(level, fn), fn);
  return coverage.count === 0 ? 0 : coveredAt(ranking, coverage, k) / coverage.count;
}

/**
 * All aspects at k: 1 when the top k covers every aspect of the query (an answer needing all of them can be
 * written from the top k), else 0. The same coverage as `aspectRecall`: `allAspects` is 1 exactly when
 * `aspectRecall` is 1. An aspect no judged document covers at `level` is left out, as ndeval leaves it out
 * of `aspectRecall` (no ranking could cover it); a JSONL golden set refuses an aspect that lists no document.
 *
 * - A query with no aspect covered at `level` scores 0 (nothing can be answered from it), as aspectRecall.
 *
 * @param ranking document ids in rank order
 * @param aspects aspect id → document id → grade, for this query
 * @param k a positive integer, or Infinity for the whole ranking
 * @param level the relevance level: grade ≥ level covers the aspect (default 1)
 * @returns 0 or 1
 * @example aspects a: {d1}, b: {d3}; ranking [d1, x, d3]: allAspects@2 = 0, allAspects@3 = 1
 * @see aspectRecall
 */
export function allAspects(ranking: readonly string[], aspects: QueryAspects, k: number, level = 1): number {
  const fn = 'allAspects';
  checkIds(ranking, fn);
  readCutoff(k, fn);
  const coverage = coverageOf(aspects, checkLevel(level, fn), fn);
  return coverage.count > 0 && coveredAt(ranking, coverage, k) === coverage.count ? 1 : 0;
}

/**
 * alpha-nDCG at k: nDCG over novelty-biased gains, so that a document repeating aspects already seen is
 * worth less, by a factor 1 − alpha per earlier document covering the same aspect.
 *
 *   G(r) = Σ_{aspects a covered by doc r} (1 − alpha)^{n_a(r)},   n_a(r) = documents above r covering a
 *   alpha-DCG@k = Σ_{r ≤ k} G(r) / log2(r + 1),   alpha-nDCG@k = alpha-DCG@k / alpha-DCG@k of the ideal ranking
 *
 * - Convention: ndeval's `alpha-nDCG@k` as ir_measures reports it (`alpha_nDCG@k`): grades are binary
 *   (≥ `level`, and ≥ 0, covers), every aspect weighs the same, and the ideal ranking is ndeval's greedy one
 *   over the judged documents (largest gain first, ties to the greatest id). Because the greedy ideal is not
 *   always the best ranking, a ranking can score above 1 (ndeval's numbers do too).
 * - A query with no aspect covered at `level` scores 0, as ndeval reports it; so does an empty ranking.
 * - k = Infinity: the whole ranking against the whole ideal ranking.
 *
 * @param ranking document ids in rank order
 * @param aspects aspect id → document id → grade, for this query
 * @param k a positive integer, or Infinity for the whole ranking
 * @param alpha the redundancy penalty, from 0 (none: every aspect counts each time) to 1; default 0.5
 * @param level the relevance level: grade ≥ level covers the aspect (default 1)
 * @returns a number ≥ 0 (≤ 1 unless the ranking beats the greedy ideal)
 * @example aspects a: {d1, d2}, b: {d2}; ranking [d1, d2], alpha 0.5: G = (1, 0.5 + 1);
 *   ideal [d2, d1]: G = (2, 0.5); alpha-nDCG@2 = (1 + 1.5 / log2 3) / (2 + 0.5 / log2 3)
 * @see C. L. A. Clarke, M. Kolla, G. V. Cormack, O. Vechtomova, A. Ashkan, S. Büttcher, I. MacKinnon.
 *   Novelty and diversity in information retrieval evaluation. SIGIR 2008.
 * @see ndeval 4.5 (TREC Web track), as called by ir_measures 0.4 through pyndeval for `alpha_nDCG@k`
 */
export function alphaNdcg(ranking: readonly string[], aspects: QueryAspects, k: number, alpha = 0.5, level = 1): number {
  const fn = 'alphaNdcg';
  checkIds(ranking, fn);
  readCutoff(k, fn);
  checkAlpha(alpha, fn);
  const coverage = coverageOf(aspects, checkLevel(level, fn), fn);
  if (coverage.count === 0) return 0;
  const dcg = discountedSum(noveltyGains(ranking, coverage, depthOf(k, ranking.length), alpha));
  if (dcg === 0) return 0;
  return dcg / discountedSum(greedyIdealGains(coverage, k, alpha));
}

/**
 * Intent-aware expected reciprocal rank at k (ERR-IA), as ndeval computes it: a user interested in one
 * aspect stops at each document covering it with probability alpha; averaged over equally likely aspects,
 * and divided by the same sum for an "ideal ideal" ranking whose every document covers every aspect.
 *
 *   ERR-IA@k = Σ_{r ≤ k} G(r) / r  /  Σ_{r ≤ k} m · (1 − alpha)^{r−1} / r
 *
 * with G(r) the novelty-biased gain of alphaNdcg and m the number of aspects. (The factor alpha of the stop
 * probability and the 1/m of the average cancel in the ratio.)
 *
 * - Convention: ndeval's `ERR-IA@k` as ir_measures reports it (`ERR_IA@k`, collection-independent
 *   normalisation): binary grades (≥ `level`, and ≥ 0), equal aspect weights; the normaliser depends on k,
 *   not on the ranking's length. One departure: at k = 1 ndeval leaves the value undivided (it then reports
 *   the number of aspects the first document covers, up to m); here it is divided like every other k, so
 *   the value stays in [0, 1].
 * - A query with no aspect covered at `level` scores 0, as ndeval reports it; so does an empty ranking.
 * - k = Infinity: the whole ranking, over the limit of the ideal-ideal sum (alpha must then be > 0).
 *
 * @param ranking document ids in rank order
 * @param aspects aspect id → document id → grade, for this query
 * @param k a positive integer, or Infinity for the whole ranking
 * @param alpha the stop probability at a document covering the aspect; default 0.5 (ir_measures' only value)
 * @param level the relevance level: grade ≥ level covers the aspect (default 1)
 * @returns a number in [0, 1]
 * @example aspects a: {d1}, b: {d2}; ranking [d1, d2], alpha 0.5: G = (1, 1);
 *   ERR-IA@2 = (1 / 1 + 1 / 2) / (2 / 1 + 2 · 0.5 / 2) = 1.5 / 2.5 = 0.6
 * @see O. Chapelle, S. Ji, C. Liao, E. Velipasaoglu, L. Lai, S.-L. Wu. Intent-based diversification of web
 *   search results: metrics and algorithms. Information Retrieval 14(6), 2011.
 * @see ndeval 4.5 (TREC Web track), as called by ir_measures 0.4 through pyndeval for `ERR_IA@k`
 */
export function errIa(ranking: readonly string[], aspects: QueryAspects, k: number, alpha = 0.5, level = 1): number {
  const fn = 'errIa';
  checkIds(ranking, fn);
  readCutoff(k, fn);
  checkAlpha(alpha, fn);
  if (k === Infinity && alpha === 0) fail('invalid_option', fn, '`alpha` without a cutoff', 'above 0 (at alpha 0 the ideal sum never ends)', alpha, { subject: argument('alpha'), facts: { limit: 0 } });
  const coverage = coverageOf(aspects, checkLevel(level, fn), fn);
  if (coverage.count === 0) return 0;
  const gains = noveltyGains(ranking, coverage, depthOf(k, ranking.length), alpha);
  let err = 0;
  for (let i = 0; i < gains.length; i++) err += gains[i]! / (i + 1);
  return err === 0 ? 0 : err / idealIdealErr(coverage.count, k, alpha);
}

/**
 * Intent-aware precision at k (P-IA): precision at k for each aspect, averaged over the aspects.
 *
 *   P-IA@k = Σ_{r ≤ k} |{aspects covered by doc r}| / (k · m)
 *
 * - Convention: ndeval's `P-IA@k` as ir_measures reports it (`P_IA@k`): binary grades (≥ `level`, and
 *   ≥ 0), equal aspect weights, m the aspects some judged document covers; the divisor is k even when the
 *   ranking is shorter (a missing document counts as not relevant), as trec_eval's P@k.
 * - A query with no aspect covered at `level` scores 0, as ndeval reports it; so does an empty ranking.
 * - k = Infinity: precision over the whole ranking (k = its length).
 *
 * @param ranking document ids in rank order
 * @param aspects aspect id → document id → grade, for this query
 * @param k a positive integer, or Infinity for the whole ranking
 * @param level the relevance level: grade ≥ level covers the aspect (default 1)
 * @returns a number in [0, 1]
 * @example aspects a: {d1, d2}, b: {d2}; ranking [d2, x]: P-IA@2 = (2 + 0) / (2 · 2) = 0.5,
 *   P-IA@5 = 2 / (5 · 2) = 0.2
 * @see R. Agrawal, S. Gollapudi, A. Halverson, S. Ieong. Diversifying search results. WSDM 2009.
 * @see ndeval 4.5 (TREC Web track), as called by ir_measures 0.4 through pyndeval for `P_IA@k`
 */
export function pIa(ranking: readonly string[], aspects: QueryAspects, k: number, level = 1): number {
  const fn = 'pIa';
  checkIds(ranking, fn);
  readCutoff(k, fn);
  const coverage = coverageOf(aspects, checkLevel(level, fn), fn);
  const depth = depthOf(k, ranking.length);
  if (coverage.count === 0 || depth === 0) return 0;
  let covered = 0;
  for (let rank = 0; rank < depth; rank++) covered += coverage.covers.get(ranking[rank]!)?.length ?? 0;
  return covered / ((k === Infinity ? depth : k) * coverage.count);
}
