import { NOT_POOLED, UNJUDGED, type JudgedRanking } from './judged-ranking.js';

/**
 * bpref (binary preference; Buckley & Voorhees, SIGIR 2004): how many judged non-relevant documents are
 * ranked above each relevant one, for judgments that are incomplete.
 *
 * bpref = (1 / R) Σ_{relevant r retrieved} (1 − min(|n ranked above r|, R) / min(N, R))
 *
 * with R the relevant documents and N the judged non-relevant ones (grade ≥ 0 and below the level).
 * - Only judged documents count: unjudged ones (absent from the qrels, or a negative grade) are skipped.
 * - A relevant document with no judged non-relevant one above it adds 1 (also when N = 0).
 * - 0 when R = 0 (trec_eval divides by R only when R > 0).
 *
 * @example ranking [r1, n1, r2], one more relevant document not retrieved, N = 1:
 *   bpref = (1 + (1 − 1/1)) / 3 = 0.3333
 * @see trec_eval 9.0.8 `bpref` (m_bpref.c); ir_measures `Bpref`
 */
export function bpref(query: JudgedRanking, relevanceLevel: number): number {
  const numNonrel = judgedBelow(query, relevanceLevel);
  let nonrelSoFar = 0;
  let sum = 0;
  for (let i = 0; i < query.numRet; i++) {
    const rel = query.rel[i]!;
    if (rel === NOT_POOLED || rel === UNJUDGED) continue;
    if (rel >= 0 && rel < relevanceLevel) nonrelSoFar++;
    else if (nonrelSoFar > 0) sum += 1.0 - Math.min(nonrelSoFar, query.numRel) / Math.min(numNonrel, query.numRel);
    else sum += 1.0;
  }
  return query.numRel ? sum / query.numRel : sum;
}

/** Judged documents with a grade below the level (the non-relevant ones bpref compares against). */
function judgedBelow(query: JudgedRanking, relevanceLevel: number): number {
  let count = 0;
  query.levels.forEach((level, i) => {
    if (level < relevanceLevel) count += query.levelCounts[i]!;
  });
  return count;
}
