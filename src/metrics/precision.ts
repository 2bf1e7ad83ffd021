import type { MetricOptions, Qrels, Ranking } from '../types.js';
import { countAt, type CutoffCounts } from './counts.js';
import type { JudgedRanking } from './judged-ranking.js';

/**
 * Precision at k: the share of the top k that is relevant.
 *
 * P@k = |relevant ∩ top k| / k
 *
 * - The divisor is k even when fewer than k documents were retrieved: missing places count as non-relevant
 *   (trec_eval's `P_k`). With k = Infinity (the default) it is the number retrieved (trec_eval's `set_P`),
 *   and 0 for an empty ranking.
 * - A document is relevant when its grade ≥ `relevanceThreshold` (default 1); unjudged and negative-grade
 *   documents never are.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity for the whole ranking
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking` (non-string or duplicate id, bad score),
 *   `invalid_qrels`, `invalid_option`
 * @example
 * precisionAtK(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5) // => 0.4 (2 / 5)
 * precisionAtK(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 10) // => 0.2 (2 / 10)
 * @see trec_eval 9.0.8 `P` (m_P.c)
 */
export function precisionAtK(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return precisionFromCounts(countAt('precisionAtK', ranking, qrels, k, options).counts);
}

export function precisionFromCounts(counts: CutoffCounts): number {
  if (counts.k === Infinity) return counts.retrieved === 0 ? 0 : counts.relevantRetrieved / counts.retrieved;
  return counts.relevantRetrieved / counts.k;
}

/**
 * Relative precision at k: precision against the best a ranking could do at k, min(k, R) relevant.
 *
 * relative_P@k = |relevant ∩ top k| / min(k, R)
 *
 * - 0 when R = 0. A ranking shorter than k keeps k in the minimum.
 *
 * @example ranking [r, n, r], R = 2: relative_P@5 = 2 / min(5, 2) = 1, P@5 = 0.4
 * @see trec_eval 9.0.8 `relative_P` (m_relative_P.c)
 */
export function relativePrecisions(query: JudgedRanking, relevanceLevel: number, cutoffs: readonly number[]): number[] {
  const values = cutoffs.map(() => 0);
  if (query.numRel === 0) return values;
  let next = 0;
  let relSoFar = 0;
  for (let i = 0; i < query.numRet; i++) {
    if (i === cutoffs[next]) {
      values[next] = relSoFar / (i > query.numRel ? query.numRel : i);
      if (++next === cutoffs.length) return values;
    }
    if (query.rel[i]! >= relevanceLevel) relSoFar++;
  }
  for (; next < cutoffs.length; next++) {
    const i = cutoffs[next]!;
    values[next] = relSoFar / (i > query.numRel ? query.numRel : i);
  }
  return values;
}

/** Set precision relative to the best possible: relevant retrieved / min(retrieved, R); trec_eval's `set_relative_P`. */
export function setRelativePrecision(query: JudgedRanking): number {
  return query.numRet && query.numRel ? query.numRelRet / Math.min(query.numRet, query.numRel) : 0;
}

/** Set precision × set recall; trec_eval's `set_map`. */
export function setMap(query: JudgedRanking): number {
  return query.numRet && query.numRel ? (query.numRelRet * query.numRelRet) / (query.numRet * query.numRel) : 0;
}
