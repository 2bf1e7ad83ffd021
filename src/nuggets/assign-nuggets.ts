// assignNuggets(): every answer's nuggets assigned by an LLM (or a person) into a nugget-assignment store
// on disk, resumable after any crash (Node only: rankeval/judge), through the call runner judge() uses.
import { runCalls } from '../core/call-runner.js';
import { argument, fail } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { describeValue, quoteJson } from '../core/quoting.js';
import { assignedOf, type NuggetJudgment } from '../formats/nugget-judgments.js';
import { readNuggetGrades, SUPPORT, type Nugget, type NuggetAnswer, type NuggetBank, type NuggetGrades, type NuggetSupport } from '../formats/nuggets.js';
import type { RagAnswer } from '../formats/rag-answers.js';
import { isUsage } from '../formats/store.js';
import { failedOf, noAnswerWithin, type JudgeFailure } from '../judging/judge-loop.js';
import { readLoopSettings, type JudgeProgress } from '../judging/judge-settings.js';
import { openNuggetStore } from '../judging/store-file.js';

/** What the assigner is asked: one answer and some of its topic's nuggets (a batch), with a signal to stop by. */
export interface AssignRequest {
  readonly topicId: string;
  readonly runId: string;
  /** The topic's question, when the bank gives it. */
  readonly query?: string;
  /** The answer's text (its sentences joined by a space). */
  readonly answer: string;
  /** The nuggets to assign, in the bank's order: one label is asked for each. */
  readonly nuggets: readonly Nugget[];
  /** Aborted when the call times out or the assigning stops: pass it to `fetch`. */
  readonly signal: AbortSignal;
}

/** An assigner's answer: one label per nugget asked, in order; or the labels with why and at what cost (token counts, summed into `usage`). */
export type AssignAnswer = readonly NuggetSupport[] | { readonly assignments: readonly NuggetSupport[]; readonly rationale?: string; readonly usage?: Readonly<Record<string, number>> };

/** An assigner: a language model behind `nuggetAssignmentPrompt` and `parseAssignment`, a person, anything async. */
export type AssignFunction = (request: AssignRequest) => AssignAnswer | PromiseLike<AssignAnswer>;

/** Progress after each batch, counted in assignments (one nugget of one answer): ended this call (made or failed), to make in all, failed, and made before. */
export type AssignProgress = JudgeProgress;

