import type { Conventions } from '../measures/conventions.js';
import { fail, RankevalError } from '../core/errors.js';
import { ownFields, ownOptions, whileReading } from '../core/boundary.js';
import { higherIsBetter } from '../measures/reading.js';
import type { RunCheckMode, RunChecks, RunWarning } from '../engine/run-checks.js';
import {
  bonferroni,
  bootstrapInterval,
  cohensD,
  holm,
  pairedBootstrapTest,
  pairedTTest,
  randomizationTest,
  signTest,
  tInterval,
  wilcoxonTest,
} from '../stats/tests.js';
import { overflowScale } from '../stats/powers-of-two.js';
import { checkSeed } from '../stats/random.js';
import type { ByQuery, MetricOptions, Qrels, Ranking } from '../core/types.js';
import { scoreRunOn } from '../engine/evaluate-run.js';
import { SCORING_OPTION_KEYS, type EvaluateRunOptions } from '../engine/run-options.js';
import type { RunEvaluation } from '../engine/run-result.js';
import { resolveRunSettings } from '../engine/settings.js';

/**
 * Paired two-sided tests over queries:
 * - `t`: Student's paired t-test (R `t.test(paired = TRUE)`, SciPy `ttest_rel`);
 * - `randomization`: sign-flip permutation test of the mean difference, exact when 2^n ≤ `permutations`
 *   (Smucker, Allan & Carterette 2007; SciPy `permutation_test`);
 * - `bootstrap`: paired bootstrap test with percentile interval (Efron & Tibshirani; Sakai 2006);
 * - `wilcoxon`: Wilcoxon signed-rank (R `wilcox.test(paired = TRUE)`);
 * - `sign`: sign test on wins and losses (R `binom.test`).
 */
export type SignificanceTest = 't' | 'randomization' | 'bootstrap' | 'wilcoxon' | 'sign';

/** Multiple-comparison correction over every (measure, candidate) comparison of one call. */
export type Correction = 'holm' | 'bonferroni' | 'none';

export interface CompareOptions extends MetricOptions {
  /** Measure names, as `evaluateRun` takes them: `ndcg@10`, `recall@20`, `mrr@10`, `map`… */
  readonly measures: readonly string[];
  /** Default `t`. */
  readonly test?: SignificanceTest;
  /** Significance level; intervals are at 1 − alpha. Default 0.05. */
  readonly alpha?: number;
  /** Default `holm` (Holm–Bonferroni). */
  readonly correction?: Correction;
  /** Random sign assignments (randomization) or resamples (bootstrap). Default 10,000. */
  readonly permutations?: number;
  /** Seed of the randomization and bootstrap, an integer from 0 to 2^32 − 1: the same seed gives the same p-values. Default 42. */
  readonly seed?: number;
  /** The run the others are compared with. Default: the first run. */
  readonly baseline?: string;
  /** Interval for the mean difference: `bootstrap` (percentile) with the bootstrap test, else `t`. */
  readonly interval?: 't' | 'bootstrap';
  /** Judged queries without relevant documents, as in `evaluateRun`. Default `zero`. */
  readonly noRelevant?: 'zero' | 'skip' | 'error';
  /** The checks on each run, as in `evaluateRun` (default: each warns); their warnings join `warnings`. */
  readonly checks?: RunCheckMode | RunChecks;
  /** As in `evaluateRun`: the results the system passes on. */
  readonly systemK?: NonNullable<EvaluateRunOptions['systemK']>;
  /** As in `evaluateRun`: document lengths in tokens, for budgets and tokens@k. */
  readonly lengths?: NonNullable<EvaluateRunOptions['lengths']>;
  /** As in `evaluateRun`: query id → aspect → judgments, for the aspect measures. */
  readonly aspects?: NonNullable<EvaluateRunOptions['aspects']>;
}

