// Internal: the documents of one block of run lines, indexed by the hashes the run reader computed, for the
// two evaluators that read runs as bytes (`rankeval trec`, and the commands' scoring stream): repeats are
// found as the documents go in, and a judged document is found by its bytes, with no string made.
import type { RunBlock } from './run-block.js';

// Open addressing reused across blocks: (stamp, hash, key) per slot; a slot is taken when its stamp is the
// current one, so the table is never cleared.
let table = new Int32Array(0);
let slots = 0;
let stamp = 0;
let indexedOrder: ArrayLike<number> | null = null;

/**
 * Indexes the documents `order[0…n−1]` of `block` (or the first n in file order, with `order` null), each
 * under its position k in that list, calling `onRepeat(earlierKey, key)` (which must throw) for a document
 * already indexed.
 */
export function indexBlock(block: RunBlock, n: number, order: ArrayLike<number> | null, onRepeat: (earlierKey: number, key: number) => never): void {
  const { docBytes, docStart, docEnd, docHash } = block;
  let wanted = 64;
  while (wanted < 2 * n) wanted *= 2;
  if (wanted > slots || stamp === 0x7fffffff) {
    slots = Math.max(wanted, slots);
    table = new Int32Array(slots * 3);
    stamp = 0;
  }
  stamp++;
  indexedOrder = order;
  const mask = slots - 1;
  const wrap = slots * 3;
  for (let key = 0; key < n; key++) {
    const doc = order === null ? key : order[key]!;
    const hash = docHash[doc]!;
    let slot = (hash & mask) * 3;
    while (table[slot] === stamp) {
      if (table[slot + 1] === hash) {
        const other = order === null ? table[slot + 2]! : order[table[slot + 2]!]!;
        if (compareBytes(docBytes, docStart[other]!, docEnd[other]!, docBytes, docStart[doc]!, docEnd[doc]!) === 0) onRepeat(table[slot + 2]!, key);
      }
      slot += 3;
      if (slot === wrap) slot = 0;
    }
    table[slot] = stamp;
    table[slot + 1] = hash;
    table[slot + 2] = key;
  }
}

/** The key of the document of the block indexed last whose id is `bytes[start, end)` (FNV-1a `hash`), or −1. */
export function findDocument(block: RunBlock, bytes: Uint8Array, start: number, end: number, hash: number): number {
  const order = indexedOrder;
  const mask = slots - 1;
  const wrap = slots * 3;
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

/** strcmp on two byte ranges. */
export function compareBytes(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): number {
  const length = Math.min(aEnd - aStart, bEnd - bStart);
  for (let i = 0; i < length; i++) {
    const difference = a[aStart + i]! - b[bStart + i]!;
    if (difference !== 0) return difference;
  }
  return aEnd - aStart - (bEnd - bStart);
}
