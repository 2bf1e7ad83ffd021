// The one evaluation core behind evaluateRun, createEvaluator, evaluateRunStream and the commands: queries
// are scored one at a time as they arrive (from ids in memory, or from a run file's bytes) and only their
// scores are kept, so that memory holds one query's ranking at a time, whatever the size of the run.
import { describeConventions, type Conventions } from '../measures/conventions.js';
import { describeValue, fail, ownOptions, RankevalError, whileReading } from '../core/errors.js';
import { RUN_OPTION_KEYS, type CheckedMeasures, type EvaluateRunOptions } from './run-options.js';
import type { MeanScores, RunEvaluation } from './run-result.js';
import { averagesTies, readsDocuments, readsLengths, type MeasureDefinition } from '../measures/catalogue.js';
import { createQueryContext, type ContextSettings, type MeasureParams } from '../measures/context.js';
import { readAspectsOption, type QueryAspects } from '../metrics/diversity.js';
import { expandMeasure, type MeasureKey, type ParsedMeasure } from '../measures/registry.js';
import { readByQuery, readQrels } from '../core/inputs.js';
import { compareUtf8, orderRanking, type TieGroup } from '../core/ordering.js';
import { judgedHits } from '../metrics/counts.js';
import { METRIC_OPTION_KEYS, type ResolvedOptions, resolveOptions } from '../core/metric-options.js';
import { type Judgments, readJudgments } from '../core/judgments.js';
import type { Hit } from '../metrics/cutoff-counts.js';
import { finiteGainSum } from '../metrics/dcg.js';
import { indexIds, rankOf, releaseIndex, type IdIndex } from '../core/id-index.js';
import { isTokenLength, TOKEN_LENGTH } from '../core/token-length.js';
import { readChecks, scoresAllTie, settleCheck, type RunChecks, type RunWarning } from './run-checks.js';
import { aggregateRows } from './means.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';

/** The measures asked for, grouped so that each catalogue measure computes all its parameterisations at once. */
export interface MeasurePlan {
  /** The keys of the values: names as the caller wrote them, trec_eval's value names for a name of several (`P.5,10` → `P_5`, `P_10`), without repeats. */
  readonly names: readonly string[];
  readonly measures: readonly ParsedMeasure[];
  /** One entry per catalogue measure asked for: its parameterisations and where their values go. */
  readonly groups: readonly { definition: MeasureDefinition; params: MeasureParams[]; offset: number }[];
  /** For each name, the index of its value in a query's value vector. */
  readonly slots: readonly number[];
  readonly valueCount: number;
  /** Distinct cutoffs, ascending: one pass over a ranking counts at all of them. */
  readonly cutoffs: readonly number[];
  readonly needsGain: boolean;
  /** Some measure reads the rankings' document ids (aspects, budgets, tokens). */
  readonly needsDocuments: boolean;
}

export function planMeasures(given: unknown, fn: string): MeasurePlan {
  // Read once into an array of our own (a revoked Proxy or a getter throwing is named: whileReading).
  const measures = whileReading(fn, 'invalid_option', '`measures`', () => (Array.isArray(given) ? [...(given as unknown[])] : undefined));
  if (measures === undefined || measures.length === 0) {
    fail('unknown_measure', fn, '`measures`', 'a non-empty array of measure names such as "ndcg@10"', given);
  }
  // A name of several values (`P.5,10`) gives one key per value; a key asked for twice is one value.
  const names: string[] = [];
  const parsed: ParsedMeasure[] = [];
  for (const name of new Set(measures as string[])) {
    for (const { key, measure } of expandMeasure(name)) {
      if (names.includes(key)) continue;
      names.push(key);
      parsed.push(measure);
    }
  }
  const byDefinition = new Map<MeasureDefinition, number[]>();
  parsed.forEach((measure, i) => {
    const list = byDefinition.get(measure.definition);
    if (list === undefined) byDefinition.set(measure.definition, [i]);
    else list.push(i);
  });
  const groups: { definition: MeasureDefinition; params: MeasureParams[]; offset: number }[] = [];
  const slots = new Array<number>(names.length);
  let offset = 0;
  for (const [definition, indices] of byDefinition) {
    groups.push({ definition, params: indices.map((i) => parsed[i]!.params), offset });
    indices.forEach((index, j) => (slots[index] = offset + j));
    offset += indices.length;
  }
  return {
    names,
    measures: parsed,
    groups,
    slots,
    valueCount: offset,
    cutoffs: [...new Set([...parsed.map((measure) => measure.cutoff), Infinity])].sort((a, b) => a - b),
    needsGain: parsed.some((measure) => GAIN_MEASURES.has(measure.definition.name)),
    needsDocuments: parsed.some((measure) => readsDocuments(measure.definition, measure.params)),
  };
}

