// Scoring a run as it is read: each query's block of lines is scored when the next query starts and then
// dropped. A TREC run is scored from its bytes, as `rankeval trec` scores it: documents are hashed as they
// are read and only the judged ones are looked up, so no document id becomes a string; the other formats
// hand each query's ids to the same core (src/engine/evaluator.ts) as soon as the query ends.
import { isRankevalError, parseError, RankevalError } from '../core/errors.js';
import { describeValue, quoteJson } from '../core/quoting.js';
import { ownOptions, readFailure, whileReading } from '../core/boundary.js';
import { emittingRunFormats, readRun, type QueryResults, type Run, type RunFormat } from '../formats/run.js';
import { READ_OPTION_KEYS, readWith, type ReadOptions, type Source } from '../formats/source.js';
import { type FormatReader } from '../formats/reader.js';
import { lineTooLong, MAX_LINE_BYTES } from '../formats/lines.js';
import { utf8FromLatin1 } from '../formats/utf8.js';
import type { MeasureKey } from '../measures/registry.js';
import type { Hit } from '../metrics/judged-ranking.js';
import type { TieGroup } from '../core/ordering.js';
import { findDocument, indexBlock } from '../formats/block-index.js';
import { createRunReader, hashBytes, type RunBlock } from '../formats/trec-bytes.js';
import { latin1 } from '../core/latin1.js';
import type { ByQuery, Qrels, Ranking, Ties } from '../core/types.js';
import { EVALUATE_RUN_OPTION_KEYS, type CheckedMeasures, type EvaluateRunOptions } from './run-options.js';
import type { RunEvaluation } from './run-result.js';
import { rankOrder } from '../formats/rank-order.js';
import { scorerOf, type RunScorer } from './scorer.js';
import { QueryRepeated, rankingFound, rankingLength, type FoundQuery, type JudgedQuery, type ShownRanking } from './found.js';
import { resolveRunSettings } from './settings.js';

/** A query's ranking as `ties` reads a file's results: ids in rank order, the file's order, or with scores. */
export function rankingFor(results: QueryResults, ties: Ties): Ranking {
  if (ties === 'trec' || results.scored === undefined) return results.ranked;
  const { ids, scores } = results.scored;
  return ties === 'given' ? ids : ids.map((id, i) => ({ id, score: scores[i]! }));
}

/** The results of chosen queries, kept while the others are dropped (`rankeval eval --explain`). */
export interface KeptQueries {
  readonly wanted: ReadonlySet<string>;
  readonly kept: Map<string, QueryResults>;
}

/** A run to read: its content, or a function that opens it (again, when its queries are not together). */
export type RunSource = Source | (() => Source | Promise<Source>);

/**
 * Scores the run `open` gives into a scorer `makeScorer` makes, keeping the results of `keep.wanted`, and
 * each query's time in `latency` when the run gives it (JSONL's `latency_ms`).
 * A run whose queries are not together is read a second time, collected (as `rankeval trec` does), when
 * `open` can give it again; a source that can be read once is refused then (`invalid_run`).
 */
