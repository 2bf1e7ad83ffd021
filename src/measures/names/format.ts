// A parsed measure written back as its canonical rankeval name: the name, the parameters that differ from
// its defaults (in ir_measures' spelling when the name is also ir_measures'), then `@x`.
import type { GainParam } from '../../metrics/judged-ranking.js';
import { irMeasuresDefinition } from './ir-measures.js';
import { PARAMS } from './params.js';
import type { ParsedMeasure } from './parsed.js';

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const formatValue = (value: unknown, python: boolean): string => {
  if (typeof value === 'boolean') return python ? (value ? 'True' : 'False') : String(value);
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'number')) return `[${value.join(',')}]`;
    return `{${(value as GainParam[]).map(({ name, gain }) => `${/^[\w.+-]+$/.test(name) ? name : `'${name}'`}:${gain}`).join(',')}}`;
  }
  return String(value);
};

/**
 * The canonical rankeval name of a parsed measure: its rankeval name, the parameters that differ from its
 * defaults, then `@x`: `{ndcg, 10}` → `ndcg@10`, `{P, 5, rel 2}` → `P(rel=2)@5`, `{map, Infinity}` → `map`,
 * `{ndcg, 10, exponential gain}` → `ndcg(gain=exponential)@10`.
 * `parseMeasure(formatMeasure(m))` gives m back.
 */
export function formatMeasure(measure: ParsedMeasure): string {
  const { definition, params } = measure;
  // A rankeval name that is also an ir_measures name (`P`, `infAP`) is read in ir_measures' grammar: its
  // parameters are written as ir_measures writes them (`P(rel=2,judged_only=True)@5`).
  const python = irMeasuresDefinition(definition.name) === definition;
  // A budget is written as the cutoff it replaces (`recall@budget=2000`).
  const given = PARAMS.filter(({ key }) => key !== 'budget' && params[key] !== undefined && !sameValue(params[key], definition.defaults[key]));
  const list = given
    .map(({ key, name, ir }) => {
      const value = params[key];
      if (!python) return `${name}=${formatValue(value, false)}`;
      return `${ir ?? name}=${key === 'gain' ? (value === 'exponential' ? "'exp-log2'" : "'log2'") : formatValue(value, true)}`;
    })
    .join(',');
  const at =
    params.budget !== undefined ? `@budget=${params.budget}` : definition.at === 'k' ? (measure.cutoff === Infinity ? '' : `@${measure.cutoff}`) : definition.at === 'none' ? '' : `@${params.point}`;
  return `${definition.name}${list === '' ? '' : `(${list})`}${at}`;
}