/** The measures that read DCG and IDCG from the shared counts. */
const GAIN_MEASURES = new Set(['dcg', 'idcg', 'ndcg']);

const NO_RELEVANT_MODES = ['zero', 'skip', 'error'] as const;

/** A record without a prototype, so that a key such as `__proto__` is an ordinary key. */
export const emptyRecord = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export function toRecord<T>(keys: readonly string[], values: ArrayLike<T>): Record<string, T> {
  const record = emptyRecord<T>();
  keys.forEach((key, i) => (record[key] = values[i]!));
  return record;
}

/** A judged query's judgments, read when its ranking comes. */
export interface JudgedQuery {
  readonly judgments: Judgments;
  /** Every grade of the query's judgments, retrieved or not. */
  readonly grades: readonly number[];
  /** With `noRelevant: 'skip'`, a query without relevant documents: read, but never scored. */
  readonly skipped: boolean;
  /** Its aspects, when the evaluation was given some for it. */
  readonly aspects?: QueryAspects | undefined;
}

/** One query as a reader found it: its judged retrieved documents, not its ids. */
export interface FoundQuery {
  /** Documents retrieved. */
  readonly length: number;
  /** Every retrieved document the judgments list, as (rank, grade), in rank order. */
  readonly hits: readonly Hit[];
  /** Runs of tied scores whose orders are averaged (`ties: 'average'`), else undefined. */
  readonly tieGroups: readonly TieGroup[] | undefined;
  /** The ranking holds a document whose id is the query's own (the queryInRanking check). */
  readonly holdsQueryId: boolean;
  /** Two or more documents, all with the same score (the allScoresTied check). */
  readonly scoresAllTie: boolean;
  /** What a view of its top needs (explainTop), when the scorer keeps what it found (the report). */
  readonly shown?: ShownRanking;
  /** Every document id in rank order, when a measure reads them (`RunScorer.needsDocuments`). */
  readonly documents?: readonly string[];
}

/** The top ids of a ranking (rank order, `shownDepth` of them) and the rank of each judged document it retrieved. */
export interface ShownRanking {
  readonly top: readonly string[];
  readonly ranks: ReadonlyMap<string, number>;
}

