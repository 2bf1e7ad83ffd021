// The scorer of a run: each query's ranking, as a reader found it, scored on every measure of the plan;
// only the scores are kept. `result()` scores the judged queries never seen as empty rankings and makes
// the run's result in query-id order, so it does not depend on the order the queries came in.
import { describeConventions } from '../measures/conventions.js';
import { queryKey, RankevalError, words } from '../core/errors.js';
import { describeValue } from '../core/quoting.js';
import { whileReading } from '../core/boundary.js';
import type { MeasureDefinition } from '../measures/catalogue.js';
import { createQueryContext, type ContextSettings } from '../measures/context.js';
import { compareUtf8, orderRanking } from '../core/ordering.js';
import { judgedHits } from '../metrics/counts.js';
import type { ResolvedOptions } from '../core/metric-options.js';
import { readJudgments } from '../core/judgments.js';
import { finiteGainSum } from '../metrics/dcg.js';
import { indexIds, rankOf, releaseIndex } from '../core/id-index.js';
import { scoresAllTie } from './run-checks.js';
import { EMPTY_RANKING, QueryRepeated, shownRanking, SKIPPED, type FoundQuery, type JudgedQuery } from './found.js';
import { emptyRecord } from './records.js';
import type { EvaluateRunOptions } from './run-options.js';
import { evaluationOf, type RunEvaluation } from './run-result.js';
import { resolveRunSettings, type RunSettings } from './settings.js';

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
   * The query's judgments, or undefined when it has none (it is then listed as unjudged); `length` is
   * its ranking's, for `longestRanking`.
   */
  begin(qid: string, length: number): JudgedQuery | undefined;
  score(qid: string, query: JudgedQuery, found: FoundQuery): void;
  /** Orders, checks and scores a ranking given as ids or `{id, score}` objects (`begin` included). */
  addRanking(qid: string, ranking: unknown, fileScoresTie?: boolean): void;
  result(): RunEvaluation;
  /** Documents in the longest ranking begun, judged or not (the report's curves go that deep). */
  longestRanking(): number;
  /** How many ids of the top of each ranking `shown` keeps: 0 when what is found is not kept. */
  readonly shownDepth: number;
  /** Whether `score` needs the found ranking's `documents` (some measure reads ids). */
  readonly needsDocuments: boolean;
  /**
   * The queries begun, in order, with what was found for those scored, when the scorer was made with a
   * `shownDepth` (the report the report scores its curves on them once every run's depth is known, and shows the top
   * of the rankings of the queries lost most).
   */
  found(): { readonly seen: ReadonlySet<string>; readonly found: ReadonlyMap<string, FoundQuery> };
}

/**
 * The evaluation core; `fn` names the public function in error messages. With a `shownDepth`, what is found
 * is kept, with the top `shownDepth` ids of each ranking.
 */
export function createRunScorer(qrels: unknown, given: EvaluateRunOptions, fn: string, shownDepth = 0): RunScorer {
  return scorerOf(resolveRunSettings(qrels, given, fn), shownDepth);
}

