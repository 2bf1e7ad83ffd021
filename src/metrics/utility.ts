import type { JudgedRanking } from './judged-ranking.js';

/**
 * Utility (TREC filtering): a linear reward of the retrieved set.
 *
 * utility = a·|rel ∩ ret| + b·|nonrel ∩ ret| + c·|rel \ ret| + d·|nonrel \ ret|
 *
 * - Default coefficients (1, −1, 0, 0): relevant retrieved minus non-relevant retrieved. "Non-relevant"
 *   is every retrieved document that is not relevant, judged or not.
 * - The last term needs the collection's size N (trec_eval's -N, default 0): |nonrel \ ret| = N + rel∩ret − ret − R.
 * - Unbounded, and summed over queries by nobody: averaged like the others.
 *
 * @example ranking [r, n, x], R = 2: utility = 1·1 − 1·2 = −1
 * @see trec_eval 9.0.8 `utility` (m_utility.c)
 */
export function utility(query: JudgedRanking, coefficients: readonly number[], numDocsInColl: number): number {
  const [a, b, c, d] = coefficients as readonly [number, number, number, number];
  const { numRet, numRel, numRelRet } = query;
  return a * numRelRet + b * (numRet - numRelRet) + c * (numRel - numRelRet) + d * (numDocsInColl + numRelRet - numRet - numRel);
}
