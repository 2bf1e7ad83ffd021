// The normalisations of one run's scores for a query (`norm` of fuse), computed so that no difference, sum
// or square can overflow, nor a spread be lost among the subnormal numbers (see docs/fusion-rules.md).
import type { FusionNorm } from './options.js';
import { exponentOf, scaleAll, timesPowerOfTwo } from '../stats/powers-of-two.js';
import type { ScoredDocument } from '../core/types.js';

/** Values of a row, to be read times 2^exponent. */
export interface ScaledValues {
  readonly values: Float64Array;
  readonly exponent: number;
}

// ranx's divisor for `max` when a run's best score is ≤ 0 (ranx also floors the other denominators at it).
const SMALLEST_DENOMINATOR = 1e-9;

/**
 * One run's normalised scores for a query, in its ranking's order (score descending), as values ·
 * 2^exponent (`borda`, which scores the candidates the run leaves out too, is not here). Those that do not
 * depend on the scores' scale (all but `none`, and `max` of a run whose best score is ≤ 0) are computed on
 * the scores rescaled by the power of two that brings the largest |s| into [1, 2): exactly the same numbers.
 *
 * - `min-max`: (s − min) / (max − min);  `sum`: (s − min) / Σ(s − min);  all-tied scores map to 0.
 * - `max`: s / max; a best score ≤ 0 divides by 1e-9, as ranx.
 * - `zmuv`: (s − mean) / σ, σ the population standard deviation; all-tied scores map to 0.
 * - `rank`: 1 − (r − 1) / n;  `none`: the scores as they are.
 */
export function normalise(list: readonly ScoredDocument[], norm: Exclude<FusionNorm, 'borda'>): ScaledValues {
  const n = list.length;
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = list[i]!.score;
  if (norm === 'none') return { values, exponent: 0 };
  if (norm === 'rank') {
    for (let i = 0; i < n; i++) values[i] = 1 - i / n;
    return { values, exponent: 0 };
  }
  // The ranking is in score order: its largest |s| is at one end.
  const scale = exponentOf(Math.max(Math.abs(values[0]!), Math.abs(values[n - 1]!)));
  if (scale === -Infinity) {
    // Every score 0: 0 under every normalisation (`max` divides ±0 by 1e-9).
    return { values: norm === 'max' ? values.map((score) => score / SMALLEST_DENOMINATOR) : values.fill(0), exponent: 0 };
  }
  if (norm === 'max') return maxNormalised(values, scale);
  scaleAll(values, -scale, values);
  switch (norm) {
    case 'min-max': {
      const min = values[n - 1]!;
      const range = values[0]! - min;
      for (let i = 0; i < n; i++) values[i] = range === 0 ? 0 : (values[i]! - min) / range;
      return { values, exponent: 0 };
    }
    case 'sum': {
      const min = values[n - 1]!;
      let total = 0;
      for (let i = 0; i < n; i++) total += values[i]! - min;
      for (let i = 0; i < n; i++) values[i] = total === 0 ? 0 : (values[i]! - min) / total;
      return { values, exponent: 0 };
    }
    case 'zmuv':
      return { values: zScores(values), exponent: 0 };
  }
}

/** (s − mean) / σ in place, for scores in score order whose largest |s| is in [1, 2). */
function zScores(values: Float64Array): Float64Array {
  const n = values.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += values[i]!;
  const mean = total / n;
  for (let i = 0; i < n; i++) values[i] = values[i]! - mean;
  // Deviations rescaled again, the largest into [1, 2), so that their squares neither overflow nor underflow.
  const spread = exponentOf(Math.max(Math.abs(values[0]!), Math.abs(values[n - 1]!)));
  if (spread === -Infinity) return values.fill(0);
  scaleAll(values, -spread, values);
  let squares = 0;
  for (let i = 0; i < n; i++) squares += values[i]! ** 2;
  const deviation = Math.sqrt(squares / n);
  for (let i = 0; i < n; i++) values[i] = values[i]! / deviation;
  return values;
}

/**
 * `max`: s / best, as row · 2^exponent with the largest |row| near 2^1000, so that a quotient past
 * Number.MAX_VALUE (a tiny best score, or ranx's 1e-9 for a best score ≤ 0) is held, and one far below it
 * keeps its bits. Each quotient is taken on the mantissas, (s · 2^-e) / (best · 2^-b), then placed by its
 * power of two: the same as s / best wherever that is a normal number.
 */
function maxNormalised(scores: Float64Array, scale: number): ScaledValues {
  const n = scores.length;
  const best = scores[0]!;
  if (best <= 0) {
    // ranx's guard: a best score ≤ 0 divides by 1e-9 (not scale-free: it blows the scores up ≈ 10⁹ times).
    // Below 2^990 the quotients are finite (1 / 1e-9 < 2^30): taken as they are.
    if (scale < 990) {
      for (let i = 0; i < n; i++) scores[i] = scores[i]! / SMALLEST_DENOMINATOR;
      return { values: scores, exponent: 0 };
    }
    for (let i = 0; i < n; i++) scores[i] = timesPowerOfTwo(scores[i]!, 970 - scale) / SMALLEST_DENOMINATOR;
    return { values: scores, exponent: scale - 970 };
  }
  const b = exponentOf(best);
  // Quotients below 2^1000 are finite: taken as they are (the choice depends on the ratio only, not the scale).
  if (scale - b < 1000) {
    for (let i = 0; i < n; i++) scores[i] = scores[i]! / best;
    return { values: scores, exponent: 0 };
  }
  const divisor = timesPowerOfTwo(best, -b);
  for (let i = 0; i < n; i++) {
    const score = scores[i]!;
    const e = exponentOf(score);
    scores[i] = e === -Infinity ? score / divisor : timesPowerOfTwo(timesPowerOfTwo(score, -e) / divisor, e - scale + 1000);
  }
  return { values: scores, exponent: scale - b - 1000 };
}
