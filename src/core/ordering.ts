// Internal: the order of a ranking. A ranking of ids is in rank order already; a scored one is sorted as
// trec_eval sorts it (score descending, ties by id descending in UTF-8 byte order), kept as given, or split
// into tie groups for `ties: 'average'`. compareUtf8 is also the order of every id listing in the output.
import { fail, failId, RankevalError, type ErrorAbout } from './errors.js';
import { misnamedKey } from './suggest.js';
import { readFailure } from './boundary.js';
import { RANKING } from './id-index.js';
import type { ScoreOrder, Ties } from './types.js';

/**
 * Orders a ranking and returns its ids in rank order (unchecked: countAtCutoffs checks each id).
 * Scored documents are sorted by score descending, ties by id descending in UTF-8 byte order, as trec_eval
 * 9.0.8 does (`ties` 'trec' and 'average'), or kept in the array's order ('given'); the input is not mutated.
 */
export function rankedIds(ranking: unknown, fn: string, where = 'the ranking', ties: Ties = 'trec'): readonly unknown[] {
  return orderRanking(ranking, fn, where, ties).ids;
}

/**
 * A run of equal scores in rank order: the documents at ranks start … start + size − 1 (size ≥ 2). Under
 * `ties: 'average'` each of their size! orders is equally likely.
 */
export interface TieGroup {
  readonly start: number;
  readonly size: number;
}

/** A ranking in rank order, with its tie groups when `ties` is 'average' and some scores tie. */
export interface OrderedRanking {
  readonly ids: readonly unknown[];
  /** Undefined when nothing is averaged: ties is not 'average', the ranking holds plain ids, or no score ties. */
  readonly tieGroups: readonly TieGroup[] | undefined;
}

/** The `scoreOrder` option, checked: `'descending'`, `'ascending'`, or undefined when not given. */
export function readScoreOrder(scoreOrder: unknown, fn: string): ScoreOrder | undefined {
  if (scoreOrder !== undefined && scoreOrder !== 'descending' && scoreOrder !== 'ascending') {
    fail('invalid_option', fn, { kind: 'option', option: 'scoreOrder' }, "'descending' or 'ascending'", scoreOrder);
  }
  return scoreOrder;
}

/**
 * Orders a ranking as `ties` says (see rankedIds) and finds its tie groups under 'average'. With
 * `scoreOrder: 'ascending'` a lower score ranks higher: the scores are read negated, so ties stay ties.
 */
export function orderRanking(ranking: unknown, fn: string, where: string, ties: Ties, scoreOrder: ScoreOrder = 'descending', about: ErrorAbout = RANKING): OrderedRanking {
  const read = readRanking(ranking, fn, where, about);
  if (read.scores === undefined) return { ids: read.ids, tieGroups: undefined };
  const { ids, scores } = read;
  if (scoreOrder === 'ascending') for (let i = 0; i < scores.length; i++) scores[i] = -scores[i]!;
  if (ties === 'given') return { ids, tieGroups: undefined };
  if (ties === 'trec') return { ids: orderByScore(ids, scores), tieGroups: undefined };
  const order = orderIndices(ids, scores);
  const tieGroups: TieGroup[] = [];
  for (let i = 0; i < order.length; ) {
    let end = i + 1;
    // 0 and −0 are one score, as the sort's comparison reads them.
    while (end < order.length && scores[order[end]!] === scores[order[i]!]) end++;
    if (end - i > 1) tieGroups.push({ start: i + 1, size: end - i });
    i = end;
  }
  return { ids: order.map((i) => ids[i]!), tieGroups: tieGroups.length === 0 ? undefined : tieGroups };
}


/**
 * A ranking as given: an array of ids (unchecked: the caller checks each id), or a scored one read into its
 * ids and scores (each entry checked: a string id, a finite score), in the array's order.
 * @throws {RankevalError} `invalid_ranking` naming `fn`, `where` and `about` (by default the argument `ranking`): not an array, a bad entry, or what
 *   reading the caller's array throws (a getter, a revoked Proxy)
 */
