// `rankeval report --nuggets ASSIGNMENTS…`: the report of RAG answer generators compared by their nugget
// scores, topic by topic, as one HTML file (reportData from scores: no rankings, so no curves).
import { reportData } from '../report/data.js';
import { type CliError, type Io } from './shared/command.js';
import { TEST_OPTIONS } from './shared/comparison.js';
import { checkStdinOnce } from './shared/files.js';
import { inputName } from './shared/input.js';
import { loadNuggetEvaluation, readNuggetCompareFlags, withNuggetScores } from './shared/nuggets.js';
import { checkOutput, outputName } from './shared/output.js';
import { loadReportRenderer, readLosses, REPORT_OPTIONS, type ReportValues, writeReport } from './report-common.js';
import { readGradesFlag } from './shared/nugget-flags.js';

/** The flags `--nuggets` takes; the others read a golden set or rankings. */
const NUGGETS_FLAGS: readonly string[] = ['nuggets', 'topics', 'grades', 'measure', 'output', 'title', 'losses', 'help', ...Object.keys(TEST_OPTIONS)];

/** Runs `rankeval report --nuggets` on the arguments `rankeval report` read; returns the exit status. */
export async function runNuggetsReport(values: ReportValues, positionals: readonly string[], io: Io, usage: (message: string) => CliError): Promise<number> {
  const refused = Object.keys(values).find((flag) => !NUGGETS_FLAGS.includes(flag));
  if (refused !== undefined) {
    const short = (REPORT_OPTIONS as Record<string, { short?: string }>)[refused]?.short;
    throw usage(`--${refused}${short === undefined ? '' : ` (-${short})`} does not apply with --nuggets, which compares answers by their nugget scores`);
  }
  if (positionals.length === 0) throw usage('--nuggets takes one assignments file or more (ASSIGNMENTS…)');
  const topics = values.topics;
  checkStdinOnce(topics === undefined ? positionals : [...positionals, topics], usage);
  const files = { files: positionals, topics, grades: readGradesFlag(values.grades, usage) };
  const options = readNuggetCompareFlags(values, usage);
  const losses = readLosses(values.losses, usage);
  const output = outputName(values.output, usage);
  const inputs = [...positionals.map((path) => ({ path, role: 'one of the assignments files' })), ...(topics === undefined ? [] : [{ path: topics, role: 'the nugget bank (--topics)' }])];
  if (output !== undefined) checkOutput(output, inputs, 'the report', usage);
  const { renderReportData } = await loadReportRenderer();
  const result = await loadNuggetEvaluation(files, io);
  const data = withNuggetScores(result, files, options, usage, '--nuggets', (scores) => reportData({ scores }, { ...options, measures: options.measures!, losses }));
  const { title } = values;
  const subtitle = [`nugget scores of ${positionals.map(inputName).join(', ')}${topics === undefined ? '' : ` on the topics of ${inputName(topics)}`}`];
  await writeReport(renderReportData(data, { ...(title === undefined ? {} : { title }), subtitle }), output, io);
  return 0;
}
