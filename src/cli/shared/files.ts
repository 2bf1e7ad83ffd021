// Reading golden sets and runs from disk for the commands: streamed, with progress on a terminal, and
// every failure turned into one line that names the file (and line) by input.ts's boundary.
import { Buffer } from 'node:buffer';
import { isRankevalError } from '../../core/errors.js';
import { readLengths } from '../../formats/lengths.js';
import { readGoldenSet, type GoldenSet, type GoldenSetFormat } from '../../formats/golden-set.js';
import { looseCsvFields } from '../../formats/columns.js';
import { readRun, type Run, type RunFormat } from '../../formats/run.js';
import { readJudgments, type JudgmentStore } from '../../formats/judgments.js';
import { readQueryTexts, type QueryText } from '../../formats/corpus.js';
import { readNuggetJudgments, type NuggetJudgmentStore } from '../../formats/nugget-judgments.js';
import { readNuggetAssignments, readNuggetBank, type NuggetAnswer, type NuggetBank, type NuggetGrades } from '../../formats/nuggets.js';
import type { ReadOptions, Source } from '../../formats/source.js';
import type { RunScorer } from '../../engine/scorer.js';
import { RUN_CHECK_CODES } from '../../engine/run-checks.js';
import type { Aspects } from '../../core/types.js';
import { scoreRun, type KeptQueries } from '../../engine/stream.js';
import { messageText } from '../../text/escape.js';
import { CliError, INPUT_ERROR } from './command.js';
import { inputName, openInput, readFailure, STDIN } from './input.js';
import { createProgress, type ProgressStream } from './progress.js';
import { cliMessage, isOption } from './wording.js';

/** The line of the file an input error was found on, for the swap check (set for parse errors only). */
const parseLines = new WeakMap<CliError, number>();

/**
 * What a file name reads as: a regular file's chunks, read afresh into one reused buffer (the readers of
 * src/formats copy what they keep), or those of a file that can be read once.
 */
const sourceOf = (path: string): Source => openInput(path, INPUT_ERROR).chunks(true);

async function load<Format extends string, T>(
  read: (open: () => Promise<Source>, options: ReadOptions<Format>) => Promise<T>,
  path: string,
  format: Format | 'auto',
  stderr: ProgressStream,
): Promise<T> {
  const input = openInput(path, INPUT_ERROR);
  const progress = createProgress(stderr, input.name, input.size);
  try {
    return await read(async () => input.chunks(true), { file: input.name, format, onProgress: (bytes) => progress.update(bytes) });
  } catch (error) {
    const cliError = readFailure(input.name, error, INPUT_ERROR);
    const at = isRankevalError(error) ? error.subject : undefined;
    if (isRankevalError(error) && error.code === 'parse_error' && at?.kind === 'file') parseLines.set(cliError, at.line);
    throw cliError;
  } finally {
    progress.done();
  }
}

/** A run file read whole (any run format the library reads), errors naming the file, as loading does. */
export const loadRun = (path: string, format: RunFormat | 'auto', stderr: ProgressStream): Promise<Run> =>
  load(async (open, options) => readRun(await open(), options), path, format, stderr);

/**
 * The warning line of a store's torn last line (a write a crash cut short), which every command reading a
 * store prints: what became of it is `fate` (`skipped`, `cut off`).
 */
export const tornLineWarning = (name: string, line: number, fate: string): string =>
  `rankeval judge: warning: ${messageText(`${name}:${line}: a half-written last line (a write cut short) is ${fate}`)}\n`;

/** A judgments store read whole, errors naming the file, as loading does. */
export const loadJudgments = (path: string, stderr: ProgressStream): Promise<JudgmentStore> =>
  load(async (open, options) => readJudgments(await open(), options), path, 'jsonl', stderr);

/** A queries file read whole (query id → text and tags, only the `wanted` queries kept), errors naming the file, as loading does. */
export const loadQueryTexts = (path: string, stderr: ProgressStream, wanted: ReadonlySet<string>): Promise<Map<string, QueryText>> =>
  load(async (open, { file = path }) => readQueryTexts(await open(), { file, wanted }), path, 'jsonl', stderr);

/** A file of nuggetizer's assignments read whole, on `grades`, errors naming the file, as loading does. */
export const loadNuggetAssignments = (path: string, grades: NuggetGrades, stderr: ProgressStream): Promise<NuggetAnswer[]> =>
  load(async (open, options) => readNuggetAssignments(await open(), { ...options, grades }), path, 'jsonl', stderr);

