// `rankeval report QRELS RUN_A [RUN_B …] -m ndcg@10 … -o report.html`: the comparison as one HTML file.
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isRankevalError } from '../errors.js';
import { reportData } from '../report/data.js';
import { loadRenderer, NEEDS_LIBRARIES } from '../report/load.js';
import { COMPARE_OPTIONS, compareOptions, loadFiles, readCompareArgs } from './compare.js';
import { escapeControls } from '../text/escape.js';
import type { Io } from './eval.js';
import { asInputError, inputName, INPUT_ERROR } from './files.js';
import { decimalNumber, parseCommandArgs, usageError } from './options.js';
import { CliError } from './trec.js';

export const reportUsage = `Usage: rankeval report QRELS RUN_A [RUN_B …] [-m MEASURE …] [-o report.html] [flags]

Writes one self-contained HTML file (no script, no network access when opened): the comparison table of
rankeval compare, a bar chart per measure with confidence intervals, recall@k and precision@k curves, the
per-query differences of each run against the baseline, means per tag of the golden set, and the ten
queries each run lost most, with their rankings.

  -o, --output FILE     where to write the report (default, or -o -: standard output)
  --title TEXT          the report's title
  --losses N            queries shown per run in "lost most" (default 10)

Every flag of rankeval compare applies (--test, --alpha, --correction, --permutations, --seed,
--interval, --baseline, --names, -m, -l, --no-relevant, --qrels-format, --run-format); with one run,
the report has no comparison.

Needs the optional packages @observablehq/plot and linkedom (npm install @observablehq/plot linkedom).

Exit status: 0 done, 1 @observablehq/plot or linkedom is not installed, 2 bad arguments, 3 a file cannot
be read or is malformed or the report cannot be written.
`;

const usage = usageError('report');

/** -o naming an input (the same path, or a link to the same file) would overwrite the golden set or a run. */
function refuseInputAsOutput(output: string, inputs: readonly string[]): void {
  const identity = (path: string): string | undefined => {
    try {
      const { dev, ino } = statSync(path);
      return `${dev}:${ino}`;
    } catch {
      return undefined;
    }
  };
  const outputIdentity = identity(output);
  for (const input of inputs) {
    if (input === '-') continue;
    if (resolve(input) === resolve(output) || (outputIdentity !== undefined && identity(input) === outputIdentity)) {
      throw usage(`-o ${output} is one of the inputs; the report would overwrite it`);
    }
  }
}

/**
 * Writes the report next to its destination, then renames it over: an interrupted or failed write
 * leaves the previous report whole instead of an empty or cut file.
 */
function writeAtomically(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new CliError(`cannot write ${path}: ${(error as Error).message}`, INPUT_ERROR);
  }
}

/** Runs `rankeval report`; returns the exit status. */
export async function runReport(argv: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { ...COMPARE_OPTIONS, output: { type: 'string', short: 'o' }, title: { type: 'string' }, losses: { type: 'string' } },
    usage,
  );
  if (values.help) {
    io.stdout.write(reportUsage);
    return 0;
  }
  const args = readCompareArgs(values, positionals, 1, usage);
  if (values.format !== undefined) throw usage('--format does not apply: the report is HTML');
  const losses = values.losses === undefined ? 10 : decimalNumber(values.losses);
  if (!Number.isSafeInteger(losses) || losses < 0) throw usage(`--losses takes a whole number; got '${values.losses}'`);
  // `-o -` is standard output, as `-` is standard input for the files read.
  const output = values.output === '-' ? undefined : values.output;
  if (output !== undefined) refuseInputAsOutput(output, [args.qrels, ...args.runs.map((run) => run.path)]);
  // Before the files are read and scored, so that a missing library is said at once.
  const { renderReportData } = await loadRenderer().catch((error: unknown) => {
    throw isRankevalError(error) && error.code === 'missing_dependency' ? new CliError(NEEDS_LIBRARIES, INPUT_ERROR) : error;
  });
  const { golden, runs } = await loadFiles(args, io);
  const data = asInputError(inputName(args.qrels), () => reportData({ qrels: golden.qrels, tags: golden.tags, questions: golden.questions, runs }, { ...compareOptions(args), losses }));
  for (const warning of data.warnings) io.stderr.write(`rankeval: warning: ${escapeControls(warning)}\n`);
  const html = renderReportData(data, {
    ...(values.title === undefined ? {} : { title: values.title }),
    subtitle: [`golden set ${args.qrels} · ${args.runs.map((run) => `${run.name} = ${run.path}`).join(' · ')}`],
  });
  if (output === undefined) {
    io.stdout.write(html);
    return 0;
  }
  writeAtomically(output, html);
  io.stderr.write(`rankeval report: wrote ${output} (${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB)\n`);
  return 0;
}
