// Internal: trec_eval's gain table, shared by the measures that take `level=gain` pairs (ndcg, ndcg_rel,
// Rndcg, G, rbp): which gain each grade has, and the ideal ranking walked one document at a time.
import type { GainParam, JudgedRanking } from './judged-ranking.js';

export interface GainLevel {
  readonly level: number;
  readonly gain: number;
  count: number;
}

/**
 * trec_eval's gain table: the parameters' levels, then every level 0 … max grade not among them, with
 * gain = level, sorted by gain. trec_eval lists the levels no document has too (count 0); they never
 * change a value (the ideal walk skips them, no rank holds their grade), so only the levels some document
 * has are listed here: the table's size is the number of distinct grades, not the largest grade, which
 * can be 10⁷. With integer gains the comparator is a total order and the order of the listed entries is
 * the one trec_eval's full table gives; gains within 1 of each other compare equal in trec_eval (see below),
 * and their order then depends on the C library's qsort anyway.
 *
 * - A pair for a grade no document has is listed with count 0 (the ideal walk steps over it).
 * - The same in trec_eval 9.0.8 (repeated in m_ndcg.c, m_G.c, …) and 10.0 (one copy, gain_init.c).
 *
 * @example
 * // qrels {a: 2, b: 1, c: 1, n: 0}, pairs 2=5
 * gainLevels(query, [2=5]) // => [{level 0, gain 0, count 1}, {level 1, gain 1, count 2}, {level 2, gain 5, count 1}]
 * // the ideal walk then yields 5, 1, 1, 0: the gains of the ideal ranking, highest first
 * // pairs 1=1.5, 2=1.2: the gains differ by less than 1, compare equal and keep the pairs' order, so the
 * // ideal walk yields 1.2 before 1.5 — trec_eval's ideal ranking, not sorted by gain
 */
export function gainLevels(query: JudgedRanking, params: readonly GainParam[]): GainLevel[] {
  const gains: GainLevel[] = params.map(({ level, gain }) => ({ level, gain, count: 0 }));
  // trec_eval gives a grade's count to the first parameter of that level.
  const firstGiven = new Map<number, GainLevel>();
  for (const entry of gains) if (!firstGiven.has(entry.level)) firstGiven.set(entry.level, entry);
  query.levels.forEach((level, i) => {
    const count = query.levelCounts[i]!;
    const given = firstGiven.get(level);
    if (given) given.count = count;
    else gains.push({ level, gain: level, count });
  });
  // trec_eval's comparator returns the gain difference cast to int; the sort is stable (glibc's merge sort).
  return gains.sort((a, b) => Math.trunc(a.gain - b.gain));
}

/**
 * The smallest and largest gain of trec_eval's full table, levels without documents included: the
 * listed entries, and the levels 0 … max grade that no parameter names (gain = level).
 */
export function gainRange(query: JudgedRanking, params: readonly GainParam[], levels: readonly GainLevel[]): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const { gain } of levels) {
    if (gain < min) min = gain;
    if (gain > max) max = gain;
  }
  const maxLevel = query.levels.length === 0 ? -1 : query.levels[query.levels.length - 1]!;
  const named = new Set(params.map((param) => param.level));
  let lowest = 0;
  while (lowest <= maxLevel && named.has(lowest)) lowest++;
  let highest = maxLevel;
  while (highest >= 0 && named.has(highest)) highest--;
  if (lowest <= maxLevel) {
    min = Math.min(min, lowest);
    max = Math.max(max, highest);
  }
  return { min, max };
}

/** The gain of each level: the first entry of the sorted table with that level, as trec_eval's lookup finds it. */
export type GainTable = ReadonlyMap<number, number>;

export function gainTable(levels: readonly GainLevel[]): GainTable {
  const byLevel = new Map<number, number>();
  for (const { level, gain } of levels) if (!byLevel.has(level)) byLevel.set(level, gain);
  return byLevel;
}

/** Ungraded ranks (NOT_POOLED, UNJUDGED) gain nothing unless a parameter gave their negative level a gain. */
export const gainOfRel = (gains: GainTable, rel: number): number => gains.get(rel) ?? 0;

/** Walks the ideal ranking one document at a time, from the highest gain down. */
export function idealWalk(gains: readonly GainLevel[]): { gain: number; step(): number } {
  let current = gains.length - 1;
  let atLevel = 0;
  const walk = {
    gain: current >= 0 ? gains[current]!.gain : 0,
    step(): number {
      atLevel++;
      while (current >= 0 && atLevel > gains[current]!.count) {
        atLevel = 1;
        current--;
        walk.gain = current >= 0 ? gains[current]!.gain : 0;
      }
      return walk.gain;
    },
  };
  return walk;
}