/** One measure of one run. The baseline's own rows carry its mean and null in every comparison field. */
export interface ComparisonRow {
  readonly measure: string;
  readonly run: string;
  readonly mean: number;
  /** mean(run) − mean(baseline). */
  readonly delta: number | null;
  /** delta / mean(baseline); null when the baseline's mean is 0. */
  readonly relativeDelta: number | null;
  readonly pValue: number | null;
  /** After the correction (the raw p-value with `none`). */
  readonly pValueCorrected: number | null;
  /** Interval for the mean difference at level 1 − alpha. */
  readonly ciLow: number | null;
  readonly ciHigh: number | null;
  /**
   * Queries where the run scores better than, equal to, worse than the baseline: higher, equal, lower — or
   * lower, equal, higher for a measure where lower is better (miss@k, tokens@k: see `higherIsBetter`).
   */
  readonly wins: number | null;
  readonly ties: number | null;
  readonly losses: number | null;
  /**
   * Cohen's d of the paired differences, mean / standard deviation; null when they have no spread (identical
   * runs included), where d is 0 / 0 or x / 0 and has no value.
   */
  readonly effectSize: number | null;
  /** pValueCorrected < alpha. */
  readonly significant: boolean | null;
}

export interface Comparison {
  readonly baseline: string;
  /** Run names, the baseline first. */
  readonly runs: string[];
  readonly measures: string[];
  readonly test: SignificanceTest;
  readonly alpha: number;
  readonly correction: Correction;
  readonly interval: 't' | 'bootstrap';
  readonly permutations: number;
  readonly seed: number;
  /** The judged queries every mean and test is over. */
  readonly queries: number;
  /** Per measure, then per run (baseline first). */
  readonly rows: ComparisonRow[];
  /** The rules every run was scored under (the baseline's evaluateRun conventions; all runs share them). */
  readonly conventions: Conventions;
  /**
   * Runs that miss judged queries (scored 0 there) or answer queries nobody judged, and each run's
   * evaluateRun `warnings` (its checks), every line naming the run.
   */
  readonly warnings: string[];
}

/** Every paired test `compare` runs. */
export const SIGNIFICANCE_TESTS: readonly SignificanceTest[] = ['t', 'randomization', 'bootstrap', 'wilcoxon', 'sign'];
/** The options of the test itself, which `compareScores` reads. */
const COMPARISON_KEYS = ['test', 'alpha', 'correction', 'permutations', 'seed', 'baseline', 'interval'];
const CORRECTIONS: readonly Correction[] = ['holm', 'bonferroni', 'none'];
/** The options `compare` takes (`CompareOptions`): evaluateRun's but `slices` (no place in a comparison), and the test's. */
export const COMPARE_OPTION_KEYS: readonly string[] = ['measures', ...SCORING_OPTION_KEYS, ...COMPARISON_KEYS];

/** The options of `compare` with their defaults, checked. */
export type ComparePlan = Pick<Comparison, 'test' | 'alpha' | 'correction' | 'interval' | 'permutations' | 'seed'>;

export function resolveCompareOptions(given: Partial<CompareOptions>, fn: string): ComparePlan {
  // Own keys only (ownFields): compareScores is given an object its caller spread, with a prototype.
  const options = ownFields(given, fn, '`options`');
  const { test = 't', alpha = 0.05, correction = 'holm', permutations = 10_000, seed = 42 } = options;
  if (!SIGNIFICANCE_TESTS.includes(test)) fail('invalid_option', fn, { kind: 'option', option: 'test' }, SIGNIFICANCE_TESTS.map((name) => `'${name}'`).join(', '), test);
  if (typeof alpha !== 'number' || !(alpha > 0 && alpha < 1)) fail('invalid_option', fn, { kind: 'option', option: 'alpha' }, 'a number between 0 and 1', alpha);
  if (!CORRECTIONS.includes(correction)) fail('invalid_option', fn, { kind: 'option', option: 'correction' }, "'holm', 'bonferroni' or 'none'", correction);
  if (!Number.isSafeInteger(permutations) || permutations < 1 || permutations > 10_000_000) {
    fail('invalid_option', fn, { kind: 'option', option: 'permutations' }, 'an integer from 1 to 10,000,000', permutations);
  }
  checkSeed(seed, fn);
  const interval = options.interval ?? (test === 'bootstrap' ? 'bootstrap' : 't');
  if (interval !== 't' && interval !== 'bootstrap') fail('invalid_option', fn, { kind: 'option', option: 'interval' }, "'t' or 'bootstrap'", interval);
  return { test, alpha, correction, interval, permutations, seed };
}

