// How an entry computes its values: one per parameterisation, from the counts at a cutoff, or in one
// walk shared by several cutoffs or points.
import type { ResolvedOptions } from '../../core/metric-options.js';
import type { CutoffCounts, GainParam } from '../../metrics/judged-ranking.js';
import type { MeasureParams, QueryContext } from '../context.js';
import type { MeasureDefinition } from '../definition.js';

type Compute = MeasureDefinition['compute'];
type OfCounts = (counts: CutoffCounts, options: ResolvedOptions, params: MeasureParams) => number;

/** One value per parameterisation, each computed in the context its parameters describe. */
export const each =
  (value: (context: QueryContext, params: MeasureParams) => number): Compute =>
  (context, instances, out, offset) => {
    for (let i = 0; i < instances.length; i++) out[offset + i] = value(context.with(instances[i]!), instances[i]!);
  };

/** A measure of the shared counts at the instance's cutoff: its `ofCounts`, and the `compute` that reads them. */
export const fromCounts = (ofCounts: OfCounts): { readonly ofCounts: OfCounts; readonly compute: Compute } => ({
  ofCounts,
  compute: each((context, params) => ofCounts(context.countsAt(params.cutoff), context.options, params)),
});

/**
 * A measure whose several cutoffs (or points) share one walk down the ranking: instances that differ only
 * in `pick` are computed together, as trec_eval computes P_5, P_10, … together.
 */
export const batched =
  (pick: (params: MeasureParams) => number, values: (context: QueryContext, points: readonly number[]) => readonly number[]): Compute =>
  (context, instances, out, offset) => {
    const groups = new Map<QueryContext, number[]>();
    instances.forEach((params, i) => {
      const derived = context.with(params);
      const group = groups.get(derived);
      if (group === undefined) groups.set(derived, [i]);
      else group.push(i);
    });
    for (const [derived, indices] of groups) {
      // The walks read distinct points in ascending order (trec_eval sorts its cutoffs, and refuses repeats,
      // before any measure sees them); a caller may ask for `relative_P@10` before `relative_P@5`, or for
      // `unj@5` and `unj.5`: each distinct point is computed once, ascending, and given to every instance.
      const points = [...new Set(indices.map((i) => pick(instances[i]!)))].sort((a, b) => a - b);
      const result = values(derived, points);
      for (const index of indices) out[offset + index] = result[points.indexOf(pick(instances[index]!))]!;
    }
  };

export const cutoff = (params: MeasureParams): number => params.cutoff;
export const point = (params: MeasureParams): number => params.point!;
export const gainsOf = (params: MeasureParams): readonly GainParam[] => params.gains ?? [];
