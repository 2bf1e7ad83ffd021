// The latency columns of the RAG example's table: each call's time as the application waits for it, and its
// own time (less what it waited while the other calls in flight ran, `latency.own`), in milliseconds.
import type { LatencySummary, RetrieverLatency } from 'rankeval';

export const LATENCY_HEADER = ['mean ms', 'p50 ms', 'p95 ms', 'max ms', 'own p50', 'own p95'];

const ms = (value: number) => value.toFixed(3);

/** The cells of one row: the calls' times, and their own times, over all queries or one tag's (`tag`). */
export function latencyCells(latency: RetrieverLatency, tag?: string): string[] {
  const full: LatencySummary = tag === undefined ? latency : latency.bySlice[tag]!;
  const own: LatencySummary = tag === undefined ? latency.own : latency.own.bySlice[tag]!;
  return [ms(full.mean), ms(full.p50), ms(full.p95), ms(full.max), ms(own.p50), ms(own.p95)];
}
