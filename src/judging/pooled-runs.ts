// Internal: what pool and poolStats read — the runs, each ranking in trec_eval's order and cut to its top
// `depth`, and the documents that existing qrels already judge — checked once, at their boundary.
import { argument, fail, mention, option } from '../core/errors.js';
import { readByQuery, readQrels } from '../core/inputs.js';
import { readJudgments } from '../core/judgments.js';
import { compareUtf8, rankedIds } from '../core/ordering.js';
import { indexIds, releaseIndex } from '../core/id-index.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';

/** A run as pooling reads it: its name, and query id → its top `depth` document ids in rank order. */
export interface PooledRun {
  readonly name: string;
  readonly tops: ReadonlyMap<string, readonly string[]>;
}

/** The `depth` option: a positive integer, 10 when not given. */
export function readDepth(depth: unknown, fn: string): number {
  if (depth === undefined) return 10;
  if (typeof depth !== 'number' || !Number.isSafeInteger(depth) || depth < 1) fail('invalid_option', fn, option('depth'), 'a positive integer', depth);
  return depth;
}

/**
 * Reads `runs` (run name → run, a run query id → ranking; each a Map or an object): each ranking ordered as
 * the library orders one (ids as given; `{id, score}` by score descending, ties by id descending in UTF-8
 * byte order, as trec_eval) and checked whole (string ids, each once), then cut to its top `depth`.
 */
export function readPooledRuns(runs: ByQuery<ByQuery<Ranking>>, depth: number, fn: string): PooledRun[] {
  const named = [...readByQuery<unknown>(runs, fn, argument('runs'), 'invalid_run', 'a Map or an object of run name → run')];
  if (named.length === 0) fail('invalid_run', fn, { kind: 'argument', argument: 'runs' }, 'one run or more', runs);
  return named.map(([name, run]) => {
    const tops = new Map<string, readonly string[]>();
    for (const [qid, ranking] of readByQuery<unknown>(run, fn, mention({ kind: 'run', run: name }, `run ${name}`), 'invalid_run', 'a Map or an object of query id → ranking')) {
      const where = `the ranking of query ${JSON.stringify(qid)} in run ${name}`;
      const ids = rankedIds(ranking, fn, where);
      releaseIndex(indexIds(ids, fn, where));
      tops.set(qid, ids.slice(0, depth) as string[]);
    }
    return { name, tops };
  });
}

/** Every query id the runs rank, in UTF-8 byte order. */
export function queriesOf(runs: readonly PooledRun[]): string[] {
  const queries = new Set<string>();
  for (const { tops } of runs) for (const qid of tops.keys()) queries.add(qid);
  return [...queries].sort(compareUtf8);
}

/**
 * Query id → the documents `existing` qrels judge: every document they list, whatever its grade (a
 * negative grade included, as ClueWeb's −2 for spam: it was looked at). No qrels: none.
 */
export function readJudged(existing: ByQuery<Qrels> | undefined, fn: string): ReadonlyMap<string, ReadonlySet<string>> {
  const judged = new Map<string, ReadonlySet<string>>();
  if (existing === undefined) return judged;
  for (const [qid, qrels] of readQrels(existing, fn, option('existing'))) {
    judged.set(qid, new Set(readJudgments(qrels, 1, fn, () => `the judgments of query ${JSON.stringify(qid)} in \`existing\``, { subject: option('existing'), at: { query: qid } }).grades.keys()));
  }
  return judged;
}
