// Reading golden sets and runs from disk for the commands: streamed, with progress on a terminal, and
// every failure turned into one line that names the file (and line).
import { createReadStream, statSync } from 'node:fs';
import { isRankevalError } from '../errors.js';
import { readGoldenSet, type GoldenSet, type GoldenSetFormat } from '../formats/golden-set.js';
import { readRun, type Run, type RunFormat } from '../formats/run.js';
import type { ReadOptions, Source } from '../formats/source.js';
import { createProgress, type ProgressStream } from './progress.js';
import { CliError } from './trec.js';

/** Exit status for a file that cannot be read or is malformed. */
export const INPUT_ERROR = 3;

async function load<Format extends string, T>(
  read: (source: Source, options: ReadOptions<Format>) => Promise<T>,
  path: string,
  format: Format | 'auto',
  stderr: ProgressStream,
): Promise<T> {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as Error).message}`, INPUT_ERROR);
  }
  const progress = createProgress(stderr, `reading ${path}`, size);
  try {
    return await read(createReadStream(path, { highWaterMark: 1 << 20 }), { file: path, format, onProgress: (bytes) => progress.update(bytes) });
  } catch (error) {
    if (isRankevalError(error)) throw new CliError(error.message, INPUT_ERROR);
    throw new CliError(`cannot read ${path}: ${(error as Error).message}`, INPUT_ERROR);
  } finally {
    progress.done();
  }
}

export const loadGoldenSet = (path: string, format: GoldenSetFormat | 'auto', stderr: ProgressStream): Promise<GoldenSet> =>
  load(readGoldenSet, path, format, stderr);

export const loadRun = (path: string, format: RunFormat | 'auto', stderr: ProgressStream): Promise<Run> => load(readRun, path, format, stderr);

/** Runs a library call on the files' contents: a RankevalError there is an input error (exit 3). */
export function asInputError<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (isRankevalError(error)) throw new CliError(error.message, INPUT_ERROR);
    throw error;
  }
}
