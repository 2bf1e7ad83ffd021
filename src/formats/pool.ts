// The pool file: the query–document pairs to judge, in judging order, one JSON object a line — written by
// `rankeval pool`, read by `rankeval judge`.
import { argument, fail, parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { readByQuery } from '../core/inputs.js';
import { whileReading } from '../core/boundary.js';
import { POOL_LINE } from './json-keys.js';
import { jsonRecord, queryId } from './json.js';
import { lineReader, type FileKind } from './reader.js';
import { parseWith, readWith, type Chunk, type ReadOptions, type Source } from './source.js';

/**
 * The documents to judge: query id → document ids in judging order (the queries in the object's key order).
 * What `pool` returns and `judge` takes.
 */
export type Pool = Readonly<Record<string, readonly string[]>>;

/**
 * Pool files are JSON Lines: one pair a line, `{"query_id": "q1", "doc_id": "d3"}`, in judging order. A
 * query's pairs need not be on consecutive lines; its documents keep the order of their lines, and the
 * queries the order of their first lines (but as any object orders its keys: integer-like ids first,
 * ascending). Blank lines are skipped; keys other than the two are ignored, but for a slip of one of them.
 * An empty file is an empty pool.
 */
export type PoolFormat = 'jsonl';

const poolKind: FileKind<PoolFormat, Pool> = {
  what: 'pool',
  formats: ['jsonl'],
  detect: () => 'jsonl',
  open(_format, file) {
    const pool = Object.create(null) as Record<string, string[]>;
    const lines = new Map<string, number>();
    return lineReader(
      file,
      (text, line) => {
        if (text.trim() === '') return;
        const record = jsonRecord(text, file, line, POOL_LINE);
        const qid = queryId(record['query_id'], file, line);
        const docId = record['doc_id'];
        if (typeof docId !== 'string' || docId === '') throw parseError(file, line, `"doc_id" must be a non-empty string, got ${quoteJson(docId)}`);
        const pair = `${qid}\u0000${docId}`;
        const first = lines.get(pair);
        if (first !== undefined) throw parseError(file, line, `the pair (${quoteJson(qid)}, ${quoteJson(docId)}) appears twice (lines ${first} and ${line})`);
        lines.set(pair, line);
        (pool[qid] ??= []).push(docId);
      },
      () => pool,
    );
  },
};

/**
 * Reads a pool file's whole content (see `PoolFormat`) into query id → document ids in judging order.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for a line that is not a JSON object with a
 *   `query_id` (a non-empty string, or an integer) and a `doc_id` (a non-empty string), a pair given twice,
 *   invalid UTF-8, or a line past 64 MiB; `invalid_option` for an unknown option
 * @example
 * parsePool('{"query_id":"q1","doc_id":"d3"}\n{"query_id":"q1","doc_id":"d1"}\n'); // => { q1: ['d3', 'd1'] }
 */
export function parsePool(content: Chunk, options?: ReadOptions<PoolFormat>): Pool {
  return parseWith(poolKind, content, jsonlUnlessNamed(options), 'parsePool');
}

/** `parsePool` for a file read in chunks (a Node stream, a web stream, any iterable of strings or bytes). */
export function readPool(source: Source, options?: ReadOptions<PoolFormat>): Promise<Pool> {
  return readWith(poolKind, source, jsonlUnlessNamed(options), 'readPool');
}

/**
 * The reading options with `format: 'jsonl'` unless they name one: the one format needs no telling from a
 * first line, and an empty file, which the detection refuses, is an empty pool (nothing left to judge).
 * Options that are not an object are passed on as given, to be refused.
 */
function jsonlUnlessNamed(options: ReadOptions<PoolFormat> | undefined): ReadOptions<PoolFormat> | undefined {
  if (options === undefined) return { format: 'jsonl' };
  return typeof options === 'object' && options !== null && !Array.isArray(options) && !Object.hasOwn(options, 'format') ? { ...options, format: 'jsonl' } : options;
}

/**
 * Writes a pool as the text of a pool file (see `PoolFormat`), one pair a line in judging order: the queries
 * in the pool's key order, each query's documents in its array's order (a query with none has no line).
 * `parsePool` reads it back equal.
 *
 * @throws {RankevalError} `invalid_option` for a pool that is not query id → array of non-empty string ids,
 *   an empty query id, or a document listed twice for one query
 * @example
 * poolLines({ q1: ['d3', 'd1'] }); // => '{"query_id":"q1","doc_id":"d3"}\n{"query_id":"q1","doc_id":"d1"}\n'
 */
export function poolLines(pool: Pool): string {
  const lines: string[] = [];
  for (const [qid, ids] of readPoolArgument(pool, 'poolLines')) for (const id of ids) lines.push(`${JSON.stringify({ query_id: qid, doc_id: id })}\n`);
  return lines.join('');
}

/**
 * A `Pool` given to a public function, read once and checked: query id (non-empty) → an array of non-empty
 * string ids, each once. What poolLines, poolStats and judge read a pool by.
 *
 * @throws {RankevalError} `invalid_option` naming `fn` and the argument `pool`
 */
const POOL = argument('pool');

export function readPoolArgument(pool: unknown, fn: string): Map<string, readonly string[]> {
  const read = new Map<string, readonly string[]>();
  for (const [qid, docIds] of readByQuery<unknown>(pool, fn, POOL, 'invalid_option', 'a Map or an object of query id → document ids')) {
    if (qid === '') fail('invalid_option', fn, 'every query id of `pool`', 'a non-empty string', qid, POOL);
    const about = { subject: POOL, at: { query: qid } };
    const where = `the documents of query ${quoteJson(qid)} in \`pool\``;
    const ids = whileReading(fn, 'invalid_option', where, () => (Array.isArray(docIds) ? [...(docIds as unknown[])] : fail('invalid_option', fn, where, 'an array of document ids', docIds, about)));
    const seen = new Set<string>();
    for (const id of ids) {
      if (typeof id !== 'string' || id === '') fail('invalid_option', fn, `every id of ${where}`, 'a non-empty string', id, about);
      if (seen.has(id)) fail('invalid_option', fn, where, 'each document once', id, { subject: POOL, at: { query: qid, document: id } });
      seen.add(id);
    }
    read.set(qid, ids as string[]);
  }
  return read;
}
