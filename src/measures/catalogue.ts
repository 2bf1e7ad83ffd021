// The catalogue: every measure rankeval knows, declared once — its rankeval and ir_measures names (trec_eval's
// are in trec-table.ts), its parameters, how it is aggregated over queries, and the function that computes
// it — by family in catalogue/. evaluate/evaluateRun, the CLI's eval/compare/report, the matchers and
// `rankeval trec` all select from this list; the formulas, conventions and worked examples are in the doc
// comments of the functions in src/metrics/ that each entry calls.
import type { MeasureParams } from './context.js';
import type { MeasureDefinition } from './definition.js';
import { cutoffCountMeasures } from './catalogue/cutoff-counts.js';
import { diversityMeasures } from './catalogue/diversity.js';
import { setCountMeasures } from './catalogue/set-counts.js';
import { walkMeasures } from './catalogue/walks.js';

export { valuesOf, type AtKind, type MeasureDefinition, type ParamName, type ValueSet } from './definition.js';
export { ELEVEN_POINTS } from './catalogue/walks.js';

/** In the order the measure table (docs/measures.md) and the suggestions list them. */
const declared = [...cutoffCountMeasures, ...setCountMeasures, ...walkMeasures, ...diversityMeasures];

/** Whether this parameterisation of the measure has a tie-averaged form (see `tieAverage`). */
export function averagesTies(definition: MeasureDefinition, params: MeasureParams): boolean {
  // Where a budget cuts a ranking depends on the order inside a tie group: no tie-averaged form.
  return definition.tieAverage && params.gains === undefined && params.budget === undefined && definition.readsDocuments !== true;
}

/** Whether the measure reads document lengths under these parameters: a token budget, or tokens@k. */
export function readsLengths(definition: MeasureDefinition, params: MeasureParams): boolean {
  return params.budget !== undefined || definition.name === 'tokens';
}

/** Whether the measure reads document ids under these parameters (a budget reads their lengths). */
export function readsDocuments(definition: MeasureDefinition, params: MeasureParams): boolean {
  return definition.readsDocuments === true || params.budget !== undefined;
}

/** Every measure of the catalogue, each entry typed with its literal names (see `Declared`). */
export const measureDefinitions: readonly (typeof declared)[number][] = declared;

/** The catalogue entry with this rankeval name. */
export function definitionNamed(name: string): MeasureDefinition {
  const definition = measureDefinitions.find((candidate) => candidate.name === name);
  if (definition === undefined) throw new Error(`no measure ${name} in the catalogue`);
  return definition;
}
