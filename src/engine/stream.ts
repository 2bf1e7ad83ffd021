// Scoring a run as it is read: each query's block of lines is scored when the next query starts and then
// dropped. A TREC run is scored from its bytes (stream-trec.ts); the other formats hand each query's ids
// to the same scorer (scorer.ts) as soon as the query ends.
import { argument, isRankevalError, RankevalError } from '../core/errors.js';
import { describeValue } from '../core/quoting.js';
import { ownOptions, readFailure, whileReading } from '../core/boundary.js';
import { emittingRunFormats, readRun, type QueryResults, type Run, type RunFormat } from '../formats/run.js';
import { scoredDocuments, type FileLine } from '../formats/run-collector.js';
import { READ_OPTION_KEYS, readWith, type ReadOptions, type Source } from '../formats/source.js';
import type { MeasureKey } from '../measures/registry.js';
import type { ByQuery, Qrels, Ranking, ScoreOrder, Ties } from '../core/types.js';
import { EVALUATE_RUN_OPTION_KEYS, type CheckedMeasures, type EvaluateRunOptions } from './run-options.js';
import type { RunEvaluation } from './run-result.js';
import { scorerOf, type RunScorer } from './scorer.js';
import { QueryRepeated, rankingFound, rankingLength } from './found.js';
import { resolveRunSettings } from './settings.js';
import { trecBlockScorer, type KeptQueries } from './stream-trec.js';
import { scoresRise } from './run-checks.js';

export type { KeptQueries };

/**
 * A query's ranking as `ties` reads a file's results: ids in rank order, the file's order, or with scores
 * (under `scoreOrder: 'ascending'` too: the reader's rank order is by score descending).
 */
export function rankingFor(results: QueryResults, ties: Ties, scoreOrder: ScoreOrder = 'descending'): Ranking {
  if ((ties === 'trec' && scoreOrder === 'descending') || results.scored === undefined) return results.ranked;
  const { ids } = results.scored;
  return ties === 'given' ? ids : scoredDocuments(results.scored);
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
        subject: argument('source'),
        at: { query: error.qid },
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
function addResults(scorer: RunScorer, qid: string, results: QueryResults, at?: FileLine): void {
  const ranking = rankingFor(results, scorer.options.ties, scorer.reading.scoreOrder);
  const query = scorer.begin(qid, rankingLength(ranking, qid, scorer.fn), at);
  // Rankings of queries nobody judged are not read: they are left out whatever they hold.
  if (query === undefined || query.skipped) return;
  const found = rankingFound(ranking, qid, query, scorer.reading);
  // The file's scores in its order, which a ranking in rank order no longer shows: a copy only when they
  // say more than the ranking did.
  const scores = results.scored?.scores;
  const rises = scorer.reading.checkRising && !found.scoresRise && scores !== undefined && scoresRise(scores.length, (i) => scores[i]!);
  const ties = results.tied && !found.scoresAllTie;
  scorer.score(qid, query, ties || rises ? { ...found, scoresAllTie: found.scoresAllTie || ties, scoresRise: found.scoresRise || rises } : found);
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
      subject: argument('source'),
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
    (qid, results, at) => {
      if (keep?.wanted.has(qid)) keep.kept.set(qid, results);
      if (results.latencyMs !== undefined) latency?.set(qid, results.latencyMs);
      // A failed call's line is its time only: the query stays unanswered.
      if (results.failed === undefined) addResults(scorer, qid, results, at);
    },
    (file) => trecBlockScorer(file, scorer, keep),
  );
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
  options: CheckedMeasures<EvaluateRunStreamOptions<Name>, Name>,
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
