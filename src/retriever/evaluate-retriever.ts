// evaluateRetriever: the loop every RAG team writes around its retriever — ask each golden-set question,
// collect the rankings, time the calls, score them — as the library's. No Node built-ins: it runs wherever
// the library does (Node, Bun, Deno, browsers), timed by `performance.now()`.
import { describeThrown, describeValue, fail, ownFields, ownOptions, quoteJson, RankevalError, whileReading } from '../core/errors.js';
import { createRunScorer, readSlices } from '../engine/evaluator.js';
import { readByQuery, readQrels } from '../core/inputs.js';
import { latencyOf, type Latency } from '../analysis/latency.js';
import type { MeasureKey } from '../measures/registry.js';
import { compareUtf8 } from '../core/ordering.js';
import { METRIC_OPTION_KEYS } from '../core/metric-options.js';
import { readJudgments } from '../core/judgments.js';
import type { ByQuery, Qrels, ScoredDocument } from '../core/types.js';
import { RUN_OPTION_KEYS, type CheckedMeasures, type EvaluateRunOptions } from '../engine/run-options.js';
import type { RunEvaluation } from '../engine/run-result.js';

/** What `retrieve` may return for a question: ids in rank order, `{id, score}` objects, or your own documents read with `id` (and `score`). */
export type Retrieved<Doc = never> = readonly (string | ScoredDocument | Doc)[];

/**
 * The retriever under evaluation: a question (and its query id) in, a ranking (or a promise of one) out.
 * `signal` aborts when the call times out (`timeoutMs`), the evaluation is aborted, or `failOnError` stops
 * it: pass it on (to `fetch`, say) to stop work nobody waits for any more. Ignoring it is fine.
 */
export type Retrieve<Doc = never> = (question: string, queryId: string, call: { readonly signal: AbortSignal }) => Retrieved<Doc> | PromiseLike<Retrieved<Doc>>;

/** The golden set as `readGoldenSet` returns it, or the same shape in memory (Maps or plain objects). */
export interface RetrieverGoldenSet {
  /** Query id → judgments: the judged queries are the questions asked. */
  readonly qrels: ByQuery<Qrels>;
  /** Query id → the question to ask; every judged query needs one. */
  readonly questions: ByQuery<string>;
  /** Query id → tags: the `slices` of the evaluation and of the latency, unless `slices` is given. */
  readonly tags?: ByQuery<string | readonly string[]>;
  /** Query id → aspect → documents (a golden set read with aspects): evaluateRun's `aspects`, unless given. */
  readonly aspects?: unknown;
  /** Document id → length in tokens (JSONL `tokens`): evaluateRun's `lengths`, unless given. */
  readonly lengths?: unknown;
}

/** Progress after each call: calls ended (answered or failed), calls to make in all, calls failed. */
export interface RetrieverProgress {
  readonly done: number;
  readonly total: number;
  readonly failed: number;
}

/** A call that threw, rejected or timed out: its query is scored as an empty ranking (0 where 0 is the worst; 1 for miss@k). */
export interface RetrievalFailure {
  readonly queryId: string;
  /** The error's message (a timeout's says so). */
  readonly message: string;
}

/** evaluateRetriever's options: every option of `evaluateRun`, and how to call the retriever. */
export interface EvaluateRetrieverOptions<Name extends string = string, Doc = never> extends EvaluateRunOptions<Name> {
  /** Calls in flight at once, at most (a positive integer; default 4). */
  readonly concurrency?: number;
  /** A call not settled after this many milliseconds is a failure (its signal is aborted). Default: no limit. */
  readonly timeoutMs?: number;
  /** Aborting it launches no more calls and rejects with a RankevalError `aborted`. */
  readonly signal?: AbortSignal;
  /** Called after each call ends (an error it throws rejects the evaluation). */
  readonly onProgress?: (progress: RetrieverProgress) => void;
  /** Reject with the first failure (`retrieval_failed`, whose `cause` is what the retriever threw, or `retrieval_timeout`) instead of recording it. */
  readonly failOnError?: boolean;
  /** Reads the document id of each result that is not an id or an `{id, score}` (LangChain.js: `(d) => d.metadata.id`). */
  readonly id?: (doc: Doc) => string;
  /** Reads the score of each result read with `id` (LlamaIndex.TS: `(n) => n.score`); without it the results' order is the ranking. */
  readonly score?: (doc: Doc) => number;
  /**
   * The clock, in milliseconds (default `performance.now()`, or `Date.now()` where there is no `performance`).
   * It must return finite numbers that never go back: one that throws or returns anything else rejects the
   * evaluation (`invalid_option`, naming the value), in flight calls aborted.
   */
  readonly now?: () => number;
}

