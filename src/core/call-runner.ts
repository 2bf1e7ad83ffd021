// The one runner of a caller's calls (a retriever's, a judge's, an assigner's): each item called at most
// `concurrency` at a time, each call with its own abort signal and timeout, a failure retried after a
// doubling wait, each outcome handed on as it comes, and a stop (abort, or an error handing one on) that
// launches nothing more, aborts the calls in flight and waits only for the hand-overs begun.
import { fail, option, RankevalError } from './errors.js';
import { describeValue } from './quoting.js';

/** How a call failed: threw, rejected, gave no answer within `timeoutMs`, or answered what `read` refused. */
export type CallFailureKind = 'threw' | 'rejected' | 'timeout' | 'invalid';

/**
 * How a call's last attempt ended: the answer as `read` gave it, or what it threw or rejected with (the
 * timeout's error, what `read` refused) as it was; with `now`, its time (ms) and the part of it `waited`
 * while other calls' synchronous parts ran.
 */
export type CallOutcome<V> = ({ readonly value: V } | { readonly error: unknown; readonly how: CallFailureKind }) & { readonly time?: number; readonly waited?: number };

export interface CallRunnerOptions<Item, V> {
  /** The public function running the calls, named in a clock's error. */
  readonly fn: string;
  readonly concurrency: number;
  /** Stops the run: nothing is launched after it aborts, calls in flight are aborted and their answers dropped. */
  readonly signal?: AbortSignal | undefined;
  /** A call not answered within this many ms fails (`timeout`) and its signal aborts with `timeoutError`. */
  readonly timeoutMs?: number | undefined;
  /** The error of a timed-out call: its outcome's `error` and its signal's reason. */
  readonly timeoutError: (item: Item, timeoutMs: number) => unknown;
  /** Calls again after a failure. Default 0. */
  readonly retries?: number;
  /** The wait before the first retry, in ms, doubled before each next one. Default 0. */
  readonly retryDelayMs?: number;
  /** A clock in ms: each outcome is timed by it. A clock that throws or goes back stops the run (`invalid_option`). */
  readonly now?: (() => number) | undefined;
  /**
   * What the run rejects with when the signal aborts (its reason given, the calls in flight aborted with
   * it); without it the run resolves `{ aborted: true }`, once the hand-overs begun are done.
   */
  readonly abortError?: (reason: unknown) => unknown;
  /** Calls the caller's function for an item, with the attempt's own signal. */
  call(item: Item, signal: AbortSignal): unknown;
  /** Reads an answer: its value, or `{ invalid }` for an answer that is a failure (retried, then handed on as `invalid`). */
  read?(answer: unknown, item: Item): { readonly value: V } | { readonly invalid: unknown };
  /**
   * Takes an item's outcome once it is final (answered, or failed every attempt), in the order they come;
   * may return a promise (a write), which the run waits for. What it throws or rejects with stops the run,
   * which rejects with it.
   */
  settle(item: Item, outcome: CallOutcome<V>, attempts: number): void | PromiseLike<void>;
}

/** Where a stopped run went: `aborted` when its signal stopped it before every item was handed on. */
export interface CallRunResult {
  readonly aborted: boolean;
}

/**
 * Calls `call` for every item in order, at most `concurrency` at once, and hands each item's final outcome
 * to `settle`. Resolves when every item is handed on. When the signal aborts, or `settle` or the clock
 * throws, nothing more is launched, the calls in flight and the waits before retries are aborted (their
 * answers dropped) and, once the hand-overs begun are done, the run resolves `{ aborted: true }` (or
 * rejects with `abortError`), or rejects with what was thrown.
 *
 * @example
 * await runCalls(['q1', 'q2'], { fn: 'f', concurrency: 2, timeoutError: () => new Error('slow'), call: (qid, signal) => fetch(url(qid), { signal }), settle: (qid, outcome) => void results.set(qid, outcome) });
 */