export async function scoreRun(
  open: RunSource,
  makeScorer: () => RunScorer,
  readOptions: ReadOptions<RunFormat>,
  keep?: KeptQueries,
  latency?: Map<string, number>,
): Promise<RunScorer> {
  const scorer = makeScorer();
  // A function's own errors stay as they are (the CLI reads their errno); awaiting a value reads its `then`.
  const sourceOf = async (): Promise<Source> => {
    if (typeof open === 'function') return await open();
    try {
      return await open;
    } catch (error) {
      throw readFailure(error, scorer.fn, 'invalid_option', '`source`');
    }
  };
  try {
    await readNaming(await sourceOf(), scorer.fn, (source) => readWith(streamingKind(scorer, keep, latency), source, readOptions, scorer.fn));
    return scorer;
  } catch (error) {
    if (!(error instanceof QueryRepeated)) throw error;
    if (!canReadAgain(open)) {
      throw new RankevalError({
        code: 'invalid_run',
        problem: `${scorer.fn}: the results of query ${describeValue(error.qid)} are not together in the run, and a stream can be read once: give a function that opens the run again (() => createReadStream(path)), or group the run by query`,
        expected: 'a run grouped by query, or a source that can be read again',
        received: error.qid,
      });
    }
  }
  const collected = makeScorer();
  keep?.kept.clear();
  latency?.clear();
  const run: Run = await readNaming(await sourceOf(), collected.fn, (source) => readRun(source, readOptions));
  for (const [qid, ms] of run.latency) latency?.set(qid, ms);
  const tied = new Set(run.tiedQueries);
  for (const [qid, ranked] of run.rankings) {
    const results = { ranked, scored: run.scored.get(qid), tied: tied.has(qid) } as QueryResults;
    if (keep?.wanted.has(qid)) keep.kept.set(qid, results);
    addResults(collected, qid, results);
  }
  return collected;
}

/**
 * Scores a query's results as a file reader gave them. Whether the file's scores all tie comes from the
 * reader: the ranking scored may hold ids alone (`ties: 'trec'` orders them by score first).
 */
function addResults(scorer: RunScorer, qid: string, results: QueryResults): void {
  const ranking = rankingFor(results, scorer.options.ties);
  const query = scorer.begin(qid, rankingLength(ranking, qid, scorer.fn));
  // Rankings of queries nobody judged are not read: they are left out whatever they hold.
  if (query === undefined || query.skipped) return;
  const found = rankingFound(ranking, qid, query, scorer.reading);
  scorer.score(qid, query, results.tied && !found.scoresAllTie ? { ...found, scoresAllTie: true } : found);
}

/**
 * Reads `source` with `read`, naming a source that gave no chunk at all for what it is when that can be
 * told: a Node stream already read to its end (ended or destroyed before this read), or an iterator (a
 * generator, `array.values()`) that gave nothing, which is most often one read to its end already. A fresh
 * stream that gives nothing is an empty file, and the reader says so, as it does for a string or bytes.
 */
async function readNaming<T>(source: Source, fn: string, read: (source: Source) => Promise<T>): Promise<T> {
  const kind = whileReading(fn, 'invalid_option', '`source`', () => sourceKind(source));
  // A fresh stream's empty reading is an empty file, and content is content: read as they are.
  if (kind === undefined || kind === 'stream') return read(source);
  // An iterator is counted on its way to the reader (a spent stream gives nothing, so it needs no count).
  let chunks = 0;
  const counted =
    kind === 'iterator'
      ? (async function* () {
          for await (const chunk of source as AsyncIterable<unknown>) {
            chunks++;
            yield chunk;
          }
        })()
      : source;
  try {
    return await read(counted as Source);
  } catch (error) {
    if (chunks > 0 || !isRankevalError(error) || error.code !== 'parse_error') throw error;
    const what =
      kind === 'spent stream'
        ? '`source` is a stream already read to its end (or destroyed) before this read'
        : '`source` is an iterator that gave nothing: read to its end already, or empty';
    throw new RankevalError({
      code: 'invalid_run',
      fn,
      problem: `the run gave no records: ${what} (to read a run again, give a function that opens it: () => createReadStream(path))`,
      expected: 'a source that gives the run',
      received: source,
    }, { cause: error });
  }
}

/** What a source that gives nothing would be: a spent Node stream, an iterator, another stream; undefined for content. */
function sourceKind(source: unknown): 'spent stream' | 'iterator' | 'stream' | undefined {
  if (typeof source !== 'object' || source === null || source instanceof Uint8Array || Array.isArray(source)) return undefined;
  if (!(Symbol.asyncIterator in source) && !(Symbol.iterator in source)) return undefined;
  const { readableEnded, destroyed, next } = source as { readableEnded?: unknown; destroyed?: unknown; next?: unknown };
  if (readableEnded === true || destroyed === true) return 'spent stream';
  return typeof next === 'function' ? 'iterator' : 'stream';
}

