// What the playground computes, apart from the page: the golden set and the runs read from their text (the
// format told from the first line), each run scored on the measures asked for, and the runs compared. Every
// error is kept beside the input it is about, in the library's words (RankevalError's message).
import {
  compare,
  evaluateRun,
  isRankevalError,
  parseGoldenSet,
  parseRun,
  type Comparison,
  type EvaluateRunOptions,
  type GoldenSet,
  type Run,
  type RunEvaluation,
  type SignificanceTest,
} from '../../../../src/index.js';
import { splitMeasures } from '../../../../src/measures/names/list.js';

/** One input as the page holds it: a name (a file's, or typed) and its content, typed or read from a file. */
export interface Source {
  readonly name: string;
  readonly content: string | Uint8Array;
}

export interface PlaygroundInput {
  readonly golden: Source;
  readonly runs: readonly Source[];
  /** Measure names, comma-separated, as typed: `ndcg@10, recall@5`. */
  readonly measures: string;
  readonly test: SignificanceTest;
}

/** A value read or computed, or the words of the error that stopped it. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** A run as read and scored. */
export interface ScoredRun {
  readonly name: string;
  readonly run: Run;
  readonly evaluation: RunEvaluation;
}

export interface PlaygroundResult {
  readonly golden: Outcome<GoldenSet> | undefined;
  /** One per run, in the order given. */
  readonly runs: readonly (Outcome<Run> | undefined)[];
  /** The measures asked for, as evaluateRun reads them. */
  readonly measures: readonly string[];
  /** Why the runs could not be scored because of the measures asked for: shown under the measures. */
  readonly measureError: string | undefined;
  /** Why the runs could not be scored for another reason (two runs of one name, say). */
  readonly scoreError: string | undefined;
  /** Every run scored, when the golden set, every run and the measures were read. */
  readonly scored: readonly ScoredRun[] | undefined;
  /** The runs compared with the first, when two or more were scored. */
  readonly comparison: Outcome<Comparison> | undefined;
}

/** The words of anything thrown: a RankevalError's message as the library words it; never an empty line. */
export function errorWords(error: unknown): string {
  if (error instanceof Error) return error.message === '' ? error.name : error.message;
  return String(error);
}

function attempt<T>(work: () => T): Outcome<T> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    return { ok: false, error: errorWords(error) };
  }
}

/** The names in the measures field, split as the command line splits `-m`: `ndcg@10, P.5,10,` → `['ndcg@10', 'P.5,10']`. */
export const measureNames = (text: string): string[] => splitMeasures([text]).filter((name) => name !== '');

/**
 * What scoring takes from the golden set besides its qrels, as the command line does: its aspects (JSONL
 * `"aspects"`, TREC diversity qrels) and its documents' lengths (JSONL `"tokens"`), when it gives them.
 */
export function goldenSetOptions(golden: GoldenSet): Pick<EvaluateRunOptions, 'aspects' | 'lengths'> {
  return { ...(golden.aspects === undefined ? {} : { aspects: golden.aspects }), ...(golden.lengths === undefined ? {} : { lengths: golden.lengths }) };
}

const isEmpty = (source: Source): boolean => (typeof source.content === 'string' ? source.content.trim() === '' : source.content.length === 0);

/** Whether an error of scoring is about the measures asked for (an unknown name, a cutoff that is not one, none). */
const aboutMeasures = (error: unknown): boolean =>
  isRankevalError(error) &&
  (error.code === 'unknown_measure' ||
    [error.subject, ...error.within.map((scope) => scope.subject)].some((subject) => subject?.kind === 'measure' || (subject?.kind === 'option' && subject.option === 'measures')));

/**
 * Reads and scores what the page holds. An empty input is not read (nothing to say yet); a run without a
 * name is named `run N`. Scoring waits for a golden set, at least one run and every input read.
 */
export function score(input: PlaygroundInput): PlaygroundResult {
  const golden = isEmpty(input.golden) ? undefined : attempt(() => parseGoldenSet(input.golden.content, { file: input.golden.name || 'golden set' }));
  const runs = input.runs.map((source, i) => (isEmpty(source) ? undefined : attempt(() => parseRun(source.content, { file: runName(source, i) }))));
  const measures = measureNames(input.measures);
  const result = { golden, runs, measures, measureError: undefined, scoreError: undefined, scored: undefined, comparison: undefined };
  const read = runs.filter((run) => run !== undefined);
  if (golden?.ok !== true || read.length === 0 || read.some((run) => !run.ok)) return result;
  const named = input.runs.flatMap((source, i) => (runs[i]?.ok === true ? [{ name: runName(source, i), run: runs[i].value }] : []));
  const twice = named.find(({ name }, i) => named.findIndex((other) => other.name === name) !== i);
  if (twice !== undefined) return { ...result, scoreError: `two runs are named ${JSON.stringify(twice.name)}: give each a name of its own` };
  const options = { measures, ...goldenSetOptions(golden.value) };
  let scored: ScoredRun[];
  try {
    scored = named.map(({ name, run }) => ({ name, run, evaluation: evaluateRun(run.rankings, golden.value.qrels, options) }));
  } catch (error) {
    return aboutMeasures(error) ? { ...result, measureError: errorWords(error) } : { ...result, scoreError: errorWords(error) };
  }
  const comparison = scored.length < 2 ? undefined : attempt(() => compare(new Map(scored.map(({ name, run }) => [name, run.rankings])), golden.value.qrels, { ...options, test: input.test }));
  return { ...result, scored, comparison };
}

/** The name a run goes by: the one given, or `run N`. */
export const runName = (source: Source, index: number): string => source.name.trim() || `run ${index + 1}`;

/** A score as the tables show it: four decimals, as the command line prints them. */
export const fixed = (value: number | null): string => (value === null ? '–' : value.toFixed(4));

/** A difference with its sign: `+0.0123`, `−0.0456`. */
export const signed = (value: number | null): string => (value === null ? '–' : `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(4)}`);
