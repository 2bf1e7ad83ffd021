// Internal: the pairs of items two score lists order alike or not, counted in O(n log n) — scores sorted by
// a radix sort of their bits, then one sweep down one order with a Fenwick tree over the other's ranks
// (Knight 1966's idea) — for Kendall's τ and τ_AP.
import { Fenwick } from '../core/fenwick.js';

/** Which 32-bit word of a float64 holds its sign and exponent: 1 on a little-endian machine. */
const HIGH = new Uint32Array(Float64Array.of(1).buffer)[1] === 0x3ff00000 ? 1 : 0;

/**
 * Sort records, three words an item: the key of a score (high, low), whose unsigned order is the scores'
 * numeric order, and a payload carried along; and how many keys have each value of each 16-bit digit.
 */
interface Records {
  readonly words: Uint32Array;
  /** Counts of the digits, lowest first: 4 × 65,536. */
  readonly counts: Int32Array;
}

/** Room for n records, all counts 0. */
function emptyRecords(n: number): Records {
  return { words: new Uint32Array(3 * n), counts: new Int32Array(4 << 16) };
}

/** The words of finite scores, two a score, to read their bits from (see writeRecord). */
function bitsOf(values: Float64Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, 2 * values.length);
}

/**
 * Writes record k: the key of score i of `bits` (see bitsOf), and `payload`; and counts its digits. The key
 * is the score's IEEE-754 bits with a positive score's sign bit set and a negative score's bits all flipped
 * (a larger magnitude sorts lower); −0 gets 0's key.
 */
function writeRecord(bits: Uint32Array, i: number, into: Records, k: number, payload: number): void {
  const sign = bits[2 * i + HIGH]!;
  const rest = bits[2 * i + 1 - HIGH]!;
  const negative = sign >= 0x80000000 && (sign !== 0x80000000 || rest !== 0);
  const high = (negative ? ~sign : sign | 0x80000000) >>> 0;
  const low = (negative ? ~rest : rest) >>> 0;
  const { words, counts } = into;
  words[3 * k] = high;
  words[3 * k + 1] = low;
  words[3 * k + 2] = payload;
  counts[low & 0xffff]!++;
  counts[0x10000 + (low >>> 16)]!++;
  counts[0x20000 + (high & 0xffff)]!++;
  counts[0x30000 + (high >>> 16)]!++;
}

/**
 * The records' words sorted by key: an LSD radix sort of four 16-bit digits, stable (equal keys keep their
 * order); a digit every key shares is skipped. O(n) a pass. Returns `words` or `scratch`, as long.
 */
function radixSort({ words, counts }: Records, scratch: Uint32Array): Uint32Array {
  const n = words.length / 3;
  let from = words;
  let to = scratch;
  for (let digit = 0; digit < 4; digit++) {
    const base = digit << 16;
    // where each bucket starts
    let shared = false;
    for (let bucket = base, sum = 0; bucket < base + 0x10000; bucket++) {
      const count = counts[bucket]!;
      if (count === n) shared = true;
      counts[bucket] = sum;
      sum += count;
    }
    if (shared) continue;
    const word = digit < 2 ? 1 : 0;
    const shift = (digit & 1) * 16;
    for (let k = 0; k < 3 * n; k += 3) {
      const place = 3 * counts[base + ((from[k + word]! >>> shift) & 0xffff)]!++;
      to[place] = from[k]!;
      to[place + 1] = from[k + 1]!;
      to[place + 2] = from[k + 2]!;
    }
    const sorted = to;
    to = from;
    from = sorted;
  }
  return from;
}

/** The records of `values` (item i's payload i) sorted; and the sort's other buffer, free to reuse, counts 0. */
function sortedByScore(values: Float64Array): { readonly sorted: Uint32Array; readonly free: Records } {
  const n = values.length;
  const [bits, unsorted, scratch] = [bitsOf(values), emptyRecords(n), new Uint32Array(3 * n)];
  for (let i = 0; i < n; i++) writeRecord(bits, i, unsorted, i, i);
  const sorted = radixSort(unsorted, scratch);
  return { sorted, free: { words: sorted === scratch ? unsorted.words : scratch, counts: unsorted.counts.fill(0) } };
}

