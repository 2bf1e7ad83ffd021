// evaluateRetriever: the loop every RAG team writes around its retriever — ask each golden-set question,
// collect the rankings, time the calls, score them — as the library's. No Node built-ins: it runs wherever
// the library does (Node, Bun, Deno, browsers), timed by `performance.now()`.
import { argument, fail, RankevalError } from '../core/errors.js';
import { ownFields, ownOptions, whileReading } from '../core/boundary.js';
import { readByQuery, readQrels } from '../core/inputs.js';
import { latencyOf, type Latency } from '../analysis/latency.js';
import { emptyRecord } from '../engine/records.js';
import type { MeasureKey } from '../measures/registry.js';
import { compareUtf8 } from '../core/ordering.js';
import { readJudgments } from '../core/judgments.js';
import type { ByQuery, Qrels, ScoredDocument } from '../core/types.js';
import { EVALUATE_RUN_OPTION_KEYS, type CheckedMeasures, type EvaluateRunOptions } from '../engine/run-options.js';
import type { RunEvaluation } from '../engine/run-result.js';
import { addWarning, type RunWarning } from '../engine/run-checks.js';
import { callAll, failureMessage } from './call-all.js';
import { readRetrieved } from './read-retrieved.js';
import { readSettings, RETRIEVER_OPTION_KEYS } from './settings.js';

import type { RetrieverProgress } from './settings.js';
import { scorerOf } from '../engine/scorer.js';
import { resolveRunSettings, type RunSettings } from '../engine/settings.js';

export type { RetrieverProgress };

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
  readonly aspects?: EvaluateRunOptions['aspects'];
  /** Document id → length in tokens (JSONL `tokens`): evaluateRun's `lengths`, unless given. */
  readonly lengths?: EvaluateRunOptions['lengths'];
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
  readonly latency: RetrieverLatency;
}

/**
 * The calls' latency: each call's time, from `retrieve` called to its answer (`perQuery`, the figures over
 * it), with the part of it that waited behind the other calls in flight and the rest, the calls' `own` time.
 *
 * - `waited` is the time other calls spent in `retrieve` until it returned (their synchronous part: for an
 *   in-process retriever, its work up to its first `await`) while this call was in flight: its answer could
 *   not be taken meanwhile. A lower bound of the wait: work a retriever does after an `await` is not seen.
 *   0 for every call at `concurrency: 1`.
 * - `own` = the time less `waited`, per query, summarised as the time is.
 * @example
 * // An in-process retriever whose work (1 ms a call) is synchronous, at concurrency 4: each answer is
 * // taken once the calls launched with it have run.
 * result.latency.p50;     // => 4 (ms)
 * result.latency.own.p50; // => 1
 */
export interface RetrieverLatency extends Latency {
  /** The `concurrency` the calls were made at: at most that many in flight at once. */
  readonly concurrency: number;
  /** Query id → the milliseconds of its call's time spent in other calls' synchronous part (query-id order, no prototype). */
  readonly waited: Record<string, number>;
  /** The calls' times less what they `waited`: the retriever's own time, overall, per query and per slice. */
  readonly own: Latency;
}

