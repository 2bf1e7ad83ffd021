// Latency figures of a retriever: per-query times (milliseconds) summarised as mean, percentiles and
// maximum, overall and per slice label. Used by evaluateRetriever and by the report of runs saved with
// their latency (`latency_ms` in a JSONL run).
import { emptyRecord } from './evaluator.js';
import { compareUtf8 } from './metrics/counts.js';

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
 * The p-th percentile (p in [0, 100]) of values sorted ascending, by linear interpolation between the two
 * closest ranks: at position h = (n − 1) · p / 100 (0-based), x[⌊h⌋] + (h − ⌊h⌋) · (x[⌊h⌋ + 1] − x[⌊h⌋]).
 * This is numpy's default (`numpy.percentile(…, method='linear')`, Hyndman & Fan's type 7), also R's
 * `quantile` default and Excel's PERCENTILE.INC. p0 is the minimum, p100 the maximum, and one value is
 * every percentile of itself.
 *
 * @example percentile([10, 20, 30, 40], 90) // => 37 (h = 2.7: 30 + 0.7 · (40 − 30))
 */
export function percentile(sorted: readonly number[], p: number): number {
  const h = ((sorted.length - 1) * p) / 100;
  const below = Math.floor(h);
  const lower = sorted[below]!;
  if (below + 1 >= sorted.length) return lower;
  return lower + (h - below) * (sorted[below + 1]! - lower);
}

/** Mean, p50, p90, p95, p99 and max of one or more times in milliseconds (given in any order). */
export function summarizeLatency(times: readonly number[]): LatencySummary {
  const sorted = [...times].sort((a, b) => a - b);
  let sum = 0;
  for (const time of times) sum += time;
  return {
    mean: sum / times.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
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
