// `rankeval compare QRELS RUN_A RUN_B [RUN_C …] -m ndcg@10 …`: did the change help, and is it more than noise?
import { basename, extname } from 'node:path';
import { compareScores, SIGNIFICANCE_TESTS, type Correction, type SignificanceTest } from '../analysis/compare.js';
import type { GoldenSet } from '../formats/golden-set.js';
import { parseMeasure } from '../measures/registry.js';
import { queriesLostMost, regressions, REGRESSION_DEFAULTS } from '../analysis/regression.js';
import { SHOWN_DEPTH } from '../report/assemble.js';
import { renderComparison } from '../text/comparison.js';
import { messageText } from '../text/escape.js';
import { lossText, regressionRuleText, regressionText } from '../text/regression.js';
import { GATE_FAILED, type Io } from './eval.js';
import { asInputError, blameScoring, checkStdinOnce, goldenSetOptions, inputName, loadGoldenSetAnd, scoreRunFile, STDIN } from './files.js';
import { decimalNumber, evaluationOptions, oneOf, parseCommandArgs, readSharedArgs, SHARED_OPTIONS, type SharedArgs, usageError } from './options.js';
import { CliError } from './trec.js';
import type { RunEvaluation } from '../engine/run-result.js';
import { createRunScorer, type RunScorer } from '../engine/scorer.js';

const DEFAULT_MEASURES = ['ndcg@10', 'recall@10', 'mrr@10', 'map'];

export const compareUsage = `Usage: rankeval compare QRELS RUN_A RUN_B [RUN_C …] [-m MEASURE …] [flags]

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
  --system-k N[:warn], --lengths FILE                                      as rankeval eval

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

Output:
  --format F            table (default; coloured on a terminal), markdown, json or csv

Exit status: 0 done, 1 a run regressed (--fail-on-regression), 2 bad arguments, 3 a file cannot be
read or is malformed or the output cannot be written.
`;

const usage = usageError('compare');

export interface CompareArgs extends SharedArgs {
  readonly qrels: string;
  readonly runs: readonly { readonly name: string; readonly path: string }[];
  readonly test: SignificanceTest;
  readonly alpha: number;
  readonly correction: Correction;
  readonly permutations: number;
  readonly seed: number;
  readonly interval: 't' | 'bootstrap' | undefined;
  readonly baseline: string | undefined;
}

/** Run names from file names: `runs/bm25.jsonl` → `bm25`, `-` → `<stdin>`; the path itself when two would clash. */
export function runNames(paths: readonly string[], given: string | undefined, usage: (message: string) => CliError): string[] {
  if (given !== undefined) {
    const names = given.split(',').map((name) => name.trim());
    const empty = names.indexOf('');
    if (empty !== -1) throw usage(`--names gives an empty name (run ${empty + 1}): '${given}'`);
    if (names.length !== paths.length) throw usage(`--names gives ${names.length} names for ${paths.length} runs`);
    if (new Set(names).size !== names.length) throw usage(`--names repeats a name: '${given}'`);
    return names;
  }
  // Standard input is `<stdin>`, as messages name it.
  const short = paths.map((path) => (path === STDIN ? inputName(path) : basename(path, extname(path))));
  const names = short.map((name, i) => (short.indexOf(name) === short.lastIndexOf(name) ? name : paths[i]!));
  // The same file given twice (comparing a run with itself is a fair sanity check) gets numbered names.
  return names.map((name, i) => (names.indexOf(name) === i ? name : `${name} (${i + 1})`));
}

function numberFlag(text: string | undefined, flag: string, check: (value: number) => boolean, expected: string, usage: (message: string) => CliError): number | undefined {
  if (text === undefined) return undefined;
  const value = decimalNumber(text);
  if (!check(value)) throw usage(`${flag} takes ${expected}; got '${text}'`);
  return value;
}

/** The flags of `rankeval compare`, which `rankeval report` takes too. */
export const COMPARE_OPTIONS = {
  ...SHARED_OPTIONS,
  names: { type: 'string' },
  test: { type: 'string' },
  alpha: { type: 'string' },
  correction: { type: 'string' },
  permutations: { type: 'string' },
  seed: { type: 'string' },
  interval: { type: 'string' },
  baseline: { type: 'string' },
} as const;

/** `rankeval compare`'s own flags beside those it shares with `rankeval report`: the regression gate. */
export interface CompareCommandArgs extends CompareArgs {
  readonly failOnRegression: boolean;
  /** The largest drop of a mean tolerated (0 without --margin). */
  readonly margin: number;
}

