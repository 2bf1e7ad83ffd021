// The combination of a query's values into its fused ranking: each method's formula over the runs holding
// a candidate, taken on terms rescaled by one power of two so that no sum or product overflows.
import type { FusionMethod } from './options.js';
import type { QueryValues } from './values.js';
import { compareUtf8 } from '../core/ordering.js';
import { exponentOf, scaleAll, timesPowerOfTwo } from '../stats/powers-of-two.js';
import type { ScoredDocument } from '../core/types.js';

/** The methods combined here: every one but `condorcet`, which orders candidates by pairwise votes. */
export type CombinedMethod = Exclude<FusionMethod, 'condorcet'>;

/**
 * The headroom kept above the largest rescaled term, in bits: a sum of `runs` terms, times up to `runs`
 * (combmnz, isr), stays below 2^1022.
 */
const headroom = (runs: number): number => 2 * Math.ceil(Math.log2(runs + 1)) + 2;

/**
 * The fused ranking of one query's values, sums taken in the runs' order; ties by document id descending
 * (UTF-8 byte order).
 *
 * Every term (a run's value, times its weight under `wsum`) is first multiplied by one power of two
 * 2^-shift, the same for the whole query, that brings the largest near 2^(1022 − headroom): no sum or
 * product can overflow, none of the terms that can move a sum falls among the subnormal numbers, and since
 * the rescaling is exact the order is that of the terms themselves. The scores are then scaled back;
 * should that overflow, they are all left divided by the same power of two (`writtenShift`).
 */
export function combineQuery(query: QueryValues, method: CombinedMethod, weights: readonly number[]): ScoredDocument[] {
  const { candidates, values } = query;
  const runs = values.length;
  const weighted = method === 'wsum';
  const { shift, powers, factors, mantissas } = runScales(query, weighted ? weights : undefined);
  // The terms of the runs holding the candidate at hand, in the runs' order (reused).
  const held = new Float64Array(runs);
  const scores = new Float64Array(candidates.length);
  for (let c = 0; c < candidates.length; c++) {
    let count = 0;
    for (let i = 0; i < runs; i++) {
      const value = values[i]![c]!;
      if (Number.isNaN(value)) continue;
      const term = factors[i] !== 0 ? value * factors[i]! : timesPowerOfTwo(value, powers[i]!);
      held[count++] = weighted ? mantissas[i]! * term : term;
    }
    scores[c] = combine(method, held, count);
  }
  // Score descending, then id descending in UTF-8 byte order, on indices.
  const order = Array.from(candidates, (_, c) => c).sort((a, b) => (scores[a] !== scores[b] ? (scores[a]! > scores[b]! ? -1 : 1) : compareUtf8(candidates[b]!, candidates[a]!)));
  const written = scaleAll(scores, writtenShift(scores, shift), scores);
  return order.map((c) => ({ id: candidates[c]!, score: written[c]! }));
}

/** How each run's terms are rescaled: term = mantissa(w_i) · value · 2^powers[i]. */
interface RunScales {
  /** The query's power of two: every term is its value times 2^-shift. */
  readonly shift: number;
  readonly powers: Float64Array;
  /** 2^powers[i] when that is a double, else 0 (then the term is taken by `timesPowerOfTwo`). */
  readonly factors: Float64Array;
  /** Each run's weight as a mantissa in [1, 2) with its sign (0 for a weight of 0); 1 without weights. */
  readonly mantissas: Float64Array;
}

function runScales({ values, exponents, magnitudes }: QueryValues, weights: readonly number[] | undefined): RunScales {
  const runs = values.length;
  const weightExponents = new Array<number>(runs);
  let top = -Infinity;
  for (let i = 0; i < runs; i++) {
    weightExponents[i] = weights !== undefined ? exponentOf(weights[i]!) : 0;
    top = Math.max(top, magnitudes[i]! + exponents[i]! + weightExponents[i]!);
  }
  const shift = top === -Infinity ? 0 : top - (1022 - headroom(runs));
  const powers = new Float64Array(runs);
  const factors = new Float64Array(runs);
  const mantissas = new Float64Array(runs);
  for (let i = 0; i < runs; i++) {
    const weightExponent = weightExponents[i]!;
    if (weightExponent === -Infinity) {
      // A weight of 0: every term ±0, as 0 · value.
      mantissas[i] = 0;
      factors[i] = 1;
      continue;
    }
    mantissas[i] = weights !== undefined ? timesPowerOfTwo(weights[i]!, -weightExponent) : 1;
    powers[i] = exponents[i]! + weightExponent - shift;
    factors[i] = powers[i]! >= -1022 && powers[i]! <= 1023 ? 2 ** powers[i]! : 0;
  }
  return { shift, powers, factors, mantissas };
}

/**
 * The power of two the rescaled scores are written times: `shift`, which gives the scores themselves,
 * when each comes back exactly; else the nearest to it that keeps them all finite and exact, so that they
 * keep their order and ties (a query whose fused scores pass Number.MAX_VALUE is written divided by 2^k).
 */
function writtenShift(scores: Float64Array, shift: number): number {
  if (shift === 0) return 0;
  let largest = 0;
  let least = Infinity;
  for (let c = 0; c < scores.length; c++) {
    const size = Math.abs(scores[c]!);
    if (size > largest) largest = size;
    if (size !== 0 && size < least) least = size;
  }
  if (largest === 0) return 0;
  // Exact for every score when the largest stays finite (⌊log2⌋ ≤ 1023) and the least normal (≥ 2^-1022).
  const up = 1023 - exponentOf(largest);
  const down = -1022 - exponentOf(least);
  if (shift <= up && shift >= down) return shift;
  // Else exact still when each score comes back: a subnormal with enough trailing zeros, say.
  let exact = true;
  for (let c = 0; c < scores.length && exact; c++) exact = timesPowerOfTwo(timesPowerOfTwo(scores[c]!, shift), -shift) === scores[c];
  if (exact) return shift;
  return shift > 0 ? Math.min(shift, up) : Math.min(0, Math.max(shift, down));
}

/**
 * The method's score of a candidate from the first `count` terms of the runs holding it (weighted already
 * under `wsum`): combsum, wsum, rrf, bordafuse Σ v; combmnz, isr Σ v × count; log_isr Σ v × ln count;
 * combanz Σ v / count; combmax, combmin the largest, the least; combmed the median (the mean of the middle two).
 */
function combine(method: CombinedMethod, held: Float64Array, count: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) total += held[i]!;
  switch (method) {
    case 'combsum':
    case 'rrf':
    case 'bordafuse':
    case 'wsum':
      return total;
    case 'combmnz':
    case 'isr':
      return total * count;
    case 'log_isr':
      return total * Math.log(count);
    case 'combanz':
      return total / count;
    case 'combmax':
      return largest(held, count);
    case 'combmin':
      return smallest(held, count);
    case 'combmed': {
      const sorted = held.slice(0, count).sort();
      const middle = Math.floor(count / 2);
      return count % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    }
  }
}

// Loops, not Math.min(...values): spreading a long ranking's scores would overflow the call stack.
function smallest(values: Float64Array, count: number): number {
  let least = Infinity;
  for (let i = 0; i < count; i++) if (values[i]! < least) least = values[i]!;
  return least;
}

function largest(values: Float64Array, count: number): number {
  let most = -Infinity;
  for (let i = 0; i < count; i++) if (values[i]! > most) most = values[i]!;
  return most;
}
