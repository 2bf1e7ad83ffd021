import { NOT_POOLED, UNJUDGED, type JudgedRanking } from './judged-ranking.js';

/**
 * bpref (binary preference; Buckley & Voorhees, SIGIR 2004): how many judged non-relevant documents are
 * ranked above each relevant one, a measure meant to hold up when the judgments are incomplete.
 *
 * bpref = (1 / R) Σ_{relevant r retrieved} (1 − min(|n ranked above r|, R) / min(N, R))
 *
 * with R the relevant documents in the qrels and N the judged non-relevant ones (grade ≥ 0 and below the
 * relevance level), n the judged non-relevant documents retrieved.
 * - Only judged documents count: documents absent from the qrels and pooled-unjudged ones (negative grade)
 *   are passed over, so inserting them anywhere does not change bpref.
 * - A relevant document with no judged non-relevant one above it adds 1 (also when N = 0, where the
 *   quotient would be 0 / 0). At most R non-relevant documents are counted above any relevant one.
 * - Relevant documents not retrieved add 0. 0 when R = 0 (nothing is relevant, so nothing is added), and 0
 *   for an empty ranking.
 * - The same in trec_eval 9.0.8 and 10.0. `gm_bpref` is this value averaged geometrically over queries
 *   (each at least 0.00001).
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param relevanceLevel grade ≥ this is relevant
 * @returns a number in [0, 1]
 * @example
 * // qrels {r1: 1, r2: 1, r3: 1, n1: 0}: R = 3, N = 1
 * bpref([r1, n1, r2]) // => 0.3333 ((1 + (1 − 1/1)) / 3)
 * bpref([r1, u, n1, r2]) // => 0.3333 as well: u, absent from the qrels, is passed over
 * // qrels {r1: 1, r2: 1, n1: 0, n2: 0, n3: 0}: R = 2, N = 3, min(N, R) = 2
 * bpref([n1, r1, n2, n3, r2]) // => 0.25 (((1 − 1/2) + (1 − 2/2)) / 2)
 * @see Buckley & Voorhees, "Retrieval evaluation with incomplete information", SIGIR 2004;
 *   trec_eval 9.0.8 `bpref`, `gm_bpref` (m_bpref.c, m_gm_bpref.c); ir_measures `Bpref`
 */
export function bpref(query: JudgedRanking, relevanceLevel: number): number {
  const numNonrel = judgedBelow(query, relevanceLevel);
  let nonrelSoFar = 0;
  let sum = 0;
  for (let i = 0; i < query.retrieved; i++) {
    const rel = query.rel[i]!;
    if (rel === NOT_POOLED || rel === UNJUDGED) continue;
    if (rel >= 0 && rel < relevanceLevel) nonrelSoFar++;
    else if (nonrelSoFar > 0) sum += 1.0 - Math.min(nonrelSoFar, query.relevant) / Math.min(numNonrel, query.relevant);
    else sum += 1.0;
  }
  return query.relevant ? sum / query.relevant : sum;
}

/** Judged documents with a grade below the level (the non-relevant ones bpref compares against). */
function judgedBelow(query: JudgedRanking, relevanceLevel: number): number {
  let count = 0;
  query.levels.forEach((level, i) => {
    if (level < relevanceLevel) count += query.levelCounts[i]!;
  });
  return count;
}