export function readRanking(ranking: unknown, fn: string, where: string, about: ErrorAbout = RANKING): { readonly ids: readonly unknown[]; readonly scores: undefined } | { readonly ids: string[]; readonly scores: Float64Array } {
  // What reading the caller's ranking throws (Array.isArray of a revoked Proxy, a getter) is an
  // invalid_ranking naming it (readFailure); a try, not a closure, on this path of every query.
  try {
    if (!Array.isArray(ranking)) return fail('invalid_ranking', fn, where, 'an array of ids or of {id, score} objects', ranking, about);
    if (ranking.length === 0 || typeof ranking[0] === 'string') return { ids: ranking, scores: undefined };
    const ids = new Array<string>(ranking.length);
    const scores = new Float64Array(ranking.length);
    readScored(ranking, ids, scores, fn, where, about);
    return { ids, scores };
  } catch (error) {
    throw readFailure(error, fn, 'invalid_ranking', where);
  }
}

/** Reads the {id, score} entries of a scored ranking into `ids` and `scores`, each field once. */
function readScored(ranking: readonly unknown[], ids: string[], scores: Float64Array, fn: string, where: string, about: ErrorAbout): void {
  for (let i = 0; i < ranking.length; i++) {
    const entry = ranking[i] as { id?: unknown; score?: unknown } | null;
    // An array is no {id, score} object: failId calls it a tie group, which only rbo and overlap take.
    // The entry's place is built only when it fails: this loop reads every scored document.
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      failId('invalid_ranking', fn, `${where}[${i}]`, i === 0 ? 'a string id or an {id, score} object' : 'an {id, score} object like the first entry', entry, entryAbout(about, i));
    }
    const { id, score } = entry;
    if (typeof id !== 'string') badField(entry, 'id', 'a string', `${where}[${i}]`, fn, entryAbout(about, i));
    if (typeof score !== 'number' || !Number.isFinite(score)) badField(entry, 'score', 'a finite number', `${where}[${i}]`, fn, entryAbout(about, i));
    ids[i] = id;
    scores[i] = score;
  }
}

/** What an error about entry `index` of a ranking is about: the ranking's subject and place, and the entry's index. */
const entryAbout = (about: ErrorAbout, index: number): ErrorAbout => ({ ...about, facts: { index } });

/**
 * Throws for a scored entry's `id` or `score` that is not what it should be: a numeric id is told that ids
 * are strings (failId); a missing one, the key the entry gives for it where that is a slip (misnamedKey:
 * `doc_id` for `id`, `similarity` for `score`).
 */
function badField(entry: object, field: 'id' | 'score', expected: string, at: string, fn: string, about: ErrorAbout): never {
  const value = (entry as Record<string, unknown>)[field];
  const what = `${at}.${field}`;
  const misnamed = value === undefined ? misnamedKey(entry, ['id', 'score']) : undefined;
  if (misnamed === undefined || misnamed[1] !== field) return field === 'id' ? failId('invalid_ranking', fn, what, expected, value, about) : fail('invalid_ranking', fn, what, expected, value, about);
  const problem = `expected ${what} to be ${expected}, got \`undefined\` (undefined); the entry has ${JSON.stringify(misnamed[0])}: did you mean \`${field}\`?`;
  throw new RankevalError({ code: 'invalid_ranking', fn, ...about, what, problem, expected, received: value });
}

/**
 * Ids in trec_eval's rank order: score descending, ties by id in UTF-8 byte order, descending as trec_eval
 * orders a run against qrels, or `ascending` as it orders one against preferences.
 */
export function orderByScore(ids: readonly string[], scores: ArrayLike<number>, tiesById: 'descending' | 'ascending' = 'descending'): string[] {
  return orderIndices(ids, scores, tiesById === 'ascending' ? -1 : 1).map((i) => ids[i]!);
}

function orderIndices(ids: readonly string[], scores: ArrayLike<number>, idSign: 1 | -1 = 1): number[] {
  const order = Array.from(ids, (_, i) => i);
  order.sort((a, b) => {
    const scoreA = scores[a]!;
    const scoreB = scores[b]!;
    if (scoreA !== scoreB) return scoreA > scoreB ? -1 : 1;
    return idSign * compareUtf8(ids[b]!, ids[a]!);
  });
  return order;
}

/** Compares strings in UTF-8 byte order (C's strcmp on UTF-8), which differs from UTF-16 order past U+FFFF. */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        // Surrogates (astral characters) come after U+E000–U+FFFF in UTF-8; shift them above that range.
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}