/**
 * Compares runs on one set of judged queries: for every measure and every candidate against the baseline,
 * the means, the difference and relative change, wins/ties/losses over queries, a paired two-sided p-value
 * (raw and corrected for the number of comparisons), an interval for the mean difference and Cohen's d.
 *
 * Every run is scored on every judged query by `evaluateRun`: a judged query missing from a run scores 0
 * there, and queries nobody judged are left out; both are named in `warnings`.
 *
 * @param runs run name → run (query id → ranking), as a Map or an object; two or more
 * @param qrels query id → judgments
 * @throws {RankevalError} `invalid_option` for a bad or unknown option or fewer than two runs, `no_queries`
 *   with fewer than two judged queries, `invalid_qrels` for an interval that is not finite (dcg of grades near
 *   Number.MAX_VALUE), and whatever `evaluateRun` throws for a bad run or measure
 * @example
 * compare({ bm25: bm25Run, reranked: rerankedRun }, qrels, { measures: ['ndcg@10'], test: 'randomization' })
 * // => { baseline: 'bm25', rows: [{ run: 'bm25', mean: 0.41, delta: null, … },
 * //      { run: 'reranked', mean: 0.47, delta: 0.06, pValue: 0.0012, ciLow: 0.03, ciHigh: 0.09, wins: 31, … }], … }
 */
export function compare(runs: ByQuery<ByQuery<Ranking>>, qrels: ByQuery<Qrels>, options: CompareOptions): Comparison {
  const fn = 'compare';
  const own = ownOptions(options, COMPARE_OPTION_KEYS, fn, { expected: 'an object with `measures`' });
  const named: [unknown, unknown][] = whileReading(fn, 'invalid_run', '`runs`', () =>
    runs instanceof Map ? [...runs] : typeof runs === 'object' && runs !== null && !(Symbol.iterator in runs) ? Object.entries(runs) : fail('invalid_run', fn, { kind: 'argument', argument: 'runs' }, 'a Map or an object of run name → run', runs),
  );
  if (named.length < 2) fail('invalid_option', fn, { kind: 'argument', argument: 'runs' }, 'two or more runs to compare', named.length);
  for (const [name] of named) if (typeof name !== 'string') fail('invalid_run', fn, 'every run name', 'a string', name);
  resolveCompareOptions(own, fn); // bad options fail before any run is scored
  // Every run is scored on the same settings: options, judgments and aspects read once, here.
  const settings = resolveRunSettings(qrels, own, fn);
  const scored = new Map<string, RunEvaluation>();
  for (const [name, run] of named) scored.set(name as string, scoreRunOn(run, settings));
  return compareScores(scored, { ...own, baseline: own.baseline ?? (named[0]![0] as string) }, fn);
}

/**
 * The comparison of runs already scored by `evaluateRun` with the same qrels and measures (the report
 * reuses the per-query scores for its charts).
 */
