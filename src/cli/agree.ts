// `rankeval agree QRELS_A QRELS_B [RUN …]`: how far two label sets agree and, with runs, whether they order
// the systems alike.
import { labelAgreement, type LabelAgreement } from '../agreement/label-agreement.js';
import { systemAgreement } from '../analysis/system-agreement.js';
import { SIGNIFICANCE_TESTS } from '../analysis/compare.js';
import { isRankevalError } from '../core/errors.js';
import { parseMeasure } from '../measures/registry.js';
import { renderAgreement, systemWarningLines } from '../text/agreement.js';
import { messageText } from '../text/escape.js';
import { numberFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { CliError, INPUT_ERROR, type Io, usageError } from './shared/command.js';
import { readSeedFlag, readTestFlags, runNames } from './shared/comparison.js';
import { asInputError, checkStdinOnce, loadGoldenSet, loadGoldenSetAnd, loadRun } from './shared/files.js';
import { inputName } from './shared/input.js';
import { canonicalMeasure, GRADE_COLUMN_HELP, OUTPUT_FORMATS, readGradeColumn, readQrelsFormat, readRelevanceThreshold, readRunFormat } from './shared/options.js';

export const agreeUsage = `Usage: rankeval agree QRELS_A QRELS_B [RUN …] [-m MEASURE] [-q] [--format F] [flags]

How far two sets of labels agree (a second annotator's, or an LLM judge's against people's), and with
runs, whether they lead to the same conclusions. A is the reference (people's labels), B the labels under
test.

Over the documents both label sets judge: the share given the same grade, Cohen's κ (unweighted, and
weighted linearly and quadratically by the grades' distance), Krippendorff's α (ordinal), agreement on
relevant or not (grade ≥ -l) with its κ, and 95% bootstrap intervals over queries; then the grades given
side by side (the confusion matrix) and the documents only one side judged. κ ≥ 0.6 is read as
substantial agreement (Landis & Koch); see the agreement guide for the limits of such readings.

With two runs or more: each run scored on MEASURE under both label sets, over the queries both judge, the
two orders of the runs compared by Kendall's τ_b, τ_AP,b (which weighs swaps among the best runs more) and
Spearman's ρ, overall and among the --top-k best under A (τ ≥ 0.9 is read as equivalent orders, Voorhees
2000), and every pair of runs whose order flips, with the paired test's p under each label set (blank
over fewer than two queries). A warning on stderr says when the label sets judge different queries, when
too few queries leave the test out, and when fewer than three runs make the correlations say nothing.

Files (format told from the content: TREC, BEIR qrels, JSONL, JSON or CSV):
  QRELS_A QRELS_B       the two label sets (golden sets); - is standard input (for one of the files)
  RUN …                 runs to order under both
  --qrels-format F      force the label sets' format: trec, beir, jsonl, json, csv, trec-diversity
  --run-format F        force the runs' format: trec, jsonl, json, csv
${GRADE_COLUMN_HELP}
  --names A,B,…         run names (default: the file names without their extension)

Labels:
  -l, --relevance-threshold N   the grade from which a document is relevant (default 1), for the
                        agreement on relevant or not and for the runs' binary measures
  --samples N           bootstrap resamples of the queries (default 1000)
  --seed N              the bootstrap's seed, 0 to 4294967295 (default 42)

Runs:
  -m, --measure M       the measure the runs are ordered by (one; default ndcg@10)
  --top-k K             how many of the best runs under A the top correlations are over (default 5)
  --test T, --alpha A, --correction C   the paired test of a flipped pair, as rankeval compare (t, 0.05,
                        holm)

Output:
  --format F            table (default), markdown, json, or csv (one figure a row: section, name,
                        statistic, value)
  -q, --per-query       the label agreement of each query too

Exit status: 0 done, 2 bad arguments, 3 a file cannot be read or is malformed, or the label sets judge no
document in common.
`;

const usage = usageError('agree');

export interface AgreeArgs {
  readonly qrels: readonly [string, string];
  readonly runs: readonly { readonly name: string; readonly path: string }[];
  readonly qrelsFormat: 'trec' | 'beir' | 'jsonl' | 'json' | 'csv' | 'trec-diversity' | 'auto';
  readonly runFormat: 'trec' | 'jsonl' | 'json' | 'csv' | 'auto';
  readonly gradeColumn: string | undefined;
  readonly relevanceThreshold: number;
  readonly samples: number;
  readonly seed: number;
  readonly measure: string;
  readonly topK: number;
  readonly test: (typeof SIGNIFICANCE_TESTS)[number];
  readonly alpha: number;
  readonly correction: 'holm' | 'bonferroni' | 'none';
  readonly format: (typeof OUTPUT_FORMATS)[number];
  readonly perQuery: boolean;
}

export function parseAgreeArgs(args: readonly string[]): AgreeArgs | 'help' {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      'qrels-format': { type: 'string' },
      'run-format': { type: 'string' },
      'grade-column': { type: 'string' },
      names: { type: 'string' },
      'relevance-threshold': { type: 'string', short: 'l' },
      samples: { type: 'string' },
      seed: { type: 'string' },
      measure: { type: 'string', short: 'm' },
      'top-k': { type: 'string' },
      test: { type: 'string' },
      alpha: { type: 'string' },
      correction: { type: 'string' },
      format: { type: 'string' },
      'per-query': { type: 'boolean', short: 'q' },
      help: { type: 'boolean', short: 'h' },
    },
    usage,
  );
  if (values.help) return 'help';
  const [qrelsA, qrelsB, ...runPaths] = positionals;
  if (qrelsB === undefined) throw usage(`expected two label sets (QRELS_A QRELS_B), got ${positionals.length} ${positionals.length === 1 ? 'file' : 'files'}`);
  if (runPaths.length === 1) throw usage('expected no run or two runs or more: one run has no order to compare');
  checkStdinOnce(positionals, usage);
  const runOnly = (flag: string, given: unknown): void => {
    if (given !== undefined && runPaths.length === 0) throw usage(`${flag} is about the runs' order, and no run is given`);
  };
  for (const flag of ['measure', 'top-k', 'test', 'alpha', 'correction', 'names'] as const) runOnly(flag === 'measure' ? '-m' : `--${flag}`, values[flag]);
  const measure = canonicalMeasure(values.measure ?? 'ndcg@10', usage);
  if (parseMeasure(measure).definition.aggregate !== 'mean') throw usage(`-m ${measure}: its run figure is not a mean of per-query values, which the paired test of a flipped pair needs`);
  const names = runPaths.length === 0 ? [] : runNames(runPaths, values.names, usage);
  return {
    qrels: [qrelsA!, qrelsB],
    runs: runPaths.map((path, i) => ({ name: names[i]!, path })),
    qrelsFormat: readQrelsFormat(values['qrels-format'], usage),
    runFormat: readRunFormat(values['run-format'], usage),
    gradeColumn: readGradeColumn(values['grade-column'], usage),
    relevanceThreshold: readRelevanceThreshold(values['relevance-threshold'], usage),
    samples: numberFlag(values.samples, '--samples', (n) => Number.isSafeInteger(n) && n >= 1 && n <= 100_000, 'an integer from 1 to 100000', usage) ?? 1000,
    seed: readSeedFlag(values.seed, usage),
    measure,
    topK: numberFlag(values['top-k'], '--top-k', (k) => Number.isSafeInteger(k) && k >= 2, 'an integer of 2 or more', usage) ?? 5,
    ...readTestFlags(values, usage),
    format: oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage),
    perQuery: values['per-query'] ?? false,
  };
}

