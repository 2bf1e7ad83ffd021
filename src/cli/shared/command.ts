// What every command is made of: where it writes, how it fails, and the exit statuses it fails with.
import type { ProgressStream } from './progress.js';

/** Exit status of a failed gate (eval's, merge's, compare's --fail-on-regression). */
export const GATE_FAILED = 1;

/** Exit status for bad arguments. */
export const USAGE_ERROR = 2;

/** Exit status for a file that cannot be read or is malformed, or an output that cannot be written. */
export const INPUT_ERROR = 3;

/**
 * A command's failure: its one line for stderr and its exit status (a command's own: USAGE_ERROR,
 * INPUT_ERROR; rankeval trec's are trec_eval's: 1 usage, 2 unreadable or malformed file, 4 measure
 * failure, 7 nothing to evaluate).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * What a foreign error (Node's fs or stream errors, an allocation that failed) says: its message, the one
 * place the CLI reads one; anything thrown that is not an Error, as a string.
 */
export const foreignMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A usage error of `rankeval <command>`, pointing at its help. */
export const usageError =
  (command: string) =>
  (message: string): CliError =>
    new CliError(`${message} (see rankeval ${command} --help)`, USAGE_ERROR);

/** Where a command writes: its output, and its warnings and progress. */
export interface Io {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: ProgressStream;
}
