// trec_eval's interpolated precision of a ranking cut to nothing (-M 0). Its iprec_at_recall and 11pt_avg
// start from the precision of the whole ranking, num_rel_ret / num_ret = 0 / 0, a NaN that C prints as
// `-nan`, and give it to every recall level that asks for no relevant document (c(x) = 0: x = 0, and a
// small x·R); the other levels keep 0, and 11pt_avg, their mean, is NaN when any level is. The `all` line
// sums the NaN in and prints `-nan` too. The catalogue's measures give 0 there (no precision anywhere, never
// a NaN); rankeval trec prints trec_eval's bytes.
import type { MeasureParams } from '../measures/context.js';
import { relevantForRecall } from '../metrics/interpolated-precision.js';

/**
 * Sets the values trec_eval computes as 0 / 0 for a query with no document retrieved: those of
 * `iprec_at_recall` at levels x with c(x) ≤ 0, and `11pt_avg` when one of its levels has c(x) ≤ 0.
 */
export function emptyRankingValues(name: string, instances: readonly MeasureParams[], numRel: number, version: 9 | 10, values: Float64Array, offset: number): void {
  const empty = (point: number): boolean => relevantForRecall(point, numRel, version) <= 0;
  if (name === 'iprec_at_recall') {
    instances.forEach((params, i) => {
      if (empty(params.point!)) values[offset + i] = NaN;
    });
  } else if (name === '11pt_avg' && instances[0]!.points!.some(empty)) values[offset] = NaN;
}
