// Internal: the aggregation of per-query scores into a run's figures, in one place so that evaluateRun and
// mergeEvaluations compute them with the very same arithmetic in the very same order — a merged mean is
// then the whole run's mean to the last bit, not merely to 1e-12.
import type { MeasureDefinition } from '../measures/catalogue.js';
import { meanOf } from '../stats/mean.js';

/** How a measure's per-query values make the run's figure (the catalogue's `aggregate`). */
export type Aggregate = MeasureDefinition['aggregate'];

/** The floor of each value in a geometric mean (trec_eval's gm_map), so that one 0 does not make it 0. */
const MIN_GEO_MEAN = 0.00001;

/**
 * Each measure's aggregate over `rows` (one row of scores per query, in query-id order; row[i] is measure
 * i's score), in the order of `aggregates`:
 * - `'mean'`: the sum in row order divided by the number of rows; a sum that overflowed (dcg near
 *   Number.MAX_VALUE) is taken again by meanOf, which cannot overflow;
 * - `'sum'`: the sum itself (the counts: num_ret, num_rel…);
 * - `'geometric'`: exp(mean of log max(v, 0.00001)), as trec_eval's gm_map.
 *
 * Sums are taken left to right in row order: the same rows in the same order give the same bits.
 *
 * @example aggregateRows([[1, 2], [0, 4]], ['mean', 'sum']) // => [0.5, 6]
 */
export function aggregateRows(rows: readonly (readonly number[])[], aggregates: readonly Aggregate[]): number[] {
  return aggregates.map((aggregate, i) => {
    if (aggregate === 'geometric') {
      let logs = 0;
      for (const row of rows) logs += Math.log(Math.max(row[i]!, MIN_GEO_MEAN));
      return Math.exp(logs / rows.length);
    }
    let sum = 0;
    for (const row of rows) sum += row[i]!;
    if (aggregate === 'sum') return sum;
    return Number.isFinite(sum) ? sum / rows.length : meanOf(rows.map((row) => row[i]!));
  });
}
