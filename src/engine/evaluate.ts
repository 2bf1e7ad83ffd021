import type { Conventions } from '../measures/conventions.js';
import { createRunScorer, readByQuery } from './evaluator.js';
import type { MeasureKey, MeasureName } from '../measures/registry.js';
import { averagePrecisionFromCounts } from '../metrics/average-precision.js';
import { contextPrecisionFromCounts } from '../metrics/context-precision.js';
import { ownOptions, whileReading } from '../core/errors.js';
import { addIdealDcg } from '../metrics/gains.js';
import { countAtCutoffs } from '../metrics/counts.js';
import { METRIC_OPTION_KEYS, readCutoff, resolveOptions } from '../core/metric-options.js';
import { orderRanking } from '../core/ordering.js';
import { readJudgments } from '../core/judgments.js';
import { dcgFromCounts, finiteGainSum, idcgFromCounts, ndcgFromCounts } from '../metrics/dcg.js';
import { f1FromCounts } from '../metrics/f1.js';
import { precisionFromCounts } from '../metrics/precision.js';
import { rPrecisionFromCounts } from '../metrics/r-precision.js';
import { recallFromCounts } from '../metrics/recall.js';
import { reciprocalRankFromCounts } from '../metrics/reciprocal-rank.js';
import { successFromCounts } from '../metrics/success.js';
import type { RunCheckMode, RunChecks, RunWarning } from './run-checks.js';
import type { Aspects, MetricOptions, Qrels, Ranking } from '../core/types.js';

/**
 * Every metric of one ranking at one cutoff k, with the counts behind them. Each value is what the metric's
 * own function (named at the end of the field's comment) returns for the same arguments; all are in [0, 1]
 * except `dcg` and `idcg`, and none is NaN.
 */
export interface Evaluation {
  /** P@k: relevant documents in the top k, divided by k (by the documents retrieved when k is Infinity). `precisionAtK` */
  precision: number;
  /** R@k: relevant documents in the top k, divided by R (0 when R = 0). `recallAtK` */
  recall: number;
  /** F1@k: harmonic mean of P@k and R@k (0 when both are 0). `f1AtK` */
  f1: number;
  /** Success@k (hit rate): 1 if a relevant document is in the top k, else 0. `successAtK` */
  success: number;
  /** RR@k: 1 / rank of the first relevant document within the top k, 0 if there is none. `reciprocalRank` */
  reciprocalRank: number;
  /** AP@k: the sum of P@i over the ranks i ≤ k of relevant documents, divided by R (or min(R, k), see `apDenominator`). `averagePrecision` */
  averagePrecision: number;
  /** R-precision: relevant documents in the top R of the ranking cut at k, divided by R. `rPrecision` */
  rPrecision: number;
  /** DCG@k: the sum of gain / log2(rank + 1) over the top k (gain: the grade, or 2^grade − 1). `dcgAtK` */
  dcg: number;
  /** IDCG@k: DCG@k of every judged document, retrieved or not, in the ideal order. `idcgAtK` */
  idcg: number;
  /** NDCG@k: DCG@k / IDCG@k (0 when IDCG is 0). `ndcgAtK` */
  ndcg: number;
  /** Context precision@k (Ragas): the sum of P@i over the ranks i ≤ k of relevant documents, divided by the relevant documents in the top k. `contextPrecision` */
  contextPrecision: number;
  /** Documents in the top k: min(k, the ranking's length). */
  retrieved: number;
  /** R: relevant documents in the qrels, retrieved or not. */
  relevant: number;
  /** Relevant documents in the top k. */
  relevantRetrieved: number;
}

export interface EvaluateOptions extends MetricOptions {
  /** Cutoff: a positive integer, or Infinity (default) for the whole ranking. */
  readonly k?: number;
}

