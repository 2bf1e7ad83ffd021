// Internal: the position of every id of one ranking, built once per ranking, which also rejects non-string
// and repeated ids. Every metric needs the rank of each judged document and a check that no id repeats;
// a JavaScript Set or Map over all ids costs ~40 ns an id (hashing the whole string, growing the table),
// which alone would cap evaluateRun near 20 million ranked documents a second. This open-addressing
// table keys on a cheap fingerprint (length, four last characters, the middle and first ones: where ids
// usually differ), reuses one typed array across rankings, and compares whole strings only when
// fingerprints match. Ids built to collide (alike in every sampled character) exceed the probe budget and
// fall back to a Map, so the cost stays O(n) expected for any input.
import { describeValue, fail, RankevalError } from '../errors.js';

const EMPTY = -1;
// (stamp, fingerprint, index) triples; a slot is taken when its stamp is the current one, so the table
// is never cleared between rankings.
let table = new Int32Array(0);
let slots = 0;
let stamp = 0;
let indexed: readonly unknown[] = [];
let fallback: Map<string, number> | null = null;

function fingerprint(id: string): number {
  const n = id.length;
  let h = Math.imul(n, 0x9e3779b1);
  if (n > 0) {
    h = Math.imul(h ^ id.charCodeAt(n - 1), 0x01000193);
    if (n > 1) h = Math.imul(h ^ id.charCodeAt(n - 2), 0x01000193);
    if (n > 2) h = Math.imul(h ^ id.charCodeAt(n - 3), 0x01000193);
    if (n > 3) h = Math.imul(h ^ id.charCodeAt(n - 4), 0x01000193);
    if (n > 4) h = Math.imul(h ^ id.charCodeAt(n >> 1), 0x01000193);
    if (n > 5) h = Math.imul(h ^ id.charCodeAt(0), 0x01000193);
  }
  return h ^ (h >>> 16);
}

/** Indexes `ids` (replacing the previous ranking); throws on a non-string or repeated id. */
export function indexIds(ids: readonly unknown[], fn: string, where: string): void {
  const n = ids.length;
  let wanted = 64;
  while (wanted < 2 * n) wanted *= 2;
  if (wanted > slots || stamp === 0x7fffffff) {
    slots = Math.max(wanted, slots);
    table = new Int32Array(slots * 3);
    stamp = 0;
  }
  stamp++;
  indexed = ids;
  fallback = null;
  const mask = slots - 1;
  let probeBudget = 8 * n + 64;
  for (let i = 0; i < n; i++) {
    const id = ids[i];
    if (typeof id !== 'string') fail('invalid_ranking', fn, `every id in ${where}`, 'a string', id);
    const h = fingerprint(id);
    let slot = (h & mask) * 3;
    while (table[slot] === stamp) {
      if (table[slot + 1] === h && ids[table[slot + 2]!] === id) duplicate(id, table[slot + 2]!, i, fn, where);
      if (--probeBudget < 0) return indexWithMap(ids, fn, where);
      slot += 3;
      if (slot === table.length) slot = 0;
    }
    table[slot] = stamp;
    table[slot + 1] = h;
    table[slot + 2] = i;
  }
}

function indexWithMap(ids: readonly unknown[], fn: string, where: string): void {
  fallback = new Map();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (typeof id !== 'string') fail('invalid_ranking', fn, `every id in ${where}`, 'a string', id);
    const earlier = fallback.get(id);
    if (earlier !== undefined) duplicate(id, earlier, i, fn, where);
    fallback.set(id, i);
  }
}

/** 1-based rank of `id` in the ranking indexed last, or 0 when it is not there. */
export function rankOf(id: string): number {
  if (fallback !== null) return (fallback.get(id) ?? EMPTY) + 1;
  const h = fingerprint(id);
  const mask = slots - 1;
  let slot = (h & mask) * 3;
  while (table[slot] === stamp) {
    if (table[slot + 1] === h && indexed[table[slot + 2]!] === id) return table[slot + 2]! + 1;
    slot += 3;
    if (slot === table.length) slot = 0;
  }
  return 0;
}

function duplicate(id: string, first: number, second: number, fn: string, where: string): never {
  throw new RankevalError(
    'invalid_ranking',
    `${fn}: duplicate document id ${describeValue(id)} in ${where} at ranks ${first + 1} and ${second + 1}`,
    'each document id once',
    id,
  );
}
