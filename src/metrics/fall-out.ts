import { relevantAtLevel, type JudgedRanking } from './judged-ranking.js';

/**
 * Fall-out at cutoff k: the share of the non-relevant documents that the top k retrieves,
 *
 *   fall-out@k = judged non-relevant documents in the top k / judged non-relevant documents in the qrels
 *
 * where non-relevant means a grade ≥ 0 below the relevance level. It is the false-positive rate of the
 * ranking cut at k; lower is better.
 *
 * - Convention: the textbook denominator is every non-relevant document of the collection, which an
 *   evaluation does not know; the judged non-relevant documents of the query's qrels stand in for it.
 *   So the numerator counts judged non-relevant documents only: a retrieved document absent from the
 *   qrels, or with a negative grade (pooled, not judged), is not counted as non-relevant, for it was not
 *   counted in the denominator either (and the value stays in [0, 1]).
 * - 0 when the qrels hold no judged non-relevant document, and for an empty ranking. No cutoff
 *   (Infinity): the whole ranking.
 *
 * @param query the ranking with the grade at every rank
 * @param level grade ≥ level is relevant
 * @param cutoff k, a positive integer or Infinity
 * @example qrels {a: 1, b: 0, c: 0, d: 0, e: 2}, ranking [a, b, x, c] (x unjudged):
 *   fall-out@2 = 1/3, fall-out@4 = 2/3 (x not counted)
 * @see C. D. Manning, P. Raghavan, H. Schütze. Introduction to Information Retrieval, 2008, §8.3 (fallout =
 *   false-positive rate), after C. J. van Rijsbergen, Information Retrieval, 1979, ch. 7.
 */
export function fallOut(query: JudgedRanking, level: number, cutoff: number): number {
  let judgedNonRelevant = 0;
  query.levelCounts.forEach((count) => (judgedNonRelevant += count));
  judgedNonRelevant -= relevantAtLevel(query, level);
  if (judgedNonRelevant === 0) return 0;
  const depth = Math.min(cutoff, query.retrieved);
  let retrieved = 0;
  for (let i = 0; i < depth; i++) {
    const grade = query.rel[i]!;
    if (grade >= 0 && grade < level) retrieved++;
  }
  return retrieved / judgedNonRelevant;
}
