// trec_eval's grammar: the names `-m` takes (`ndcg_cut.10`, `P.5,10`, `set_F.0.25`, `rbp.p=0.8`) and the
// names it prints (`P_5`, `iprec_at_recall_0.50`), one value or several, found in trec_eval's table
// (trec-table.ts). Its parameters are held to the ranges the other grammars require.
import { RankevalError, reworded } from '../../core/errors.js';
import type { MeasureDefinition } from '../catalogue.js';
import type { MeasureParams } from '../context.js';
import { bindParams, trecGroups, trecMeasures, type TrecMeasure } from '../trec-table.js';
import { irMeasuresDefinition } from './ir-measures.js';
import { invalid, measureScope, type ExpandedMeasure } from './parsed.js';
import { rankevalDefinition } from './rankeval.js';

const byTrecName = new Map<string, TrecMeasure>(trecMeasures.map((measure) => [measure.name, measure]));
/** trec_eval's measures whose value names carry their parameters (`P_5`), longest name first. */
const printedPrefixes = trecMeasures.filter((measure) => measure.params !== 'none').sort((a, b) => b.name.length - a.name.length);
/** trec_eval's groups of measures (`-m official`): not measures. */
const TREC_GROUPS = Object.keys(trecGroups(10));

/** A bare name rankeval or ir_measures reads as one value (so `P` is P of the whole ranking, not trec_eval's nine cutoffs). */
const singleReading = (word: string): boolean => {
  const definition = irMeasuresDefinition(word) ?? rankevalDefinition(word);
  return definition !== undefined && (definition.at === 'k' || definition.at === 'none');
};

/** trec_eval's `name`, `name.params` and printed `name_params` (`P_5`, `iprec_at_recall_0.50`): one value or several. */
export function readTrecEval(name: string): ExpandedMeasure[] | undefined {
  if (/[(@\s]/.test(name)) return undefined; // trec_eval's names have no `(…)`, `@` or blanks: they are rankeval's
  const dot = name.indexOf('.');
  let word = dot === -1 ? name : name.slice(0, dot);
  let given = dot === -1 ? undefined : name.slice(dot + 1);
  let measure = byTrecName.get(word);
  if (measure === undefined) {
    measure = printedPrefixes.find((candidate) => {
      const rest = name.slice(candidate.name.length + 1);
      if (!name.startsWith(`${candidate.name}_`) || rest === '') return false;
      const printed = { 'long-cutoffs': /^\d+$/, 'double-cutoffs': /^[\d.]+$/, doubles: /^[-+\d.,eE]+$/, pairs: /^[^,=]+=[^,=]*(?:,[^,=]+=[^,=]*)*$/, none: /^$/ };
      return printed[candidate.params].test(rest);
    });
    if (measure === undefined) {
      if (TREC_GROUPS.includes(word) && given === undefined && !singleReading(word)) {
        invalid(name, `\`${word}\` is a group of trec_eval measures (\`rankeval trec -m ${word}\`), not a measure: name its measures`, 'a measure name', 'unknown_measure');
      }
      return undefined;
    }
    word = measure.name;
    given = name.slice(word.length + 1);
  } else if (given === undefined && singleReading(word)) return undefined;
  if (measure.reads === 'prefs') {
    return invalid(name, `trec_eval's \`${measure.name}\` scores a ranking against preference judgments, not qrels: \`evaluatePreferences\` gives it (\`rankeval trec -R prefs -m ${measure.name}\` prints it)`, 'a measure name', 'unknown_measure');
  }
  if (measure.definition === null) {
    return invalid(name, `trec_eval's \`${measure.name}\` is not a score of a ranking (\`rankeval trec -m ${measure.name}\` prints it)`, 'a measure name', 'unknown_measure');
  }
  if (given === '') invalid(name, 'expected parameters after `.`', 'parameters such as P.5,10', 'unknown_measure');
  let bound: ReturnType<typeof bindParams>;
  try {
    bound = bindParams(measure, given);
  } catch (error) {
    throw error instanceof RankevalError ? reworded(error, { within: [measureScope(name), ...error.within], received: name }) : error;
  }
  const definition = measure.definition;
  const instances = measure.instances(bound.params);
  checkTrecParameters(name, measure.params, definition.at, given, instances);
  return instances.map((params, i) => ({
    key: instances.length === 1 ? name : bound.names[i]!,
    measure: { definition, cutoff: params.cutoff, params: { ...definition.defaults, ...params } },
  }));
}

const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * trec_eval reads its parameters with atof and atol, so `set_F.abc` is β = 0 and `rbp.p=1.5` a persistence
 * above 1; `rankeval trec` must read them so, but a library name means what it says: every parameter is a
 * number in the range the other grammars require, or an error naming it.
 */
function checkTrecParameters(name: string, kind: string, at: MeasureDefinition['at'], given: string | undefined, instances: readonly MeasureParams[]): void {
  if (given !== undefined && kind !== 'long-cutoffs') {
    for (const part of given.split(',')) {
      const [level, value] = kind === 'pairs' ? (part.split('=') as [string, string]) : ['0', part];
      if (!/^\d+$/.test(level) && level !== 'p') invalid(name, `expected a grade (a whole number) or \`p\` before \`=\`, got \`${level}\``, 'grade=gain pairs such as 1=1,2=3', 'invalid_option');
      if (!DECIMAL.test(value)) invalid(name, `expected a decimal number, got \`${value}\``, 'a decimal number', 'invalid_option');
    }
  }
  for (const params of instances) {
    const p = params.gains?.find((pair) => pair.name === 'p')?.gain;
    if (p !== undefined && !(p > 0 && p < 1)) invalid(name, `expected the persistence p to be between 0 and 1 (excluded), got ${p}`, 'a number between 0 and 1', 'invalid_option');
    if (params.beta !== undefined && !(params.beta >= 0)) invalid(name, `expected β to be a number ≥ 0, got ${params.beta}`, 'a number ≥ 0', 'invalid_option');
    if (params.points?.some((x) => !(x >= 0 && x <= 1))) invalid(name, 'expected recall levels in [0, 1]', 'recall levels in [0, 1]', 'invalid_option');
    if (params.point !== undefined) {
      const recall = at === 'recall';
      if (recall ? !(params.point >= 0 && params.point <= 1) : !(params.point > 0)) {
        invalid(name, `expected ${recall ? 'a recall level in [0, 1]' : 'a multiple of R above 0'}, got ${params.point}`, recall ? 'a recall level in [0, 1]' : 'a multiple of R above 0', 'invalid_cutoff');
      }
    }
  }
}
