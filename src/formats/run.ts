// The run readers' front doors: the format named or told from the first line, each format's reader
// (run-readers.ts) feeding a collector that keeps the whole run or hands on each query (run-collector.ts).
import { type Chunk, parseWith, type ReadOptions, readWith, type Source } from './source.js';
import { type FileKind, type FormatReader } from './reader.js';
import { isHeader, looseCsvFields } from './columns.js';
import { isJsonRecord } from './json.js';
import { type Collector, type CollectorFactory, createCollector, type FileLine, createEmitter, type Ordering, type QueryResults, type Run, type RunFormat } from './run-collector.js';
import { csvReader, jsonlRunReader, jsonRunReader, trecReader } from './run-readers.js';

export type { QueryResults, Run, RunFormat } from './run-collector.js';

const RUN_FORMATS: readonly RunFormat[] = ['trec', 'jsonl', 'json', 'csv'];

function detect(line: string): RunFormat | undefined {
  const trimmed = line.trim();
  if (trimmed.startsWith('{')) return isJsonRecord(trimmed, 'query_id') ? 'jsonl' : 'json';
  if (line.includes(',') && isHeader(looseCsvFields(line))) return 'csv';
  if (trimmed.split(/\s+/).length >= 6) return 'trec';
  return undefined;
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
export const emittingRunFormats = (onQuery: (qid: string, results: QueryResults, at: FileLine) => void, trecBytes?: (file: string) => FormatReader<void>): FileKind<RunFormat, void> =>
  runFormats((file, _format, ordering) => createEmitter(file, ordering, onQuery), trecBytes);

/**
 * Reads a run from its whole content. The format is told from the first line of content unless `format`
 * names it. Every ranking comes out as ids in rank order. Errors name the file and line. The content is
 * UTF-8; a line (or CSV record) may hold up to 64 MiB, a `json` file up to 256 MiB, a run 2^22 queries and
 * a query 2^22 results (src/formats/run-limits.ts).
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for malformed content, invalid UTF-8, a document
 *   listed twice for one query, a key written twice in one JSON object, or a line, query or result past a limit;
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