export function parseCompareArgs(args: readonly string[]): CompareCommandArgs | 'help' {
  const { values, positionals } = parseCommandArgs(args, { ...COMPARE_OPTIONS, 'fail-on-regression': { type: 'boolean' }, margin: { type: 'string' } }, usage);
  if (values.help) return 'help';
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

/** The compare flags, read; `minimumRuns` is 2 for compare, 1 for report. */
export function readCompareArgs(
  values: ReturnType<typeof parseCommandArgs<typeof COMPARE_OPTIONS>>['values'],
  positionals: readonly string[],
  minimumRuns: number,
  usage: (message: string) => CliError,
): CompareArgs {
  const [qrels, ...runPaths] = positionals;
  if (qrels === undefined || runPaths.length < minimumRuns) throw usage(`expected a golden set and ${minimumRuns === 1 ? 'one' : 'two'} or more runs`);

  checkStdinOnce(positionals, usage);
  // Without -m the defaults are scored: checked against --system-k and --lengths as -m's would be.
  const shared = readSharedArgs(values, usage, values.measure === undefined ? DEFAULT_MEASURES : []);
  // compare() refuses a measure whose run figure is not a mean; said here, it is a usage error (exit 2).
  const notMean = shared.measures.find((name) => parseMeasure(name).definition.aggregate !== 'mean');
  if (notMean !== undefined) throw usage(`-m ${notMean}: its run figure is not a mean of per-query values (a sum or a geometric mean), which a paired comparison tests; use rankeval eval for it`);
  if (shared.measures.length === 0) shared.measures.push(...DEFAULT_MEASURES);
  const names = runNames(runPaths, values.names, usage);
  let baseline = values.baseline;
  if (baseline !== undefined) {
    const index = names.includes(baseline) ? names.indexOf(baseline) : runPaths.indexOf(baseline);
    if (index === -1) throw usage(`--baseline '${baseline}' is none of the runs (${names.join(', ')})`);
    baseline = names[index];
  }
  return {
    ...shared,
    qrels,
    runs: runPaths.map((path, i) => ({ name: names[i]!, path })),
    test: oneOf(values.test, SIGNIFICANCE_TESTS, '--test', 't', usage),
    alpha: numberFlag(values.alpha, '--alpha', (a) => a > 0 && a < 1, 'a number between 0 and 1', usage) ?? 0.05,
    correction: oneOf(values.correction, ['holm', 'bonferroni', 'none'], '--correction', 'holm', usage),
    permutations: numberFlag(values.permutations, '--permutations', (n) => Number.isSafeInteger(n) && n >= 1 && n <= 10_000_000, 'an integer from 1 to 10000000', usage) ?? 10_000,
    // The generator is seeded with 32 bits, as the library's `seed` option says.
    seed: numberFlag(values.seed, '--seed', (seed) => Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32, 'an integer from 0 to 4294967295 (2^32 − 1)', usage) ?? 42,
    interval: values.interval === undefined ? undefined : oneOf<'t' | 'bootstrap'>(values.interval, ['t', 'bootstrap'], '--interval', 't', usage),
    baseline,
  };
}

/**
 * Reads the golden set, then scores each run of `rankeval compare` or `rankeval report` as it is read
 * (src/engine/stream.ts), keeping its per-query scores only: the memory of one run's reading, not of every run's
 * rankings. `slices` are the report's tags; `keepFound` keeps what the report's curves are scored from.
 * `latency` holds each run's `latency_ms` per query (empty for a run without them).
 */
export async function scoreFiles(
  args: CompareArgs,
  io: Io,
  order: string,
  { slices = false, keepFound = false }: { slices?: boolean; keepFound?: boolean } = {},
): Promise<{ golden: GoldenSet; scorers: Map<string, RunScorer>; latency: Map<string, Map<string, number>> }> {
  const latency = new Map(args.runs.map(({ name }) => [name, new Map<string, number>()]));
  let next = 0;
  const { golden, runs } = await loadGoldenSetAnd(args.qrels, args.runs.map((run) => run.path), args, io.stderr, `the golden set comes first: ${order}`, (path, golden) => {
    const options = { ...evaluationOptions(args), ...goldenSetOptions(golden, slices) };
    // The runs are read one after the other, in the order given.
    const times = latency.get(args.runs[next++]!.name)!;
    return scoreRunFile(path, args.runFormat, () => asInputError(inputName(args.qrels), () => createRunScorer(golden.qrels, options, 'evaluateRun', keepFound ? SHOWN_DEPTH : 0)), io.stderr, args.qrels, undefined, times);
  });
  return { golden, scorers: new Map(args.runs.map(({ name }, i) => [name, runs[i]!])), latency };
}

/** Each run's evaluation; a failed check (--checks error) names the run's file, anything else the golden set's. */
export function evaluations(args: CompareArgs, scorers: ReadonlyMap<string, RunScorer>): Map<string, RunEvaluation> {
  return new Map(
    args.runs.map(({ name, path }) => {
      try {
        return [name, scorers.get(name)!.result()];
      } catch (error) {
        throw blameScoring(error, args.qrels, path);
      }
    }),
  );
}

/** compare()'s options from the flags. */
export const compareOptions = (args: CompareArgs) => ({
  measures: args.measures,
  relevanceThreshold: args.relevanceThreshold,
  noRelevant: args.noRelevant,
  ties: args.ties,
  checks: args.checks,
  test: args.test,
  alpha: args.alpha,
  correction: args.correction,
  permutations: args.permutations,
  seed: args.seed,
  ...(args.interval === undefined ? {} : { interval: args.interval }),
  ...(args.baseline === undefined ? {} : { baseline: args.baseline }),
});

/** Runs `rankeval compare`; returns the exit status. */
export async function runCompare(argv: readonly string[], io: Io & { readonly colour?: boolean }): Promise<number> {
  const args = parseCompareArgs(argv);
  if (args === 'help') {
    io.stdout.write(compareUsage);
    return 0;
  }
  const { scorers } = await scoreFiles(args, io, 'QRELS RUN_A RUN_B …');
  const scored = evaluations(args, scorers);
  const comparison = asInputError(inputName(args.qrels), () => compareScores(scored, { ...compareOptions(args), baseline: args.baseline ?? args.runs[0]!.name }));
  for (const warning of comparison.warnings) io.stderr.write(`rankeval compare: warning: ${messageText(warning)}\n`);
  io.stdout.write(args.format === 'json' ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparison(comparison, args.format, io.colour ?? false));
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
