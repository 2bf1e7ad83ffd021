// Qrels written as a golden-set file the readers read back: TREC qrels, or JSONL (one query a line, with
// its question and tags when given).
import { argument, fail, option, RankevalError } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { readByQuery } from '../core/inputs.js';
import { quoteJson } from '../core/quoting.js';
import type { ByQuery } from '../core/types.js';

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
 *   number within ±(2^53 − 1), in TREC (JSONL holds both)
 */
export function qrelsText(qrels: ReadonlyMap<string, ReadonlyMap<string, number>>, format: QrelsFormat): string {
  let text = '';
  for (const [qid, judged] of qrels) {
    if (judged.size === 0) continue;
    if (format === 'jsonl') {
      text += goldenLine(qid, judged, undefined, undefined);
      continue;
    }
    for (const [doc, grade] of judged) {
      const refuse = (problem: string, received: unknown): never => {
        throw new RankevalError({ code: 'invalid_qrels', subject: argument('qrels'), at: { query: qid, document: doc }, problem: `${problem}; TREC qrels cannot hold it (JSONL can)`, expected: 'ids without whitespace and whole grades', received });
      };
      if (WHITESPACE.test(qid) || WHITESPACE.test(doc) || qid === '' || doc === '') refuse(`query ${quoteJson(qid)}, document ${quoteJson(doc)}: an id is empty or has whitespace`, [qid, doc]);
      if (!Number.isInteger(grade)) refuse(`query ${quoteJson(qid)}, document ${quoteJson(doc)}: the grade ${grade} is not a whole number`, grade);
      // Past 2^53 − 1 a grade prints as 1e+21, which trec_eval reads as 1 and the TREC reader refuses.
      if (!Number.isSafeInteger(grade)) refuse(`query ${quoteJson(qid)}, document ${quoteJson(doc)}: the grade ${grade} is beyond ±(2^53 − 1), the whole numbers a TREC grade may be`, grade);
      text += `${qid} 0 ${doc} ${grade}\n`;
    }
  }
  return text;
}

/** A JSONL golden-set line: `{"query_id", "query"?, "relevant", "tags"?}`, as the README's golden.jsonl. */
function goldenLine(qid: string, judged: ReadonlyMap<string, number>, question: string | undefined, tags: readonly string[] | undefined): string {
  const line = { query_id: qid, ...(question === undefined ? {} : { query: question }), relevant: Object.fromEntries(judged), ...(tags === undefined || tags.length === 0 ? {} : { tags }) };
  return `${JSON.stringify(line)}\n`;
}

export interface WriteGoldenSetOptions {
  /** Query id → the question's text, written as `"query"` (what `evaluateRetriever` asks). */
  readonly questions?: ByQuery<string>;
  /** Query id → its tags (a list of strings), written as `"tags"` (`slices` of evaluateRun, `--by-tag`). */
  readonly tags?: ByQuery<readonly string[]>;
}

/**
 * Writes qrels (query id → document id → grade, as `toQrels` returns them) as a JSONL golden set, one judged
 * query a line, in the qrels' order: `{"query_id": "q1", "query": "…", "relevant": {"d1": 2}, "tags": ["en"]}`,
 * `query` and `tags` when `questions` and `tags` give them. `parseGoldenSet` / `readGoldenSet` and
 * `rankeval eval` read it back as it is: the same qrels, questions (`questions`) and tags. A query with no
 * judged document has no line, and the questions and tags of queries not in `qrels` are not written.
 *
 * @throws {RankevalError} `invalid_qrels` for qrels that are not query id → document id → finite grade
 *   with non-empty ids, or hold no judged document (an empty file is no golden set); `invalid_option` for
 *   an unknown option, a question that is not a string, or tags that are not a list of strings
 * @example
 * writeGoldenSet(toQrels(judgments, { judge: 'alice' }), { questions: { q1: 'how to prime a pump' }, tags: { q1: ['howto'] } });
 * // => '{"query_id":"q1","query":"how to prime a pump","relevant":{"d1":2},"tags":["howto"]}\n'
 */
export function writeGoldenSet(qrels: ByQuery<ByQuery<number>>, options: WriteGoldenSetOptions = {}): string {
  const fn = 'writeGoldenSet';
  const own = ownOptions(options, ['questions', 'tags'], fn);
  const questions = readByQuery<unknown>(own.questions ?? {}, fn, option('questions'), 'invalid_option', 'a Map or an object of query id → question');
  for (const [qid, question] of questions) if (typeof question !== 'string') fail('invalid_option', fn, `questions[${quoteJson(qid)}]`, 'a string', question, { subject: option('questions'), at: { query: qid } });
  const tags = readByQuery<unknown>(own.tags ?? {}, fn, option('tags'), 'invalid_option', 'a Map or an object of query id → tags');
  for (const [qid, list] of tags) if (!Array.isArray(list) || !list.every((tag) => typeof tag === 'string')) fail('invalid_option', fn, `tags[${quoteJson(qid)}]`, 'a list of strings', list, { subject: option('tags'), at: { query: qid } });
  let text = '';
  for (const [qid, byDoc] of readByQuery<unknown>(qrels, fn, argument('qrels'), 'invalid_qrels', 'a Map or an object of query id → (document id → grade)')) {
    if (qid === '') fail('invalid_qrels', fn, 'every query id of `qrels`', 'a non-empty string', qid, argument('qrels'));
    const where = `qrels[${quoteJson(qid)}]`;
    const judged = readByQuery<unknown>(byDoc, fn, where, 'invalid_qrels', 'a Map or an object of document id → grade');
    for (const [doc, grade] of judged) {
      if (doc === '') fail('invalid_qrels', fn, `every document id of ${where}`, 'a non-empty string', doc, { subject: argument('qrels'), at: { query: qid } });
      if (typeof grade !== 'number' || !Number.isFinite(grade)) fail('invalid_qrels', fn, `${where}[${quoteJson(doc)}]`, 'a finite number', grade, { subject: argument('qrels'), at: { query: qid, document: doc } });
    }
    if (judged.size > 0) text += goldenLine(qid, judged as ReadonlyMap<string, number>, questions.get(qid) as string | undefined, tags.get(qid) as readonly string[] | undefined);
  }
  if (text === '') fail('invalid_qrels', fn, { kind: 'argument', argument: 'qrels' }, 'qrels with a judged document (a golden set of no line is no golden set)', qrels);
  return text;
}
