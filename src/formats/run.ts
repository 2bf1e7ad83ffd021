import { parseError, quoteJson } from '../core/errors.js';
import { orderByScore } from '../core/ordering.js';
import { createRunReader as createTrecRunReader, latin1 } from './trec-bytes.js';
import { DOCUMENT_COLUMNS, isHeader, looseCsvFields, mapColumns, numberField, QUERY_COLUMNS, requiredField } from './columns.js';
import { isJsonRecord, jsonlReader, jsonObjectReader } from './json.js';
import { type Chunk, type FileKind, type FormatReader, lineReader, parseWith, type ReadOptions, readWith, type Source } from './source.js';
import { createLineChunker } from './lines.js';
import { createRecordReader } from './records.js';
import { utf8FromLatin1 } from './utf8.js';

/**
 * Run file formats:
 * - `trec`: TREC runs, `qid Q0 docno rank score runid` per line, ordered as trec_eval orders them (score
 *   descending, ties by docno descending; the rank column is ignored, as trec_eval ignores it);
 * - `jsonl`: one query a line, `{"query_id": "q1", "results": [{"id": "d1", "score": 3.2}, …]}`, where
 *   `results` may also be a list of ids in rank order, with the time the retriever took to answer, in
 *   milliseconds, optionally (`"latency_ms": 41.7`, as `writeRun` writes it);
 * - `json`: one object of query id → ranking (a list of ids in rank order, a list of `{id, score}`, or an
 *   object of id → score), the form `evaluateRun` takes;
 * - `csv`: a header naming a query id column, a document id column and a `score` or `rank` column, then
 *   one result a row. With a score, rows are ordered as TREC runs are; with only a rank, by rank; with
 *   neither, in file order. A header with two columns for one of these (`score` and `similarity`, `doc_id`
 *   and `id`) or a column twice is refused.
 */
export type RunFormat = 'trec' | 'jsonl' | 'json' | 'csv';

/** A run as read from a file. */
export interface Run {
  readonly format: RunFormat;
  /** Query id → document ids in rank order, queries in file order. */
  readonly rankings: Map<string, string[]>;
  /**
   * Query id → its documents in the order the file lists them, with their scores, for the queries whose
   * results are ordered by score (not by a rank column, nor a list of ids in rank order, which have no
   * scores): what `ties: 'given'` and `'average'` read.
   */
  readonly scored: Map<string, { readonly ids: readonly string[]; readonly scores: readonly number[] }>;
  /**
   * Queries (in file order) whose results, two or more, all carry the same score: their order is then the
   * tie rule's alone (document ids descending), not the system's. Empty for rankings given as lists of ids.
   */
  readonly tiedQueries: string[];
  /**
   * Query id → the time its ranking took, in milliseconds, for the queries of a JSONL run that give
   * `latency_ms` (failed calls included: see `failures`).
   */
  readonly latency: Map<string, number>;
  /**
   * Query id → why its call failed, for a JSONL run's lines `{"query_id": …, "failed": "…", "latency_ms": …}`
   * (writeRun's `failures`): such a query has no ranking (it is not in `rankings`: unanswered), only its time.
   */
  readonly failures: Map<string, string>;
}

const RUN_FORMATS: readonly RunFormat[] = ['trec', 'jsonl', 'json', 'csv'];

/** One query's results as read, ordered and checked at the end. */
interface Results {
  readonly ids: string[];
  /** Scores, or a rank order key; null for results already in rank order. */
  readonly keys: number[] | null;
  readonly lines: number[];
  /** The query's `latency_ms`, when its line gives one. */
  latencyMs: number | undefined;
  /** Why its call failed (JSONL `failed`): then it has no results. */
  failed: string | undefined;
  /** Given as a list of ids in rank order (JSON, JSONL): its keys are positions, not scores. */
  unscored: boolean;
}

/** One query's results, checked and ordered: what a run file says of it. */
export interface QueryResults {
  /** Document ids in rank order. */
  readonly ranked: string[];
  /** The ids in file order with their scores, when the results are ordered by score (see `Run.scored`). */
  readonly scored: { readonly ids: string[]; readonly scores: number[] } | undefined;
  /** Two or more results, all with the same score (see `Run.tiedQueries`). */
  readonly tied: boolean;
  /** The time its ranking took in milliseconds, when the run gives it (see `Run.latency`). */
  readonly latencyMs?: number | undefined;
  /** Why its call failed, for a failed call's line (see `Run.failures`): not a ranking. */
  readonly failed?: string | undefined;
}

