// The parameters a measure name can give — each with its rankeval and ir_measures names, what it takes and
// how a raw value reads — and the reading of a name's `(…)` and `@x` into a catalogue entry's parameters,
// defaults filled in. Shared by rankeval's and ir_measures' grammars.
import type { Gain } from '../../core/types.js';
import type { GainParam } from '../../metrics/judged-ranking.js';
import { measureDefinitions, type MeasureDefinition, type ParamName } from '../catalogue.js';
import type { MeasureParams } from '../context.js';
import { readArguments, type Raw } from './arguments.js';
import { fold, invalid, type Grammar, type ParsedMeasure } from './parsed.js';

/** The measures a token budget can cut, for messages. */
const BUDGET_MEASURES = measureDefinitions
  .filter((definition) => (definition.params as readonly string[]).includes('budget'))
  .map((definition) => definition.name)
  .join(', ');

/** One parameter a name can give. */
export interface ParamSpec {
  readonly key: ParamName;
  /** rankeval's name for it (matched ignoring case, `-`, `_`; `judgedOnly` is also read). */
  readonly name: string;
  /** ir_measures' name for it (matched exactly in its grammar, ignoring case etc. in rankeval's). */
  readonly ir?: string;
  readonly expected: string;
  read(raw: Raw, grammar: Grammar): MeasureParams[ParamName] | undefined;
}

const numberOf = (raw: Raw): number | undefined => (raw.kind === 'number' ? raw.value : undefined);
const inRange = (test: (x: number) => boolean) => (raw: Raw) => {
  const x = numberOf(raw);
  return x !== undefined && test(x) ? x : undefined;
};
const listOf = (raw: Raw, test: (x: number) => boolean): number[] | undefined => {
  if (raw.kind !== 'list') return undefined;
  const items = raw.items.map(numberOf);
  return items.length > 0 && items.every((x): x is number => x !== undefined && test(x)) ? items : undefined;
};
/** ir_measures' `dcg` choices and rankeval's gain names. */
const GAIN_WORDS: Readonly<Record<string, Gain>> = { linear: 'linear', exponential: 'exponential', log2: 'linear', 'exp-log2': 'exponential' };

/** Every parameter a name can give, in the order formatMeasure writes them. */
export const PARAMS: readonly ParamSpec[] = [
  { key: 'rel', name: 'rel', ir: 'rel', expected: 'a finite number', read: inRange(Number.isFinite) },
  {
    key: 'judgedOnly',
    name: 'judged_only',
    ir: 'judged_only',
    expected: 'true or false',
    read: (raw, grammar) => {
      if (raw.kind !== 'word') return undefined;
      const word = grammar === 'ir_measures' ? raw.value : raw.value.toLowerCase();
      return word === 'True' || word === 'true' ? true : word === 'False' || word === 'false' ? false : undefined;
    },
  },
  {
    key: 'gain',
    name: 'gain',
    ir: 'dcg',
    expected: "'log2' (linear: the grade) or 'exp-log2' (exponential: 2^grade − 1)",
    read: (raw, grammar) => (raw.kind === 'string' || (raw.kind === 'word' && grammar === 'rankeval') ? GAIN_WORDS[raw.value] : undefined),
  },
  {
    key: 'gains',
    name: 'gains',
    ir: 'gains',
    expected: 'a table of grade: gain, such as {0:0,1:1,2:3}',
    read: (raw) => {
      if (raw.kind !== 'dict' || raw.entries.length === 0) return undefined;
      const gains: GainParam[] = [];
      for (const [name, value] of raw.entries) {
        const gain = numberOf(value);
        if (gain === undefined || !Number.isFinite(gain)) return undefined;
        // A level is named as trec_eval names it (`p` is rbp's persistence); its grade is the name read as a number, else 0.
        if (!/^\d+$/.test(name) && name !== 'p') return undefined;
        gains.push({ name, level: name === 'p' ? 0 : Number(name), gain });
      }
      return gains;
    },
  },
  { key: 'p', name: 'p', ir: 'p', expected: 'a number between 0 and 1 (excluded)', read: inRange((x) => x > 0 && x < 1) },
  { key: 'beta', name: 'beta', ir: 'beta', expected: 'a number ≥ 0', read: inRange((x) => x >= 0 && Number.isFinite(x)) },
  { key: 'maxGrade', name: 'max_grade', ir: 'max_rel', expected: 'a positive integer', read: inRange((x) => Number.isSafeInteger(x) && x > 0) },
  { key: 'desiredGain', name: 'desired_gain', ir: 'T', expected: 'a number above 0', read: inRange((x) => x > 0 && Number.isFinite(x)) },
  { key: 'budget', name: 'budget', ir: 'budget', expected: 'a number of tokens ≥ 0', read: inRange((x) => x >= 0 && Number.isFinite(x)) },
  { key: 'alpha', name: 'alpha', ir: 'alpha', expected: 'a number in [0, 1]', read: inRange((x) => x >= 0 && x <= 1) },
  { key: 'points', name: 'points', expected: 'a list of recall levels in [0, 1], such as [0,0.5,1]', read: (raw) => listOf(raw, (x) => x >= 0 && x <= 1) },
  { key: 'coefficients', name: 'coefficients', expected: 'a list of four numbers, such as [1,-1,0,0]', read: (raw) => {
    const list = listOf(raw, Number.isFinite);
    return list?.length === 4 ? list : undefined;
  } },
];

/** The keyword ir_measures also accepts in place of `@x` (`P(cutoff=5)`, `IPrec(recall=0.5)`). */
const AT_KEYWORD: Readonly<Record<MeasureDefinition['at'], string | undefined>> = { k: 'cutoff', recall: 'recall', multiple: undefined, none: undefined };

