// Internal: the JSONL and JSON forms that golden sets and runs share — one object a line naming each query
// once, or one object of query id → value — with every complaint located at its line.
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { type FormatReader, lineReader } from './reader.js';
import { concatBytes } from './lines.js';
import { decodeUtf8 } from './utf8.js';
import { parseJson } from './json-text.js';
import { type JsonLine, misnamedKeyWords } from './json-keys.js';
import { meantKey, misnamedKey } from '../core/suggest.js';
import { hasMarks, wrongStoreKind } from './store.js';

/**
 * The largest `json` file read, in bytes. The file is one JSON value, so it is held whole; past this size
 * JSONL, read a line at a time, is the form to use.
 */
export const MAX_JSON_BYTES = 256 * 1024 * 1024;

/** A query id (under `key`): a non-empty string, or an integer that a double holds exactly (as JSON writes it). */
export function queryId(value: unknown, file: string, line: number, key = 'query_id'): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'number') {
    throw parseError(file, line, `a numeric "${key}" must be an integer within ±(2^53 − 1) to be read exactly, got ${quoteJson(value)} (as read); quote it ("${key}": "…")`);
  }
  if (typeof value === 'string' && value !== '') return value;
  throw parseError(file, line, `"${key}" must be a non-empty string, got ${quoteJson(value)}`);
}

/**
 * JSONL: each non-blank line a JSON object with a `query_id` (`shape.id`) not seen before, handed to `onRecord`. A key
 * none of `shape`'s but a slip for one the line does not give (`qid`, `relevance`) is refused with the key
 * meant; `shape` names the main keys for the message about a line that is not an object.
 */
export function jsonlReader<T>(
  file: string,
  shape: JsonLine,
  onRecord: (record: Readonly<Record<string, unknown>>, qid: string, line: number) => void,
  finish: () => T,
): FormatReader<T> {
  const id = shape.id ?? 'query_id';
  return uniqueLineReader(
    file,
    shape,
    (record, line) => {
      const qid = queryId(record[id], file, line, id);
      return { key: qid, value: qid, twice: `query ${quoteJson(qid)} appears twice` };
    },
    onRecord,
    finish,
  );
}

/**
 * What a line is keyed by: the `key` no two lines share, the `value` handed on, and a repeat's words, with
 * what was expected and the value refused when the error names them.
 */
export interface LineKey<V> {
  readonly key: string;
  readonly value: V;
  readonly twice: string;
  readonly expected?: string;
  readonly received?: unknown;
}

/**
 * JSONL whose lines each have a key no other line has: each non-blank line a JSON object of `shape`, keyed
 * by `keyOf`, handed to `onRecord`; a repeated key is refused at its line, naming the first.
 */
export function uniqueLineReader<T, V>(
  file: string,
  shape: JsonLine,
  keyOf: (record: Readonly<Record<string, unknown>>, line: number) => LineKey<V>,
  onRecord: (record: Readonly<Record<string, unknown>>, value: V, line: number) => void,
  finish: () => T,
): FormatReader<T> {
  const seen = new Map<string, number>();
  return lineReader(
    file,
    (text, line) => {
      if (text.trim() === '') return;
      const record = jsonRecord(text, file, line, shape);
      const { key, value, twice, expected, received } = keyOf(record, line);
      const first = seen.get(key);
      if (first !== undefined) throw parseError(file, line, `${twice} (lines ${first} and ${line})`, expected, received);
      seen.set(key, line);
      onRecord(record, value, line);
    },
    finish,
  );
}

/**
 * One JSONL line read as `shape`'s record: a JSON object, no key written twice, no number beyond a double's
 * range, and no key that is a slip for one of `shape`'s keys (`qid`, `relevance`), each refused at its line.
 */
