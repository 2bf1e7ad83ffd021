// evaluate: one ranking scored at one cutoff on the classic set of measures, or on the measures named;
// both through the catalogue.
import { ownOptions, whileReading } from '../core/boundary.js';
import { readJudgments } from '../core/judgments.js';
import { METRIC_OPTION_KEYS, readCutoff, resolveOptions } from '../core/metric-options.js';
import { orderRanking } from '../core/ordering.js';
import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import type { MeasureParams } from '../measures/context.js';
import { parseMeasure, type MeasureKey, type ParsedMeasure } from '../measures/registry.js';
import type { MeasureDefinition } from '../measures/catalogue.js';
import { countAtCutoffs } from '../metrics/counts.js';
import { finiteGainSum } from '../metrics/dcg.js';
import { addIdealDcg } from '../metrics/gains.js';
import { scoreOnMeasures, type EvaluateMeasuresOptions } from './ranking-measures.js';
import type { CheckedMeasures } from './run-options.js';

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
 * Scores one ranking at cutoff k on the classic set: precision, recall, F1, success, reciprocal rank,
 * average precision, R-precision, DCG, IDCG, NDCG and context precision, each the catalogue's measure of
 * that name at k (`P@k`, `recall@k`, …, `context_precision@k`), from one pass over the ranking. Or, given
 * `{ measures }`, on the measures named, as `evaluateRun` scores one query.
 *
 * Each value of the first form is the one the metric's own function returns (`precisionAtK`, `ndcgAtK`,
 * …); see their docs for formulas and edge rules. R-precision truncates the ranking at k. The second form
 * returns measure name → score, keyed by the names as written, and takes `evaluateRun`'s names and
 * metric options (a query without relevant documents scores 0 on every measure).
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending, or
 *   as `ties` says: the array's order, or the average over every order of the tied documents)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param kOrOptions the cutoff k (default Infinity), `{ k, relevanceThreshold, gain, apDenominator, ties }`,
 *   or `{ measures, relevanceThreshold, gain, apDenominator, ties, lengths, aspects }`
 * @throws {RankevalError} `invalid_cutoff` (also for an array or null in place of k), `invalid_ranking`,
 *   `invalid_qrels` (also when DCG or IDCG exceeds Number.MAX_VALUE), `invalid_option` (also for a key that
 *   is not an option), `unknown_measure` for a bad measure name
 * @example
 * evaluate(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5)
 * // => { precision: 0.4, recall: 0.667, reciprocalRank: 1, ndcg: 0.6388, averagePrecision: 0.5556, … }
 * evaluate(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, { measures: ['P@5', 'ndcg@5'] })
 * // => { 'P@5': 0.4, 'ndcg@5': 0.6388 }
 */
