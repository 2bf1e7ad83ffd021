// evaluateRetriever's own options: how the retriever is called (concurrency, timeout, abort signal,
// progress, failures, reading documents, the clock), read once at the boundary.
import { fail, option } from '../core/errors.js';

/** Progress after each call: calls ended (answered or failed), calls to make in all, calls failed. */
export interface RetrieverProgress {
  readonly done: number;
  readonly total: number;
  readonly failed: number;
}


/** The options evaluateRetriever reads itself; every other option is evaluateRun's. */
export const RETRIEVER_OPTION_KEYS = ['concurrency', 'timeoutMs', 'signal', 'onProgress', 'failOnError', 'id', 'score', 'now'] as const;

const DEFAULT_CONCURRENCY = 4;

/** evaluateRetriever's own options, checked, with their defaults. */
export interface RetrieverSettings {
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

/** Checks evaluateRetriever's own options (every other option is evaluateRun's) and fills in the defaults. */
export function readSettings(options: { readonly [key: string]: any }, fn: string): RetrieverSettings {
  const { concurrency = DEFAULT_CONCURRENCY, timeoutMs, signal, onProgress, failOnError = false, id, score, now = defaultNow } = options;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) fail('invalid_option', fn, { kind: 'option', option: 'concurrency' }, 'a positive integer', concurrency);
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs < 2 ** 31)) {
    // setTimeout fires at once for a delay past 2^31 − 1 ms (about 24.8 days).
    fail('invalid_option', fn, { kind: 'option', option: 'timeoutMs' }, 'a positive number of milliseconds below 2^31', timeoutMs);
  }
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function')) {
    fail('invalid_option', fn, { kind: 'option', option: 'signal' }, 'an AbortSignal', signal);
  }
  if (typeof failOnError !== 'boolean') fail('invalid_option', fn, { kind: 'option', option: 'failOnError' }, 'a boolean', failOnError);
  for (const [name, value] of [['onProgress', onProgress], ['id', id], ['score', score], ['now', now]] as const) {
    if (value !== undefined && typeof value !== 'function') fail('invalid_option', fn, option(name), 'a function', value);
  }
  if (score !== undefined && id === undefined) fail('invalid_option', fn, { kind: 'option', option: 'score' }, 'given with `id` (it reads the documents `id` reads)', score);
  return { concurrency, timeoutMs, signal, onProgress, failOnError, id, score, now } as RetrieverSettings;
}