/** Thrown by `begin` for a query id seen before: the run's lines for it are not together. */
export class QueryRepeated extends Error {
  constructor(readonly qid: string) {
    super(`query ${JSON.stringify(qid)} appears in two places of the run`);
  }
}

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
  const keepFound = shownDepth > 0;
  // Read once, own keys only (ownOptions): every option below is read from this copy.
  const options = ownOptions(given, [...RUN_OPTION_KEYS, ...METRIC_OPTION_KEYS], fn, { expected: 'an object with `measures`' });
  const resolved = resolveOptions(options, fn, RUN_OPTION_KEYS);
  const noRelevant = options.noRelevant ?? 'zero';
  if (!NO_RELEVANT_MODES.includes(noRelevant)) fail('invalid_option', fn, '`noRelevant`', "'zero', 'skip' or 'error'", noRelevant);
  const plan = planMeasures(options.measures, fn);
  if (resolved.ties === 'average') {
    const index = plan.measures.findIndex((measure) => !averagesTies(measure.definition, measure.params));
    if (index !== -1) fail('invalid_option', fn, '`ties`', `'trec' or 'given' for ${plan.names[index]} (it has no tie-averaged form)`, resolved.ties);
  }
  // Each query's judgments read once here (readQrels): they are read twice below.
  const qrelsById = readQrels(qrels, fn);
  const slices = options.slices === undefined ? undefined : readSlices(options.slices, fn);
  const checks = readChecks(options.checks, fn);
  const lengths = options.lengths === undefined ? undefined : readLengths(options.lengths, fn);
  const tokenMeasure = plan.measures.findIndex((measure) => readsLengths(measure.definition, measure.params));
  if (tokenMeasure !== -1 && lengths === undefined) {
    throw new RankevalError(
      'invalid_option',
      `${fn}: ${plan.names[tokenMeasure]} reads document lengths: give \`lengths\` (document id → length in tokens)`,
      'document id → length in tokens',
      options.lengths,
    );
  }
  const aspects = options.aspects === undefined ? undefined : readAspectsOption(options.aspects, fn);
  const aspectMeasure = plan.measures.findIndex((measure) => measure.definition.readsAspects === true);
  if (aspectMeasure !== -1 && aspects === undefined) {
    throw new RankevalError('invalid_option', `${fn}: ${plan.names[aspectMeasure]} reads aspects: give \`aspects\` (query id → aspect → judgments)`, 'query id → aspect → judgments', options.aspects);
  }
  // Judged queries the aspect measures can only score 0: said in a warning, as they lower every mean.
  const withoutAspects = aspectMeasure === -1 ? [] : [...qrelsById.keys()].filter((qid) => !aspects!.has(qid)).sort(compareUtf8);
  const systemK = readSystemK(options.systemK, fn);
  const beyondSystemK = systemK === undefined ? undefined : beyondSystemKOf(plan, systemK, fn);
  // Scores are ignored under a tie rule that takes the array order: then they cannot all tie.
  const checkTies = resolved.ties !== 'given';

  // Every judged query is read first, in query-id order, so that bad judgments fail before any ranking is
  // read; only whether it is scored is kept. Its judgments are read again when its ranking comes: holding
  // every query's Map of grades for the whole run would give the garbage collector most of its work.
  const skippedByQuery = new Map<string, boolean>();
  const noRelevantQueries: string[] = [];
  for (const qid of [...qrelsById.keys()].sort(compareUtf8)) {
    const { relevant } = readJudgments(qrelsById.get(qid), resolved.relevanceThreshold, fn, `qrels[${JSON.stringify(qid)}]`);
    if (relevant === 0) {
      noRelevantQueries.push(qid);
      if (noRelevant === 'error') {
        throw new RankevalError('no_relevant', `${fn}: query ${describeValue(qid)} has no relevant document in the qrels`, 'at least one relevant document', qid);
      }
    }
    skippedByQuery.set(qid, relevant === 0 && noRelevant === 'skip');
  }
  const judge = (qid: string): JudgedQuery => {
    if (skippedByQuery.get(qid)!) return SKIPPED;
    const judgments = readJudgments(qrelsById.get(qid), resolved.relevanceThreshold, fn, `qrels[${JSON.stringify(qid)}]`);
    return { judgments, grades: [...judgments.grades.values()], skipped: false, aspects: aspects?.get(qid) };
  };

  const settings: ContextSettings = {
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
      settings,
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
        throw new RankevalError('no_queries', `${fn}: no query to average: ${why}`, 'at least one judged query', skippedByQuery.size);
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

/** The top `depth` ids of a ranking and its judged documents' ranks (found through its `index`). */
function shownRanking(ids: readonly string[], query: JudgedQuery, index: IdIndex, depth: number): ShownRanking {
  const ranks = new Map<string, number>();
  for (const id of query.judgments.grades.keys()) {
    const rank = rankOf(index, id);
    if (rank !== 0) ranks.set(id, rank);
  }
  return { top: ids.slice(0, depth), ranks };
}

/** A judged query left out of the means (`noRelevant: 'skip'`): its ranking is not read. */
const SKIPPED: JudgedQuery = { judgments: { grades: new Map(), relevant: 0 }, grades: [], skipped: true };

/** The ranking of a judged query the run does not answer (no ids either: a budget or tokens@k reads them). */
const EMPTY_RANKING: FoundQuery = { length: 0, hits: [], tieGroups: undefined, holdsQueryId: false, scoresAllTie: false, documents: [] };

/** A measure's value where its formula is 0 / 0; a NaN from any other measure is a bug, refused loudly. */
function undefinedValue(definition: MeasureDefinition, name: string, qid: string): number {
  if (definition.whenUndefined !== undefined) return definition.whenUndefined;
  throw new Error(`evaluateRun: ${name} of query ${describeValue(qid)} is not a number; this is a bug in rankeval, please report it`);
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
  const warnings: RunWarning[] = [];
  settleCheck('query_in_ranking', checks.queryInRanking, facts.queriesInRanking, fn, warnings);
  const beyond = names.filter((_, i) => cutoffs[i] !== Infinity && cutoffs[i]! > deepest);
  settleCheck('cutoff_beyond_run', checks.cutoffBeyondRun, beyond, fn, warnings, { deepest });
  settleCheck('all_scores_tied', checks.allScoresTied, facts.tiedQueries, fn, warnings, { tieRule: conventions.ties });
  if (facts.beyondSystemK !== undefined) settleCheck('beyond_system_k', 'warn', facts.beyondSystemK.measures, fn, warnings, { systemK: facts.beyondSystemK.k });
  if (facts.withoutAspects !== undefined) settleCheck('without_aspects', 'warn', facts.withoutAspects, fn, warnings);
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
    },
  };
}

