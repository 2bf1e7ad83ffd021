// trec_eval's evaluation, query by query: each query of the run judged (judge-ranking.ts), its values
// computed through the catalogue for the measures -m selects (select-measures.ts), and the whole output
// printed once the run has been read (output.ts).
import { RankevalError } from '../core/errors.js';
import type { ResolvedOptions } from '../core/metric-options.js';
import { judgedOnly, type JudgedRanking } from '../metrics/judged-ranking.js';
import type { Qrels, QrelsQuery, RepeatWatch, RunBlock } from '../formats/trec-bytes.js';
import { checkQueryCount } from '../formats/run-limits.js';
import { createQueryContext, type ContextSettings } from '../measures/context.js';
import { emptyRankingValues } from './empty-ranking.js';
import { RankingJudge, repeatedDocument } from './judge-ranking.js';
import { missingQueryResults } from './missing-queries.js';
import { MIN_GEO_MEAN, printResults, type JudgedQueries, type QueryResult } from './output.js';
import { GRADED_COUNTS, gradedHits, rankedHits } from './ranked-relevance.js';
import { relString } from './relstring.js';
import { selectMeasures, type BoundMeasure } from './select-measures.js';
import type { TrecMeasure } from '../measures/trec-table.js';
import { convertToZScores, type ZScores } from './zscores.js';

/** trec_eval's formats of the relevance file (-R): graded qrels, preferences, qrels read as preferences, several judges' qrels. */
export type RelFormat = 'qrels' | 'prefs' | 'qrels_prefs' | 'qrels_jg';

export interface TrecEvalOptions {
  /** -R: the format of the relevance file. */
  readonly relFormat: RelFormat;
  /** -q: print every query's values too. */
  readonly perQuery: boolean;
  /** -c: average over every query of the qrels, 0 for those without results. */
  readonly complete: boolean;
  /** -l: lowest grade that counts as relevant. */
  readonly relevanceLevel: number;
  /** -M: documents read per query (after ordering). */
  readonly maxDocs: number;
  /** -J: score the condensed list, the run without the documents the qrels do not grade (judgedOnly). */
  readonly judgedOnly: boolean;
  /** -N: documents in the collection (utility's p4). */
  readonly numDocsInColl: number;
  /** -n off: print the `all` lines. */
  readonly summary: boolean;
  /** -m arguments: measures or groups, with `.params`; empty for trec_eval's `official` set. */
  readonly measures: readonly string[];
  /** Whose conventions: trec_eval 9.0.8 (default) or 10.0. */
  readonly version: 9 | 10;
}

export interface TrecEvaluation {
  /**
   * Evaluates one query's block of run lines; a qid seen in an earlier block throws RunNotGrouped, a new
   * one past MAX_RUN_QUERIES RunTooLarge.
   */
  addBlock(block: RunBlock): void;
  /** The queries whose repeats the run reader may refuse as it reads them: those trec_eval would refuse whole. */
  readonly watch?: RepeatWatch | undefined;
  /** The whole output, once the run has been read; with `zscores` (-Z), every value as a z-score. */
  finish(runId: string, zscores?: ZScores): string;
}

/** Thrown when a run's lines for one query are not contiguous; the caller reads again, collecting. */
export class RunNotGrouped extends Error {}

/** The measures selected and what computing them needs, settled once for the whole run. */
export interface Plan {
  readonly bound: readonly BoundMeasure[];
  /** The values of a query, all measures together. */
  readonly valueCount: number;
  /** relstring, when selected. */
  readonly relstring: BoundMeasure | undefined;
  readonly settings: ContextSettings;
}

/** trec_eval's conventions where the library has options: linear gain, AP divided by R, its tie order. */
const TREC_OPTIONS: ResolvedOptions = { relevanceThreshold: 1, gain: 'linear', apDenominator: 'relevant', ties: 'trec' };