/** Runs `rankeval agree`; returns the exit status. */
export async function runAgree(argv: readonly string[], io: Io): Promise<number> {
  const args = parseAgreeArgs(argv);
  if (args === 'help') {
    io.stdout.write(agreeUsage);
    return 0;
  }
  const [pathA, pathB] = args.qrels;
  const formats = { qrelsFormat: args.qrelsFormat, runFormat: args.runFormat, ...(args.gradeColumn === undefined ? {} : { gradeColumn: args.gradeColumn }) };
  const where = 'the label sets come first: QRELS_A QRELS_B RUN …';
  const { golden: goldenA, runs } = await loadGoldenSetAnd(pathA, args.runs.map((run) => run.path), formats, io.stderr, where, (path) => loadRun(path, args.runFormat, io.stderr));
  const goldenB = await loadGoldenSet(pathB, args.qrelsFormat, io.stderr, args.gradeColumn);
  const names = [inputName(pathA), inputName(pathB)] as const;
  let labels: LabelAgreement;
  try {
    labels = labelAgreement(goldenA.qrels, goldenB.qrels, { relevanceThreshold: args.relevanceThreshold, samples: args.samples, seed: args.seed });
  } catch (error) {
    if (isRankevalError(error) && error.code === 'undefined_statistic') throw new CliError(`${names[0]} and ${names[1]} judge no document in common: nothing to compare`, INPUT_ERROR);
    throw error;
  }
  const systems =
    runs.length === 0
      ? undefined
      : asInputError(`${names[0]} or ${names[1]}`, () =>
          systemAgreement(new Map(args.runs.map(({ name }, i) => [name, runs[i]!.rankings])), goldenA.qrels, goldenB.qrels, {
            measure: args.measure,
            relevanceThreshold: args.relevanceThreshold,
            topK: args.topK,
            test: args.test,
            alpha: args.alpha,
            correction: args.correction,
          }),
        );
  const { samples, seed, relevanceThreshold, test, alpha, correction } = args;
  for (const line of systems === undefined ? [] : systemWarningLines(systems, names)) io.stderr.write(`rankeval agree: warning: ${messageText(line)}\n`);
  io.stdout.write(renderAgreement({ names, labels, ...(systems === undefined ? {} : { systems }), relevanceThreshold, samples, seed, test, alpha, correction }, args.format, args.perQuery));
  return 0;
}
