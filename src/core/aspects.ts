// Internal: the aspects of the diversity measures (TREC's subtopics, a RAG question's nuggets) read once
// from what the caller gives, per query (the single-ranking functions) or for a whole run (the `aspects`
// option of evaluateRun and compare).
import { argument, fail, option, queryKey, words, type ErrorSubject, type ErrorText } from './errors.js';
import { whileReading } from './boundary.js';
import { isRead, markRead } from './inputs.js';
import { readJudgments } from './judgments.js';

/**
 * One query's aspects (TREC's subtopics, a RAG question's nuggets): aspect id → document id → grade.
 * A document may cover several aspects; an aspect no document covers at the relevance level is not counted.
 */
export type QueryAspects = ReadonlyMap<string, ReadonlyMap<string, number>>;

/**
 * One query's aspects as the public functions take them (aspect id → judgments, a Map or a plain object;
 * the judgments id → grade, or ids): read as readAspectsOption reads a query's, once; aspects it read
 * already (the scorer's, per query) are used as they are.
 */
export function readQueryAspects(aspects: unknown, fn: string): QueryAspects {
  if (isRead(aspects)) return aspects as QueryAspects;
  const read = new Map<string, Map<string, number>>();
  const subject = argument('aspects');
  for (const [aspect, judged] of entriesOf(aspects, fn, '`aspects`', 'a Map or an object of aspect id → judgments', subject)) {
    read.set(aspect, new Map(readJudgments(judged, 1, fn, `aspects[${JSON.stringify(aspect)}]`, { subject, facts: { key: aspect } }).grades));
  }
  return markRead(read);
}

/** Query id → aspect id → document id → grade, each level read from a Map or a plain object. */
export type AspectsByQuery = Map<string, Map<string, Map<string, number>>>;

/** The option of evaluateRun, the subject of its errors here (the query in `at`, the aspect as the `key`). */
const ASPECTS: ErrorSubject = option('aspects');

/** Entries of a Map (string keys) or of a plain object; anything else is an error about `subject` naming `what` (at `query`). */
function entriesOf(value: unknown, fn: string, what: ErrorText, expected: string, subject: ErrorSubject, query?: string): [string, unknown][] {
  const about = { subject, at: query === undefined ? undefined : { query } };
  return whileReading(fn, 'invalid_option', what, () => {
    if (value instanceof Map) {
      for (const key of value.keys()) if (typeof key !== 'string') fail('invalid_option', fn, words('every key of ', what), 'a string', key, about);
      return [...value.entries()] as [string, unknown][];
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && !(Symbol.iterator in value)) return Object.entries(value);
    return fail('invalid_option', fn, what, expected, value, about);
  });
}

/**
 * Reads the public `aspects` option (`Aspects`: query id → aspect id → judgments, each level a Map or a
 * plain object; the judgments are id → grade, or an iterable of ids of grade 1 each) into Maps.
 *
 * @param value the option as the caller gave it
 * @param fn the public function's name, for messages
 * @throws {RankevalError} `invalid_option` for a level that is not a Map or an object (naming the query, or
 *   the query and aspect); `invalid_qrels` for judgments that are not id → finite grade or ids, naming the
 *   query, the aspect and the document
 * @example readAspectsOption({ q1: { price: ['d1', 'd4'], refund: { d7: 2 } } }, 'evaluateRun')
 *   // => Map { q1 → Map { price → Map { d1 → 1, d4 → 1 }, refund → Map { d7 → 2 } } }
 */
export function readAspectsOption(value: unknown, fn: string): AspectsByQuery {
  // Read already (compare reads them once for every run it scores): nothing to read again.
  if (isRead(value)) return value as AspectsByQuery;
  const byQuery: AspectsByQuery = new Map();
  for (const [qid, aspects] of entriesOf(value, fn, '`aspects`', 'a Map or an object of query id → aspect id → judgments', ASPECTS)) {
    const where = words('aspects', queryKey(qid));
    const read = new Map<string, Map<string, number>>();
    for (const [aspect, judged] of entriesOf(aspects, fn, where, 'a Map or an object of aspect id → judgments', ASPECTS, qid)) {
      read.set(aspect, new Map(readJudgments(judged, 1, fn, words(where, `[${JSON.stringify(aspect)}]`), { subject: ASPECTS, at: { query: qid }, facts: { key: aspect } }).grades));
    }
    byQuery.set(qid, markRead(read));
  }
  return markRead(byQuery);
}
