// The judging loop, whatever the store: each pair asked of the judge through the call runner (at most
// `concurrency` at a time, a failure retried after a growing wait), each grade handed to the store as it
// arrives, and a stop that leaves nothing half-done.
import { runCalls, type CallFailureKind } from '../core/call-runner.js';
import { describeThrown, describeValue } from '../core/quoting.js';
import type { Judgment } from '../formats/judgments.js';
import { isUsage } from '../formats/store.js';
import type { JudgeFunction, JudgeRequest, JudgeSettings, PoolPair } from './judge-settings.js';
import { onScale, scaleWords } from './scale.js';

/** A pair the judge could not grade, after every attempt: why the last attempt failed. */
export interface JudgeFailure {
  readonly queryId: string;
  readonly docId: string;
  /** Calls made for the pair. */
  readonly attempts: number;
  /** `threw`: the judge threw or rejected; `timeout`: no answer within `timeoutMs`; `invalid_answer`: an answer that is not a grade on the scale. */
  readonly reason: 'threw' | 'timeout' | 'invalid_answer';
  readonly message: string;
  /** What the judge threw or rejected with, or the answer it gave. */
  readonly cause: unknown;
}

/** Where judgments go as they arrive. */
export interface JudgmentSink {
  append(judgment: Judgment): Promise<void>;
}

export interface LoopResult {
  readonly judged: number;
  readonly failures: JudgeFailure[];
  readonly usage: Record<string, number>;
  readonly aborted: boolean;
}

/** Why a call failed, as a loop reports it. */
export type Failed = Omit<JudgeFailure, 'queryId' | 'docId' | 'attempts'>;
type Graded = { readonly grade: number; readonly rationale?: string; readonly usage?: Readonly<Record<string, number>> };
type Outcome = Graded | { readonly failed: Failed };

/**
 * Judges `pairs` into `sink` through the call runner. Resolves once every pair is judged or failed, or,
 * after the signal aborts, once the calls in flight are dropped and the writes begun are done; rejects
 * (after the same wait) when the sink or `onProgress` throws.
 */
export async function judgePairs(pairs: readonly PoolPair[], judgeFn: JudgeFunction, settings: JudgeSettings, sink: JudgmentSink, before: number): Promise<LoopResult> {
  const result: LoopResult = { judged: 0, failures: [], usage: {}, aborted: false };
  const { concurrency, signal, timeoutMs, retries, retryDelayMs } = settings;
  await runCalls<PoolPair, Graded>(pairs, {
    fn: 'judge',
    concurrency,
    signal,
    timeoutMs,
    retries,
    retryDelayMs,
    timeoutError: noAnswerWithin,
    // A grade given at once is taken as a promise's: pairs end in the order their answers settle, whatever their kind.
    call: (pair, signal) => Promise.resolve(judgeFn(requestOf(pair, settings, signal))),
    read(answer) {
      const outcome = readAnswer(answer, settings.scale.length);
      return 'failed' in outcome ? { invalid: outcome.failed } : { value: outcome };
    },
    async settle(pair, outcome, attempts) {
      if ('value' in outcome) {
        await sink.append(judgmentOf(pair, outcome.value, settings.judge));
        (result as { judged: number }).judged++;
        for (const [key, count] of Object.entries(outcome.value.usage ?? {})) result.usage[key] = (result.usage[key] ?? 0) + count;
      } else result.failures.push({ ...pair, attempts, ...failedOf(outcome.error, outcome.how, 'the judge') });
      settings.onProgress?.({ done: result.judged + result.failures.length, total: pairs.length, failed: result.failures.length, before });
    },
  });
  return { ...result, aborted: signal?.aborted === true };
}

/** A loop's timeout: the error its call's signal aborts with, whose message failedOf reports. */
export const noAnswerWithin = (_item: unknown, ms: number): Error => new Error(`no answer within ${ms} ms`);

/**
 * A failed call's reason, message and cause, for a loop whose timeouts are `Error`s and whose `read` refuses
 * with the failure itself: an answer refused, a timeout, or what `who` (`the judge`) threw or rejected with.
 */
export function failedOf(error: unknown, how: CallFailureKind, who: string): Failed {
  if (how === 'invalid') return error as Failed;
  if (how === 'timeout') return { reason: 'timeout', message: (error as Error).message, cause: undefined };
  return { reason: 'threw', message: `${who} threw ${describeThrown(error)}`, cause: error };
}

const judgmentOf = ({ queryId, docId }: PoolPair, { grade, rationale, usage }: Graded, judge: string): Judgment => ({
  query_id: queryId,
  doc_id: docId,
  grade,
  judge,
  ...(rationale === undefined ? {} : { rationale }),
  ...(usage === undefined ? {} : { usage }),
  at: new Date().toISOString(),
});

/** What the judge is asked of a pair: its ids, the texts the options give, and the call's signal. */
function requestOf({ queryId, docId }: PoolPair, settings: JudgeSettings, signal: AbortSignal): JudgeRequest {
  const query = settings.queries.get(queryId);
  const text = settings.corpus.get(docId);
  return { queryId, docId, ...(typeof query === 'string' ? { query } : {}), ...(typeof text === 'string' ? { text } : {}), signal };
}

/** The judge's answer as a grade on a scale of `size` grades, or the failure it is (an answer whose fields cannot be read among them). */
function readAnswer(answer: unknown, size: number): Outcome {
  const { grade, rationale, usage } = answerFields(answer);
  if (typeof grade === 'number' && onScale(grade, size) && (rationale === undefined || typeof rationale === 'string') && (usage === undefined || isUsage(usage))) {
    return { grade, ...(rationale === undefined ? {} : { rationale }), ...(usage === undefined ? {} : { usage }) };
  }
  const message = `the judge answered ${describeValue(answer)}, not a grade (${scaleWords(size)}) or { grade, rationale?, usage? }`;
  return { failed: { reason: 'invalid_answer', message, cause: answer } };
}

/** The fields of an answer, read once (the usage copied); none where reading them throws (a getter, a revoked Proxy). */
function answerFields(answer: unknown): { grade?: unknown; rationale?: unknown; usage?: unknown } {
  if (typeof answer === 'number') return { grade: answer };
  if (typeof answer !== 'object' || answer === null) return {};
  try {
    const { grade, rationale, usage } = answer as Record<string, unknown>;
    return { grade, rationale, usage: isUsage(usage) ? { ...usage } : usage };
  } catch {
    return {};
  }
}
