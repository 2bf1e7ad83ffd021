// What `rankeval compare` and `rankeval report` share: their flags, the runs' names, and the scoring of
// each run as it is read.
import { basename, extname } from 'node:path';
import { SIGNIFICANCE_TESTS, type Comparison, type Correction, type SignificanceTest } from '../../analysis/compare.js';
import { renderComparison } from '../../text/comparison.js';
import type { RunEvaluation } from '../../engine/run-result.js';
import { keepFound, type KeptFound } from '../../engine/found.js';
import { scorerOf } from '../../engine/scorer.js';
import { readRunSettings, type RunSettings } from '../../engine/settings.js';
import type { GoldenSet } from '../../formats/golden-set.js';
import { parseMeasure } from '../../measures/registry.js';
import { SHOWN_DEPTH } from '../../report/assemble.js';
import { numberFlag, oneOf, parseCommandArgs } from './args.js';
import type { CliError, Io } from './command.js';
import { asInputError, blameScoring, checkStdinOnce, goldenSetOptions, loadGoldenSetAnd, scoreRunFile } from './files.js';
import { inputName, STDIN } from './input.js';
import { encodeValue, runThreads, runWorkers, type RunOutcome, type RunTask } from './run-threads.js';
import { DEFAULT_MEASURES, evaluationOptions, readSharedArgs, SHARED_OPTIONS, type OutputFormat, type SharedArgs } from './options.js';

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


/** The flags of the paired test, which `rankeval compare`, `report` and `nuggets --compare` take. */
export const TEST_OPTIONS = {
  test: { type: 'string' },
  alpha: { type: 'string' },
  correction: { type: 'string' },
  permutations: { type: 'string' },
  seed: { type: 'string' },
  interval: { type: 'string' },
  baseline: { type: 'string' },
} as const;

/** The flags of `rankeval compare`, which `rankeval report` takes too. */
export const COMPARE_OPTIONS = {
  ...SHARED_OPTIONS,
  names: { type: 'string' },
  ...TEST_OPTIONS,
} as const;

/** `--test`, `--alpha` and `--correction`, the paired test of compare, report and agree (t, 0.05, holm). */
export function readTestFlags(values: { readonly test?: string | undefined; readonly alpha?: string | undefined; readonly correction?: string | undefined }, usage: (message: string) => CliError) {
  return {
    test: oneOf(values.test, SIGNIFICANCE_TESTS, '--test', 't', usage),
    alpha: numberFlag(values.alpha, '--alpha', (a) => a > 0 && a < 1, 'a number between 0 and 1', usage) ?? 0.05,
    correction: oneOf<Correction>(values.correction, ['holm', 'bonferroni', 'none'], '--correction', 'holm', usage),
  };
}

/** `--seed`: the generator is seeded with 32 bits, as the library's `seed` option says (default 42). */
export const readSeedFlag = (text: string | undefined, usage: (message: string) => CliError): number =>
  numberFlag(text, '--seed', (seed) => Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32, 'an integer from 0 to 4294967295 (2^32 − 1)', usage) ?? 42;

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
    ...readPlanFlags(values, usage),
    baseline,
  };
}

/** The paired test's flags, read (but --baseline, whose names are the command's): compare()'s options. */
export function readPlanFlags(values: { readonly [K in Exclude<keyof typeof TEST_OPTIONS, 'baseline'>]?: string | undefined }, usage: (message: string) => CliError) {
  return {
    ...readTestFlags(values, usage),
    permutations: numberFlag(values.permutations, '--permutations', (n) => Number.isSafeInteger(n) && n >= 1 && n <= 10_000_000, 'an integer from 1 to 10000000', usage) ?? 10_000,
    seed: readSeedFlag(values.seed, usage),
    interval: values.interval === undefined ? undefined : oneOf<'t' | 'bootstrap'>(values.interval, ['t', 'bootstrap'], '--interval', 't', usage),
  };
}

/** A comparison as `rankeval compare` writes it: JSON, or renderComparison's table, Markdown or CSV. */
export const comparisonOutput = (comparison: Comparison, format: OutputFormat, colour: boolean): string =>
  format === 'json' ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparison(comparison, format, colour);

/** A run as scoreFiles gives it: its evaluation, made when asked (a failed check throws then). */
export interface ScoredRun {
  result(): RunEvaluation;
}

/** What scoreFiles gives: the golden set, the settings every run was scored on, and each run's scorer. */
export interface ScoredFiles {
  readonly golden: GoldenSet;
  readonly settings: RunSettings;
  readonly scorers: Map<string, ScoredRun>;
  /** What each run's reading found, with the top SHOWN_DEPTH ids of each ranking (with `keepFound`). */
  readonly kept: Map<string, KeptFound>;
  /** Each run's `latency_ms` per query (empty for a run without them). */
  readonly latency: Map<string, Map<string, number>>;
}

