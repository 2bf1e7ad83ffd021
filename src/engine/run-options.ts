// The options of evaluateRun and of every entry that scores a run as it does (createEvaluator,
// evaluateRunStream, compare, evaluateRetriever): their type and their keys.
import { METRIC_OPTION_KEYS } from '../core/metric-options.js';
import type { MeasureName } from '../measures/registry.js';
import type { RunCheckMode, RunChecks } from './run-checks.js';
import type { Aspects, ByQuery, MetricOptions, ScoreOrder } from '../core/types.js';

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
  /**
   * Which way a score ranks, in `{id, score}` rankings and run files: `'descending'` (the higher first, as
   * trec_eval) or `'ascending'` (the lower first: distances). Unset, it is descending, and rankings whose
   * scores rise down the list (three or more documents, as a vector store lists distances) are named in an
   * `ascending_scores` warning; set, it says which you mean, and that warning is not given.
   */
  readonly scoreOrder?: ScoreOrder;
}

/**
 * `Options` with `measures` checked: literal measure names must be names rankeval knows, and a misspelt one
 * is a type error that names it (`Type '"ndgc@10"' is not assignable to type '"map" | "unknown measure:
 * ndgc@10"'`); any `string` passes. `Name` is inferred from the names given, for the result's keys.
 */
export type CheckedMeasures<Options, Name extends string> = Omit<Options, 'measures'> & {
  readonly measures: readonly (string extends Name ? string : KnownMeasure<Name>)[];
};

/** Each literal name as it is when rankeval knows it, else a type no string is: `unknown measure: NAME`. */
export type KnownMeasure<Name extends string> = Name extends MeasureName ? Name : `unknown measure: ${Name}`;

/**
 * The options that say how each query of a run is scored, whatever the measures: every entry that scores
 * runs takes them (compare, optimizeFusion and the matchers take no `slices`, and name their measures
 * their own way).
 */
export const SCORING_OPTION_KEYS: readonly string[] = ['noRelevant', 'checks', 'systemK', 'lengths', 'aspects', 'scoreOrder', ...METRIC_OPTION_KEYS];

/** evaluateRun's options (`EvaluateRunOptions`), in the order an unknown key's message lists them. */
export const EVALUATE_RUN_OPTION_KEYS: readonly string[] = ['measures', 'slices', ...SCORING_OPTION_KEYS];
