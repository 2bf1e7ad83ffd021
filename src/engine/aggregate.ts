import { argument, fail, RankevalError } from '../core/errors.js';
import { describeValue } from '../core/quoting.js';
import { ownOptions, whileReading } from '../core/boundary.js';
import { METRIC_OPTION_KEYS, readCutoff } from '../core/metric-options.js';
import { meanOf } from '../stats/mean.js';
import type { ByQuery, MetricOptions, Qrels, Ranking } from '../core/types.js';
import { evaluateRun } from './evaluate-run.js';

/**
 * Arithmetic mean of per-query scores: finite for any finite values (values near Number.MAX_VALUE, whose
 * sum overflows, are summed scaled; see `meanOf`).
 *
 * @throws {RankevalError} `no_queries` for an empty list (a mean of nothing is not 0), `invalid_option`
 *   for a value that is not a finite number
 * @example
 * mean([1, 0.5, 0]) // => 0.5
 */
export function mean(values: readonly number[]): number {
  if (!whileReading('mean', 'invalid_option', '`values`', () => Array.isArray(values))) fail('invalid_option', 'mean', '`values`', 'an array of numbers', values, argument('values'));
  if (values.length === 0) throw new RankevalError({
    code: 'no_queries',
    subject: argument('values'),
    facts: { limit: 1, count: 0 },
    problem: 'mean: expected at least one value, got an empty array',
    expected: 'a non-empty array',
    received: values,
  });
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new RankevalError({
        code: 'invalid_option',
        fn: 'mean',
        subject: argument('values'),
        facts: { index: i },
        problem: `expected values[${i}] to be a finite number, got ${describeValue(value)}`,
        expected: 'a finite number',
        received: value,
      });
    }
  }
  return meanOf(values);
}

/**
 * Mean reciprocal rank over a run: RR@k of every judged query, averaged (`evaluateRun` with `mrr@k`).
 *
 * MRR@k = (1 / |Q|) Σ_q RR@k(q), over every query q in the qrels; a judged query missing from the run
 * scores 0, and run queries without judgments are left out.
 *
 * @param run query id → ranking
 * @param qrels query id → qrels
 * @param k cutoff: a positive integer, or Infinity (default)
 * @example
 * meanReciprocalRank({ q1: ['a'], q2: ['x', 'b'], q3: ['y'] }, { q1: ['a'], q2: ['b'], q3: ['c'] }) // => 0.5
 */
export function meanReciprocalRank(run: ByQuery<Ranking>, qrels: ByQuery<Qrels>, k = Infinity, options?: MetricOptions): number {
  const name = readCutoff(k, 'meanReciprocalRank') === Infinity ? 'mrr' : `mrr@${k}`;
  const own = options === undefined ? {} : ownOptions(options, METRIC_OPTION_KEYS, 'meanReciprocalRank');
  return evaluateRun(run, qrels, { ...own, measures: [name] }).mean[name]!;
}