/** What `evaluateRetriever` returns: `evaluateRun`'s result for the rankings collected, the rankings, the failures and the latency. */
export interface RetrieverEvaluation<Key extends string = string> extends RunEvaluation<Key> {
  /**
   * Query id → the ranking as returned (query-id order): ids, or `{id, score}` when scores were given.
   * A failed call's query is not in it (`evaluateRun(run, qrels)` lists it as unanswered and scores it as
   * an empty ranking, as this result does). Save it with `writeRun(run, { format: 'jsonl', latency, failures })`:
   * a failed query is then a `failed` line with its time, unanswered when read back, as here.
   */
  readonly run: Map<string, string[] | ScoredDocument[]>;
  /** The calls that threw, rejected or timed out, in query-id order. */
  readonly failures: RetrievalFailure[];
  /** The time of every call, failed ones included (a timed-out call counts the time waited: `timeoutMs`). */
  readonly latency: Latency;
}

/** The options evaluateRetriever reads itself; every other option is evaluateRun's. */
const RETRIEVER_OPTION_KEYS = ['concurrency', 'timeoutMs', 'signal', 'onProgress', 'failOnError', 'id', 'score', 'now'] as const;

const DEFAULT_CONCURRENCY = 4;

/** How a call ended: the value it returned, or what it threw or rejected with (or its timeout), as it was. */
type Outcome = ({ readonly value: unknown } | { readonly error: unknown; readonly how: FailureKind }) & { readonly time: number };

type FailureKind = 'threw' | 'rejected' | 'timeout';