/** A nugget-assignment store read whole, errors naming the file, as loading does. */
export const loadNuggetJudgments = (path: string, stderr: ProgressStream): Promise<NuggetJudgmentStore> =>
  load(async (open, options) => readNuggetJudgments(await open(), options), path, 'jsonl', stderr);

/** A nugget bank read whole, errors naming the file, as loading does. */
export const loadNuggetBank = (path: string, stderr: ProgressStream): Promise<NuggetBank> =>
  load(async (open, options) => readNuggetBank(await open(), options), path, 'jsonl', stderr);

/** Standard input can be read once: `-` for the golden set or one run. */
export function checkStdinOnce(paths: readonly string[], usage: (message: string) => CliError): void {
  if (paths.filter((path) => path === STDIN).length > 1) throw usage('only one file can be - (standard input)');
}

/** A golden set file read whole, errors naming the file, as loading does. */
export const loadGoldenSet = (path: string, format: GoldenSetFormat | 'auto', stderr: ProgressStream, gradeColumn: string | undefined): Promise<GoldenSet> =>
  load(async (open, options) => readGoldenSet(await open(), gradeColumn === undefined ? options : { ...options, gradeColumn }), path, format, stderr);

/** The golden set with the lengths of `--lengths FILE`, which take the place of any the golden set gives. */
async function withLengths(golden: GoldenSet, path: string | undefined, stderr: ProgressStream): Promise<GoldenSet> {
  if (path === undefined) return golden;
  const lengths = await load(async (open, options) => readLengths(await open(), options), path, 'tsv', stderr);
  return { ...golden, lengths: new Map([...(golden.lengths ?? []), ...lengths]) };
}

/**
 * A RankevalError of scoring, as the command says it: a failed check is about the run, a document without
 * a length about the lengths (the message names them), anything else (judgments that cannot be scored, a
 * gain that overflows) about the golden set.
 */
export function blameScoring(error: unknown, goldenPath: string, runPath: string): unknown {
  if (!isRankevalError(error) || error.code === 'parse_error') return error;
  if (isOption(error.subject, 'lengths') && error.at?.document !== undefined) return new CliError(cliMessage(error), INPUT_ERROR);
  const blamed = RUN_CHECK_CODES.includes(error.code) ? runPath : goldenPath;
  return new CliError(`${inputName(blamed)}: ${cliMessage(error)}`, INPUT_ERROR);
}

/**
 * Scores the run at `path` as it is read (src/engine/stream.ts), into a scorer `makeScorer` makes, keeping the
 * results of `keep.wanted` and each query's `latency_ms` in `latency`; an interleaved run is read again.
 * Errors name the file as loading does.
 */
export function scoreRunFile(
  path: string,
  format: RunFormat | 'auto',
  makeScorer: () => RunScorer,
  stderr: ProgressStream,
  goldenPath: string,
  keep?: KeptQueries,
  latency?: Map<string, number>,
): Promise<RunScorer> {
  return load(
    (open, options) =>
      scoreRun(open, makeScorer, options, keep, latency).catch((error: unknown) => {
        throw blameScoring(error, goldenPath, path);
      }),
    path,
    format,
    stderr,
  );
}

/**
 * Runs a library call on the contents of `file` (the golden set, whose judged queries are what is
 * scored): a RankevalError there is an input error (exit 3) that names the file rather than the
 * library function (`golden.jsonl: query "q2" has no relevant document…`, not `evaluateRun: …`), in the
 * words of the command line rather than the library's (--no-relevant, not `noRelevant`).
 */
export function asInputError<T>(file: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (isRankevalError(error)) throw new CliError(`${file}: ${cliMessage(error)}`, INPUT_ERROR);
    throw error;
  }
}

/** The first line of a file (or of standard input), for a look at its header (up to 64 KiB). */
async function firstLine(path: string): Promise<string> {
  const head = Buffer.from(openInput(path, INPUT_ERROR).head(1 << 16));
  return head.toString('utf8').replace(/^\uFEFF/, '').split('\n')[0]!.replace(/\r$/, '');
}

const RUN_COLUMNS = ['score', 'similarity', 'rank', 'position'];
// The golden set's grade columns that no run has (`score` names a grade too).
const JUDGMENT_COLUMNS = ['relevance', 'grade', 'rel', 'label', 'judgment'];

/**
 * CSV files both read either way, so swapped ones give numbers rather than an error: a "run" with a
 * relevance column and no score or rank, and a "golden set" with a score or rank column, were swapped.
 */