export function compareScores(scored: ReadonlyMap<string, RunEvaluation>, options: Partial<CompareOptions> & { baseline: string }, fn = 'compare'): Comparison {
  const plan = resolveCompareOptions(options, fn);
  const { baseline } = options;
  if (!scored.has(baseline)) fail('invalid_option', fn, { kind: 'option', option: 'baseline' }, `one of the run names (${[...scored.keys()].map((name) => JSON.stringify(name)).join(', ')})`, baseline);
  const base = scored.get(baseline)!;
  const queryIds = Object.keys(base.perQuery);
  if (queryIds.length < 2) {
    throw new RankevalError({
      code: 'no_queries',
      fn,
      problem: `a paired comparison needs at least 2 judged queries, got ${queryIds.length}`,
      expected: 'at least 2 judged queries',
      received: queryIds.length,
    });
  }
  const names = [baseline, ...[...scored.keys()].filter((name) => name !== baseline)];
  const measures = Object.keys(base.mean);
  checkAveraged(base, measures, fn);
  const rows: ComparisonRow[] = [];
  const tested: { row: number; pValue: number }[] = [];
  for (const measure of measures) {
    const baseScores = Float64Array.from(queryIds, (qid) => base.perQuery[qid]![measure]!);
    rows.push(baselineRow(measure, baseline, base.mean[measure]!));
    for (const name of names.slice(1)) {
      const differences = Float64Array.from(queryIds, (qid, i) => scored.get(name)!.perQuery[qid]![measure]! - baseScores[i]!);
      const row = candidateRow({ measure, name, baseline, mean: scored.get(name)!.mean[measure]!, baseMean: base.mean[measure]!, differences }, plan, fn);
      tested.push({ row: rows.length, pValue: row.pValue! });
      rows.push(row);
    }
  }
  const raw = tested.map((entry) => entry.pValue);
  const corrected = plan.correction === 'holm' ? holm(raw) : plan.correction === 'bonferroni' ? bonferroni(raw) : raw;
  tested.forEach(({ row }, i) => {
    rows[row] = { ...rows[row]!, pValueCorrected: corrected[i]!, significant: corrected[i]! < plan.alpha };
  });
  return { baseline, runs: names, measures, ...plan, queries: queryIds.length, rows, conventions: base.conventions, warnings: coverageWarnings(scored, names, queryIds.length) };
}

/**
 * Refuses a measure whose run figure is not a mean: the tests and intervals are about the mean of per-query
 * differences, and a sum (num_ret) or a geometric mean (gm_map) would sit beside an interval about something else.
 */
function checkAveraged(base: RunEvaluation, measures: readonly string[], fn: string): void {
  for (const measure of measures) {
    const aggregate = base.conventions.aggregation[measure];
    if (aggregate !== 'mean') {
      fail('invalid_option', fn, `measure \`${measure}\``, `a measure averaged over queries (${measure} is aggregated as a ${aggregate === 'sum' ? 'sum' : 'geometric mean'}; a paired comparison tests the mean of per-query differences: compare ${aggregate === 'sum' ? 'a per-query measure' : measure.replace(/^gm_/, '')} instead)`, measure);
    }
  }
}

/** One candidate run against the baseline on one measure, from their per-query differences. */
interface PairedScores {
  readonly measure: string;
  readonly name: string;
  readonly baseline: string;
  readonly mean: number;
  readonly baseMean: number;
  /** run − baseline, query by query. */
  readonly differences: Float64Array;
}

