// Calling the retriever: every question at most `concurrency` at a time, each call timed and given a
// timeout and an abort signal, failures recorded or (failOnError) fatal, progress reported.
import { fail, RankevalError } from '../core/errors.js';
import { describeThrown, describeValue, quoteJson } from '../core/quoting.js';
import type { RetrieverProgress, RetrieverSettings } from './settings.js';

/**
 * How a call ended: the value it returned, or what it threw or rejected with (or its timeout), as it was;
 * its time (ms), and the part of it `waited` while other calls' synchronous parts ran.
 */
export type Outcome = ({ readonly value: unknown } | { readonly error: unknown; readonly how: FailureKind }) & { readonly time: number; readonly waited: number };

export type FailureKind = 'threw' | 'rejected' | 'timeout';

/**
 * Calls `call` for every query, at most `concurrency` at once, and hands each outcome to `record` as it
 * comes. Resolves when every call has ended; rejects at once (calls in flight are aborted, none is
 * launched) when the signal aborts, `failOnError` meets a failure, or `record` or `onProgress` throws.
 */
export function callAll(
  queryIds: readonly string[],
  settings: RetrieverSettings,
  fn: string,
  call: (qid: string, signal: AbortSignal) => unknown,
  record: (qid: string, outcome: Outcome) => void,
): Promise<void> {
  const { concurrency, signal, onProgress, failOnError } = settings;
  const total = queryIds.length;
  return new Promise<void>((resolve, reject) => {
    let next = 0;
    let inFlight = 0;
    let done = 0;
    let failed = 0;
    let stopped = false;
    const inFlightControllers = new Set<AbortController>();
    const busy: Busy = { ms: 0 };
    const stop = (error: unknown): void => {
      if (stopped) return;
      stopped = true;
      signal?.removeEventListener('abort', onAbort);
      for (const controller of inFlightControllers) controller.abort(error);
      reject(error);
    };
    const onAbort = (): void => stop(abortedError(done, total, signal?.reason, fn));

    /** Records a call's outcome (or stops at a failure, with failOnError), then launches the next calls. */
    const ended = (qid: string, outcome: Outcome): void => {
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
    };

    const launch = (): void => {
      while (!stopped && inFlight < concurrency && next < total) {
        const qid = queryIds[next++]!;
        inFlight++;
        callOne(qid, call, settings, fn, inFlightControllers, busy)
          .then((outcome) => ended(qid, outcome))
          .catch(stop);
      }
    };

    if (signal?.aborted) return onAbort();
    if (total === 0) return resolve();
    signal?.addEventListener('abort', onAbort, { once: true });
    launch();
  });
}

/**
 * One call of the retriever with its own AbortController (in `inFlightControllers` while it runs) and timeout, timed
 * by the clock from just before the call to its answer or error. The clock is read once more when `call`
 * returns (or throws): the call's synchronous part, added to `busy`; what `busy` grew by meanwhile through
 * other calls is the time this one `waited` behind them.
 *
 * A clock that throws or returns no time rejects this promise, which stops the evaluation (stop): the clock
 * is read in timer and promise callbacks too, where a throw would escape and leave the evaluation waiting
 * for ever.
 */
function callOne(
  qid: string,
  call: (qid: string, signal: AbortSignal) => unknown,
  { timeoutMs, now }: RetrieverSettings,
  fn: string,
  inFlightControllers: Set<AbortController>,
  busy: Busy,
): Promise<Outcome> {
  const controller = new AbortController();
  inFlightControllers.add(controller);
  return new Promise<Outcome>((settle, broke) => {
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Ends the call's watch (timer, controller in flight), once: false when already ended. */
    const close = (): boolean => {
      if (closed) return false;
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      inFlightControllers.delete(controller);
      return true;
    };
    /** The clock's reading, or undefined when it broke (the call then ended and its promise rejected). */
    const read = (from?: number): number | undefined => {
      try {
        return readClock(now, fn, from);
      } catch (error) {
        close();
        broke(error);
        return undefined;
      }
    };
    const start = read();
    if (start === undefined) return;
    const busyAtStart = busy.ms;
    let own = 0;
    const returned = (): boolean => {
      const at = read(start);
      if (at === undefined) return false;
      own = at - start;
      busy.ms += own;
      return true;
    };
    const end = (outcome: { value: unknown } | { error: unknown; how: FailureKind }): void => {
      if (!close()) return;
      const at = read(start);
      if (at === undefined) return;
      settle({ ...outcome, time: at - start, waited: waitedOf(busy.ms - busyAtStart - own, at - start) });
    };
    // A call stopped from outside (abort, failOnError) keeps no timer: nothing waits for it any more.
    controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        const error = timeoutError(qid, timeoutMs, fn);
        end({ error, how: 'timeout' });
        controller.abort(error);
      }, timeoutMs);
    }
    invoke(call, qid, controller.signal, returned, end);
  });
}