/**
 * Scores one ranking on every metric at cutoff k, in one pass over the ranking.
 *
 * Each value is the one the metric's own function returns (`precisionAtK`, `ndcgAtK`, …); see their docs
 * for formulas and edge rules. R-precision truncates the ranking at k.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending, or
 *   as `ties` says: the array's order, or the average over every order of the tied documents)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param kOrOptions the cutoff k (default Infinity), or `{ k, relevanceThreshold, gain, apDenominator, ties }`
 * @throws {RankevalError} `invalid_cutoff` (also for an array or null in place of k), `invalid_ranking`,
 *   `invalid_qrels` (also when DCG or IDCG exceeds Number.MAX_VALUE), `invalid_option` (also for a key that
 *   is not an option)
 * @example
 * evaluate(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5)
 * // => { precision: 0.4, recall: 0.667, reciprocalRank: 1, ndcg: 0.6388, averagePrecision: 0.5556, … }
 */
export function evaluate(ranking: Ranking, qrels: Qrels, kOrOptions?: number | EvaluateOptions): Evaluation {
  const fn = 'evaluate';
  // Only a plain options object is read as options: `[5]` or null in place of k is a bad cutoff, not "no
  // options". Options are read from their own keys (ownOptions), never inherited ones.
  const isOptions = typeof kOrOptions === 'object' && kOrOptions !== null && !whileReading(fn, 'invalid_option', '`options`', () => Array.isArray(kOrOptions));
  const { k = Infinity, ...metricOptions } = isOptions ? ownOptions(kOrOptions as EvaluateOptions, ['k', ...METRIC_OPTION_KEYS], fn) : { k: kOrOptions === undefined ? Infinity : kOrOptions };
  const cutoff = readCutoff(k, fn);
  const options = resolveOptions(metricOptions, fn, ['k']);
  const judgments = readJudgments(qrels, options.relevanceThreshold, fn);
  const { ids, tieGroups } = orderRanking(ranking, fn, 'the ranking', options.ties);
  const counts = countAtCutoffs(ids, judgments, [cutoff], options.relevanceThreshold, options.gain, fn, 'the ranking', tieGroups);
  addIdealDcg(counts, judgments.grades.values(), options.gain, fn);
  const at = counts[0]!;
  return {
    precision: precisionFromCounts(at),
    recall: recallFromCounts(at),
    f1: f1FromCounts(at),
    success: successFromCounts(at),
    reciprocalRank: reciprocalRankFromCounts(at),
    averagePrecision: averagePrecisionFromCounts(at, options),
    rPrecision: rPrecisionFromCounts(at),
    dcg: finiteGainSum(dcgFromCounts(at), fn, 'DCG'),
    idcg: finiteGainSum(idcgFromCounts(at), fn, 'IDCG'),
    ndcg: ndcgFromCounts(at),
    contextPrecision: contextPrecisionFromCounts(at),
    retrieved: at.retrieved,
    relevant: at.relevant,
    relevantRetrieved: at.relevantRetrieved,
  };
}

/** Query id → value, as a Map or a plain object. */
export type ByQuery<T> = ReadonlyMap<string, T> | Readonly<Record<string, T>>;

/**
 * evaluateRun's options. `Name` is the union of the measure names when they are literals (results are then
 * keyed by exactly those names), `string` otherwise.
 */
