// Internal: the gain of a grade, the rank discount, and the ideal DCG, kept at a power-of-two scale that
// neither overflows nor underflows.
import { argument, fail } from '../core/errors.js';
import type { Gain } from '../core/types.js';
import type { CutoffCounts, Hit } from './judged-ranking.js';

/** Gain of one grade; grades ≤ 0 add nothing. */
export function gainOf(grade: number, gain: Gain, fn: string): number {
  if (grade <= 0) return 0;
  if (gain === 'linear') return grade;
  const exponential = 2 ** grade - 1;
  // Past grade 1023, 2^grade is Infinity and NDCG would be Infinity / Infinity = NaN.
  if (exponential === Infinity) fail('invalid_qrels', fn, 'a grade under exponential gain', 'at most 1023 (2^grade − 1 must be finite)', grade, { subject: argument('qrels'), facts: { limit: 1023 } });
  return exponential;
}

// log2(rank + 1), grown on demand: the discount is divided by (not multiplied by a reciprocal), as trec_eval
// does, so that sums agree with it to the last bit.
let discounts = new Float64Array(0);
export function discountTable(depth: number): Float64Array {
  if (discounts.length < depth + 1) {
    const grown = new Float64Array(Math.max(depth + 1, discounts.length * 2, 1024));
    for (let rank = 1; rank < grown.length; rank++) grown[rank] = Math.log2(rank + 1);
    discounts = grown;
  }
  return discounts;
}

/** The power of two the gains of `hits` are summed at (gainScaleFor their largest); 1 without a gain. */
export function hitsGainScale(hits: readonly Hit[], gain: Gain | null, fn: string): number {
  if (gain === null) return 1;
  let largestGrade = 0;
  for (const [, grade] of hits) if (grade > largestGrade) largestGrade = grade;
  return gainScaleFor(gainOf(largestGrade, gain, fn));
}

/**
 * Fills `idcg` of each count: the DCG of all judged documents (their `grades`) in the ideal order, cut at
 * each k. The ideal holds the largest gain, so its scale is the one DCG and IDCG share from here on.
 */
export function addIdealDcg(counts: CutoffCounts[], grades: Iterable<number>, gain: Gain, fn: string): void {
  const gains: number[] = [];
  for (const grade of grades) if (grade > 0) gains.push(gainOf(grade, gain, fn));
  gains.sort((a, b) => b - a);
  const gainScale = gainScaleFor(gains[0] ?? 0);
  const discount = discountTable(gains.length);
  let idcg = 0;
  let rank = 0;
  for (const count of counts) {
    const depth = Math.min(count.k, gains.length);
    for (; rank < depth; rank++) idcg += (gains[rank]! * gainScale) / discount[rank + 1]!;
    count.dcg *= gainScale / count.gainScale;
    count.gainScale = gainScale;
    count.idcg = idcg;
  }
}

/**
 * 1 for a largest gain from 2^-960 to 2^960 (or none), else a power of two that brings it to where sums
 * keep every bit:
 * - from 2^960 up, the power that brings the largest gain near 1: a sum of at most 2^32 gains, each divided
 *   by a discount ≥ 1, then stays finite;
 * - below 2^-960, 2^1000: a gain divided by its discount (≤ 32) could otherwise fall among the subnormal
 *   numbers, which hold fewer bits, down to one (5e-324 / log2(3) rounds back to 5e-324, and NDCG would be 1).
 *   Scaled, the smallest gain there is (2^-1074) becomes 2^-74 and the largest stays below 2^40.
 */
function gainScaleFor(largestGain: number): number {
  if (largestGain === 0 || (largestGain >= 2 ** -960 && largestGain < 2 ** 960)) return 1;
  return largestGain < 1 ? 2 ** 1000 : 2 ** -Math.floor(Math.log2(largestGain));
}
