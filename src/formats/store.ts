// What rankeval's stores share (a judgments store, a nugget-assignment store): an append-only JSON Lines
// file, one record a line, read back whole. A write cut by a crash can only leave the last line
// half-written; that line is set aside, never read as a record. A store of the other kind is refused.
import { parseError, RankevalError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { parseJson } from './json-text.js';
import { lineReader, type FileKind, type FormatReader } from './reader.js';
import type { ReadOptions } from './source.js';

/** A store as read: its records in file order, and the half-written last line set aside, if any. */
export interface StoreLines<T> {
  readonly judgments: T[];
  /**
   * The line number of a half-written last line (no line end, not whole JSON: a write cut by a crash),
   * which is ignored; undefined when the file ends whole. Tell the user: that record is asked again.
   */
  readonly tornLine: number | undefined;
}

/** How to read a store: its name in messages, and progress for a stream. It has one format, JSON Lines. */
export type StoreReadOptions = Omit<ReadOptions<'jsonl'>, 'format'>;

/** A kind of store: its name, the keys that show one of its lines, and what reads it. */
export interface StoreIdentity {
  /** `judgments store`, for messages. */
  readonly what: string;
  /** Keys every line of it has and a line of the other kind lacks. */
  readonly marks: readonly string[];
  /** What reads it, for the message refusing it where another kind is read. */
  readonly readBy: string;
}

/** The judgments store (`Judgment`s, formats/judgments.ts). */
export const JUDGMENTS_STORE: StoreIdentity = { what: 'judgments store', marks: ['query_id', 'doc_id'], readBy: 'parseJudgments or readJudgments' };

/** The nugget-assignment store (`NuggetJudgment`s, formats/nugget-judgments.ts). */
export const NUGGET_STORE: StoreIdentity = { what: 'nugget-assignment store', marks: ['topic_id', 'nugget'], readBy: 'parseNuggetJudgments or readNuggetJudgments; nuggetAssignmentsOf turns it into nuggetizer\'s assignments' };

/** A kind of store and its line's reader: the record a line's JSON value holds, checked field by field, else an error at that line. */
export interface StoreShape<T> {
  readonly identity: StoreIdentity;
  /** The kind of store refused where this one is read. */
  readonly other: StoreIdentity;
  readLine(record: Readonly<Record<string, unknown>>, file: string, line: number): T;
  /** The fields a line has, for the message about a line that is not an object: `{"query_id", "doc_id", …}`. */
  readonly fields: string;
}

const NEWLINE = 10;

/**
 * The error for a record of `other`'s kind where a file of `expected` is read: `wrong_file_kind` at its line,
 * naming what it looks like and what reads it.
 */
export function wrongStoreKind(other: StoreIdentity, expected: string, record: unknown, file: string, line: number): RankevalError {
  const problem = `this looks like a ${other.what} (read it with ${other.readBy}), not a ${expected}`;
  return new RankevalError({ code: 'wrong_file_kind', subject: { kind: 'file', file, line }, problem, expected: `a ${expected}`, received: record });
}

/** Whether a record has every key of `marks`. */
export const hasMarks = (record: unknown, marks: readonly string[]): boolean =>
  typeof record === 'object' && record !== null && !Array.isArray(record) && marks.every((key) => Object.hasOwn(record, key));

/** The checks of a store line's own fields: a non-empty string, an ISO time, a rationale, a usage. */
export function lineChecks(file: string, line: number) {
  const bad = (key: string, expected: string, value: unknown): never => {
    throw parseError(file, line, `"${key}" must be ${expected}, got ${quoteJson(value, 60)}`, expected, value, { key });
  };
  return {
    bad,
    text(key: string, value: unknown): void {
      if (typeof value !== 'string' || value === '') bad(key, 'a non-empty string', value);
    },
    /** `judge`, `at`, and the optional `rationale` and `usage`, as every store's line has them. */
    common({ judge, at, rationale, usage }: Record<string, unknown>): void {
      if (typeof judge !== 'string' || judge === '') bad('judge', 'a non-empty string', judge);
      if (typeof at !== 'string' || !isIsoTime(at)) bad('at', 'an ISO 8601 time of a real calendar date', at);
      if (rationale !== undefined && typeof rationale !== 'string') bad('rationale', 'a string', rationale);
      if (usage !== undefined && !isUsage(usage)) bad('usage', 'an object of counts (finite numbers ≥ 0)', usage);
    },
  };
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
 * Reads a store's lines. A line that is not JSON is held until the next line shows it is not the last; at
 * the end, such a (or an undecodable) last line without a line end is the torn one. A cut write is never
 * whole JSON (a line ends with its object's `}`), so a line of JSON that is not a record of the store is
 * refused wherever it stands, the last too: it was written whole, and cutting it off would lose it. A line
 * of `other`'s kind is refused as `wrong_file_kind`. Every reader of a store comes here, so a store is
 * either read (its torn last line aside) or refused at its first bad line, never half-read.
 */
function storeReader<T>({ identity, other, readLine, fields }: StoreShape<T>, file: string): FormatReader<StoreLines<T>> {
  const judgments: T[] = [];
  let held: unknown;
  // The error of a line of JSON that is not a record: the store is refused, wherever that line stands.
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
        if (typeof record !== 'object' || record === null || Array.isArray(record)) throw parseError(file, line, `expected a JSON object ${fields}, got ${quoteJson(record, 60)}`);
        if (hasMarks(record, other.marks) && !hasMarks(record, identity.marks)) throw wrongStoreKind(other, identity.what, record, file, line);
        judgments.push(readLine(record as Record<string, unknown>, file, line));
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
        // A bad line before the last (held), a line of JSON not a record, or an error of a last line that ends: the store is refused.
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

/** The file kind of a store of `shape`, which refuses a store of the other kind. */
export function storeKind<T>(shape: StoreShape<T>): FileKind<'jsonl', StoreLines<T>> {
  return { what: shape.identity.what, formats: ['jsonl'], detect: () => 'jsonl', open: (_format, file) => storeReader(shape, file) };
}
