// Internal: the position of every id of one ranking, built once per ranking, which also rejects non-string
// and repeated ids. Every metric needs the rank of each judged document and a check that no id repeats;
// a JavaScript Set or Map over all ids costs ~40 ns an id (hashing the whole string, growing the table),
// which alone would cap evaluateRun near 20 million ranked documents a second. This open-addressing
// table keys on a cheap fingerprint (every character of an id up to 16 characters long; 12 characters of
// a longer one, from its start, middle and end), reuses one typed array across rankings, and compares
// whole strings only when fingerprints match. Ids built to collide (alike in every sampled character of
// long ids, or crafted hash collisions) exceed the probe budget and fall back to a Map, so the cost stays
// O(n) expected for any input.
import { describeValue, fail, RankevalError } from './errors.js';

const EMPTY = -1;
// One 32-bit entry a slot, 0 when empty: the id's rank (index + 1) in the bits of `rankMask`, the high
// bits of its fingerprint above them (the rest of the fingerprint is implied by the slot). Four bytes a
// slot keep the table of a 100,000-document ranking (262,144 slots) within a megabyte, in this machine's
// L2 cache; three 32-bit words a slot (stamp, fingerprint, index) made its random probes miss the cache,
// and evaluateRun cost 2.2–2.6× more per document than on 1,000-document rankings.
let table = new Int32Array(0);
// The table holds room for the largest ranking seen; each ranking clears and uses only the first `slots`
// (a power of two, at least twice its length), so that a short ranking after a long one stays in cache.
let slots = 0;
let rankMask = 0;
let indexed: readonly unknown[] = [];
let fallback: Map<string, number> | null = null;

// Ids up to this length are hashed whole: MS MARCO passage and document ids (1–8 characters), TREC news
// ids such as `LA010189-0001` and most short ids differ in a few characters anywhere (6 sampled characters
// gave 64,330 distinct fingerprints for one 100,000-passage MS MARCO ranking, skipping the 2nd and 3rd of
// 7 digits; every character gives 99,999). Each character read costs ~2–4 ns here, so longer ids are
// sampled: reading all 36 characters of a UUID made evaluateRun about 5× slower per document, and a
// 16-character sample read in loops about 2.5×; 12 characters read without a loop cost about 1.5×.
const WHOLE_ID_LENGTH = 16;
const FNV_PRIME = 0x01000193;

/**
 * A 32-bit hash of every character of an id of at most WHOLE_ID_LENGTH characters (sampledFingerprint
 * for longer ones). The multiplications carry each character only towards the high bits, so the last
 * shift folds them back into the low bits that pick the slot.
 */
function fingerprint(id: string): number {
  const n = id.length;
  let h = Math.imul(n, 0x9e3779b1);
  if (n > WHOLE_ID_LENGTH) return sampledFingerprint(id, h);
  // The last 8 characters unrolled (where ids most often differ, and all of a short id), then the rest.
  if (n > 0) {
    h = Math.imul(h ^ id.charCodeAt(n - 1), FNV_PRIME);
    if (n > 1) h = Math.imul(h ^ id.charCodeAt(n - 2), FNV_PRIME);
    if (n > 2) h = Math.imul(h ^ id.charCodeAt(n - 3), FNV_PRIME);
    if (n > 3) h = Math.imul(h ^ id.charCodeAt(n - 4), FNV_PRIME);
    if (n > 4) h = Math.imul(h ^ id.charCodeAt(n - 5), FNV_PRIME);
    if (n > 5) h = Math.imul(h ^ id.charCodeAt(n - 6), FNV_PRIME);
    if (n > 6) h = Math.imul(h ^ id.charCodeAt(n - 7), FNV_PRIME);
    if (n > 7) h = Math.imul(h ^ id.charCodeAt(n - 8), FNV_PRIME);
    for (let i = n - 9; i >= 0; i--) h = Math.imul(h ^ id.charCodeAt(i), FNV_PRIME);
  }
  return h ^ (h >>> 16);
}

/**
 * The hash of 12 characters of a long id: its first 2, 3 at its quarter, half and three quarters, and its
 * last 7 (sequential ids differ at the end, URLs and paths share their start), read without a loop.
 */
function sampledFingerprint(id: string, h: number): number {
  const n = id.length;
  h = Math.imul(h ^ id.charCodeAt(0), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt(1), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt(n >> 2), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt(n >> 1), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt((3 * n) >> 2), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt(n - 7), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt(n - 6), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt(n - 5), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt(n - 4), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt(n - 3), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt(n - 2), FNV_PRIME);
  h = Math.imul(h ^ id.charCodeAt(n - 1), FNV_PRIME);
  return h ^ (h >>> 16);
}

/** Indexes `ids` (replacing the previous ranking); throws on a non-string or repeated id. */
export function indexIds(ids: readonly unknown[], fn: string, where: string): void {
  const n = ids.length;
  let wanted = 64;
  while (wanted < 2 * n) wanted *= 2;
  if (wanted > table.length) table = new Int32Array(wanted);
  else table.fill(0, 0, wanted);
  slots = wanted;
  // Ranks 1…n need 32 − clz32(n) bits (at most 31: a typed array of 2n slots is shorter than 2³²); the
  // mask is built with integer operations so that it stays a small integer, never a boxed double.
  const rankBits = 32 - Math.clz32(n);
  const ranks = rankBits === 0 ? 0 : (-1 >>> (32 - rankBits)) | 0;
  rankMask = ranks;
  const tagMask = ~ranks;
  indexed = ids;
  fallback = null;
  const mask = slots - 1;
  let probeBudget = 8 * n + 64;
  for (let i = 0; i < n; i++) {
    const id = ids[i];
    if (typeof id !== 'string') fail('invalid_ranking', fn, `every id in ${where}`, 'a string', id);
    const h = fingerprint(id);
    const tag = h & tagMask;
    let slot = h & mask;
    let entry: number;
    while ((entry = table[slot]!) !== 0) {
      if ((entry & tagMask) === tag && ids[(entry & ranks) - 1] === id) duplicate(id, (entry & ranks) - 1, i, fn, where);
      if (--probeBudget < 0) return indexWithMap(ids, fn, where);
      slot = (slot + 1) & mask;
    }
    table[slot] = tag | (i + 1);
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
  const ranks = rankMask;
  const tagMask = ~ranks;
  const tag = h & tagMask;
  const mask = slots - 1;
  let slot = h & mask;
  let entry: number;
  while ((entry = table[slot]!) !== 0) {
    if ((entry & tagMask) === tag && indexed[(entry & ranks) - 1] === id) return entry & ranks;
    slot = (slot + 1) & mask;
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
