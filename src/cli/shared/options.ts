// Flags that `rankeval eval`, `compare`, `report` and `fuse --optimize` share, read one way for all of them.
import { isRankevalError, type RankevalError } from '../../core/errors.js';
import type { GoldenSetFormat } from '../../formats/golden-set.js';
import type { RunFormat } from '../../formats/run.js';
import { averagesTies, readsLengths } from '../../measures/catalogue.js';
import { expandMeasure, formatMeasure, parseMeasure, type ParsedMeasure } from '../../measures/registry.js';
import { splitMeasures } from '../../measures/names/list.js';
import { readsBeyond } from '../../engine/system-k.js';
import { RUN_CHECK_MODES, settleCheck, type RunCheckMode } from '../../engine/run-checks.js';
import type { ScoreOrder, Ties } from '../../core/types.js';
import { flagNumber, inputFlag, oneOf } from './args.js';
import type { CliError } from './command.js';
import { cliMessage } from './wording.js';

/** The measures eval, compare and report score without -m. */
export const DEFAULT_MEASURES: readonly string[] = ['ndcg@10', 'recall@10', 'mrr@10', 'map'];

export const OUTPUT_FORMATS = ['table', 'markdown', 'json', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `--run-format`: a run file's format, or `auto` to tell it from the content. */
export const readRunFormat = (text: string | undefined, usage: (message: string) => CliError): RunFormat | 'auto' =>
  oneOf(text, ['auto', 'trec', 'jsonl', 'json', 'csv'], '--run-format', 'auto', usage);

/** `--qrels-format`: a golden set's format, or `auto` to tell it from the content. */
export const readQrelsFormat = (text: string | undefined, usage: (message: string) => CliError): GoldenSetFormat | 'auto' =>
  oneOf(text, ['auto', 'trec', 'beir', 'jsonl', 'json', 'csv', 'trec-diversity'], '--qrels-format', 'auto', usage);

/** `--grade-column NAME`, when given: a name, never blank. */
export function readGradeColumn(text: string | undefined, usage: (message: string) => CliError): string | undefined {
  if (text !== undefined && text.trim() === '') throw usage(`--grade-column takes the name of the golden set's grade column; got '${text}'`);
  return text;
}

/** `-l`, `--relevance-threshold N`: a finite number (default 1). */
export function readRelevanceThreshold(text: string | undefined, usage: (message: string) => CliError): number {
  const threshold = text === undefined ? 1 : flagNumber(text);
  if (!Number.isFinite(threshold)) throw usage(`--relevance-threshold takes a number; got '${text}'`);
  return threshold;
}

/** The flags that say how a run is scored against judgments (eval's, compare's, report's, fuse --optimize's). */
export const SCORING_OPTIONS = {
  'relevance-threshold': { type: 'string', short: 'l' },
  'no-relevant': { type: 'string' },
  ties: { type: 'string' },
  'score-order': { type: 'string' },
  checks: { type: 'string' },
  'system-k': { type: 'string' },
  lengths: inputFlag('the lengths file'),
  'grade-column': { type: 'string' },
} as const;

export const SHARED_OPTIONS = {
  'qrels-format': { type: 'string' },
  'run-format': { type: 'string' },
  measure: { type: 'string', short: 'm', multiple: true },
  ...SCORING_OPTIONS,
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface SharedArgs {
  readonly qrelsFormat: GoldenSetFormat | 'auto';
  readonly runFormat: RunFormat | 'auto';
  /** As given (commas split), checked; empty when no -m. */
  readonly measures: string[];
  readonly relevanceThreshold: number;
  readonly noRelevant: 'zero' | 'skip' | 'error';
  readonly ties: Ties;
  /** `--score-order`: which way a score ranks (evaluateRun's `scoreOrder`), when given. */
  readonly scoreOrder?: ScoreOrder;
  /** Every check of evaluateRun (`checks`), and of the run files: warn (default), error or off. */
  readonly checks: RunCheckMode;
  readonly format: OutputFormat;
  /** `--system-k N` or `N:warn`: the results the system passes on (evaluateRun's `systemK`). */
  readonly systemK?: { readonly k: number; readonly mode: 'error' | 'warn' };
  /** `--lengths FILE`: document lengths in tokens (`id<TAB>tokens`), for budgets and tokens@k. */
  readonly lengths?: string;
  /** `--grade-column NAME`: the grade column of a CSV or BEIR golden set (readGoldenSet's `gradeColumn`). */
  readonly gradeColumn?: string;
}

/** evaluateRun's options from the shared flags (those the golden set gives: `goldenSetOptions`). */
export function evaluationOptions(args: SharedArgs) {
  return {
    measures: args.measures,
    relevanceThreshold: args.relevanceThreshold,
    noRelevant: args.noRelevant,
    ties: args.ties,
    checks: args.checks,
    ...(args.scoreOrder === undefined ? {} : { scoreOrder: args.scoreOrder }),
    ...(args.systemK === undefined ? {} : { systemK: args.systemK }),
  };
}

/** `--system-k N` or `--system-k N:warn`. */
function readSystemK(text: string | undefined, usage: (message: string) => CliError): SharedArgs['systemK'] {
  if (text === undefined) return undefined;
  const match = /^\s*([1-9]\d*)\s*(?::\s*(error|warn)\s*)?$/.exec(text);
  const k = match === null ? NaN : Number(match[1]);
  if (!Number.isSafeInteger(k)) throw usage(`--system-k takes the number of results the system passes on (a positive integer), optionally :warn; got '${text}'`);
  return { k, mode: (match![2] ?? 'error') as 'error' | 'warn' };
}

/** The canonical form of a measure name (`R@5` → `recall@5`), or a usage error naming it. */
export function canonicalMeasure(name: string, usage: (message: string) => CliError): string {
  try {
    return formatMeasure(parseMeasure(name));
  } catch (error) {
    if (isRankevalError(error)) throw usage(cliMessage(error, { withFunction: true }));
    throw error;
  }
}

/**
 * The names of `-m` values, refusing an empty one: `-m ''` or `-m P@1,,ndcg@10` is a slip (a variable left
 * unset, a stray comma), not a request for the default measures.
 */
export function measureNames(values: readonly string[], flag: string, usage: (message: string) => CliError): string[] {
  for (const value of values) {
    if (splitMeasures([value]).includes('')) {
      throw usage(value.trim() === '' ? `${flag} takes measure names; got '${value}'` : `${flag} '${value}' has an empty measure name (names are separated by single commas)`);
    }
  }
  return splitMeasures(values);
}

/** The keys of a `-m` name's values (the name itself, or trec_eval's `P_5`, `P_10` for `P.5,10`) with their canonical forms. */
function measureKeys(name: string, usage: (message: string) => CliError): { key: string; canonical: string; measure: ParsedMeasure }[] {
  try {
    return expandMeasure(name).map(({ key, measure }) => ({ key, canonical: formatMeasure(measure), measure }));
  } catch (error) {
    if (isRankevalError(error)) throw usage(cliMessage(error, { withFunction: true }));
    throw error;
  }
}

export function readSharedArgs(
  values: { [K in keyof typeof SHARED_OPTIONS]?: (typeof SHARED_OPTIONS)[K] extends { multiple: true } ? string[] : (typeof SHARED_OPTIONS)[K] extends { type: 'boolean' } ? boolean : string },
  usage: (message: string) => CliError,
  alsoScored: readonly string[] = [],
  measureFlag = '-m',
): SharedArgs {
  // A name of several values (`-m P.5,10`) is a column per value, named as trec_eval prints it (P_5, P_10).
  const named = measureNames(values.measure ?? [], measureFlag, usage).flatMap((name) => measureKeys(name, usage));
  // A measure asked for twice (`-m P@1,p@1`) is one column, as written the first time: eval and compare alike.
  const distinct = named.filter((entry, i) => named.findIndex((other) => other.canonical === entry.canonical) === i);
  const measures = distinct.map((entry) => entry.key);
  const ties = oneOf(values.ties, ['trec', 'given', 'average'], '--ties', 'trec', usage);
  const notAveraged = ties === 'average' ? distinct.find(({ measure }) => !averagesTies(measure.definition, measure.params)) : undefined;
  if (notAveraged !== undefined) throw usage(`--ties average: ${notAveraged.key} has no tie-averaged form (use --ties trec or given for it)`);
  // What is scored: -m's measures and `alsoScored` (eval's gates, a command's defaults without -m).
  const scored = [...distinct, ...alsoScored.flatMap((name) => measureKeys(name, usage))];
  // --lengths that no measure reads is a slip (a budget measure left out of -m), not a setting.
  if (values.lengths !== undefined && !scored.some(({ measure }) => readsLengths(measure.definition, measure.params))) {
    throw usage(`--lengths: no measure reads document lengths; ask for a token budget (recall@budget=2000) or tokens@k with ${measureFlag}`);
  }
  const systemK = readSystemK(values['system-k'], usage);
  if (systemK?.mode === 'error') {
    const beyond = scored.filter(({ measure }) => readsBeyond(measure, systemK.k)).map(({ key }) => key);
    try {
      settleCheck('beyond_system_k', 'error', beyond, '--system-k', [], { systemK: systemK.k });
    } catch (error) {
      // settleCheck names itself --system-k, the flag whose value the measures reach beyond.
      throw usage(`${cliMessage(error as RankevalError, { withFunction: true })} (or --system-k ${systemK.k}:warn to score them with a warning)`);
    }
  }
  const gradeColumn = readGradeColumn(values['grade-column'], usage);
  return {
    qrelsFormat: readQrelsFormat(values['qrels-format'], usage),
    runFormat: readRunFormat(values['run-format'], usage),
    measures,
    relevanceThreshold: readRelevanceThreshold(values['relevance-threshold'], usage),
    noRelevant: oneOf(values['no-relevant'], ['zero', 'skip', 'error'], '--no-relevant', 'zero', usage),
    ties,
    ...(values['score-order'] === undefined ? {} : { scoreOrder: oneOf(values['score-order'], ['descending', 'ascending'], '--score-order', 'descending', usage) }),
    checks: oneOf(values.checks, ['warn', ...RUN_CHECK_MODES.filter((mode) => mode !== 'warn')], '--checks', 'warn', usage),
    format: oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage),
    ...(systemK === undefined ? {} : { systemK }),
    ...(values.lengths === undefined ? {} : { lengths: values.lengths }),
    ...(gradeColumn === undefined ? {} : { gradeColumn }),
  };
}

/** `--grade-column` in the help of eval, compare, report and fuse. */
export const GRADE_COLUMN_HELP = `  --grade-column NAME      the golden set's grade column, for a CSV or BEIR header with more than one
                           a grade could be in (score and label, grade and relevance), which is refused`;

/** `--score-order` in the help of eval, compare and report. */
export const SCORE_ORDER_HELP = `  --score-order O          which way a score ranks: descending (the higher first, as trec_eval) or
                           ascending (the lower first: distances). Unset, descending, with a warning
                           for rankings whose scores rise down the list as distances do`;

/** `--ties` in the help of eval, compare and report. */
export const TIES_HELP = `  --ties T                 documents of equal score: trec (default: by docno descending, as trec_eval),
                           given (in the order the file lists them) or average (every order of the tied
                           documents counts equally; the one rule under which renaming a document cannot
                           change a score)`;
