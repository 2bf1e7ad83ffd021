// Internal: the JSONL and JSON forms that golden sets and runs share — one object a line naming each query
// once, or one object of query id → value — with every complaint located at its line.
import { parseError, quoteJson } from '../errors.js';
import { type FormatReader, lineReader } from './source.js';
import { concatBytes, decodeUtf8, parseJson } from './text.js';

/**
 * The largest `json` file read, in bytes. The file is one JSON value, so it is held whole; past this size
 * JSONL, read a line at a time, is the form to use.
 */
export const MAX_JSON_BYTES = 256 * 1024 * 1024;

/** A query id: a non-empty string, or an integer that a double holds exactly (as JSON writes it). */
function queryId(value: unknown, file: string, line: number): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'number') {
    throw parseError(file, line, `a numeric "query_id" must be an integer within ±(2^53 − 1) to be read exactly, got ${quoteJson(value)} (as read); quote it ("query_id": "…")`);
  }
  if (typeof value === 'string' && value !== '') return value;
  throw parseError(file, line, `"query_id" must be a non-empty string, got ${quoteJson(value)}`);
}

/**
 * JSONL: each non-blank line a JSON object with a `query_id` not seen before, handed to `onRecord`.
 * `fields` names the expected keys for the message about a line that is not an object.
 */
export function jsonlReader<T>(
  file: string,
  fields: string,
  onRecord: (record: Readonly<Record<string, unknown>>, qid: string, line: number) => void,
  finish: () => T,
): FormatReader<T> {
  const seen = new Map<string, number>();
  return lineReader(
    file,
    (text, line) => {
      if (text.trim() === '') return;
      const record = parseJson(text, file, line);
      if (typeof record !== 'object' || record === null || Array.isArray(record)) throw parseError(file, line, `expected a JSON object ${fields}`);
      checkNoRepeatedKey(text, record, file, line);
      const qid = queryId((record as Record<string, unknown>)['query_id'], file, line);
      const first = seen.get(qid);
      if (first !== undefined) throw parseError(file, line, `query ${quoteJson(qid)} appears twice (lines ${first} and ${line})`);
      seen.set(qid, line);
      onRecord(record as Record<string, unknown>, qid, line);
    },
    finish,
  );
}

/** JSON: the whole file one object of query id → value; `onEntry` gets each in file order with the line of its key. */
export function jsonObjectReader<T>(file: string, expected: string, onEntry: (qid: string, value: unknown, line: number) => void, finish: () => T): FormatReader<T> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  return {
    push(chunk) {
      length += chunk.length;
      if (length > MAX_JSON_BYTES) {
        const lines = chunks.reduce((count, bytes) => count + countNewlines(bytes), 1);
        throw parseError(file, lines, `the file is larger than ${MAX_JSON_BYTES / 1024 / 1024} MiB, the most a json file may hold; write it as JSONL, one query a line`);
      }
      chunks.push(new Uint8Array(chunk)); // a copy: the caller may reuse its buffer
    },
    end() {
      let text = decodeUtf8(concatBytes(chunks, length), file, 1);
      chunks.length = 0;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const value = parseJson(text, file, 1);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw parseError(file, 1, `expected a JSON object of ${expected}`);
      const { top } = checkNoRepeatedKey(text, value, file, 1, true);
      for (const [qid, line] of top) onEntry(qid, (value as Record<string, unknown>)[qid], line);
      return finish();
    },
  };
}

function countNewlines(bytes: Uint8Array): number {
  let count = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) count++;
  return count;
}

/**
 * Refuses a key written twice in one object of a JSON text, which JSON.parse would silently read as its
 * last value. Counting the keys written against the keys parsed is enough to know; only then is the text
 * searched for the key. Returns the top-level keys with their lines, in file order.
 */
function checkNoRepeatedKey(text: string, value: object, file: string, firstLine: number, topLevel = false): { top: [string, number][] } {
  const scan = scanKeys(text, topLevel, false);
  if (scan.count === countKeys(value)) return scan;
  const { repeat } = scanKeys(text, false, true);
  if (repeat === undefined) return scan; // not reached: a count that differs comes from a repeat
  const [first, second] = repeat.lines.map((line) => firstLine - 1 + line) as [number, number];
  const where = first === second ? `line ${first}` : `lines ${first} and ${second}`;
  const message =
    topLevel && repeat.depth === 1
      ? `query ${quoteJson(repeat.key)} appears twice (${where})`
      : `the key ${quoteJson(repeat.key)} appears twice in one object (${where}); JSON would keep only the last`;
  throw parseError(file, second, message);
}

/** The keys of every object in a parsed JSON value, counted (without recursion: any depth is fine). */
function countKeys(value: unknown): number {
  let count = 0;
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) {
      for (const element of item) if (typeof element === 'object' && element !== null) stack.push(element);
    } else if (typeof item === 'object' && item !== null) {
      const keys = Object.keys(item);
      count += keys.length;
      for (const key of keys) {
        const element = (item as Record<string, unknown>)[key];
        if (typeof element === 'object' && element !== null) stack.push(element);
      }
    }
  }
  return count;
}

interface KeyScan {
  /** Keys written, at every depth. */
  count: number;
  /** With `topLevel`: the keys of the outermost object, each with its line, in file order. */
  top: [string, number][];
  /** With `findRepeat`: the first key written twice in one object, the lines of both, and its depth. */
  repeat?: { key: string; lines: [number, number]; depth: number };
}

const QUOTE = 34;
const BACKSLASH = 92;

/** Reads the keys of a JSON text that JSON.parse accepted, in one pass that only skips strings and counts lines. */
function scanKeys(text: string, topLevel: boolean, findRepeat: boolean): KeyScan {
  const scan: KeyScan = { count: 0, top: [] };
  const objects: (Map<string, number> | null)[] = []; // with findRepeat: each open object's keys, null for arrays
  let depth = 0;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 10) line++;
    else if (char === 123 || char === 91) {
      depth++;
      if (findRepeat) objects.push(char === 123 ? new Map() : null);
    } else if (char === 125 || char === 93) {
      depth--;
      if (findRepeat) objects.pop();
    } else if (char === QUOTE) {
      const start = i;
      const keyLine = line;
      let end = text.indexOf('"', i + 1);
      while (text.charCodeAt(end - 1) === BACKSLASH && escaped(text, end)) end = text.indexOf('"', end + 1);
      let next = end + 1;
      for (let c = text.charCodeAt(next); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++next)) if (c === 10) line++;
      i = next - 1;
      if (text.charCodeAt(next) !== 58) continue; // a value, not a key
      scan.count++;
      if (!(findRepeat || (topLevel && depth === 1))) continue;
      const raw = text.slice(start, end + 1);
      const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      if (topLevel && depth === 1) scan.top.push([key, keyLine]);
      const keys = objects.at(-1);
      if (findRepeat && keys) {
        const first = keys.get(key);
        if (first !== undefined) return { ...scan, repeat: { key, lines: [first, keyLine], depth } };
        keys.set(key, keyLine);
      }
    }
  }
  return scan;
}

/** True when the quote at `at` is escaped: an odd number of backslashes runs before it. */
function escaped(text: string, at: number): boolean {
  let count = 0;
  while (text.charCodeAt(at - 1 - count) === BACKSLASH) count++;
  return count % 2 === 1;
}

/** True when a line is a whole JSON object with `key`: a JSONL record, not the start of a JSON document. */
export function isJsonRecord(line: string, key: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
  } catch {
    return false;
  }
}
