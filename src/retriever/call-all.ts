// Calling the retriever: every question through the call runner (at most `concurrency` at a time, each
// call timed and given a timeout and an abort signal), failures recorded or (failOnError) fatal, progress
// reported.
import { argument, option, RankevalError } from '../core/errors.js';
import { messageOf, runCalls, type CallFailureKind, type CallOutcome } from '../core/call-runner.js';
import { describeThrown, describeValue, quoteJson } from '../core/quoting.js';
import type { RetrieverProgress, RetrieverSettings } from './settings.js';

/**
 * How a call ended: the value it returned, or what it threw or rejected with (or its timeout), as it was;
 * its time (ms), and the part of it `waited` while other calls' synchronous parts ran.
 */
export type Outcome = CallOutcome<unknown> & { readonly time: number; readonly waited: number };

/**
 * Calls `call` for every query, at most `concurrency` at once, and hands each outcome to `record` as it
 * comes. Resolves when every call has ended; rejects at once (calls in flight are aborted, none is
 * launched) when the signal aborts, `failOnError` meets a failure, or `record` or `onProgress` throws.
 */
export async function callAll(
  queryIds: readonly string[],
  settings: RetrieverSettings,
  fn: string,
  call: (qid: string, signal: AbortSignal) => unknown,
  record: (qid: string, outcome: Outcome) => void,
): Promise<void> {
  const { concurrency, signal, timeoutMs, now, onProgress, failOnError } = settings;
  const total = queryIds.length;
  let done = 0;
  let failed = 0;
  await runCalls(queryIds, {
    fn,
    concurrency,
    signal,
    timeoutMs,
    now,
    timeoutError: (qid, ms) => timeoutError(qid, ms, fn),
    abortError: (reason) => abortedError(done, total, reason, fn),
    call,
    settle(qid, outcome) {
      const isFailure = 'error' in outcome;
      if (isFailure && failOnError) throw failedCall(outcome.error, outcome.how, qid, fn);
      record(qid, outcome as Outcome);
      done++;
      if (isFailure) failed++;
      if (onProgress !== undefined) callOnProgress(onProgress, { done, total, failed }, fn);
    },
  });
}

/** What an evaluation aborted through its signal rejects with, saying how many calls had ended. */
function abortedError(done: number, total: number, reason: unknown, fn: string): RankevalError {
  return new RankevalError({
    code: 'aborted',
    fn,
    subject: option('signal'),
    facts: { count: done },
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
    subject: option('timeoutMs'),
    at: { query: qid },
    facts: { limit: timeoutMs },
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
      subject: option('onProgress'),
      problem: `\`onProgress\` threw ${describeThrown(error)}`,
      expected: 'an onProgress that returns',
      received: error,
    }, { cause: error });
  }
}

/**
 * A failed call's message in `failures`: an Error's message as it is (a timeout's says so); anything else
 * by what it was and how it came (`retrieve rejected with \`null\` (null)`, `retrieve threw \`0\` (number)`).
 */
export function failureMessage(error: unknown, how: CallFailureKind): string {
  return messageOf(error) ?? `retrieve ${how === 'rejected' ? 'rejected with' : 'threw'} ${describeValue(error)}`;
}

/**
 * What `failOnError` rejects with: the timeout's own RankevalError, or a RankevalError `retrieval_failed`
 * saying what the retriever threw or rejected with, which it keeps as its `cause`.
 */
function failedCall(error: unknown, how: CallFailureKind, qid: string, fn: string): unknown {
  if (how === 'timeout') return error;
  return new RankevalError({
    code: 'retrieval_failed',
    fn,
    subject: argument('retrieve'),
    at: { query: qid },
    problem: `retrieve ${how === 'rejected' ? 'rejected with' : 'threw'} ${describeThrown(error)} for query ${quoteJson(qid)}`,
    expected: 'a ranking for every query',
    received: error,
  }, { cause: error });
}
