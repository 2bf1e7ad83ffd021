// judge(): a pool judged into a store on disk, resumable after any crash (Node only: rankeval/judge).
import { fail } from '../core/errors.js';
import type { ByQuery } from '../core/types.js';
import type { Judgment } from '../formats/judgments.js';
import { judgePairs, type JudgeFailure } from './judge-loop.js';
import { poolPairs, readJudgeSettings, type JudgeFunction, type JudgeOptions, type PoolPair } from './judge-settings.js';
import { openStore } from './store-file.js';

export interface JudgeResult {
  /** This judge's grades of the pool's pairs, those in the store before included: query id → document id → grade, in pool order. */
  readonly qrels: Map<string, Map<string, number>>;
  /** Judgments made and stored by this call. */
  readonly judged: number;
  /** The pairs that failed every attempt, in the order they failed: not in the store, asked again by the next call. */
  readonly failures: readonly JudgeFailure[];
  /** The judge's `usage` counts summed over this call's judgments (`{ prompt_tokens, completion_tokens }`); `{}` when it reports none. */
  readonly usage: Readonly<Record<string, number>>;
  /** Whether the signal stopped the judging before every pair was asked. */
  readonly aborted: boolean;
  /** The line number of a half-written last line found in the store (a crash's), cut off: its pair is judged again. */
  readonly tornLine: number | undefined;
}

/**
 * Judges a pool into a judgments store (JSON Lines, `Judgment`s): calls `judgeFn` for each pair of the pool
 * not yet judged by `judge` in the store, at most `concurrency` at a time, and appends each grade to the
 * store as it arrives, one line per write, flushed to disk. Killed at any moment (SIGKILL included) and
 * called again, it asks only what is missing: no judgment made is lost or made twice, and a half-written
 * last line is cut off (`tornLine`).
 *
 * A grade must be on the scale (a whole number from 0 to `scale.length − 1`). A call that throws, rejects,
 * times out (`timeoutMs`) or answers anything else is a failure, retried `retries` times after
 * `retryDelayMs`, then 2×, 4×… as long; a pair that fails every attempt is reported in `failures`, never
 * written. When `signal` aborts, no call is made after it, calls in flight are aborted and their answers
 * dropped, and `judge` resolves with `aborted: true` once the writes begun are done. One process at a time
 * per store.
 *
 * @param pool query id → the document ids to judge, in order (as `pool` makes it)
 * @param judgeFn the judge: `({ queryId, docId, query?, text?, signal }) => grade | { grade, rationale?, usage? }`
 * @throws {RankevalError} `invalid_option` for a bad option or pool; `parse_error` for a store with a bad
 *   line other than a torn last one (the store is left as it is); `io_error` (the path as `received`, the
 *   system's error as `cause`) when the file system refuses to read or write the store (a full disk), or when
 *   the store is not a regular file (a directory, a FIFO, /dev/null)
 * @example
 * const { qrels, failures } = await judge(pool, async ({ query, text, signal }) => parseGrade(await chat(relevancePrompt({ query, passage: text }), signal)), {
 *   store: 'judgments.jsonl', judge: 'gpt-4o-mini', queries, corpus,
 * });
 */
export async function judge(pool: ByQuery<readonly string[]>, judgeFn: JudgeFunction, options: JudgeOptions): Promise<JudgeResult> {
  const fn = 'judge';
  const settings = readJudgeSettings(options, fn);
  const pairs = poolPairs(pool, fn);
  if (typeof judgeFn !== 'function') fail('invalid_option', fn, { kind: 'argument', argument: 'judgeFn' }, 'a function', judgeFn);
  const store = await openStore(settings.store, fn);
  try {
    const key = (queryId: string, docId: string): string => JSON.stringify([queryId, docId]);
    const own = store.judgments.filter((judgment) => judgment.judge === settings.judge);
    const judgedBefore = new Set(own.map((judgment) => key(judgment.query_id, judgment.doc_id)));
    const missing = pairs.filter(({ queryId, docId }) => !judgedBefore.has(key(queryId, docId)));
    const made: Judgment[] = [];
    const sink = {
      async append(judgment: Judgment): Promise<void> {
        await store.append(judgment);
        made.push(judgment);
      },
    };
    const loop = await judgePairs(missing, judgeFn, settings, sink, pairs.length - missing.length);
    return { qrels: poolQrels(pairs, [...own, ...made]), ...loop, tornLine: store.tornLine };
  } finally {
    await store.close();
  }
}

/** The grades of the pool's pairs among `judgments` (one judge's: the last of a pair counts), in pool order. */
function poolQrels(pairs: readonly PoolPair[], judgments: readonly Judgment[]): Map<string, Map<string, number>> {
  const grades = new Map<string, Map<string, number>>();
  for (const { query_id, doc_id, grade } of judgments) {
    if (!grades.has(query_id)) grades.set(query_id, new Map());
    grades.get(query_id)!.set(doc_id, grade);
  }
  const qrels = new Map<string, Map<string, number>>();
  for (const { queryId, docId } of pairs) {
    const grade = grades.get(queryId)?.get(docId);
    if (grade === undefined) continue;
    if (!qrels.has(queryId)) qrels.set(queryId, new Map());
    qrels.get(queryId)!.set(docId, grade);
  }
  return qrels;
}
