// What both modes of `rankeval report` share: its flags, the drawing code loaded before any file is read,
// and the page written to -o (or standard output).
import { isRankevalError } from '../core/errors.js';
import { loadRenderer, NEEDS_LIBRARIES } from '../report/load.js';
import { messageText } from '../text/escape.js';
import { flagNumber, type parseCommandArgs } from './shared/args.js';
import { CliError, INPUT_ERROR, type Io } from './shared/command.js';
import { COMPARE_OPTIONS } from './shared/comparison.js';
import { OUTPUT_OPTION, writeOutput } from './shared/output.js';
import { OVERLAP_OPTIONS } from './shared/overlap.js';
import { NUGGET_MODE_OPTIONS } from './shared/nuggets.js';

/** Every flag of `rankeval report`, both modes': those of compare, and the report's own; `--overlap`'s RBO flags (`--ties` is both). */
export const REPORT_OPTIONS = {
  ...COMPARE_OPTIONS,
  ...OUTPUT_OPTION,
  ...OVERLAP_OPTIONS,
  title: { type: 'string' },
  losses: { type: 'string' },
  overlap: { type: 'boolean' },
  ...NUGGET_MODE_OPTIONS,
} as const;

/** The flags as `rankeval report` read them. */
export type ReportValues = ReturnType<typeof parseCommandArgs<typeof REPORT_OPTIONS>>['values'];

/** The report's drawing code; loaded before the files are read and scored, so that a missing library is said at once. */
export const loadReportRenderer = () =>
  loadRenderer().catch((error: unknown) => {
    throw isRankevalError(error) && error.code === 'missing_dependency' ? new CliError(NEEDS_LIBRARIES, INPUT_ERROR) : error;
  });

/** Writes the page to `output` (saying so on stderr), or to standard output without one. */
export async function writeReport(html: string, output: string | undefined, io: Io): Promise<void> {
  if (output === undefined) {
    io.stdout.write(html);
    return;
  }
  await writeOutput(output, html);
  io.stderr.write(`rankeval report: wrote ${messageText(output)} (${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB)\n`);
}

/** `--losses N`: how many lost queries each candidate's list shows (default 10). */
export function readLosses(text: string | undefined, usage: (message: string) => CliError): number {
  const losses = text === undefined ? 10 : flagNumber(text);
  if (!Number.isSafeInteger(losses) || losses < 0) throw usage(`--losses takes a whole number; got '${text}'`);
  return losses;
}
