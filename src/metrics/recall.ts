import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import { countAt } from './counts.js';
import type { CutoffCounts } from './judged-ranking.js';

/**
 * Recall at k: the share of all relevant documents that the top k retrieves.
 *
 * R@k = |relevant ∩ top k| / R, where R counts every relevant document in the qrels, retrieved or not
 *
 * - 0 when the qrels hold no relevant document (R = 0), as trec_eval.
 * - Order inside the top k does not matter.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default) for the whole ranking
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels`, `invalid_option`
 * @example
 * recallAtK(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5) // => 0.6667 (2 / 3)
 * @see trec_eval 9.0.8 `recall` (m_recall.c)
 */
export function recallAtK(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return recallFromCounts(countAt('recallAtK', ranking, qrels, k, options).counts);
}

export function recallFromCounts(counts: CutoffCounts): number {
  return counts.relevant === 0 ? 0 : counts.relevantRetrieved / counts.relevant;
}
