import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import { countAt } from './counts.js';
import type { CutoffCounts } from './judged-ranking.js';
import type { ResolvedOptions } from '../core/metric-options.js';

/**
 * Average precision (AP@k): the mean, over all relevant documents, of the precision at the rank where
 * each was retrieved within the top k; a relevant document not in the top k contributes 0.
 *
 * AP@k = Σ_{i ≤ k, doc i relevant} P@i / R
 *
 * - Convention (default, `apDenominator: 'relevant'`): divide by R, every relevant document in the qrels,
 *   as trec_eval's `map` (no cutoff) and `map_cut_k`. With `apDenominator: 'min-relevant-k'` it divides by
 *   min(R, k) instead, so a top k full of relevant documents scores 1 even when R > k.
 * - 0 when R = 0.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default) for the whole ranking
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels`, `invalid_option`
 * @example
 * averagePrecision(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }) // => 0.5556 ((1/1 + 2/3) / 3)
 * @see trec_eval 9.0.8 `map` and `map_cut` (m_map.c, m_map_cut.c)
 */
export function averagePrecision(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  const { counts, options: resolved } = countAt('averagePrecision', ranking, qrels, k, options);
  return averagePrecisionFromCounts(counts, resolved);
}

export function averagePrecisionFromCounts(counts: CutoffCounts, options: ResolvedOptions): number {
  const denominator = options.apDenominator === 'relevant' ? counts.relevant : Math.min(counts.relevant, counts.k);
  return denominator === 0 ? 0 : counts.precisionSum / denominator;
}
