import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import { countAt } from './counts.js';
import type { CutoffCounts } from './judged-ranking.js';
import { precisionFromCounts } from './precision.js';
import { recallFromCounts } from './recall.js';

/**
 * F1 at k: the harmonic mean of precision@k and recall@k.
 *
 * F1@k = 2 · P@k · R@k / (P@k + R@k)
 *
 * - 0 when both are 0.
 * - P@k divides by k (see {@link precisionAtK}); with k = Infinity this is trec_eval's `set_F` (β = 1).
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default) for the whole ranking
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels`, `invalid_option`
 * @example
 * f1AtK(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5) // => 0.5 (2 · 0.4 · 0.667 / 1.067)
 * @see trec_eval 9.0.8 `set_F` (m_set_F.c)
 */
export function f1AtK(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return f1FromCounts(countAt('f1AtK', ranking, qrels, k, options).counts);
}

export function f1FromCounts(counts: CutoffCounts): number {
  return weightedFFromCounts(counts, 1);
}

/**
 * The weighted F of trec_eval's `set_F.x`: (x + 1)·P·R / (x·P + R), 0 when P and R are 0. F1 is x = 1,
 * written through this formula so that its floating-point result is trec_eval's.
 */
export function weightedFFromCounts(counts: CutoffCounts, weight: number): number {
  const precision = precisionFromCounts(counts);
  const recall = recallFromCounts(counts);
  return precision === 0 && recall === 0 ? 0 : ((weight + 1) * precision * recall) / (weight * precision + recall);
}
