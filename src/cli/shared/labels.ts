// What `rankeval estimate` and `rankeval plan` share: the people's and the judge's label files, the runs,
// and the measures, read as the other commands read theirs.
import type { GoldenSet } from '../../formats/golden-collector.js';
import type { Run } from '../../formats/run-collector.js';
import { parseMeasure } from '../../measures/registry.js';
import type { CliError, Io } from './command.js';
import { inputName } from './input.js';
import { messageText } from '../../text/escape.js';
import { checkStdinOnce, loadGoldenSet, loadRun } from './files.js';
import { canonicalMeasure, measureNames, readGradeColumn, readQrelsFormat, readRelevanceThreshold, readRunFormat } from './options.js';

/** The flags of the two label sets, their formats and the measures. */
export const LABEL_OPTIONS = {
  human: { type: 'string' },
  judge: { type: 'string' },
  measure: { type: 'string', short: 'm', multiple: true },
  'qrels-format': { type: 'string' },
  'run-format': { type: 'string' },
  'grade-column': { type: 'string' },
  'relevance-threshold': { type: 'string', short: 'l' },
} as const;

export const LABEL_HELP = `  --human H             the people's labels of a few queries (a golden set: TREC, BEIR, JSONL, JSON, CSV)
  --judge J             the judge's (an LLM's) labels of every query, those people judged among them;
                        a judgments store's judge is written as qrels by rankeval judge --export qrels
  --qrels-format F      force both label sets' format: trec, beir, jsonl, json, csv
  --run-format F        force the runs' format: trec, jsonl, json, csv
  --grade-column NAME   the label sets' grade column (CSV, BEIR)
  -l, --relevance-threshold N   the grade from which a document is relevant (default 1)`;

export interface LabelArgs {
  readonly human: string;
  readonly judge: string;
  readonly measures: readonly string[];
  readonly qrelsFormat: ReturnType<typeof readQrelsFormat>;
  readonly runFormat: ReturnType<typeof readRunFormat>;
  readonly gradeColumn: string | undefined;
  readonly relevanceThreshold: number;
}

/** The label flags read and checked: both files given, each measure known and a mean over queries. */
export function readLabelArgs(values: { human?: string; judge?: string; measure?: string[]; 'qrels-format'?: string; 'run-format'?: string; 'grade-column'?: string; 'relevance-threshold'?: string }, paths: readonly string[], usage: (message: string) => CliError, defaultMeasures?: readonly string[]): LabelArgs {
  if (values.human === undefined) throw usage('--human is required: the people’s labels of a few queries');
  if (values.judge === undefined) throw usage('--judge is required: the judge’s labels of every query');
  checkStdinOnce([values.human, values.judge, ...paths], usage);
  const given = values.measure === undefined ? defaultMeasures : measureNames(values.measure, '-m', usage);
  if (given === undefined) throw usage('-m is required: the measure to plan for');
  const measures = given.map((name) => canonicalMeasure(name, usage));
  for (const measure of measures) {
    if (parseMeasure(measure).definition.aggregate !== 'mean') throw usage(`-m ${measure}: its run figure is not a mean of per-query values, which the estimate is about`);
  }
  return { human: values.human, judge: values.judge, measures, qrelsFormat: readQrelsFormat(values['qrels-format'], usage), runFormat: readRunFormat(values['run-format'], usage), gradeColumn: readGradeColumn(values['grade-column'], usage), relevanceThreshold: readRelevanceThreshold(values['relevance-threshold'], usage) };
}

/** The two label sets and the runs, loaded (each failure one line naming its file, exit 3). */
export async function loadLabels(args: LabelArgs, runPaths: readonly string[], io: Io): Promise<{ human: GoldenSet; judge: GoldenSet; runs: Run[] }> {
  const human = await loadGoldenSet(args.human, args.qrelsFormat, io.stderr, args.gradeColumn);
  const judge = await loadGoldenSet(args.judge, args.qrelsFormat, io.stderr, args.gradeColumn);
  const runs: Run[] = [];
  for (const path of runPaths) runs.push(await loadRun(path, args.runFormat, io.stderr));
  return { human, judge, runs };
}

/** A label scoring's warning as the commands print it: the run and the label file it was scored under. */
export function labelWarningLine(command: string, args: Pick<LabelArgs, 'human' | 'judge'>, run: string, { labels, warning }: { labels: 'human' | 'judge'; warning: { message: string } }): string {
  return `rankeval ${command}: warning: ${messageText(`run ${JSON.stringify(run)}, under ${labels === 'human' ? inputName(args.human) : inputName(args.judge)}: ${warning.message}`)}\n`;
}
