import type { MetricOptions, Qrels, Ranking } from '../types.js';
import { countAt, type CutoffCounts } from './counts.js';

/**
 * R-precision: precision at rank R, where R is the number of relevant documents.
 *
 * R-prec = |relevant ∩ top R| / R
 *
 * - At R the measure equals recall; a ranking shorter than R is not padded differently: the divisor stays R.
 * - With a cutoff k the ranking is first truncated to its top k (as trec_eval's `-M k`), so only the top
 *   min(R, k) can count.
 * - 0 when R = 0.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k truncation: a positive integer, or Infinity (default) for the whole ranking
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels`, `invalid_option`
 * @example
 * rPrecision(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }) // => 0.6667 (2 of the top 3)
 * @see trec_eval 9.0.8 `Rprec` (m_Rprec.c)
 */
export function rPrecision(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return rPrecisionFromCounts(countAt('rPrecision', ranking, qrels, k, options).counts);
}

export function rPrecisionFromCounts(counts: CutoffCounts): number {
  return counts.relevant === 0 ? 0 : counts.relevantInTopR / counts.relevant;
}
