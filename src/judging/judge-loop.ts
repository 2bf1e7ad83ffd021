// The judging loop, whatever the store: each pair asked of the judge at most `concurrency` at a time, a
// failure retried after a growing wait, each grade handed to the store as it arrives, and a stop that
// leaves nothing half-done.
import { describeThrown, describeValue } from '../core/quoting.js';
import type { Judgment } from '../formats/judgments.js';
import { isUsage } from '../formats/store.js';
import type { JudgeFunction, JudgeSettings, PoolPair } from './judge-settings.js';
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

type Failed = Omit<JudgeFailure, 'queryId' | 'docId' | 'attempts'>;
type Graded = { readonly grade: number; readonly rationale?: string; readonly usage?: Readonly<Record<string, number>> };
type Outcome = Graded | { readonly failed: Failed };

/**
 * Judges `pairs` into `sink`. Resolves once every pair is judged or failed, or, after the signal aborts,
 * once the calls in flight are dropped and the writes begun are done; rejects (after the same wait) when
 * the sink or `onProgress` throws.
 */
export async function judgePairs(pairs: readonly PoolPair[], judgeFn: JudgeFunction, settings: JudgeSettings, sink: JudgmentSink, before: number): Promise<LoopResult> {
  const stop = new AbortController();
  const onAbort = (): void => stop.abort(settings.signal?.reason);
  if (settings.signal?.aborted) onAbort();
  settings.signal?.addEventListener('abort', onAbort, { once: true });
  const result: LoopResult = { judged: 0, failures: [], usage: {}, aborted: false };
  let next = 0;
  let fatal: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!stop.signal.aborted && next < pairs.length) {
      const pair = pairs[next++]!;
      const outcome = await withRetries(pair, judgeFn, settings, stop.signal);
      if (outcome === undefined) return;
      if ('grade' in outcome) {
        await sink.append(judgmentOf(pair, outcome, settings.judge));
        (result as { judged: number }).judged++;
        for (const [key, count] of Object.entries(outcome.usage ?? {})) result.usage[key] = (result.usage[key] ?? 0) + count;
      } else result.failures.push({ ...pair, ...outcome });
      settings.onProgress?.({ done: result.judged + result.failures.length, total: pairs.length, failed: result.failures.length, before });
    }
  };
  const guarded = async (): Promise<void> => {
    try {
      await worker();
    } catch (error) {
      fatal ??= { error };
      stop.abort(error);
    }
  };
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, pairs.length) }, guarded));
  settings.signal?.removeEventListener('abort', onAbort);
  if (fatal !== undefined) throw fatal.error;
  return { ...result, aborted: settings.signal?.aborted === true };
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

/** The pair's grade, or its failure after every attempt; undefined when the judging stopped first. */
async function withRetries(pair: PoolPair, judgeFn: JudgeFunction, settings: JudgeSettings, stop: AbortSignal): Promise<Graded | Omit<JudgeFailure, 'queryId' | 'docId'> | undefined> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await callOnce(pair, judgeFn, settings, stop);
    if (outcome === undefined) return undefined;
    if (!('failed' in outcome)) return outcome;
    if (attempt > settings.retries) return { attempts: attempt, ...outcome.failed };
    if (!(await wait(settings.retryDelayMs * 2 ** (attempt - 1), stop))) return undefined;
  }
}

/** Resolves true after `ms`, or false as soon as `stop` aborts. */
function wait(ms: number, stop: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (stop.aborted) return resolve(false);
    const onStop = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      stop.removeEventListener('abort', onStop);
      resolve(true);
    }, ms);
    stop.addEventListener('abort', onStop, { once: true });
  });
}

/** One call of the judge, with its own signal and timeout; undefined when the judging stopped first. */
function callOnce({ queryId, docId }: PoolPair, judgeFn: JudgeFunction, settings: JudgeSettings, stop: AbortSignal): Promise<Outcome | undefined> {
  return new Promise((settle) => {
    if (stop.aborted) return settle(undefined);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const end = (outcome: Outcome | undefined, reason?: unknown): void => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      stop.removeEventListener('abort', onStop);
      if (reason !== undefined) controller.abort(reason);
      settle(outcome);
    };
    const onStop = (): void => end(undefined, stop.reason ?? new Error('judging stopped'));
    stop.addEventListener('abort', onStop, { once: true });
    const { timeoutMs } = settings;
    if (timeoutMs !== undefined) {
      const message = `no answer within ${timeoutMs} ms`;
      timer = setTimeout(() => end({ failed: { reason: 'timeout', message, cause: undefined } }, new Error(message)), timeoutMs);
    }
    const threw = (error: unknown): Outcome => ({ failed: { reason: 'threw', message: `the judge threw ${describeThrown(error)}`, cause: error } });
    const query = settings.queries.get(queryId);
    const text = settings.corpus.get(docId);
    const request = { queryId, docId, ...(typeof query === 'string' ? { query } : {}), ...(typeof text === 'string' ? { text } : {}), signal: controller.signal };
    try {
      Promise.resolve(judgeFn(request)).then(
        (answer) => end(readAnswer(answer, settings.scale.length)),
        (error: unknown) => end(threw(error)),
      );
    } catch (error) {
      end(threw(error));
    }
  });
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