/** Where a format's reader puts each result; `result` is what the reader's `end` returns. */
interface Collector<T> {
  add(qid: string, id: string, key: number, line: number): void;
  /** A query with no results still counts as answered. */
  touch(qid: string): void;
  /** The time the query's ranking took, in milliseconds (JSONL's `latency_ms`). */
  latency(qid: string, ms: number): void;
  /** The query's call failed (JSONL's `failed`): it has a time, not a ranking. */
  fail(qid: string, message: string): void;
  /** The query's results are a list of ids in rank order (no scores; their keys are positions). */
  unscored(qid: string): void;
  result(): T;
}

type Ordering = 'score' | 'rank' | 'given';
/** Makes the collector of a file once its format (and, for CSV, its ordering) is known. */
type CollectorFactory<T> = (format: RunFormat, ordering: Ordering) => Collector<T>;

const newResults = (ordering: Ordering): Results => ({ ids: [], keys: ordering === 'given' ? null : [], lines: [], latencyMs: undefined, failed: undefined, unscored: false });

function addResult(results: Results, id: string, key: number, line: number): void {
  results.ids.push(id);
  results.keys?.push(key);
  results.lines.push(line);
}

function checked(qid: string, results: Results, ordering: Ordering, file: string): QueryResults {
  checkRepeats(qid, results, file);
  const scored = ordering === 'score' && results.keys !== null && !results.unscored ? { ids: results.ids, scores: results.keys } : undefined;
  const query = { ranked: ordered(results, ordering), scored, tied: scored !== undefined && allTie(scored.scores) };
  return results.latencyMs === undefined && results.failed === undefined ? query : { ...query, latencyMs: results.latencyMs, failed: results.failed };
}

function createCollector(file: string, format: RunFormat, ordering: Ordering): Collector<Run> {
  const byQuery = new Map<string, Results>();
  return {
    add(qid, id, key, line) {
      let results = byQuery.get(qid);
      if (results === undefined) byQuery.set(qid, (results = newResults(ordering)));
      addResult(results, id, key, line);
    },
    touch(qid) {
      if (!byQuery.has(qid)) byQuery.set(qid, newResults(ordering));
    },
    latency(qid, ms) {
      byQuery.get(qid)!.latencyMs = ms;
    },
    fail(qid, message) {
      byQuery.get(qid)!.failed = message;
    },
    unscored(qid) {
      byQuery.get(qid)!.unscored = true;
    },
    result() {
      const rankings = new Map<string, string[]>();
      const scored = new Map<string, { ids: string[]; scores: number[] }>();
      const tiedQueries: string[] = [];
      const latency = new Map<string, number>();
      const failures = new Map<string, string>();
      for (const [qid, results] of byQuery) {
        const query = checked(qid, results, ordering, file);
        if (query.latencyMs !== undefined) latency.set(qid, query.latencyMs);
        if (query.failed !== undefined) {
          failures.set(qid, query.failed);
          continue;
        }
        rankings.set(qid, query.ranked);
        if (query.scored !== undefined) scored.set(qid, query.scored);
        if (query.tied) tiedQueries.push(qid);
      }
      return { format, rankings, scored, tiedQueries, latency, failures };
    },
  };
}

/**
 * Hands on each query's results as soon as the next query starts (or the file ends), keeping one query's
 * results at a time. A query whose results are not together in the file is handed on once per stretch:
 * the receiver tells (evaluateRunStream reads such a run again, collected).
 */
function createEmitter(file: string, ordering: Ordering, onQuery: (qid: string, results: QueryResults) => void): Collector<void> {
  let current: Results | undefined;
  let currentQid = '';
  const flush = (): void => {
    if (current === undefined) return;
    const results = current;
    current = undefined;
    onQuery(currentQid, checked(currentQid, results, ordering, file));
  };
  const start = (qid: string): Results => {
    if (current !== undefined && qid === currentQid) return current;
    flush();
    currentQid = qid;
    return (current = newResults(ordering));
  };
  return {
    add: (qid, id, key, line) => addResult(start(qid), id, key, line),
    touch: (qid) => void start(qid),
    latency(qid, ms) {
      start(qid).latencyMs = ms;
    },
    fail(qid, message) {
      start(qid).failed = message;
    },
    unscored(qid) {
      start(qid).unscored = true;
    },
    result: flush,
  };
}
function trecReader<T>(file: string, make: CollectorFactory<T>): FormatReader<T> {
  // The same streaming reader as `rankeval trec`, so the two read every line alike, but for scores: atof
  // reads `abc` as 0 and `0x10` as 16, where a score here is a decimal number, as in a CSV run.
  const collector = make('trec', 'score');
  const reader = createTrecRunReader(file, (block) => {
    const qid = utf8FromLatin1(block.qid, file, block.line[0]!, 'the query id');
    for (let i = 0; i < block.count; i++) {
      const line = block.line[i]!;
      collector.add(qid, utf8FromLatin1(latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!), file, line, 'the document id'), block.score[i]!, line);
    }
  }, false, 'decimal');
  const lines = createLineChunker(file, (bytes) => reader.push(bytes, false));
  return {
    push: (chunk) => lines.push(chunk),
    end() {
      lines.end();
      reader.push(new Uint8Array(0), true);
      return collector.result();
    },
  };
}