/** The scorer of a run on settings already resolved (resolveRunSettings). */
export function scorerOf(settings: RunSettings, shownDepth = 0): RunScorer {
  const { fn } = settings;
  const keepFound = shownDepth > 0;
  const { metric: resolved, noRelevant, plan, qrels: qrelsById, slices, checks, lengths, aspects, withoutAspects, systemK, beyondSystemK } = settings;
  // Scores are ignored under a tie rule that takes the array order: then they cannot all tie.
  const checkTies = resolved.ties !== 'given';

  // Every judged query is read first, in query-id order, so that bad judgments fail before any ranking is
  // read; only whether it is scored is kept. Its judgments are read again when its ranking comes: holding
  // every query's Map of grades for the whole run would give the garbage collector most of its work.
  const skippedByQuery = new Map<string, boolean>();
  const noRelevantQueries: string[] = [];
  for (const qid of [...qrelsById.keys()].sort(compareUtf8)) {
    const { relevant } = readJudgments(qrelsById.get(qid), resolved.relevanceThreshold, fn, words('qrels', queryKey(qid)));
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
    const judgments = readJudgments(qrelsById.get(qid), resolved.relevanceThreshold, fn, words('qrels', queryKey(qid)));
    return { judgments, grades: [...judgments.grades.values()], skipped: false, aspects: aspects?.get(qid) };
  };

  const contextSettings: ContextSettings = {
    options: resolved,
    // Negative grades are never relevant in the library (isRelevant): a level below 0 reads as 0.
    relevanceLevel: Math.max(resolved.relevanceThreshold, 0),
    cutoffs: plan.cutoffs,
    numDocsInColl: 0,
    version: 9,
    needsGain: plan.needsGain,
    fn,
    ...(lengths === undefined ? {} : { lengths }),
    ...(systemK === undefined ? {} : { systemK: systemK.k }),
  };
  const seen = new Set<string>();
  const kept = new Map<string, FoundQuery>();
  let longest = 0;
  const unjudged: string[] = [];
  const scored = new Map<string, number[]>();
  const queriesInRanking: string[] = [];
  const tiedQueries: string[] = [];
  let deepest = 0;
  // One vector of values serves every query: each query's scores are copied out of it.
  const values = new Float64Array(plan.valueCount);

  const scoreFound = (qid: string, query: JudgedQuery, found: FoundQuery): number[] => {
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

  const scorer: RunScorer = {
    fn,
    options: resolved,
    shownDepth,
    needsDocuments: plan.needsDocuments,
    begin(qid, length) {
      if (seen.has(qid)) throw new QueryRepeated(qid);
      seen.add(qid);
      if (length > longest) longest = length;
      if (skippedByQuery.has(qid)) return judge(qid);
      unjudged.push(qid);
      return undefined;
    },
    score(qid, query, found) {
      if (query.skipped) return;
      if (found.length > deepest) deepest = found.length;
      if (found.holdsQueryId) queriesInRanking.push(qid);
      if (checkTies && found.scoresAllTie) tiedQueries.push(qid);
      scored.set(qid, scoreFound(qid, query, found));
      if (keepFound) kept.set(qid, found);
    },
    addRanking(qid, ranking, fileScoresTie = false) {
      // Array.isArray throws for a revoked Proxy: orderRanking, below, names it.
      const query = scorer.begin(qid, whileReading(fn, 'invalid_ranking', `run[${JSON.stringify(qid)}]`, () => (Array.isArray(ranking) ? ranking.length : 0)));
      // Rankings of queries nobody judged are not read: they are left out whatever they hold.
      if (query === undefined || query.skipped) return;
      const where = `run[${JSON.stringify(qid)}]`;
      const { ids, tieGroups } = orderRanking(ranking, fn, where, resolved.ties);
      const index = indexIds(ids, fn, where);
      const hits = judgedHits(index, query.judgments);
      const holdsQueryId = rankOf(index, qid) !== 0;
      const found = {
        length: ids.length,
        hits,
        tieGroups,
        holdsQueryId,
        scoresAllTie: fileScoresTie || scoresAllTie(ranking as readonly unknown[]),
        ...(plan.needsDocuments ? { documents: ids as readonly string[] } : {}),
      };
      scorer.score(qid, query, keepFound ? { ...found, shown: shownRanking(ids as readonly string[], query, index, shownDepth) } : found);
      releaseIndex(index);
    },
    longestRanking: () => longest,
    found: () => ({ seen, found: kept }),
    result() {
      const rows = new Map(scored);
      const unanswered: string[] = [];
      for (const [qid, skipped] of skippedByQuery) {
        if (seen.has(qid)) continue;
        unanswered.push(qid);
        if (!skipped) rows.set(qid, scoreFound(qid, judge(qid), EMPTY_RANKING));
      }
      const queryIds = [...rows.keys()].sort(compareUtf8);
      if (queryIds.length === 0) {
        const why = skippedByQuery.size === 0 ? 'the qrels hold no query' : 'every judged query has no relevant document and `noRelevant` is `skip`';
        throw new RankevalError({
          code: 'no_queries',
          fn,
          // Left out by `noRelevant: 'skip'`, when there were judged queries: the option is what to change.
          subject: skippedByQuery.size === 0 ? undefined : { kind: 'option', option: 'noRelevant' },
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
        unjudgedQueries: unjudged.slice().sort(compareUtf8),
        unansweredQueries: unanswered,
        noRelevantQueries: noRelevantQueries.slice(),
        deepestRanking: deepest,
        queriesInRanking: queriesInRanking.slice().sort(compareUtf8),
        tiedQueries: tiedQueries.slice().sort(compareUtf8),
        checks,
        ...(beyondSystemK === undefined ? {} : { beyondSystemK }),
        ...(systemK === undefined ? {} : { systemK: systemK.k }),
        // Those scored (not left out for having no relevant document).
        ...(withoutAspects.length === 0 ? {} : { withoutAspects: withoutAspects.filter((qid) => rows.has(qid)) }),
        conventions: describeConventions({
          ties: resolved.ties,
          gain: resolved.gain,
          relevanceThreshold: resolved.relevanceThreshold,
          noRelevant,
          apDenominator: resolved.apDenominator,
          names: plan.names,
          aggregates: plan.measures.map((measure) => measure.definition.aggregate),
        }),
      });
    },
  };
  return scorer;
}

/** A measure's value where its formula is 0 / 0; a NaN from any other measure is a bug, refused loudly. */
function undefinedValue(definition: MeasureDefinition, name: string, qid: string): number {
  if (definition.whenUndefined !== undefined) return definition.whenUndefined;
  throw new Error(`evaluateRun: ${name} of query ${describeValue(qid)} is not a number; this is a bug in rankeval, please report it`);
}
