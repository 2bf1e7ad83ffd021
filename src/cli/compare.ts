// `rankeval compare QRELS RUN_A RUN_B [RUN_C …] -m ndcg@10 …`: did the change help, and is it more than noise?
import { compareEvaluations, compareScores } from '../analysis/compare.js';
import { queriesLostMost, regressions, REGRESSION_DEFAULTS } from '../analysis/regression.js';
import { messageText } from '../text/escape.js';
import { lossText, regressionRuleText, regressionText } from '../text/regression.js';
import { numberFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { loadNuggetEvaluation, NUGGET_MODE_OPTIONS, readNuggetMode, withNuggetScores, type NuggetMode } from './shared/nuggets.js';
import { GATE_FAILED, type Io, usageError } from './shared/command.js';
import { COMPARE_OPTIONS, compareOptions, comparisonOutput, type CompareArgs, evaluations, readCompareArgs, scoreFiles } from './shared/comparison.js';
import { asInputError } from './shared/files.js';
import { inputName } from './shared/input.js';
import { runsWarnings } from './shared/means.js';
import { DEFAULT_MEASURES, OUTPUT_FORMATS, type OutputFormat } from './shared/options.js';

export const compareUsage = `Usage: rankeval compare QRELS RUN_A RUN_B [RUN_C …] [-m MEASURE …] [flags]
       rankeval compare --nuggets ASSIGNMENTS… [--topics BANK] [--grades 2|3] [-m SCORE …] [flags]

Compares runs on the same judged queries: each run's mean, its difference from the baseline (the first
run unless --baseline), a paired two-sided p-value corrected for the number of comparisons, an interval
for the difference, the queries won, tied and lost, and Cohen's d. Every run is scored on every judged
query; a run that misses judged queries (scored 0 there) or answers unjudged ones is named on stderr.

Files (format told from the content: TREC, BEIR qrels, JSONL, JSON or CSV):
  --qrels-format F      force the golden set's format: trec, beir, jsonl, json, csv, or
                        trec-diversity (qid subtopic docno grade; never told from the content)
  --run-format F        force the runs' format: trec, jsonl, json, csv
  --grade-column NAME   the golden set's grade column (CSV, BEIR), as rankeval eval
  --names A,B,…         run names (default: the file names without their extension)
  -                     as a file name: standard input (for one of the files)

Measures:
  -m, --measure M       as rankeval eval (repeatable or comma-separated; default ${DEFAULT_MEASURES.join(' ')})
  -l, --relevance-threshold N, --no-relevant MODE, --ties T, --checks MODE   as rankeval eval
  --score-order O, --system-k N[:warn], --lengths FILE                     as rankeval eval

Test:
  --test T              t (default; randomization with --fail-on-regression), randomization, bootstrap,
                        wilcoxon or sign
  --alpha A             significance level, intervals at 1 − A (default 0.05)
  --correction C        holm (default), bonferroni or none
  --permutations N      randomization permutations or bootstrap resamples (default 10000)
  --seed N              seed of the randomization and bootstrap, 0 to 4294967295 (default 42)
  --interval I          t or bootstrap (default: bootstrap with --test bootstrap, else t)
  --baseline NAME       the run the others are compared with (a name or a file given)

Gate, for CI:
  --fail-on-regression  exit 1 when a run is significantly worse than the baseline on a measure: its mean
                        lower by more than --margin (higher, for miss@k, tokens@k, fall_out@k, unj@k and
                        rbp_resid, where lower is better), and the test's p, corrected, below --alpha. Each such
                        run and measure is named on stderr with Δ, p and the queries it lost most. The test
                        is randomization unless --test (seeded: the same files give the same verdict);
                        --alpha and --correction as above (0.05, holm)
  --margin M            with --fail-on-regression: a drop of a mean up to M (in the measure's units, e.g.
                        0.01 of ndcg@10) passes even when significant (default 0). Not a shifted test: the
                        test asks whether there is a difference, the margin how large one may be

Nuggets (--nuggets ASSIGNMENTS…): RAG answer generators compared topic by topic on their nugget scores
(nuggetizer's assign output, several files read as one, as rankeval nuggets scores them), with the test
flags, --baseline RUN and --format above; -m takes the nugget scores' names (default all six:
strict_vital_score, strict_all_score, vital_score, all_score, strict_weighted_score, weighted_score).
  --topics BANK         a nugget bank: every run is scored on its topics, a topic a run did not answer
                        scoring 0; without it, runs must answer the same topics
  --grades G            the assignments' scale: 3 (default) or 2

Output:
  --format F            table (default; coloured on a terminal), markdown, json or csv

Exit status: 0 done, 1 a run regressed (--fail-on-regression), 2 bad arguments, 3 a file cannot be
read or is malformed or the output cannot be written.
`;

const usage = usageError('compare');

/** `rankeval compare`'s own flags beside those it shares with `rankeval report`: the regression gate. */
export interface CompareCommandArgs extends CompareArgs {
  readonly failOnRegression: boolean;
  /** The largest drop of a mean tolerated (0 without --margin). */
  readonly margin: number;
}

const COMPARE_COMMAND_OPTIONS = {
  ...COMPARE_OPTIONS,
  'fail-on-regression': { type: 'boolean' },
  margin: { type: 'string' },
  ...NUGGET_MODE_OPTIONS,
} as const;

/** `rankeval compare --nuggets`: the answers and the comparison's options, and its output format. */
export interface NuggetsCompareRequest {
  readonly nuggets: NuggetMode;
  readonly format: OutputFormat;
}

export function parseCompareArgs(args: readonly string[]): CompareCommandArgs | NuggetsCompareRequest | 'help' {
  const { values, positionals } = parseCommandArgs(args, COMPARE_COMMAND_OPTIONS, usage);
  if (values.help) return 'help';
  const nuggets = readNuggetMode(values, positionals, COMPARE_COMMAND_OPTIONS, ['format'], usage);
  if (nuggets !== undefined) return { nuggets, format: oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage) };
  const read = readCompareArgs(values, positionals, 2, usage);
  const failOnRegression = values['fail-on-regression'] ?? false;
  if (values.margin !== undefined && !failOnRegression) throw usage('--margin applies to --fail-on-regression, which is not given');
  const margin = numberFlag(values.margin, '--margin', (m) => Number.isFinite(m) && m >= 0, 'a number ≥ 0 (the largest drop of a mean tolerated)', usage) ?? 0;
  if (!failOnRegression) return { ...read, failOnRegression, margin };
  // The gate's own defaults where no flag says otherwise: the same rule as the toNotRegressFrom matcher.
  return {
    ...read,
    test: values.test === undefined ? REGRESSION_DEFAULTS.test : read.test,
    alpha: values.alpha === undefined ? REGRESSION_DEFAULTS.alpha : read.alpha,
    correction: values.correction === undefined ? REGRESSION_DEFAULTS.correction : read.correction,
    failOnRegression,
    margin,
  };
}

