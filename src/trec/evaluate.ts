// trec_eval's evaluation, query by query: orders each query's documents as trec_eval does, finds their
// grades, computes the selected measures, and prints per-query and summary lines in trec_eval's format.
import { RankevalError } from '../core/errors.js';
import { createQueryContext } from '../measures/context.js';
import type { MeasureParams } from '../measures/context.js';
import type { ResolvedOptions } from '../core/metric-options.js';
import { latin1 } from '../core/latin1.js';
import { hashBytes, parseError, type Qrels, type QrelsQuery, type RunBlock } from '../formats/trec-bytes.js';
import { bindParams, trecGroups, trecMeasures, type TrecMeasure } from '../measures/trec-table.js';
import { NOT_POOLED, UNJUDGED, type GainParam, type JudgedRanking } from '../metrics/judged-ranking.js';
import { relString } from './relstring.js';
import { rankOrder } from '../formats/rank-order.js';
import { compareBytes, findDocument, indexBlock } from '../formats/block-index.js';
import { value4 } from './printf.js';
import { GRADED_COUNTS, gradedHits, rankedHits } from './ranked-relevance.js';
import { emptyRankingValues } from './empty-ranking.js';

export interface TrecEvalOptions {
  /** -q: print every query's values too. */
  readonly perQuery: boolean;
  /** -c: average over every query of the qrels, 0 for those without results. */
  readonly complete: boolean;
  /** -l: lowest grade that counts as relevant. */
  readonly relevanceLevel: number;
  /** -M: documents read per query (after ordering). */
  readonly maxDocs: number;
  /** -N: documents in the collection (utility's p4). */
  readonly numDocsInColl: number;
  /** -n off: print the `all` lines. */
  readonly summary: boolean;
  /** -m arguments: measures or groups, with `.params`; empty for trec_eval's `official` set. */
  readonly measures: readonly string[];
  /** Whose conventions: trec_eval 9.0.8 (default) or 10.0. */
  readonly version: 9 | 10;
}

/** A selected measure with its parameters and the names of its values. */
export interface BoundMeasure {
  readonly measure: TrecMeasure;
  readonly params: readonly number[] | readonly GainParam[];
  readonly names: readonly string[];
  /** The catalogue parameters of each value. */
  readonly instances: readonly MeasureParams[];
  /** Where its values start in a query's value vector. */
  readonly offset: number;
}

const usage = (message: string): RankevalError => new RankevalError({ code: 'unknown_measure', problem: message, expected: 'a trec_eval measure', received: message });

/** Reads -m arguments as trec_eval does: `name` or `name.params`; groups mark several measures. */
export function selectMeasures(specs: readonly string[], version: 9 | 10 = 9): BoundMeasure[] {
  const GROUPS = trecGroups(version);
  const marked = new Set<string>();
  const paramsOf = new Map<string, string>();
  for (const spec of specs.length === 0 ? ['official'] : specs) {
    const dot = spec.indexOf('.');
    const name = dot === -1 ? spec : spec.slice(0, dot);
    if (dot !== -1) {
      const params = spec.slice(dot + 1);
      if (params === '') throw usage(`improper measure parameters in '${spec}'`);
      if (!paramsOf.has(name)) paramsOf.set(name, params); // the first parameters given win, as in trec_eval
    }
    const group = GROUPS[name];
    if (group) group.forEach((member) => marked.add(member));
    else if (trecMeasures.some((measure) => measure.name === name)) marked.add(name);
    else throw usage(`illegal measure '${spec}' (known: ${trecMeasures.map((m) => m.name).join(', ')}; groups: ${Object.keys(GROUPS).join(', ')})`);
  }
  let offset = 0;
  const bound: BoundMeasure[] = [];
  for (const measure of trecMeasures) {
    if (!marked.has(measure.name)) continue;
    const given = paramsOf.get(measure.name);
    const { params, names } = bindParams(measure, given);
    bound.push({ measure, params, names, instances: measure.instances(params), offset });
    offset += names.length;
  }
  return bound;
}

/** One evaluated query: its values (in the order of the bound measures) and, if asked, its relstring. */
interface QueryResult {
  readonly qid: string;
  readonly values: Float64Array;
  readonly relstring: string;
}

export interface TrecEvaluation {
  /** Evaluates one query's block of run lines; a qid seen in an earlier block throws RunNotGrouped. */
  addBlock(block: RunBlock): void;
  /** The whole output, once the run has been read. */
  finish(runId: string): string;
}

/** Thrown when a run's lines for one query are not contiguous; the caller reads again, collecting. */
export class RunNotGrouped extends Error {}