/**
 * Asks a retriever every question of a golden set and scores its answers: quality (every measure of
 * `evaluateRun`, overall, per query and per slice) and latency, in one result.
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
 *   The calls share one thread: a call's time includes the time it waited while other calls in flight
 *   ran, so an in-process retriever's figures grow with `concurrency`. `latency.waited` is the part spent
 *   in other calls' synchronous part, `latency.own` the rest (`RetrieverLatency`); `concurrency: 1` times
 *   each call alone.
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
  options: CheckedMeasures<EvaluateRetrieverOptions<Name, Doc>, Name>,
): Promise<RetrieverEvaluation<MeasureKey<Name>>> {
  const fn = 'evaluateRetriever';
  if (typeof retrieve !== 'function') fail('invalid_option', fn, { kind: 'argument', argument: 'retrieve' }, 'a function (question, queryId) => ranking', retrieve);
  // Checked here, not by evaluateRun's checks alone, so that a misspelt option is told every option there
  // is; read from their own keys once (ownOptions), as the golden set's fields are (ownFields).
  const own = ownOptions(options, EVALUATE_RETRIEVER_OPTION_KEYS, fn, { expected: 'an object with `measures`' });
  if (typeof goldenSet !== 'object' || goldenSet === null || whileReading(fn, 'invalid_option', '`goldenSet`', () => Array.isArray(goldenSet))) {
    fail('invalid_option', fn, { kind: 'argument', argument: 'goldenSet' }, 'an object with `qrels` and `questions`', goldenSet);
  }
  const golden = ownFields(goldenSet, fn, '`goldenSet`');
  const settings = readSettings(own, fn);
  // Read first: bad measures, options or judgments fail before any question is asked.
  const scoring = resolveRunSettings(readQrels(golden.qrels, fn, argument('goldenSet.qrels')), withGoldenSet(own, golden), fn);
  const scorer = scorerOf(scoring);
  const queryIds = queriesToAsk(scoring);
  const questions = readQuestions(golden.questions, queryIds, fn);

  const collected = new Map<string, string[] | ScoredDocument[]>();
  const times = new Map<string, number>();
  const waited = new Map<string, number>();
  const failures = new Map<string, string>();
  await callAll(queryIds, settings, fn, (qid, signal) => retrieve(questions.get(qid)!, qid, { signal }), (qid, outcome) => {
    times.set(qid, outcome.time);
    waited.set(qid, outcome.waited);
    if ('error' in outcome) return void failures.set(qid, failureMessage(outcome.error, outcome.how));
    const ranking = readRetrieved(outcome.value, qid, settings, fn);
    // Scored as it comes (the scorer's result does not depend on the order), so that a ranking it refuses,
    // a document listed twice say, stops the evaluation at once.
    scorer.addRanking(qid, ranking);
    collected.set(qid, ranking);
  });

  const run = new Map<string, string[] | ScoredDocument[]>();
  for (const qid of queryIds) if (collected.has(qid)) run.set(qid, collected.get(qid)!);
  const evaluation = scorer.result() as RunEvaluation<MeasureKey<Name>>;
  const failed = queryIds.filter((qid) => failures.has(qid));
  return {
    ...evaluation,
    warnings: withFailures(evaluation.warnings, failed, failures),
    run,
    failures: failed.map((qid) => ({ queryId: qid, message: failures.get(qid)! })),
    latency: retrieverLatency(times, waited, settings.concurrency, scoring.slices),
  };
}

/** The calls' latency (`latencyOf` their times), with the time each waited and the rest, their own time, summarised alike. */
function retrieverLatency(times: ReadonlyMap<string, number>, waited: ReadonlyMap<string, number>, concurrency: number, slices: ReadonlyMap<string, readonly string[]> | undefined): RetrieverLatency {
  const own = new Map([...times].map(([qid, time]) => [qid, time - waited.get(qid)!]));
  const waitedByQuery = emptyRecord<number>();
  for (const qid of [...waited.keys()].sort(compareUtf8)) waitedByQuery[qid] = waited.get(qid)!;
  return { ...latencyOf(times, slices), concurrency, waited: waitedByQuery, own: latencyOf(own, slices) };
}

/**
 * The run's warnings with the failed calls said first, with their reasons: every question of a judged
 * query scored is asked, so the queries the run does not answer are exactly those, said once.
 */
function withFailures(warnings: readonly RunWarning[], failed: readonly string[], reasons: ReadonlyMap<string, string>): RunWarning[] {
  const said: RunWarning[] = [];
  addWarning('failed_queries', failed, said, { reasons });
  return [...said, ...warnings.filter((warning) => warning.code !== 'unanswered_queries')];
}

/** The options `evaluateRetriever` takes: evaluateRun's and its own (`EvaluateRetrieverOptions`). */
const EVALUATE_RETRIEVER_OPTION_KEYS: readonly string[] = [...EVALUATE_RUN_OPTION_KEYS, ...RETRIEVER_OPTION_KEYS];

/** The caller's options, with the golden set's tags (as slices), aspects and lengths where they give none. */
function withGoldenSet(own: EvaluateRunOptions, golden: RetrieverGoldenSet): EvaluateRunOptions {
  return {
    ...own,
    ...(own.slices === undefined && golden.tags !== undefined && { slices: golden.tags }),
    ...(own.aspects === undefined && golden.aspects !== undefined && { aspects: golden.aspects as EvaluateRunOptions['aspects'] }),
    ...(own.lengths === undefined && golden.lengths !== undefined && { lengths: golden.lengths as EvaluateRunOptions['lengths'] }),
  } as EvaluateRunOptions;
}

/**
 * The judged queries, in UTF-8 byte order, but (`noRelevant: 'skip'`) those without a relevant document: such
 * a question's answer would never be scored, and its time would count in a latency over more queries than
 * the scores are.
 */
function queriesToAsk({ qrels, noRelevant, metric, fn }: RunSettings): string[] {
  return [...qrels.keys()].filter((qid) => noRelevant !== 'skip' || readJudgments(qrels.get(qid), metric.relevanceThreshold, fn).relevant > 0).sort(compareUtf8);
}

/** Query id → question for every judged query, or `missing_question` naming those without one. */
function readQuestions(questions: unknown, queryIds: readonly string[], fn: string): Map<string, string> {
  const byQuery = readByQuery<unknown>(questions, fn, argument('goldenSet.questions'), 'invalid_option', 'a Map or an object of query id → question');
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
    throw new RankevalError({
      code: 'missing_question',
      fn,
      subject: argument('goldenSet.questions'),
      facts: { count: missing.length },
      problem: `${missing.length} judged ${missing.length === 1 ? 'query has' : 'queries have'} no question to ask in \`goldenSet.questions\` (${named}${more}): give each a non-empty string (a golden-set line's "query")`,
      expected: 'a question for every judged query',
      received: missing,
    });
  }
  return read;
}
