import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import { countAt } from './counts.js';
import type { CutoffCounts } from './judged-ranking.js';

/**
 * Reciprocal rank (RR@k): one over the rank of the first relevant document within the top k.
 *
 * RR@k = 1 / min{ i ≤ k : document i is relevant }, or 0 when the top k holds none
 *
 * - Averaged over queries this is MRR (see `meanReciprocalRank` and the `mrr@k` measure of `evaluateRun`).
 * - Only documents with grade ≥ `relevanceThreshold` count: raising the threshold can push the first hit down.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default) for no cutoff (trec_eval's `recip_rank`)
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels`, `invalid_option`
 * @example
 * reciprocalRank(['G', 'x', 'T'], { T: 2, G: 1 }) // => 1
 * reciprocalRank(['G', 'x', 'T'], { T: 2, G: 1 }, Infinity, { relevanceThreshold: 2 }) // => 1/3
 * @see trec_eval 9.0.8 `recip_rank` (m_recip_rank.c)
 */
export function reciprocalRank(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return reciprocalRankFromCounts(countAt('reciprocalRank', ranking, qrels, k, options).counts);
}

export function reciprocalRankFromCounts(counts: CutoffCounts): number {
  return counts.reciprocalRank;
}