const canReadAgain = (open: RunSource): boolean => typeof open === 'function' || typeof open === 'string' || open instanceof Uint8Array || Array.isArray(open);

/** The run formats as the scoring stream reads them: TREC from bytes, the others query by query. */
function streamingKind(scorer: RunScorer, keep: KeptQueries | undefined, latency: Map<string, number> | undefined) {
  return emittingRunFormats(
    (qid, results) => {
      if (keep?.wanted.has(qid)) keep.kept.set(qid, results);
      if (results.latencyMs !== undefined) latency?.set(qid, results.latencyMs);
      // A failed call's line is its time only: the query stays unanswered.
      if (results.failed === undefined) addResults(scorer, qid, results);
    },
    (file) => trecBlockScorer(file, scorer, keep),
  );
}

// ------------------------------------------------------------------------------------- TREC from bytes

/** A judged query's document ids as UTF-8 bytes with their hashes, made when its block comes. */
interface JudgedBytes {
  readonly bytes: Uint8Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly hash: Int32Array;
  readonly grade: Float64Array;
}

const encoder = new TextEncoder();
/** Bytes no UTF-8 run holds as an id (0xFF is never in UTF-8). */
const UNMATCHABLE = Uint8Array.of(0xff);
/** A surrogate alone (read with the u flag, a pair is one code point, not a surrogate). */
const LONE_SURROGATE = /\p{Cs}/u;

function judgedBytes(query: JudgedQuery): JudgedBytes {
  // An id with a lone surrogate is no UTF-8 text, so no id of a run file: encoded, it would become U+FFFD
  // and match a document it is not. It keeps its grade (the ideal counts it) with bytes that match nothing.
  const encoded = [...query.judgments.grades.keys()].map((id) => (LONE_SURROGATE.test(id) ? UNMATCHABLE : encoder.encode(id)));
  const n = encoded.length;
  const bytes = new Uint8Array(encoded.reduce((total, id) => total + id.length, 0));
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const hash = new Int32Array(n);
  let at = 0;
  encoded.forEach((id, j) => {
    bytes.set(id, at);
    start[j] = at;
    end[j] = at += id.length;
    hash[j] = hashBytes(bytes, start[j]!, end[j]!);
  });
  return { bytes, start, end, hash, grade: Float64Array.from(query.judgments.grades.values()) };
}

// Reused across blocks: each document's rank.
let rankBuffer = new Int32Array(1024);

/** Refuses a document id that is not UTF-8 (the reader marks blocks of ASCII ids, the usual, as such). */
function checkUtf8(block: RunBlock, file: string): void {
  if (block.ascii) return;
  for (let i = 0; i < block.count; i++) utf8FromLatin1(latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!), file, block.line[i]!, 'the document id');
}

/** Document ids in rank order (for a query kept), and the results as a file reader would give them. */
function blockResults(block: RunBlock, order: ArrayLike<number>, file: string): QueryResults {
  const id = (i: number): string => utf8FromLatin1(latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!), file, block.line[i]!, 'the document id');
  const ids = Array.from({ length: block.count }, (_, i) => id(i));
  const scores = Array.from(block.score.subarray(0, block.count));
  let tied = block.count >= 2;
  for (let i = 1; i < block.count && tied; i++) tied = scores[i] === scores[0];
  return { ranked: Array.from(order, (i) => ids[i]!), scored: { ids, scores }, tied };
}

/** The block's top `depth` ids in rank order. */
function topIds(block: RunBlock, order: ArrayLike<number>, file: string, depth: number): string[] {
  return Array.from({ length: Math.min(depth, block.count) }, (_, rank) => {
    const i = order[rank]!;
    return utf8FromLatin1(latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!), file, block.line[i]!, 'the document id');
  });
}

