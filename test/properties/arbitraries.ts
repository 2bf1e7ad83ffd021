// Shared generators for the property tests: small universes so that rankings and qrels overlap often.
import { fc } from '@fast-check/vitest';

// Object.prototype's names among them: any string must work as an id.
export const ids = fc.constantFrom(...Array.from({ length: 24 }, (_, i) => `d${i}`), '__proto__', 'constructor', 'toString');

/** id → grade, grades from −1 (never relevant) to 3. */
export const qrels = fc.dictionary(ids, fc.integer({ min: -1, max: 3 }), { maxKeys: 12 });

/** A ranking without repeated ids. */
export const ranking = fc.uniqueArray(ids, { maxLength: 20 });

/** A cutoff: a positive integer, or Infinity. */
export const cutoff = fc.oneof(fc.integer({ min: 1, max: 25 }), fc.constant(Infinity));

export const threshold = fc.integer({ min: 0, max: 3 });

export const gain = fc.constantFrom('linear' as const, 'exponential' as const);

/** A run and its qrels over a few queries, some judged but not run and some run but not judged. */
const QUERIES: readonly string[] = ['q1', 'q2', 'q3', 'q4', 'q5'];

export const runAndQrels = fc
  .tuple(fc.uniqueArray(fc.constantFrom(...QUERIES), { minLength: 1 }), fc.array(fc.tuple(ranking, qrels), { minLength: 5, maxLength: 5 }))
  .map(([judged, data]) => {
    const run: Record<string, string[]> = {};
    const judgments: Record<string, Record<string, number>> = {};
    QUERIES.forEach((qid, i) => {
      const [queryRanking, queryQrels] = data[i]!;
      if (i % 2 === 0 || !judged.includes(qid)) run[qid] = queryRanking;
      if (judged.includes(qid)) judgments[qid] = queryQrels;
    });
    return { run, qrels: judgments };
  });

/** Shuffles the keys of an object (values untouched). */
export function withKeysIn<T>(object: Record<string, T>, order: readonly number[]): Record<string, T> {
  const keys = Object.keys(object);
  const shuffled = keys.map((key, i) => ({ key, rank: order[i % order.length]! * 31 + i })).sort((a, b) => a.rank - b.rank);
  return Object.fromEntries(shuffled.map(({ key }) => [key, object[key]!]));
}

export const isRelevantGrade = (grade: number | undefined, relevanceThreshold = 1): boolean =>
  grade !== undefined && grade >= relevanceThreshold && grade >= 0;
