import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import { countAt } from './counts.js';
import type { CutoffCounts } from './judged-ranking.js';

/**
 * Context precision at k (Ragas): the mean of precision@i over the ranks i ≤ k that hold a relevant document.
 *
 * CP@k = Σ_{i ≤ k, doc i relevant} P@i / |relevant ∩ top k|
 *
 * - Unlike average precision it divides by the relevant documents *retrieved* in the top k, so it rewards
 *   putting what was found first and ignores what was missed (use recall for that).
 * - 0 when the top k holds no relevant document. Ragas adds 1e-10 to the divisor; this is exact.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default) for the whole ranking
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels`, `invalid_option`
 * @example
 * contextPrecision(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5) // => 0.8333 ((1/1 + 2/3) / 2)
 * @see Ragas `LLMContextPrecisionWithReference` / `NonLLMContextPrecisionWithReference`
 */
export function contextPrecision(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return contextPrecisionFromCounts(countAt('contextPrecision', ranking, qrels, k, options).counts);
}

export function contextPrecisionFromCounts(counts: CutoffCounts): number {
  return counts.contextPrecision ?? (counts.relevantRetrieved === 0 ? 0 : counts.precisionSum / counts.relevantRetrieved);
}
