// The matchers' types: their options, their signatures (for `declare module` augmentation), and what
// vitest and jest pass to and take from a matcher.
import type { CompareOptions } from '../analysis/compare.js';
import type { Aspects, ByQuery, MetricOptions, Qrels, Ranking } from '../core/types.js';
import type { EvaluateRunOptions, KnownMeasure } from '../engine/run-options.js';
import type { MeasureName } from '../measures/registry.js';

/** What vitest and jest pass as `this` to a matcher (the part these matchers read). */
export interface MatcherContext {
  readonly isNot?: boolean;
}

export interface MatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
}

/** Options of `toMeetGates`, as `evaluateRun` takes them. */
export interface GateOptions extends MetricOptions {
  readonly noRelevant?: 'zero' | 'skip' | 'error';
  /** As in `evaluateRun`: the results the system passes on. */
  readonly systemK?: NonNullable<EvaluateRunOptions['systemK']>;
  /** As in `evaluateRun`: document lengths in tokens, for budgets and tokens@k. */
  readonly lengths?: NonNullable<EvaluateRunOptions['lengths']>;
  /** As in `evaluateRun`: query id → aspect → judgments, for the aspect measures. */
  readonly aspects?: NonNullable<EvaluateRunOptions['aspects']>;
}

/**
 * Options of `toNotRegressFrom`: `compare()`'s, less the baseline (the matcher's argument) and the interval
 * (no part of the rule), with the gate's defaults (test `randomization`, correction `holm`, alpha 0.05), and
 * the `margin`: the largest significant drop of a mean that still passes (default 0).
 */
export interface RegressionOptions extends Omit<CompareOptions, 'baseline' | 'interval'> {
  readonly margin?: number;
}

/** Options of `toHaveMeasure`: the bounds (one or both, inclusive) and `evaluateRun`'s scoring options. */
export interface MeasureBounds extends Omit<EvaluateRunOptions, 'measures' | 'slices' | 'aspects'> {
  readonly atLeast?: number;
  readonly atMost?: number;
  /**
   * For the aspect measures: on a run, query id → aspect → judgments (evaluateRun's `aspects`); on one
   * ranking, its query's aspects (aspect → judgments), as its qrels are its query's judgments.
   */
  readonly aspects?: Aspects | ByQuery<Qrels>;
}

/**
 * Gates keyed by measure name, each a number; a literal key rankeval does not know is typed as its own
 * complaint, so that the gate's value is a type error naming it: ``Type 'number' is not assignable to
 * type '"unknown measure: recal@5"'``. `toMeetGates` takes the gates as given when this adds nothing.
 */
export type CheckedGates<Gates> = { readonly [Key in keyof Gates]: Key extends string ? (string extends Key ? number : Key extends MeasureName ? number : KnownMeasure<Key>) : never };

/** A measure name: a literal rankeval does not know is a type error naming it; any `string` passes. */
export type CheckedMeasure<Name extends string> = string extends Name ? string : KnownMeasure<Name>;

/** The matchers' signatures, for `declare module` augmentation (`R` is what the assertion returns). */
export interface RankevalMatchers<R = unknown> {
  /** recall@k of the ranking ≥ `min`. */
  toHaveRecallAtK(qrels: Qrels, k: number, min: number, options?: MetricOptions): R;
  /** precision@k of the ranking ≥ `min`. */
  toHavePrecisionAtK(qrels: Qrels, k: number, min: number, options?: MetricOptions): R;
  /** NDCG@k of the ranking ≥ `min`. */
  toHaveNdcgAtK(qrels: Qrels, k: number, min: number, options?: MetricOptions): R;
  /** Reciprocal rank of the first relevant document ≥ `min` (1 = first, 0.5 = second, …). */
  toHaveReciprocalRank(qrels: Qrels, min: number, options?: MetricOptions): R;
  /** The ranking's first document is `id`. */
  toRankFirst(id: string): R;
  /** Every one of `ids` (at least one, none repeated) is in the top `within` (default: anywhere in the ranking). */
  toRetrieve(ids: readonly string[], options?: { readonly within?: number }): R;
  /**
   * The run's mean of each measure at its gate or better: `{ 'recall@5': 0.9, 'ndcg@10': 0.7 }` (≥), and
   * `{ 'miss@20': 0.1 }` (≤) for a measure where lower is better (miss@k, tokens@k, fall_out@k).
   */
  toMeetGates<Gates extends Readonly<Record<string, number>>>(qrels: ByQuery<Qrels>, gates: CheckedGates<Gates> extends Gates ? Gates : CheckedGates<Gates>, options?: GateOptions): R;
  /**
   * The run is not significantly worse than `baseline` on any of `options.measures`: no measure whose mean
   * drops by more than `margin` (rises, for a measure where lower is better: miss@k, tokens@k, fall_out@k)
   * with a corrected p < alpha under compare()'s paired test.
   */
  toNotRegressFrom(baseline: ByQuery<Ranking>, qrels: ByQuery<Qrels>, options: RegressionOptions): R;
  /**
   * The value of any measure of the catalogue within the bounds: a run's (its mean over the queries, as
   * evaluateRun reports it) with the judgments of each query, or one ranking's with its query's judgments.
   */
  toHaveMeasure<Name extends string>(qrels: Qrels | ByQuery<Qrels>, measure: CheckedMeasure<Name>, bounds: MeasureBounds): R;
}

export type Matcher<Args extends unknown[]> = (this: MatcherContext, received: unknown, ...args: Args) => MatcherResult;
export type MatcherArgs<K extends keyof RankevalMatchers> = Parameters<RankevalMatchers[K]>;