/** The rank order of a block's documents under `ties`: trec_eval's (score, then id descending), or the file's. */
function blockOrder(block: RunBlock, ties: Ties): ArrayLike<number> {
  return ties === 'given' ? Int32Array.from({ length: block.count }, (_, i) => i) : rankOrder(block);
}

/** Scores a TREC run's blocks of lines as they are read, from their bytes (see the module's comment). */
function trecBlockScorer(file: string, scorer: RunScorer, keep: KeptQueries | undefined): FormatReader<void> {
  const ties = scorer.options.ties;
  const scoreBlock = (block: RunBlock): void => {
    const qid = utf8FromLatin1(block.qid, file, block.line[0]!, 'the query id');
    checkUtf8(block, file);
    const query = scorer.begin(qid, block.count);
    // In file order, so that a repeat is named at its later line, as the line readers name it.
    indexBlock(block, block.count, null, (first, second) => {
      const id = utf8FromLatin1(latin1(block.docBytes, block.docStart[second]!, block.docEnd[second]!), file, block.line[second]!, 'the document id');
      throw parseError(file, block.line[second]!, `document ${quoteJson(id)} appears twice for query ${quoteJson(qid)} (lines ${block.line[first]} and ${block.line[second]})`);
    });
    const wanted = keep?.wanted.has(qid) === true;
    if ((query === undefined || query.skipped) && !wanted) return;
    const order = blockOrder(block, ties);
    if (wanted) keep!.kept.set(qid, blockResults(block, ties === 'given' ? rankOrder(block) : order, file));
    if (query === undefined || query.skipped) return;

    const count = block.count;
    if (rankBuffer.length < count) rankBuffer = new Int32Array(Math.max(count, rankBuffer.length * 2));
    for (let rank = 0; rank < count; rank++) rankBuffer[order[rank]!] = rank + 1;
    const ids = judgedBytes(query);
    const hits: Hit[] = [];
    // For a scorer whose hook asks for the top of each ranking, each judged document's rank by its id as well.
    const { topDepth, needsDocuments } = scorer.reading;
    const judgedIds = topDepth > 0 ? [...query.judgments.grades.keys()] : undefined;
    const ranks = judgedIds === undefined ? undefined : new Map<string, number>();
    for (let j = 0; j < ids.grade.length; j++) {
      const i = findDocument(block, ids.bytes, ids.start[j]!, ids.end[j]!, ids.hash[j]!);
      if (i === -1) continue;
      hits.push([rankBuffer[i]!, ids.grade[j]!]);
      if (ranks !== undefined) ranks.set(judgedIds![j]!, rankBuffer[i]!);
    }
    hits.sort((a, b) => a[0] - b[0]);
    const shown: ShownRanking | undefined = ranks === undefined ? undefined : { top: topIds(block, order, file, topDepth), ranks };
    const qidBytes = encoder.encode(qid);
    let scoresAllTie = count >= 2;
    for (let i = 1; i < count && scoresAllTie; i++) scoresAllTie = block.score[i] === block.score[0];
    const found: FoundQuery = {
      length: count,
      hits,
      tieGroups: ties === 'average' ? tieGroupsOf(block, order) : undefined,
      holdsQueryId: findDocument(block, qidBytes, 0, qidBytes.length, hashBytes(qidBytes, 0, qidBytes.length)) !== -1,
      scoresAllTie,
      ...(shown === undefined ? {} : { shown }),
      // Ids become strings only for the measures that read them (aspects, budgets, tokens).
      ...(needsDocuments ? { documents: topIds(block, order, file, count) } : {}),
    };
    scorer.score(qid, query, found);
  };
  // Lines past the limit are refused as every other reader of `rankeval eval` refuses them.
  const reader = createRunReader(file, scoreBlock, false, 'decimal', { maxBytes: MAX_LINE_BYTES, refuse: (line) => lineTooLong(file, line) });
  return {
    // A Buffer's indexOf, which the reader calls once a line, is much slower than a plain typed array's.
    push: (chunk) => reader.push(chunk instanceof Uint8Array && chunk.constructor !== Uint8Array ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length) : chunk, false),
    end: () => reader.push(new Uint8Array(0), true),
  };
}

