import { argument, RankevalError } from '../core/errors.js';
import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import { countAt } from './counts.js';
import { gainLevels, gainOfRel, gainTable, idealWalk } from './gain-table.js';
import type { CutoffCounts, GainParam, JudgedRanking } from './judged-ranking.js';

// The DCG family: discounted cumulative gain, its ideal, and their ratio.
//
// DCG@k  = Σ_{i ≤ k} gain(grade_i) / log2(i + 1)
// IDCG@k = DCG@k of the ideal ranking: every judged document, retrieved or not, sorted by gain descending
// NDCG@k = DCG@k / IDCG@k, 0 when IDCG@k = 0
//
// gain: `linear` (default) = grade, as trec_eval's ndcg_cut; `exponential` = 2^grade − 1 (Burges et al., 2005).
// Grades ≤ 0 and unjudged documents add no gain. The relevance threshold does not apply: gains are graded
// (trec_eval ignores `-l` for ndcg_cut as well).
//
// Overflow and underflow: gains are summed scaled by a power of two when the largest is 2^960 or more, or
// below 2^-960 (see CutoffCounts.gainScale), so NDCG, a ratio that scaling does not change, is computed to
// full precision for any finite grades. DCG and IDCG are the sums themselves, unscaled: when one exceeds
// Number.MAX_VALUE there is no number to return, and it is refused; a tiny one is returned as the nearest
// double, subnormal or 0.

/**
 * Discounted cumulative gain at k.
 *
 * DCG@k = Σ_{i ≤ k} gain(grade_i) / log2(i + 1), gain = grade (`linear`, default) or 2^grade − 1 (`exponential`)
 *
 * - Unjudged documents and grades ≤ 0 add 0. Not normalised: it grows with k and with the grades.
 * - The sum itself, to the nearest double: below 2^-1022 (grades near 5e-324) that has few bits; `ndcgAtK`
 *   scales before dividing and keeps them.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default) for the whole ranking
 * @returns a number ≥ 0
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels` (also when the DCG exceeds
 *   Number.MAX_VALUE), `invalid_option`
 * @example
 * dcgAtK(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5) // => 2 (1/log2(2) + 2/log2(4))
 * @see Järvelin & Kekäläinen, ACM TOIS 20(4), 2002; trec_eval 9.0.8 `ndcg_cut` (m_ndcg_cut.c)
 */
export function dcgAtK(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return finiteGainSum(dcgFromCounts(countAt('dcgAtK', ranking, qrels, k, options, { gain: true }).counts), 'dcgAtK', 'DCG');
}

/**
 * Ideal DCG at k: the DCG@k of the best possible ranking of **all** judged documents, retrieved or not.
 *
 * IDCG@k = Σ_{i ≤ min(k, n)} g_(i) / log2(i + 1), with g_(1) ≥ g_(2) ≥ … the gains of the n judged documents
 *
 * - The ranking is read (and checked) but does not change the value.
 *
 * @param ranking ids in rank order, or `{id, score}` objects
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default)
 * @returns a number ≥ 0
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels` (also when the IDCG exceeds
 *   Number.MAX_VALUE), `invalid_option`
 * @example
 * idcgAtK(['G', 'x', 'T'], { T: 2, G: 1, F: 1 }, 5) // => 3.1309 (2/log2(2) + 1/log2(3) + 1/log2(4))
 */
export function idcgAtK(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return finiteGainSum(idcgFromCounts(countAt('idcgAtK', ranking, qrels, k, options, { ideal: true }).counts), 'idcgAtK', 'IDCG');
}

/**
 * Normalised DCG at k: DCG@k divided by the ideal DCG@k of all judged documents.
 *
 * NDCG@k = DCG@k / IDCG@k
 *
 * - 0 when IDCG@k = 0 (no judged document with a positive grade).
 * - Defined for any finite grades: where DCG itself would overflow (largest gain ≥ 2^960) or lose bits
 *   among the subnormal numbers (largest gain < 2^-960), the gains are scaled first, exactly, by a power
 *   of two, and the ratio does not change: NDCG(['b', 'a'], { a: 5e-324 }) is 1/log2(3), as with { a: 1 }.
 * - IDCG counts every judged document, retrieved or not: a ranking that misses relevant documents cannot
 *   reach 1 (libraries that build the ideal from the retrieved documents only overstate it).
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default) for the whole ranking
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels`, `invalid_option`
 * @example
 * ndcgAtK(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5) // => 0.6388 (2 / 3.1309)
 * ndcgAtK(['T', 'G', 'x', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5) // => 0.8403 (2.6309 / 3.1309)
 * @see trec_eval 9.0.8 `ndcg_cut` (m_ndcg_cut.c)
 */
export function ndcgAtK(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return ndcgFromCounts(countAt('ndcgAtK', ranking, qrels, k, options, { gain: true, ideal: true }).counts);
}