export interface EvaluateRunOptions<Name extends string = string> extends MetricOptions {
  /**
   * Measure names in rankeval's, ir_measures' or trec_eval's grammar: `ndcg@10`, `P@5`, `mrr@10`, `R-prec`,
   * `nDCG(dcg='exp-log2')@10`, `P(rel=2)@5`, `ndcg_cut.10`, `P.5,10` (see `expandMeasure`).
   */
  readonly measures: readonly Name[];
  /** Query id → one or more labels; means are also reported per label in `bySlice`. */
  readonly slices?: ByQuery<string | readonly string[]>;
  /**
   * A judged query with no relevant document: `zero` (default) scores it 0 on every measure and counts it,
   * as trec_eval; `skip` leaves it out of the means; `error` throws (such a query is usually a labelling slip).
   * Either way it is listed in `noRelevantQueries`.
   */
  readonly noRelevant?: 'zero' | 'skip' | 'error';
  /**
   * What each check on the run does when its condition holds: `'warn'` (default: an entry in `warnings`),
   * `'error'` (a RankevalError whose code is the check's) or `'off'`; one mode for every check, or
   * `{ queryInRanking, cutoffBeyondRun, allScoresTied }` (see RunChecks).
   */
  readonly checks?: RunCheckMode | RunChecks;
  /**
   * The number of results the system passes on (to a model, a page): a measure cut deeper, or not cut at
   * all, measures what nobody reads — recall@50 while the model is given 5 chunks. Such a measure is refused
   * (`beyond_system_k`), or with `{ k, mode: 'warn' }` scored with a warning. Token budgets are cut at k too.
   */
  readonly systemK?: number | { readonly k: number; readonly mode?: 'error' | 'warn' };
  /**
   * Document id → length in tokens, for token budgets (`recall@budget=2000`) and `tokens@k`. Every document
   * those measures read must have one.
   */
  readonly lengths?: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
  /** Query id → aspect id → judgments, for the aspect measures (`GoldenSet.aspects` has this shape). */
  readonly aspects?: Aspects;
}

/** Means over a set of queries; `Key` is the measure names when they were given as literals. */
export interface MeanScores<Key extends string = string> {
  /**
   * Measure name (as the caller wrote it; a trec_eval name of several values as trec_eval prints each,
   * `P.5,10` → `P_5`, `P_10`) → mean over the queries. Every measure asked for is there: with literal names
   * a read is a `number`; with run-time strings it is `number | undefined` under `noUncheckedIndexedAccess`.
   */
  mean: Record<Key, number>;
  /** How many queries are behind each mean: the judged queries, less those `noRelevant: 'skip'` left out. */
  queries: number;
}

/**
 * What `evaluateRun` returns: the means over every judged query (`mean`, `queries`), each query's scores,
 * the queries set aside or scored 0 and why, and the means per slice label.
 * The records of query ids, slice labels and measure names have no prototype: any id is a key like any
 * other (`__proto__`, `constructor` and `toString` included), and a missing one reads as undefined.
 */
export interface RunEvaluation<Key extends string = string> extends MeanScores<Key> {
  /** Query id → measure name → score, for every query behind the means. */
  perQuery: Record<string, Record<Key, number>>;
  /** Query ids of the run that have no judgments: left out of every mean. */
  unjudgedQueries: string[];
  /** Judged query ids the run has no ranking for: scored 0 (an empty ranking). */
  unansweredQueries: string[];
  /** Judged query ids with no relevant document (handled as `noRelevant` says). */
  noRelevantQueries: string[];
  /** Slice label → means over the queries with that label (empty without `slices`). */
  bySlice: Record<string, MeanScores<Key>>;
  /** The rules the numbers follow: ties, gain, IDCG, relevance threshold, missing queries, aggregation… */
  conventions: Conventions;
  /** One entry per check (`checks`) whose condition held and whose mode is 'warn'; empty on clean input. */
  warnings: RunWarning[];
  /** What `mergeEvaluations` needs beyond the fields above to merge this result with others. */
  mergeable: Mergeable;
}

/**
 * The facts behind a RunEvaluation's warnings and slices, kept whole so that results of parts of a run
 * (split by query id) merge into the result of the whole (`mergeEvaluations`): the warnings name only five
 * queries, and `bySlice` holds means, not which query has which label.
 */
