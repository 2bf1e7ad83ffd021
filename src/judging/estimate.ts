// estimateRun and estimateDifference: a run's mean (or two runs' paired difference) from a few human labels
// and an LLM judge's labels of every query, scored by the engine and estimated by stats/ppi.ts.
import { ownOptions } from '../core/boundary.js';
import { fail, RankevalError } from '../core/errors.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';
import { checkAveraged } from '../analysis/compare.js';
import { scoreRunOn } from '../engine/evaluate-run.js';
import type { RunWarning } from '../engine/run-checks.js';
import { SCORING_OPTION_KEYS, type CheckedMeasures, type EvaluateRunOptions } from '../engine/run-options.js';
import type { RunEvaluation } from '../engine/run-result.js';
import { resolveRunSettings } from '../engine/settings.js';
import type { Conventions } from '../measures/conventions.js';
import type { MeasureKey } from '../measures/registry.js';
import type { Judgment, JudgmentStore } from '../formats/judgments.js';
import { estimateMean, type EstimateMeanData, type EstimateMeanOptions, type MeanEstimate } from '../stats/ppi.js';
import { toQrels } from './to-qrels.js';

/** One set of labels: qrels (any shape evaluateRun takes), or one judge of a judgments store, by name. */
export type LabelSource = ByQuery<Qrels> | { readonly store: JudgmentStore | Iterable<Judgment>; readonly judge: string };

/** The people's labels of a few queries, and the judge's of every query. */
export interface EstimateLabels {
  /** Qrels of the n queries people judged (n ≥ 2), or a store's judge: `{ store, judge: 'ann' }`. */
  readonly human: LabelSource;
  /** The judge's qrels of every query (the human-judged ones and at least one more), or a store's judge. */
  readonly judge: LabelSource;
}

/** evaluateRun's options (but `slices`: an estimate is over all queries) and estimateMean's. */
export interface EstimateRunOptions<Name extends string = string> extends Omit<EvaluateRunOptions<Name>, 'slices'>, EstimateMeanOptions {}

/** An evaluateRun warning of one scoring: which labels (and, for a difference, which run) it came from. */
export interface EstimateWarning {
  readonly labels: 'human' | 'judge';
  /** `a` or `b` in estimateDifference; absent in estimateRun. */
  readonly run?: 'a' | 'b';
  readonly warning: RunWarning;
}

/** What estimateRun and estimateDifference return. */
export interface RunEstimate<Key extends string = string> {
  /** Measure → estimateMean's result: estimate, interval, λ, `humanOnly`, `effectiveHumanLabels`, n, N. */
  readonly estimates: Record<Key, MeanEstimate>;
  /** The human-judged queries (query-id order, UTF-8 bytes). */
  readonly humanQueries: string[];
  /** The queries only the judge labelled. */
  readonly judgeOnlyQueries: string[];
  /** The rules every scoring followed (the judge's scoring's). */
  readonly conventions: Conventions;
  readonly warnings: EstimateWarning[];
}

/** estimateMean's options, which the estimates built on it take beside their own. */
export const ESTIMATE_KEYS: readonly string[] = ['alpha', 'alternative', 'lambda'];

/** estimateMean's options among a function's own options (read once by ownOptions). */
export function meanOptionsOf(own: Readonly<Record<string, unknown>>): EstimateMeanOptions {
  return Object.fromEntries(ESTIMATE_KEYS.filter((key) => own[key] !== undefined).map((key) => [key, own[key]]));
}
/** The options estimateRun and estimateDifference take. */
const ESTIMATE_RUN_OPTION_KEYS: readonly string[] = ['measures', ...SCORING_OPTION_KEYS, ...ESTIMATE_KEYS];

/**
 * The mean of each measure over every query the judge labelled, corrected by the queries people judged,
 * with its interval (estimateMean: PPI++ with the tuned λ): the run is scored once under the human labels
 * (human, n queries) and once under the judge's (judgeOnHuman on the same queries, judgeOnRest on the N
 * others). The human-only interval and how many human labels the judge's were worth are in each estimate.
 *
 * - Every human-judged query must be labelled by the judge; the judge's other queries are the N.
 * - A query the run misses scores 0, as in evaluateRun; the scorings' warnings are in `warnings`.
 *
 * @throws {RankevalError} `invalid_qrels` for a human-judged query the judge did not label; `no_queries` for
 *   fewer than 2 human-judged queries or no judge-only query; `invalid_option` for a measure whose run figure
 *   is not a mean, or a bad option (as estimateMean and evaluateRun); whatever evaluateRun throws
 * @example
 * estimateRun(run, { human: { store, judge: 'ann' }, judge: { store, judge: 'llm' } }, { measures: ['ndcg@10'] })
 * // => { estimates: { 'ndcg@10': { estimate, lower, upper, humanOnly: {…}, effectiveHumanLabels, … } }, … }
 */
