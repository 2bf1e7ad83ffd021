// Internal: the pairs of items two score lists order alike or not, counted in O(n log n) — scores as dense
// ranks, and one sweep down one order with a Fenwick tree over the other (Knight 1966's idea) — for
// Kendall's τ and τ_AP.
import { Fenwick, lowerBound } from '../core/fenwick.js';

/** Scores as dense ranks: equal scores share a rank, 0 the lowest; and the items grouped by rank. */
export interface DenseRanks {
  /** `rank[i]`: how many distinct scores are below item i's. */
  readonly rank: Int32Array;
  /** How many distinct scores. */
  readonly distinct: number;
  /** The items by rank, lowest first, in index order within a rank: rank r holds `items[start[r]]` … `items[start[r + 1] − 1]`. */
  readonly items: Int32Array;
  readonly start: Int32Array;
  /** Pairs of items of equal score: Σ over ranks of t(t − 1)/2. */
  readonly tiedPairs: number;
}

/**
 * The dense ranks of finite scores (0 and −0 are one score).
 * @example denseRanks(Float64Array.of(0.5, 0.2, 0.5)).rank // => Int32Array [1, 0, 1]
 */
export function denseRanks(values: Float64Array): DenseRanks {
  const n = values.length;
  // A typed array sorts numerically, −0 before 0; `!==` then keeps them one score.
  const sorted = values.slice().sort();
  const levels = new Float64Array(n);
  let distinct = 0;
  for (let i = 0; i < n; i++) if (distinct === 0 || sorted[i] !== levels[distinct - 1]) levels[distinct++] = sorted[i]!;
  const rank = new Int32Array(n);
  const start = new Int32Array(distinct + 1);
  for (let i = 0; i < n; i++) {
    rank[i] = lowerBound(levels, values[i]!, distinct);
    start[rank[i]! + 1]!++;
  }
  let tiedPairs = 0;
  for (let r = 0; r < distinct; r++) {
    const t = start[r + 1]!;
    tiedPairs += (t * (t - 1)) / 2;
    start[r + 1] = start[r]! + t;
  }
  const items = new Int32Array(n);
  const next = start.slice(0, distinct);
  for (let i = 0; i < n; i++) items[next[rank[i]!]!++] = i;
  return { rank, distinct, items, start, tiedPairs };
}

/** For each item i, counts over the items strictly above it in `r`. */
export interface PairsAbove {
  /** How many items `r` puts strictly above item i. */
  readonly above: Int32Array;
  /** Of those, how many `s` puts strictly above i too (the pair is concordant). */
  readonly higher: Int32Array;
  /** Of those, how many `s` puts strictly below i (the pair is discordant); the rest tie with i in `s`. */
  readonly lower: Int32Array;
}

/**
 * The items above each item in `r`, and how `s` orders each such pair: one sweep down `r`, a tie group at a
 * time, with a Fenwick tree over `s`'s ranks of the items already passed. O(n log n).
 */
export function pairsAbove(r: DenseRanks, s: DenseRanks): PairsAbove {
  const n = r.rank.length;
  const above = new Int32Array(n);
  const higher = new Int32Array(n);
  const lower = new Int32Array(n);
  const passed = new Fenwick(s.distinct);
  for (let group = r.distinct - 1; group >= 0; group--) {
    const [first, end] = [r.start[group]!, r.start[group + 1]!];
    const count = n - r.start[group + 1]!;
    for (let k = first; k < end; k++) {
      const i = r.items[k]!;
      const rank = s.rank[i]!;
      above[i] = count;
      lower[i] = passed.below(rank);
      higher[i] = count - passed.below(rank + 1);
    }
    for (let k = first; k < end; k++) passed.add(s.rank[r.items[k]!]!);
  }
  return { above, higher, lower };
}

/** Concordant minus discordant pairs, Σ over i < j of sign(x_i − x_j) · sign(y_i − y_j), as an exact integer. */
export function concordance(x: DenseRanks, y: DenseRanks): number {
  const { higher, lower } = pairsAbove(x, y);
  let s = 0;
  for (let i = 0; i < higher.length; i++) s += higher[i]! - lower[i]!;
  return s;
}