/** A candidate's row, its p-value raw (`pValueCorrected` is set once every p-value of the call is known). */
function candidateRow({ measure, name, baseline, mean, baseMean, differences }: PairedScores, plan: ComparePlan, fn: string): ComparisonRow {
  const level = 1 - plan.alpha;
  // Tests and effect size are scale-free and the interval scales back: see overflowScale.
  const scale = overflowScale(differences);
  const scaled = scale === 1 ? differences : differences.map((difference) => difference * scale);
  const { pValue, interval: own } = runTest(scaled, plan, level);
  // The t-test and the bootstrap bring their own interval; when it is the one asked for, it is reused.
  const [low, high] = (own !== undefined && own.method === plan.interval ? own.bounds : interval(scaled, plan, level)).map((bound) => bound / scale) as [number, number];
  if (!Number.isFinite(low) || !Number.isFinite(high)) {
    throw new RankevalError({
      code: 'invalid_qrels',
      fn,
      problem: `the interval for the mean difference of ${measure} between ${JSON.stringify(name)} and ${JSON.stringify(baseline)} is not finite: the scores are too large`,
      expected: 'scores whose differences have a finite interval',
      received: [low, high],
    });
  }
  // A win is a query where the run is better: higher, or lower for a measure where lower is better.
  const higher = higherIsBetter(measure);
  let wins = 0;
  let losses = 0;
  for (const difference of differences) {
    const gain = higher ? difference : -difference;
    if (gain > 0) wins++;
    else if (gain < 0) losses++;
  }
  const delta = mean - baseMean;
  return {
    measure,
    run: name,
    mean,
    delta,
    relativeDelta: baseMean === 0 ? null : delta / baseMean,
    pValue,
    pValueCorrected: pValue,
    ciLow: low,
    ciHigh: high,
    wins,
    ties: differences.length - wins - losses,
    losses,
    effectSize: cohensD(scaled),
    significant: null,
  };
}

const baselineRow = (measure: string, run: string, mean: number): ComparisonRow => ({
  measure,
  run,
  mean,
  delta: null,
  relativeDelta: null,
  pValue: null,
  pValueCorrected: null,
  ciLow: null,
  ciHigh: null,
  wins: null,
  ties: null,
  losses: null,
  effectSize: null,
  significant: null,
});

interface TestOutcome {
  readonly pValue: number;
  readonly interval?: { readonly method: 't' | 'bootstrap'; readonly bounds: [number, number] };
}

function runTest(differences: Float64Array, plan: ComparePlan, level: number): TestOutcome {
  switch (plan.test) {
    case 't': {
      const { pValue, ciLow, ciHigh } = pairedTTest(differences, plan.alpha);
      return { pValue, interval: { method: 't', bounds: [ciLow, ciHigh] } };
    }
    case 'bootstrap': {
      const { pValue, ciLow, ciHigh } = pairedBootstrapTest(differences, level, plan.permutations, plan.seed);
      return { pValue, interval: { method: 'bootstrap', bounds: [ciLow, ciHigh] } };
    }
    case 'randomization':
      return { pValue: randomizationTest(differences, plan.permutations, plan.seed) };
    case 'wilcoxon':
      return { pValue: wilcoxonTest(differences) };
    case 'sign':
      return { pValue: signTest(differences) };
  }
}

const interval = (values: Float64Array, plan: ComparePlan, level: number): [number, number] =>
  plan.interval === 'bootstrap' ? bootstrapInterval(values, level, plan.permutations, plan.seed) : tInterval(values, plan.alpha);

/** A check's warning on one of several runs, as a line of a comparison's warnings: `run "bm25": …`. */
export const runWarningText = (run: string, warning: RunWarning): string => `run ${JSON.stringify(run)}: ${warning.message}`;

/** Each run's missing and unjudged queries and its evaluateRun warnings, every line naming the run. */
export function coverageWarnings(scored: ReadonlyMap<string, RunEvaluation>, names: readonly string[], judged: number): string[] {
  const warnings: string[] = [];
  for (const name of names) {
    const result = scored.get(name)!;
    // Under noRelevant 'skip' a skipped query is listed unanswered too, but it scores nothing: only the scored ones count.
    const missing = result.unansweredQueries.filter((qid) => Object.hasOwn(result.perQuery, qid)).length;
    if (missing > 0) warnings.push(`run ${JSON.stringify(name)} has no results for ${missing} of ${judged} judged queries; they score 0`);
    if (result.unjudgedQueries.length > 0) {
      warnings.push(`run ${JSON.stringify(name)} answers ${result.unjudgedQueries.length} quer${result.unjudgedQueries.length === 1 ? 'y' : 'ies'} nobody judged; left out`);
    }
    for (const warning of result.warnings) warnings.push(runWarningText(name, warning));
  }
  return warnings;
}