export function estimateRun<Name extends string = string>(
  run: ByQuery<Ranking>,
  labels: EstimateLabels,
  options: CheckedMeasures<EstimateRunOptions<Name>, Name>,
): RunEstimate<MeasureKey<Name>> {
  const fn = 'estimateRun';
  const { score, estimate } = estimation(labels, options as EstimateRunOptions, fn);
  const human = score(run, 'human');
  const judge = score(run, 'judge');
  return estimate(human, judge, (evaluation, qid, measure) => evaluation.perQuery[qid]![measure]!) as RunEstimate<MeasureKey<Name>>;
}

/**
 * The paired difference A − B of each measure, estimated as estimateRun estimates a mean (PPI on the
 * per-query differences): human = A − B under the human labels, judgeOnHuman and judgeOnRest = A − B under
 * the judge's.
 *
 * @throws {RankevalError} as estimateRun
 * @example
 * estimateDifference(reranked, bm25, { human, judge }, { measures: ['ndcg@10'] }).estimates['ndcg@10']
 * // => { estimate: 0.04, lower: 0.01, upper: 0.07, humanOnly: { lower: -0.02, … }, … }
 */
export function estimateDifference<Name extends string = string>(
  runA: ByQuery<Ranking>,
  runB: ByQuery<Ranking>,
  labels: EstimateLabels,
  options: CheckedMeasures<EstimateRunOptions<Name>, Name>,
): RunEstimate<MeasureKey<Name>> {
  const fn = 'estimateDifference';
  const { score, estimate } = estimation(labels, options as EstimateRunOptions, fn);
  const human = [score(runA, 'human', 'a'), score(runB, 'human', 'b')] as const;
  const judge = [score(runA, 'judge', 'a'), score(runB, 'judge', 'b')] as const;
  const difference = (pair: readonly [RunEvaluation, RunEvaluation], qid: string, measure: string): number => pair[0].perQuery[qid]![measure]! - pair[1].perQuery[qid]![measure]!;
  return estimate(human, judge, difference) as RunEstimate<MeasureKey<Name>>;
}

