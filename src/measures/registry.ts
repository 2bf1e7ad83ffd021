// Measure names in three grammars — rankeval's (`ndcg@10`), ir_measures' (`nDCG(dcg='exp-log2')@10`) and
// trec_eval's (`ndcg_cut.10`, `P.5,10`) — read into catalogue entries with their parameters, and written
// back in rankeval's canonical spelling. Every name, alias, parameter and default comes from the catalogue
// (catalogue.ts) and trec_eval's table (trec-table.ts): this module knows the syntax, not the measures.
import { RankevalError, reworded, subjectWords, type ErrorScope, type ErrorSubject } from '../core/errors.js';
import type { GainParam } from '../metrics/judged-ranking.js';
import { editDistance } from '../core/suggest.js';
import type { Gain } from '../core/types.js';
import { measureDefinitions, type MeasureDefinition, type ParamName } from './catalogue.js';
import type { MeasureParams } from './context.js';
import { bindParams, trecGroups, trecMeasures, type TrecMeasure } from './trec-table.js';

export { measureDefinitions, type MeasureDefinition };

/** A measure name read: `ndcg@10` → the ndcg definition at cutoff 10; `P(rel=2)@5` → P at 5 with rel 2. */
export interface ParsedMeasure {
  readonly definition: MeasureDefinition;
  /** A positive integer, or Infinity when the name has no `@k` (and for recall levels and multiples of R). */
  readonly cutoff: number;
  /** Everything the measure's computation takes, the cutoff included, defaults filled in. */
  readonly params: MeasureParams;
}

/** One value a name denotes, under the key results carry it by. */
export interface ExpandedMeasure {
  readonly key: string;
  readonly measure: ParsedMeasure;
}

// ------------------------------------------------------------------------------------------ the names

const fold = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

const byFoldedName = new Map<string, MeasureDefinition>();
const byIrName = new Map<string, MeasureDefinition>();
/** The measures a token budget can cut, for messages. */
const BUDGET_MEASURES = measureDefinitions
  .filter((definition) => (definition.params as readonly string[]).includes('budget'))
  .map((definition) => definition.name)
  .join(', ');
for (const definition of measureDefinitions) {
  for (const name of [definition.name, ...definition.aliases]) byFoldedName.set(fold(name), definition);
  for (const name of definition.irMeasures) byIrName.set(name, definition);
}
const byTrecName = new Map<string, TrecMeasure>(trecMeasures.map((measure) => [measure.name, measure]));
/** trec_eval's measures whose value names carry their parameters (`P_5`), longest name first. */
const printedPrefixes = trecMeasures.filter((measure) => measure.params !== 'none').sort((a, b) => b.name.length - a.name.length);
/** trec_eval's groups of measures (`-m official`): not measures. */
const TREC_GROUPS = Object.keys(trecGroups(10));

// ---------------------------------------------------------------------------------- the parameters

type Raw =
  | { readonly kind: 'number'; readonly value: number; readonly text: string }
  | { readonly kind: 'word'; readonly value: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'dict'; readonly entries: readonly (readonly [string, Raw])[] }
  | { readonly kind: 'list'; readonly items: readonly Raw[] };

type Grammar = 'rankeval' | 'ir_measures';

