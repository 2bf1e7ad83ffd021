// The report's options and input, read once at its entry: the options into settings, each "→" of the input
// into a Map with its values' types checked, and the runs in the report's order.
import { COMPARE_OPTION_KEYS } from '../analysis/compare.js';
import { argument, fail, mention } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { readByQuery, readQrels } from '../core/inputs.js';
import type { Qrels, Ranking } from '../core/types.js';
import type { ReportInput, ReportOptions } from './types.js';
import { readSlices } from '../engine/settings.js';

/** The options `reportData` takes (`ReportOptions`): those of `compare`, and `losses`. */
export const REPORT_OPTION_KEYS: readonly string[] = [...COMPARE_OPTION_KEYS, 'losses'];
const INPUT_KEYS: readonly string[] = ['qrels', 'slices', 'questions', 'runs', 'latency', 'tags'];

/** The report's options, resolved once. */
export interface ReportSettings {
  /** The caller's own keys, checked (the runs' scoring and compare read their share of them). */
  readonly options: ReportOptions;
  /** Queries shown in "lost most" per candidate. */
  readonly lossCount: number;
}

/** The report's options, checked, with the keys `otherKeys` of the caller (left to it). */
export function readReportOptions(given: ReportOptions, fn: string, otherKeys: readonly string[] = []): ReportSettings {
  const options = ownOptions(given, [...REPORT_OPTION_KEYS, ...otherKeys], fn, { expected: 'an object with `measures`' });
  const lossCount = options.losses ?? 10;
  if (!Number.isSafeInteger(lossCount) || lossCount < 0) fail('invalid_option', fn, { kind: 'option', option: 'losses' }, 'a non-negative integer', options.losses);
  // Checked here, not left to evaluateRun, so that the error names the function the caller called.
  if (!Array.isArray(options.measures) || options.measures.length === 0) fail('unknown_measure', fn, { kind: 'option', option: 'measures' }, 'a non-empty array of measure names such as "ndcg@10"', options.measures);
  return { options, lossCount };
}

/** Run names, the baseline (`baseline`, or the first run) first. */
export function orderRuns(names: readonly string[], baseline: string | undefined, fn: string): string[] {
  if (names.length === 0) fail('invalid_option', fn, { kind: 'argument', argument: 'runs' }, 'at least one run', 0);
  const chosen = baseline ?? names[0]!;
  if (!names.includes(chosen)) fail('invalid_option', fn, { kind: 'option', option: 'baseline' }, `one of the run names (${names.join(', ')})`, chosen);
  return [chosen, ...names.filter((name) => name !== chosen)];
}

/** The input, resolved: each "→" a Map, its values' types checked. */
export interface ReportInputs {
  readonly runs: ReadonlyMap<string, ReadonlyMap<string, Ranking>>;
  readonly qrels: ReadonlyMap<string, Qrels>;
  readonly slices: ReadonlyMap<string, readonly string[]> | undefined;
  readonly questions: ReadonlyMap<string, string> | undefined;
  readonly latency: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** The input with each "→" read as a Map, its types checked before anything is scored. */
export function readInput(given: ReportInput, fn: string): ReportInputs {
  const input = ownOptions(given, INPUT_KEYS, fn, { name: '`input`', subject: argument('input'), expected: 'an object with `qrels` and `runs`', what: 'every field of `input`' });
  const named = readByQuery<unknown>(input.runs, fn, RUNS, 'invalid_run', 'a Map or an object of run name → run');
  const runs = new Map(
    [...named].map(([name, run]) => [name, readByQuery<Ranking>(run, fn, mention({ kind: 'run', run: name }, `runs[${JSON.stringify(name)}]`), 'invalid_run', 'a Map or an object of query id → ranking')]),
  );
  // Each query's judgments read once (readQrels): every run is scored on them.
  const qrels = readQrels(input.qrels, fn) as ReadonlyMap<string, Qrels>;
  const questions = input.questions === undefined ? undefined : readQuestions(input.questions, fn);
  const latency = input.latency === undefined ? new Map() : readLatency(input.latency, runs, fn);
  return { runs, qrels, slices: readSliceInput(input, fn), questions, latency };
}

/** `slices`, or `tags` (its deprecated name) read as slices; an error names the key given. */
function readSliceInput({ slices, tags }: ReportInput, fn: string): ReadonlyMap<string, readonly string[]> | undefined {
  if (slices !== undefined && tags !== undefined) fail('invalid_option', fn, '`slices` and `tags`', 'one of them, not both (`tags` is the former name of `slices`)', { slices, tags }, { subject: argument('input.tags'), facts: { with: argument('input.slices') } });
  if (slices !== undefined) return readSlices(slices, fn);
  return tags === undefined ? undefined : readSlices(tags, fn, 'tags');
}

/** The input's questions and latency, the subjects of their errors (named as the messages name them). */
export const RUNS = mention(argument('input.runs'), '`runs`');
export const QUESTIONS = mention(argument('input.questions'), '`questions`');
const LATENCY = argument('input.latency');

export function readQuestions(given: NonNullable<ReportInput['questions']>, fn: string): ReadonlyMap<string, string> {
  const questions = readByQuery<unknown>(given, fn, QUESTIONS, 'invalid_option', 'a Map or an object of query id → question');
  for (const [qid, question] of questions) if (typeof question !== 'string') fail('invalid_option', fn, `questions[${JSON.stringify(qid)}]`, 'a string', question, { subject: QUESTIONS.subject, at: { query: qid } });
  return questions as ReadonlyMap<string, string>;
}

/** Run name → query id → milliseconds, for runs of the input. */
function readLatency(given: NonNullable<ReportInput['latency']>, runs: ReadonlyMap<string, unknown>, fn: string): Map<string, ReadonlyMap<string, number>> {
  const latency = new Map<string, ReadonlyMap<string, number>>();
  for (const [name, times] of readByQuery<unknown>(given, fn, mention(LATENCY, '`latency`'), 'invalid_option', 'a Map or an object of run name → query id → milliseconds')) {
    if (!runs.has(name)) fail('invalid_option', fn, 'every run of `latency`', `one of the runs (${[...runs.keys()].join(', ')})`, name, { subject: LATENCY, facts: { key: name, choices: [...runs.keys()] } });
    const byQuery = readByQuery<unknown>(times, fn, mention(LATENCY, `latency[${JSON.stringify(name)}]`), 'invalid_option', 'a Map or an object of query id → milliseconds');
    for (const [qid, time] of byQuery) {
      if (typeof time !== 'number' || !Number.isFinite(time) || time < 0) fail('invalid_option', fn, `latency[${JSON.stringify(name)}][${JSON.stringify(qid)}]`, 'a finite number of milliseconds, 0 or more', time, { subject: LATENCY, at: { run: name, query: qid }, facts: { limit: 0 } });
    }
    latency.set(name, byQuery as ReadonlyMap<string, number>);
  }
  return latency;
}
