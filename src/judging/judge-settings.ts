// judge's options, read once at its boundary, and the pairs of the pool it judges.
import { fail } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { readByQuery } from '../core/inputs.js';
import type { ByQuery } from '../core/types.js';
import { readPoolArgument } from '../formats/pool.js';
import { DEFAULT_SCALE, readScale, type RelevanceScale } from './scale.js';

/** What the judge is asked: one pair of the pool, with the texts the options give, and a signal to stop by. */
export interface JudgeRequest {
  readonly queryId: string;
  readonly docId: string;
  /** The query's text, from `queries`, when given there. */
  readonly query?: string;
  /** The document's text, from `corpus`, when given there. */
  readonly text?: string;
  /** Aborted when the call times out or the judging stops: pass it to `fetch`. */
  readonly signal: AbortSignal;
}

/** A judge's answer: a grade, or a grade with why and at what cost (token counts, summed into `usage`). */
export type JudgeAnswer = number | { readonly grade: number; readonly rationale?: string; readonly usage?: Readonly<Record<string, number>> };

/** A judge: a person behind a page, a language model, anything async. */
export type JudgeFunction = (request: JudgeRequest) => JudgeAnswer | PromiseLike<JudgeAnswer>;

/** Progress after each pair: pairs ended this call (judged or failed), pairs to judge in all, failed, and judged already before. */
export interface JudgeProgress {
  readonly done: number;
  readonly total: number;
  readonly failed: number;
  readonly before: number;
}

export interface JudgeOptions {
  /** The judgments store: a JSON Lines file, created if absent, appended to as each judgment arrives. */
  readonly store: string;
  /** The judge's name, written in each of its judgments: a pair this judge has judged in the store is not asked again. */
  readonly judge: string;
  /** The grades the judge may give, lowest first (default 0–3): any other answer is a failure. */
  readonly scale?: RelevanceScale;
  /** Query id → the query's text, handed to the judge as `query`. */
  readonly queries?: ByQuery<string>;
  /** Document id → the document's text, handed to the judge as `text`. */
  readonly corpus?: ByQuery<string>;
  /** Calls at once. Default 4. */
  readonly concurrency?: number;
  /** Calls again after a failure (throw, timeout, an answer off the scale). Default 2. */
  readonly retries?: number;
  /** The wait before the first retry, in ms, doubled before each next one. Default 1,000. */
  readonly retryDelayMs?: number;
  /** A call not answered within this many ms fails (its signal aborts). Default: no limit. */
  readonly timeoutMs?: number;
  /** Stops the judging: no call is made after it aborts, calls in flight are aborted, and `judge` resolves. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: JudgeProgress) => void;
}

/** The options, checked, with their defaults. */
export interface JudgeSettings {
  readonly store: string;
  readonly judge: string;
  readonly scale: RelevanceScale;
  readonly queries: ReadonlyMap<string, unknown>;
  readonly corpus: ReadonlyMap<string, unknown>;
  readonly concurrency: number;
  readonly retries: number;
  readonly retryDelayMs: number;
  readonly timeoutMs: number | undefined;
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ((progress: JudgeProgress) => void) | undefined;
}

const KEYS = ['store', 'judge', 'scale', 'queries', 'corpus', 'concurrency', 'retries', 'retryDelayMs', 'timeoutMs', 'signal', 'onProgress'];

/** Checks judge's options and fills in the defaults. */
export function readJudgeSettings(options: JudgeOptions, fn: string): JudgeSettings {
  const own = ownOptions(options, KEYS, fn);
  const { scale = DEFAULT_SCALE, queries = {}, corpus = {} } = own;
  return {
    ...readLoopSettings(own, 'judgments store', fn),
    scale: readScale(scale, fn),
    queries: readByQuery(queries, fn, '`queries`', 'invalid_option', 'a Map or an object of query id → text'),
    corpus: readByQuery(corpus, fn, '`corpus`', 'invalid_option', 'a Map or an object of document id → text'),
  };
}

/** The options every judging loop into a store takes (judge's, assignNuggets'), checked. */
export type LoopSettings = Pick<JudgeSettings, 'store' | 'judge' | 'concurrency' | 'retries' | 'retryDelayMs' | 'timeoutMs' | 'signal' | 'onProgress'>;

/** Checks the options of a judging loop into a store (`what`, for messages) and fills in the defaults, in the order of their errors. */
export function readLoopSettings(own: Readonly<Record<string, any>>, what: string, fn: string): LoopSettings {
  const { store, judge, concurrency = 4, retries = 2, retryDelayMs = 1000, timeoutMs, signal, onProgress } = own;
  const option = (key: string) => ({ kind: 'option', option: key }) as const;
  if (typeof store !== 'string' || store === '') fail('invalid_option', fn, option('store'), `the ${what}'s file name`, store);
  if (typeof judge !== 'string' || judge === '') fail('invalid_option', fn, option('judge'), "the judge's name, a non-empty string", judge);
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) fail('invalid_option', fn, option('concurrency'), 'a positive integer', concurrency);
  if (!Number.isSafeInteger(retries) || retries < 0) fail('invalid_option', fn, option('retries'), 'an integer ≥ 0', retries);
  if (typeof retryDelayMs !== 'number' || !(retryDelayMs >= 0 && retryDelayMs < 2 ** 31)) fail('invalid_option', fn, option('retryDelayMs'), 'a number of milliseconds from 0 to 2^31', retryDelayMs);
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs < 2 ** 31)) fail('invalid_option', fn, option('timeoutMs'), 'a positive number of milliseconds below 2^31', timeoutMs);
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function')) fail('invalid_option', fn, option('signal'), 'an AbortSignal', signal);
  if (onProgress !== undefined && typeof onProgress !== 'function') fail('invalid_option', fn, option('onProgress'), 'a function', onProgress);
  return { store, judge, concurrency, retries, retryDelayMs, timeoutMs, signal, onProgress };
}

/** A pair of the pool: a query and a document to judge for it. */
export interface PoolPair {
  readonly queryId: string;
  readonly docId: string;
}

/** The pool's pairs in its order (query by query, each query's documents in order), checked as every pool is. */
export function poolPairs(pool: ByQuery<readonly string[]>, fn: string): PoolPair[] {
  return [...readPoolArgument(pool, fn)].flatMap(([queryId, docIds]) => docIds.map((docId) => ({ queryId, docId })));
}
