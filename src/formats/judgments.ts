// The judgments store: an append-only JSON Lines file, one judgment a line, read back whole. A write cut
// by a crash can only leave the last line half-written; that line is set aside, never read as a grade.
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { parseJson } from './json-text.js';
import { lineReader, type FileKind, type FormatReader } from './reader.js';
import { oneFormat, parseWith, readWith, type Chunk, type ReadOptions, type Source } from './source.js';

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

/** A judgments store as read: its judgments in file order, and the half-written last line set aside, if any. */
export interface JudgmentStore {
  readonly judgments: Judgment[];
  /**
   * The line number of a half-written last line (no line end, not whole JSON: a write cut by a crash),
   * which is ignored; undefined when the file ends whole. Tell the user: that pair is judged again.
   */
  readonly tornLine: number | undefined;
}

const NEWLINE = 10;

/** The judgment a line's JSON value holds, checked field by field; anything else is an error at that line. */
function readJudgment(record: unknown, file: string, line: number): Judgment {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw parseError(file, line, `expected a JSON object {"query_id", "doc_id", "grade", "judge", "at"}, got ${quoteJson(record, 60)}`);
  }
  const { query_id, doc_id, grade, judge, rationale, usage, at } = record as Record<string, unknown>;
  const bad = (key: string, expected: string, value: unknown): never => {
    throw parseError(file, line, `"${key}" must be ${expected}, got ${quoteJson(value, 60)}`, expected, value);
  };
  for (const [key, value] of [['query_id', query_id], ['doc_id', doc_id], ['judge', judge]] as const) {
    if (typeof value !== 'string' || value === '') bad(key, 'a non-empty string', value);
  }
  if (typeof grade !== 'number' || !Number.isFinite(grade)) bad('grade', 'a finite number', grade);
  if (typeof at !== 'string' || !isIsoTime(at)) bad('at', 'an ISO 8601 time of a real calendar date', at);
  if (rationale !== undefined && typeof rationale !== 'string') bad('rationale', 'a string', rationale);
  if (usage !== undefined && !isUsage(usage)) bad('usage', 'an object of counts (finite numbers ≥ 0)', usage);
  return record as unknown as Judgment;
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([Zz]|[+-](\d{2}):(\d{2}))?)?$/;

/**
 * Whether `text` is an ISO 8601 (RFC 3339) date, `YYYY-MM-DD`, or date and time, `YYYY-MM-DDTHH:MM[:SS[.f]]`
 * with `Z` or `±HH:MM` or no zone, of a real calendar day and time: month 1–12, the day within its month
 * (29 February in leap years only), hours 0–23, minutes and seconds 0–59, a zone's offset within ±23:59.
 *
 * @example isIsoTime('2024-02-29T10:00:00.000Z') // => true; isIsoTime('2023-02-29') // => false
 */
function isIsoTime(text: string): boolean {
  const match = ISO_TIME.exec(text);
  if (match === null) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, , offsetHours = 0, offsetMinutes = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month! - 1];
  return days !== undefined && day! >= 1 && day! <= days && hour! <= 23 && minute! <= 59 && second! <= 59 && offsetHours! <= 23 && offsetMinutes! <= 59;
}

/** Token counts as a judge reports them: an object of finite numbers ≥ 0. */
export function isUsage(value: unknown): value is Readonly<Record<string, number>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((count) => typeof count === 'number' && Number.isFinite(count) && count >= 0);
}

/**
 * Reads the store's lines. A line that is not JSON is held until the next line shows it is not the last; at
 * the end, such a (or an undecodable) last line without a line end is the torn one. A cut write is never
 * whole JSON (a line ends with its object's `}`), so a line of JSON that is not a judgment is refused
 * wherever it stands, the last too: it was written whole, and cutting it off would lose it. Every reader
 * of a store comes here, so a store is either read (its torn last line aside) or refused at its first bad
 * line, never half-read.
 */
function storeReader(file: string): FormatReader<JudgmentStore> {
  const judgments: Judgment[] = [];
  let held: unknown;
  // The error of a line of JSON that is not a judgment: the store is refused, wherever that line stands.
  let refused: unknown;
  let lines = 0;
  let endsLine = true;
  const lineBy = lineReader(
    file,
    (text, line) => {
      if (held !== undefined) throw held;
      lines = line;
      if (text.trim() === '') return;
      let record: unknown;
      try {
        record = parseJson(text, file, line);
      } catch (error) {
        held = error;
        return;
      }
      try {
        judgments.push(readJudgment(record, file, line));
      } catch (error) {
        refused = error;
        throw error;
      }
    },
    () => undefined,
  );
  return {
    push(chunk) {
      if (chunk.length > 0) endsLine = chunk[chunk.length - 1] === NEWLINE;
      lineBy.push(chunk);
    },
    end() {
      try {
        lineBy.end();
      } catch (error) {
        // A bad line before the last (held), a line of JSON not a judgment, or an error of a last line that ends: the store is refused.
        if (held !== undefined) throw held;
        if (refused !== undefined) throw refused;
        // Bytes after the last line end that are not UTF-8: a multi-byte character cut by the crash.
        if (endsLine) throw error;
        return { judgments, tornLine: lines + 1 };
      }
      if (held === undefined) return { judgments, tornLine: undefined };
      if (endsLine) throw held;
      return { judgments, tornLine: lines };
    },
  };
}

const storeKind: FileKind<'jsonl', JudgmentStore> = {
  what: 'judgments store',
  formats: ['jsonl'],
  detect: () => 'jsonl',
  open: (_format, file) => storeReader(file),
};

/** How to read a store: its name in messages, and progress for a stream. It has one format, JSON Lines. */
export type StoreReadOptions = Omit<ReadOptions<'jsonl'>, 'format'>;


/**
 * Reads a judgments store (JSON Lines, one Judgment a line, as `judge` from `rankeval/judge` writes it)
 * from its whole content. Blank lines are skipped. A half-written last line — no line end, and not whole
 * JSON: a write cut by a crash — is ignored and its number given as `tornLine`; any other bad line (a
 * last line of JSON that is not a judgment included) is an error naming the file and line. Several lines may judge one pair (several judges, or one judge's
 * later word): all are kept, in file order (toQrels reads the last of each judge).
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for a line that is not a judgment (invalid JSON,
 *   a field missing or of the wrong type), except a torn last line; `invalid_option` for a bad option
 * @example
 * parseJudgments('{"query_id":"q1","doc_id":"d3","grade":2,"judge":"alice","at":"2026-12-05T02:10:00Z"}\n{"query_id":"q1","do')
 * // => { judgments: [{ query_id: 'q1', doc_id: 'd3', grade: 2, judge: 'alice', at: '2026-12-05T02:10:00Z' }], tornLine: 2 }
 */
export function parseJudgments(content: Chunk, options?: StoreReadOptions): JudgmentStore {
  return parseWith(storeKind, content, oneFormat(options, 'jsonl'), 'parseJudgments');
}

/**
 * Reads a judgments store from a stream of chunks (a Node `fs.createReadStream(path)`, a web
 * `ReadableStream`, any iterable of strings or bytes), as `parseJudgments` does.
 */
export async function readJudgments(source: Source, options?: StoreReadOptions): Promise<JudgmentStore> {
  return readWith(storeKind, source, oneFormat(options, 'jsonl'), 'readJudgments');
}
