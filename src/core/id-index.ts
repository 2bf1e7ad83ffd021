// Internal: the rank of every id of one ranking, which also rejects non-string and repeated ids. Every
// metric needs the rank of each judged document and a check that no id repeats, so this lookup is on the
// path of every ranked document: an open-addressing table of 32-bit entries keyed on a cheap fingerprint
// (every character of a short id, 12 sampled characters of a long one), comparing whole strings only when
// fingerprints match. Ids built to collide (alike in every sampled character, or crafted hash collisions)
// exhaust a probe budget and fall back to a Map, so the cost stays O(n) expected for any input.
import { argument, failId, RankevalError, type ErrorAbout } from './errors.js';
import { describeValue } from './quoting.js';
import { giveBackInt32, lendInt32 } from './scratch.js';

/**
 * The ranks of one ranking's ids: built by indexIds, read by rankOf, handed back by releaseIndex. Its
 * fields belong to this module.
 */
export interface IdIndex {
  readonly ids: readonly unknown[];
  /**
   * One entry a slot, 0 when empty: the id's rank in the bits of `rankMask`, the high bits of its
   * fingerprint above them (the low bits are implied by the slot). One word a slot keeps the table small
   * enough to stay in cache. Null once released.
   */
  table: Int32Array | null;
  /** Slots used (a power of two, at least twice the ranking's length) minus 1. */
  readonly slotMask: number;
  readonly rankMask: number;
  /** The ranks when the ids collided past the probe budget, else null. */
  readonly fallback: Map<string, number> | null;
}

// Ids up to this length are hashed whole: short ids (MS MARCO's digits, TREC's `LA010189-0001`) often
// differ in one or two inner characters. Longer ids are sampled, as reading every character of each one
// would cost more than the rest of the lookup.
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

/**
 * Indexes `ids`, checking that each is a string that appears once.
 * @throws RankevalError `invalid_ranking` naming `fn` and `where`, about `about`'s subject (by default the
 * argument `ranking`): a non-string id (`facts.index` its position), or a repeated one with both its ranks
 * (`at.document` the id, `facts.index` its second position).
 */
export function indexIds(ids: readonly unknown[], fn: string, where: string, about: ErrorAbout = RANKING): IdIndex {
  const n = ids.length;
  let wanted = 64;
  while (wanted < 2 * n) wanted *= 2;
  // Lent by the scratch space (its table until releaseIndex gives it back), cleared here.
  const table = lendInt32(wanted).fill(0, 0, wanted);
  // Ranks 1…n need 32 − clz32(n) bits (at most 31: a typed array of 2n slots is shorter than 2³²); the
  // mask is built with integer operations so that it stays a small integer, never a boxed double.
  const rankBits = 32 - Math.clz32(n);
  const ranks = rankBits === 0 ? 0 : (-1 >>> (32 - rankBits)) | 0;
  const tagMask = ~ranks;
  const mask = wanted - 1;
  let probeBudget = 8 * n + 64;
  for (let i = 0; i < n; i++) {
    const id = ids[i];
    if (typeof id !== 'string') failId('invalid_ranking', fn, `every id in ${where}`, 'a string', id, { ...about, facts: { index: i } });
    const h = fingerprint(id);
    const tag = h & tagMask;
    let slot = h & mask;
    let entry: number;
    while ((entry = table[slot]!) !== 0) {
      if ((entry & tagMask) === tag && ids[(entry & ranks) - 1] === id) duplicate(id, (entry & ranks) - 1, i, fn, where, about);
      if (--probeBudget < 0) return { ids, table, slotMask: mask, rankMask: ranks, fallback: indexWithMap(ids, fn, where, about) };
      slot = (slot + 1) & mask;
    }
    table[slot] = tag | (i + 1);
  }
  return { ids, table, slotMask: mask, rankMask: ranks, fallback: null };
}

function indexWithMap(ids: readonly unknown[], fn: string, where: string, about: ErrorAbout): Map<string, number> {
  const ranks = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (typeof id !== 'string') failId('invalid_ranking', fn, `every id in ${where}`, 'a string', id, { ...about, facts: { index: i } });
    const earlier = ranks.get(id);
    if (earlier !== undefined) duplicate(id, earlier, i, fn, where, about);
    ranks.set(id, i);
  }
  return ranks;
}

/** 1-based rank of `id` in the ranking `index` was built from, or 0 when it is not there. */
export function rankOf(index: IdIndex, id: string): number {
  const table = index.table;
  if (table === null) throw new Error('rankeval: an id index was read after releaseIndex; this is a bug in rankeval, please report it');
  if (index.fallback !== null) return (index.fallback.get(id) ?? -1) + 1;
  const h = fingerprint(id);
  const ranks = index.rankMask;
  const tagMask = ~ranks;
  const tag = h & tagMask;
  const mask = index.slotMask;
  let slot = h & mask;
  let entry: number;
  while ((entry = table[slot]!) !== 0) {
    if ((entry & tagMask) === tag && index.ids[(entry & ranks) - 1] === id) return entry & ranks;
    slot = (slot + 1) & mask;
  }
  return 0;
}

/**
 * Ends `index`: its table goes back to the scratch space (giveBackInt32) for the next index, and rankOf
 * refuses it from then on. An index never released is simply collected.
 */
export function releaseIndex(index: IdIndex): void {
  const table = index.table;
  index.table = null;
  if (table !== null) giveBackInt32(table);
}

/** The subject of a single ranking's errors when the caller names none: the argument `ranking`. */
export const RANKING: ErrorAbout = { subject: argument('ranking') };

function duplicate(id: string, first: number, second: number, fn: string, where: string, about: ErrorAbout): never {
  throw new RankevalError({
    code: 'invalid_ranking',
    fn,
    subject: about.subject,
    at: { ...about.at, document: id },
    facts: { index: second },
    problem: `duplicate document id ${describeValue(id)} in ${where} at ranks ${first + 1} and ${second + 1}`,
    expected: 'each document id once',
    received: id,
  });
}