export function jsonRecord(text: string, file: string, line: number, shape: JsonLine): Readonly<Record<string, unknown>> {
  const record = parseJson(text, file, line);
  if (typeof record !== 'object' || record === null || Array.isArray(record)) throw parseError(file, line, `expected a JSON object ${shape.fields}`);
  checkParsedWhole(text, record, file, line);
  for (const store of shape.refuses?.stores ?? []) if (hasMarks(record, store.marks)) throw wrongStoreKind(store, shape.refuses!.file, record, file, line);
  const misnamed = misnamedKey(record, shape.keys);
  if (misnamed !== undefined) throw parseError(file, line, misnamedKeyWords(misnamed, shape.keys, `${shape.name}'s`));
  return record as Record<string, unknown>;
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
      const { top } = checkParsedWhole(text, value, file, 1, true);
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
 * Refuses what JSON.parse reads as something other than the text: a key written twice in one object (read
 * as its last value), and a number beyond a double's range (`1e400`, read as Infinity, which JSON cannot
 * write: every later message would show it as `null`). Counting the keys written against the keys parsed
 * is enough to know of a repeat, and one walk of the value finds a non-finite number; only then is the
 * text searched for the culprit. Returns the top-level keys with their lines, in file order.
 */
function checkParsedWhole(text: string, value: object, file: string, firstLine: number, topLevel = false): { top: [string, number][] } {
  const parsed = walkValue(value);
  if (parsed.overflows) throwOverflow(text, file, firstLine);
  const scan = scanKeys(text, topLevel, false);
  if (scan.count === parsed.keys) return scan;
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

/**
 * The keys of every object in a parsed JSON value, counted, and whether a number in it is not finite
 * (without recursion: any depth is fine).
 */
function walkValue(value: unknown): { keys: number; overflows: boolean } {
  let keys = 0;
  let overflows = false;
  const stack = [value];
  const visit = (element: unknown): void => {
    if (typeof element === 'object' && element !== null) stack.push(element);
    else if (typeof element === 'number' && !Number.isFinite(element)) overflows = true;
  };
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) item.forEach(visit);
    else {
      const names = Object.keys(item as object);
      keys += names.length;
      for (const name of names) visit((item as Record<string, unknown>)[name]);
    }
  }
  return { keys, overflows };
}

// A JSON number, as JSON.parse accepted it.
const JSON_NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Throws for the first number of a JSON text that JSON.parse read as ±Infinity, quoting it as written with
 * the key it is the value of (or is in the list of), at its line.
 */
function throwOverflow(text: string, file: string, firstLine: number): never {
  let line = firstLine;
  let key = '';
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 10) line++;
    else if (char === QUOTE) {
      const end = closingQuote(text, i);
      let next = end + 1;
      while (/\s/.test(text[next] ?? '')) next++;
      if (text.charCodeAt(next) === 58) key = JSON.parse(text.slice(i, end + 1)) as string;
      i = end;
    } else if (char === 45 || (char >= 48 && char <= 57)) {
      JSON_NUMBER.lastIndex = i;
      const written = JSON_NUMBER.exec(text)![0];
      const read = Number(written);
      if (!Number.isFinite(read)) {
        // A record is an object: some key comes before any number.
        throw parseError(file, line, `the number ${written} (the value of ${quoteJson(key)}) is beyond the range of a double (about ±1.8e308): it would read as ${read}`);
      }
      i += written.length - 1;
    }
  }
  throw parseError(file, firstLine, 'a number is beyond the range of a double'); // not reached: walkValue found one
}

/** The index of the quote that closes the JSON string opening at `start`. */
function closingQuote(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (text.charCodeAt(end - 1) === BACKSLASH && escaped(text, end)) end = text.indexOf('"', end + 1);
  return end;
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
      const end = closingQuote(text, i);
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

/**
 * True when a line is a whole JSON object with `key`, or with a slip for it (meantKey: `qid` for
 * `query_id`) holding a string or a number, which a JSON document's query never holds: a JSONL record,
 * not the start of a JSON document.
 */
export function isJsonRecord(line: string, key: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    if (Object.hasOwn(value, key)) return true;
    return Object.entries(value).some(([name, held]) => (typeof held === 'string' || typeof held === 'number') && meantKey(name, [key]) === key);
  } catch {
    return false;
  }
}
