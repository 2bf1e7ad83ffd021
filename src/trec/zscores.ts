// trec_eval's -Z FILE: every value of every query expressed in standard deviations from a reference mean,
// (value − mean) / stddev, with the mean and deviation of that query and measure read from FILE.
import { atofBytes, isSpace } from '../core/c-numbers.js';
import { argument, RankevalError } from '../core/errors.js';
import { latin1 } from '../core/latin1.js';
import { parseError } from '../formats/trec-bytes.js';

/** What a value becomes when FILE has no mean for its query and measure (trec_eval's MISSING_ZSCORE_VALUE). */
export const MISSING_ZSCORE = -1000000;

/** One line of a z-scores file: `qid measure mean stddev`. */
interface ZScoreLine {
  readonly qid: string;
  readonly measure: string;
  readonly mean: number;
  readonly stddev: number;
}

/** A query's lines: lines[start, end). */
interface ZScoreQuery {
  readonly qid: string;
  readonly start: number;
  readonly end: number;
}

/** A z-scores file's lines, sorted by qid then measure (byte order), and its queries in that order. */
export interface ZScores {
  readonly lines: readonly ZScoreLine[];
  readonly queries: readonly ZScoreQuery[];
}

/**
 * Reads a z-scores file as trec_eval 9.0.8's get_zscores.c does: one `qid measure mean stddev` line per
 * query and value name, fields separated by whitespace (spaces, tabs, CR, VT, FF), leading and trailing
 * whitespace allowed; mean and stddev read as C's atof reads them (`abc` is 0). A line with fewer or more
 * than four fields, a blank line among them, and an empty file are refused (trec_eval's status 255).
 * @example parseZScores(new TextEncoder().encode('q1 map 0.3 0.1\n'), 'z').lines // => [{qid: 'q1', measure: 'map', mean: 0.3, stddev: 0.1}]
 */
export function parseZScores(bytes: Uint8Array, file: string): ZScores {
  if (bytes.length === 0) {
    throw new RankevalError({ code: 'parse_error', subject: argument('bytes'), facts: { count: 0 }, problem: `${file} is empty: a z-scores file needs a \`qid measure mean stddev\` line`, expected: 'a line', received: file });
  }
  const lines: ZScoreLine[] = [];
  let start = 0;
  let number = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end === -1) end = bytes.length;
    number++;
    const fields = fieldsOf(bytes, start, end);
    if (fields.length !== 8) throw parseError(file, number, `expected 4 fields (qid measure mean stddev), got ${fields.length / 2}`);
    const text = (i: number): string => latin1(bytes, fields[2 * i]!, fields[2 * i + 1]!);
    lines.push({ qid: text(0), measure: text(1), mean: atofBytes(bytes, fields[4]!, fields[5]!), stddev: atofBytes(bytes, fields[6]!, fields[7]!) });
    start = end + 1;
  }
  // A stable sort, as glibc's qsort (a merge sort) orders trec_eval's lines.
  lines.sort((a, b) => compare(a.qid, b.qid) || compare(a.measure, b.measure));
  const queries: ZScoreQuery[] = [];
  lines.forEach((line, i) => {
    if (i === 0 || line.qid !== lines[i - 1]!.qid) queries.push({ qid: line.qid, start: i, end: i + 1 });
    else queries[queries.length - 1] = { ...queries[queries.length - 1]!, end: i + 1 };
  });
  return { lines, queries };
}

/** The start and end of every whitespace-separated field of bytes[start, end). */
function fieldsOf(bytes: Uint8Array, start: number, end: number): number[] {
  const fields: number[] = [];
  let i = start;
  while (i < end) {
    while (i < end && isSpace(bytes[i]!)) i++;
    if (i === end) break;
    const fieldStart = i;
    while (i < end && !isSpace(bytes[i]!)) i++;
    fields.push(fieldStart, i);
  }
  return fields;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Converts a query's values in place: each to (value − mean) / stddev for its name; to 0 where stddev is 0
 * and the value equals the mean; to MISSING_ZSCORE where stddev is 0 otherwise, or where FILE has no line
 * for the query and name. Values already hold what trec_eval converts (a geometric mean's log).
 * @example value 0.5 with mean 0.3 and stddev 0.1 becomes (0.5 − 0.3) / 0.1 = 2
 */
export function convertToZScores(zscores: ZScores, qid: string, names: readonly string[], values: Float64Array): void {
  const { lines, queries } = zscores;
  const query = search(queries, 0, queries.length, (entry) => compare(qid, entry.qid));
  names.forEach((name, i) => {
    const line = query && search(lines, query.start, query.end, (entry) => compare(name, entry.measure));
    const value = values[i]!;
    if (line === undefined) values[i] = MISSING_ZSCORE;
    else if (line.stddev !== 0) values[i] = (value - line.mean) / line.stddev;
    else values[i] = value === line.mean ? 0 : MISSING_ZSCORE;
  });
}

/**
 * trec_eval's binary search (convert_zscores.c) over entries[start, end), whose midpoints decide which of
 * two equal keys is found. It searches up to index `end` included: past a query's measures that is the next
 * query's first line, which trec_eval reads and can match (a measure of another query); past the table, a
 * read trec_eval makes out of bounds, it is taken as above every key (not found), as the reference data asks.
 */
function search<T>(entries: readonly T[], start: number, end: number, order: (entry: T) => number): T | undefined {
  let low = 0;
  let high = end - start;
  while (low <= high) {
    const current = Math.floor((low + high) / 2);
    const entry = entries[start + current];
    const result = entry === undefined ? -1 : order(entry);
    if (result < 0) high = current - 1;
    else if (result > 0) low = current + 1;
    else return entry;
  }
  return undefined;
}