/** The milliseconds spent so far in the calls' synchronous parts (`retrieve` until it returned or threw), all calls together. */
interface Busy {
  ms: number;
}

/**
 * What a call waited: the other calls' synchronous parts that ran within its time (they lie within it; the
 * bounds only keep rounding, or a sum overflowed by a clock near Number.MAX_VALUE, out).
 */
const waitedOf = (behind: number, time: number): number => (behind > 0 ? Math.min(behind, time) : 0);

/**
 * Calls `call`, tells `returned` when it has returned or thrown (false: stop there), and hands `end` what it
 * returned, what it threw, or what its promise settled with.
 */
function invoke(
  call: (qid: string, signal: AbortSignal) => unknown,
  qid: string,
  signal: AbortSignal,
  returned: () => boolean,
  end: (outcome: { value: unknown } | { error: unknown; how: FailureKind }) => void,
): void {
  let value: unknown;
  try {
    value = call(qid, signal);
  } catch (error) {
    if (returned()) end({ error, how: 'threw' });
    return;
  }
  if (!returned()) return;
  if (!isThenable(value)) return end({ value });
  value.then(
    (answer) => end({ value: answer }),
    (error: unknown) => end({ error, how: 'rejected' }),
  );
}

/** What an evaluation aborted through its signal rejects with, saying how many calls had ended. */
function abortedError(done: number, total: number, reason: unknown, fn: string): RankevalError {
  return new RankevalError({
    code: 'aborted',
    fn,
    problem: `aborted after ${done} of ${total} ${total === 1 ? 'call' : 'calls'} ended`,
    expected: 'an evaluation not aborted',
    received: reason,
  });
}

/** A call's timeout, as its outcome records it (and failOnError rejects with it). */
function timeoutError(qid: string, timeoutMs: number, fn: string): RankevalError {
  return new RankevalError({
    code: 'retrieval_timeout',
    fn,
    problem: `retrieve did not answer query ${quoteJson(qid)} within ${timeoutMs} ms`,
    expected: `an answer within ${timeoutMs} ms`,
    received: qid,
  });
}

/** Calls `onProgress`; what it throws rejects the evaluation as a RankevalError saying so (the thrown value its `cause`). */
function callOnProgress(onProgress: (progress: RetrieverProgress) => void, progress: RetrieverProgress, fn: string): void {
  try {
    onProgress(progress);
  } catch (error) {
    throw new RankevalError({
      code: 'invalid_option',
      fn,
      problem: `\`onProgress\` threw ${describeThrown(error)}`,
      expected: 'an onProgress that returns',
      received: error,
    }, { cause: error });
  }
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
    throw new RankevalError({
      code: 'invalid_option',
      fn,
      problem: `\`now\` threw (${errorMessage(error)}): give a clock that returns milliseconds`,
      expected: 'a clock that returns milliseconds',
      received: error,
    }, { cause: error });
  }
  if (typeof time !== 'number' || !Number.isFinite(time)) fail('invalid_option', fn, '`now()`', 'a finite number of milliseconds', time);
  if (start !== undefined && time < start) fail('invalid_option', fn, '`now()`', `a time not before ${start}, the time it gave when the call began (a clock that does not go back)`, time);
  // Two finite readings can still be more than Number.MAX_VALUE apart (−1e308, then 1e308).
  if (start !== undefined && !Number.isFinite(time - start)) fail('invalid_option', fn, '`now()`', `a time a finite number of milliseconds after ${start}, the time it gave when the call began`, time);
  return time;
}

/**
 * What the caller's code (the retriever, the clock) threw, when an Error: its message. A foreign error, read
 * here only; a timeout's RankevalError is passed on as it says itself.
 */
const messageOf = (error: unknown): string | undefined => (isError(error) ? error.message : undefined);

/** An Error's message; anything else thrown, quoted as it is (`threw \`0\` (number)`), never as another value. */
const errorMessage = (error: unknown): string => messageOf(error) ?? `threw ${describeValue(error)}`;

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
export function failureMessage(error: unknown, how: FailureKind): string {
  return messageOf(error) ?? `retrieve ${how === 'rejected' ? 'rejected with' : 'threw'} ${describeValue(error)}`;
}

/**
 * What `failOnError` rejects with: the timeout's own RankevalError, or a RankevalError `retrieval_failed`
 * saying what the retriever threw or rejected with, which it keeps as its `cause`.
 */
function failedCall(error: unknown, how: FailureKind, qid: string, fn: string): unknown {
  if (how === 'timeout') return error;
  return new RankevalError({
    code: 'retrieval_failed',
    fn,
    problem: `retrieve ${how === 'rejected' ? 'rejected with' : 'threw'} ${describeThrown(error)} for query ${quoteJson(qid)}`,
    expected: 'a ranking for every query',
    received: error,
  }, { cause: error });
}

/** Whether a value has a `then` method; false for one whose `then` cannot be read (readRetrieved names it). */
const isThenable = (value: unknown): value is PromiseLike<unknown> => {
  try {
    return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return false;
  }
};
