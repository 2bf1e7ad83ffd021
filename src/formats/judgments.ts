// The judgments store: an append-only JSON Lines file, one judgment a line, read back whole. A write cut
// by a crash can only leave the last line half-written; that line is set aside, never read as a grade.
import { oneFormat, parseWith, readWith, type Chunk, type Source } from './source.js';
import { JUDGMENTS_STORE, lineChecks, NUGGET_STORE, storeKind, type StoreLines, type StoreReadOptions } from './store.js';

export type { StoreReadOptions } from './store.js';

/**
 * One judgment, as the store holds it (one JSON object a line): a grade given by a judge (a person or a
 * model, by name) to a document for a query, when (`at`, an ISO 8601 time), and optionally why and at
 * what cost (`usage`: token counts, as the model reported them).
 *
 * @example { "query_id": "q1", "doc_id": "d3", "grade": 2, "judge": "alice", "at": "2026-12-05T02:10:00.000Z" }
 */
export interface Judgment {
  readonly query_id: string;
  readonly doc_id: string;
  /** A finite number: the judging loop writes grades on its scale only. */
  readonly grade: number;
  readonly judge: string;
  readonly rationale?: string;
  /** Counts the judge reported (`{ "prompt_tokens": 812, "completion_tokens": 64 }`), each a finite number ≥ 0. */
  readonly usage?: Readonly<Record<string, number>>;
  readonly at: string;
}

/** A judgments store as read: its judgments in file order, and the half-written last line set aside, if any (its pair is judged again). */
export interface JudgmentStore extends StoreLines<Judgment> {}

const FIELDS = '{"query_id", "doc_id", "grade", "judge", "at"}';

/** The judgment a line's JSON object holds, checked field by field; anything else is an error at that line. */
function readJudgment(record: Readonly<Record<string, unknown>>, file: string, line: number): Judgment {
  const { query_id, doc_id, grade } = record;
  const check = lineChecks(file, line);
  check.text('query_id', query_id);
  check.text('doc_id', doc_id);
  check.common(record);
  if (typeof grade !== 'number' || !Number.isFinite(grade)) check.bad('grade', 'a finite number', grade);
  return record as unknown as Judgment;
}

const judgmentsKind = storeKind({ identity: JUDGMENTS_STORE, other: NUGGET_STORE, readLine: readJudgment, fields: FIELDS });

/**
 * Reads a judgments store (JSON Lines, one Judgment a line, as `judge` from `rankeval/judge` writes it)
 * from its whole content. Blank lines are skipped. A half-written last line — no line end, and not whole
 * JSON: a write cut by a crash — is ignored and its number given as `tornLine`; any other bad line (a
 * last line of JSON that is not a judgment included) is an error naming the file and line. Several lines may judge one pair (several judges, or one judge's
 * later word): all are kept, in file order (toQrels reads the last of each judge).
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for a line that is not a judgment (invalid JSON,
 *   a field missing or of the wrong type), except a torn last line; `wrong_file_kind` for a line of a
 *   nugget-assignment store (parseNuggetJudgments reads it); `invalid_option` for a bad option
 * @example
 * parseJudgments('{"query_id":"q1","doc_id":"d3","grade":2,"judge":"alice","at":"2026-12-05T02:10:00Z"}\n{"query_id":"q1","do')
 * // => { judgments: [{ query_id: 'q1', doc_id: 'd3', grade: 2, judge: 'alice', at: '2026-12-05T02:10:00Z' }], tornLine: 2 }
 */
export function parseJudgments(content: Chunk, options?: StoreReadOptions): JudgmentStore {
  return parseWith(judgmentsKind, content, oneFormat(options, 'jsonl'), 'parseJudgments');
}

/**
 * Reads a judgments store from a stream of chunks (a Node `fs.createReadStream(path)`, a web
 * `ReadableStream`, any iterable of strings or bytes), as `parseJudgments` does.
 */
export async function readJudgments(source: Source, options?: StoreReadOptions): Promise<JudgmentStore> {
  return readWith(judgmentsKind, source, oneFormat(options, 'jsonl'), 'readJudgments');
}