export interface Mergeable {
  /** Documents in the longest ranking scored (0 when every ranking scored is empty): what `cutoff_beyond_run` compares each cutoff with. */
  deepestRanking: number;
  /** Every scored query whose ranking holds its own query id (query-id order), whatever the check's mode. */
  queriesInRanking: string[];
  /**
   * Every scored query whose ranking of two or more scored documents ties throughout (query-id order),
   * whatever the check's mode; empty under `ties: 'given'`, where scores order nothing.
   */
  tiedQueries: string[];
  /** The mode of each check in force (`checks` as read). */
  checks: Required<RunChecks>;
  /** Query id → its slice labels, for each query of `perQuery` that has one or more (empty without `slices`). No prototype. */
  slices: Record<string, string[]>;
  /** The measures cut deeper than `systemK` (in 'warn' mode), when there are any. */
  beyondSystemK?: { k: number; measures: string[] };
  /** The system's k (`systemK`), when one was given: shards cut at different depths do not merge. */
  systemK?: number;
  /** The scored judged queries without aspects (query-id order), when aspect measures were asked for and some lack them. */
  withoutAspects?: string[];
}

/** Literal measure names must be names rankeval knows (`'ndgc@10'` is a type error); any `string` passes. */
export type CheckedMeasures<Name extends string> = { readonly measures: readonly (string extends Name ? string : MeasureName)[] };

/**
 * Scores a whole run: every judged query on every measure, with means overall and per slice.
 *
 * - Every query in `qrels` is scored; one missing from the run scores 0 (an empty ranking), because
 *   dropping failed queries inflates means. Queries of the run without judgments are left out and listed.
 * - Means are summed in query-id order (UTF-8 byte order, as trec_eval sorts), so the result does not depend
 *   on the order of keys.
 * - One pass over each ranking serves every measure and cutoff.
 * - Every score and mean is a finite number: a dcg or idcg that exceeds Number.MAX_VALUE is refused
 *   (`invalid_qrels`), means are taken so that they cannot overflow, and a measure that is 0 / 0 for a
 *   query (Rndcg without a positive ideal gain; trec_eval prints -nan) gives the catalogue's defined value.
 * - Tied scores are ordered as `ties` says (`Ties`); under 'average' each query's score is its expectation
 *   over every order of its tied documents, for the measures that have that form (catalogue: `tieAverage`).
 * - The result states its `conventions`, and `warnings` holds what the checks (`checks`) found: a ranking
 *   holding its own query id, a cutoff beyond the deepest ranking, a scored ranking whose scores all tie.
 *
 * @throws {RankevalError} `unknown_measure` / `invalid_cutoff` for a bad measure name, `invalid_run`
 *   (also for a query id that is not a string), `invalid_ranking`, `invalid_qrels`, `invalid_option` (also
 *   for a key that is not an option, or `ties: 'average'` with a measure that has no tie-averaged form),
 *   `no_relevant` (with `noRelevant: 'error'`), `no_queries` when no judged query is left to average;
 *   `query_in_ranking`, `cutoff_beyond_run`, `all_scores_tied` for a check set to 'error'
 * @example
 * evaluateRun({ q1: ['a', 'b'], q2: ['c'] }, { q1: { b: 1 }, q2: { d: 1 } }, { measures: ['mrr@10', 'recall@5'] })
 * // => { mean: { 'mrr@10': 0.25, 'recall@5': 0.5 }, queries: 2, perQuery: { q1: {…}, q2: {…} }, … }
 */
export function evaluateRun<Name extends string = string>(
  run: ByQuery<Ranking>,
  qrels: ByQuery<Qrels>,
  options: EvaluateRunOptions<Name> & CheckedMeasures<Name>,
): RunEvaluation<MeasureKey<Name>> {
  const fn = 'evaluateRun';
  const scorer = createRunScorer(qrels, options as EvaluateRunOptions, fn);
  // A query whose ranking is undefined or null is answered, with nothing: an empty ranking.
  for (const [qid, ranking] of readByQuery<unknown>(run, fn, '`run`', 'invalid_run')) scorer.addRanking(qid, ranking ?? []);
  return scorer.result() as RunEvaluation<MeasureKey<Name>>;
}

export { readByQuery, readSlices, RUN_OPTION_KEYS } from './evaluator.js';
