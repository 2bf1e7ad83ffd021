// The texts a judge reads: a corpus (documents) and the queries, each JSON Lines, one record a line, in
// rankeval's keys or BEIR's (corpus.jsonl `{"_id", "title", "text"}`, queries.jsonl `{"_id", "text"}`).
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { readTags } from './golden-json.js';
import { jsonRecord } from './json.js';
import type { JsonLine } from './json-keys.js';
import { lineReader, type FileKind } from './reader.js';
import { readWith, type Source } from './source.js';

/** A document's text, and its title when the corpus gives one. */
export interface Passage {
  readonly text: string;
  readonly title?: string;
}

/** How a text file's line is read: its id keys, its text keys (any one of each), and its other keys. */
interface TextLine extends JsonLine {
  readonly ids: readonly string[];
  readonly texts: readonly string[];
}

const CORPUS_LINE: TextLine = {
  name: 'a corpus line',
  fields: '{"id", "text", "title"}',
  keys: ['id', '_id', 'doc_id', 'text', 'contents', 'title', 'metadata'],
  ids: ['id', '_id', 'doc_id'],
  texts: ['text', 'contents'],
};

const QUERIES_LINE: TextLine = {
  name: 'a queries line',
  fields: '{"query_id", "query"}',
  keys: ['query_id', '_id', 'id', 'query', 'question', 'text', 'tags', 'metadata'],
  ids: ['query_id', '_id', 'id'],
  texts: ['query', 'question', 'text'],
};

/** The one key of `keys` the record gives, with its value; an error when it gives none or several. */
function oneOf(record: Readonly<Record<string, unknown>>, keys: readonly string[], file: string, line: number): [string, unknown] {
  const given = keys.filter((key) => record[key] !== undefined);
  if (given.length !== 1) {
    const listed = keys.map((key) => `"${key}"`).join(', ');
    throw parseError(file, line, given.length === 0 ? `expected one of ${listed}, got none` : `expected one of ${listed}, got ${given.length}: keep one`);
  }
  return [given[0]!, record[given[0]!]];
}

/** The id of a line: a non-empty string, or an integer that a double holds exactly. */
function idOf(record: Readonly<Record<string, unknown>>, shape: TextLine, file: string, line: number): string {
  const [key, value] = oneOf(record, shape.ids, file, line);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && value !== '') return value;
  throw parseError(file, line, `"${key}" must be a non-empty string, got ${quoteJson(value)}`);
}

/** A text value: a string. */
function textOf(key: string, value: unknown, file: string, line: number): string {
  if (typeof value !== 'string') throw parseError(file, line, `"${key}" must be a string, got ${quoteJson(value, 60)}`);
  return value;
}

/**
 * A reader that keeps the lines whose id is `wanted` (every line when undefined), read by `shape` into
 * what `read` makes of the record; an id given twice is an error, among the lines kept.
 */
function textKind<T>(shape: TextLine, wanted: ReadonlySet<string> | undefined, read: (record: Readonly<Record<string, unknown>>, file: string, line: number) => T): FileKind<'jsonl', Map<string, T>> {
  return {
    what: shape.name.replace(/^a (.*) line$/, '$1'),
    formats: ['jsonl'],
    detect: () => 'jsonl',
    open(_format, file) {
      const kept = new Map<string, T>();
      const lines = new Map<string, number>();
      return lineReader(
        file,
        (text, line) => {
          if (text.trim() === '') return;
          const record = jsonRecord(text, file, line, shape);
          const id = idOf(record, shape, file, line);
          if (wanted !== undefined && !wanted.has(id)) return;
          const first = lines.get(id);
          if (first !== undefined) throw parseError(file, line, `the id ${quoteJson(id)} appears twice (lines ${first} and ${line})`);
          lines.set(id, line);
          kept.set(id, read(record, file, line));
        },
        () => kept,
      );
    },
  };
}

/** What reading a corpus or queries file takes: its name in messages, and the ids to keep. */
export interface TextReadOptions {
  readonly file?: string;
  /** The ids to keep (a pool's): the lines of other ids are checked but not kept. Default: every line. */
  readonly wanted?: ReadonlySet<string>;
}

/**
 * Reads a corpus: JSON Lines, one document a line, `{"id": "d1", "text": "…", "title": "…"}` (the title
 * optional), or BEIR's `{"_id", "title", "text"}`, or `"doc_id"` for the id and `"contents"` (Pyserini's)
 * for the text. Document id → its passage, in file order.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for a line that is not an object, has no id or two,
 *   no text or two, a text or title that is not a string, or an id kept twice
 * @example await readCorpus('{"_id":"d1","title":"Pumps","text":"Prime the pump first."}\n') // => Map { 'd1' => { text: 'Prime the pump first.', title: 'Pumps' } }
 */
export function readCorpus(source: Source, { file = '<input>', wanted }: TextReadOptions = {}): Promise<Map<string, Passage>> {
  const kind = textKind(CORPUS_LINE, wanted, (record, at, line): Passage => {
    const [key, value] = oneOf(record, CORPUS_LINE.texts, at, line);
    const text = textOf(key, value, at, line);
    const title = record['title'];
    return title === undefined || title === '' ? { text } : { text, title: textOf('title', title, at, line) };
  });
  return readWith(kind, source, { file, format: 'jsonl' }, 'readCorpus');
}

/** A query's text, and its tags when its line gives some (`"tags"`, as a golden set's JSONL line does). */
export interface QueryText {
  readonly text: string;
  readonly tags?: readonly string[];
}

/** A queries line's text and tags. */
function queryText(record: Readonly<Record<string, unknown>>, file: string, line: number): QueryText {
  const [key, value] = oneOf(record, QUERIES_LINE.texts, file, line);
  const text = textOf(key, value, file, line);
  return record['tags'] === undefined ? { text } : { text, tags: readTags(record['tags'], file, line) };
}

/**
 * Reads queries: JSON Lines, one query a line, `{"query_id": "q1", "query": "…"}` (`"question"` for the
 * text, as a golden set's JSONL line allows), or BEIR's `{"_id", "text"}`. Query id → its text, in file order.
 *
 * @throws {RankevalError} `parse_error` as readCorpus, and for `"tags"` that are not a list of strings
 * @example await readQueries('{"_id":"q1","text":"how to prime a pump"}\n') // => Map { 'q1' => 'how to prime a pump' }
 */
export function readQueries(source: Source, { file = '<input>', wanted }: TextReadOptions = {}): Promise<Map<string, string>> {
  const kind = textKind(QUERIES_LINE, wanted, (record, at, line) => queryText(record, at, line).text);
  return readWith(kind, source, { file, format: 'jsonl' }, 'readQueries');
}

/**
 * Reads queries as readQueries does, each with its tags when its line gives some: query id → `{ text, tags? }`.
 * A JSONL golden set with questions (`{"query_id", "query", "relevant", "tags"}`) is such a file.
 *
 * @example await readQueryTexts('{"query_id":"q1","query":"how to prime a pump","tags":["howto"]}\n') // => Map { 'q1' => { text: 'how to prime a pump', tags: ['howto'] } }
 */
export function readQueryTexts(source: Source, { file = '<input>', wanted }: TextReadOptions = {}): Promise<Map<string, QueryText>> {
  return readWith(textKind(QUERIES_LINE, wanted, queryText), source, { file, format: 'jsonl' }, 'readQueryTexts');
}