export function runCalls<Item, V = unknown>(items: readonly Item[], options: CallRunnerOptions<Item, V>): Promise<CallRunResult> {
  const { concurrency, signal, retries = 0, retryDelayMs = 0, abortError } = options;
  return new Promise<CallRunResult>((resolve, reject) => {
    let next = 0;
    let active = 0;
    let ended = 0;
    let stopped: { readonly error: unknown } | { readonly aborted: true } | undefined;
    let settling = 0;
    let finished = false;
    const inFlight = new Set<AbortController>();
    const busy: Busy = { ms: 0 };

    /** Resolves or rejects once stopped (or every item handed on) and no hand-over is under way. */
    const finish = (): void => {
      if (finished || settling > 0 || (stopped === undefined && ended < items.length)) return;
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      if (stopped === undefined) resolve({ aborted: false });
      else if ('error' in stopped) reject(stopped.error);
      else resolve({ aborted: true });
    };
    const stop = (how: { readonly error: unknown } | { readonly aborted: true }, reason: unknown): void => {
      if (stopped !== undefined && !('aborted' in stopped && 'error' in how)) return;
      const first = stopped === undefined;
      stopped = how;
      if (first) for (const controller of inFlight) controller.abort(reason);
      finish();
    };
    const onAbort = (): void => {
      if (abortError === undefined) return stop({ aborted: true }, signal?.reason);
      const error = abortError(signal?.reason);
      stop({ error }, error);
    };

    /** Hands an item's final outcome on, then launches the next calls. */
    const handOn = (item: Item, outcome: CallOutcome<V>, attempts: number): void => {
      settling++;
      let handed: void | PromiseLike<void>;
      try {
        handed = options.settle(item, outcome, attempts);
      } catch (error) {
        settling--;
        return stop({ error }, error);
      }
      const done = (): void => {
        settling--;
        ended++;
        active--;
        if (stopped === undefined) launch();
        finish();
      };
      if (isThenable(handed)) handed.then(done, (error: unknown) => {
        settling--;
        stop({ error }, error);
      });
      else done();
    };

    /** One item: its attempts until an answer, a failure past the retries, or the stop. */
    const run = (item: Item, attempt: number): void => {
      callOnce(item, options, inFlight, busy).then(
        (outcome) => {
          if (stopped !== undefined || outcome === undefined) return;
          if (!('error' in outcome) || attempt > retries) return handOn(item, outcome, attempt);
          waitFor(retryDelayMs * 2 ** (attempt - 1), inFlight).then((waited) => {
            if (waited && stopped === undefined) run(item, attempt + 1);
          });
        },
        (error: unknown) => stop({ error }, error),
      );
    };

    const launch = (): void => {
      while (stopped === undefined && active < concurrency && next < items.length) {
        active++;
        run(items[next++]!, 1);
      }
    };

    if (signal?.aborted) return onAbort();
    if (items.length === 0) return finish();
    signal?.addEventListener('abort', onAbort, { once: true });
    launch();
  });
}

/** The milliseconds spent so far in the calls' synchronous parts (`call` until it returned or threw), all calls together. */
interface Busy {
  ms: number;
}

/** Resolves true after `ms`, or false as soon as the run stops (its controller, among those in flight, aborted). */
function waitFor(ms: number, inFlight: Set<AbortController>): Promise<boolean> {
  const controller = new AbortController();
  inFlight.add(controller);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      inFlight.delete(controller);
      resolve(true);
    }, ms);
    controller.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(false);
    }, { once: true });
  });
}

/**
 * One call with its own AbortController (in `inFlight` while it runs) and timeout; undefined when the run
 * stopped first. With `now`, timed from just before the call to its answer or error; the clock is read once
 * more when `call` returns (or throws): the call's synchronous part, added to `busy`; what `busy` grew by
 * meanwhile through other calls is the time this one `waited` behind them. A clock that throws or returns
 * no time rejects this promise, which stops the run: the clock is read in timer and promise callbacks too,
 * where a throw would escape and leave the run waiting for ever.
 */
