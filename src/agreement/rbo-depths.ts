// Internal: what RBO reads at each depth d of two rankings with ties — how much of each item a prefix holds
// (its membership), the overlap X_d of the two prefixes, and how far the unseen items of the shorter
// ranking could still overlap — in one pass over the depths, O(items + depth) whatever the ties. Both
// rankings' items are numbered alike, so the pass reads typed arrays rather than maps of strings.
import type { TieGroups } from './tie-ranking.js';

/**
 * How ties are treated (Corsi & Urbano, "The Treatment of Ties in Rank-Biased Overlap", SIGIR 2024):
 * - `'w'`: tied items share one rank, all at once: a prefix that reaches a tie holds all of it (Webber et
 *   al.'s own treatment); agreement divides the overlap by the prefixes' mean size.
 * - `'a'` (default): a tie is uncertainty: a prefix holds each tied item by the fraction of the tie's ranks
 *   it covers. RBO_min is then its expected value when each tie is broken at random, and so are RBO_ext
 *   and RBO_max for rankings of one length; for rankings of unequal length with ties, ext and max are
 *   Corsi & Urbano's extrapolation of these fractional overlaps, which rankeval matches, not that mean.
 * - `'b'`: as `'a'`, with the overlap divided by what the ties leave of each prefix (√(Σm²·Σm²)), as
 *   Kendall's τ_b is, so that RBO(x, x) = 1 for any x.
 */
export type RboTies = 'w' | 'a' | 'b';

/** One ranking's tie groups as rank ranges over numbered items, and the membership of each in a prefix. */
export class Ranks {
  readonly length: number;
  /** Group g holds ranks start[g] … start[g] + size[g] − 1. */
  readonly start: Int32Array;
  readonly size: Int32Array;
  /** Rank r (1 … length) → the group holding it. */
  readonly groupAt: Int32Array;
  /** Rank r (1 … length) → the number of the item at r (index 0 unused). */
  readonly itemAt: Int32Array;
  /** Item number → its group here, or −1 for an item this ranking lacks. */
  readonly groupOfItem: Int32Array;

  /** `itemOf(id, position)` numbers the items, alike in both rankings; `capacity` bounds the numbers. */
  constructor(ranking: TieGroups, readonly ties: RboTies, itemOf: (id: string, position: number) => number, capacity: number) {
    const count = ranking.groups.length;
    this.length = ranking.length;
    this.start = new Int32Array(count);
    this.size = new Int32Array(count);
    this.groupAt = new Int32Array(ranking.length + 1);
    this.itemAt = new Int32Array(ranking.length + 1);
    this.groupOfItem = new Int32Array(capacity).fill(-1);
    let rank = 1;
    for (let g = 0; g < count; g++) {
      const group = ranking.groups[g]!;
      this.start[g] = rank;
      this.size[g] = group.length;
      for (const id of group) {
        const item = itemOf(id, rank - 1);
        this.groupOfItem[item] = g;
        this.itemAt[rank] = item;
        this.groupAt[rank++] = g;
      }
    }
  }

  /** Whether item number `item` is in this ranking. */
  holds(item: number): boolean {
    return this.groupOfItem[item] !== -1;
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

  /** m(d) of item number `item`: 0 for an item this ranking lacks. */
  memberOfItem(item: number, d: number): number {
    const g = this.groupOfItem[item]!;
    return g === -1 ? 0 : this.member(g, d);
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

  /** Σ over the items of group g of `value(item)`. */
  sumOver(g: number, value: (item: number) => number): number {
    let sum = 0;
    for (let r = this.start[g]!, end = r + this.size[g]!; r < end; r++) sum += value(this.itemAt[r]!);
    return sum;
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
 * The shorter and the longer of two rankings (the first given when they are as long), their items numbered
 * alike: an item of the shorter by its place there, an item only the longer holds by s + its place there.
 */
export function shorterAndLonger(a: TieGroups, b: TieGroups, ties: RboTies): [Ranks, Ranks] {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const capacity = a.length + b.length;
  const S = new Ranks(shorter, ties, (_, position) => position, capacity);
  const L = new Ranks(longer, ties, (id, position) => shorter.position.get(id) ?? shorter.length + position, capacity);
  return [S, L];
}

/**
 * X_d = Σ_i m_S(i, d)·m_L(i, d) over the items of both rankings, for d = 1 … depth (index 0 unused). At
 * depth d at most one group of each ranking is growing (G of S, H of L); every other group is either wholly
 * in the prefix or not begun. So X_d = (items wholly in both prefixes) + m_G(d)·Σ_{i∈G} m_L(i, d) +
 * m_H(d)·#{i ∈ H : i wholly in S's prefix}, the two sums kept up to date as d grows. The shared items of a
 * pair of groups are counted only where one of the two is a tie: only then does a group grow over more than
 * one depth, so only then are the sums updated rather than summed afresh.
 */
export function overlaps(S: Ranks, L: Ranks, depth: number): Float64Array {
  const pairs = new Map<number, number>();
  const pairKey = (g: number, h: number): number => g * L.start.length + h;
  const pair = (g: number, h: number): number => pairs.get(pairKey(g, h)) ?? 0;
  const wholeFrom = new Float64Array(depth + 2);
  for (let r = 1; r <= S.length; r++) {
    const item = S.itemAt[r]!;
    const h = L.groupOfItem[item]!;
    if (h === -1) continue;
    const g = S.groupAt[r]!;
    if (S.size[g]! > 1 || L.size[h]! > 1) pairs.set(pairKey(g, h), pair(g, h) + 1);
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
    if (g !== -1 && g !== G) inG = S.sumOver(g, (item) => L.memberOfItem(item, d));
    else if (g !== -1 && h !== -1) inG += pair(g, h) * (L.member(h, d) - L.member(h, d - 1));
    if (h !== -1 && h !== H) inH = L.sumOver(h, (item) => (S.holds(item) && S.last(S.groupOfItem[item]!) < d ? 1 : 0));
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
