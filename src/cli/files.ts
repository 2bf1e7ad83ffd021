// Reading golden sets and runs from disk for the commands: streamed, with progress on a terminal, and
// every failure turned into one line that names the file (and line).
import { Buffer } from 'node:buffer';
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { isRankevalError, type RankevalError } from '../errors.js';
import { readGoldenSet, type GoldenSet, type GoldenSetFormat } from '../formats/golden-set.js';
import { looseCsvFields } from '../formats/columns.js';
import { readRun, type Run, type RunFormat } from '../formats/run.js';
import type { ReadOptions, Source } from '../formats/source.js';
import { createProgress, type ProgressStream } from './progress.js';
import { CliError } from './trec.js';

/** Exit status for a file that cannot be read or is malformed. */
export const INPUT_ERROR = 3;

/** `-` is standard input. */
export const STDIN = '-';

/** How messages name an input: its path, or `<stdin>` for `-`. */
export const inputName = (path: string): string => (path === STDIN ? '<stdin>' : path);

async function load<Format extends string, T>(
  read: (source: Source, options: ReadOptions<Format>) => Promise<T>,
  path: string,
  format: Format | 'auto',
  stderr: ProgressStream,
): Promise<T> {
  const name = inputName(path);
  let size = 0;
  if (path !== STDIN) {
    try {
      size = statSync(path).size;
    } catch (error) {
      throw new CliError(`cannot read ${path}: ${(error as Error).message}`, INPUT_ERROR);
    }
  }
  const progress = createProgress(stderr, `reading ${name}`, size);
  try {
    const source = path === STDIN ? process.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
    return await read(source, { file: name, format, onProgress: (bytes) => progress.update(bytes) });
  } catch (error) {
    if (isRankevalError(error)) throw new CliError(error.message, INPUT_ERROR);
    throw new CliError(`cannot read ${name}: ${(error as Error).message}`, INPUT_ERROR);
  } finally {
    progress.done();
  }
}

/** Standard input can be read once: `-` for the golden set or one run. */
export function checkStdinOnce(paths: readonly string[], usage: (message: string) => CliError): void {
  if (paths.filter((path) => path === STDIN).length > 1) throw usage('only one file can be - (standard input)');
}

export const loadGoldenSet = (path: string, format: GoldenSetFormat | 'auto', stderr: ProgressStream): Promise<GoldenSet> =>
  load(readGoldenSet, path, format, stderr);

export const loadRun = (path: string, format: RunFormat | 'auto', stderr: ProgressStream): Promise<Run> => load(readRun, path, format, stderr);

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
    if (isRankevalError(error)) throw new CliError(`${file}: ${cliWording(error)}`, INPUT_ERROR);
    throw error;
  }
}

function cliWording(error: RankevalError): string {
  if (error.code === 'no_relevant' && typeof error.received === 'string') {
    return `query ${JSON.stringify(error.received)} has no relevant document (--no-relevant error; zero scores it 0, skip leaves it out)`;
  }
  return error.message.replace(/^\w+: /, '').replace(' and `noRelevant` is `skip`', ', and --no-relevant skip leaves them out');
}

/** The first line of a file, for a look at its header (up to 64 KiB). */
function firstLine(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(1 << 16);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.toString('utf8', 0, read).replace(/^\uFEFF/, '').split('\n')[0]!.replace(/\r$/, '');
  } finally {
    closeSync(fd);
  }
}

const RUN_COLUMNS = ['score', 'similarity', 'rank', 'position'];
// The golden set's grade columns that no run has (`score` names a grade too).
const JUDGMENT_COLUMNS = ['relevance', 'grade', 'rel', 'label', 'judgment'];

/**
 * CSV files both read either way, so swapped ones give numbers rather than an error: a "run" with a
 * relevance column and no score or rank, and a "golden set" with a score or rank column, were swapped.
 */
function csvHeadersSwapped(qrels: string, run: string): boolean {
  const columns = (path: string): string[] => looseCsvFields(firstLine(path)).map((name) => name.trim().toLowerCase());
  const goldenColumns = columns(qrels);
  const runColumns = columns(run);
  return (
    runColumns.some((name) => JUDGMENT_COLUMNS.includes(name)) &&
    !runColumns.some((name) => RUN_COLUMNS.includes(name)) &&
    goldenColumns.some((name) => RUN_COLUMNS.includes(name))
  );
}

/** True when the golden set reads as a run and the run as a golden set. */
async function readSwapped(qrels: string, run: string): Promise<boolean> {
  try {
    await readRun(createReadStream(qrels), { file: qrels });
    await readGoldenSet(createReadStream(run), { file: run });
    return true;
  } catch {
    return false;
  }
}

const swapped = (qrels: string, run: string): string =>
  `the files look swapped: ${qrels} reads as a run and ${run} as a golden set (the golden set comes first: GOLDEN RUN, or --qrels GOLDEN --run RUN)`;

/**
 * The golden set and the run of `rankeval eval`; files given the other way round (an easy slip with two
 * positional files) are named as such rather than failing on a line of the wrong file, or scoring nonsense.
 */
export async function loadGoldenSetAndRun(
  qrels: string,
  run: string,
  formats: { readonly qrelsFormat: GoldenSetFormat | 'auto'; readonly runFormat: RunFormat | 'auto' },
  stderr: ProgressStream,
): Promise<{ golden: GoldenSet; run: Run }> {
  const checkable = qrels !== STDIN && run !== STDIN;
  let loaded: { golden: GoldenSet; run: Run };
  try {
    loaded = { golden: await loadGoldenSet(qrels, formats.qrelsFormat, stderr), run: await loadRun(run, formats.runFormat, stderr) };
  } catch (error) {
    if (checkable && error instanceof CliError && !error.message.startsWith('cannot read') && (await readSwapped(qrels, run))) {
      throw new CliError(swapped(qrels, run), INPUT_ERROR);
    }
    throw error;
  }
  const forced = formats.qrelsFormat !== 'auto' || formats.runFormat !== 'auto';
  if (checkable && !forced && loaded.golden.format === 'csv' && loaded.run.format === 'csv' && csvHeadersSwapped(qrels, run)) {
    throw new CliError(swapped(qrels, run), INPUT_ERROR);
  }
  return loaded;
}
