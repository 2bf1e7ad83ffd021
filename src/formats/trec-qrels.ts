// trec_eval's reading of a qrels file (`qid iter docno rel` lines), on bytes: every judgment kept as a
// byte range into the file, with its hash, grade and line.
import { atolBytes, isSpace } from '../core/c-numbers.js';
import { latin1 } from '../core/latin1.js';
import { hashBytes, NEWLINE, parseError } from './trec-fields.js';

/** The judgments of one query: document ids as byte ranges into the qrels file, with their grades. */
export interface QrelsQuery {
  readonly qid: string;
  readonly docStart: number[];
  readonly docEnd: number[];
  readonly docHash: number[];
  readonly grade: number[];
  readonly line: number[];
}

export interface Qrels {
  readonly bytes: Uint8Array;
  readonly file: string;
  /** Query id → judgments, for every query in the file. */
  readonly queries: Map<string, QrelsQuery>;
}

/**
 * Reads a whole qrels file (`qid iter docno rel` lines): exactly four fields separated by blanks, the grade
 * read as C's atol reads it; a blank line is refused. With `comments` (trec_eval 10), a line starting with
 * `#` is skipped — one at a time, as trec_eval 10 skips them: the line after a comment is data.
 * @example parseQrels(bytes('q1 0 d1 2\n'), 'qrels') // q1 → d1 graded 2, line 1
 */
export function parseQrels(bytes: Uint8Array, file: string, comments = false): Qrels {
  const queries = new Map<string, QrelsQuery>();
  forEachQrelsLine(bytes, file, comments, 'qid iter docno rel', (fields, line) => {
    const qid = latin1(bytes, fields[0]!, fields[1]!);
    let query = queries.get(qid);
    if (query === undefined) {
      query = emptyQuery(qid);
      queries.set(qid, query);
    }
    addJudgment(query, bytes, fields, line);
  });
  return { bytes, file, queries };
}

/** A query with no judgment yet. */
export const emptyQuery = (qid: string): QrelsQuery => ({ qid, docStart: [], docEnd: [], docHash: [], grade: [], line: [] });

/** Adds the judgment of a line's fields (docno the third, grade the fourth) to `query`. */
export function addJudgment(query: QrelsQuery, bytes: Uint8Array, fields: readonly number[], line: number): void {
  query.docStart.push(fields[4]!);
  query.docEnd.push(fields[5]!);
  query.docHash.push(hashBytes(bytes, fields[4]!, fields[5]!));
  query.grade.push(atolBytes(bytes, fields[6]!, fields[7]!));
  query.line.push(line);
}

/**
 * Calls `onLine` with the (start, end) pairs of the four fields of every line of a qrels-shaped file
 * (`names` says what they are, for the message of a malformed line), with its line number. trec_eval's
 * qrels readers share this shape: `qid iter docno rel`, `qid ujg docno rel`. An empty file is refused;
 * with `comments` (trec_eval 10), a line starting with `#` is skipped, one at a time.
 */
export function forEachQrelsLine(bytes: Uint8Array, file: string, comments: boolean, names: string, onLine: (fields: number[], line: number) => void): void {
  if (bytes.length === 0) throw parseError(file, 1, 'the qrels file is empty');
  let position = 0;
  let line = 0;
  const length = bytes.length;
  while (position < length) {
    line++;
    if (comments && bytes[position] === 35) {
      const end = bytes.indexOf(NEWLINE, position);
      position = end === -1 ? length : end + 1;
      line++;
      if (position >= length) break;
    }
    const fields = qrelsFields(bytes, position, file, line, names);
    position = fields[8]! + 1;
    onLine(fields, line);
  }
}

/**
 * The four fields of the qrels line at `position`, as (start, end) pairs, then the position of the newline
 * (or the end of the file) that ends the line; a line of another number of fields is refused.
 */
function qrelsFields(bytes: Uint8Array, position: number, file: string, line: number, names: string): number[] {
  const length = bytes.length;
  const at = (i: number): number => (i < length ? bytes[i]! : NEWLINE);
  const fields: number[] = []; // start, end pairs
  let i = position;
  for (let field = 0; field < 4; field++) {
    while (at(i) !== NEWLINE && isSpace(at(i))) i++;
    const start = i;
    while (!isSpace(at(i))) i++;
    // The grade may end the line; the fields before it may not.
    if (start === i || (field < 3 && at(i) === NEWLINE)) {
      throw parseError(file, line, `expected 4 fields (${names}), got ${field + (start === i ? 0 : 1)}`);
    }
    fields.push(start, i);
  }
  while (at(i) !== NEWLINE && isSpace(at(i))) i++;
  if (at(i) !== NEWLINE) throw parseError(file, line, `expected 4 fields (${names}), got more`);
  fields.push(i);
  return fields;
}
