// ir_measures' grammar: `Name(key=value, …)@x` with the name matched exactly, case included, as its
// registry matches it (`nDCG(dcg='exp-log2')@10`, `P(rel=2)@5`, `RBP(p=0.8)`), and Python literals as values.
import { measureDefinitions, type MeasureDefinition } from '../catalogue.js';
import { readParameters } from './params.js';
import type { ParsedMeasure } from './parsed.js';

const byIrName = new Map<string, MeasureDefinition>();
for (const definition of measureDefinitions) for (const name of definition.irMeasures) byIrName.set(name, definition);

/** The catalogue entry ir_measures calls `name` (exactly), if any. */
export const irMeasuresDefinition = (name: string): MeasureDefinition | undefined => byIrName.get(name);

/** ir_measures' `Name(key=value, …)@x`; undefined when the name is not one of ir_measures' names. */
export function readIrMeasures(name: string): ParsedMeasure | undefined {
  const match = /^([A-Za-z_]\w*)\s*(?:\(([^]*)\))?\s*(?:@\s*([^@]*?))?\s*$/.exec(name);
  const definition = match === null ? undefined : byIrName.get(match[1]!);
  return definition === undefined ? undefined : readParameters(name, definition, match![2], match![3], 'ir_measures');
}