/** `systemK` as read: the system's k and what a measure cut deeper does. */
interface SystemK {
  readonly k: number;
  readonly mode: 'error' | 'warn';
}

/** Measures cut deeper than the system's k, kept for the result's warning (and merged results'). */
export interface BeyondSystemK {
  readonly k: number;
  readonly measures: string[];
}

function readSystemK(value: unknown, fn: string): SystemK | undefined {
  if (value === undefined) return undefined;
  const expected = "a positive integer (the results the system passes on), or { k, mode: 'error' | 'warn' }";
  const isK = (k: unknown): k is number => typeof k === 'number' && Number.isSafeInteger(k) && k > 0;
  if (isK(value)) return { k: value, mode: 'error' };
  const { k, mode = 'error' } = ownOptions(value, ['k', 'mode'], fn, { name: '`systemK`', expected, what: 'every key of `systemK`' }) as { k?: unknown; mode?: unknown };
  if (!isK(k)) fail('invalid_option', fn, '`systemK.k`', 'a positive integer', k);
  if (mode !== 'error' && mode !== 'warn') fail('invalid_option', fn, '`systemK.mode`', "'error' or 'warn'", mode);
  return { k, mode };
}

/**
 * The measures that read deeper than the system's k: a cutoff above it, or none on a measure that reads
 * the ranking. A token budget is cut at the system's k too, so it never reads deeper. In 'error' mode the
 * first such measure is refused here, before any ranking is read.
 */
function beyondSystemKOf(plan: MeasurePlan, systemK: SystemK, fn: string): BeyondSystemK | undefined {
  const measures = plan.names.filter((_, i) => readsBeyond(plan.measures[i]!, systemK.k));
  if (measures.length === 0) return undefined;
  settleCheck('beyond_system_k', systemK.mode, measures, fn, [], { systemK: systemK.k });
  return { k: systemK.k, measures };
}

/** Whether a measure reads deeper than the system's k (see beyondSystemKOf). */
export function readsBeyond({ definition, params, cutoff }: ParsedMeasure, k: number): boolean {
  return definition.readsRanking !== false && params.budget === undefined && cutoff > k;
}

/** Document id → length in tokens, each from 0 to MAX_TOKENS (so that no sum of them overflows). */
function readLengths(value: unknown, fn: string): ReadonlyMap<string, number> {
  const lengths = readByQuery<unknown>(value, fn, '`lengths`', 'invalid_option', 'a Map or an object of document id → length in tokens');
  for (const [id, length] of lengths) {
    if (!isTokenLength(length)) fail('invalid_option', fn, `\`lengths[${JSON.stringify(id)}]\``, TOKEN_LENGTH, length);
  }
  return lengths as ReadonlyMap<string, number>;
}

