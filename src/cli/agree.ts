// `rankeval agree QRELS_A QRELS_B [RUN …]`: how far two label sets agree and, with runs, whether they order
// the systems alike.
import { labelAgreement, type LabelAgreement } from '../agreement/label-agreement.js';
import { systemAgreement } from '../analysis/system-agreement.js';
import { nuggetLabelAgreement, nuggetSystemAgreement } from '../nuggets/agreement.js';
import { SIGNIFICANCE_TESTS } from '../analysis/compare.js';
import { isRankevalError } from '../core/errors.js';
import { parseMeasure } from '../measures/registry.js';
import { renderAgreement, systemWarningLines } from '../text/agreement.js';
import { messageText } from '../text/escape.js';
import { numberFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { CliError, INPUT_ERROR, type Io, usageError } from './shared/command.js';
import { readSeedFlag, readTestFlags, runNames } from './shared/comparison.js';
import { asInputError, checkStdinOnce, loadGoldenSet, loadGoldenSetAnd, loadNuggetAssignments, loadNuggetBank, loadRun } from './shared/files.js';
import { NUGGET_HELP, NUGGET_OPTIONS, readNuggetFlags, type NuggetFlags } from './shared/nugget-flags.js';
import { inputName } from './shared/input.js';
import { canonicalMeasure, GRADE_COLUMN_HELP, OUTPUT_FORMATS, readGradeColumn, readQrelsFormat, readRelevanceThreshold, readRunFormat } from './shared/options.js';

export const agreeUsage = `Usage: rankeval agree QRELS_A QRELS_B [RUN …] [-m MEASURE] [-q] [--format F] [flags]
       rankeval agree --nuggets ASSIGNMENTS_A ASSIGNMENTS_B [--score S] [--topics BANK] [flags]

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

With --nuggets, two nugget assigners (an LLM's assignments, A, against people's, B, or two LLMs): the
same label figures nugget by nugget — each run's answer to a topic a query, each nugget a document, graded
not_support 0, partial_support 1, support 2 — over all nuggets, the vital ones and the okay ones (rows all,
vital, okay); and with two runs or more in the files, the runs ordered by their nugget score under each
(a topic a run did not answer scoring 0), compared as above. Nuggets one assigner only labelled are
counted in a warning.

Files (format told from the content: TREC, BEIR qrels, JSONL, JSON or CSV):
  QRELS_A QRELS_B       the two label sets (golden sets); - is standard input (for one of the files)
  RUN …                 runs to order under both
  --qrels-format F      force the label sets' format: trec, beir, jsonl, json, csv, trec-diversity
  --run-format F        force the runs' format: trec, jsonl, json, csv
${GRADE_COLUMN_HELP}
  --names A,B,…         run names (default: the file names without their extension)

Nuggets:
  --nuggets             the two files are nugget assignments (nuggetizer's assign output, as rankeval
                        nuggets reads them), not label sets; runs are the files' own
${NUGGET_HELP}
  --topics BANK         a nugget bank: every run is scored on its topics (default: on each side, the
                        topics answered in its file)

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
  /** With --nuggets: the score the runs are ordered by, the scale and the bank. */
  readonly nuggets?: NuggetFlags & { readonly topics: string | undefined };
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
      ...NUGGET_OPTIONS,
      help: { type: 'boolean', short: 'h' },
    },
    usage,
  );
  if (values.help) return 'help';
  if (values.nuggets) return parseNuggetAgreeArgs(values, positionals);
  for (const flag of ['score', 'topics', 'grades'] as const) if (values[flag] !== undefined) throw usage(`--${flag} is about nugget assignments: give --nuggets`);
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

/** The arguments of `rankeval agree --nuggets A B`: the label flags that apply, and the nugget flags. */
function parseNuggetAgreeArgs(values: Record<string, string | boolean | undefined>, positionals: readonly string[]): AgreeArgs {
  if (positionals.length !== 2) throw usage(`expected two assignment files (ASSIGNMENTS_A ASSIGNMENTS_B) with --nuggets, got ${positionals.length}`);
  for (const [flag, name] of [['measure', '-m'], ['names', '--names'], ['qrels-format', '--qrels-format'], ['run-format', '--run-format'], ['grade-column', '--grade-column'], ['relevance-threshold', '-l']] as const) {
    if (values[flag] !== undefined) throw usage(`${name} is about label sets and runs, not nugget assignments (--nuggets)`);
  }
  const topics = values.topics as string | undefined;
  checkStdinOnce(topics === undefined ? positionals : [...positionals, topics], usage);
  const text = (flag: string): string | undefined => values[flag] as string | undefined;
  return {
    qrels: [positionals[0]!, positionals[1]!],
    runs: [],
    qrelsFormat: 'auto',
    runFormat: 'auto',
    gradeColumn: undefined,
    relevanceThreshold: 1,
    samples: numberFlag(text('samples'), '--samples', (n) => Number.isSafeInteger(n) && n >= 1 && n <= 100_000, 'an integer from 1 to 100000', usage) ?? 1000,
    seed: readSeedFlag(text('seed'), usage),
    measure: '',
    topK: numberFlag(text('top-k'), '--top-k', (k) => Number.isSafeInteger(k) && k >= 2, 'an integer of 2 or more', usage) ?? 5,
    ...readTestFlags(values as { test?: string; alpha?: string; correction?: string }, usage),
    format: oneOf(text('format'), OUTPUT_FORMATS, '--format', 'table', usage),
    perQuery: values['per-query'] === true,
    nuggets: { ...readNuggetFlags({ score: text('score'), grades: text('grades') }, usage), topics },
  };
}

/** `rankeval agree --nuggets`: the assigners' agreement nugget by nugget and, with two runs or more, in the runs' order. */
async function runNuggetAgree(args: AgreeArgs, nuggets: NonNullable<AgreeArgs['nuggets']>, io: Io): Promise<number> {
  const [pathA, pathB] = args.qrels;
  const [answersA, answersB] = [await loadNuggetAssignments(pathA, nuggets.grades, io.stderr), await loadNuggetAssignments(pathB, nuggets.grades, io.stderr)];
  const bank = nuggets.topics === undefined ? undefined : await loadNuggetBank(nuggets.topics, io.stderr);
  const names = [inputName(pathA), inputName(pathB)] as const;
  const files = `${names[0]} or ${names[1]}`;
  const labels = asInputError(files, () => {
    try {
      return nuggetLabelAgreement(answersA, answersB, { grades: nuggets.grades, samples: args.samples, seed: args.seed });
    } catch (error) {
      if (isRankevalError(error) && error.code === 'undefined_statistic') throw new CliError(`${names[0]} and ${names[1]} assign no nugget in common: nothing to compare`, INPUT_ERROR);
      throw error;
    }
  });
  const runs = new Set(answersA.map((answer) => answer.runId)).size;
  const systems = runs < 2 ? undefined : asInputError(files, () => nuggetSystemAgreement(answersA, answersB, { score: nuggets.score, ...(bank === undefined ? {} : { topics: bank }), topK: args.topK, test: args.test, alpha: args.alpha, correction: args.correction }));
  const warn = (line: string): void => void io.stderr.write(`rankeval agree: warning: ${messageText(line)}\n`);
  for (const warning of labels.warnings) warn(warning.code === 'unmatched_nuggets' ? `${warning.onlyA} nuggets only ${names[0]} labels and ${warning.onlyB} only ${names[1]} labels are left out` : warning.message);
  for (const line of systems === undefined ? [] : systemWarningLines(systems, names)) warn(line);
  const { samples, seed, test, alpha, correction } = args;
  const report = { names, labels: labels.all, nuggets: { vital: labels.vital, okay: labels.okay }, ...(systems === undefined ? {} : { systems }), relevanceThreshold: 1, samples, seed, test, alpha, correction };
  io.stdout.write(renderAgreement(report, args.format, args.perQuery));
  return 0;
}

/** Runs `rankeval agree`; returns the exit status. */
export async function runAgree(argv: readonly string[], io: Io): Promise<number> {
  const args = parseAgreeArgs(argv);
  if (args === 'help') {
    io.stdout.write(agreeUsage);
    return 0;
  }
  if (args.nuggets !== undefined) return runNuggetAgree(args, args.nuggets, io);
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
