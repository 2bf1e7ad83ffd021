// trec_eval's -m arguments read into the measures it prints: `name` or `name.params`, a group (`official`,
// `all_trec`) marking several, and every marked measure bound to its parameters, in trec_eval's order.
import { closest } from '../core/suggest.js';
import type { MeasureParams } from '../measures/context.js';
import { bindParams, trecGroups, trecMeasureError, trecMeasures, type TrecMeasure } from '../measures/trec-table.js';
import type { GainParam } from '../metrics/judged-ranking.js';

/** A selected measure with its parameters and the names of its values. */
export interface BoundMeasure {
  readonly measure: TrecMeasure;
  readonly params: readonly number[] | readonly GainParam[];
  readonly names: readonly string[];
  /** The catalogue parameters of each value. */
  readonly instances: readonly MeasureParams[];
  /** Where its values start in a query's value vector. */
  readonly offset: number;
}

/**
 * Reads -m arguments as trec_eval does: `name` or `name.params`; groups mark several measures. No argument
 * is trec_eval's `official` group; the first parameters given for a measure win.
 * @example selectMeasures(['P.20,5', 'map']).flatMap((bound) => bound.names) // => ['map', 'P_5', 'P_20']
 */
export function selectMeasures(specs: readonly string[], version: 9 | 10 = 9): BoundMeasure[] {
  const GROUPS = trecGroups(version);
  const marked = new Set<string>();
  const paramsOf = new Map<string, string>();
  for (const spec of specs.length === 0 ? ['official'] : specs) {
    const dot = spec.indexOf('.');
    const name = dot === -1 ? spec : spec.slice(0, dot);
    if (dot !== -1) {
      const params = spec.slice(dot + 1);
      if (params === '') throw trecMeasureError(`improper measure parameters in '${spec}'`, spec, spec);
      if (!paramsOf.has(name)) paramsOf.set(name, params); // the first parameters given win, as in trec_eval
    }
    const group = GROUPS[name];
    if (group) group.forEach((member) => marked.add(member));
    else if (trecMeasures.some((measure) => measure.name === name)) marked.add(name);
    else {
      // The measures are too many to list in one line: the nearest name, and where they all are.
      const near = closest(name, [...trecMeasures.map((m) => m.name), ...Object.keys(GROUPS)]);
      throw trecMeasureError(`illegal measure '${spec}'${near === undefined ? '' : `; did you mean '${near}'?`} (every measure and group: rankeval trec --help)`, spec, spec, near === undefined ? undefined : { suggestions: [near] });
    }
  }
  let offset = 0;
  const bound: BoundMeasure[] = [];
  for (const measure of trecMeasures) {
    if (!marked.has(measure.name)) continue;
    const given = paramsOf.get(measure.name);
    const { params, names } = bindParams(measure, given);
    bound.push({ measure, params, names, instances: measure.instances(params), offset });
    offset += names.length;
  }
  return bound;
}
