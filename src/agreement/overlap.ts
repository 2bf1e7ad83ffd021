import { argument, fail, mention, queryKey, words, type ErrorText } from '../core/errors.js';
import { readByQuery } from '../core/inputs.js';
import { compareUtf8 } from '../core/ordering.js';
import type { ByQuery } from '../core/types.js';
import { readRboOptions, rboOfGroups, type RboTies } from './rbo.js';
import { readTieGroups, type TieGroups, type TiedRanking } from './tie-ranking.js';

export interface OverlapOptions {
  /** RBO's persistence, as rbo's `p`. Default 0.9. */
  readonly p?: number;
  /** Read only the top `depth` of each ranking, for RBO and Jaccard alike (a tie straddling it kept whole). Default: whole rankings. */
  readonly depth?: number;
  /** How RBO treats ties, as rbo's `ties`. Default `'a'`. */
  readonly ties?: RboTies;
}

/** How far one query's two rankings agree. */
export interface QueryOverlap {
  /** RBO, its point estimate and bounds (see Rbo). */
  readonly ext: number;
  readonly min: number;
  readonly max: number;
  /** |A ∩ B| / |A ∪ B| of the two rankings' ids (to `depth`): how much of the set changed, order aside. */
  readonly jaccard: number;
}

/** Two runs compared without labels: per query, RBO and Jaccard, and their means. */
export interface Overlap {
  readonly p: number;
  readonly ties: RboTies;
  /** The depth read, or `null` for whole rankings. */
  readonly depth: number | null;
  /** Query id → its overlap, for the queries both runs rank (at least one document each), in id order. */
  readonly perQuery: Map<string, QueryOverlap>;
  /** The means over perQuery's queries. */
  readonly mean: QueryOverlap;
  /** perQuery's query ids, the lowest RBO ext first (the queries whose results moved most), ties by id. */
  readonly moved: string[];
  /** Queries only run A ranks (run B lacks them, or ranks nothing for them): not in the means. */
  readonly onlyA: string[];
  /** Queries only run B ranks: not in the means. */
  readonly onlyB: string[];
}

/**
 * How much two retrievers' results differ, query by query, without relevance labels: "we changed the
 * embedding model: how much did the results move?" For each query both runs rank, RBO of the two rankings
 * (see rbo: ext, min and max) and the Jaccard index of their ids; then the means over those queries and the
 * queries ordered from the lowest RBO ext.
 *
 * Both measures read the top `depth` of each ranking (default: all of it; set it to the results your
 * application reads). A query that only one run ranks (the other lacks it or ranks nothing for it) has no
 * RBO — RBO of an empty ranking is undefined — so it is listed in `onlyA` or `onlyB` and kept out of the
 * means rather than scored 0: a missing query is more often a query not run than one with nothing found.
 *
 * @param runA query id → ranking (a Map or an object), each ranking as rbo reads one: ids in rank order,
 *   an entry an array of ids tied, or `{id, score}` documents (equal scores tie)
 * @param runB another run, read as `runA`
 * @throws {RankevalError} `invalid_run` for a run that is not query id → ranking; `invalid_ranking` for a
 *   malformed ranking or an id listed twice in one; `invalid_option` as rbo; `no_queries` when no query is
 *   ranked by both runs
 * @example
 * const moved = overlap({ q1: ['d1', 'd2', 'd3'], q2: ['d4'] }, { q1: ['d1', 'd3', 'd2'], q2: ['d5'] });
 * moved.moved // => ['q2', 'q1']: q2 kept nothing (RBO 0), q1 its top result
 * moved.perQuery.get('q1')!.jaccard // => 1: the same three ids
 */
export function overlap(runA: ByQuery<TiedRanking>, runB: ByQuery<TiedRanking>, options: OverlapOptions = {}): Overlap {
  return overlapOfRuns(runA, runB, options, 'overlap').overlap;
}

/**
 * `overlap` as `fn` reports its errors, naming the runs `names`, with each run's rankings as it read them
 * (tie groups cut to `depth`, the queries that rank nothing left out), for a caller that shows them.
 *
 * @internal
 */
export function overlapOfRuns(
  runA: unknown,
  runB: unknown,
  options: OverlapOptions,
  fn: string,
  names: readonly [string, string] = ['runA', 'runB'],
): { overlap: Overlap; a: Map<string, TieGroups>; b: Map<string, TieGroups> } {
  const { p, ties, depth } = readRboOptions(options, fn);
  const a = readRun(runA, names[0], depth, fn);
  const b = readRun(runB, names[1], depth, fn);
  const perQuery = new Map<string, QueryOverlap>();
  for (const qid of [...a.keys()].filter((id) => b.has(id)).sort(compareUtf8)) {
    const x = a.get(qid)!;
    const y = b.get(qid)!;
    const { ext, min, max } = rboOfGroups(x, y, p, ties);
    perQuery.set(qid, { ext, min, max, jaccard: jaccard(x, y) });
  }
  const onlyA = [...a.keys()].filter((qid) => !b.has(qid)).sort(compareUtf8);
  const onlyB = [...b.keys()].filter((qid) => !a.has(qid)).sort(compareUtf8);
  if (perQuery.size === 0) {
    fail('no_queries', fn, `the queries of \`${names[0]}\` and \`${names[1]}\``, 'one query or more that both rank', { onlyA: onlyA.length, onlyB: onlyB.length }, { subject: argument(names[0]), facts: { count: 0, with: argument(names[1]) } });
  }
  const moved = [...perQuery.keys()].sort((x, y) => perQuery.get(x)!.ext - perQuery.get(y)!.ext || compareUtf8(x, y));
  const result = { p, ties, depth: depth === Infinity ? null : depth, perQuery, mean: meanOf([...perQuery.values()]), moved, onlyA, onlyB };
  return { overlap: result, a, b };
}

/** A run's rankings as tie groups, to `depth`; a query that ranks nothing is left out. */
function readRun(run: unknown, name: string, depth: number, fn: string): Map<string, TieGroups> {
  const where: ErrorText = [mention({ kind: 'argument', argument: name })];
  const read = new Map<string, TieGroups>();
  for (const [qid, ranking] of readByQuery<unknown>(run, fn, argument(name), 'invalid_run', 'a Map or an object of query id → ranking')) {
    if (Array.isArray(ranking) && ranking.length === 0) continue;
    read.set(qid, readTieGroups(ranking, fn, words(where, queryKey(qid)), { subject: argument(name), at: { query: qid } }, depth));
  }
  return read;
}

/** |A ∩ B| / |A ∪ B| of two rankings' ids. */
function jaccard(a: TieGroups, b: TieGroups): number {
  let shared = 0;
  for (const id of b.position.keys()) if (a.position.has(id)) shared++;
  return shared / (a.length + b.length - shared);
}

function meanOf(rows: readonly QueryOverlap[]): QueryOverlap {
  const mean = (key: keyof QueryOverlap): number => rows.reduce((sum, row) => sum + row[key], 0) / rows.length;
  return { ext: mean('ext'), min: mean('min'), max: mean('max'), jaccard: mean('jaccard') };
}
