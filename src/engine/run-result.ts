// What scoring a run returns: means overall and per slice, each query's scores, the queries set aside, the
// conventions, the checks' warnings, and what merging results of parts of a run needs; and `evaluationOf`,
// which makes it from the facts the scorer (or mergeEvaluations) gathered.
import type { Conventions } from '../measures/conventions.js';
import { compareUtf8 } from '../core/ordering.js';
import { aggregateRows } from './means.js';
import { emptyRecord, toRecord } from './records.js';
import { addUnjudgedDocuments, addWarning, settleCheck, type RunChecks, type RunWarning, type UnjudgedDocuments } from './run-checks.js';
import type { BeyondSystemK } from './system-k.js';
import type { ScoreOrder } from '../core/types.js';

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
  /** The scored queries whose scores rise down the list (query-id order), when there are some and no `scoreOrder` was given. */
  risingQueries?: string[];
  /** The `scoreOrder` option, when one was given: parts ranked by scores read differently do not merge. */
  scoreOrder?: ScoreOrder;
  /** The documents retrieved within the measures' depth and the unjudged ones there, by query (absent when no measure reads the rankings). */
  unjudgedDocuments?: UnjudgedDocuments;
}

/** What a result is made of, every list in query-id order: what the core and mergeEvaluations gather. */
export interface EvaluationFacts {
  /** The function the checks' errors name. */
  readonly fn: string;
  /** The measures' keys, and each one's cutoff (Infinity for none). */
  readonly names: readonly string[];
  readonly cutoffs: readonly number[];
  /** The queries scored, in query-id order, and their score rows (one value per name). */
  readonly queryIds: readonly string[];
  readonly rows: readonly (readonly number[])[];
  /** Query id → slice labels, for the scored queries that have some (no prototype). */
  readonly sliceLabels: Record<string, string[]>;
  readonly unjudgedQueries: string[];
  readonly unansweredQueries: string[];
  readonly noRelevantQueries: string[];
  readonly deepestRanking: number;
  readonly queriesInRanking: string[];
  readonly tiedQueries: string[];
  /** Scored queries whose scores rise down the list, when no `scoreOrder` was given. */
  readonly risingQueries: string[];
  /** The unjudged documents within the measures' depth, when some measure reads the rankings. */
  readonly unjudgedDocuments?: UnjudgedDocuments;
  readonly scoreOrder?: ScoreOrder;
  readonly checks: Required<RunChecks>;
  /** The measures cut deeper than `systemK` in 'warn' mode (in 'error' mode the scorer refused them). */
  readonly beyondSystemK?: BeyondSystemK;
  /** The system's k the scores were cut at (budgets), when one was given. */
  readonly systemK?: number;
  /** Scored judged queries without aspects, when aspect measures were asked for. */
  readonly withoutAspects?: string[];
  readonly conventions: Conventions;
}

/**
 * The result those facts make: means aggregated (means.ts) over the rows in their order, overall and per
 * slice label, and the checks settled (a warning, or the check's error in 'error' mode).
 */
