import type { JudgedRanking } from './judged-ranking.js';

/**
 * Interpolated precision at recall levels: at recall level x, the highest precision the ranking reaches at
 * any rank whose recall is at least x (the interpolation of TREC's recall-precision graphs).
 *
 * iprec@x = max { P@i : rank i holds at least c(x) of the relevant documents retrieved so far }
 *
 * where c(x), the number of relevant documents recall x asks for, is trec_eval's rounding of x·R:
 * - trec_eval 9.0.8 (`version` 9): c(x) = ⌊x·R + 0.9⌋, so a fractional part above 0.1 rounds up;
 * - trec_eval 10.0 (`version` 10): c(x) = lround(x·R), to the nearest, halves away from zero.
 * They differ when x·R has a fractional part in (0.1, 0.5): R = 4, x = 0.3 asks for 2 relevant documents in
 * 9.0.8 and 1 in 10.0.
 * - c(x) = 0 (x = 0, or a small x·R under 10.0): the highest precision anywhere in the ranking.
 * - 0 when the ranking holds fewer than c(x) relevant documents (the level is never reached), when R = 0,
 *   and for an empty ranking (a judged query the run does not answer: no precision anywhere, and no 0 / 0).
 * - The values never increase with x.
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param relevanceLevel grade ≥ this is relevant
 * @param recallPoints recall levels in [0, 1], ascending (trec_eval sorts them; the catalogue does too)
 * @param version whose rounding of x·R applies
 * @returns one number in [0, 1] per level
 * @example
 * // qrels {r1: 1, r2: 1}: R = 2
 * interpolatedPrecisions([r1, n1, r2], 1, [0.5, 1], 9) // => [1, 0.6667] (c = 1: max(P@1, P@3) = 1; c = 2: P@3 = 2/3)
 * // qrels {r1: 1, r2: 1, r3: 1, r4: 1}: R = 4, x·R = 1.2
 * interpolatedPrecisions([r1, n1, n2, r2], 1, [0.3], 9) // => [0.5] (c = ⌊2.1⌋ = 2: P@4 = 2/4)
 * interpolatedPrecisions([r1, n1, n2, r2], 1, [0.3], 10) // => [1] (c = lround(1.2) = 1: max(P@1, P@4) = 1)
 * @see Salton & McGill, Introduction to Modern Information Retrieval, 1983 (interpolation); trec_eval 9.0.8
 *   and 10.0 `iprec_at_recall` (m_iprec_at_recall.c); ir_measures `IPrec@x`
 */
export function interpolatedPrecisions(query: JudgedRanking, relevanceLevel: number, recallPoints: readonly number[], version: 9 | 10): number[] {
  const values = recallPoints.map(() => 0);
  // An empty ranking (a query the run does not answer) has no precision anywhere.
  if (query.retrieved === 0) return values;
  const cutoffs = recallPoints.map((point) => relevantForRecall(point, query.relevant, version));
  let current = cutoffs.length - 1;
  while (current >= 0 && cutoffs[current]! > query.relevantRetrieved) current--;
  let interpolated = query.relevantRetrieved / query.retrieved;
  let relSoFar = query.relevantRetrieved;
  for (let i = query.retrieved; i > 0 && relSoFar > 0; i--) {
    const precision = relSoFar / i;
    if (interpolated < precision) interpolated = precision;
    if (query.rel[i - 1]! >= relevanceLevel) {
      while (current >= 0 && relSoFar === cutoffs[current]) values[current--] = interpolated;
      relSoFar--;
    }
  }
  while (current >= 0) values[current--] = interpolated;
  return values;
}

/**
 * The 11-point average: the mean of the interpolated precisions at the recall levels `points` (default
 * 0, 0.1, …, 1), trec_eval's `11pt_avg`.
 *
 * 11pt_avg = (1 / |points|) Σ_{x ∈ points} iprec@x
 *
 * - Rounding of x·R as `interpolatedPrecisions` (9.0.8: ⌊x·R + 0.9⌋; 10.0: lround(x·R)).
 * - Summed from the highest level down, the order in which trec_eval adds them, so the last bit agrees.
 * - 0 when R = 0 and for an empty ranking.
 *
 * @example
 * // qrels {r1: 1, r2: 1}: R = 2; levels 0 … 0.5 ask for ≤ 1 relevant (iprec 1), 0.6 … 1 for 2 (iprec 2/3)
 * elevenPointAverage([r1, n1, r2], 1, ELEVEN_POINTS, 9) // => 0.8485 ((6·1 + 5·(2/3)) / 11)
 * @see trec_eval 9.0.8 `11pt_avg` (m_11pt_avg.c)
 */
export function elevenPointAverage(query: JudgedRanking, relevanceLevel: number, points: readonly number[], version: 9 | 10): number {
  return interpolatedPrecisions(query, relevanceLevel, points, version).reduceRight((sum, value) => sum + value, 0) / points.length;
}

/** c(x): the relevant documents recall level x asks for, trec_eval's rounding of x·R (see interpolatedPrecisions). */
export function relevantForRecall(point: number, relevant: number, version: 9 | 10): number {
  return version === 9 ? Math.trunc(point * relevant + 0.9) : roundHalfAway(point * relevant);
}

/** C's lround: to nearest, halves away from zero. */
function roundHalfAway(x: number): number {
  const rounded = Math.round(x);
  return x < 0 && rounded - x === 0.5 ? rounded - 1 : rounded;
}
