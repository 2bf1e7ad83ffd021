// compare: runs scored on one set of judged queries and set against a baseline, measure by measure (each
// row from paired-row.ts), with the p-values corrected over every comparison of the call; compareScores,
// the same comparison of per-query scores the caller already has (nugget scores, a team's own).
import type { Conventions } from '../measures/conventions.js';
import { argument, fail, option, RankevalError, type ErrorPlace } from '../core/errors.js';
import { compareUtf8 } from '../core/ordering.js';
import { aggregateRows } from '../engine/means.js';
import { toRecord } from '../engine/records.js';
import { ownFields, ownOptions, whileReading } from '../core/boundary.js';
import type { RunCheckMode, RunChecks, RunWarning } from '../engine/run-checks.js';
import { bonferroni, holm } from '../stats/tests.js';
import { tooFewForPairedTest } from '../stats/paired-test.js';
import { checkSeed } from '../stats/random.js';
import type { ByQuery, MetricOptions, Qrels, Ranking } from '../core/types.js';
import { scoreRunOn } from '../engine/evaluate-run.js';
import { SCORING_OPTION_KEYS, type CheckedMeasures, type EvaluateRunOptions } from '../engine/run-options.js';
import type { MeasureKey } from '../measures/registry.js';
import type { RunEvaluation } from '../engine/run-result.js';
import { resolveRunSettings } from '../engine/settings.js';
import { baselineRow, candidateRow, type ComparePlan, type ComparisonRow, type Correction, type SignificanceTest } from './paired-row.js';

export type { ComparePlan, ComparisonRow, Correction, SignificanceTest };

export interface CompareOptions<Name extends string = string> extends MetricOptions {
  /** Measure names, as `evaluateRun` takes them: `ndcg@10`, `recall@20`, `mrr@10`, `map`… */
  readonly measures: readonly Name[];
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
  /** As in `evaluateRun`: `'ascending'` ranks every run's `{id, score}` rankings lowest score first (distances). */
  readonly scoreOrder?: NonNullable<EvaluateRunOptions['scoreOrder']>;
}

/** What `compare` finds, with the test's options as it ran them (ComparePlan). */
export interface Comparison<Key extends string = string> extends ComparePlan {
  readonly baseline: string;
  /** Run names, the baseline first. */
  readonly runs: string[];
  readonly measures: Key[];
  /** The judged queries every mean and test is over. */
  readonly queries: number;
  /** Per measure, then per run (baseline first). */
  readonly rows: ComparisonRow<Key>[];
  /**
   * The rules every run was scored under (the baseline's evaluateRun conventions; all runs share them);
   * null from `compareScores`, whose scores were computed under rules of their own.
   */
  readonly conventions: Conventions | null;
  /**
   * Each run's evaluateRun `warnings` (judged queries it misses, scored 0 there; queries nobody judged; its
   * checks), every line naming the run, and the judged queries without a relevant document, once.
   */
  readonly warnings: string[];
}

/** Every paired test `compare` runs. */
export const SIGNIFICANCE_TESTS: readonly SignificanceTest[] = ['t', 'randomization', 'bootstrap', 'wilcoxon', 'sign'];
/** The options of the test itself, which `compareEvaluations` reads. */
const COMPARISON_KEYS = ['test', 'alpha', 'correction', 'permutations', 'seed', 'baseline', 'interval'];
const CORRECTIONS: readonly Correction[] = ['holm', 'bonferroni', 'none'];
const INTERVALS: readonly string[] = ['t', 'bootstrap'];
const MAX_PERMUTATIONS = 10_000_000;
const RUNS = argument('runs');
/** The options `compare` takes (`CompareOptions`): evaluateRun's but `slices` (no place in a comparison), and the test's. */
export const COMPARE_OPTION_KEYS: readonly string[] = ['measures', ...SCORING_OPTION_KEYS, ...COMPARISON_KEYS];