export function evaluate<Name extends string = string>(
  ranking: Ranking,
  qrels: Qrels,
  kOrOptions: CheckedMeasures<EvaluateMeasuresOptions<Name>, Name>,
): Record<MeasureKey<Name>, number>;
// Last, so that `ReturnType<typeof evaluate>` stays the Evaluation it was before the measures form.
export function evaluate(ranking: Ranking, qrels: Qrels, kOrOptions?: number | EvaluateOptions): Evaluation;
export function evaluate(ranking: Ranking, qrels: Qrels, kOrOptions?: number | EvaluateOptions | EvaluateMeasuresOptions): Evaluation | Record<string, number> {
  const fn = 'evaluate';
  // Only a plain options object is read as options: `[5]` or null in place of k is a bad cutoff, not "no
  // options". Options are read from their own keys (ownOptions), never inherited ones.
  const isOptions = typeof kOrOptions === 'object' && kOrOptions !== null && !whileReading(fn, 'invalid_option', '`options`', () => Array.isArray(kOrOptions));
  if (isOptions && whileReading(fn, 'invalid_option', '`options`', () => Object.hasOwn(kOrOptions, 'measures'))) {
    return scoreOnMeasures(ranking, qrels, kOrOptions as EvaluateMeasuresOptions, fn);
  }
  const { k = Infinity, ...metricOptions } = isOptions ? ownOptions(kOrOptions as EvaluateOptions, ['k', ...METRIC_OPTION_KEYS], fn) : { k: kOrOptions === undefined ? Infinity : kOrOptions };
  const cutoff = readCutoff(k, fn);
  const options = resolveOptions(metricOptions, fn, ['k']);
  const judgments = readJudgments(qrels, options.relevanceThreshold, fn);
  const { ids, tieGroups } = orderRanking(ranking, fn, 'the ranking', options.ties);
  const counts = countAtCutoffs(ids, judgments, [cutoff], options.relevanceThreshold, options.gain, fn, 'the ranking', tieGroups);
  addIdealDcg(counts, judgments.grades.values(), options.gain, fn);
  const at = counts[0]!;
  // Each field its catalogue measure's value of the counts, called where it is read (one target per call).
  const { precision, recall, f1, success, reciprocalRank, averagePrecision, rPrecision, dcg, idcg, ndcg, contextPrecision } = classicPlan(cutoff);
  return {
    precision: precision.ofCounts(at, options, precision.params),
    recall: recall.ofCounts(at, options, recall.params),
    f1: f1.ofCounts(at, options, f1.params),
    success: success.ofCounts(at, options, success.params),
    reciprocalRank: reciprocalRank.ofCounts(at, options, reciprocalRank.params),
    averagePrecision: averagePrecision.ofCounts(at, options, averagePrecision.params),
    rPrecision: rPrecision.ofCounts(at, options, rPrecision.params),
    dcg: finiteGainSum(dcg.ofCounts(at, options, dcg.params), fn, 'DCG'),
    idcg: finiteGainSum(idcg.ofCounts(at, options, idcg.params), fn, 'IDCG'),
    ndcg: ndcg.ofCounts(at, options, ndcg.params),
    contextPrecision: contextPrecision.ofCounts(at, options, contextPrecision.params),
    retrieved: at.retrieved,
    relevant: at.relevant,
    relevantRetrieved: at.relevantRetrieved,
  };
}

/** The classic fields and the catalogue measure each is, at the cutoff k. */
const CLASSIC_MEASURES = {
  precision: 'P',
  recall: 'recall',
  f1: 'f1',
  success: 'success',
  reciprocalRank: 'mrr',
  averagePrecision: 'map',
  rPrecision: 'R-prec',
  dcg: 'dcg',
  idcg: 'idcg',
  ndcg: 'ndcg',
  contextPrecision: 'context_precision',
} as const satisfies Record<Exclude<keyof Evaluation, 'retrieved' | 'relevant' | 'relevantRetrieved'>, string>;

/** A classic measure at one cutoff: its value of the counts there, and its parameters. */
interface ClassicMeasure {
  readonly ofCounts: NonNullable<MeasureDefinition['ofCounts']>;
  readonly params: MeasureParams;
}

type ClassicPlan = { readonly [Field in keyof typeof CLASSIC_MEASURES]: ClassicMeasure };

// Memos of values that never change once made, so that a call parses no name and builds no plan: the
// classic measures parsed (at no cutoff) on first use, and the frozen plans of the 64 cutoffs used last. No
// call can change what another reads, so they are no state between calls (see core/README.md).
let classicMeasures: [keyof typeof CLASSIC_MEASURES, ParsedMeasure][] | undefined;
const classicPlans = new Map<number, ClassicPlan>();
const PLANS_KEPT = 64;

/** The classic measures at cutoff k: each named measure's parameters with the cutoff k, frozen. */
function classicPlan(k: number): ClassicPlan {
  let plan = classicPlans.get(k);
  if (plan === undefined) {
    classicMeasures ??= Object.entries(CLASSIC_MEASURES).map(([field, name]) => [field as keyof typeof CLASSIC_MEASURES, parseMeasure(name)]);
    plan = Object.freeze(
      Object.fromEntries(
        classicMeasures.map(([field, { definition, params }]) => [field, Object.freeze({ ofCounts: definition.ofCounts!, params: Object.freeze({ ...params, cutoff: k }) })]),
      ),
    ) as unknown as ClassicPlan;
    if (classicPlans.size === PLANS_KEPT) classicPlans.clear();
    classicPlans.set(k, plan);
  }
  return plan;
}
