// What scoring a run returns: means overall and per slice, each query's scores, the queries set aside, the
// conventions, the checks' warnings, and what merging results of parts of a run needs.
import type { Conventions } from '../measures/conventions.js';
import type { RunChecks, RunWarning } from './run-checks.js';

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