/** Runs `rankeval compare`; returns the exit status. */
export async function runCompare(argv: readonly string[], io: Io & { readonly colour?: boolean }): Promise<number> {
  const args = parseCompareArgs(argv);
  if (args === 'help') {
    io.stdout.write(compareUsage);
    return 0;
  }
  if ('nuggets' in args) return runNuggetsCompare(args, io);
  const { scorers } = await scoreFiles(args, io, 'QRELS RUN_A RUN_B …');
  const scored = evaluations(args, scorers);
  const comparison = asInputError(inputName(args.qrels), () => compareEvaluations(scored, { ...compareOptions(args), baseline: args.baseline ?? args.runs[0]!.name }));
  for (const line of runsWarnings(scored, comparison.runs, inputName(args.qrels))) io.stderr.write(`rankeval compare: warning: ${messageText(line)}\n`);
  io.stdout.write(comparisonOutput(comparison, args.format, io.colour ?? false));
  if (!args.failOnRegression) return 0;
  const regressed = regressions(comparison, { margin: args.margin });
  const base = scored.get(comparison.baseline)!;
  for (const row of regressed) {
    const lost = queriesLostMost(base, scored.get(row.run)!, row.measure).map(lossText).join(', ');
    io.stderr.write(`rankeval compare: regression: ${messageText(`${row.run} against ${comparison.baseline}, ${regressionText(row, comparison, base.mean[row.measure]!)}; lost most: ${lost}`)}\n`);
  }
  if (regressed.length === 0) return 0;
  io.stderr.write(`rankeval compare: ${regressed.length} regression${regressed.length === 1 ? '' : 's'} (${messageText(regressionRuleText(comparison, args.margin))})\n`);
  return GATE_FAILED;
}

/** `rankeval compare --nuggets`: the generators compared topic by topic on their nugget scores (compareScores). */
async function runNuggetsCompare({ nuggets: { files, options }, format }: NuggetsCompareRequest, io: Io & { readonly colour?: boolean }): Promise<number> {
  const result = await loadNuggetEvaluation(files, io);
  io.stdout.write(comparisonOutput(withNuggetScores(result, files, options, usage, '--nuggets', (scores) => compareScores(scores, options)), format, io.colour ?? false));
  return 0;
}