export interface AssignNuggetsOptions {
  /** The nugget-assignment store: a JSON Lines file, created if absent, appended to as each assignment arrives. */
  readonly store: string;
  /** The assigner's name, written in each assignment: an assignment this judge has made in the store is not asked again. */
  readonly judge: string;
  /** Nuggets asked in one call. Default 10, as nuggetizer asks. */
  readonly batchSize?: number;
  /** The labels the assigner may give: 3 (default: support, partial_support, not_support) or 2 (partial_support refused). */
  readonly grades?: NuggetGrades;
  /** Calls at once. Default 4. */
  readonly concurrency?: number;
  /** Calls again after a failure (throw, timeout, an answer of the wrong length or off the scale). Default 2. */
  readonly retries?: number;
  /** The wait before the first retry, in ms, doubled before each next one. Default 1,000. */
  readonly retryDelayMs?: number;
  /** A call not answered within this many ms fails (its signal aborts). Default: no limit. */
  readonly timeoutMs?: number;
  /** Stops the assigning: no call is made after it aborts, calls in flight are aborted, and `assignNuggets` resolves. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: AssignProgress) => void;
}

/** A batch the assigner could not assign, after every attempt: why the last attempt failed. */
export interface AssignFailure extends Omit<JudgeFailure, 'queryId' | 'docId'> {
  readonly topicId: string;
  readonly runId: string;
  /** The texts of the nuggets asked. */
  readonly nuggets: readonly string[];
}

export interface AssignNuggetsResult {
  /**
   * The answers whose every nugget this judge has assigned (those in the store before included), as
   * nuggetizer's assign output, what `evaluateNuggets` scores: in the order of `answers`, nuggets in the
   * bank's order. An answer with a nugget still missing (a failure, an abort) is left out.
   */
  readonly assignments: NuggetAnswer[];
  /** Assignments made and stored by this call. */
  readonly assigned: number;
  /** The batches that failed every attempt, in the order they failed: not in the store, asked again by the next call. */
  readonly failures: readonly AssignFailure[];
  /** The assigner's `usage` counts summed over this call's answers; `{}` when it reports none. */
  readonly usage: Readonly<Record<string, number>>;
  /** Whether the signal stopped the assigning before every batch was asked. */
  readonly aborted: boolean;
  /** The line number of a half-written last line found in the store (a crash's), cut off: its assignment is asked again. */
  readonly tornLine: number | undefined;
}

/** One call's worth: an answer and the nuggets of it to ask. */
interface Batch {
  readonly answer: RagAnswer;
  readonly query: string | undefined;
  readonly nuggets: readonly Nugget[];
}

type Labelled = { readonly assignments: readonly NuggetSupport[]; readonly rationale?: string; readonly usage?: Readonly<Record<string, number>> };

const KEYS = ['store', 'judge', 'batchSize', 'grades', 'concurrency', 'retries', 'retryDelayMs', 'timeoutMs', 'signal', 'onProgress'];

/**
 * Assigns each answer's nuggets into a nugget-assignment store (JSON Lines, `NuggetJudgment`s): for each
 * answer and each nugget of its topic in the bank not yet assigned by `judge` in the store, asks
 * `assignFn`, `batchSize` nuggets a call (nuggetizer asks 10), at most `concurrency` calls at a time, and
 * appends each assignment to the store as it arrives, one line per write, flushed to disk. Killed at any
 * moment and called again, it asks only what is missing; a half-written last line is cut off (`tornLine`).
 *
 * The answer must hold one label per nugget asked, each on the scale (`grades: 2` refuses
 * `partial_support`); a call that throws, rejects, times out or answers anything else is a failure,
 * retried `retries` times after `retryDelayMs`, then 2×, 4×… as long; a batch that fails every attempt is
 * reported in `failures`, never written. A batch's `rationale` is written on each of its lines, its `usage`
 * on its first only (so that the store's usage sums to what was spent). The abort and the store's errors
 * are judge's. One process at a time per store.
 *
 * @param answers the answers to assign (`parseNuggetAnswers`, `parseRagRun`); each topic in the bank
 * @param bank the nuggets of each topic (`parseNuggetBank`)
 * @param assignFn `({ topicId, runId, query?, answer, nuggets, signal }) => labels | { assignments, rationale?, usage? }`
 * @throws {RankevalError} `invalid_option` for a bad option; `invalid_nuggets` for an answer whose topic is
 *   not in the bank, a run answering a topic twice, or a topic naming a nugget twice; `parse_error`,
 *   `wrong_file_kind` (a judgments store) and `io_error` for the store, as judge's
 * @example
 * const { assignments } = await assignNuggets(answers, bank, async ({ query = '', answer, nuggets, signal }) =>
 *   parseAssignment(await chat(nuggetAssignmentPrompt({ query, answer, nuggets }), signal), { nuggets: nuggets.length }),
 *   { store: 'assignments.jsonl', judge: 'gpt-4o-mini' });
 * evaluateNuggets(assignments);
 */
export async function assignNuggets(answers: readonly RagAnswer[], bank: NuggetBank, assignFn: AssignFunction, options: AssignNuggetsOptions): Promise<AssignNuggetsResult> {
  const fn = 'assignNuggets';
  const own = ownOptions(options, KEYS, fn);
  const loop = readLoopSettings(own, 'nugget-assignment store', fn);
  const { batchSize = 10, grades = 3 } = own;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) fail('invalid_option', fn, { kind: 'option', option: 'batchSize' }, 'a positive integer', batchSize);
  const scale = readNuggetGrades(grades, fn);
  if (typeof assignFn !== 'function') fail('invalid_option', fn, { kind: 'argument', argument: 'assignFn' }, 'a function', assignFn);
  checkInputs(answers, bank, fn);

