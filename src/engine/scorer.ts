// The scorer of a run: each query's ranking, as a reader found it, scored on every measure of the plan;
// only the scores are kept. `result()` scores the judged queries never seen as empty rankings and makes
// the run's result in query-id order, so it does not depend on the order the queries came in. A caller that
// needs more than the scores (what was found, to show it or score it again) gives a hook (ScorerHook).
import { describeConventions } from '../measures/conventions.js';
import { argument, queryKey, RankevalError, words, type ErrorAbout } from '../core/errors.js';
import { describeValue } from '../core/quoting.js';
import type { MeasureDefinition } from '../measures/catalogue.js';
import { createQueryContext, type ContextSettings } from '../measures/context.js';
import { compareUtf8 } from '../core/ordering.js';
import type { ResolvedOptions } from '../core/metric-options.js';
import { readJudgments } from '../core/judgments.js';
import { finiteGainSum } from '../metrics/dcg.js';
import { EMPTY_RANKING, QueryRepeated, rankingFound, rankingLength, SKIPPED, type FoundQuery, type JudgedQuery, type RankingReading, type ScorerHook } from './found.js';
import { emptyRecord } from './records.js';
import { checkQueryCount } from '../formats/run-limits.js';
import type { FileLine } from '../formats/run-collector.js';
import type { EvaluateRunOptions } from './run-options.js';
import { evaluationOf, type RunEvaluation } from './run-result.js';
import type { UnjudgedDocuments } from './run-checks.js';
import { readRunSettings, type RunSettings } from './settings.js';

/**
 * The evaluation of one run, query by query. `begin(qid)` says whether the query is judged (and records
 * it as seen); `score` takes what a reader found in its ranking. `result()` scores the judged queries
 * never seen as empty rankings and aggregates, in query-id order, so the result does not depend on the
 * order the queries came in.
 */
export interface RunScorer {
  readonly fn: string;
  readonly options: ResolvedOptions;
  /**
   * The query's judgments, or undefined when it has none (it is then listed as unjudged). A query read from
   * `at`, a file's line, is refused there past MAX_RUN_QUERIES distinct queries.
   */
  begin(qid: string, length: number, at?: FileLine): JudgedQuery | undefined;
  score(qid: string, query: JudgedQuery, found: FoundQuery): void;
  /** Orders, checks and scores a ranking given as ids or `{id, score}` objects (`begin` included). */
  addRanking(qid: string, ranking: unknown): void;
  result(): RunEvaluation;
  /** How its readers read a ranking: the tie rule, and what they keep (the ids a measure reads, the top the hook asks for). */
  readonly reading: RankingReading;
}

/** The scorer of evaluateRun's options and qrels (read at this boundary); `fn` names the public function in error messages. */
export function createRunScorer(qrels: unknown, given: EvaluateRunOptions, fn: string, hook?: ScorerHook): RunScorer {
  return scorerOf(readRunSettings(qrels, given, fn), hook);
}

/** The judgments evaluateRun takes, the subject of the errors in them. */
const QRELS = argument('qrels');

const NO_HOOK: ScorerHook = {};

/** What the scorer has seen of a run so far, besides the judgments. */
interface Tally {
  readonly seen: Set<string>;
  readonly unjudged: string[];
  readonly scored: Map<string, number[]>;
  readonly queriesInRanking: string[];
  readonly tiedQueries: string[];
  /** Scored queries whose scores rise down the list (FoundQuery.scoresRise), when no scoreOrder is given. */
  readonly risingQueries: string[];
  deepest: number;
  /** Documents retrieved within the plan's depth, and each scored query's unjudged ones there (unjudgedWithin). */
  retrievedWithin: number;
  readonly unjudgedWithin: Map<string, number>;
}

/** The scorer of a run on settings already resolved (resolveRunSettings), telling `hook` what it takes. */
export function scorerOf(settings: RunSettings, hook: ScorerHook = NO_HOOK): RunScorer {
  const { fn, metric, plan } = settings;
  const judged = judgeQueries(settings);
  const scoreQuery = queryScorer(settings);
  // Scores are ignored under a tie rule that takes the array order: then they cannot all tie.
  const checkTies = metric.ties !== 'given';
  const tally: Tally = { seen: new Set(), unjudged: [], scored: new Map(), queriesInRanking: [], tiedQueries: [], risingQueries: [], deepest: 0, retrievedWithin: 0, unjudgedWithin: new Map() };
  // Rising scores are said only when no scoreOrder says which way they rank, and scores order the ranking.
  const checkRising = settings.scoreOrder === undefined && checkTies;
  const reading: RankingReading = { fn, ties: metric.ties, scoreOrder: settings.scoreOrder ?? 'descending', needsDocuments: plan.needsDocuments, topDepth: hook.topDepth ?? 0, checkRising };
  const scorer: RunScorer = {
    fn,
    options: metric,
    reading,
    begin(qid, length, at) {
      if (tally.seen.has(qid)) throw new QueryRepeated(qid);
      if (at !== undefined) checkQueryCount(tally.seen.size, qid, at.file, at.line);
      tally.seen.add(qid);
      hook.begun?.(qid, length);
      if (judged.skippedByQuery.has(qid)) return judged.judge(qid);
      tally.unjudged.push(qid);
      return undefined;
    },
    score(qid, query, found) {
      if (query.skipped) return;
      if (found.length > tally.deepest) tally.deepest = found.length;
      if (found.holdsQueryId) tally.queriesInRanking.push(qid);
      if (checkTies && found.scoresAllTie) tally.tiedQueries.push(qid);
      if (checkRising && found.scoresRise) tally.risingQueries.push(qid);
      const within = Math.min(found.length, plan.depth);
      tally.retrievedWithin += within;
      const unjudged = within - judgedWithin(found.hits, within);
      if (unjudged > 0) tally.unjudgedWithin.set(qid, unjudged);
      tally.scored.set(qid, scoreQuery(qid, query, found));
      hook.scored?.(qid, found);
    },
    addRanking(qid, ranking) {
      const query = scorer.begin(qid, rankingLength(ranking, qid, fn));
      // Rankings of queries nobody judged are not read: they are left out whatever they hold.
      if (query === undefined || query.skipped) return;
      scorer.score(qid, query, rankingFound(ranking, qid, query, reading));
    },
    result: () => runResult(settings, judged, tally, scoreQuery),
  };
  return scorer;
}