/** The options and labels read once; `score` scores a run under one label set, `estimate` turns the scorings into estimates. */
function estimation(labels: EstimateLabels, given: EstimateRunOptions, fn: string) {
  const own = ownOptions(given, ESTIMATE_RUN_OPTION_KEYS, fn, { expected: 'an object with `measures`' }) as EstimateRunOptions & Record<string, unknown>;
  const source = ownOptions(labels, ['human', 'judge'], fn, { name: '`labels`', expected: 'an object with `human` and `judge`' });
  const meanOptions = meanOptionsOf(own);
  const scoring = Object.fromEntries(Object.entries(own).filter(([key]) => !ESTIMATE_KEYS.includes(key))) as unknown as EvaluateRunOptions;
  const settings = {
    human: resolveRunSettings(qrelsOf(source.human, 'human', fn), scoring, fn),
    judge: resolveRunSettings(qrelsOf(source.judge, 'judge', fn), scoring, fn),
  };
  for (const qid of settings.human.qrels.keys()) {
    if (!settings.judge.qrels.has(qid)) {
      throw new RankevalError({ code: 'invalid_qrels', fn, subject: { kind: 'query', query: qid }, problem: `query ${JSON.stringify(qid)} is judged by people but not by the judge: every human-judged query needs the judge's labels too`, expected: 'a query the judge labelled', received: qid });
    }
  }
  const warnings: EstimateWarning[] = [];
  const score = (run: unknown, set: 'human' | 'judge', name?: 'a' | 'b'): RunEvaluation => {
    const evaluation = scoreRunOn(run, settings[set]);
    checkAveraged(evaluation, Object.keys(evaluation.mean), fn);
    for (const warning of evaluation.warnings) {
      // Under the human labels the judge-only queries are unjudged by design: their warning says nothing (the judge's names any query neither labels).
      if (set === 'human' && warning.code === 'unjudged_queries') continue;
      warnings.push(name === undefined ? { labels: set, warning } : { labels: set, run: name, warning });
    }
    return evaluation;
  };
  /** Each measure's per-query values under both label sets, paired by query; `rest`: at least one judge-only query is needed. */
  const samples = <T extends RunEvaluation | readonly RunEvaluation[]>(human: T, judge: T, value: (scored: T, qid: string, measure: string) => number, rest: boolean): Samples => {
    // The queries behind the means: `noRelevant: 'skip'` may leave some out of either scoring.
    const humanQueries = commonQueries(Array.isArray(human) ? human : [human]);
    const judged = commonQueries(Array.isArray(judge) ? judge : [judge]);
    const judgedSet = new Set(judged);
    const missing = humanQueries.find((qid) => !judgedSet.has(qid));
    if (missing !== undefined) {
      throw new RankevalError({ code: 'invalid_qrels', fn, subject: { kind: 'query', query: missing }, problem: `query ${JSON.stringify(missing)} is scored under the human labels but not under the judge's (noRelevant: 'skip')`, expected: 'a query scored under both', received: missing });
    }
    const humanSet = new Set(settings.human.qrels.keys());
    const judgeOnlyQueries = judged.filter((qid) => !humanSet.has(qid));
    if (humanQueries.length < 2) throw new RankevalError({ code: 'no_queries', fn, subject: { kind: 'argument', argument: 'human' }, problem: `the estimate needs at least 2 human-judged queries, got ${humanQueries.length}`, expected: 'at least 2 human-judged queries', received: humanQueries.length });
    if (rest && judgeOnlyQueries.length === 0) throw new RankevalError({ code: 'no_queries', fn, subject: { kind: 'argument', argument: 'judge' }, problem: 'the judge labelled no query beyond the human-judged ones: there is nothing for its labels to add', expected: 'at least 1 query labelled by the judge only', received: 0 });
    const first = (Array.isArray(judge) ? judge[0] : judge) as RunEvaluation;
    const values: Record<string, EstimateMeanData> = Object.create(null);
    for (const measure of Object.keys(first.mean)) {
      values[measure] = {
        human: humanQueries.map((qid) => value(human, qid, measure)),
        judgeOnHuman: humanQueries.map((qid) => value(judge, qid, measure)),
        judgeOnRest: judgeOnlyQueries.map((qid) => value(judge, qid, measure)),
      };
    }
    return { values, humanQueries, judgeOnlyQueries, conventions: first.conventions, warnings };
  };
  const estimate = <T extends RunEvaluation | readonly RunEvaluation[]>(human: T, judge: T, value: (scored: T, qid: string, measure: string) => number): RunEstimate => {
    const { values, ...rest } = samples(human, judge, value, true);
    const estimates: Record<string, MeanEstimate> = Object.create(null);
    for (const [measure, data] of Object.entries(values)) estimates[measure] = estimateMean(data, meanOptions);
    return { estimates, ...rest };
  };
  return { score, samples, estimate };
}

/** Per-measure values under both label sets, with the queries behind them. */
interface Samples extends Omit<RunEstimate, 'estimates'> {
  readonly values: Record<string, EstimateMeanData>;
}

/**
 * A pilot for planLabels: each measure's values of `run` on the human-judged queries under the human labels
 * and under the judge's (paired by query), read and checked as estimateRun reads them; the judge need label
 * no other query. For `rankeval plan`.
 */
export function pilotSamples(run: ByQuery<Ranking>, labels: EstimateLabels, options: EstimateRunOptions, fn: string): Samples {
  const { score, samples } = estimation(labels, options, fn);
  const human = score(run, 'human');
  return samples(human, score(run, 'judge'), (evaluation, qid, measure) => evaluation.perQuery[qid]![measure]!, false);
}

/** The queries every evaluation scored, in the first one's order (query-id order). */
function commonQueries(evaluations: readonly RunEvaluation[]): string[] {
  return Object.keys(evaluations[0]!.perQuery).filter((qid) => evaluations.every((evaluation) => Object.hasOwn(evaluation.perQuery, qid)));
}

/** A label source as qrels: qrels as given, or a store's judge through toQrels. */
function qrelsOf(source: unknown, name: 'human' | 'judge', fn: string): unknown {
  if (typeof source !== 'object' || source === null || !('store' in source) || !('judge' in source) || typeof source.judge !== 'string') return source;
  const store = source.store as JudgmentStore | Iterable<Judgment> | null;
  const judgments = store !== null && typeof store === 'object' && 'judgments' in store ? store.judgments : store;
  if (judgments === null || typeof judgments !== 'object' || !(Symbol.iterator in judgments)) fail('invalid_qrels', fn, { kind: 'argument', argument: `${name}.store` }, 'a judgments store (parseJudgments, readJudgments) or its judgments', store);
  return toQrels(judgments, { judge: source.judge });
}
