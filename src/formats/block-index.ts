// Internal: the documents of one block of run lines, indexed by the hashes the run reader computed, for the
// two evaluators that read runs as bytes (`rankeval trec`, and the commands' scoring stream): repeats are
// found as the documents go in, and a judged document is found by its bytes, with no string made. Each
// user owns its table (an evaluation, a run reader's RepeatWatch), so two runs read at once never share one.
import type { RunBlock } from './run-block.js';

/**
 * An open-addressing table of (stamp, hash, key) slots over a block's documents: a slot is taken when its
 * stamp is the current one, so the table is never cleared between blocks. It answers for the block it
 * indexed last, until its next `reset` or `index`.
 */
export class DocumentTable {
  private table = new Int32Array(0);
  private slots = 0;
  private stamp = 0;
  /** The order `key`s index (null: file order). */
  order: ArrayLike<number> | null = null;

  /** Empties the table, with room for `n` documents at a load of at most one half. */
  reset(n: number, order: ArrayLike<number> | null): void {
    let wanted = 64;
    while (wanted < 2 * n) wanted *= 2;
    if (wanted > this.slots || this.stamp === 0x7fffffff) {
      this.slots = Math.max(wanted, this.slots);
      this.table = new Int32Array(this.slots * 3);
      this.stamp = 0;
    }
    this.stamp++;
    this.order = order;
  }

  /**
   * Indexes the documents `order[0…n−1]` of `block` (or the first n in file order, with `order` null), each
   * under its position k in that list, calling `onRepeat(earlierKey, key)` (which must throw) for a document
   * already indexed.
   */
  index(block: RunBlock, n: number, order: ArrayLike<number> | null, onRepeat: (earlierKey: number, key: number) => never): void {
    this.reset(n, order);
    for (let key = 0; key < n; key++) {
      const earlier = this.add(block, key);
      if (earlier !== -1) onRepeat(earlier, key);
    }
  }

  /** Whether `n` documents fit at a load of at most one half. */
  fits(n: number): boolean {
    return 2 * n <= this.slots;
  }

  /** Adds the document `key` of `block` (its line `order[key]`), returning the key of the same document added before, or −1 (then it is added). */
  add(block: RunBlock, key: number): number {
    const { docBytes, docStart, docEnd, docHash } = block;
    const { table, order, stamp } = this;
    const doc = order === null ? key : order[key]!;
    const hash = docHash[doc]!;
    const mask = this.slots - 1;
    const wrap = this.slots * 3;
    let slot = (hash & mask) * 3;
    while (table[slot] === stamp) {
      if (table[slot + 1] === hash) {
        const other = order === null ? table[slot + 2]! : order[table[slot + 2]!]!;
        if (compareBytes(docBytes, docStart[other]!, docEnd[other]!, docBytes, docStart[doc]!, docEnd[doc]!) === 0) return table[slot + 2]!;
      }
      slot += 3;
      if (slot === wrap) slot = 0;
    }
    table[slot] = stamp;
    table[slot + 1] = hash;
    table[slot + 2] = key;
    return -1;
  }

  /** The key of the document of `block` whose id is `bytes[start, end)` (FNV-1a `hash`), or −1. */
  find(block: RunBlock, bytes: Uint8Array, start: number, end: number, hash: number): number {
    const { table, order, stamp } = this;
    const mask = this.slots - 1;
    const wrap = this.slots * 3;
    let slot = (hash & mask) * 3;
    while (table[slot] === stamp) {
      const key = table[slot + 2]!;
      const doc = order === null ? key : order[key]!;
      if (table[slot + 1] === hash && compareBytes(block.docBytes, block.docStart[doc]!, block.docEnd[doc]!, bytes, start, end) === 0) return key;
      slot += 3;
      if (slot === wrap) slot = 0;
    }
    return -1;
  }
}

/** strcmp on two byte ranges. */
export function compareBytes(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): number {
  const length = Math.min(aEnd - aStart, bEnd - bStart);
  for (let i = 0; i < length; i++) {
    const difference = a[aStart + i]! - b[bStart + i]!;
    if (difference !== 0) return difference;
  }
  return aEnd - aStart - (bEnd - bStart);
}