/**
 * scoreFiles's options: `slices` are the golden set's tags; `keepFound` keeps what the report's curves are
 * scored from; `runsOnly` as loadGoldenSetAnd's; `workerScript` the workers' (run-worker.js beside the command's).
 */
interface ScoreOptions {
  readonly slices?: boolean;
  readonly keepFound?: boolean;
  readonly runsOnly?: string;
  readonly workerScript?: string;
}

/**
 * Reads the golden set, then scores each run of `rankeval compare` or `rankeval report` as it is read
 * (src/engine/stream.ts), keeping its per-query scores only: the memory of one run's reading per thread,
 * not of every run's rankings. The runs after the first are read by worker threads meanwhile, as many at
 * once as runThreads says (run-threads.ts); the results, warnings and errors are those of reading them
 * one after the other, in the order given.
 */
export async function scoreFiles(args: CompareArgs, io: Io, order: string, options: ScoreOptions = {}): Promise<ScoredFiles> {
  const { slices = false, keepFound: keep = false } = options;
  const paths = args.runs.map((run) => run.path);
  // Every worker reads the golden set and the lengths file too.
  const threads = runThreads(paths, [...paths, args.qrels, ...(args.lengths === undefined ? [] : [args.lengths])]);
  const workers = runWorkers(args.runs.length, threads, (index) => ({ args: { ...args, runs: [args.runs[index]] }, slices, keepFound: keep }), options.workerScript);
  try {
    return await scoreEach(args, io, order, options, (index) => workers.take(index));
  } finally {
    workers.close();
  }
}

async function scoreEach(args: CompareArgs, io: Io, order: string, { slices = false, keepFound: keep = false, runsOnly }: ScoreOptions, readElsewhere: (index: number) => Promise<RunOutcome | undefined>): Promise<ScoredFiles> {
  const latency = new Map(args.runs.map(({ name }) => [name, new Map<string, number>()]));
  const kept = new Map<string, KeptFound>();
  // Every run is scored on the same settings, resolved once, when the first run is.
  let settings: RunSettings | undefined;
  let next = 0;
  const resolve = (golden: GoldenSet): RunSettings => (settings ??= readRunSettings(golden.qrels, { ...evaluationOptions(args), ...goldenSetOptions(golden, slices) }, 'evaluateRun'));
  const { golden, runs } = await loadGoldenSetAnd(args.qrels, args.runs.map((run) => run.path), args, io.stderr, `the golden set comes first: ${order}`, async (path, golden): Promise<ScoredRun> => {
    // The runs are taken one after the other, in the order given.
    const index = next++;
    const name = args.runs[index]!.name;
    const outcome = await readElsewhere(index);
    if (outcome !== undefined) {
      asInputError(inputName(args.qrels), () => resolve(golden));
      for (const [qid, ms] of outcome.latency) latency.get(name)!.set(qid, ms);
      if (keep) kept.set(name, { found: outcome.found!, longest: () => outcome.longest! });
      return { result: () => outcome.evaluation };
    }
    const makeScorer = () =>
      asInputError(inputName(args.qrels), () => {
        const resolved = resolve(golden);
        if (!keep) return scorerOf(resolved);
        // Made again for a second reading (a run whose queries are not together), as the scorer is.
        kept.set(name, keepFound(SHOWN_DEPTH));
        return scorerOf(resolved, kept.get(name));
      });
    return scoreRunFile(path, args.runFormat, makeScorer, io.stderr, args.qrels, undefined, latency.get(name)!);
  }, runsOnly);
  return { golden, settings: settings!, scorers: new Map(args.runs.map(({ name }, i) => [name, runs[i]!])), kept, latency };
}

/**
 * A worker's run (run-worker.ts): `task.args` holds it alone, scored as scoreFiles scores it on the main
 * thread, with its evaluation made there; its evaluation encoded (encodeValue), or undefined for any failure,
 * which the main thread then meets again reading the run itself.
 */
export async function scoreRunTask(task: RunTask): Promise<RunOutcome | undefined> {
  try {
    const args = task.args as CompareArgs;
    const quiet: Io = { stdout: { write: () => true }, stderr: { write: () => true } };
    const { scorers, kept, latency } = await scoreEach(args, quiet, '', { slices: task.slices, keepFound: task.keepFound }, async () => undefined);
    const { name } = args.runs[0]!;
    const found = kept.get(name);
    // The evaluation's records have no prototype: encoded. What was found is plain objects, arrays and Maps, which cross as they are.
    const outcome: RunOutcome = { evaluation: encodeValue(scorers.get(name)!.result()) as RunEvaluation, latency: latency.get(name)!, ...(found === undefined ? {} : { found: found.found, longest: found.longest() }) };
    return outcome;
  } catch {
    return undefined;
  }
}

/** Each run's evaluation; a failed check (--checks error) names the run's file, anything else the golden set's. */
export function evaluations(args: CompareArgs, scorers: ReadonlyMap<string, ScoredRun>): Map<string, RunEvaluation> {
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

