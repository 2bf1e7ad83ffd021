// Internal: the JSONL and JSON forms that golden sets and runs share — one object a line naming each query
// once, or one object of query id → value — with every complaint located at its line.
import { parseError } from '../errors.js';
import { type FormatReader, lineReader } from './source.js';
import { lineAt, parseJson } from './text.js';

/** A query id: a non-empty string, or a number (written as JSON writes it). */
function queryId(value: unknown, file: string, line: number): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value !== '') return value;
  throw parseError(file, line, `"query_id" must be a non-empty string, got ${JSON.stringify(value) ?? 'nothing'}`);
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
  return lineReader((text, line) => {
    if (text.trim() === '') return;
    const record = parseJson(text, file, line);
    if (typeof record !== 'object' || record === null || Array.isArray(record)) throw parseError(file, line, `expected a JSON object ${fields}`);
    const qid = queryId((record as Record<string, unknown>)['query_id'], file, line);
    const first = seen.get(qid);
    if (first !== undefined) throw parseError(file, line, `query ${JSON.stringify(qid)} appears twice (lines ${first} and ${line})`);
    seen.set(qid, line);
    onRecord(record as Record<string, unknown>, qid, line);
  }, finish);
}

/** JSON: the whole file one object of query id → value; `onEntry` gets each with the line of its key. */
export function jsonObjectReader<T>(file: string, expected: string, onEntry: (qid: string, value: unknown, line: number) => void, finish: () => T): FormatReader<T> {
  let text = '';
  return lineReader(
    (line) => void (text += `${line}\n`),
    () => {
      const value = parseJson(text, file, 1);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw parseError(file, 1, `expected a JSON object of ${expected}`);
      for (const [qid, entry] of Object.entries(value)) onEntry(qid, entry, keyLine(text, qid));
      return finish();
    },
  );
}

/** The line where a key is first written in a JSON text (for messages; 1 when it cannot be found). */
function keyLine(text: string, key: string): number {
  const quoted = JSON.stringify(key);
  const at = text.indexOf(`${quoted}:`);
  if (at !== -1) return lineAt(text, at);
  return text.includes(quoted) ? lineAt(text, text.indexOf(quoted)) : 1;
}

/** True when a line is a whole JSON object with `key`: a JSONL record, not the start of a JSON document. */
export function isJsonRecord(line: string, key: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && key in value;
  } catch {
    return false;
  }
}
