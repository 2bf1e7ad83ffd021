// Each run format's reader: TREC lines (by trec_eval's byte reader), CSV rows, JSONL lines and one JSON
// object, every result handed to a collector (run-collector.ts).
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { latin1 } from '../core/latin1.js';
import { createRunReader as createTrecRunReader } from './trec-run-reader.js';
import type { RepeatWatch } from './trec-run-lines.js';
import { DOCUMENT_COLUMNS, mapColumns, numberField, QUERY_COLUMNS, requiredField } from './columns.js';
import { jsonlReader, jsonObjectReader } from './json.js';
import { misnamedKeyWords, RESULT_KEYS, RUN_LINE } from './json-keys.js';
import { misnamedKey } from '../core/suggest.js';
import { type FormatReader, lineReader } from './reader.js';
import { lineTooLong, MAX_LINE_BYTES } from './lines.js';
import { createRecordReader } from './records.js';
import { utf8FromLatin1 } from './utf8.js';
import type { Collector, CollectorFactory } from './run-collector.js';

/**
 * A TREC run's repeats as rankeval reads them: in every query, refused at the later line as the collector
 * refuses them (`document "d1" appears twice for query "q1" (lines 1 and 2)`), as soon as that line is read.
 */
export const trecRepeatWatch = (file: string): RepeatWatch => ({
  watches: () => true,
  repeated(block, first, second) {
    const qid = utf8FromLatin1(block.qid, file, block.line[0]!, 'the query id');
    const id = utf8FromLatin1(latin1(block.docBytes, block.docStart[second]!, block.docEnd[second]!), file, block.line[second]!, 'the document id');
    throw parseError(file, block.line[second]!, `document ${quoteJson(id)} appears twice for query ${quoteJson(qid)} (lines ${block.line[first]} and ${block.line[second]})`);
  },
});

export function trecReader<T>(file: string, make: CollectorFactory<T>): FormatReader<T> {
  // The same streaming reader as `rankeval trec`, so the two read every line alike, but for scores: atof
  // reads `abc` as 0 and `0x10` as 16, where a score here is a decimal number, as in a CSV run.
  const collector = make('trec', 'score');
  const reader = createTrecRunReader(file, (block) => {
    const qid = utf8FromLatin1(block.qid, file, block.line[0]!, 'the query id');
    for (let i = 0; i < block.count; i++) {
      const line = block.line[i]!;
      collector.add(qid, utf8FromLatin1(latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!), file, line, 'the document id'), block.score[i]!, line);
    }
  }, { scores: 'decimal', lineLimit: { maxBytes: MAX_LINE_BYTES, refuse: (line) => lineTooLong(file, line) }, watch: trecRepeatWatch(file) });
  return {
    push: (chunk) => reader.push(chunk, false),
    end() {
      reader.push(new Uint8Array(0), true);
      return collector.result();
    },
  };
}

export function csvReader<T>(file: string, make: CollectorFactory<T>): FormatReader<T> {
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

export function jsonlRunReader<T>(file: string, make: CollectorFactory<T>): FormatReader<T> {
  const collector = make('jsonl', 'score');
  return jsonlReader(
    file,
    RUN_LINE,
    ({ results, latency_ms: latency, failed }, qid, line) => {
      if (failed !== undefined) {
        // A failed call (writeRun's `failures`): its time, and why, but no ranking.
        if (typeof failed !== 'string') throw parseError(file, line, `"failed" of query ${quoteJson(qid)} must be the failure's message (a string), got ${quoteJson(failed)}`);
        if (results !== undefined) throw parseError(file, line, `query ${quoteJson(qid)} has both "results" and "failed": a failed call has no ranking`);
        collector.touch(qid, line);
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
  collector.touch(qid, line);
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
    if (typeof id !== 'string' || id === '' || typeof score !== 'number' || !Number.isFinite(score)) bad(badResult(entry, id, i));
    collector.add(qid, id as string, score as number, line);
  });
}

/**
 * What is wrong with scored result `i` when it is not `{"id", "score"}` with a non-empty string id and a
 * finite score: a numeric id is told to quote it, a key that is a slip for `id` or `score` gets the key meant.
 */
function badResult(entry: unknown, id: unknown, i: number): string {
  const at = `entry ${i + 1}`;
  if (typeof entry === 'number') return `${at} is ${quoteJson(entry)}: ids are strings, quote it (${quoteJson(String(entry))})`;
  if (typeof id === 'number') return `${at} has the id ${quoteJson(id)}: ids are strings, quote it (${quoteJson(String(id))})`;
  const misnamed = typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? misnamedKey(entry, RESULT_KEYS) : undefined;
  if (misnamed !== undefined) return `${at}: ${misnamedKeyWords(misnamed, RESULT_KEYS, "a result's")}`;
  if (typeof id !== 'string' || id === '') return `${at} must have a non-empty string "id", got ${quoteJson(entry)}`;
  return `${at} must have a finite number "score", got ${quoteJson(entry)}`;
}

export function jsonRunReader<T>(file: string, make: CollectorFactory<T>): FormatReader<T> {
  const collector = make('json', 'score');
  return jsonObjectReader(file, 'query id → ranking', (qid, results, line) => readResults(collector, qid, results, 'the ranking', file, line, true), () => collector.result());
}
