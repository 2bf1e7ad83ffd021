import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import { countAt } from './counts.js';
import type { CutoffCounts } from './judged-ranking.js';

/**
 * Success at k (hit rate): 1 when the top k holds at least one relevant document, else 0.
 *
 * success@k = [ |relevant ∩ top k| > 0 ]
 *
 * - 0 when the qrels hold no relevant document. Averaged over queries it is the hit rate.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default) for the whole ranking
 * @returns 0 or 1
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels`, `invalid_option`
 * @example
 * successAtK(['x', 'G'], { G: 1 }, 1) // => 0
 * successAtK(['x', 'G'], { G: 1 }, 2) // => 1
 * @see trec_eval 9.0.8 `success` (m_success.c)
 */
export function successAtK(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return successFromCounts(countAt('successAtK', ranking, qrels, k, options).counts);
}

export function successFromCounts(counts: CutoffCounts): number {
  return counts.success;
}
