// `rankeval report --overlap RUN_A RUN_B`: the report of two runs without a golden set, as one HTML file.
import { overlapReportData } from '../report/overlap-data.js';
import { type CliError, type Io } from './shared/command.js';
import { runNames } from './shared/comparison.js';
import { checkStdinOnce, loadRun } from './shared/files.js';
import { inputName } from './shared/input.js';
import { checkOutput, outputName } from './shared/output.js';
import { OVERLAP_OPTIONS, overlapFlags, tiedRankings, withQueriesInCommon } from './shared/overlap.js';
import { loadReportRenderer, REPORT_OPTIONS, type ReportValues, writeReport } from './report-common.js';

/** The flags `--overlap` takes; every other flag of the report reads a golden set, or scores against one. */
const OVERLAP_FLAGS: readonly string[] = ['overlap', 'output', 'title', 'names', 'help', ...Object.keys(OVERLAP_OPTIONS)];

/** Runs `rankeval report --overlap` on the arguments `rankeval report` read; returns the exit status. */
export async function runOverlapReport(values: ReportValues, positionals: readonly string[], io: Io, usage: (message: string) => CliError): Promise<number> {
  const refused = Object.keys(values).find((flag) => !OVERLAP_FLAGS.includes(flag));
  if (refused !== undefined) {
    const short = (REPORT_OPTIONS as Record<string, { short?: string }>)[refused]?.short;
    throw usage(`--${refused}${short === undefined ? '' : ` (-${short})`} does not apply with --overlap, which compares two runs without a golden set`);
  }
  if (positionals.length !== 2) throw usage(`--overlap takes two runs (RUN_A RUN_B), got ${positionals.length} ${positionals.length === 1 ? 'file' : 'files'}`);
  checkStdinOnce(positionals, usage);
  const names = runNames(positionals, values.names, usage);
  const [nameA, nameB] = names as [string, string];
  const { rbo, runFormat } = overlapFlags(values, usage);
  const output = outputName(values.output, usage);
  if (output !== undefined) checkOutput(output, positionals.map((path, i) => ({ path, role: `run ${i === 0 ? 'A' : 'B'}` })), 'the report', usage);
  const { renderReportData } = await loadReportRenderer();
  const runs = new Map<string, ReturnType<typeof tiedRankings>>();
  for (const [i, path] of positionals.entries()) runs.set(names[i]!, tiedRankings(await loadRun(path, runFormat, io.stderr)));
  const data = withQueriesInCommon(nameA, nameB, () => overlapReportData({ runs }, rbo));
  const { title } = values;
  const html = renderReportData(data, { ...(title === undefined ? {} : { title }), subtitle: [positionals.map((path, i) => `${names[i]} = ${inputName(path)}`).join(' · ')] });
  await writeReport(html, output, io);
  return 0;
}
