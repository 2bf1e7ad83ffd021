// `rankeval report --nuggets ASSIGNMENTS…`: the report of RAG answer generators compared by their nugget
// scores, topic by topic, as one HTML file (reportData from scores: no rankings, so no curves).
import { reportData } from '../report/data.js';
import { type CliError, type Io } from './shared/command.js';
import { inputName } from './shared/input.js';
import { loadNuggetEvaluation, type NuggetMode, withNuggetScores } from './shared/nuggets.js';
import { checkOutput, outputName } from './shared/output.js';
import { loadReportRenderer, readLosses, type ReportValues, writeReport } from './report-common.js';

/** Runs `rankeval report --nuggets` on the flags `rankeval report` read and the mode they ask for; returns the exit status. */
export async function runNuggetsReport(values: ReportValues, { files, options }: NuggetMode, io: Io, usage: (message: string) => CliError): Promise<number> {
  const { files: positionals, topics } = files;
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
