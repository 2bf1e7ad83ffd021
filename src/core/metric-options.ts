// Internal: the options every metric takes (`MetricOptions`), read and checked once at a public boundary
// into ResolvedOptions with their defaults filled in, and the cutoff `k`.
import { fail } from './errors.js';
import { ownOptions } from './boundary.js';
import type { ApDenominator, Gain, MetricOptions, Ties } from './types.js';

/** Options with their defaults filled in. */
export interface ResolvedOptions {
  readonly relevanceThreshold: number;
  readonly gain: Gain;
  readonly apDenominator: ApDenominator;
  readonly ties: Ties;
}

const GAINS: readonly Gain[] = ['linear', 'exponential'];
/** The options every metric takes (`MetricOptions`). */
export const METRIC_OPTION_KEYS: readonly string[] = ['relevanceThreshold', 'gain', 'apDenominator', 'ties'];

const AP_DENOMINATORS: readonly ApDenominator[] = ['relevant', 'min-relevant-k'];
const TIES: readonly Ties[] = ['trec', 'given', 'average'];

/** Reads the metric options; `otherKeys` are the further options the calling function takes. */
export function resolveOptions(options: MetricOptions | undefined, fn: string, otherKeys: readonly string[] = []): ResolvedOptions {
  if (options === undefined) return { relevanceThreshold: 1, gain: 'linear', apDenominator: 'relevant', ties: 'trec' };
  return readMetricOptions(ownOptions(options, [...otherKeys, ...METRIC_OPTION_KEYS], fn), fn);
}

/** Reads the metric options from options whose keys the calling entry has checked (ownOptions). */
export function readMetricOptions(options: MetricOptions, fn: string): ResolvedOptions {
  const { relevanceThreshold = 1, gain = 'linear', apDenominator = 'relevant', ties = 'trec' } = options;
  if (typeof relevanceThreshold !== 'number' || !Number.isFinite(relevanceThreshold)) {
    fail('invalid_option', fn, { kind: 'option', option: 'relevanceThreshold' }, 'a finite number', relevanceThreshold);
  }
  if (!GAINS.includes(gain)) fail('invalid_option', fn, { kind: 'option', option: 'gain' }, "'linear' or 'exponential'", gain);
  if (!AP_DENOMINATORS.includes(apDenominator)) {
    fail('invalid_option', fn, { kind: 'option', option: 'apDenominator' }, "'relevant' or 'min-relevant-k'", apDenominator);
  }
  if (!TIES.includes(ties)) fail('invalid_option', fn, { kind: 'option', option: 'ties' }, "'trec', 'given' or 'average'", ties);
  return { relevanceThreshold, gain, apDenominator, ties };
}

/** A cutoff is a positive integer, or Infinity for the whole ranking. */
export function readCutoff(k: unknown, fn: string): number {
  if (k === Infinity || (typeof k === 'number' && Number.isInteger(k) && k > 0)) return k as number;
  return fail('invalid_cutoff', fn, { kind: 'option', option: 'k' }, 'a positive integer or Infinity', k);
}
