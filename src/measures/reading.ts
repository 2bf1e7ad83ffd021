// How to read a measure's values: which way is better (the catalogue's `better`), whether they stay in
// [0, 1] (its `bounded`) and their range (its `values`). The one place the regression gate, compare's wins and losses and the report ask,
// through the registry's names, so that `miss@5`, `miss_rate@5`, `fall_out@10` and a trec_eval key such as
// `unj_5` all answer from their catalogue entry.
import { valuesOf, type MeasureDefinition } from './catalogue.js';
import { expandMeasure } from './registry.js';
import { isRankevalError } from '../core/errors.js';

const definitions = new Map<string, MeasureDefinition>();

/** The catalogue entry of a measure name or result key (every key a name expands to names the same entry). */
function definitionOf(measure: string): MeasureDefinition {
  let definition = definitions.get(measure);
  if (definition === undefined) {
    definition = expandMeasure(measure)[0]!.measure.definition;
    definitions.set(measure, definition);
  }
  return definition;
}

/**
 * Whether a larger value of the measure is the better ranking: true for ndcg@10, recall@20, P_5, …; false
 * for the measures the catalogue declares `better: 'lower'` (miss@k, tokens@k, fall_out@k, unj@k,
 * rbp_resid). `measure` is a name as evaluateRun takes it or a key of its results (`P_5` from `P.5,10`).
 *
 * @throws {RankevalError} as `expandMeasure`, for a name that is no measure
 * @example higherIsBetter('ndcg@10') // => true
 * @example higherIsBetter('miss@5')  // => false
 */
export function higherIsBetter(measure: string): boolean {
  return definitionOf(measure).better !== 'lower';
}

/**
 * As `higherIsBetter`, for the names of a comparison: a name no measure has is a score the caller computed
 * (compareScores: `strict_vital_score`, a team's own metric), read as higher is better. The one place
 * wins, losses and the direction a comparison is shown in are read from.
 */
export function higherIsBetterScore(name: string): boolean {
  return !isMeasureName(name) || higherIsBetter(name);
}

/** As `isBounded`, for the names of a comparison: a score of the caller's own is not (a chart takes its range from the data). */
export function isBoundedScore(name: string): boolean {
  return isMeasureName(name) && isBounded(name);
}

/** As `valueRange`, for the names of a comparison: a score of the caller's own has no bound (±Number.MAX_VALUE). */
export function valueRangeOfScore(name: string): { readonly min: number; readonly max: number } {
  return isMeasureName(name) ? valueRange(name) : { min: -Number.MAX_VALUE, max: Number.MAX_VALUE };
}

/** Whether the registry reads `name` as a measure (or a key of its results). */
function isMeasureName(name: string): boolean {
  if (definitions.has(name)) return true;
  try {
    definitionOf(name);
    return true;
  } catch (error) {
    if (isRankevalError(error)) return false;
    throw error;
  }
}

/**
 * A difference (candidate − baseline) turned so that positive is better: the difference itself when
 * higher is better, its negation when lower is (`higherIsBetterScore`). `towardsBetter('miss@5', -0.25)`
 * is 0.25, an improvement.
 */
export function towardsBetter(measure: string, difference: number): number {
  return higherIsBetterScore(measure) ? difference : -difference;
}

/**
 * Whether every value of the measure is in [0, 1] (the catalogue's `bounded`): false for dcg, idcg,
 * tokens@k, utility, alpha_ndcg, the counts. A chart of an unbounded measure takes its range from the data.
 *
 * @throws {RankevalError} as `expandMeasure`, for a name that is no measure
 */
export function isBounded(measure: string): boolean {
  return definitionOf(measure).bounded;
}

/**
 * The closed range of the measure's values, as the catalogue's `values` gives it for the name's parameters:
 * [0, 1] for ndcg@10 and mrr@10, [0, Number.MAX_VALUE] for dcg@5 and tokens@3, ±Number.MAX_VALUE for
 * utility (no bound holds). A chart clips to it what a formula can put past it, a t interval's ends.
 *
 * @throws {RankevalError} as `expandMeasure`, for a name that is no measure
 * @example valueRange('mrr@10') // => { min: 0, max: 1 }
 */
export function valueRange(measure: string): { readonly min: number; readonly max: number } {
  const { definition, params } = expandMeasure(measure)[0]!.measure;
  const { min, max } = valuesOf(definition, params);
  return { min, max };
}