/**
 * Asks a retriever every question of a golden set and scores its answers: quality (every measure of
 * `evaluateRun`, overall, per query and per tag) and latency, in one result.
 *
 * - The judged queries (the keys of `qrels`) are asked, in query-id order (UTF-8 byte order), at most
 *   `concurrency` calls at a time; each needs a question (`missing_question` before any call otherwise).
 *   With `noRelevant: 'skip'`, a query without relevant documents is not asked (nor needs a question): it
 *   is never scored, so neither its call nor its time would count. Not in `run`, it is listed in
 *   `noRelevantQueries` and, as `evaluateRun(result.run, …)` lists it, in `unansweredQueries`.
 * - A call that throws, rejects or passes `timeoutMs` is a failure: listed in `failures`, never dropped,
 *   and scored as an empty ranking, as `evaluateRun` scores a query the run does not answer (it is in
 *   `unansweredQueries` too): 0 on every measure where 0 is the worst, and what an empty ranking scores on
 *   the others (1 for `miss@k`, which it misses wholly; 0 for `tokens@k`). `failOnError: true` rejects
 *   with the first failure instead.
 * - The scores are `evaluateRun(result.run, qrels, options)`'s, number for number; the golden set's `tags`
 *   are the `slices`, its `aspects` the `aspects` and its `lengths` the `lengths`, unless the options give them.
 * - Latency: each call's time from just before `retrieve` is called to when its ranking (or error) comes,
 *   by `now` (default `performance.now()`), in milliseconds. Failed calls count: a timed-out call counts
 *   the time waited (about `timeoutMs`, a lower bound of its real time), so timeouts show in the tail.
 *   Percentiles interpolate linearly between closest ranks (numpy's default; see `percentile`).
 *
 * @param retrieve `(question, queryId, { signal }) => ranking` or a promise of one; a ranking is ids in
 *   rank order, `{id, score}` objects, or your documents read with `options.id` and `options.score`
 * @param goldenSet `readGoldenSet`'s result, or `{ qrels, questions, tags?, aspects?, lengths? }` in memory
 * @param options evaluateRun's (`measures`, …) and `concurrency`, `timeoutMs`, `signal`, `onProgress`,
 *   `failOnError`, `id`, `score`, `now`
 * @throws {RankevalError} (the promise rejects with) what `evaluateRun` throws, before any call for bad
 *   options, measures or judgments; `missing_question`; `invalid_ranking` for a ranking that is not an
 *   array of ids, `{id, score}` objects or documents read with `id` (documents without `id`, an id that is
 *   not a non-empty string, a score that is not finite, a document listed twice), naming the query, as soon
 *   as it comes; `aborted`; `invalid_option` for a clock (`now`) that throws, returns no finite number or
 *   goes back; `invalid_option` when `onProgress` throws; with `failOnError`, the first failure
 *   (`retrieval_failed`, the retriever's error or rejection as its `cause`, or `retrieval_timeout`)
 * @example
 * const golden = await readGoldenSet(createReadStream('golden.jsonl'));
 * const result = await evaluateRetriever((question) => store.similaritySearch(question, 10), golden, {
 *   measures: ['recall@5', 'ndcg@10'], id: (doc) => doc.metadata.id, timeoutMs: 5000,
 * });
 * result.mean;         // => { 'recall@5': 0.82, 'ndcg@10': 0.74 }
 * result.latency.p95;  // => 212.4 (ms)
 * writeRun(result.run, { format: 'jsonl', latency: result.latency.perQuery, failures: result.failures });
 */
export async function evaluateRetriever<Name extends string = string, Doc = never>(
  retrieve: Retrieve<Doc>,
  goldenSet: RetrieverGoldenSet,
  options: EvaluateRetrieverOptions<Name, Doc> & CheckedMeasures<Name>,
): Promise<RetrieverEvaluation<MeasureKey<Name>>> {
  const fn = 'evaluateRetriever';
  if (typeof retrieve !== 'function') fail('invalid_option', fn, '`retrieve`', 'a function (question, queryId) => ranking', retrieve);
  // Checked here, not by evaluateRun's checks alone, so that a misspelt option is told every option there
  // is; read from their own keys once (ownOptions), as the golden set's fields are (ownFields).
  const own = ownOptions(options, [...RUN_OPTION_KEYS, ...METRIC_OPTION_KEYS, ...RETRIEVER_OPTION_KEYS], fn, { expected: 'an object with `measures`' });
  if (typeof goldenSet !== 'object' || goldenSet === null || whileReading(fn, 'invalid_option', '`goldenSet`', () => Array.isArray(goldenSet))) {
    fail('invalid_option', fn, '`goldenSet`', 'an object with `qrels` and `questions`', goldenSet);
  }
  const golden = ownFields(goldenSet, fn, '`goldenSet`');
  const settings = readSettings(own as EvaluateRetrieverOptions<string, any>, fn);
  const scoring: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(own)) if (!(RETRIEVER_OPTION_KEYS as readonly string[]).includes(key)) scoring[key] = value;
  if (scoring['slices'] === undefined && golden.tags !== undefined) scoring['slices'] = golden.tags;
  if (scoring['aspects'] === undefined && golden.aspects !== undefined) scoring['aspects'] = golden.aspects;
  if (scoring['lengths'] === undefined && golden.lengths !== undefined) scoring['lengths'] = golden.lengths;
  // Each query's judgments read once (readQrels): the scorer and the filter below both read them.
  const qrelsById = readQrels(golden.qrels, fn, '`goldenSet.qrels`');
  // Made first: bad measures, options or judgments fail before any question is asked.
  const scorer = createRunScorer(qrelsById, scoring as unknown as EvaluateRunOptions, fn);
  // A question `noRelevant: 'skip'` leaves out of every mean is not asked: its answer would never be
  // scored, and its time would count in a latency over more queries than the scores are.
  const skipsNoRelevant = scoring['noRelevant'] === 'skip';
  const queryIds = [...qrelsById.keys()]
    .filter((qid) => !skipsNoRelevant || readJudgments(qrelsById.get(qid), scorer.options.relevanceThreshold, fn).relevant > 0)
    .sort(compareUtf8);
  const questions = readQuestions(golden.questions, queryIds, fn);
  const slices = scoring['slices'] === undefined ? undefined : readSlices(scoring['slices'], fn);

  const collected = new Map<string, string[] | ScoredDocument[]>();
  const times = new Map<string, number>();
  const failures = new Map<string, string>();
  await callAll(queryIds, settings, fn, (qid, signal) => retrieve(questions.get(qid)!, qid, { signal }), (qid, outcome) => {
    times.set(qid, outcome.time);
    if ('error' in outcome) return void failures.set(qid, failureMessage(outcome.error, outcome.how));
    const ranking = readRetrieved(outcome.value, qid, settings, fn);
    // Scored as it comes (the scorer's result does not depend on the order), so that a ranking it refuses,
    // a document listed twice say, stops the evaluation at once.
    scorer.addRanking(qid, ranking);
    collected.set(qid, ranking);
  });

  const run = new Map<string, string[] | ScoredDocument[]>();
  for (const qid of queryIds) if (collected.has(qid)) run.set(qid, collected.get(qid)!);
  return {
    ...(scorer.result() as RunEvaluation<MeasureKey<Name>>),
    run,
    failures: queryIds.filter((qid) => failures.has(qid)).map((qid) => ({ queryId: qid, message: failures.get(qid)! })),
    latency: latencyOf(times, slices),
  };
}

