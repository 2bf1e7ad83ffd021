// What `rankeval trec` prints, as trec_eval prints it: a line per query and value with -q, then the `all`
// lines, each measure averaged its own way (a mean, a geometric mean, a sum, a count of queries).
import type { TrecMeasure } from '../measures/trec-table.js';
import { value4 } from './printf.js';
import type { BoundMeasure } from './select-measures.js';

/** One evaluated query: its values (in the order of the bound measures) and, if asked, its relstring. */
export interface QueryResult {
  readonly qid: string;
  readonly values: Float64Array;
  readonly relstring: string;
}

/** The flags that choose what is printed and over which queries the `all` lines average. */
export interface OutputFlags {
  /** -q: print every query's values too. */
  readonly perQuery: boolean;
  /** -n off: print the `all` lines. */
  readonly summary: boolean;
  /** -c: average over every query of the qrels, 0 for those without results. */
  readonly complete: boolean;
  /** -Z: the values are z-scores, printed `Z`name with 4 decimals, counts too (runid and relstring as ever). */
  readonly zscores?: boolean;
}

/** What the `all` lines read of the relevance file under -c: its queries, and their grades (for num_rel). */
export interface JudgedQueries {
  readonly queries: ReadonlyMap<string, { readonly grade: readonly number[] }>;
}

/** The floor of a value in a geometric mean (trec_eval's): its log is what a query adds. */
export const MIN_GEO_MEAN = 0.00001;

/**
 * The whole output for `results` (sorted by qid): with -q every query's lines, in measure order, then the
 * `all` lines; empty when neither is asked for, else every line ends with a newline.
 */
export function printResults(results: readonly QueryResult[], bound: readonly BoundMeasure[], runId: string, qrels: JudgedQueries, flags: OutputFlags): string {
  const lines: string[] = [];
  const format = flags.zscores === true ? formatZLine : formatLine;
  if (flags.perQuery) for (const result of results) lines.push(...queryLines(result, bound, format));
  if (flags.summary) lines.push(...summaryLines(results, bound, runId, qrels, flags.complete, format));
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** One query's lines: a value per line, its relstring quoted; measures without per-query values are left out. */
function queryLines(result: QueryResult, bound: readonly BoundMeasure[], format: LineFormat): string[] {
  const lines: string[] = [];
  for (const { measure, names, offset } of bound) {
    if (!measure.perQuery) continue;
    if (measure.name === 'relstring') lines.push(`${names[0]!.padEnd(22)}\t${result.qid}\t'${result.relstring}'`);
    else names.forEach((name, i) => lines.push(format(measure, name, result.qid, result.values[offset + i]!)));
  }
  return lines;
}

/** The `all` lines: each value summed over the queries and averaged as its measure says; runid's is the run's id. */
function summaryLines(results: readonly QueryResult[], bound: readonly BoundMeasure[], runId: string, qrels: JudgedQueries, complete: boolean, format: LineFormat): string[] {
  const lines: string[] = [];
  const queries = complete ? qrels.queries.size : results.length;
  for (const { measure, names, offset } of bound) {
    if (measure.name === 'runid') {
      lines.push(`${'runid'.padEnd(22)}\tall\t${runId}`);
      continue;
    }
    if (measure.average === 'none') continue;
    names.forEach((name, i) => {
      let sum = 0;
      for (const result of results) sum += result.values[offset + i]!;
      lines.push(format(measure, name, 'all', summarise(measure, sum, queries, results.length, qrels, complete)));
    });
  }
  return lines;
}

function summarise(measure: TrecMeasure, sum: number, queries: number, evaluated: number, qrels: JudgedQueries, complete: boolean): number {
  switch (measure.average) {
    case 'mean':
      return queries ? sum / queries : sum;
    case 'geometric': {
      // A missing query counts as the floor 0.00001 (log 0 would be -Infinity).
      const total = complete ? sum + (queries - evaluated) * Math.log(MIN_GEO_MEAN) : sum;
      return Math.exp(total / queries);
    }
    case 'num_q':
      return queries;
    case 'num_rel':
      return complete ? countPositiveGrades(qrels) : sum;
    default:
      return sum;
  }
}

/** trec_eval's `num_rel` over the whole qrels with -c: judgments with a grade above 0, whatever -l says. */
function countPositiveGrades(qrels: JudgedQueries): number {
  let count = 0;
  for (const query of qrels.queries.values()) for (const grade of query.grade) if (grade > 0) count++;
  return count;
}

type LineFormat = (measure: TrecMeasure, name: string, qid: string, value: number) => string;

function formatLine(measure: TrecMeasure, name: string, qid: string, value: number): string {
  return `${name.padEnd(22)}\t${qid}\t${measure.format === 'integer' ? String(Math.trunc(value)) : value4(value)}`;
}

/** A z-score's line, as trec_eval prints one with -Z: `Z` before the padded name, every value with 4 decimals. */
const formatZLine: LineFormat = (_measure, name, qid, value) => `Z${name.padEnd(22)}\t${qid}\t${value4(value)}`;
