// rankeval's grammar: `name(key=value, …)@x` with the name or an alias matched ignoring case, `-` and `_`
// (`ndcg@10`, `P@5`, `R-prec`, `p(rel=2)@5`, `ndcg(gain=exponential)@10`), and bare words as values.
import { measureDefinitions, type MeasureDefinition } from '../catalogue.js';
import { readParameters } from './params.js';
import { fold, type ParsedMeasure } from './parsed.js';

const byFoldedName = new Map<string, MeasureDefinition>();
for (const definition of measureDefinitions) for (const name of [definition.name, ...definition.aliases]) byFoldedName.set(fold(name), definition);

/** The catalogue entry rankeval calls `name` (or an alias of it, ignoring case, `-` and `_`), if any. */
export const rankevalDefinition = (name: string): MeasureDefinition | undefined => byFoldedName.get(fold(name));

/** rankeval's `name(key=value, …)@x`; undefined when the name is none of rankeval's names. */
export function readRankeval(name: string): ParsedMeasure | undefined {
  const match = /^\s*([^()@]*?)\s*(?:\(([^]*)\))?\s*(?:@\s*([^@]*?))?\s*$/.exec(name);
  const definition = match === null ? undefined : byFoldedName.get(fold(match[1]!));
  return definition === undefined ? undefined : readParameters(name, definition, match![2], match![3], 'rankeval');
}
