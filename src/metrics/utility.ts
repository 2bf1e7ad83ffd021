import type { JudgedRanking } from './judged-ranking.js';

/**
 * Utility (TREC filtering track): a linear reward of the retrieved set, one coefficient per cell of the
 * relevant/retrieved contingency table.
 *
 * utility = a·|rel ∩ ret| + b·|nonrel ∩ ret| + c·|rel \ ret| + d·|nonrel \ ret|
 *
 * - Default coefficients (a, b, c, d) = (1, −1, 0, 0): relevant retrieved minus the others retrieved.
 *   "Non-relevant retrieved" is every retrieved document that is not relevant, judged or not.
 * - The last cell needs the collection's size N (trec_eval's -N, default 0; the library always 0):
 *   |nonrel \ ret| = N + |rel ∩ ret| − |ret| − R, negative when N is too small.
 * - Unbounded, and averaged over queries like the other measures (trec_eval's choice: its help text notes
 *   that summing might be more useful, but not backward compatible).
 * - The same in trec_eval 9.0.8 and 10.0.
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param coefficients a, b, c, d
 * @param numDocsInColl N, the collection's size
 * @example
 * // qrels {r1: 1, r2: 1, n: 0}: R = 2; x unjudged
 * utility([r1, n, x], [1, -1, 0, 0], 0) // => -1 (1·1 − 1·2)
 * utility([r1, n, x], [2, -1, -1, 0], 0) // => -1 (2·1 − 1·2 − 1·1)
 * @see trec_eval 9.0.8 `utility` (m_utility.c)
 */
export function utility(query: JudgedRanking, coefficients: readonly number[], numDocsInColl: number): number {
  const [a, b, c, d] = coefficients as readonly [number, number, number, number];
  const { retrieved, relevant, relevantRetrieved } = query;
  return a * relevantRetrieved + b * (retrieved - relevantRetrieved) + c * (relevant - relevantRetrieved) + d * (numDocsInColl + relevantRetrieved - retrieved - relevant);
}
