import { RankevalError } from '../errors.js';
import { measureDefinitions, type MeasureDefinition } from './catalogue.js';
import type { MeasureParams } from './context.js';

export { measureDefinitions, type MeasureDefinition };

const fold = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

const byFoldedName = new Map<string, MeasureDefinition>();
for (const definition of measureDefinitions) {
  for (const name of [definition.name, ...definition.aliases]) byFoldedName.set(fold(name), definition);
}

/** A measure name read: `ndcg@10` → the ndcg definition at cutoff 10. */
export interface ParsedMeasure {
  readonly definition: MeasureDefinition;
  /** A positive integer, or Infinity when the name has no `@k`. */
  readonly cutoff: number;
  /** Everything the measure's computation takes, the cutoff included. */
  readonly params: MeasureParams;
}

const knownForms = (): string => measureDefinitions.map((definition) => `${definition.name}[@k]`).join(', ');

/**
 * Reads a measure name as people write it: `ndcg@10`, `P@5`, `recall@20`, `mrr@10`, `map`, `R-prec`.
 * Case, `-` and `_` are ignored in the name; a name without `@k` means no cutoff.
 *
 * @throws {RankevalError} `unknown_measure` for a name that is not a measure, `invalid_cutoff` for a bad `@k`
 */
export function parseMeasure(name: string): ParsedMeasure {
  if (typeof name !== 'string') {
    throw new RankevalError('unknown_measure', `parseMeasure: expected a measure name (string), got ${typeof name}`, 'a string', name);
  }
  const at = name.lastIndexOf('@');
  const base = at === -1 ? name : name.slice(0, at);
  const definition = byFoldedName.get(fold(base.trim()));
  if (definition === undefined) {
    throw new RankevalError('unknown_measure', `unknown measure \`${name}\` (known: ${knownForms()}; k a positive integer)`, knownForms(), name);
  }
  if (at === -1) return { definition, cutoff: Infinity, params: { ...definition.defaults, cutoff: Infinity } };
  const cutoffText = name.slice(at + 1);
  if (!/^[1-9][0-9]*$/.test(cutoffText) || !Number.isSafeInteger(Number(cutoffText))) {
    throw new RankevalError(
      'invalid_cutoff',
      `measure \`${name}\`: expected the cutoff after \`@\` to be a positive integer, got \`${cutoffText}\``,
      'a positive integer',
      name,
    );
  }
  const cutoff = Number(cutoffText);
  return { definition, cutoff, params: { ...definition.defaults, cutoff } };
}

/** The canonical name of a parsed measure: `{ndcg, 10}` → `ndcg@10`, `{map, Infinity}` → `map`. */
export function formatMeasure(measure: ParsedMeasure): string {
  return measure.cutoff === Infinity ? measure.definition.name : `${measure.definition.name}@${measure.cutoff}`;
}