async function csvHeadersSwapped(qrels: string, run: string): Promise<boolean> {
  const columns = async (path: string): Promise<string[]> => looseCsvFields(await firstLine(path)).map((name) => name.trim().toLowerCase());
  const goldenColumns = await columns(qrels);
  const runColumns = await columns(run);
  return (
    runColumns.some((name) => JUDGMENT_COLUMNS.includes(name)) &&
    !runColumns.some((name) => RUN_COLUMNS.includes(name)) &&
    goldenColumns.some((name) => RUN_COLUMNS.includes(name))
  );
}

async function readsAs(read: (source: Source, options: { readonly file: string }) => Promise<unknown>, path: string): Promise<boolean> {
  try {
    await read(sourceOf(path), { file: inputName(path) });
    return true;
  } catch {
    return false;
  }
}

/** The first of `runs` that reads as a golden set, when the golden set reads as a run: the two were swapped. */
async function swappedRun(runs: readonly string[]): Promise<string | undefined> {
  for (const run of runs) if (await readsAs(readGoldenSet, run)) return run;
  return undefined;
}

const swapped = (qrels: string, run: string, where: string): CliError =>
  new CliError(`the files look swapped: ${inputName(qrels)} reads as a run and ${inputName(run)} as a golden set (${where})`, INPUT_ERROR);

/**
 * What the scoring takes from the golden set besides its qrels: its tags as slices (`--by-tag`, the
 * report's slices), its aspects, when the file gives them (`trec-diversity`, JSONL `"aspects"`), and its
 * documents' lengths (`--lengths FILE`, or JSONL `"tokens"`).
 */
export function goldenSetOptions(golden: GoldenSet, slices: boolean): { readonly slices?: GoldenSet['tags']; readonly aspects?: Aspects; readonly lengths?: ReadonlyMap<string, number> } {
  return {
    ...(slices ? { slices: golden.tags } : {}),
    ...(golden.aspects === undefined ? {} : { aspects: golden.aspects }),
    ...(golden.lengths === undefined ? {} : { lengths: golden.lengths }),
  };
}

/**
 * The golden set and the runs of a command, each run read by `readRunFile` (collected, or scored as it is
 * read); files given the other way round (an easy slip with positional files) are named as such rather
 * than failing on a line of the wrong file, or scoring nonsense. `where` says where the command takes the
 * golden set, for that message: `the golden set comes first: GOLDEN RUN`. `runsOnly`, where given, is
 * what to do instead when the golden set reads as a run and no run as a golden set (runs given without
 * one): `to compare two runs without a golden set, rankeval report --overlap RUN_A RUN_B`.
 */
export async function loadGoldenSetAnd<R>(
  qrels: string,
  runs: readonly string[],
  formats: { readonly qrelsFormat: GoldenSetFormat | 'auto'; readonly runFormat: RunFormat | 'auto'; readonly lengths?: string; readonly gradeColumn?: string },
  stderr: ProgressStream,
  where: string,
  readRunFile: (path: string, golden: GoldenSet) => Promise<R>,
  runsOnly?: string,
): Promise<{ golden: GoldenSet; runs: R[] }> {
  // A forced format says which kind each file is: then no file is taken for the other kind.
  const forced = formats.qrelsFormat !== 'auto' || formats.runFormat !== 'auto';
  let loaded: { golden: GoldenSet; runs: R[] };
  try {
    const golden = await withLengths(await loadGoldenSet(qrels, formats.qrelsFormat, stderr, formats.gradeColumn), formats.lengths, stderr);
    const read: R[] = [];
    for (const run of runs) read.push(await readRunFile(run, golden));
    loaded = { golden, runs: read };
  } catch (error) {
    // Swapped files fail on their first line (a header, or the first record, of the wrong shape); an
    // error further down is in a value of the right kind of file, so not a swap, whatever the files
    // would read as.
    if (error instanceof CliError && !forced && parseLines.get(error) === 1 && (await readsAs(readRun, qrels))) {
      const run = await swappedRun(runs);
      if (run !== undefined) throw swapped(qrels, run, where);
      if (runsOnly !== undefined) throw new CliError(`${inputName(qrels)} reads as a run, not a golden set: ${runsOnly}`, INPUT_ERROR);
    }
    throw error;
  }
  if (!forced && loaded.golden.format === 'csv') {
    for (const run of runs) if (await csvHeadersSwapped(qrels, run)) throw swapped(qrels, run, where);
  }
  return loaded;
}