/** How many of the judged documents retrieved (`hits`, in rank order) are within the top `depth`. */
function judgedWithin(hits: FoundQuery['hits'], depth: number): number {
  let count = 0;
  while (count < hits.length && hits[count]![0] <= depth) count++;
  return count;
}

/** The judged queries of a run: which are scored, which have no relevant document, and each one's judgments. */
interface JudgedQueries {
  /** Judged query id → whether it is left out (`noRelevant: 'skip'` and no relevant document). */
  readonly skippedByQuery: ReadonlyMap<string, boolean>;
  /** Judged queries without a relevant document, in query-id order. */
  readonly noRelevantQueries: readonly string[];
  /** A judged query's judgments, read again (SKIPPED for one left out). */
  judge(qid: string): JudgedQuery;
}

/**
 * Reads every judged query first, in query-id order, so that bad judgments fail before any ranking is
 * read; only whether it is scored is kept. Its judgments are read again when its ranking comes: holding
 * every query's Map of grades for the whole run would give the garbage collector most of its work.
 */
function judgeQueries({ fn, metric, noRelevant, qrels, aspects }: RunSettings): JudgedQueries {
  const skippedByQuery = new Map<string, boolean>();
  const noRelevantQueries: string[] = [];
  // Worded only for an error: the scorer judges every query of the run.
  const where = (qid: string) => () => words('qrels', queryKey(qid));
  const about = (qid: string): ErrorAbout => ({ subject: QRELS, at: { query: qid } });
  for (const qid of [...qrels.keys()].sort(compareUtf8)) {
    const { relevant } = readJudgments(qrels.get(qid), metric.relevanceThreshold, fn, where(qid), about(qid));
    if (relevant === 0) {
      noRelevantQueries.push(qid);
      if (noRelevant === 'error') {
        throw new RankevalError({
          code: 'no_relevant',
          fn,
          subject: { kind: 'query', query: qid },
          problem: `query ${describeValue(qid)} has no relevant document in the qrels`,
          expected: 'at least one relevant document',
          received: qid,
        });
      }
    }
    skippedByQuery.set(qid, relevant === 0 && noRelevant === 'skip');
  }
  const judge = (qid: string): JudgedQuery => {
    if (skippedByQuery.get(qid)!) return SKIPPED;
    const judgments = readJudgments(qrels.get(qid), metric.relevanceThreshold, fn, where(qid), about(qid));
    return { judgments, grades: [...judgments.grades.values()], skipped: false, aspects: aspects?.get(qid) };
  };
  return { skippedByQuery, noRelevantQueries, judge };
}

/** Scores one query on every measure of the plan: its values in the plan's order of names. */
type QueryScorer = (qid: string, query: JudgedQuery, found: FoundQuery) => number[];

function queryScorer({ fn, metric, plan, lengths, systemK }: RunSettings): QueryScorer {
  const contextSettings: ContextSettings = {
    options: metric,
    // Negative grades are never relevant in the library (isRelevant): a level below 0 reads as 0.
    relevanceLevel: Math.max(metric.relevanceThreshold, 0),
    cutoffs: plan.cutoffs,
    numDocsInColl: 0,
    version: 9,
    needsGain: plan.needsGain,
    fn,
    ...(lengths === undefined ? {} : { lengths }),
    ...(systemK === undefined ? {} : { systemK: systemK.k }),
  };
  // One vector of values serves every query: each query's scores are copied out of it.
  const values = new Float64Array(plan.valueCount);
  return (qid, query, found) => {
    const context = createQueryContext(
      // Every key, always: one object shape for every query keeps the context's reads monomorphic.
      { qid, length: found.length, hits: found.hits, grades: query.grades, tieGroups: found.tieGroups, documents: found.documents, aspects: query.aspects },
      contextSettings,
    );
    for (const group of plan.groups) group.definition.compute(context, group.params, values, group.offset);
    const scores = new Array<number>(plan.slots.length);
    for (let i = 0; i < scores.length; i++) {
      let value = values[plan.slots[i]!]!;
      // 0 / 0 (Rndcg without a positive ideal gain): the catalogue's defined value, never a silent NaN.
      if (Number.isNaN(value)) value = undefinedValue(plan.measures[i]!.definition, plan.names[i]!, qid);
      // Only unbounded sums (dcg, idcg) can fail to be finite otherwise.
      else if (!Number.isFinite(value)) finiteGainSum(value, fn, `${plan.names[i]} of query ${describeValue(qid)}`);
      scores[i] = value;
    }
    return scores;
  };
}