  const store = await openNuggetStore(loop.store, fn);
  try {
    const ownLines = store.judgments.filter((line) => line.judge === loop.judge);
    const done = new Set(ownLines.map((line) => keyOf(line.run_id, line.topic_id, line.nugget)));
    const batches: Batch[] = [];
    let before = 0;
    let total = 0;
    for (const answer of answers) {
      const { query, nuggets } = bank[answer.queryId]!;
      const missing = nuggets.filter((nugget) => !done.has(keyOf(answer.runId, answer.queryId, nugget.text)));
      before += nuggets.length - missing.length;
      total += missing.length;
      for (let at = 0; at < missing.length; at += batchSize) batches.push({ answer, query, nuggets: missing.slice(at, at + batchSize) });
    }
    const made: NuggetJudgment[] = [];
    const failures: AssignFailure[] = [];
    const usage: Record<string, number> = {};
    let failed = 0;
    await runCalls<Batch, Labelled>(batches, {
      fn,
      concurrency: loop.concurrency,
      signal: loop.signal,
      timeoutMs: loop.timeoutMs,
      retries: loop.retries,
      retryDelayMs: loop.retryDelayMs,
      timeoutError: noAnswerWithin,
      // An answer given at once is taken as a promise's, as judge takes a grade.
      call: ({ answer, query, nuggets }, signal) =>
        Promise.resolve(assignFn({ topicId: answer.queryId, runId: answer.runId, ...(query === undefined ? {} : { query }), answer: answer.text, nuggets: nuggets.map(({ text, importance }) => ({ text, importance })), signal })),
      read: (reply, { nuggets }) => readReply(reply, nuggets.length, scale),
      async settle({ answer, nuggets }, outcome, attempts) {
        if ('value' in outcome) {
          const { assignments, rationale, usage: spent } = outcome.value;
          for (const [i, nugget] of nuggets.entries()) {
            const line: NuggetJudgment = {
              topic_id: answer.queryId,
              run_id: answer.runId,
              nugget: nugget.text,
              importance: nugget.importance,
              assignment: assignments[i]!,
              judge: loop.judge,
              ...(rationale === undefined ? {} : { rationale }),
              ...(spent === undefined || i > 0 ? {} : { usage: spent }),
              at: new Date().toISOString(),
            };
            await store.append(line);
            made.push(line);
          }
          for (const [key, count] of Object.entries(spent ?? {})) usage[key] = (usage[key] ?? 0) + count;
        } else {
          failures.push({ topicId: answer.queryId, runId: answer.runId, nuggets: nuggets.map((nugget) => nugget.text), attempts, ...failedOf(outcome.error, outcome.how, 'the assigner') });
          failed += nuggets.length;
        }
        loop.onProgress?.({ done: made.length + failed, total, failed, before });
      },
    });
    return { assignments: completeAnswers(answers, bank, [...ownLines, ...made]), assigned: made.length, failures, usage, aborted: loop.signal?.aborted === true, tornLine: store.tornLine };
  } finally {
    await store.close();
  }
}

const keyOf = (runId: string, topicId: string, nugget: string): string => JSON.stringify([runId, topicId, nugget]);

