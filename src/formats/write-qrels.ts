// Qrels written as a golden-set file the readers read back: TREC qrels, or JSONL (one query a line).
import { RankevalError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';

/** The golden-set formats qrels are written in. */
export type QrelsFormat = 'trec' | 'jsonl';

const WHITESPACE = /\s/;

/**
 * Qrels as the text of a golden-set file, queries and documents in the qrels' order:
 * - `trec`: `qid 0 doc grade` a line, as trec_eval reads them — ids without whitespace, whole grades;
 * - `jsonl`: `{"query_id": "q1", "relevant": {"d1": 2, "d7": 0}}` a line, any ids and finite grades.
 * A query with no judged document has no line. `parseGoldenSet` reads either back to the same qrels.
 *
 * @throws {RankevalError} `invalid_qrels` for an id with whitespace, or a grade that is not a whole
 *   number, in TREC (JSONL holds both)
 */
export function qrelsText(qrels: ReadonlyMap<string, ReadonlyMap<string, number>>, format: QrelsFormat): string {
  let text = '';
  for (const [qid, judged] of qrels) {
    if (judged.size === 0) continue;
    if (format === 'jsonl') {
      text += `${JSON.stringify({ query_id: qid, relevant: Object.fromEntries(judged) })}\n`;
      continue;
    }
    for (const [doc, grade] of judged) {
      const refuse = (problem: string, received: unknown): never => {
        throw new RankevalError({ code: 'invalid_qrels', problem: `${problem}; TREC qrels cannot hold it (JSONL can)`, expected: 'ids without whitespace and whole grades', received });
      };
      if (WHITESPACE.test(qid) || WHITESPACE.test(doc) || qid === '' || doc === '') refuse(`query ${quoteJson(qid)}, document ${quoteJson(doc)}: an id is empty or has whitespace`, [qid, doc]);
      if (!Number.isInteger(grade)) refuse(`query ${quoteJson(qid)}, document ${quoteJson(doc)}: the grade ${grade} is not a whole number`, grade);
      text += `${qid} 0 ${doc} ${grade}\n`;
    }
  }
  return text;
}