/** DCG@k; Infinity when it exceeds Number.MAX_VALUE (the public functions refuse that with `finiteGainSum`). */
export function dcgFromCounts(counts: CutoffCounts): number {
  return counts.dcg / counts.gainScale;
}

export function idcgFromCounts(counts: CutoffCounts): number {
  return counts.idcg / counts.gainScale;
}

/** Refuses a DCG or IDCG that overflowed: huge grades have no finite gain sum to return. */
export function finiteGainSum(value: number, fn: string, what: string): number {
  if (Number.isFinite(value)) return value;
  throw new RankevalError({
    code: 'invalid_qrels',
    fn,
    subject: argument('qrels'),
    facts: { limit: Number.MAX_VALUE },
    problem: `${what} exceeds the largest number (${Number.MAX_VALUE}): the grades are too large to sum; NDCG, a ratio, is still defined`,
    expected: 'grades whose gain sum is a finite number',
    received: value,
  });
}

export function ndcgFromCounts(counts: CutoffCounts): number {
  return counts.idcg > 0 ? counts.dcg / counts.idcg : 0;
}

// trec_eval's gain-table variants of NDCG (`ndcg`, `ndcg_rel`, `Rndcg`): gains come from `level=gain`
// pairs (default: gain = grade), and the ideal ranking is every judged document by gain. Without pairs,
// `ndcg` is ndcgAtK with no cutoff.
// ndcg and ndcg_rel walk the ranking and the ideal ranking side by side, as long as either goes on (trec_eval
// writes this as three loops: both, ranking only, ideal only; one loop does the same additions in the same order).

/**
 * NDCG with a gain table (trec_eval's `ndcg`, no cutoff): gains from `level=gain` pairs, so that graded
 * relevance can be weighted freely (`ndcg.1=1,2=3,3=7` is the exponential gain 2^grade − 1 for grades 1 … 3).
 *
 * NDCG = Σ_i g(grade_i) / log2(i + 1)  /  Σ_i g_(i) / log2(i + 1)
 *
 * with g_(1) ≥ g_(2) ≥ … the gains of every judged document, retrieved or not (the ideal ranking).
 * - A grade without a pair has gain = grade; unjudged documents (absent, or a negative grade) gain 0 unless a
 *   pair names their level. Gains may be 0 or negative; the ideal ranking stops at the first gain ≤ 0.
 * - The relevance level does not apply (gains are graded). Without pairs it is `ndcgAtK` with k = Infinity
 *   and linear gain.
 * - 0 when the ideal DCG is 0 (no judged document with a positive gain) and for an empty ranking.
 * - The same in trec_eval 9.0.8 and 10.0 (10.0 also prints the two sums as `dcg` and `ideal_dcg`).
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param params the `level=gain` pairs
 * @returns a number in [0, 1] for gains ≥ 0
 * @example
 * // qrels {T: 2, G: 1, F: 1}, gains 1 → 1, 2 → 3
 * ndcgWithGains([G, x, T, y, z], [1=1, 2=3]) // => 0.6052 ((1/log2(2) + 3/log2(4)) / (3/log2(2) + 1/log2(3) + 1/log2(4)))
 * ndcgWithGains([G, x, T, y, z], []) // => 0.6388 (2 / 3.1309, = ndcgAtK)
 * @see Järvelin & Kekäläinen, ACM TOIS 20(4), 2002; trec_eval 9.0.8 `ndcg` (m_ndcg.c)
 */
export function ndcgWithGains(query: JudgedRanking, params: readonly GainParam[]): number {
  const levels = gainLevels(query, params);
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  let dcg = 0;
  let idealDcg = 0;
  for (let i = 0; i < query.retrieved || ideal.gain > 0; i++) {
    if (i < query.retrieved) {
      const gain = gainOfRel(gains, query.rel[i]!);
      if (gain !== 0) dcg += gain / Math.log2(i + 2);
    }
    if (ideal.gain > 0) {
      const idealGain = ideal.step();
      if (idealGain > 0) idealDcg += idealGain / Math.log2(i + 2);
    }
  }
  return idealDcg > 0 ? dcg / idealDcg : 0;
}

/**
 * NDCG averaged over the relevant documents (trec_eval's experimental `ndcg_rel`): NDCG at the rank of each
 * relevant document retrieved, and the NDCG at the end of the ranking for each relevant document missed.
 *
 * ndcg_rel = (1 / R_g) (Σ_{retrieved i with g_i > 0} NDCG@i + (R_g − |those|) · NDCG@end)
 *
 * with R_g the judged documents with a positive gain ("relevant" here is gain > 0, not the relevance level),
 * NDCG@i = DCG@i / IDCG@i over the gain table as in `ndcgWithGains`, and NDCG@end the DCG of the whole
 * ranking over the whole IDCG.
 * - Why: NDCG@k is not monotone in k (it jumps where the ideal gain drops), so the cutoff at which it is read
 *   matters; averaging at the relevant documents avoids choosing one.
 * - Gains as `ndcgWithGains` (pairs, default gain = grade). 0 when no judged document has a positive gain
 *   (R_g = 0) and for an empty ranking.
 * - The same in trec_eval 9.0.8 and 10.0.
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param params the `level=gain` pairs (none: gain = grade)
 * @returns a number in [0, 1] for gains ≥ 0
 * @example
 * // qrels {T: 2, G: 1, F: 1}: R_g = 3, IDCG@1 = 2, IDCG@3 = 2 + 1/log2(3) + 1/log2(4) = 3.1309
 * ndcgRel([G, x, T, y, z], []) // => 0.5925 ((1/2 + 2/3.1309 + 1 · 2/3.1309) / 3; F, missed, at the final NDCG)
 * @see trec_eval 9.0.8 `ndcg_rel` (m_ndcg_rel.c)
 */
