// Latency figures of a retriever: per-query times (milliseconds) summarised as mean, percentiles and
// maximum, overall and per slice label. Used by evaluateRetriever and by the report of runs saved with
// their latency (`latency_ms` in a JSONL run).
import { argument, fail } from '../core/errors.js';
import { compareUtf8 } from '../core/ordering.js';
import { meanOf } from '../stats/mean.js';
import { emptyRecord } from '../engine/records.js';

/** The time of a set of calls, in milliseconds. */
export interface LatencySummary {
  /** Arithmetic mean. */
  readonly mean: number;
  /** Median (the 50th percentile, `percentile`'s definition). */
  readonly p50: number;
  readonly p90: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  /** How many calls the figures are over. */
  readonly queries: number;
}

/** Latency of every call, summarised overall and per slice label, with each query's own time. */
export interface Latency extends LatencySummary {
  /** Query id → the time of its call in milliseconds (no prototype, as `perQuery` of an evaluation). */
  readonly perQuery: Record<string, number>;
  /** Slice label → the summary over the queries with that label (empty without slices). */
  readonly bySlice: Record<string, LatencySummary>;
}

/**
 * The p-th percentile (p in [0, 100]) of values, by linear interpolation between the two closest ranks of
 * the values sorted ascending: at position h = (n − 1) · p / 100 (0-based), x[⌊h⌋] + (h − ⌊h⌋) ·
 * (x[⌊h⌋ + 1] − x[⌊h⌋]). This is numpy's default (`numpy.percentile(…, method='linear')`, Hyndman & Fan's
 * type 7), also R's `quantile` default and Excel's PERCENTILE.INC. p0 is the minimum, p100 the maximum, and
 * one value is every percentile of itself.
 *
 * - The values may come in any order, as numpy's and R's: unsorted, a sorted copy is read (the array is not
 *   changed); sorted, nothing is copied.
 * - Finite for any finite values: where x[⌊h⌋ + 1] − x[⌊h⌋] exceeds Number.MAX_VALUE (values of opposite
 *   signs near ±1.8e308) the same interpolation is taken on the halves of the two values, then doubled.
 *
 * @param values one finite number or more, in any order
 * @param p a finite number from 0 to 100
 * @returns a number from the least value to the greatest
 * @throws {RankevalError} `invalid_option` for `p` outside [0, 100] or not a number, for `values` not a
 *   non-empty array of finite numbers (naming the first bad one)
 * @example percentile([10, 20, 30, 40], 90) // => 37 (h = 2.7: 30 + 0.7 · (40 − 30))
 */
export function percentile(values: readonly number[], p: number): number {
  const fn = 'percentile';
  if (typeof p !== 'number' || !(p >= 0 && p <= 100)) fail('invalid_option', fn, { kind: 'argument', argument: 'p' }, 'a number from 0 to 100', p);
  if (!Array.isArray(values) || values.length === 0) fail('invalid_option', fn, { kind: 'argument', argument: 'values' }, 'a non-empty array of finite numbers', values);
  let sorted = true;
  for (let i = 0; i < values.length; i++) {
    const value: unknown = values[i];
    if (typeof value !== 'number' || !Number.isFinite(value)) fail('invalid_option', fn, `\`values[${i}]\``, 'a finite number', value, { subject: argument('values'), facts: { index: i } });
    if (i > 0 && value < values[i - 1]!) sorted = false;
  }
  return percentileOfSorted(sorted ? values : [...values].sort(ascending), p);
}

const ascending = (a: number, b: number): number => a - b;

/** `percentile` of finite values already sorted ascending, p in [0, 100], unchecked. */
function percentileOfSorted(sorted: readonly number[], p: number): number {
  const h = ((sorted.length - 1) * p) / 100;
  const below = Math.floor(h);
  const lower = sorted[below]!;
  if (below + 1 >= sorted.length) return lower;
  const upper = sorted[below + 1]!;
  const t = h - below;
  const step = upper - lower;
  if (Number.isFinite(step)) return lower + t * step;
  // upper − lower > MAX_VALUE: the same sum on the halves (exact), doubled (exact), kept ≤ upper against rounding.
  return Math.min(upper, (lower / 2 + t * (upper / 2 - lower / 2)) * 2);
}

/**
 * Mean, p50, p90, p95, p99 and max of one or more finite times in milliseconds (given in any order). The
 * mean is finite for any finite times (`meanOf`: a sum that would overflow is taken scaled).
 */
export function summarizeLatency(times: readonly number[]): LatencySummary {
  const sorted = [...times].sort(ascending);
  return {
    mean: meanOf(times),
    p50: percentileOfSorted(sorted, 50),
    p90: percentileOfSorted(sorted, 90),
    p95: percentileOfSorted(sorted, 95),
    p99: percentileOfSorted(sorted, 99),
    max: sorted[sorted.length - 1]!,
    queries: times.length,
  };
}

/**
 * Per-query times summarised overall and per slice label (a query counts in each of its labels' slices).
 * Times are summed in query-id order (UTF-8 byte order), so the mean does not depend on the order the
 * calls ended in. `perQuery` must hold one time at least.
 */
export function latencyOf(perQuery: ReadonlyMap<string, number>, slices?: ReadonlyMap<string, readonly string[]>): Latency {
  const queryIds = [...perQuery.keys()].sort(compareUtf8);
  const record = emptyRecord<number>();
  const byLabel = new Map<string, number[]>();
  for (const qid of queryIds) {
    const time = perQuery.get(qid)!;
    record[qid] = time;
    for (const label of slices?.get(qid) ?? []) {
      const times = byLabel.get(label);
      if (times === undefined) byLabel.set(label, [time]);
      else times.push(time);
    }
  }
  const bySlice = emptyRecord<LatencySummary>();
  for (const label of [...byLabel.keys()].sort(compareUtf8)) bySlice[label] = summarizeLatency(byLabel.get(label)!);
  return { ...summarizeLatency(queryIds.map((qid) => record[qid]!)), perQuery: record, bySlice };
}
