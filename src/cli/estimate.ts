// `rankeval estimate RUN … --human H --judge J -m ndcg@10`: each run's mean from a few human labels and a
// judge's labels of every query, with its interval and the human-only one beside it.
import { estimateRun, type RunEstimate } from '../judging/estimate.js';
import { estimateNuggetScore } from '../nuggets/estimate.js';
import { messageText } from '../text/escape.js';
import { renderTable, type Column } from '../text/table.js';
import { flagNumber, numberFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { type Io, usageError } from './shared/command.js';
import { runNames } from './shared/comparison.js';
import { asInputError, loadNuggetAssignments } from './shared/files.js';
import { NUGGET_HELP, NUGGET_OPTIONS, readNuggetFlags, type NuggetFlags } from './shared/nugget-flags.js';
import { inputName } from './shared/input.js';
import { LABEL_HELP, LABEL_OPTIONS, labelWarningLine, loadLabels, readLabelArgs, type LabelArgs } from './shared/labels.js';
import { DEFAULT_MEASURES, OUTPUT_FORMATS } from './shared/options.js';

export const estimateUsage = `Usage: rankeval estimate RUN … --human H --judge J [-m MEASURE …] [--alpha A] [--lambda L] [--format F]
       rankeval estimate --nuggets --human H --judge J [--score S] [--run R] [--alpha A] [--lambda L] [--format F]

Each run's mean from a few human labels and an LLM judge's labels of every query (prediction-powered
inference, PPI++): the mean over every query the judge labelled, corrected by the queries people judged,
with its interval; beside it the interval from the human labels alone, and how many human labels the
judge's labels were worth (the human labels whose mean alone would be as precise). Every query people
judged must be labelled by the judge too; the judge's other queries are what its labels add. See the
guide "How many labels" (docs/how-many-labels.md).

With --nuggets, each run's mean nugget score from an LLM's assignments of every answer (--judge) and
people's of a few (--human), both nugget assignment files (nuggetizer's assign output): the checked
answers' scores under people and under the LLM, and the LLM's score of the run's other answers. A run with
fewer than 2 checked answers, or none the LLM alone assigned, is left out with a warning.

Files (format told from the content):
  RUN …                 the runs; - is standard input (for one file)
${LABEL_HELP}
  --names A,B,…         run names (default: the file names without their extension)

Nuggets:
  --nuggets             --human and --judge are nugget assignment files; the runs are theirs (no RUN)
${NUGGET_HELP}
  --run R               the one run to estimate (default: every run of the judge's file)

Estimate:
  -m, --measure M       measures averaged over queries (repeatable or comma-separated; default ${DEFAULT_MEASURES.join(' ')})
  --alpha A             error level: intervals at 1 − A (default 0.05)
  --lambda L            tuned (default: PPI++'s power-tuned weight of the judge's labels), or a number from
                        0 (the human labels alone) to 1 (plain PPI)

Output:
  --format F            table (default), markdown, json or csv

Exit status: 0 done, 2 bad arguments, 3 a file cannot be read or is malformed, or the labels cannot give
an estimate (a query people judged that the judge did not, fewer than 2 human-judged queries, no query
the judge alone labelled).
`;

const usage = usageError('estimate');

export interface EstimateArgs extends LabelArgs {
  readonly runs: readonly { readonly name: string; readonly path: string }[];
  readonly alpha: number;
  readonly lambda: 'tuned' | number;
  readonly format: (typeof OUTPUT_FORMATS)[number];
  /** With --nuggets: the score, the scale and the one run to estimate, if one. */
  readonly nuggets?: NuggetFlags & { readonly run: string | undefined };
}

export function parseEstimateArgs(args: readonly string[]): EstimateArgs | 'help' {
  const { values, positionals } = parseCommandArgs(
    args,
    { ...LABEL_OPTIONS, ...NUGGET_OPTIONS, run: { type: 'string' }, names: { type: 'string' }, alpha: { type: 'string' }, lambda: { type: 'string' }, format: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    usage,
  );
  if (values.help) return 'help';
  const lambda: 'tuned' | number = values.lambda === undefined || values.lambda === 'tuned' ? 'tuned' : flagNumber(values.lambda);
  if (lambda !== 'tuned' && !(lambda >= 0 && lambda <= 1)) throw usage(`--lambda takes tuned or a number from 0 to 1; got '${values.lambda}'`);
  const estimate = {
    alpha: numberFlag(values.alpha, '--alpha', (a) => a > 0 && a < 1, 'a number between 0 and 1', usage) ?? 0.05,
    lambda,
    format: oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage),
  };
  if (values.nuggets) {
    if (positionals.length > 0) throw usage('with --nuggets the runs are the assignment files\' own: give no RUN');
    for (const [flag, name] of [['measure', '-m'], ['names', '--names'], ['qrels-format', '--qrels-format'], ['run-format', '--run-format'], ['grade-column', '--grade-column'], ['relevance-threshold', '-l'], ['topics', '--topics']] as const) {
      if (values[flag] !== undefined) throw usage(`${name} is not taken with --nuggets`);
    }
    const labels = readLabelArgs(values, [], usage, DEFAULT_MEASURES);
    return { ...labels, runs: [], ...estimate, nuggets: { ...readNuggetFlags(values, usage), run: values.run } };
  }
  for (const flag of ['score', 'topics', 'grades', 'run'] as const) if (values[flag] !== undefined) throw usage(`--${flag} is about nugget assignments: give --nuggets`);
  if (positionals.length === 0) throw usage('expected a run or more (RUN …)');
  const labels = readLabelArgs(values, positionals, usage, DEFAULT_MEASURES);
  const names = runNames(positionals, values.names, usage);
  return { ...labels, runs: positionals.map((path, i) => ({ name: names[i]!, path })), ...estimate };
}

const COLUMNS: readonly Column[] = [
  { name: 'run', kind: 'text' },
  { name: 'measure', kind: 'text' },
  { name: 'estimate', kind: 'score' },
  { name: 'lower', kind: 'score' },
  { name: 'upper', kind: 'score' },
  { name: 'human only', kind: 'score' },
  { name: 'lower', kind: 'score' },
  { name: 'upper', kind: 'score' },
  { name: 'λ', kind: 'score' },
  { name: 'n', kind: 'count' },
  { name: 'N', kind: 'count' },
  { name: 'worth', kind: 'score' },
];

/** Runs `rankeval estimate`; returns the exit status. */
export async function runEstimate(argv: readonly string[], io: Io): Promise<number> {
  const args = parseEstimateArgs(argv);
  if (args === 'help') {
    io.stdout.write(estimateUsage);
    return 0;
  }
  if (args.nuggets !== undefined) return runNuggetEstimate(args, args.nuggets, io);
  const { human, judge, runs } = await loadLabels(args, args.runs.map((run) => run.path), io);
  const labelFiles = `${inputName(args.human)} or ${inputName(args.judge)}`;
  const options = { measures: args.measures, alpha: args.alpha, lambda: args.lambda, relevanceThreshold: args.relevanceThreshold };
  const results: { run: string; result: RunEstimate }[] = args.runs.map(({ name }, i) => ({ run: name, result: asInputError(labelFiles, () => estimateRun(runs[i]!.rankings, { human: human.qrels, judge: judge.qrels }, options)) }));
  for (const { run, result } of results) {
    for (const warning of result.warnings) io.stderr.write(labelWarningLine('estimate', args, run, warning));
  }
  writeEstimates(results, args, io);
  return 0;
}

/** `rankeval estimate --nuggets`: each run's nugget score from the judge's assignments and people's few. */
async function runNuggetEstimate(args: EstimateArgs, nuggets: NonNullable<EstimateArgs['nuggets']>, io: Io): Promise<number> {
  const human = await loadNuggetAssignments(args.human, nuggets.grades, io.stderr);
  const judge = await loadNuggetAssignments(args.judge, nuggets.grades, io.stderr);
  const options = { score: nuggets.score, alpha: args.alpha, lambda: args.lambda, ...(nuggets.run === undefined ? {} : { run: nuggets.run }) };
  const result = asInputError(`${inputName(args.human)} or ${inputName(args.judge)}`, () => estimateNuggetScore(judge, human, options));
  for (const warning of result.warnings) io.stderr.write(`rankeval estimate: warning: ${messageText(warning.message)}\n`);
  writeEstimates(Object.entries(result.runs).map(([run, estimate]) => ({ run, result: estimate })), args, io);
  return 0;
}

/** Each run's estimates, one row per run and measure (or nugget score); JSON: the results as they are. */
function writeEstimates(results: readonly { run: string; result: Pick<RunEstimate, 'estimates'> }[], args: EstimateArgs, io: Io): void {
  if (args.format === 'json') {
    io.stdout.write(`${JSON.stringify(results.map(({ run, result }) => ({ run, ...result })), null, 2)}\n`);
    return;
  }
  const rows = results.flatMap(({ run, result }) =>
    Object.entries(result.estimates).map(([measure, e]) => [run, measure, e.estimate, e.lower, e.upper, e.humanOnly.estimate, e.humanOnly.lower, e.humanOnly.upper, e.lambda, e.n, e.N, e.effectiveHumanLabels]),
  );
  io.stdout.write(renderTable(COLUMNS, rows, args.format));
  const [n, N] = args.nuggets === undefined ? ['human-judged queries', 'judged by the judge only'] : ['answers people assigned', 'assigned by the judge only'];
  if (args.format === 'table') io.stdout.write(`\n${Math.round((1 - args.alpha) * 1000) / 10} % intervals; n ${n}, N ${N}; worth: the human labels alone as precise as the estimate.\n`);
}