/**
 * The measure `definition` with the parameters of `(argumentText)` and `@atText`, defaults filled in (ir_measures'
 * where they differ, in its grammar): a parameter it does not take, a value out of range, a required one
 * missing or parameters that do not go together are refused, naming `written`.
 */
export function readParameters(written: string, definition: MeasureDefinition, argumentText: string | undefined, atText: string | undefined, grammar: Grammar): ParsedMeasure {
  const given: Record<string, unknown> = {};
  for (const [key, raw] of argumentText === undefined ? [] : readArguments(argumentText, written, grammar)) {
    if (key === AT_KEYWORD[definition.at] && atText === undefined && raw.kind === 'number') {
      atText = raw.text;
      continue;
    }
    const spec = PARAMS.find((candidate) =>
      grammar === 'ir_measures' ? candidate.ir === key : [candidate.name, candidate.key, candidate.ir].some((known) => known !== undefined && fold(known) === fold(key)),
    );
    const takes = definition.params.map((param) => (grammar === 'ir_measures' ? PARAMS.find((p) => p.key === param)?.ir : PARAMS.find((p) => p.key === param)?.name)).filter(Boolean);
    if (spec === undefined || !definition.params.includes(spec.key)) {
      invalid(written, `${definition.name} takes no parameter \`${key}\` (${takes.length === 0 ? 'it takes none' : `it takes ${takes.join(', ')}`})`, takes.join(', '));
    }
    const value = spec!.read(raw, grammar);
    if (value === undefined) invalid(written, `expected \`${key}\` to be ${spec!.expected}`, spec!.expected);
    given[spec!.key] = value;
  }
  const base = { ...definition.defaults, ...(grammar === 'ir_measures' ? definition.irDefaults : undefined), ...given };
  for (const key of definition.required ?? []) {
    if (base[key] !== undefined) continue;
    const spec = PARAMS.find((candidate) => candidate.key === key)!;
    const param = grammar === 'ir_measures' ? (spec.ir ?? spec.name) : spec.name;
    const shown = grammar === 'ir_measures' ? (definition.irMeasures[0] ?? definition.name) : definition.name;
    invalid(written, `${shown} needs \`${param}\` (${spec.expected}), e.g. \`${shown}(${param}=3)\``, `${param}=…`);
  }
  const parsed = parsedAt(written, definition, base, atText, given.budget !== undefined);
  const refused = definition.refuse?.(parsed.params);
  if (refused !== undefined) invalid(written, refused, 'parameters that go together');
  return parsed;
}

/** The measure with its `@x` read (a cutoff, a budget, a recall level or a multiple of R). */
function parsedAt(written: string, definition: MeasureDefinition, base: Omit<MeasureParams, 'cutoff'>, atText: string | undefined, budgetGiven: boolean): ParsedMeasure {
  switch (definition.at) {
    case 'none':
      if (atText !== undefined && /^budget\s*=/.test(atText)) invalid(written, `${definition.name} takes no token budget (\`@budget=N\` is for ${BUDGET_MEASURES})`, 'no @', 'invalid_cutoff');
      if (atText !== undefined) invalid(written, `${definition.name} has no cutoff: write it without \`@\``, 'no @', 'invalid_cutoff');
      return { definition, cutoff: Infinity, params: { ...base, cutoff: Infinity } };
    case 'k': {
      if (atText === undefined) return { definition, cutoff: Infinity, params: { ...base, cutoff: Infinity } };
      const budget = /^budget\s*=\s*(.*)$/.exec(atText);
      if (budget !== null) {
        if (budgetGiven) invalid(written, `a token budget is given twice: write \`${definition.name}@budget=N\``, 'one token budget', 'invalid_cutoff');
        // With an exponent, as a number formats (`@budget=1e-7`), so that every budget written back reads again.
        const tokens = /^(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(budget[1]!) ? Number(budget[1]) : NaN;
        if (!definition.params.includes('budget')) invalid(written, `${definition.name} takes no token budget (\`@budget=N\` is for ${BUDGET_MEASURES})`, 'a positive integer', 'invalid_cutoff');
        if (!Number.isFinite(tokens)) invalid(written, `expected a number of tokens after \`@budget=\`, got \`${budget[1]}\``, 'a number of tokens ≥ 0', 'invalid_cutoff');
        return { definition, cutoff: Infinity, params: { ...base, cutoff: Infinity, budget: tokens } };
      }
      if (!/^[1-9][0-9]*$/.test(atText) || !Number.isSafeInteger(Number(atText))) {
        invalid(written, `expected the cutoff after \`@\` to be a positive integer, got \`${atText}\``, 'a positive integer', 'invalid_cutoff');
      }
      // A budget takes the place of the cutoff (the window is the ranking); both would be written as one.
      if (budgetGiven) {
        invalid(written, `a token budget takes the place of the cutoff: write \`${definition.name}@budget=${String(base.budget)}\` or \`${definition.name}@${atText}\`, not both`, 'a cutoff or a token budget', 'invalid_cutoff');
      }
      const cutoff = Number(atText);
      return { definition, cutoff, params: { ...base, cutoff } };
    }
    default: {
      const what = definition.at === 'recall' ? 'a recall level in [0, 1]' : 'a multiple of R above 0';
      const point = atText !== undefined && /^(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(atText) ? Number(atText) : NaN;
      const fits = definition.at === 'recall' ? point >= 0 && point <= 1 : point > 0 && Number.isFinite(point);
      if (!fits) invalid(written, `expected ${what} after \`@\` (\`${definition.name}@${definition.at === 'recall' ? '0.5' : '2'}\`), got \`${atText ?? ''}\``, what, 'invalid_cutoff');
      return { definition, cutoff: Infinity, params: { ...base, cutoff: Infinity, point } };
    }
  }
}