interface Settings {
  readonly concurrency: number;
  readonly timeoutMs: number | undefined;
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ((progress: RetrieverProgress) => void) | undefined;
  readonly failOnError: boolean;
  readonly id: ((doc: unknown) => unknown) | undefined;
  readonly score: ((doc: unknown) => unknown) | undefined;
  readonly now: () => number;
}

/** The clock: `performance.now()` (Node ≥ 16, browsers, Bun, Deno, workers), else `Date.now()`. Read at each call, so fake timers that replace it are seen. */
function defaultNow(): number {
  return typeof performance !== 'undefined' && typeof performance.now === 'function' ? performance.now() : Date.now();
}

function readSettings(options: EvaluateRetrieverOptions<string, any>, fn: string): Settings {
  const { concurrency = DEFAULT_CONCURRENCY, timeoutMs, signal, onProgress, failOnError = false, id, score, now = defaultNow } = options;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) fail('invalid_option', fn, '`concurrency`', 'a positive integer', concurrency);
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs < 2 ** 31)) {
    // setTimeout fires at once for a delay past 2^31 − 1 ms (about 24.8 days).
    fail('invalid_option', fn, '`timeoutMs`', 'a positive number of milliseconds below 2^31', timeoutMs);
  }
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function')) {
    fail('invalid_option', fn, '`signal`', 'an AbortSignal', signal);
  }
  if (typeof failOnError !== 'boolean') fail('invalid_option', fn, '`failOnError`', 'a boolean', failOnError);
  for (const [name, value] of [['onProgress', onProgress], ['id', id], ['score', score], ['now', now]] as const) {
    if (value !== undefined && typeof value !== 'function') fail('invalid_option', fn, `\`${name}\``, 'a function', value);
  }
  if (score !== undefined && id === undefined) fail('invalid_option', fn, '`score`', 'given with `id` (it reads the documents `id` reads)', score);
  return { concurrency, timeoutMs, signal, onProgress, failOnError, id, score, now } as Settings;
}