export function createTrecEvaluation(qrels: Qrels, runFile: string, options: TrecEvalOptions): TrecEvaluation {
  const bound = selectMeasures(options.measures, options.version);
  const valueCount = bound.reduce((total, b) => total + b.names.length, 0);
  // One pass over a query's judged documents counts at every cutoff any measure asks for.
  const cutoffs = [...new Set([...bound.flatMap((b) => b.instances.map((params) => params.cutoff)), Infinity])].sort((a, b) => a - b);
  const needsGain = bound.some((b) => b.measure.definition?.name === 'ndcg' && b.instances.some((params) => params.gains === undefined));
  const relstring = bound.find((b) => b.measure.name === 'relstring');
  const results: QueryResult[] = [];
  const seen = new Set<string>();
  const settings = { options: TREC_OPTIONS, relevanceLevel: options.relevanceLevel, cutoffs, numDocsInColl: options.numDocsInColl, version: options.version, needsGain, fn: 'trec' };

  const evaluate = (block: RunBlock, judged: QrelsQuery): QueryResult => {
    const query = judgeRanking(block, judged, qrels, runFile, options);
    const source = { length: query.retrieved, hits: gradedHits(query), grades: judged.grade, dense: query };
    const graded = createQueryContext(source, settings);
    const ranked = options.relevanceLevel < 0 ? createQueryContext({ ...source, hits: rankedHits(query, options.relevanceLevel) }, settings) : graded;
    const values = new Float64Array(valueCount);
    for (const { measure, instances, offset } of bound) {
      if (measure.name === 'num_q') values[offset] = 1;
      if (measure.definition === null) continue;
      measure.definition.compute(GRADED_COUNTS.has(measure.name) ? graded : ranked, instances, values, offset);
      if (query.retrieved === 0) emptyRankingValues(measure.name, instances, query.relevant, options.version, values, offset);
      // trec_eval sums the logs of a geometric mean's values, each at least 0.00001.
      if (measure.average === 'geometric') values[offset] = Math.log(Math.max(values[offset]!, MIN_GEO_MEAN));
    }
    return { qid: block.qid, values, relstring: relstring ? relString(query, (relstring.params as number[])[0]!) : '' };
  };

  return {
    addBlock(block) {
      if (seen.has(block.qid)) throw new RunNotGrouped(block.qid);
      seen.add(block.qid);
      const judged = qrels.queries.get(block.qid);
      if (judged !== undefined) results.push(evaluate(block, judged)); // trec_eval ignores queries nobody judged
    },

    finish(runId) {
      if (options.version === 10) {
        // trec_eval 10 walks the qrels: a judged query without results is an error, or with -c is scored
        // on a stand-in ranking of one unknown document, then its counts are zeroed.
        for (const judged of [...qrels.queries.values()].sort((a, b) => (a.qid < b.qid ? -1 : 1))) {
          if (seen.has(judged.qid)) continue;
          if (!options.complete) {
            throw new RankevalError({
              code: 'invalid_run',
              problem: `query ${judged.qid} of the qrels has no results in ${runFile} (trec_eval 10 needs -c for that)`,
              expected: 'results for every judged query',
              received: judged.qid,
            });
          }
          const result = evaluate(standInBlock(judged.qid), judged);
          // trec_eval 10 zeroes these by value name, so a parameterised `utility_…` or `relstring_…` keeps its value.
          for (const { offset, names } of bound) {
            names.forEach((name, i) => {
              if (name === 'num_ret' || name === 'utility' || name === 'rbp_resid' || name.startsWith('unj')) result.values[offset + i] = 0;
            });
          }
          results.push(relstring?.names[0] === 'relstring' ? { ...result, relstring: '' } : result);
        }
      }
      if (results.length === 0) throw new RankevalError({
        code: 'no_queries',
        problem: 'no queries with both results and relevance info',
        expected: 'a query in both files',
        received: runFile,
      });
      results.sort((a, b) => (a.qid < b.qid ? -1 : a.qid > b.qid ? 1 : 0));
      const lines: string[] = [];
      if (options.perQuery) {
        for (const result of results) {
          for (const { measure, names, offset } of bound) {
            if (!measure.perQuery) continue;
            if (measure.name === 'relstring') lines.push(`${names[0]!.padEnd(22)}\t${result.qid}\t'${result.relstring}'`);
            else names.forEach((name, i) => lines.push(formatLine(measure, name, result.qid, result.values[offset + i]!)));
          }
        }
      }
      if (options.summary) {
        const queries = options.complete ? qrels.queries.size : results.length;
        for (const { measure, names, offset } of bound) {
          if (measure.name === 'runid') {
            lines.push(`${'runid'.padEnd(22)}\tall\t${runId}`);
            continue;
          }
          if (measure.average === 'none') continue;
          names.forEach((name, i) => {
            let sum = 0;
            for (const result of results) sum += result.values[offset + i]!;
            lines.push(formatLine(measure, name, 'all', summarise(measure, sum, queries, results.length, qrels, options)));
          });
        }
      }
      return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
    },
  };
}

/** trec_eval 10's ranking for a judged query without results: one document nobody judged. */
function standInBlock(qid: string): RunBlock {
  const docBytes = new TextEncoder().encode('ceci_nest_pas_un_docno');
  return {
    qid,
    count: 1,
    ascii: true,
    docBytes,
    docStart: Int32Array.of(0),
    docEnd: Int32Array.of(docBytes.length),
    docHash: Int32Array.of(hashBytes(docBytes, 0, docBytes.length)),
    score: Float64Array.of(1.0),
    line: Int32Array.of(0),
  };
}