export function ndcgRel(query: JudgedRanking, params: readonly GainParam[]): number {
  const levels = gainLevels(query, params);
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  let dcg = 0;
  let idealDcg = 0;
  let sum = 0;
  let relevantRetrieved = 0;
  let relevant = 0;
  for (let i = 0; i < query.retrieved || ideal.gain > 0; i++) {
    let gain = 0;
    if (i < query.retrieved) {
      gain = gainOfRel(gains, query.rel[i]!);
      if (gain !== 0) dcg += gain / Math.log2(i + 2);
    }
    if (ideal.gain > 0) {
      const idealGain = ideal.step();
      if (idealGain > 0) {
        relevant++;
        idealDcg += idealGain / Math.log2(i + 2);
      }
    }
    if (gain > 0) {
      sum += dcg / idealDcg;
      relevantRetrieved++;
    }
  }
  sum += ((relevant - relevantRetrieved) * dcg) / idealDcg;
  return sum > 0 ? sum / relevant : 0;
}

/**
 * NDCG averaged at the R-levels (trec_eval's experimental `Rndcg`): NDCG read at each rank where the ideal
 * ranking's gain changes (the end of each gain level of the ideal ranking, where NDCG@k jumps), and once more
 * at the end of the ranking when it is longer than the ideal's positive part.
 *
 * Rndcg = mean of DCG@b / IDCG@b over those boundaries b (boundaries before any ideal gain are skipped)
 *
 * - Gains as `ndcgWithGains` (pairs, default gain = grade).
 * - 0 when R = 0 (no document at the relevance level).
 * - 0 / 0 when no boundary is met: the ideal ranking has no positive gain although R > 0 (every relevant
 *   document has grade 0, relevant at a relevance level of 0, or gain pairs give them gain ≤ 0). trec_eval
 *   9.0.8 and 10.0 print `-nan` there and so does `rankeval trec`; this function returns the NaN, and
 *   evaluateRun gives the catalogue's defined value instead (Rndcg's `whenUndefined`, 0).
 * - The same in trec_eval 9.0.8 and 10.0.
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param params the `level=gain` pairs (none: gain = grade)
 * @returns a number in [0, 1] for gains ≥ 0, or NaN as above
 * @example
 * // qrels {T: 2, G: 1, F: 1}: ideal gains 2 | 1, 1 | 0; boundaries after ranks 1 and 3, then the ranking's end
 * rndcg([G, x, T, y, z], []) // => 0.5925 ((1/2 + 2/3.1309 + 2/3.1309) / 3)
 * @see trec_eval 9.0.8 `Rndcg` (m_Rndcg.c)
 */
export function rndcg(query: JudgedRanking, params: readonly GainParam[]): number {
  const levels = gainLevels(query, params);
  if (query.relevant === 0) return 0;
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  let previousIdealGain = ideal.gain;
  let dcg = 0;
  let idealDcg = 0;
  let sum = 0;
  let changes = 0;
  const atBoundary = (idealGain: number): void => {
    if (previousIdealGain !== idealGain) {
      if (idealDcg > 0) {
        sum += dcg / idealDcg;
        changes++;
      }
      previousIdealGain = idealGain;
    }
  };
  let i = 0;
  for (; i < query.retrieved && ideal.gain > 0; i++) {
    const gain = gainOfRel(gains, query.rel[i]!);
    const idealGain = ideal.step();
    atBoundary(idealGain);
    if (gain !== 0) dcg += gain / Math.log2(i + 2);
    if (idealGain > 0) idealDcg += idealGain / Math.log2(i + 2);
  }
  if (i < query.retrieved) {
    for (; i < query.retrieved; i++) {
      const gain = gainOfRel(gains, query.rel[i]!);
      if (gain !== 0) dcg += gain / Math.log2(i + 2);
    }
    if (idealDcg > 0) {
      sum += dcg / idealDcg;
      changes++;
    }
  }
  for (; ideal.gain > 0; i++) {
    const idealGain = ideal.step();
    atBoundary(idealGain);
    if (idealGain > 0) idealDcg += idealGain / Math.log2(i + 2);
  }
  // 0 / 0 when no boundary was met: trec_eval prints the NaN (-nan), and so does this.
  return sum / changes;
}