/** Runs of equal scores in rank order (`ties: 'average'`), undefined when no score ties. */
function tieGroupsOf(block: RunBlock, order: ArrayLike<number>): TieGroup[] | undefined {
  const groups: TieGroup[] = [];
  for (let i = 0; i < block.count; ) {
    let end = i + 1;
    while (end < block.count && block.score[order[end]!] === block.score[order[i]!]) end++;
    if (end - i > 1) groups.push({ start: i + 1, size: end - i });
    i = end;
  }
  return groups.length === 0 ? undefined : groups;
}

// ----------------------------------------------------------------------------------------------- public

/** evaluateRunStream's options: evaluateRun's, and how to read the run. */
export interface EvaluateRunStreamOptions<Name extends string = string> extends EvaluateRunOptions<Name>, ReadOptions<RunFormat> {}

/** The options `evaluateRunStream` takes (`EvaluateRunStreamOptions`). */
const EVALUATE_RUN_STREAM_OPTION_KEYS: readonly string[] = [...EVALUATE_RUN_OPTION_KEYS, ...READ_OPTION_KEYS];

/**
 * Scores a run file as it is read, in the memory of one query's results: each query is scored when the
 * next one starts, then dropped. The result is `evaluateRun`'s for the same run, number for number. A
 * TREC run is scored from its bytes (only judged documents are looked up); JSONL, JSON and CSV runs query
 * by query. Formats, limits and errors are those of `readRun`.
 *
 * A run whose results for one query are not together (queries interleaved) is read a second time,
 * collected: give `source` as a function that opens it again (`() => createReadStream(path)`); a string,
 * bytes or an array of chunks can be read again as they are, and a stream that can be read once is then
 * refused with `invalid_run`.
 *
 * @param source the run's content: a string, bytes, an (async) iterable of chunks such as a Node
 *   `fs.ReadStream` or a web `ReadableStream`, or a function returning one
 * @param qrels query id → judgments, as `evaluateRun` takes them
 * @param options evaluateRun's options, with `file` (the name in error messages), `format` and `onProgress`
 * @throws {RankevalError} what `evaluateRun` and `readRun` throw; `invalid_run` for interleaved queries
 *   in a source that can be read once
 * @example
 * const result = await evaluateRunStream(() => createReadStream('run.trec'), qrels, { measures: ['ndcg@10', 'map'], file: 'run.trec' });
 * result.mean; // => { 'ndcg@10': 0.41, map: 0.29 }
 */
export async function evaluateRunStream<Name extends string = string>(
  source: RunSource,
  qrels: ByQuery<Qrels>,
  options: EvaluateRunStreamOptions<Name> & CheckedMeasures<Name>,
): Promise<RunEvaluation<MeasureKey<Name>>> {
  const fn = 'evaluateRunStream';
  const own = ownOptions(options, EVALUATE_RUN_STREAM_OPTION_KEYS, fn, { expected: 'an object with `measures`' });
  const { file, format, onProgress } = own;
  // Resolved before anything is read, so that bad options and judgments fail first; a second read (queries
  // not together) scores on the same settings.
  const settings = resolveRunSettings(qrels, own, fn);
  let first: RunScorer | undefined = scorerOf(settings);
  const makeScorer = (): RunScorer => {
    const scorer = first ?? scorerOf(settings);
    first = undefined;
    return scorer;
  };
  const scorer = await scoreRun(source, makeScorer, { file, format, onProgress } as ReadOptions<RunFormat>);
  return scorer.result() as RunEvaluation<MeasureKey<Name>>;
}