export function resolveCompareOptions(given: Partial<CompareOptions>, fn: string): ComparePlan {
  // Own keys only (ownFields): compareEvaluations is given an object its caller spread, with a prototype.
  const options = ownFields(given, fn, '`options`');
  const { test = 't', alpha = 0.05, correction = 'holm', permutations = 10_000, seed = 42 } = options;
  if (!SIGNIFICANCE_TESTS.includes(test)) fail('invalid_option', fn, option('test'), SIGNIFICANCE_TESTS.map((name) => `'${name}'`).join(', '), test, { facts: { choices: SIGNIFICANCE_TESTS } });
  if (typeof alpha !== 'number' || !(alpha > 0 && alpha < 1)) fail('invalid_option', fn, { kind: 'option', option: 'alpha' }, 'a number between 0 and 1', alpha);
  if (!CORRECTIONS.includes(correction)) fail('invalid_option', fn, option('correction'), "'holm', 'bonferroni' or 'none'", correction, { facts: { choices: CORRECTIONS } });
  if (!Number.isSafeInteger(permutations) || permutations < 1 || permutations > MAX_PERMUTATIONS) {
    fail('invalid_option', fn, option('permutations'), 'an integer from 1 to 10,000,000', permutations, { facts: { limit: MAX_PERMUTATIONS } });
  }
  checkSeed(seed, fn);
  const interval = options.interval ?? (test === 'bootstrap' ? 'bootstrap' : 't');
  if (!INTERVALS.includes(interval)) fail('invalid_option', fn, option('interval'), "'t' or 'bootstrap'", interval, { facts: { choices: INTERVALS } });
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
export function compare<Name extends string = string>(
  runs: ByQuery<ByQuery<Ranking>>,
  qrels: ByQuery<Qrels>,
  options: CheckedMeasures<CompareOptions<Name>, Name>,
): Comparison<MeasureKey<Name>> {
  const fn = 'compare';
  const own = ownOptions(options as CompareOptions, COMPARE_OPTION_KEYS, fn, { expected: 'an object with `measures`' });
  const named = namedRuns(runs, fn);
  resolveCompareOptions(own, fn); // bad options fail before any run is scored
  // Every run is scored on the same settings: options, judgments and aspects read once, here.
  const settings = resolveRunSettings(qrels, own, fn);
  const scored = new Map<string, RunEvaluation>();
  for (const [name, run] of named) scored.set(name, scoreRunOn(run as ByQuery<Ranking>, settings));
  return compareEvaluations(scored, { ...own, baseline: own.baseline ?? named[0]![0] }, fn) as Comparison<MeasureKey<Name>>;
}

/** The options of `compareScores`: the test's, as `compare` takes them, and the measures to compare. */
export interface CompareScoresOptions<Name extends string = string> extends Pick<CompareOptions, 'test' | 'alpha' | 'correction' | 'permutations' | 'seed' | 'baseline' | 'interval'> {
  /** The measures to compare, each a key of every query's scores. Default: the keys of the baseline's first query's scores. */
  readonly measures?: readonly Name[];
}

/** The keys `compareScores` takes. */
const COMPARE_SCORES_KEYS = ['measures', ...COMPARISON_KEYS];

/**
 * Compares runs from per-query scores already computed (nugget scores, or a team's own), exactly as
 * `compare` compares runs it scores: the same rows, tests, corrections, intervals, wins and losses. A run's
 * mean is the mean of its per-query scores. Every run must score every query the baseline scores, and no
 * other: a query only some runs have is refused (score it in every run, e.g. 0 for a topic a run did not
 * answer, as evaluateNuggets's `topics` does, or leave it out of all). A measure the registry knows
 * (ndcg@10, miss@5) counts wins in its catalogue's direction; any other name as higher is better.
 * `conventions` is null (the scores' rules are whoever computed them) and `warnings` is empty.
 *
 * @param scores run name → query id → measure → score, each a Map or an object; two or more runs
 * @throws {RankevalError} `invalid_option` for a bad or unknown option, fewer than two runs or an unknown
 *   baseline; `invalid_run` for scores not of that shape, a score that is not a finite number (`at` names
 *   its run, query and measure) or a query one run has and another lacks (`at` names both); `no_queries`
 *   with fewer than two queries
 * @example
 * compareScores({ a: { q1: { vital_score: 0.5 }, q2: { vital_score: 1 } }, b: { q1: { vital_score: 1 }, q2: { vital_score: 1 } } })
 * // => { baseline: 'a', queries: 2, rows: [{ run: 'a', mean: 0.75, … }, { run: 'b', mean: 1, delta: 0.25, wins: 1, ties: 1, losses: 0, … }], conventions: null, warnings: [], … }
 */
export function compareScores<Name extends string = string>(
  scores: ByQuery<ByQuery<Readonly<Record<Name, number>>>>,
  options: CompareScoresOptions<Name> = {},
): Comparison<Name> {
  return comparisonOfScores(readScores(scores, options, 'compareScores'), 'compareScores') as Comparison<Name>;
}

/** Per-query scores as `compareScores` reads them: each run's records, the baseline, the test and the measures. */
export interface ReadScores {
  readonly scored: ReadonlyMap<string, PerQueryScores>;
  readonly baseline: string;
  readonly plan: ComparePlan;
  readonly measures: string[];
}

/**
 * Reads and checks per-query scores (run → query → measure → value) and compareScores's options, making each
 * run's records and means as evaluateRun makes them (rows in query-id order, summed in that order); at
 * least `minimumRuns` runs (the report of one run has no comparison).
 */
export function readScores(scores: unknown, options: CompareScoresOptions, fn: string, minimumRuns = 2): ReadScores {
  const own = ownOptions(options, COMPARE_SCORES_KEYS, fn);
  const named = namedRuns(scores, fn, minimumRuns);
  const plan = resolveCompareOptions(own, fn);
  const baseline = own.baseline ?? named[0]![0];
  if (!named.some(([name]) => name === baseline)) failBaseline(baseline, named.map(([name]) => name), fn);
  const read = new Map<string, Map<string, unknown>>();
  for (const [name, run] of named) read.set(name, entriesOf(run, fn, `run ${JSON.stringify(name)}`, { run: name }));
  const base = read.get(baseline)!;
  const measures = own.measures === undefined ? defaultMeasures(base, baseline, fn) : checkedMeasures(own.measures, fn);
  const queryIds = [...base.keys()].sort(compareUtf8);
  const scored = new Map<string, PerQueryScores>();
  for (const [name, queries] of read) {
    for (const qid of queries.keys()) if (!base.has(qid)) failCoverage(name, baseline, qid, fn);
    const rows = queryIds.map((qid) => {
      if (!queries.has(qid)) failCoverage(baseline, name, qid, fn);
      const row = entriesOf(queries.get(qid), fn, `the scores of query ${JSON.stringify(qid)} of run ${JSON.stringify(name)}`, { run: name, query: qid });
      return measures.map((measure) => {
        const score = row.get(measure);
        if (typeof score !== 'number' || !Number.isFinite(score)) {
          const problem = `run ${JSON.stringify(name)} scores query ${JSON.stringify(qid)} on ${measure} ${row.has(measure) ? 'with a value that is not a finite number' : 'with no value'}`;
          throw new RankevalError({ code: 'invalid_run', fn, at: { run: name, query: qid, measure }, problem, expected: 'a finite number', received: score });
        }
        return score;
      });
    });
    scored.set(name, { perQuery: toRecord(queryIds, rows.map((row) => toRecord(measures, row))), mean: toRecord(measures, aggregateRows(rows, measures.map(() => 'mean'))) });
  }
  return { scored, baseline, plan, measures };
}

/** The comparison of scores read by `readScores`: `conventions` null (the scores' rules are their maker's), no warnings. */
export function comparisonOfScores({ scored, baseline, plan, measures }: ReadScores, fn: string): Comparison {
  return { ...pairedComparison(scored, baseline, plan, fn, measures), conventions: null, warnings: [] };
}

/** The runs of `scores` (a Map or an object) as [name, run] pairs, two or more, each named by a string. */
function namedRuns(runs: unknown, fn: string, minimum = 2): [string, unknown][] {
  const named: [unknown, unknown][] = whileReading(fn, 'invalid_run', '`runs`', () =>
    runs instanceof Map ? [...runs] : typeof runs === 'object' && runs !== null && !(Symbol.iterator in runs) ? Object.entries(runs) : fail('invalid_run', fn, { kind: 'argument', argument: 'runs' }, 'a Map or an object of run name → run', runs),
  );
  if (named.length < minimum) fail('invalid_option', fn, RUNS, minimum === 1 ? 'at least one run' : 'two or more runs to compare', named.length, { subject: RUNS, facts: { limit: minimum, count: named.length } });
  named.forEach(([name], index) => {
    if (typeof name !== 'string') fail('invalid_run', fn, 'every run name', 'a string', name, { subject: RUNS, facts: { index } });
  });
  return named as [string, unknown][];
}

/** A Map or a plain object of string keys, as a Map (its keys checked: strings). */
function entriesOf(value: unknown, fn: string, what: string, at: ErrorPlace): Map<string, unknown> {
  const entries = whileReading(fn, 'invalid_run', what, () =>
    value instanceof Map ? [...(value as Map<unknown, unknown>)] : typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : undefined,
  );
  if (entries === undefined) throw new RankevalError({ code: 'invalid_run', fn, at, what, expected: 'a Map or an object', received: value });
  for (const [key] of entries) if (typeof key !== 'string') throw new RankevalError({ code: 'invalid_run', fn, at, what: `every key of ${what}`, expected: 'a string', received: key });
  return new Map(entries as [string, unknown][]);
}

/** The measures of the baseline's first query (in its order), when the caller names none. */
function defaultMeasures(base: ReadonlyMap<string, unknown>, baseline: string, fn: string): string[] {
  const first = base.entries().next().value;
  if (first === undefined) return []; // no query: refused as too few queries
  return [...entriesOf(first[1], fn, `the scores of query ${JSON.stringify(first[0])} of run ${JSON.stringify(baseline)}`, { run: baseline, query: first[0] }).keys()];
}

function checkedMeasures(measures: unknown, fn: string): string[] {
  if (!Array.isArray(measures) || measures.length === 0) fail('invalid_option', fn, { kind: 'option', option: 'measures' }, 'a non-empty array of measure names', measures);
  measures.forEach((measure: unknown, index) => {
    if (typeof measure !== 'string' || measure === '') fail('invalid_option', fn, 'every measure of `measures`', 'a non-empty string', measure, { subject: option('measures'), facts: { index } });
  });
  const repeat = measures.findIndex((measure, index) => measures.indexOf(measure) !== index);
  if (repeat !== -1) fail('invalid_option', fn, option('measures'), 'measure names without repeats', measures, { subject: option('measures'), facts: { index: repeat, key: measures[repeat] } });
  return measures as string[];
}

/** A query one run scores and another does not: the paired test has no pair there. */
function failCoverage(has: string, lacks: string, qid: string, fn: string): never {
  const problem = `run ${JSON.stringify(has)} scores query ${JSON.stringify(qid)} and run ${JSON.stringify(lacks)} does not: a paired comparison needs every run's score on the same queries (score it in every run, or leave it out of all)`;
  throw new RankevalError({ code: 'invalid_run', fn, subject: { kind: 'run', run: lacks }, at: { run: lacks, query: qid }, problem, expected: `a score for every query of run ${JSON.stringify(has)}`, received: qid });
}

function failBaseline(baseline: unknown, names: readonly string[], fn: string): never {
  fail('invalid_option', fn, option('baseline'), `one of the run names (${names.map((name) => JSON.stringify(name)).join(', ')})`, baseline, { facts: { choices: names } });
}

/**
 * The comparison of runs already scored by `evaluateRun` with the same qrels and measures (the report
 * reuses the per-query scores for its charts): the rows of `pairedComparison`, with the baseline's
 * conventions and every run's warnings.
 */
export function compareEvaluations(scored: ReadonlyMap<string, RunEvaluation>, options: Partial<CompareOptions> & { baseline: string }, fn = 'compare'): Comparison {
  const plan = resolveCompareOptions(options, fn);
  const { baseline } = options;
  const base = scored.get(baseline);
  const compared = pairedComparison(scored, baseline, plan, fn, Object.keys(base?.mean ?? {}), () => checkAveraged(base!, Object.keys(base!.mean), fn));
  return { ...compared, conventions: base!.conventions, warnings: coverageWarnings(scored, compared.runs) };
}

/** One run's scores as the comparison reads them: query id → measure → score, and the means (no prototype). */
export interface PerQueryScores {
  readonly perQuery: Record<string, Record<string, number>>;
  readonly mean: Record<string, number>;
}

/**
 * The comparison's rows, the one computation behind `compare` and `compareScores`: every candidate against
 * the baseline on every measure over the baseline's queries, the p-values corrected over all of them.
 * `checkMeasures` runs once the queries are known to be enough.
 */
function pairedComparison(scored: ReadonlyMap<string, PerQueryScores>, baseline: string, plan: ComparePlan, fn: string, measures: string[], checkMeasures?: () => void): Omit<Comparison, 'conventions' | 'warnings'> {
  if (!scored.has(baseline)) failBaseline(baseline, [...scored.keys()], fn);
  const base = scored.get(baseline)!;
  const queryIds = Object.keys(base.perQuery);
  const tooFew = tooFewForPairedTest(queryIds.length);
  if (tooFew !== undefined) throw new RankevalError({ code: 'no_queries', fn, at: { run: baseline }, ...tooFew, received: queryIds.length });
  const names = [baseline, ...[...scored.keys()].filter((name) => name !== baseline)];
  checkMeasures?.();
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
  return { baseline, runs: names, measures, ...plan, queries: queryIds.length, rows };
}

export { tooFewForPairedTest };

/**
 * Refuses a measure whose run figure is not a mean: the tests and intervals are about the mean of per-query
 * differences, and a sum (num_ret) or a geometric mean (gm_map) would sit beside an interval about something else.
 */
export function checkAveraged(base: RunEvaluation, measures: readonly string[], fn: string): void {
  for (const measure of measures) {
    const aggregate = base.conventions.aggregation[measure];
    if (aggregate !== 'mean') {
      fail('invalid_option', fn, `measure \`${measure}\``, `a measure averaged over queries (${measure} is aggregated as a ${aggregate === 'sum' ? 'sum' : 'geometric mean'}; a paired comparison tests the mean of per-query differences: compare ${aggregate === 'sum' ? 'a per-query measure' : measure.replace(/^gm_/, '')} instead)`, measure, {
        subject: { kind: 'measure', measure },
      });
    }
  }
}


/** A check's warning on one of several runs, as a line of a comparison's warnings: `run "bm25": …`. */
export const runWarningText = (run: string, warning: RunWarning): string => `run ${JSON.stringify(run)}: ${warning.message}`;

/**
 * Each run's evaluateRun warnings (the judged queries it misses, the queries nobody judged, its checks),
 * every line naming the run; the judged queries without a relevant document, a fact of the qrels, once.
 */
export function coverageWarnings(scored: ReadonlyMap<string, RunEvaluation>, names: readonly string[]): string[] {
  const warnings: string[] = [];
  eachRunWarning(scored, names, (name, warning) => warnings.push(name === undefined ? warning.message : runWarningText(name, warning)));
  return warnings;
}

/**
 * Visits the runs' warnings in the order of `names`, each with its run's name, but the judged queries
 * without a relevant document, a fact of the qrels: once, without a run (`name` undefined).
 */
export function eachRunWarning(scored: ReadonlyMap<string, { readonly warnings: readonly RunWarning[] }>, names: readonly string[], visit: (name: string | undefined, warning: RunWarning) => void): void {
  for (const [i, name] of names.entries()) {
    for (const warning of scored.get(name)!.warnings) {
      if (warning.code !== 'no_relevant_queries') visit(name, warning);
      else if (i === 0) visit(undefined, warning);
    }
  }
}