function callOnce<Item, V>(item: Item, options: CallRunnerOptions<Item, V>, inFlight: Set<AbortController>, busy: Busy): Promise<CallOutcome<V> | undefined> {
  const { timeoutMs, now, fn } = options;
  const controller = new AbortController();
  inFlight.add(controller);
  return new Promise<CallOutcome<V> | undefined>((settle, broke) => {
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Ends the call's watch (timer, controller in flight), once: false when already ended. */
    const close = (): boolean => {
      if (closed) return false;
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      inFlight.delete(controller);
      return true;
    };
    /** The clock's reading (0 without a clock), or undefined when it broke (the call then ended and its promise rejected). */
    const read = (from?: number): number | undefined => {
      if (now === undefined) return 0;
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
    const end = (outcome: { value: V } | { error: unknown; how: CallFailureKind }): void => {
      if (!close()) return;
      const at = read(start);
      if (at === undefined) return;
      settle(now === undefined ? outcome : { ...outcome, time: at - start, waited: waitedOf(busy.ms - busyAtStart - own, at - start) });
    };
    const answered = (answer: unknown): void => {
      if (options.read === undefined) return end({ value: answer as V });
      const read = options.read(answer, item);
      end('invalid' in read ? { error: read.invalid, how: 'invalid' } : read);
    };
    // A call stopped from outside (abort, an error handed on) keeps no timer, and its answer is dropped.
    controller.signal.addEventListener('abort', () => {
      if (close()) settle(undefined);
    }, { once: true });
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        const error = options.timeoutError(item, timeoutMs);
        end({ error, how: 'timeout' });
        controller.abort(error);
      }, timeoutMs);
    }
    let value: unknown;
    try {
      value = options.call(item, controller.signal);
    } catch (error) {
      if (returned()) end({ error, how: 'threw' });
      return;
    }
    if (!returned()) return;
    if (!isThenable(value)) return answered(value);
    value.then(answered, (error: unknown) => end({ error, how: 'rejected' }));
  });
}

/**
 * What a call waited: the other calls' synchronous parts that ran within its time (they lie within it; the
 * bounds only keep rounding, or a sum overflowed by a clock near Number.MAX_VALUE, out).
 */
const waitedOf = (behind: number, time: number): number => (behind > 0 ? Math.min(behind, time) : 0);

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
      subject: option('now'),
      facts: { foreign: errorMessage(error) },
      problem: `\`now\` threw (${errorMessage(error)}): give a clock that returns milliseconds`,
      expected: 'a clock that returns milliseconds',
      received: error,
    }, { cause: error });
  }
  if (typeof time !== 'number' || !Number.isFinite(time)) fail('invalid_option', fn, '`now()`', 'a finite number of milliseconds', time, option('now'));
  if (start !== undefined && time < start) fail('invalid_option', fn, '`now()`', `a time not before ${start}, the time it gave when the call began (a clock that does not go back)`, time, { subject: option('now'), facts: { limit: start } });
  // Two finite readings can still be more than Number.MAX_VALUE apart (−1e308, then 1e308).
  if (start !== undefined && !Number.isFinite(time - start)) fail('invalid_option', fn, '`now()`', `a time a finite number of milliseconds after ${start}, the time it gave when the call began`, time, { subject: option('now'), facts: { limit: start } });
  return time;
}

/**
 * What the caller's code threw, when an Error: its message. A foreign error, read here only; anything
 * else is undefined.
 */
export const messageOf = (error: unknown): string | undefined => (isError(error) ? error.message : undefined);

/** An Error's message; anything else thrown, quoted as it is (`threw \`0\` (number)`), never as another value. */
const errorMessage = (error: unknown): string => messageOf(error) ?? `threw ${describeValue(error)}`;

const isError = (value: unknown): value is Error => {
  try {
    return value instanceof Error;
  } catch {
    return false; // a revoked Proxy
  }
};

/** Whether a value has a `then` method; false for one whose `then` cannot be read. */
const isThenable = (value: unknown): value is PromiseLike<unknown> => {
  try {
    return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return false;
  }
};