/** Query id → question for every judged query, or `missing_question` naming those without one. */
function readQuestions(questions: unknown, queryIds: readonly string[], fn: string): Map<string, string> {
  const byQuery = readByQuery<unknown>(questions, fn, '`goldenSet.questions`', 'invalid_option', 'a Map or an object of query id → question');
  const read = new Map<string, string>();
  const missing: string[] = [];
  for (const qid of queryIds) {
    const question = byQuery.get(qid);
    if (typeof question === 'string' && question.trim() !== '') read.set(qid, question);
    else missing.push(qid);
  }
  if (missing.length > 0) {
    const named = missing.slice(0, 5).map((qid) => JSON.stringify(qid)).join(', ');
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
    throw new RankevalError(
      'missing_question',
      `${fn}: ${missing.length} judged ${missing.length === 1 ? 'query has' : 'queries have'} no question to ask in \`goldenSet.questions\` (${named}${more}): give each a non-empty string (a golden-set line's "query")`,
      'a question for every judged query',
      missing,
    );
  }
  return read;
}

/**
 * Reads the clock: a finite number of milliseconds, not before `start` when given (a call's time is never
 * negative). Anything else is the clock's fault, a RankevalError naming the value; a clock that throws is
 * named with its error.
 */
function readClock(now: () => number, fn: string, start?: number): number {
  let time: unknown;
  try {
    time = now();
  } catch (error) {
    throw new RankevalError('invalid_option', `${fn}: \`now\` threw (${errorMessage(error)}): give a clock that returns milliseconds`, 'a clock that returns milliseconds', error, { cause: error });
  }
  if (typeof time !== 'number' || !Number.isFinite(time)) fail('invalid_option', fn, '`now()`', 'a finite number of milliseconds', time);
  if (start !== undefined && time < start) fail('invalid_option', fn, '`now()`', `a time not before ${start}, the time it gave when the call began (a clock that does not go back)`, time);
  // Two finite readings can still be more than Number.MAX_VALUE apart (−1e308, then 1e308).
  if (start !== undefined && !Number.isFinite(time - start)) fail('invalid_option', fn, '`now()`', `a time a finite number of milliseconds after ${start}, the time it gave when the call began`, time);
  return time;
}

/** An Error's message; anything else thrown, quoted as it is (`threw \`0\` (number)`), never as another value. */
const errorMessage = (error: unknown): string => (isError(error) ? error.message : `threw ${describeValue(error)}`);

const isError = (value: unknown): value is Error => {
  try {
    return value instanceof Error;
  } catch {
    return false; // a revoked Proxy
  }
};

/**
 * A failed call's message in `failures`: an Error's message as it is (a timeout's says so); anything else
 * by what it was and how it came (`retrieve rejected with \`null\` (null)`, `retrieve threw \`0\` (number)`).
 */
function failureMessage(error: unknown, how: FailureKind): string {
  return isError(error) ? error.message : `retrieve ${how === 'rejected' ? 'rejected with' : 'threw'} ${describeValue(error)}`;
}

/**
 * What `failOnError` rejects with: the timeout's own RankevalError, or a RankevalError `retrieval_failed`
 * saying what the retriever threw or rejected with, which it keeps as its `cause`.
 */
function failedCall(error: unknown, how: FailureKind, qid: string, fn: string): unknown {
  if (how === 'timeout') return error;
  return new RankevalError(
    'retrieval_failed',
    `${fn}: retrieve ${how === 'rejected' ? 'rejected with' : 'threw'} ${describeThrown(error)} for query ${quoteJson(qid)}`,
    'a ranking for every query',
    error,
    { cause: error },
  );
}

/** Whether a value has a `then` method; false for one whose `then` cannot be read (readRetrieved names it). */
const isThenable = (value: unknown): value is PromiseLike<unknown> => {
  try {
    return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return false;
  }
};

/**
 * Calls `call` for every query, at most `concurrency` at once, and hands each outcome to `record` as it
 * comes. Resolves when every call has ended; rejects at once (calls in flight are aborted, none is
 * launched) when the signal aborts, `failOnError` meets a failure, or `record` or `onProgress` throws.
 */
