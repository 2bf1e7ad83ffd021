// Internal: reading what the caller gives, once. A caller's iterable may be readable once only (a
// generator, `set.values()`, `map.keys()`): read twice, it is empty the second time, and its query would
// silently score 0. So each public function reads its inputs here, at its boundary, into values that can be
// read again (arrays, Sets, Maps, plain objects), and everything inside reads those. An array, Set or Map is
// used as it is (no copy on the scorer's path); any other iterable is copied into an array, once.
import { argument, fail, named, queryKey, words, type DeferredText, type ErrorScope, type ErrorSubject, type RankevalErrorCode } from './errors.js';
import { whileReading } from './boundary.js';

/** What `readOnce` gave, or what was built from inputs read once: reading it again copies nothing. */
const readAlready = new WeakSet<object>();

/** Marks a value built from inputs read once (readQrels' Map), so that reading it again is O(1). */
export function markRead<T extends object>(value: T): T {
  readAlready.add(value);
  return value;
}

/** Whether a value is known to be read already (markRead). */
export const isRead = (value: unknown): boolean => typeof value === 'object' && value !== null && readAlready.has(value);

/**
 * A value that can be read again as often as needed: an iterable that is not an array, a Set or a Map
 * (a generator, an iterator, any other iterable object) copied into an array; anything else as it is. The
 * copy reads the caller's iterable exactly once; what it throws becomes a RankevalError naming `what`.
 */
export function readOnce(value: unknown, fn: string, code: RankevalErrorCode, what: DeferredText): unknown {
  return whileReading(fn, code, what, () => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Set || value instanceof Map) return value;
    return Symbol.iterator in value ? Array.from(value as Iterable<unknown>) : value;
  });
}

/**
 * Query id → value, from a Map (string keys) or a plain object; anything else, an iterable included (a
 * Map's `entries()`, an array), is refused with `code`, naming `given` (a subject, or words): read as an object it would give no
 * query at all. A Map is returned as it is.
 */
export function readByQuery<T>(value: unknown, fn: string, given: string | ErrorSubject | ErrorScope, code: RankevalErrorCode, expected = 'a Map or an object of query id → value'): ReadonlyMap<string, T> {
  const { words: what, subject } = named(given);
  return whileReading(fn, code, what, () => {
    if (value instanceof Map) {
      for (const qid of value.keys()) if (typeof qid !== 'string') fail(code, fn, `every query id of ${what}`, 'a string', qid, subject);
      return value as ReadonlyMap<string, T>;
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && !(Symbol.iterator in value)) return new Map(Object.entries(value)) as ReadonlyMap<string, T>;
    const iterable = typeof value === 'object' && value !== null && !Array.isArray(value);
    return fail(code, fn, what, iterable ? `${expected}, not an iterable (for entries, give \`new Map(entries)\`)` : expected, value, subject);
  });
}

/**
 * Query id → judgments (`ByQuery<Qrels>`), each judgments value read once (readOnce): the scorer reads a
 * query's judgments twice (first all of them, for the queries without relevant documents, then each with
 * its ranking), and compare and optimizeFusion score several runs on one qrels. A Map built here is marked
 * read: given again (a caller handing it on), it is returned at once.
 */
export function readQrels(qrels: unknown, fn: string, given: string | ErrorSubject = argument('qrels')): ReadonlyMap<string, unknown> {
  if (isRead(qrels)) return qrels as ReadonlyMap<string, unknown>;
  const what = named(given).words;
  const byQuery = readByQuery<unknown>(qrels, fn, given, 'invalid_qrels', `a Map or an object of query id → judgments`);
  let read: Map<string, unknown> | undefined;
  for (const [qid, judgments] of byQuery) {
    const once = readOnce(judgments, fn, 'invalid_qrels', () => words(what, queryKey(qid)));
    if (once !== judgments && read === undefined) read = new Map(byQuery);
    if (read !== undefined) read.set(qid, once);
  }
  const result = read ?? byQuery;
  // The caller's own Map is not marked: it may hold a one-shot iterable by the time it is given again.
  return result === qrels ? result : markRead(result);
}
