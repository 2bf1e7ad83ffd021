// Pooling: the documents to judge for a golden set, the union of several runs' top documents, ordered for
// judging.
import { fail, option } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { compareUtf8 } from '../core/ordering.js';
import type { ByQuery, Qrels, Ranking, ScoredDocument } from '../core/types.js';
import type { Pool } from '../formats/pool.js';
import { fuse } from '../fusion/fuse.js';
import { queriesOf, readDepth, readJudged, readPooledRuns, type PooledRun } from './pooled-runs.js';

export type { Pool } from '../formats/pool.js';

/** The order a query's pooled documents are judged in (see `pool`). */
export type PoolOrder = 'rank' | 'rrf';

export interface PoolOptions {
  /** How many of each run's top documents are pooled, per query. Default 10. */
  readonly depth?: number;
  /** Qrels already made: the documents they list (any grade) are left out of the pool. */
  readonly existing?: ByQuery<Qrels>;
  /** `'rank'` (default): best rank over the runs first; `'rrf'`: reciprocal-rank fusion of the runs first. */
  readonly order?: PoolOrder;
}

const FN = 'pool';

/**
 * The documents to judge for each query: the union of every run's top `depth` documents (depth-k pooling,
 * as TREC builds its qrels), minus those the `existing` qrels already judge, in the order to judge them.
 *
 * Each run's ranking is read in the library's order (a list of ids as given; `{id, score}` documents by
 * score descending, ties by id descending in UTF-8 byte order, as trec_eval) before it is cut. Orders:
 * - `'rank'`: by the best rank a document has in any run, then by id descending in UTF-8 byte order — the
 *   rule fuse and trec_eval break ties by, so that the two orders agree wherever the runs rank documents
 *   alike (a run's own top k comes out in its order);
 * - `'rrf'`: by reciprocal-rank fusion of the runs' top `depth` (fuse's `rrf`, Σ 1 / (60 + r), its ties by
 *   id descending): the documents most runs rank high come first, so that a judging budget spent from the
 *   top finds the most relevant ones (Cormack, Clarke & Büttcher 2009).
 *
 * Edge rules: a query some run lacks is pooled from the others; a query with nothing left to judge (every
 * pooled document judged already, or only empty rankings) is left out of the pool (poolStats lists it in `empty`);
 * the queries are in UTF-8 byte order of their ids, as an object keeps them (integer-like ids first).
 * Judged documents are left out after ordering: they keep their place in every run's ranks.
 *
 * @param runs run name → run (query id → ranking: ids in rank order, or `{id, score}` documents), each a
 *   Map or an object
 * @returns query id → document ids in judging order (an object without a prototype)
 * @throws {RankevalError} `invalid_option` for an unknown option, a depth that is not a positive integer, an
 *   unknown order; `invalid_run` for no runs or a run that is not query id → ranking; `invalid_ranking` for
 *   a ranking that is not ids or `{id, score}` documents, or that lists a document twice; `invalid_qrels`
 *   for `existing` that are not qrels
 * @example
 * const runs = { bm25: { q1: ['d1', 'd2', 'd3'] }, dense: { q1: ['d4', 'd1', 'd5'] } };
 * pool(runs, { depth: 2 }); // => { q1: ['d4', 'd1', 'd2'] } (d4 and d1 at rank 1, d4 first by id descending)
 * pool(runs, { depth: 2, order: 'rrf', existing: { q1: { d4: 0 } } }); // => { q1: ['d1', 'd2'] }
 * @see Cormack, Clarke & Büttcher 2009, Reciprocal Rank Fusion outperforms Condorcet and individual Rank
 *   Learning Methods (SIGIR); Voorhees & Harman 2005, TREC: Experiment and Evaluation in Information Retrieval
 */
export function pool(runs: ByQuery<ByQuery<Ranking>>, options: PoolOptions = {}): Pool {
  const { depth: givenDepth, existing, order = 'rank' } = ownOptions(options, ['depth', 'existing', 'order'], FN);
  const depth = readDepth(givenDepth, FN);
  if (order !== 'rank' && order !== 'rrf') fail('invalid_option', FN, option('order'), "'rank' or 'rrf'", order);
  const pooled = readPooledRuns(runs, depth, FN);
  const judged = readJudged(existing, FN);
  const ordered = order === 'rank' ? byBestRank(pooled) : byFusion(pooled);
  const result = Object.create(null) as Record<string, readonly string[]>;
  for (const [qid, ids] of ordered) {
    const done = judged.get(qid);
    const left = done === undefined ? ids : ids.filter((id) => !done.has(id));
    if (left.length > 0) result[qid] = left;
  }
  return result;
}

/** Each query's pooled documents by best rank over the runs, then id descending; queries in UTF-8 byte order. */
function byBestRank(runs: readonly PooledRun[]): Map<string, string[]> {
  const ordered = new Map<string, string[]>();
  for (const qid of queriesOf(runs)) {
    const best = new Map<string, number>();
    for (const { tops } of runs) {
      (tops.get(qid) ?? []).forEach((id, i) => {
        const rank = best.get(id);
        if (rank === undefined || i < rank) best.set(id, i);
      });
    }
    ordered.set(qid, [...best.keys()].sort((a, b) => best.get(a)! - best.get(b)! || compareUtf8(b, a)));
  }
  return ordered;
}

/**
 * Each query's pooled documents in the order fuse's `rrf` gives them: each run's top documents scored by
 * their places (n, n − 1, …, 1), which fuse ranks back in the same order.
 */
function byFusion(runs: readonly PooledRun[]): Map<string, string[]> {
  const scored = runs.map(({ tops }) => {
    const run = new Map<string, ScoredDocument[]>();
    for (const [qid, ids] of tops) run.set(qid, ids.map((id, i) => ({ id, score: ids.length - i })));
    return run;
  });
  const ordered = new Map<string, string[]>();
  for (const [qid, fused] of fuse(scored, { method: 'rrf' })) ordered.set(qid, fused.map(({ id }) => id));
  return ordered;
}
