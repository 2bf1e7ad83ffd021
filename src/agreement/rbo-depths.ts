// Internal: what RBO reads at each depth d of two rankings with ties — how much of each item a prefix holds
// (its membership), the overlap X_d of the two prefixes, and how far the unseen items of the shorter
// ranking could still overlap — in one pass over the depths, O(items + depth) whatever the ties.
import type { TieGroups } from './tie-ranking.js';

/**
 * How ties are treated (Corsi & Urbano, "The Treatment of Ties in Rank-Biased Overlap", SIGIR 2024):
 * - `'w'`: tied items share one rank, all at once: a prefix that reaches a tie holds all of it (Webber et
 *   al.'s own treatment); agreement divides the overlap by the prefixes' mean size.
 * - `'a'` (default): a tie is uncertainty: RBO is its expected value when each tie is broken at random —
 *   a prefix holds each tied item by the fraction of the tie's ranks it covers.
 * - `'b'`: as `'a'`, with the overlap divided by what the ties leave of each prefix (√(Σm²·Σm²)), as
 *   Kendall's τ_b is, so that RBO(x, x) = 1 for any x.
 */
export type RboTies = 'w' | 'a' | 'b';

/** One ranking's tie groups as rank ranges, and the membership of each group's items in a prefix. */
export class Ranks {
  readonly length: number;
  /** Group g holds ranks start[g] … start[g] + size[g] − 1. */
  readonly start: Int32Array;
  readonly size: Int32Array;
  /** Rank r (1 … length) → the group holding it. */
  readonly groupAt: Int32Array;
  readonly groupOf = new Map<string, number>();
  readonly groups: readonly (readonly string[])[];

  constructor(
    ranking: TieGroups,
    readonly ties: RboTies,
  ) {
    const count = ranking.groups.length;
    this.length = ranking.length;
    this.groups = ranking.groups;
    this.start = new Int32Array(count);
    this.size = new Int32Array(count);
    this.groupAt = new Int32Array(ranking.length + 1);
    let rank = 1;
    ranking.groups.forEach((group, g) => {
      this.start[g] = rank;
      this.size[g] = group.length;
      for (const id of group) this.groupOf.set(id, g);
      this.groupAt.fill(g, rank, rank + group.length);
      rank += group.length;
    });
  }

  /**
   * m_g(d): how much of an item of group g the prefix of depth d holds — 0 before the group's first rank;
   * under 'w' 1 from there; under 'a' and 'b' (d − start + 1)/size within the group, 1 after it.
   */
  member(g: number, d: number): number {
    const start = this.start[g]!;
    if (d < start) return 0;
    return this.ties === 'w' ? 1 : Math.min(1, (d - start + 1) / this.size[g]!);
  }

  /** The depth from which group g's items are wholly in the prefix: its first rank under 'w', else its last. */
  last(g: number): number {
    return this.ties === 'w' ? this.start[g]! : this.start[g]! + this.size[g]! - 1;
  }

  /** The group whose membership grows at depth d, or −1: the group holding rank d ('w': beginning at d). */
  growingAt(d: number): number {
    if (d > this.length) return -1;
    const g = this.groupAt[d]!;
    return this.ties === 'w' && this.start[g] !== d ? -1 : g;
  }

  /**
   * Σ m(d) under 'w' (how many items the prefix reaches), Σ m(d)² under 'b', at depth d; past the ranking's
   * end each unseen item is a rank of its own, so both are d there.
   */
  mass(d: number): number {
    if (d > this.length) return d;
    const g = this.groupAt[d]!;
    const start = this.start[g]!;
    const size = this.size[g]!;
    if (this.ties === 'w') return start + size - 1;
    const m = (d - start + 1) / size;
    return start - 1 + size * m * m;
  }
}

/**
 * X_d = Σ_i m_S(i, d)·m_L(i, d) over the items of both rankings, for d = 1 … depth (index 0 unused). At
 * depth d at most one group of each ranking is growing (G of S, H of L); every other group is either wholly
 * in the prefix or not begun. So X_d = (items wholly in both prefixes) + m_G(d)·Σ_{i∈G} m_L(i, d) +
 * m_H(d)·#{i ∈ H : i wholly in S's prefix}, the two sums kept up to date as d grows.
 */
export function overlaps(S: Ranks, L: Ranks, depth: number): Float64Array {
  const pairs = new Map<number, number>();
  const pairKey = (g: number, h: number): number => g * L.start.length + h;
  const pair = (g: number, h: number): number => pairs.get(pairKey(g, h)) ?? 0;
  const wholeFrom = new Float64Array(depth + 2);
  for (const [id, g] of S.groupOf) {
    const h = L.groupOf.get(id);
    if (h === undefined) continue;
    pairs.set(pairKey(g, h), pair(g, h) + 1);
    const from = Math.max(S.last(g), L.last(h)) + 1;
    if (from <= depth) wholeFrom[from]!++;
  }
  const X = new Float64Array(depth + 1);
  let whole = 0;
  let inG = 0; // Σ_{i∈G} m_L(i, d)
  let inH = 0; // #{i ∈ H : i wholly in S's prefix at d}
  let G = -1;
  let H = -1;
  for (let d = 1; d <= depth; d++) {
    whole += wholeFrom[d]!;
    const g = S.growingAt(d);
    const h = L.growingAt(d);
    if (g !== -1 && g !== G) inG = sumOver(S, g, (id) => memberIn(L, id, d));
    else if (g !== -1 && h !== -1) inG += pair(g, h) * (L.member(h, d) - L.member(h, d - 1));
    if (h !== -1 && h !== H) inH = sumOver(L, h, (id) => (S.groupOf.has(id) && S.last(S.groupOf.get(id)!) < d ? 1 : 0));
    else if (h !== -1) {
      const done = S.growingAt(d - 1);
      if (done !== -1 && S.last(done) === d - 1) inH += pair(done, h);
    }
    G = g;
    H = h;
    X[d] = whole + (g === -1 ? 0 : S.member(g, d) * inG) + (h === -1 ? 0 : L.member(h, d) * inH);
  }
  return X;
}

const memberIn = (ranks: Ranks, id: string, d: number): number => {
  const g = ranks.groupOf.get(id);
  return g === undefined ? 0 : ranks.member(g, d);
};

/** Σ over the ids of group g of `value(id)`. */
function sumOver(ranks: Ranks, g: number, value: (id: string) => number): number {
  let sum = 0;
  for (const id of ranks.groups[g]!) sum += value(id);
  return sum;
}
