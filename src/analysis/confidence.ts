import { argument, fail, RankevalError } from '../core/errors.js';
import { ownOptions, whileReading } from '../core/boundary.js';
import { meanOf } from '../stats/mean.js';
import { overflowScale } from '../stats/powers-of-two.js';
import { bootstrapInterval, tInterval } from '../stats/tests.js';
import { checkSeed } from '../stats/random.js';
import type { ByQuery } from '../core/types.js';

export interface ConfidenceIntervalOptions {
  /** Confidence level, between 0 and 1. Default 0.95. */
  readonly level?: number;
  /** `t` (default): Student's t interval; `bootstrap`: percentile interval of resampled means. */
  readonly method?: 't' | 'bootstrap';
  /** Resamples for `bootstrap`. Default 10,000. */
  readonly samples?: number;
  /** Seed for `bootstrap`, an integer from 0 to 2^32 − 1: the same seed gives the same interval. Default 42. */
  readonly seed?: number;
}

export interface ConfidenceInterval {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
  readonly level: number;
  readonly method: 't' | 'bootstrap';
  /** How many scores the interval is over. */
  readonly n: number;
}

/**
 * A confidence interval for one system's mean score over queries — a mean over 50 golden questions
 * without its interval misleads.
 *
 * t: mean ± t(1 − α/2, n − 1) · s / √n (R's `t.test(x)$conf.int`). bootstrap: the α/2 and 1 − α/2
 * quantiles (linear interpolation, R type 7) of the means of `samples` resamples with replacement.
 *
 * Scores of any finite size are fine: near Number.MAX_VALUE they are scaled by a power of two (exactly)
 * before they are summed. An interval whose bounds themselves exceed Number.MAX_VALUE is refused.
 *
 * @param scores per-query scores: an array, or query id → score (`evaluateRun(...).perQuery` read for one
 *   measure), at least two
 * @throws {RankevalError} `invalid_option` for fewer than two scores, a score that is not a finite number, a bad
 *   or unknown option, or an interval whose bounds are not finite numbers
 * @example
 * confidenceInterval([0.2, 0.4, 0.6, 0.8]) // => { mean: 0.5, low: 0.0892, high: 0.9108, level: 0.95, method: 't', n: 4 }
 */
export function confidenceInterval(scores: readonly number[] | ByQuery<number>, options: ConfidenceIntervalOptions = {}): ConfidenceInterval {
  const fn = 'confidenceInterval';
  const values = whileReading(fn, 'invalid_option', '`scores`', () =>
    Array.isArray(scores) ? scores : scores instanceof Map ? [...scores.values()] : typeof scores === 'object' && scores !== null ? Object.values(scores) : fail('invalid_option', fn, { kind: 'argument', argument: 'scores' }, 'an array of numbers or an object of query id → score', scores),
  );
  if (values.length < 2) fail('invalid_option', fn, { kind: 'argument', argument: 'scores' }, 'at least two scores', values.length);
  // A plain loop, not forEach, which skips the holes of a sparse array.
  for (let i = 0; i < values.length; i++) {
    const value: unknown = values[i];
    if (typeof value !== 'number' || !Number.isFinite(value)) fail('invalid_option', fn, `score ${i + 1}`, 'a finite number', value, { subject: argument('scores'), facts: { index: i } });
  }
  const { level = 0.95, method = 't', samples = 10_000, seed = 42 } = ownOptions(options, OPTION_KEYS, fn);
  if (typeof level !== 'number' || !(level > 0 && level < 1)) fail('invalid_option', fn, { kind: 'option', option: 'level' }, 'a number between 0 and 1', level);
  if (method !== 't' && method !== 'bootstrap') fail('invalid_option', fn, { kind: 'option', option: 'method' }, "'t' or 'bootstrap'", method);
  if (!Number.isSafeInteger(samples) || samples < 1 || samples > 10_000_000) fail('invalid_option', fn, { kind: 'option', option: 'samples' }, 'an integer from 1 to 10,000,000', samples);
  checkSeed(seed, fn);
  const data = Float64Array.from(values as number[]);
  const scale = overflowScale(data);
  const scaled = scale === 1 ? data : data.map((value) => value * scale);
  const [low, high] = (method === 't' ? tInterval(scaled, 1 - level) : bootstrapInterval(scaled, level, samples, seed)).map((bound) => bound / scale) as [number, number];
  if (!Number.isFinite(low) || !Number.isFinite(high)) {
    throw new RankevalError({
      code: 'invalid_option',
      fn,
      subject: argument('scores'),
      problem: `the interval [${low}, ${high}] is not finite: the scores spread too far, or \`level\` ${level} is too close to 1`,
      expected: 'an interval of finite bounds',
      received: values,
    });
  }
  return { mean: meanOf(data), low, high, level, method, n: data.length };
}

const OPTION_KEYS: readonly string[] = ['level', 'method', 'samples', 'seed'];