/** Every answer's topic in the bank, each (run, topic) once, each topic's nuggets named once: else `invalid_nuggets` before any call. */
function checkInputs(answers: readonly RagAnswer[], bank: NuggetBank, fn: string): void {
  if (!Array.isArray(answers)) fail('invalid_nuggets', fn, { kind: 'argument', argument: 'answers' }, 'an array of answers (parseNuggetAnswers, parseRagRun)', answers);
  if (typeof bank !== 'object' || bank === null) fail('invalid_nuggets', fn, { kind: 'argument', argument: 'bank' }, 'a nugget bank (parseNuggetBank)', bank);
  const seen = new Set<string>();
  answers.forEach((answer: RagAnswer, i) => {
    if (typeof answer !== 'object' || answer === null || typeof answer.runId !== 'string' || typeof answer.queryId !== 'string' || typeof answer.text !== 'string') {
      fail('invalid_nuggets', fn, `answers[${i}]`, 'an answer {runId, queryId, text} (parseNuggetAnswers, parseRagRun)', answer, { subject: argument('answers'), facts: { index: i } });
    }
    if (!Object.hasOwn(bank, answer.queryId)) fail('invalid_nuggets', fn, `the topic of answers[${i}] (run ${quoteJson(answer.runId)})`, 'a topic of the nugget bank', answer.queryId, { subject: argument('answers'), at: { run: answer.runId, query: answer.queryId }, facts: { index: i, with: argument('bank') } });
    const key = JSON.stringify([answer.runId, answer.queryId]);
    if (seen.has(key)) fail('invalid_nuggets', fn, `answers[${i}]`, `the only answer of run ${quoteJson(answer.runId)} to topic ${quoteJson(answer.queryId)}`, answer.queryId, { subject: argument('answers'), at: { run: answer.runId, query: answer.queryId }, facts: { index: i } });
    seen.add(key);
  });
  for (const [topic, { nuggets }] of Object.entries(bank)) {
    const texts = new Set<string>();
    for (const { text } of nuggets) {
      if (texts.has(text)) fail('invalid_nuggets', fn, `the nuggets of topic ${quoteJson(topic)} in the bank`, 'each nugget once (its text is the key of its assignment)', text, { subject: argument('bank'), at: { query: topic } });
      texts.add(text);
    }
  }
}

/** The assigner's reply as one label per nugget on the scale, or the failure it is (`invalid_answer`, the reply its cause). */
function readReply(reply: unknown, size: number, grades: NuggetGrades): { readonly value: Labelled } | { readonly invalid: ReturnType<typeof failedOf> } {
  const fields = replyFields(reply);
  const allowed = grades === 3 ? SUPPORT : SUPPORT.filter((label) => label !== 'partial_support');
  const { assignments, rationale, usage } = fields;
  if (Array.isArray(assignments) && assignments.length === size && assignments.every((label) => (allowed as readonly unknown[]).includes(label)) && (rationale === undefined || typeof rationale === 'string') && (usage === undefined || isUsage(usage))) {
    return { value: { assignments: [...assignments], ...(rationale === undefined ? {} : { rationale }), ...(usage === undefined ? {} : { usage: { ...usage } }) } };
  }
  const message = `the assigner answered ${describeValue(reply)}, not ${size} ${size === 1 ? 'label' : 'labels'} (${allowed.join(', ')}), one per nugget asked, or { assignments, rationale?, usage? }`;
  return { invalid: { reason: 'invalid_answer', message, cause: reply } };
}

/** The fields of a reply, read once; none where reading them throws (a getter, a revoked Proxy). */
function replyFields(reply: unknown): { assignments?: unknown; rationale?: unknown; usage?: unknown } {
  if (Array.isArray(reply)) return { assignments: reply };
  if (typeof reply !== 'object' || reply === null) return {};
  try {
    const { assignments, rationale, usage } = reply as Record<string, unknown>;
    return { assignments, rationale, usage };
  } catch {
    return {};
  }
}

/** The answers every nugget of whose topic is among `lines` (one judge's; the last of a nugget counts), as nuggetizer's assign output, in the order of `answers`. */
function completeAnswers(answers: readonly RagAnswer[], bank: NuggetBank, lines: readonly NuggetJudgment[]): NuggetAnswer[] {
  const last = new Map(lines.map((line) => [keyOf(line.run_id, line.topic_id, line.nugget), line]));
  return answers.flatMap(({ runId, queryId, text }) => {
    const { query, nuggets } = bank[queryId]!;
    const found = nuggets.map((nugget) => last.get(keyOf(runId, queryId, nugget.text)));
    if (found.some((line) => line === undefined)) return [];
    return [{ runId, queryId, ...(query === undefined ? {} : { query }), answerText: text, nuggets: (found as NuggetJudgment[]).map(assignedOf) }];
  });
}