/** Evaluates the run against graded qrels (-R qrels). */
export function createTrecEvaluation(qrels: Qrels, runFile: string, options: TrecEvalOptions): TrecEvaluation {
  const plan = planOf(options);
  const judge = new RankingJudge();
  return createEvaluation(qrels, runFile, options, plan, (block, judged) => evaluateQuery(judge, block, judged, qrels, runFile, options, plan), repeatedDocument(runFile));
}

/**
 * The evaluation of a run, query by query, with `evaluate` scoring one query of the run against its
 * judgments: what every -R format shares (the queries it leaves out, trec_eval 10's missing queries, -Z,
 * the output). A measure the format cannot give fails at the first query evaluated, as in trec_eval.
 */
export function createEvaluation(
  qrels: Qrels,
  runFile: string,
  options: TrecEvalOptions,
  plan: Plan,
  evaluateWith: (block: RunBlock, judged: QrelsQuery) => QueryResult,
  repeated?: RepeatWatch['repeated'],
): TrecEvaluation {
  const results: QueryResult[] = [];
  const seen = new Set<string>();
  const failure = calculationFailure(plan.bound, options.relFormat);
  // trec_eval reads a query's documents only for a measure that reads judgments: runid and num_q alone
  // never see a document the run lists twice.
  const judging = plan.bound.some((b) => b.measure.reads !== 'nothing');
  const evaluate = (block: RunBlock, judged: QrelsQuery): QueryResult => {
    if (failure !== undefined) throw failure;
    return judging ? evaluateWith(block, judged) : countedOnly(block.qid, plan);
  };
  // `evaluateWith` refuses a repeat among the first -M documents in trec_eval's order: among all of them,
  // whatever their order, without -M.
  const watches = repeated !== undefined && judging && failure === undefined && options.maxDocs === Infinity;
  return {
    addBlock(block) {
      if (seen.has(block.qid)) throw new RunNotGrouped(block.qid);
      checkQueryCount(seen.size, block.qid, runFile, block.line[0]!);
      seen.add(block.qid);
      const judged = qrels.queries.get(block.qid);
      if (judged !== undefined) results.push(evaluate(block, judged)); // trec_eval ignores queries nobody judged
    },
    watch: watches ? { watches: (block) => qrels.queries.has(block.qid), repeated } : undefined,

    finish(runId, zscores) {
      if (options.version === 10) results.push(...missingQueryResults(qrels, seen, runFile, options.complete, plan.bound, evaluate));
      return printEvaluation(results, plan.bound, runId, qrels, runFile, options, zscores);
    },
  };
}

/**
 * The output once every query is scored, whatever the -R format: with -Z each value as a z-score, the
 * queries in qid order, the `all` lines over `judged` (its queries, for -c); no query scored is refused.
 */
