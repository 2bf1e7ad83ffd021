// A ranking as the retriever returned it, checked and read into the run: ids, `{id, score}` objects, or
// the caller's documents read through `id` and `score`.
import { argument, fail, failId, option, RankevalError, type ErrorAbout } from '../core/errors.js';
import { describeThrown, quoteJson } from '../core/quoting.js';
import { whileReading } from '../core/boundary.js';
import { misnamedKey } from '../core/suggest.js';
import type { RetrieverSettings } from './settings.js';
import type { ScoredDocument } from '../core/types.js';

/**
 * A ranking `retrieve` returned, checked, as the run holds it: ids, or `{id, score}` objects. Whatever
 * reading it throws (a revoked Proxy, an entry's getter) is an `invalid_ranking` naming it (whileReading).
 */
export function readRetrieved(value: unknown, qid: string, settings: RetrieverSettings, fn: string): string[] | ScoredDocument[] {
  const where = `the ranking retrieve returned for query ${quoteJson(qid)}`;
  // What retrieve returned is the subject, at its query; an entry's index is a fact.
  const about: ErrorAbout = { subject: argument('retrieve'), at: { query: qid } };
  return whileReading(fn, 'invalid_ranking', where, () => readRanking(value, where, about, settings, fn));
}

function readRanking(value: unknown, where: string, about: ErrorAbout, { id, score }: RetrieverSettings, fn: string): string[] | ScoredDocument[] {
  if (!Array.isArray(value)) {
    return fail('invalid_ranking', fn, where, id === undefined ? 'an array of ids or of {id, score} objects (or give `id` to read your documents)' : 'an array of documents', value, about);
  }
  if (id !== undefined) return readDocuments(value, where, about, id, score, fn);
  if (value.length === 0) return [];
  return typeof value[0] === 'string' ? readIds(value, where, about, fn) : readScored(value, where, about, fn);
}

/** The caller's documents read through `options.id` (and `options.score`): what an accessor throws is named with its entry. */
function readDocuments(
  value: readonly unknown[],
  where: string,
  about: ErrorAbout,
  id: (doc: unknown) => unknown,
  score: ((doc: unknown) => unknown) | undefined,
  fn: string,
): string[] | ScoredDocument[] {
  const read = (accessor: (doc: unknown) => unknown, doc: unknown, i: number, name: 'id' | 'score'): unknown => {
    try {
      return accessor(doc);
    } catch (error) {
      throw new RankevalError({
        code: 'invalid_ranking',
        fn,
        subject: option(name),
        at: about.at,
        facts: { index: i, foreign: describeThrown(error) },
        problem: `\`options.${name}\` threw ${describeThrown(error)} on entry ${i + 1} of ${where}`,
        expected: `an \`options.${name}\` that reads every document`,
        received: doc,
      }, { cause: error });
    }
  };
  const ids = value.map((doc, i) => {
    const docId = read(id, doc, i, 'id');
    if (typeof docId !== 'string' || docId === '') failId('invalid_ranking', fn, `\`options.id\` of entry ${i + 1} of ${where}`, 'a non-empty string', docId, { ...about, facts: { index: i } });
    return docId as string;
  });
  if (score === undefined) return ids;
  return value.map((doc, i) => {
    const docScore = read(score, doc, i, 'score');
    if (typeof docScore !== 'number' || !Number.isFinite(docScore)) fail('invalid_ranking', fn, `\`options.score\` of entry ${i + 1} of ${where}`, 'a finite number', docScore, { ...about, facts: { index: i } });
    return { id: ids[i]!, score: docScore as number };
  });
}

/**
 * One ranking is all ids or all {id, score} objects: an entry of the other kind is named as JSON (an
 * object's fields, never `[object Object]`) beside the kind of the first.
 */
function mixed(entry: unknown, i: number, first: string, where: string, about: ErrorAbout, fn: string): never {
  throw new RankevalError({
    code: 'invalid_ranking',
    fn,
    ...about,
    facts: { index: i },
    problem: `entry ${i + 1} of ${where} is ${quoteJson(entry)} but the first is ${first}: a ranking is all ids or all {id, score} objects, not both`,
    expected: `${first}, like the first entry`,
    received: entry,
  });
}

/** A ranking of ids (its first entry is a string): every entry a non-empty string. */
function readIds(value: readonly unknown[], where: string, about: ErrorAbout, fn: string): string[] {
  value.forEach((entry, i) => {
    if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) mixed(entry, i, 'an id', where, about, fn);
    if (typeof entry !== 'string' || entry === '') failId('invalid_ranking', fn, `entry ${i + 1} of ${where}`, 'a non-empty string id, like the first entry', entry, { ...about, facts: { index: i } });
  });
  return [...(value as string[])];
}

/**
 * A ranking of {id, score} objects: a non-empty string id and a finite score each. A numeric id, bare or in
 * an object, is told that ids are strings (failId); any other entry, how to read the caller's documents.
 */
function readScored(value: readonly unknown[], where: string, about: ErrorAbout, fn: string): ScoredDocument[] {
  return value.map((entry: unknown, i) => {
    if (typeof entry === 'string') mixed(entry, i, 'an {id, score} object', where, about, fn);
    if (typeof entry === 'number') failId('invalid_ranking', fn, `entry ${i + 1} of ${where}`, i === 0 ? 'a string id or an {id, score} object' : 'an {id, score} object, like the first entry', entry, { ...about, facts: { index: i } });
    const { id: docId, score: docScore } = (typeof entry === 'object' && entry !== null ? entry : {}) as { id?: unknown; score?: unknown };
    if (typeof docId === 'number') failId('invalid_ranking', fn, `the id of entry ${i + 1} of ${where}`, 'a non-empty string', docId, { ...about, facts: { index: i } });
    if (typeof docId !== 'string' || docId === '' || typeof docScore !== 'number' || !Number.isFinite(docScore)) {
      // A key that is a slip for `id` or `score` (`doc_id`, `similarity`): the key meant, before the accessors.
      const misnamed = typeof entry === 'object' && entry !== null ? misnamedKey(entry, ['id', 'score']) : undefined;
      const meant = misnamed === undefined ? '' : `did you mean \`${misnamed[1]}\` for ${JSON.stringify(misnamed[0])}? Or `;
      throw new RankevalError({
        code: 'invalid_ranking',
        fn,
        ...about,
        facts: misnamed === undefined ? { index: i } : { index: i, suggestions: [misnamed[1]] },
        problem: `entry ${i + 1} of ${where} is ${quoteJson(entry)}, not an id or an {id, score} with a finite score: ${meant}give \`options.id\` (and \`options.score\`) to read your documents, e.g. LangChain.js (d) => d.metadata.id, LlamaIndex.TS (n) => n.node.id_`,
        expected: 'an id, an {id, score} object, or a document read with `options.id`',
        received: entry,
      });
    }
    return { id: docId, score: docScore };
  });
}