/** The run's result: the judged queries never seen scored as empty rankings, everything in query-id order. */
function runResult(settings: RunSettings, judged: JudgedQueries, tally: Tally, scoreQuery: QueryScorer): RunEvaluation {
  const { fn, plan, slices, checks, systemK, beyondSystemK, withoutAspects } = settings;
  const { skippedByQuery } = judged;
  const rows = new Map(tally.scored);
  const unanswered: string[] = [];
  for (const [qid, skipped] of skippedByQuery) {
    if (tally.seen.has(qid)) continue;
    unanswered.push(qid);
    if (!skipped) rows.set(qid, scoreQuery(qid, judged.judge(qid), EMPTY_RANKING));
  }
  const queryIds = [...rows.keys()].sort(compareUtf8);
  if (queryIds.length === 0) {
    const why = skippedByQuery.size === 0 ? 'the qrels hold no query' : 'every judged query has no relevant document and `noRelevant` is `skip`';
    throw new RankevalError({
      code: 'no_queries',
      fn,
      // Left out by `noRelevant: 'skip'`, when there were judged queries: the option is what to change.
      subject: skippedByQuery.size === 0 ? QRELS : { kind: 'option', option: 'noRelevant' },
      problem: `no query to average: ${why}`,
      expected: 'at least one judged query',
      received: skippedByQuery.size,
    });
  }
  const sliceLabels = emptyRecord<string[]>();
  for (const qid of queryIds) {
    const labels = slices?.get(qid);
    if (labels !== undefined && labels.length > 0) sliceLabels[qid] = [...labels];
  }
  return evaluationOf({
    fn,
    names: plan.names,
    cutoffs: plan.measures.map((measure) => measure.cutoff),
    queryIds,
    rows: queryIds.map((qid) => rows.get(qid)!),
    sliceLabels,
    unjudgedQueries: tally.unjudged.slice().sort(compareUtf8),
    unansweredQueries: unanswered,
    noRelevantQueries: judged.noRelevantQueries.slice(),
    deepestRanking: tally.deepest,
    queriesInRanking: tally.queriesInRanking.slice().sort(compareUtf8),
    tiedQueries: tally.tiedQueries.slice().sort(compareUtf8),
    risingQueries: tally.risingQueries.slice().sort(compareUtf8),
    ...(plan.depth === 0 ? {} : { unjudgedDocuments: unjudgedDocumentsOf(plan.depth, tally) }),
    ...(settings.scoreOrder === undefined ? {} : { scoreOrder: settings.scoreOrder }),
    checks,
    ...(beyondSystemK === undefined ? {} : { beyondSystemK }),
    ...(systemK === undefined ? {} : { systemK: systemK.k }),
    // Those scored (not left out for having no relevant document).
    ...(withoutAspects.length === 0 ? {} : { withoutAspects: withoutAspects.filter((qid) => rows.has(qid)) }),
    conventions: conventionsOf(settings),
  });
}

/** The tally's unjudged documents within `depth` (Infinity: the whole rankings, null as JSON says it), by query in query-id order. */
function unjudgedDocumentsOf(depth: number, tally: Tally): UnjudgedDocuments {
  const byQuery = emptyRecord<number>();
  for (const qid of [...tally.unjudgedWithin.keys()].sort(compareUtf8)) byQuery[qid] = tally.unjudgedWithin.get(qid)!;
  return { depth: depth === Infinity ? null : depth, retrieved: tally.retrievedWithin, byQuery };
}

/** The rules a run's numbers follow, as its result states them. */
function conventionsOf({ metric, noRelevant, plan, scoreOrder = 'descending' }: RunSettings) {
  return describeConventions({
    ties: metric.ties,
    scoreOrder,
    gain: metric.gain,
    relevanceThreshold: metric.relevanceThreshold,
    noRelevant,
    apDenominator: metric.apDenominator,
    names: plan.names,
    aggregates: plan.measures.map((measure) => measure.definition.aggregate),
  });
}

/** A measure's value where its formula is 0 / 0; a NaN from any other measure is a bug, refused loudly. */
function undefinedValue(definition: MeasureDefinition, name: string, qid: string): number {
  if (definition.whenUndefined !== undefined) return definition.whenUndefined;
  throw new Error(`evaluateRun: ${name} of query ${describeValue(qid)} is not a number; this is a bug in rankeval, please report it`);
}