export function evaluationOf(facts: EvaluationFacts): RunEvaluation {
  const { fn, names, cutoffs, queryIds, rows, sliceLabels, checks, conventions, deepestRanking: deepest } = facts;
  const aggregates = names.map((name) => conventions.aggregation[name]!);
  const meansOf = (scored: readonly (readonly number[])[]): MeanScores => ({ mean: toRecord(names, aggregateRows(scored, aggregates)), queries: scored.length });
  const perQuery = emptyRecord<Record<string, number>>();
  const rowsByLabel = new Map<string, (readonly number[])[]>();
  queryIds.forEach((qid, i) => {
    perQuery[qid] = toRecord(names, rows[i]!);
    for (const label of new Set(Object.hasOwn(sliceLabels, qid) ? sliceLabels[qid] : [])) {
      let labelRows = rowsByLabel.get(label);
      if (labelRows === undefined) rowsByLabel.set(label, (labelRows = []));
      labelRows.push(rows[i]!);
    }
  });
  const bySlice = emptyRecord<MeanScores>();
  for (const label of [...rowsByLabel.keys()].sort(compareUtf8)) bySlice[label] = meansOf(rowsByLabel.get(label)!);
  const warnings = queryWarnings(facts);
  if (facts.unjudgedDocuments !== undefined) addUnjudgedDocuments(facts.unjudgedDocuments, warnings);
  addWarning('ascending_scores', facts.risingQueries, warnings);
  settleCheck('query_in_ranking', checks.queryInRanking, facts.queriesInRanking, fn, warnings);
  // With no judged query answered, the run is empty for the measures: the unjudged warning says why.
  const beyond = answersNone(facts) ? [] : names.filter((_, i) => cutoffs[i] !== Infinity && cutoffs[i]! > deepest);
  settleCheck('cutoff_beyond_run', checks.cutoffBeyondRun, beyond, fn, warnings, { deepest });
  settleCheck('all_scores_tied', checks.allScoresTied, facts.tiedQueries, fn, warnings, { tieRule: conventions.ties });
  if (facts.beyondSystemK !== undefined) addWarning('beyond_system_k', facts.beyondSystemK.measures, warnings, { systemK: facts.beyondSystemK.k });
  if (facts.withoutAspects !== undefined) addWarning('without_aspects', facts.withoutAspects, warnings);
  return {
    ...meansOf(rows),
    perQuery,
    unjudgedQueries: facts.unjudgedQueries,
    unansweredQueries: facts.unansweredQueries,
    noRelevantQueries: facts.noRelevantQueries,
    bySlice,
    conventions,
    warnings,
    mergeable: {
      deepestRanking: deepest,
      queriesInRanking: facts.queriesInRanking,
      tiedQueries: facts.tiedQueries,
      checks: { ...checks },
      slices: sliceLabels,
      ...(facts.beyondSystemK === undefined ? {} : { beyondSystemK: facts.beyondSystemK }),
      ...(facts.systemK === undefined ? {} : { systemK: facts.systemK }),
      ...(facts.withoutAspects === undefined || facts.withoutAspects.length === 0 ? {} : { withoutAspects: facts.withoutAspects }),
      ...(facts.risingQueries.length === 0 ? {} : { risingQueries: facts.risingQueries }),
      ...(facts.scoreOrder === undefined ? {} : { scoreOrder: facts.scoreOrder }),
      ...(facts.unjudgedDocuments === undefined ? {} : { unjudgedDocuments: facts.unjudgedDocuments }),
    },
  };
}

/** The judged query ids: those scored, and those with no relevant document (`noRelevant: 'skip'` leaves them out of the rows). */
function judgedQueries(facts: EvaluationFacts): Set<string> {
  return new Set([...facts.queryIds, ...facts.noRelevantQueries]);
}

/** Whether the run answers no judged query while it holds queries: the ids of the run and the qrels likely differ. */
function answersNone(facts: EvaluationFacts): boolean {
  return facts.unjudgedQueries.length > 0 && facts.unansweredQueries.length === judgedQueries(facts).size;
}

/** The warnings about the queries, which no option turns off: unanswered, unjudged, without a relevant document. */
function queryWarnings(facts: EvaluationFacts): RunWarning[] {
  const { unansweredQueries, unjudgedQueries, noRelevantQueries, conventions } = facts;
  const warnings: RunWarning[] = [];
  // Under noRelevant 'skip' a query left out is unanswered too, but scores nothing: only those scored are said.
  const scored = new Set(facts.queryIds);
  addWarning('unanswered_queries', unansweredQueries.filter((qid) => scored.has(qid)), warnings);
  const judged = answersNone(facts) ? [...judgedQueries(facts)].sort(compareUtf8) : undefined;
  addWarning('unjudged_queries', unjudgedQueries, warnings, judged === undefined ? {} : { judged });
  addWarning('no_relevant_queries', noRelevantQueries, warnings, { noRelevant: conventions.noRelevant });
  return warnings;
}
