import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import { countAt } from './counts.js';
import type { CutoffCounts, JudgedRanking } from './judged-ranking.js';

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
 * Relative precision at k (trec_eval's `relative_P`): precision against the best a ranking could do at k,
 * which is min(k, R) relevant documents.
 *
 * relative_P@k = |relevant ∩ top k| / min(k, R)
 *
 * - A ranking shorter than k keeps k in the minimum. No cutoff (k = Infinity, rankeval's): R-recall,
 *   relevant retrieved / R.
 * - Always ≥ P@k (min(k, R) ≤ k); equal when k ≤ R.
 * - 0 when R = 0 and for an empty ranking.
 * - The same in trec_eval 9.0.8 and 10.0.
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param relevanceLevel grade ≥ this is relevant
 * @param cutoffs ascending positive integers, or Infinity (trec_eval sorts them; the catalogue does too)
 * @returns one number in [0, 1] per cutoff
 * @example
 * // qrels {r1: 1, r2: 1}: R = 2
 * relativePrecisions([r1, n, r2], 1, [1, 2, 5]) // => [1, 0.5, 1] (1/1, 1/2, 2/min(5, 2)); P@5 = 2/5
 * @see trec_eval 9.0.8 `relative_P` (m_rel_P.c)
 */
export function relativePrecisions(query: JudgedRanking, relevanceLevel: number, cutoffs: readonly number[]): number[] {
  const values = cutoffs.map(() => 0);
  if (query.relevant === 0) return values;
  let next = 0;
  let relSoFar = 0;
  for (let i = 0; i < query.retrieved; i++) {
    if (i === cutoffs[next]) {
      values[next] = relSoFar / (i > query.relevant ? query.relevant : i);
      if (++next === cutoffs.length) return values;
    }
    if (query.rel[i]! >= relevanceLevel) relSoFar++;
  }
  for (; next < cutoffs.length; next++) {
    const i = cutoffs[next]!;
    values[next] = relSoFar / (i > query.relevant ? query.relevant : i);
  }
  return values;
}

/**
 * Set precision relative to the best possible (trec_eval's `set_relative_P`): relative_P at k = the number
 * retrieved.
 *
 * set_relative_P = |relevant ∩ retrieved| / min(|retrieved|, R)
 *
 * - 0 when R = 0 or nothing was retrieved. The same in trec_eval 9.0.8 and 10.0.
 *
 * @example
 * // qrels {r1: 1, r2: 1, r3: 1}: R = 3
 * setRelativePrecision([r1, n, r2, x]) // => 0.6667 (2 / min(4, 3))
 * @see trec_eval 9.0.8 `set_relative_P` (m_set_rel_P.c)
 */
export function setRelativePrecision(query: JudgedRanking): number {
  return query.retrieved && query.relevant ? query.relevantRetrieved / Math.min(query.retrieved, query.relevant) : 0;
}

/**
 * Set MAP (trec_eval's `set_map`): set precision × set recall, the AP of a retrieved set read as unordered.
 *
 * set_map = |relevant ∩ retrieved|² / (|retrieved| · R)
 *
 * - 0 when R = 0 or nothing was retrieved. The same in trec_eval 9.0.8 and 10.0.
 *
 * @example
 * // qrels {r1: 1, r2: 1, r3: 1}: R = 3
 * setMap([r1, n, r2, x]) // => 0.3333 (2² / (4 · 3) = (2/4) · (2/3))
 * @see trec_eval 9.0.8 `set_map` (m_set_map.c); ir_measures `SetAP`
 */
export function setMap(query: JudgedRanking): number {
  return query.retrieved && query.relevant ? (query.relevantRetrieved * query.relevantRetrieved) / (query.retrieved * query.relevant) : 0;
}