function csvReader<T>(file: string, make: CollectorFactory<T>): FormatReader<T> {
  let collector: Collector<T> | undefined;
  let columns: Record<'query' | 'document' | 'score' | 'rank', number> | undefined;
  const records = createRecordReader(file, ',', true, (fields, line) => {
    if (columns === undefined) {
      columns = mapColumns(fields, { query: QUERY_COLUMNS, document: DOCUMENT_COLUMNS, score: ['score', 'similarity'], rank: ['rank', 'position'] }, ['query', 'document'], file, line);
      collector = make('csv', columns.score !== -1 ? 'score' : columns.rank !== -1 ? 'rank' : 'given');
      return;
    }
    const qid = requiredField(fields, columns.query, 'query id', file, line);
    const id = requiredField(fields, columns.document, 'document id', file, line);
    const keyColumn = columns.score !== -1 ? columns.score : columns.rank;
    const role = columns.score !== -1 ? 'score' : 'rank';
    const key = keyColumn === -1 ? 0 : numberField(requiredField(fields, keyColumn, role, file, line), role, file, line);
    collector!.add(qid, id, key, line);
  });
  return lineReader(file, records.line, () => {
    records.end();
    if (collector === undefined) throw parseError(file, 1, 'the file holds no header');
    return collector.result();
  });
}

function jsonlRunReader<T>(file: string, make: CollectorFactory<T>): FormatReader<T> {
  const collector = make('jsonl', 'score');
  return jsonlReader(
    file,
    '{"query_id", "results"}',
    ({ results, latency_ms: latency, failed }, qid, line) => {
      if (failed !== undefined) {
        // A failed call (writeRun's `failures`): its time, and why, but no ranking.
        if (typeof failed !== 'string') throw parseError(file, line, `"failed" of query ${quoteJson(qid)} must be the failure's message (a string), got ${quoteJson(failed)}`);
        if (results !== undefined) throw parseError(file, line, `query ${quoteJson(qid)} has both "results" and "failed": a failed call has no ranking`);
        collector.touch(qid);
        collector.fail(qid, failed);
      } else readResults(collector, qid, results, '"results"', file, line);
      if (latency === undefined) return;
      if (typeof latency !== 'number' || !Number.isFinite(latency) || latency < 0) {
        // Not Infinity: the JSON reader refuses a number past ±1.8e308 (1e400) before it comes here.
        throw parseError(file, line, `"latency_ms" of query ${quoteJson(qid)} must be a finite number of milliseconds, 0 or more, got ${quoteJson(latency)}`);
      }
      collector.latency(qid, latency);
    },
    () => collector.result(),
  );
}

/** Results as ids in rank order, `{id, score}` objects, or (JSON only) an object of id → score. */
function readResults(collector: Collector<unknown>, qid: string, results: unknown, what: string, file: string, line: number, allowObject = false): void {
  collector.touch(qid);
  const bad = (detail: string): never => {
    throw parseError(file, line, `${what} of query ${quoteJson(qid)} ${detail}`);
  };
  if (allowObject && typeof results === 'object' && results !== null && !Array.isArray(results)) {
    for (const [id, score] of Object.entries(results)) {
      if (typeof score !== 'number' || !Number.isFinite(score)) bad(`must give each id a finite score, got ${quoteJson(score)} for ${quoteJson(id)}`);
      collector.add(qid, id, score as number, line);
    }
    return;
  }
  if (!Array.isArray(results)) return bad(`must be a list of ids or of {"id", "score"} objects, got ${quoteJson(results)}`);
  const byScore = results.length > 0 && typeof results[0] !== 'string';
  if (results.length > 0 && !byScore) collector.unscored(qid);
  results.forEach((entry: unknown, i) => {
    if (!byScore) {
      if (typeof entry !== 'string' || entry === '') bad(`must be all ids (strings) like its first entry, got ${quoteJson(entry)} at position ${i + 1}`);
      // Ids in rank order: the position is the score, negated so that the first ranks highest.
      collector.add(qid, entry as string, -i, line);
      return;
    }
    const { id, score } = (typeof entry === 'object' && entry !== null ? entry : {}) as { id?: unknown; score?: unknown };
    if (typeof id !== 'string' || id === '') bad(`entry ${i + 1} must have a non-empty string "id", got ${quoteJson(entry)}`);
    if (typeof score !== 'number' || !Number.isFinite(score)) bad(`entry ${i + 1} must have a finite number "score", got ${quoteJson(entry)}`);
    collector.add(qid, id as string, score as number, line);
  });
}

