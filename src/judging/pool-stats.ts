// How much of each run a pool covers: the pool's size per query, and each run's Judged@depth, so that the
// holes a run would be scored over are seen before judging starts.
import { ownOptions } from '../core/boundary.js';
import { compareUtf8 } from '../core/ordering.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';
import { readPoolArgument, type Pool } from '../formats/pool.js';
import { meanOf, sumOf } from '../stats/mean.js';
import { queriesOf, readDepth, readJudged, readPooledRuns, type PooledRun } from './pooled-runs.js';

export interface PoolStatsOptions {
  /** The k of Judged@k: how deep into each run's rankings the cover is read. Default 10. */
  readonly depth?: number;
  /** Qrels already made: the documents they list count as covered, as the pool's do. */
  readonly existing?: ByQuery<Qrels>;
}

/** How far the pool (with the existing qrels) covers one run's top documents. */
export interface RunCoverage {
  readonly run: string;
  /** Judged@depth: the mean of `perQuery`; `null` when the run ranks no document at all. */
  readonly judged: number | null;
  /**
   * Query id → the share of the run's top `depth` that the pool or the qrels hold, |top ∩ covered| / |top|
   * (|top| = min(depth, documents ranked), as ir_measures' Judged@k), for every query the run ranks at least
   * one document for, in UTF-8 byte order.
   */
  readonly perQuery: ReadonlyMap<string, number>;
  /** The pool's pairs that this run alone brings in its top `depth`: what the pool would lose without it. */
  readonly unique: number;
}

export interface PoolStats {
  readonly depth: number;
  /** The queries with something to judge, and the pairs to judge over all of them. */
  readonly queries: number;
  readonly pairs: number;
  /** Query id → its documents to judge, for every query of the pool or the runs (0: none), in UTF-8 byte order. */
  readonly perQuery: ReadonlyMap<string, number>;
  /**
   * The queries the runs rank that the pool has nothing for: `pool` leaves out a query whose pooled
   * documents the qrels all judge, or that the runs rank nothing for.
   */
  readonly empty: readonly string[];
  /** Each run's cover, in the order `runs` gives them. */
  readonly runs: readonly RunCoverage[];
}

/**
 * What a pool covers: its size per query, and for each run its Judged@depth — the share of its top `depth`
 * documents that the pool or the `existing` qrels hold — overall (the mean over the queries it ranks) and
 * per query, with the pool's pairs only that run brings. A pool made from the same runs at the same depth
 * covers them all (1); read at a greater depth, or for a run that was not pooled, the holes show.
 *
 * Edge rules: a query the run lacks, or ranks nothing for, has no Judged figure (it is not averaged as 0);
 * a run that ranks no document has `judged: null`; the qrels count every document they list, any grade.
 *
 * @param pool query id → documents to judge (`pool`'s result, or a pool file read by `readPool`)
 * @param runs run name → run (query id → ranking), read as `pool` reads them
 * @throws {RankevalError} `invalid_option` for a pool that is not query id → ids, an unknown option or a
 *   depth that is not a positive integer; what `pool` throws for the runs and `existing`
 * @example
 * const runs = { bm25: { q1: ['d1', 'd2'] }, dense: { q1: ['d3', 'd1'] } };
 * const stats = poolStats({ q1: ['d1', 'd3'] }, runs, { depth: 2, existing: { q1: { d2: 1 } } });
 * stats.runs.map((run) => [run.run, run.judged, run.unique]); // => [['bm25', 1, 0], ['dense', 1, 1]]
 */
export function poolStats(pool: Pool, runs: ByQuery<ByQuery<Ranking>>, options: PoolStatsOptions = {}): PoolStats {
  const fn = 'poolStats';
  const { depth: givenDepth, existing } = ownOptions(options, ['depth', 'existing'], fn);
  const depth = readDepth(givenDepth, fn);
  const pooled = new Map([...readPoolArgument(pool, fn)].map(([qid, ids]) => [qid, new Set(ids)]));
  const read = readPooledRuns(runs, depth, fn);
  const judged = readJudged(existing, fn);
  const ranked = queriesOf(read);
  const perQuery = new Map<string, number>();
  for (const qid of [...new Set([...pooled.keys(), ...ranked])].sort(compareUtf8)) perQuery.set(qid, pooled.get(qid)?.size ?? 0);
  const sizes = [...perQuery.values()];
  const cover = { pooled, judged, holders: holdersOf(read, ranked) };
  return {
    depth,
    queries: sizes.filter((size) => size > 0).length,
    pairs: sumOf(sizes),
    perQuery,
    empty: ranked.filter((qid) => perQuery.get(qid) === 0),
    runs: read.map((run) => coverage(run, cover)),
  };
}

/** What a run's top documents are checked against: the pool's and the qrels' documents, and how many runs hold each. */
interface Cover {
  readonly pooled: ReadonlyMap<string, ReadonlySet<string>>;
  readonly judged: ReadonlyMap<string, ReadonlySet<string>>;
  /** Query id → document id → the number of runs whose top `depth` holds it. */
  readonly holders: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

function holdersOf(runs: readonly PooledRun[], queries: readonly string[]): Map<string, Map<string, number>> {
  const holders = new Map<string, Map<string, number>>();
  for (const qid of queries) {
    const counts = new Map<string, number>();
    for (const { tops } of runs) for (const id of tops.get(qid) ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    holders.set(qid, counts);
  }
  return holders;
}

/** One run's Judged@depth per query and overall, and the pooled pairs no other run's top holds. */
function coverage(run: PooledRun, { pooled, judged, holders }: Cover): RunCoverage {
  const perQuery = new Map<string, number>();
  let unique = 0;
  for (const qid of [...run.tops.keys()].sort(compareUtf8)) {
    const top = run.tops.get(qid)!;
    if (top.length === 0) continue;
    const inPool = pooled.get(qid) ?? new Set<string>();
    const inQrels = judged.get(qid) ?? new Set<string>();
    perQuery.set(qid, top.filter((id) => inPool.has(id) || inQrels.has(id)).length / top.length);
    unique += top.filter((id) => inPool.has(id) && holders.get(qid)!.get(id) === 1).length;
  }
  return { run: run.name, judged: perQuery.size === 0 ? null : meanOf([...perQuery.values()]), perQuery, unique };
}