function callAll(
  queryIds: readonly string[],
  settings: Settings,
  fn: string,
  call: (qid: string, signal: AbortSignal) => unknown,
  record: (qid: string, outcome: Outcome) => void,
): Promise<void> {
  const { concurrency, timeoutMs, signal, onProgress, failOnError, now } = settings;
  const total = queryIds.length;
  return new Promise<void>((resolve, reject) => {
    let next = 0;
    let inFlight = 0;
    let done = 0;
    let failed = 0;
    let stopped = false;
    const inFlightControllers = new Set<AbortController>();
    const stop = (error: unknown): void => {
      if (stopped) return;
      stopped = true;
      signal?.removeEventListener('abort', onAbort);
      for (const controller of inFlightControllers) controller.abort(error);
      reject(error);
    };
    const onAbort = (): void =>
      stop(new RankevalError('aborted', `${fn}: aborted after ${done} of ${total} ${total === 1 ? 'call' : 'calls'} ended`, 'an evaluation not aborted', signal?.reason));

    const callOne = (qid: string): Promise<Outcome> => {
      const controller = new AbortController();
      inFlightControllers.add(controller);
      // A clock that throws or returns no time rejects this promise, which stops the evaluation (stop):
      // the clock is read in timer and promise callbacks too, where a throw would escape and leave the
      // evaluation waiting for ever.
      return new Promise<Outcome>((settle, broke) => {
        let start: number;
        try {
          start = readClock(now, fn);
        } catch (error) {
          inFlightControllers.delete(controller);
          return broke(error);
        }
        let ended = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const end = (outcome: { value: unknown } | { error: unknown; how: FailureKind }): void => {
          if (ended) return;
          ended = true;
          if (timer !== undefined) clearTimeout(timer);
          inFlightControllers.delete(controller);
          let time: number;
          try {
            time = readClock(now, fn, start);
          } catch (error) {
            return broke(error);
          }
          settle({ ...outcome, time: time - start });
        };
        // A call stopped from outside (abort, failOnError) keeps no timer: nothing waits for it any more.
        controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
        if (timeoutMs !== undefined) {
          timer = setTimeout(() => {
            const error = new RankevalError('retrieval_timeout', `${fn}: retrieve did not answer query ${quoteJson(qid)} within ${timeoutMs} ms`, `an answer within ${timeoutMs} ms`, qid);
            end({ error, how: 'timeout' });
            controller.abort(error);
          }, timeoutMs);
        }
        let value: unknown;
        try {
          value = call(qid, controller.signal);
        } catch (error) {
          return end({ error, how: 'threw' });
        }
        if (!isThenable(value)) return end({ value });
        value.then(
          (answer) => end({ value: answer }),
          (error: unknown) => end({ error, how: 'rejected' }),
        );
      });
    };

    const launch = (): void => {
      while (!stopped && inFlight < concurrency && next < total) {
        const qid = queryIds[next++]!;
        inFlight++;
        callOne(qid)
          .then((outcome) => {
            inFlight--;
            if (stopped) return;
            const isFailure = 'error' in outcome;
            if (isFailure && failOnError) return stop(failedCall(outcome.error, outcome.how, qid, fn));
            record(qid, outcome);
            done++;
            if (isFailure) failed++;
            if (onProgress !== undefined) callOnProgress(onProgress, { done, total, failed }, fn);
            if (done === total) {
              stopped = true;
              signal?.removeEventListener('abort', onAbort);
              resolve();
            } else launch();
          })
          .catch(stop);
      }
    };

    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (total === 0) {
      signal?.removeEventListener('abort', onAbort);
      return resolve();
    }
    launch();
  });
}

/** Calls `onProgress`; what it throws rejects the evaluation as a RankevalError saying so (the thrown value its `cause`). */
function callOnProgress(onProgress: (progress: RetrieverProgress) => void, progress: RetrieverProgress, fn: string): void {
  try {
    onProgress(progress);
  } catch (error) {
    throw new RankevalError('invalid_option', `${fn}: \`onProgress\` threw ${describeThrown(error)}`, 'an onProgress that returns', error, { cause: error });
  }
}

