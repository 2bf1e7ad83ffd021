// Kendall's τ and τ_AP by their direct definitions, pair by pair in O(n²): the reference the O(n log n)
// functions of src/agreement are held to (these are the loops src used before Knight's algorithm). Inputs
// are assumed valid: two aligned arrays, with what each variant needs (no tie in x for the a variants, no
// constant side for the others).

import { fc } from '@fast-check/vitest';

const sign = Math.sign;

/** How many distinct values. */
export const distinct = (values: readonly number[]): number => new Set(values).size;

// Few distinct scores, so most pairs tie; −0 and 0 among them, one score.
const tied = fc.constantFrom(0, -0, 1, 2, 2.5, 3);
const permutation = (n: number): fc.Arbitrary<number[]> => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n });

/** Two aligned score lists of 2 to 40 items with many ties on both sides. */
export const tiedSides = fc.integer({ min: 2, max: 40 }).chain((n) => fc.tuple(fc.array(tied, { minLength: n, maxLength: n }), fc.array(tied, { minLength: n, maxLength: n })));

/** The same, `x` without ties (a permutation of 0 … n − 1), as the a variants need. */
export const referenceAndTied = tiedSides.chain(([, y]) => fc.tuple(permutation(y.length), fc.constant(y)));

/** Two orders without ties, 2 to 40 items. */
export const untiedSides = fc.integer({ min: 2, max: 40 }).chain((n) => fc.tuple(permutation(n), permutation(n)));

/** S = Σ over i < j of sign(x_i − x_j) · sign(y_i − y_j). */
export function pairwiseConcordance(x: readonly number[], y: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) for (let j = i + 1; j < x.length; j++) s += sign(x[i]! - x[j]!) * sign(y[i]! - y[j]!);
  return s;
}

/** Pairs of equal values: Σ over groups of t(t − 1)/2. */
function pairwiseTies(values: readonly number[]): number {
  let ties = 0;
  for (let i = 0; i < values.length; i++) for (let j = i + 1; j < values.length; j++) if (values[i] === values[j]) ties++;
  return ties;
}

/** τ_a, τ_b and τ_c (SciPy's: 2S / (n² (m − 1)/m), m the fewer distinct values of x and of y). */
export function pairwiseKendall(x: readonly number[], y: readonly number[], variant: 'a' | 'b' | 'c'): number {
  const n = x.length;
  const pairs = (n * (n - 1)) / 2;
  const s = pairwiseConcordance(x, y);
  if (variant === 'a') return s / pairs;
  if (variant === 'b') return s / Math.sqrt((pairs - pairwiseTies(x)) * (pairs - pairwiseTies(y)));
  const m = Math.min(new Set(x).size, new Set(y).size);
  return (2 * s) / ((n * n * (m - 1)) / m);
}

/** τ_AP,a: for each item, (1/g) Σ_{m < g, s + m > 0} ((2c + m)/(s + m) − 1), summed and over n − 1. */
export function pairwiseTauAPa(truth: readonly number[], ranked: readonly number[]): number {
  const n = truth.length;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    let above = 0;
    let right = 0;
    let tied = 1;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      if (ranked[j]! > ranked[i]!) {
        above++;
        if (truth[j]! > truth[i]!) right++;
      } else if (ranked[j] === ranked[i]) tied++;
    }
    for (let m = 0; m < tied; m++) if (above + m > 0) sum += ((2 * right + m) / (above + m) - 1) / tied;
  }
  return sum / (n - 1);
}

/** τ_AP,b: the mean of d(y→x) and d(x→y), d(r→s) the mean of 2C/A − 1 over the items with A > 0 above them in r. */
export function pairwiseTauAPb(x: readonly number[], y: readonly number[]): number {
  const direction = (r: readonly number[], s: readonly number[]): number => {
    let sum = 0;
    let items = 0;
    for (let i = 0; i < r.length; i++) {
      let above = 0;
      let right = 0;
      for (let j = 0; j < r.length; j++) {
        if (r[j]! <= r[i]!) continue;
        above++;
        if (s[j]! > s[i]!) right++;
      }
      if (above === 0) continue;
      items++;
      sum += (2 * right) / above - 1;
    }
    return sum / items;
  };
  return (direction(y, x) + direction(x, y)) / 2;
}