/** Whether sorted records k − 1 and k have the same key. */
function sameAsPrevious(sorted: Uint32Array, k: number): boolean {
  return sorted[3 * k] === sorted[3 * k - 3] && sorted[3 * k + 1] === sorted[3 * k - 2];
}

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
  const { sorted } = sortedByScore(values);
  const [rank, items, starts] = [new Int32Array(n), new Int32Array(n), new Int32Array(n + 1)];
  let distinct = 0;
  let tiedPairs = 0;
  for (let k = 0; k < n; k++) {
    if (k === 0 || !sameAsPrevious(sorted, k)) starts[distinct++] = k;
    else tiedPairs += k - starts[distinct - 1]!; // item k ties with each item before it in its group
    items[k] = sorted[3 * k + 2]!;
    rank[items[k]!] = distinct - 1;
  }
  starts[distinct] = n;
  return { rank, distinct, items, start: starts.slice(0, distinct + 1), tiedPairs };
}

/** Kendall's counts of two score lists, as exact integers. */
export interface PairCounts {
  /** S: concordant minus discordant pairs, Σ over i < j of sign(x_i − x_j) · sign(y_i − y_j). */
  readonly concordance: number;
  /** Pairs tied in `x`, in `y`: Σ over groups of equal scores of t(t − 1)/2. */
  readonly tiedX: number;
  readonly tiedY: number;
  /** How many distinct scores in `x`, in `y`. */
  readonly distinctX: number;
  readonly distinctY: number;
}

/**
 * Kendall's counts of finite scores `x` and `y` (0 and −0 one score) in O(n log n) (Knight 1966): the items
 * sorted by y, then stably by x, so that ties in x keep y's order; the pairs tied in x, in y and in both
 * read off the runs; the discordant pairs D in one sweep down that order with a Fenwick tree over y's ranks
 * of the items passed. Then S = n(n − 1)/2 − n_x − n_y + n_xy − 2D.
 * @example pairCounts(Float64Array.of(3, 2, 1), Float64Array.of(3, 1, 2)).concordance // => 2 − 1 = 1
 */
export function pairCounts(x: Float64Array, y: Float64Array): PairCounts {
  const n = x.length;
  const { sorted: byY, free: forX } = sortedByScore(y);
  // x's records in y's order, y's dense rank carried along
  const bitsX = bitsOf(x);
  let distinctY = 0;
  let tiedY = 0;
  let run = 0;
  for (let k = 0; k < n; k++) {
    if (k === 0 || !sameAsPrevious(byY, k)) {
      distinctY++;
      run = 0;
    } else tiedY += ++run;
    writeRecord(bitsX, byY[3 * k + 2]!, forX, k, distinctY - 1);
  }
  const byX = radixSort(forX, byY); // byY is read no more: the sort's scratch
  const passed = new Fenwick(distinctY);
  let distinctX = 0;
  let tiedX = 0;
  let tiedBoth = 0;
  let runBoth = 0;
  let discordant = 0;
  for (let k = 0; k < n; k++) {
    const rank = byX[3 * k + 2]!;
    if (k === 0 || !sameAsPrevious(byX, k)) {
      distinctX++;
      run = 0;
      runBoth = 0;
    } else {
      tiedX += ++run;
      runBoth = rank === byX[3 * k - 1] ? runBoth + 1 : 0;
      tiedBoth += runBoth;
    }
    // the items passed are lower in x, or tied in x and not higher in y: those higher in y are discordant
    discordant += k - passed.below(rank + 1);
    passed.add(rank);
  }
  const concordance = (n * (n - 1)) / 2 - tiedX - tiedY + tiedBoth - 2 * discordant;
  return { concordance, tiedX, tiedY, distinctX, distinctY };
}

/** For each item i, counts over the items strictly above it in `r`. */
export interface PairsAbove {
  /** How many items `r` puts strictly above item i. */
  readonly above: Int32Array;
  /** Of those, how many `s` puts strictly above i too (the pair is concordant). */
  readonly higher: Int32Array;
}

/**
 * The items above each item in `r`, and how many of them `s` puts above it too: one sweep down `r`, a tie
 * group at a time, with a Fenwick tree over `s`'s ranks of the items already passed. O(n log n).
 */
export function pairsAbove(r: DenseRanks, s: DenseRanks): PairsAbove {
  const n = r.rank.length;
  const above = new Int32Array(n);
  const higher = new Int32Array(n);
  const passed = new Fenwick(s.distinct);
  for (let group = r.distinct - 1; group >= 0; group--) {
    const [first, end] = [r.start[group]!, r.start[group + 1]!];
    const count = n - r.start[group + 1]!;
    for (let k = first; k < end; k++) {
      const i = r.items[k]!;
      above[i] = count;
      higher[i] = count - passed.below(s.rank[i]! + 1);
    }
    for (let k = first; k < end; k++) passed.add(s.rank[r.items[k]!]!);
  }
  return { above, higher };
}