/**
 * A ranking `retrieve` returned, checked, as the run holds it: ids, or `{id, score}` objects. Whatever
 * reading it throws (a revoked Proxy, an entry's getter) is an `invalid_ranking` naming it (whileReading).
 */
function readRetrieved(value: unknown, qid: string, settings: Settings, fn: string): string[] | ScoredDocument[] {
  const where = `the ranking retrieve returned for query ${quoteJson(qid)}`;
  return whileReading(fn, 'invalid_ranking', where, () => readRanking(value, where, settings, fn));
}

function readRanking(value: unknown, where: string, { id, score }: Settings, fn: string): string[] | ScoredDocument[] {
  if (!Array.isArray(value)) {
    return fail('invalid_ranking', fn, where, id === undefined ? 'an array of ids or of {id, score} objects (or give `id` to read your documents)' : 'an array of documents', value);
  }
  if (id !== undefined) {
    const read = (accessor: (doc: unknown) => unknown, doc: unknown, i: number, name: 'id' | 'score'): unknown => {
      try {
        return accessor(doc);
      } catch (error) {
        throw new RankevalError('invalid_ranking', `${fn}: \`options.${name}\` threw ${describeThrown(error)} on entry ${i + 1} of ${where}`, `an \`options.${name}\` that reads every document`, doc, { cause: error });
      }
    };
    const ids = value.map((doc, i) => {
      const docId = read(id, doc, i, 'id');
      if (typeof docId !== 'string' || docId === '') fail('invalid_ranking', fn, `\`options.id\` of entry ${i + 1} of ${where}`, 'a non-empty string', docId);
      return docId as string;
    });
    if (score === undefined) return ids;
    return value.map((doc, i) => {
      const docScore = read(score, doc, i, 'score');
      if (typeof docScore !== 'number' || !Number.isFinite(docScore)) fail('invalid_ranking', fn, `\`options.score\` of entry ${i + 1} of ${where}`, 'a finite number', docScore);
      return { id: ids[i]!, score: docScore as number };
    });
  }
  if (value.length === 0) return [];
  // One ranking is all ids or all {id, score} objects: an entry of the other kind is named as JSON (an
  // object's fields, never `[object Object]`) beside the kind of the first.
  const mixed = (entry: unknown, i: number, first: string): never => {
    throw new RankevalError(
      'invalid_ranking',
      `${fn}: entry ${i + 1} of ${where} is ${quoteJson(entry)} but the first is ${first}: a ranking is all ids or all {id, score} objects, not both`,
      `${first}, like the first entry`,
      entry,
    );
  };
  if (typeof value[0] === 'string') {
    value.forEach((entry, i) => {
      if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) mixed(entry, i, 'an id');
      if (typeof entry !== 'string' || entry === '') fail('invalid_ranking', fn, `entry ${i + 1} of ${where}`, 'a non-empty string id, like the first entry', entry);
    });
    return [...(value as string[])];
  }
  return value.map((entry: unknown, i) => {
    if (typeof entry === 'string') mixed(entry, i, 'an {id, score} object');
    const { id: docId, score: docScore } = (typeof entry === 'object' && entry !== null ? entry : {}) as { id?: unknown; score?: unknown };
    if (typeof docId !== 'string' || docId === '' || typeof docScore !== 'number' || !Number.isFinite(docScore)) {
      throw new RankevalError(
        'invalid_ranking',
        `${fn}: entry ${i + 1} of ${where} is ${quoteJson(entry)}, not an id or an {id, score} with a finite score: give \`options.id\` (and \`options.score\`) to read your documents, e.g. LangChain.js (d) => d.metadata.id, LlamaIndex.TS (n) => n.node.id_`,
        'an id, an {id, score} object, or a document read with `options.id`',
        entry,
      );
    }
    return { id: docId, score: docScore };
  });
}