/**
 * The qrels and evaluateRun options of a function that scores several runs on them (compare,
 * optimizeFusion) or one run twice (evaluateRunStream), with every iterable they hold read once
 * (readQrels, readAspectsOption): scored again, they are not read again. `options` is a copy of own keys.
 */
export function readScoringInputs(qrels: unknown, options: Record<string, unknown>, fn: string): { qrels: ReadonlyMap<string, unknown>; options: Record<string, unknown> } {
  const read = readQrels(qrels, fn);
  if (options['aspects'] === undefined) return { qrels: read, options };
  return { qrels: read, options: { ...options, aspects: readAspectsOption(options['aspects'], fn) } };
}

/** Reads query id → one label or several (the report's tags are slices by another name). */
export function readSlices(slices: unknown, fn: string, name = 'slices'): ReadonlyMap<string, readonly string[]> {
  const byQuery = new Map<string, readonly string[]>();
  for (const [qid, labels] of readByQuery<unknown>(slices, fn, `\`${name}\``, 'invalid_option')) {
    const where = `${name}[${JSON.stringify(qid)}]`;
    const list = whileReading(fn, 'invalid_option', where, () => (typeof labels === 'string' ? [labels] : Array.isArray(labels) ? [...(labels as unknown[])] : undefined));
    if (list === undefined || !list.every((label) => typeof label === 'string')) fail('invalid_option', fn, where, 'a label or an array of labels', labels);
    byQuery.set(qid, [...new Set(list as string[])]);
  }
  return byQuery;
}

/** An evaluation fed one query at a time (`createEvaluator`). */
export interface Evaluator<Key extends string = string> {
  /**
   * Scores one query's ranking (ids in rank order, or `{id, score}` objects ordered as `ties` says) and
   * keeps only its scores. A query the qrels do not judge is listed in `unjudgedQueries` and not read.
   *
   * @throws {RankevalError} `invalid_run` for a query id that is not a string or was added before;
   *   `invalid_ranking` for a bad ranking
   */
  add(qid: string, ranking: Ranking): void;
  /**
   * The evaluation of the queries added so far: judged queries not added score 0 (an empty ranking), as
   * in `evaluateRun`, which gives the same result for the same queries in any order.
   */
  result(): RunEvaluation<Key>;
}

/**
 * An evaluation fed one query at a time, for runs that do not fit in memory or arrive as they are made
 * (a retriever's answers, a stream of results): each ranking is scored as it is added and then dropped,
 * so memory holds the judgments and one score vector per query. `evaluateRun(run, qrels, options)` is
 * `createEvaluator(qrels, options)`, every query added, then `result()`.
 *
 * @throws {RankevalError} as `evaluateRun` does for bad options, measures or judgments (at creation)
 * @example
 * const evaluator = createEvaluator(qrels, { measures: ['ndcg@10', 'recall@100'] });
 * for await (const { qid, ranking } of answers) evaluator.add(qid, ranking);
 * evaluator.result().mean; // => { 'ndcg@10': 0.41, 'recall@100': 0.83 }
 */
export function createEvaluator<Name extends string = string>(
  qrels: ByQuery<Qrels>,
  options: EvaluateRunOptions<Name> & CheckedMeasures<Name>,
): Evaluator<MeasureKey<Name>> {
  const scorer = createRunScorer(qrels, options as EvaluateRunOptions, 'createEvaluator');
  return {
    add(qid, ranking) {
      if (typeof qid !== 'string') fail('invalid_run', 'createEvaluator', 'the query id', 'a string', qid);
      try {
        scorer.addRanking(qid, ranking);
      } catch (error) {
        if (error instanceof QueryRepeated) {
          throw new RankevalError('invalid_run', `createEvaluator: query ${describeValue(qid)} was added before; add each query's whole ranking once`, 'each query once', qid);
        }
        throw error;
      }
    },
    result: () => scorer.result() as RunEvaluation<MeasureKey<Name>>,
  };
}