interface ParamSpec {
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
const PARAMS: readonly ParamSpec[] = [
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

/** The scope of an error in the measure named `name`: ``measure `P.x`: …``. */
function measureScope(name: string): ErrorScope {
  const measure: ErrorSubject = { kind: 'measure', measure: name };
  return { subject: measure, words: subjectWords(measure) };
}

const invalid = (name: string, message: string, expected: string, code: 'invalid_option' | 'invalid_cutoff' | 'unknown_measure' = 'invalid_option'): never => {
  throw new RankevalError({ code, within: [measureScope(name)], problem: message, expected, received: name });
};

/** Reads `key=value, …` as ir_measures reads a call's keywords (Python literals), or as rankeval reads them (words too). */
function readArguments(text: string, name: string, grammar: Grammar): [string, Raw][] {
  let i = 0;
  const skip = (): void => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const bad = (what: string): never =>
    invalid(name, `cannot read the parameters \`(${text})\`: ${what} at character ${i + 1}`, "parameters written as name=value, such as (rel=2) or (dcg='exp-log2')");
  const value = (): Raw => {
    skip();
    const rest = text.slice(i);
    const number = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(rest);
    if (number) {
      i += number[0].length;
      return { kind: 'number', value: Number(number[0]), text: number[0] };
    }
    const quote = text[i];
    if (quote === "'" || quote === '"') {
      const end = text.indexOf(quote, i + 1);
      if (end === -1) bad('an unclosed string');
      const string = text.slice(i + 1, end);
      i = end + 1;
      return { kind: 'string', value: string };
    }
    if (quote === '{' || quote === '[') {
      const close = quote === '{' ? '}' : ']';
      i++;
      const entries: [string, Raw][] = [];
      const items: Raw[] = [];
      skip();
      while (text[i] !== close) {
        if (quote === '{') {
          const key = value();
          skip();
          if (text[i] !== ':') bad('expected `:`');
          i++;
          entries.push([key.kind === 'number' ? key.text : key.kind === 'word' || key.kind === 'string' ? key.value : bad('a key that is not a grade'), value()]);
        } else items.push(value());
        skip();
        if (text[i] === ',') i++;
        else if (text[i] !== close) bad(`expected \`,\` or \`${close}\``);
        skip();
      }
      i++;
      return quote === '{' ? { kind: 'dict', entries } : { kind: 'list', items };
    }
    // ir_measures' values are Python literals: True, False and quoted strings; rankeval also reads bare words.
    const word = (grammar === 'ir_measures' ? /^(?:True|False)\b/ : /^[A-Za-z_][\w.-]*/).exec(rest);
    if (!word) return bad(grammar === 'ir_measures' ? 'a value that is not a Python literal (quote strings)' : 'a missing value');
    i += word[0].length;
    return { kind: 'word', value: word[0] };
  };
  const pairs: [string, Raw][] = [];
  skip();
  while (i < text.length) {
    const key = /^[A-Za-z_]\w*/.exec(text.slice(i));
    if (!key) bad('expected a parameter name');
    i += key![0].length;
    skip();
    if (text[i] !== '=') bad('expected `=`');
    i++;
    pairs.push([key![0], value()]);
    skip();
    if (text[i] === ',') i++;
    else if (i < text.length) bad('expected `,`');
    skip();
  }
  return pairs;
}

/** The definition's parameters from `(…)` and `@x`, defaults filled in. */
function build(written: string, definition: MeasureDefinition, argumentText: string | undefined, atText: string | undefined, grammar: Grammar): ParsedMeasure {
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

// ------------------------------------------------------------------------------------- the grammars

/** ir_measures' `Name(key=value, …)@x`, the name matched exactly (as its registry does). */
function readIrMeasures(name: string): ParsedMeasure | undefined {
  const match = /^([A-Za-z_]\w*)\s*(?:\(([^]*)\))?\s*(?:@\s*([^@]*?))?\s*$/.exec(name);
  const definition = match === null ? undefined : byIrName.get(match[1]!);
  return definition === undefined ? undefined : build(name, definition, match![2], match![3], 'ir_measures');
}

/** rankeval's `name(key=value, …)@x`, the name matched ignoring case, `-` and `_`. */
function readRankeval(name: string): ParsedMeasure | undefined {
  const match = /^\s*([^()@]*?)\s*(?:\(([^]*)\))?\s*(?:@\s*([^@]*?))?\s*$/.exec(name);
  const definition = match === null ? undefined : byFoldedName.get(fold(match[1]!));
  return definition === undefined ? undefined : build(name, definition, match![2], match![3], 'rankeval');
}

/** A bare name rankeval or ir_measures reads as one value (so `P` is P of the whole ranking, not trec_eval's nine cutoffs). */
const singleReading = (word: string): boolean => {
  const definition = byIrName.get(word) ?? byFoldedName.get(fold(word));
  return definition !== undefined && (definition.at === 'k' || definition.at === 'none');
};

/** trec_eval's `name`, `name.params` and printed `name_params` (`P_5`, `iprec_at_recall_0.50`): one value or several. */
function readTrecEval(name: string): ExpandedMeasure[] | undefined {
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

/**
 * Reads a measure name, in any of three grammars, into the values it denotes and the keys results carry
 * them by:
 *
 * 1. ir_measures' names, matched exactly, case included, and tried first: `nDCG@10`, `P(rel=2)@5`,
 *    `AP(rel=2)`, `nDCG(dcg='exp-log2')@10`, `nDCG(gains={0:0,1:1,2:3})@10`, `RBP(p=0.8)`, `IPrec@0.5`,
 *    `NumRet(rel=1)`, `SetF(beta=0.5)` (parameter values are Python literals; `dcg='log2'` is the linear gain,
 *    `'exp-log2'` 2^grade − 1; ir_measures' defaults apply where they differ, `RBP`'s p = 0.8).
 * 2. trec_eval's names, exactly as `-m` takes them, so a trec_eval script's line pastes as is:
 *    `ndcg_cut.10`, `P.5,10`, `recip_rank`, `set_F.0.25`, `iprec_at_recall.0.5`, `rbp.p=0.8`, and the names it
 *    prints (`P_5`, `ndcg_cut_10`, `iprec_at_recall_0.50`).
 * 3. rankeval's names, ignoring case, `-` and `_`: `ndcg@10`, `P@5`, `mrr@10`, `R-prec`, `success@1`, with
 *    parameters written the same way (`p(rel=2)@5`, `ndcg(gain=exponential)@10`, `ap(judged_only=true)`).
 *
 * So `Judged@10` is ir_measures' Judged and `judged@10` rankeval's. A bare name that trec_eval reads as
 * several cutoffs but rankeval or ir_measures as one measure (`P`, `recall`, `success`) is the one measure,
 * of the whole ranking; `ndcg_cut` and `map_cut` (trec_eval only) are its nine default cutoffs.
 *
 * A name that denotes one value is keyed as written; several values are keyed as trec_eval prints them
 * (`P.5,10` → `P_5`, `P_10`). trec_eval's `runid`, `num_q`, `relstring` and its groups (`official`,
 * `all_trec`) are not scores of a ranking and are refused.
 *
 * @throws {RankevalError} `unknown_measure` for an unknown name (with the closest known names), `invalid_cutoff`
 *   for a bad `@x`, `invalid_option` for a parameter the measure does not take or a bad value
 */
export function expandMeasure(name: string): ExpandedMeasure[] {
  if (typeof name !== 'string') {
    throw new RankevalError({
      code: 'unknown_measure',
      fn: 'parseMeasure',
      problem: `expected a measure name (string), got ${typeof name}`,
      expected: 'a string',
      received: name,
    });
  }
  const ir = readIrMeasures(name);
  if (ir !== undefined) return [{ key: name, measure: ir }];
  const trec = readTrecEval(name);
  if (trec !== undefined) return trec;
  const rankeval = readRankeval(name);
  if (rankeval !== undefined) return [{ key: name, measure: rankeval }];
  throw unknownMeasure(name);
}

/**
 * Reads a measure name that denotes one value (see `expandMeasure` for the three grammars): `ndcg@10`,
 * `nDCG(dcg='exp-log2')@10`, `ndcg_cut.10`. A name of several values (`P.5,10`) is refused here.
 *
 * @throws {RankevalError} as `expandMeasure`, and `unknown_measure` for a name of several values
 */
export function parseMeasure(name: string): ParsedMeasure {
  const values = expandMeasure(name);
  if (values.length !== 1) {
    const keys = values.map((value) => value.key);
    invalid(name, `names ${keys.length} values (${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ', …' : ''}): name one`, 'a name of one value', 'unknown_measure');
  }
  return values[0]!.measure;
}

// ------------------------------------------------------------------------------------------ writing

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
  const python = byIrName.get(definition.name) === definition;
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

// ------------------------------------------------------------------------------------ unknown names

/** The definition's name in each grammar, with the cutoff the caller wrote where it takes one. */
function spellings(definition: MeasureDefinition, at: string | undefined): string {
  const suffix = at === undefined || definition.at === 'none' ? '' : `@${at}`;
  const trec =
    trecMeasures.find((measure) => measure.definition === definition && (at === undefined) === (measure.params === 'none' || measure.params === 'pairs')) ??
    trecMeasures.find((measure) => measure.definition === definition);
  const parts = [`rankeval \`${definition.name}${suffix}\``];
  if (definition.irMeasures.length > 0) parts.push(`ir_measures \`${definition.irMeasures[0]}${suffix}\``);
  if (trec !== undefined) parts.push(`trec_eval \`${trec.name}${at !== undefined && trec.params !== 'none' ? `.${at}` : ''}\``);
  return parts.join(', ');
}

/** trec_eval's names for the definition, in the table's order. */
const trecNamesOf = (definition: MeasureDefinition): string[] => trecMeasures.filter((measure) => measure.definition === definition).map((measure) => measure.name);

/** `unknown_measure`, suggesting the closest known names by edit distance. */
function unknownMeasure(name: string): RankevalError {
  const word = /^[^(@.,]*/.exec(name)![0].trim();
  const rest = name.slice(name.indexOf(word) + word.length);
  const at = /^\s*@\s*([\d.]+)\s*$/.exec(rest)?.[1];
  const limit = Math.max(1, Math.floor([...word].length / 3));
  const near: { spelling: string; definition: MeasureDefinition; distance: number }[] = [];
  // No name is near a word of more than 40 characters; edit distances of long words would take long.
  for (const definition of word.length > 40 ? [] : measureDefinitions) {
    let best: { spelling: string; distance: number } | undefined;
    for (const spelling of [definition.name, ...definition.aliases, ...definition.irMeasures, ...trecNamesOf(definition)]) {
      const distance = editDistance(word.toLowerCase(), spelling.toLowerCase());
      if (distance <= limit && (best === undefined || distance < best.distance)) best = { spelling, distance };
    }
    if (best !== undefined) near.push({ ...best, definition });
  }
  near.sort((a, b) => a.distance - b.distance);
  const expected = 'a measure name of rankeval (ndcg@10), ir_measures (nDCG@10) or trec_eval (ndcg_cut.10)';
  if (near.length === 0) {
    return new RankevalError({
      code: 'unknown_measure',
      problem: `unknown measure \`${name}\`: not a name of rankeval (\`ndcg@10\`, \`P@5\`, \`map\`), ir_measures (\`nDCG@10\`, \`P(rel=2)@5\`) or trec_eval (\`ndcg_cut.10\`, \`P.5,10\`); the README's measure table lists them all`,
      expected,
      received: name,
    });
  }
  const guesses = near.slice(0, 3).map(({ spelling }) => `\`${spelling}${rest}\``);
  return new RankevalError({
    code: 'unknown_measure',
    problem: `unknown measure \`${name}\`: did you mean ${guesses.join(' or ')}? Names: ${spellings(near[0]!.definition, at)}`,
    expected,
    received: name,
  });
}

// -------------------------------------------------------------------------------------- typed names

type Entry = (typeof measureDefinitions)[number];

/** The forms of one name: `@k` for a cutoff, `(…)` for parameters, `@x` required for a level or multiple. */
type Forms<N extends string, At> = At extends 'none'
  ? N | `${N}(${string})`
  : At extends 'k'
    ? N | `${N}@${number}` | `${N}@budget=${number}` | `${N}(${string})` | `${N}(${string})@${number}`
    : `${N}@${number}` | `${N}(${string})@${number}`;

type RankevalWords<E extends Entry> = E['name'] | E['aliases'][number];
type NamesOf<E> = E extends Entry ? Forms<RankevalWords<E> | Lowercase<RankevalWords<E>> | E['irMeasures'][number], E['at']> : never;
/** trec_eval's names of catalogue measures (not runid, num_q, relstring). */
type TrecWord = Extract<(typeof trecMeasures)[number], { readonly definition: MeasureDefinition }>['name'];

/**
 * Every measure name TypeScript can check, from the catalogue: rankeval's names and aliases (as declared
 * and in lower case) and ir_measures' names with `@${number}` and `(${string})`, trec_eval's names with
 * `.${string}` and `_${number}`. A misspelt literal (`'ndgc@10'`) is not one; a string known only at run
 * time is checked by `parseMeasure`.
 */
export type MeasureName = NamesOf<Entry> | TrecWord | `${TrecWord}.${string}` | `${TrecWord}_${number}`;

/** Bare names read as one value (see `expandMeasure`). */
type SingleWord<E> = E extends Entry ? (E['at'] extends 'k' | 'none' ? RankevalWords<E> | E['irMeasures'][number] : never) : never;

/**
 * The key(s) a measure name gives in results: the name itself, or any string for a name that may denote
 * several values (`P.5,10` → `P_5`, `P_10`; bare `ndcg_cut`).
 */
export type MeasureKey<N extends string> = N extends `${string},${string}` | Exclude<TrecWord, SingleWord<Entry>> ? string : N;