function summarise(measure: TrecMeasure, sum: number, queries: number, evaluated: number, qrels: Qrels, options: TrecEvalOptions): number {
  switch (measure.average) {
    case 'mean':
      return queries ? sum / queries : sum;
    case 'geometric': {
      // A missing query counts as the floor 0.00001 (log 0 would be -Infinity).
      const total = options.complete ? sum + (queries - evaluated) * Math.log(MIN_GEO_MEAN) : sum;
      return Math.exp(total / queries);
    }
    case 'num_q':
      return queries;
    case 'num_rel':
      return options.complete ? countPositiveGrades(qrels) : sum;
    default:
      return sum;
  }
}

/** trec_eval's `num_rel` over the whole qrels with -c: judgments with a grade above 0, whatever -l says. */
function countPositiveGrades(qrels: Qrels): number {
  let count = 0;
  for (const query of qrels.queries.values()) for (const grade of query.grade) if (grade > 0) count++;
  return count;
}

function formatLine(measure: TrecMeasure, name: string, qid: string, value: number): string {
  return `${name.padEnd(22)}\t${qid}\t${measure.format === 'integer' ? String(Math.trunc(value)) : value4(value)}`;
}

const MIN_GEO_MEAN = 0.00001;
/** trec_eval's conventions where the library has options: linear gain, AP divided by R, its tie order. */
const TREC_OPTIONS: ResolvedOptions = { relevanceThreshold: 1, gain: 'linear', apDenominator: 'relevant', ties: 'trec' };

// ------------------------------------------------------------------------------------------ ordering

// Reused across queries: the grades of the query being scored.
let relBuffer = new Float64Array(1024);

/** Orders a query's documents as trec_eval does, checks for repeats, and reads each one's grade. */
function judgeRanking(block: RunBlock, judged: QrelsQuery, qrels: Qrels, runFile: string, options: TrecEvalOptions): JudgedRanking {
  const { count, docBytes, docStart, docEnd } = block;
  const order = rankOrder(block);
  const numRet = Math.min(count, options.maxDocs);

  indexBlock(block, numRet, order, (earlierRank, rank) => {
    const [doc, other] = [order[rank]!, order[earlierRank]!];
    const [first, second] = [block.line[other]!, block.line[doc]!].sort((a, b) => a - b);
    throw parseError(runFile, second!, `document ${JSON.stringify(latin1(docBytes, docStart[doc]!, docEnd[doc]!))} appears twice for query ${block.qid} (lines ${first} and ${second})`);
  });

  // The grades live only while the query is scored: one buffer serves every query.
  if (relBuffer.length < numRet) relBuffer = new Float64Array(Math.max(numRet, relBuffer.length * 2));
  const rel = relBuffer.subarray(0, numRet).fill(NOT_POOLED);
  const levelCount = new Map<number, number>();
  let found = 0;
  let unjudgedInPool = 0;
  let numRelRet = 0;
  const bytes = qrels.bytes;
  checkQrelsRepeats(judged, qrels);
  for (let j = 0; j < judged.grade.length; j++) {
    const grade = judged.grade[j]!;
    if (grade >= 0) levelCount.set(grade, (levelCount.get(grade) ?? 0) + 1);
    const rank = findDocument(block, bytes, judged.docStart[j]!, judged.docEnd[j]!, judged.docHash[j]!);
    if (rank !== -1) {
      rel[rank] = grade < 0 ? UNJUDGED : grade;
      found++;
      if (grade < 0) unjudgedInPool++;
      else if (grade >= options.relevanceLevel) numRelRet++;
    }
  }
  const levels = [...levelCount.keys()].sort((a, b) => a - b);
  const levelCounts = levels.map((level) => levelCount.get(level)!);
  let numRel = 0;
  levels.forEach((level, i) => {
    if (level >= options.relevanceLevel) numRel += levelCounts[i]!;
  });
  return { retrieved: numRet, rel, levels, levelCounts, relevant: numRel, relevantRetrieved: numRelRet, notPooled: numRet - found, unjudged: unjudgedInPool };
}

/** trec_eval refuses a qrels that judges one document twice for a query it evaluates. */
function checkQrelsRepeats(judged: QrelsQuery, qrels: Qrels): void {
  const byHash = new Map<number, number[]>();
  for (let j = 0; j < judged.grade.length; j++) {
    const hash = judged.docHash[j]!;
    const same = byHash.get(hash);
    if (same === undefined) {
      byHash.set(hash, [j]);
      continue;
    }
    for (const k of same) {
      if (compareBytes(qrels.bytes, judged.docStart[k]!, judged.docEnd[k]!, qrels.bytes, judged.docStart[j]!, judged.docEnd[j]!) === 0) {
        const doc = latin1(qrels.bytes, judged.docStart[j]!, judged.docEnd[j]!);
        throw parseError(qrels.file, judged.line[j]!, `document ${JSON.stringify(doc)} is judged twice for query ${judged.qid} (lines ${judged.line[k]} and ${judged.line[j]})`);
      }
    }
    same.push(j);
  }
}