function jsonRunReader<T>(file: string, make: CollectorFactory<T>): FormatReader<T> {
  const collector = make('json', 'score');
  return jsonObjectReader(file, 'query id → ranking', (qid, results, line) => readResults(collector, qid, results, 'the ranking', file, line, true), () => collector.result());
}

function detect(line: string): RunFormat | undefined {
  const trimmed = line.trim();
  if (trimmed.startsWith('{')) return isJsonRecord(trimmed, 'query_id') ? 'jsonl' : 'json';
  if (line.includes(',') && isHeader(looseCsvFields(line))) return 'csv';
  if (trimmed.split(/\s+/).length >= 6) return 'trec';
  return undefined;
}

/** Two or more scores, all equal; stops at the first that differs, the second in a system's ranking. */
function allTie(scores: readonly number[]): boolean {
  if (scores.length < 2) return false;
  for (let i = 1; i < scores.length; i++) if (scores[i] !== scores[0]) return false;
  return true;
}

function ordered({ ids, keys }: Results, ordering: Ordering): string[] {
  if (keys === null) return ids;
  if (ordering === 'score') return orderByScore(ids, keys);
  const order = Array.from(ids, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
  return order.map((i) => ids[i]!);
}

function checkRepeats(qid: string, { ids, lines }: Results, file: string): void {
  const seen = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) {
    const first = seen.get(ids[i]!);
    if (first === undefined) {
      seen.set(ids[i]!, i);
      continue;
    }
    const [a, b] = [lines[first]!, lines[i]!].sort((x, y) => x - y);
    const where = a === b ? `line ${a}` : `lines ${a} and ${b}`;
    throw parseError(file, b!, `document ${quoteJson(ids[i])} appears twice for query ${quoteJson(qid)} (${where})`);
  }
}

/**
 * The run formats, read into what `make` collects: for trec, jsonl, json and csv alike, every result passes
 * through the collector; the TREC reader of the scoring stream (evaluateRunStream) replaces `trec` by
 * `trecBytes` to leave ids as bytes.
 */
export function runFormats<T>(
  make: (file: string, format: RunFormat, ordering: Ordering) => Collector<T>,
  trecBytes?: (file: string) => FormatReader<T>,
): FileKind<RunFormat, T> {
  return {
    what: 'run',
    formats: RUN_FORMATS,
    detect,
    open(format, file) {
      const factory: CollectorFactory<T> = (detected, ordering) => make(file, detected, ordering);
      if (format === 'trec') return trecBytes?.(file) ?? trecReader(file, factory);
      if (format === 'jsonl') return jsonlRunReader(file, factory);
      if (format === 'json') return jsonRunReader(file, factory);
      return csvReader(file, factory);
    },
  };
}

const runKind = runFormats(createCollector);

/** A reader of run files that hands each query on as soon as it is read (see createEmitter). */
export const emittingRunFormats = (onQuery: (qid: string, results: QueryResults) => void, trecBytes?: (file: string) => FormatReader<void>): FileKind<RunFormat, void> =>
  runFormats((file, _format, ordering) => createEmitter(file, ordering, onQuery), trecBytes);

/**
 * Reads a run from its whole content. The format is told from the first line of content unless `format`
 * names it. Every ranking comes out as ids in rank order. Errors name the file and line. The content is
 * UTF-8; a line (or CSV record) may hold up to 64 MiB, a `json` file up to 256 MiB.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for malformed content, invalid UTF-8, a document
 *   listed twice for one query, a key written twice in one JSON object, or a line past the limit;
 *   `invalid_option` for an unknown format, an unknown option key or an option of the wrong type
 * @example
 * const run = parseRun('q1 Q0 d3 1 2.5 bm25\nq1 Q0 d1 2 1.5 bm25\n');
 * run.rankings.get('q1'); // => ['d3', 'd1']
 */
export function parseRun(content: Chunk, options?: ReadOptions<RunFormat>): Run {
  return parseWith(runKind, content, options, 'parseRun');
}

/** Reads a run from a stream of chunks, as `parseRun` does, keeping only what it returns in memory. */
export function readRun(source: Source, options?: ReadOptions<RunFormat>): Promise<Run> {
  return readWith(runKind, source, options, 'readRun');
}