export function printEvaluation(results: QueryResult[], bound: readonly BoundMeasure[], runId: string, judged: JudgedQueries, runFile: string, options: TrecEvalOptions, zscores: ZScores | undefined): string {
  if (zscores !== undefined) {
    const names = bound.flatMap((b) => b.names);
    for (const result of results) convertToZScores(zscores, result.qid, names, result.values);
  }
  if (results.length === 0) throw new RankevalError({
    code: 'no_queries',
    subject: { kind: 'run', run: runFile },
    facts: { count: 0 },
    problem: 'no queries with both results and relevance info',
    expected: 'a query in both files',
    received: runFile,
  });
  results.sort((a, b) => (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
  return printResults(results, bound, runId, judged, { ...options, zscores: zscores !== undefined });
}

/** A query's values when only runid and num_q are selected: num_q's 1. */
function countedOnly(qid: string, plan: Plan): QueryResult {
  const values = new Float64Array(plan.valueCount);
  for (const { measure, offset } of plan.bound) if (measure.name === 'num_q') values[offset] = 1;
  return { qid, values, relstring: '' };
}

/** The measures -m selects, and the settings of the query contexts that compute them. */
export function planOf(options: TrecEvalOptions): Plan {
  const bound = selectMeasures(options.measures, options.version);
  const valueCount = bound.reduce((total, b) => total + b.names.length, 0);
  // One pass over a query's judged documents counts at every cutoff any measure asks for.
  const cutoffs = [...new Set([...bound.flatMap((b) => b.instances.map((params) => params.cutoff)), Infinity])].sort((a, b) => a - b);
  const needsGain = bound.some((b) => b.measure.definition?.name === 'ndcg' && b.instances.some((params) => params.gains === undefined));
  const relstring = bound.find((b) => b.measure.name === 'relstring');
  const settings = { options: TREC_OPTIONS, relevanceLevel: options.relevanceLevel, cutoffs, numDocsInColl: options.numDocsInColl, version: options.version, needsGain, fn: 'trec' };
  return { bound, valueCount, relstring, settings };
}

/** One query's values, in the order of the bound measures, and its relstring when selected. */
function evaluateQuery(judge: RankingJudge, block: RunBlock, judged: QrelsQuery, qrels: Qrels, runFile: string, options: TrecEvalOptions, plan: Plan): QueryResult {
  const whole = judge.judge(block, judged, qrels, runFile, options);
  const query = options.judgedOnly ? judgedOnly(whole) : whole;
  const values = new Float64Array(plan.valueCount);
  scoreRanking(query, judged.grade, options, plan, values);
  return { qid: block.qid, values, relstring: plan.relstring ? relString(query, (plan.relstring.params as number[])[0]!) : '' };
}

/**
 * Writes into `values` (zeroed) the values of a judged ranking (-J applied) whose qrels grade documents
 * `grades`, in the order of the bound measures: every measure through its catalogue definition, as trec_eval
 * computes it (-l below 0, an empty ranking, a geometric mean's log).
 */
export function scoreRanking(query: JudgedRanking, grades: readonly number[], options: TrecEvalOptions, plan: Plan, values: Float64Array): void {
  const { bound, settings } = plan;
  const source = { length: query.retrieved, hits: gradedHits(query), grades, dense: query };
  const graded = createQueryContext(source, settings);
  const ranked = options.relevanceLevel < 0 ? createQueryContext({ ...source, hits: rankedHits(query, options.relevanceLevel) }, settings) : graded;
  for (const { measure, instances, offset } of bound) {
    if (measure.name === 'num_q') values[offset] = 1;
    if (measure.definition === null) continue;
    measure.definition.compute(GRADED_COUNTS.has(measure.name) ? graded : ranked, instances, values, offset);
    if (query.retrieved === 0) emptyRankingValues(measure.name, instances, query.relevant, options.version, values, offset);
    // trec_eval sums the logs of a geometric mean's values, each at least 0.00001.
    if (measure.average === 'geometric') values[offset] = Math.log(Math.max(values[offset]!, MIN_GEO_MEAN));
  }
}

/** What each -R format's file gives the measures (`TrecMeasure.reads`): qrels_prefs is read as preferences. */
const READABLE: Readonly<Record<RelFormat, TrecMeasure['reads']>> = { qrels: 'qrels', prefs: 'prefs', qrels_prefs: 'prefs', qrels_jg: 'qrels_jg' };

/**
 * The failure of the first selected measure that cannot be computed from a relevance file of `format`
 * (map from -R qrels_jg, map_avgjg from -R qrels), undefined when every one can. trec_eval fails so at the
 * first query it evaluates (status 4); with no query to evaluate it never finds out.
 */
export function calculationFailure(bound: readonly BoundMeasure[], format: RelFormat): RankevalError | undefined {
  const given = READABLE[format];
  const measure = bound.find((b) => b.measure.reads !== 'nothing' && b.measure.reads !== given)?.measure;
  if (measure === undefined) return undefined;
  const from = measure.reads === 'prefs' ? 'prefs or qrels_prefs' : measure.reads;
  return new RankevalError({
    code: 'unknown_measure',
    subject: { kind: 'measure', measure: measure.name },
    problem: `can't calculate measure '${measure.name}' from a relevance file of format ${format} (-R ${format}): it reads ${from}`,
    expected: `a measure that reads ${format}`,
    received: measure.name,
  });
}
