// Internal: the position of every id of one ranking, built once per ranking, which also rejects non-string
// and repeated ids. Every metric needs the rank of each judged document and a check that no id repeats;
// a JavaScript Set or Map over all ids costs ~40 ns an id (hashing the whole string, growing the table),
// which alone would cap evaluateRun near 20 million ranked documents a second. This open-addressing
// table keys on a cheap fingerprint (every character of an id up to 16 characters long; 16 characters of
// a longer one, from its start, middle and end), reuses one typed array across rankings, and compares
// whole strings only when fingerprints match. Ids built to collide (alike in every sampled character of
// long ids, or crafted hash collisions) exceed the probe budget and fall back to a Map, so the cost stays
// O(n) expected for any input.
import { describeValue, fail, RankevalError } from '../errors.js';

const EMPTY = -1;
// (stamp, fingerprint, index) triples; a slot is taken when its stamp is the current one, so the table
// is never cleared between rankings.
let table = new Int32Array(0);
// The table holds room for the largest ranking seen; each ranking uses only the first `slots` (twice its
// length or more), so that a short ranking after a long one probes a region that stays in cache.
let slots = 0;
let stamp = 0;
let indexed: readonly unknown[] = [];
let fallback: Map<string, number> | null = null;

// Ids up to this length are hashed whole: MS MARCO passage and document ids (1–8 characters), TREC news
// ids such as `LA010189-0001` and most short ids differ in a few characters anywhere, and reading every
// one costs about what the six sampled before did (6 characters gave 64,330 distinct fingerprints for one
// 100,000-passage MS MARCO ranking; every character gives 99,999). Each character read costs ~2–4 ns here,
// so longer ids are sampled: reading all 36 characters of a UUID made evaluateRun 5× slower per document.
const WHOLE_ID_LENGTH = 16;
const FNV_PRIME = 0x01000193;

/**
 * A 32-bit hash of every character of an id of at most WHOLE_ID_LENGTH characters, and of 16 characters
 * of a longer one: its first 4, 4 spread over the middle and its last 8 (sequential ids differ at the end,
 * URLs and paths share their start). The multiplications carry each character only towards the high
 * bits, so the last shift folds them back into the low bits that pick the slot.
 */
function fingerprint(id: string): number {
  const n = id.length;
  let h = Math.imul(n, 0x9e3779b1);
  if (n <= WHOLE_ID_LENGTH) {
    for (let i = 0; i < n; i++) h = Math.imul(h ^ id.charCodeAt(i), FNV_PRIME);
  } else {
    for (let i = 0; i < 4; i++) h = Math.imul(h ^ id.charCodeAt(i), FNV_PRIME);
    // Positions 4 + k·(n − 12)/5 for k = 1…4: strictly between the first 4 and the last 8 characters.
    const step = (n - 12) / 5;
    for (let k = 1; k <= 4; k++) h = Math.imul(h ^ id.charCodeAt(4 + Math.floor(k * step)), FNV_PRIME);
    for (let i = n - 8; i < n; i++) h = Math.imul(h ^ id.charCodeAt(i), FNV_PRIME);
  }
  return h ^ (h >>> 16);
}

/** Indexes `ids` (replacing the previous ranking); throws on a non-string or repeated id. */
export function indexIds(ids: readonly unknown[], fn: string, where: string): void {
  const n = ids.length;
  let wanted = 64;
  while (wanted < 2 * n) wanted *= 2;
  if (wanted * 3 > table.length || stamp === 0x7fffffff) {
    table = new Int32Array(Math.max(wanted * 3, table.length));
    stamp = 0;
  }
  slots = wanted;
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
      if (slot === slots * 3) slot = 0;
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
    if (slot === slots * 3) slot = 0;
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
