// trec_eval's reading of a qrels file (`qid iter docno rel` lines), on bytes: every judgment kept as a
// byte range into the file, with its hash, grade and line.
import { atolBytes } from '../core/c-numbers.js';
import { latin1 } from '../core/latin1.js';
import { forEachFieldsLine, hashBytes } from './trec-fields.js';

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
  forEachFieldsLine(bytes, file, { comments, names: 'qid iter docno rel', what: 'qrels' }, (fields, line) => {
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
