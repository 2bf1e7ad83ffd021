import type { JudgedRanking } from './judged-ranking.js';

/**
 * Interpolated precision at recall levels: at recall level x, the highest precision the ranking reaches
 * at any rank whose recall is ≥ x (Salton & McGill's interpolation, as TREC reports it).
 *
 * iprec@x = max { P@i : recall@i ≥ x }, 0 when no rank reaches recall x
 *
 * - Recall level x means ⌈x·R⌉ relevant documents, computed as trec_eval does: version 9 truncates
 *   x·R + 0.9 (its historical rounding), version 10 rounds x·R to the nearest (halves away from zero).
 * - iprec@0 is the highest precision anywhere in the ranking (0 when nothing relevant is retrieved).
 * - 11-point average: the mean of iprec at 0, 0.1, …, 1.
 *
 * @example ranking [r, n, r], R = 2: iprec@0.5 = 1 (P@1), iprec@1.0 = 2/3 (P@3)
 * @see trec_eval 9.0.8 `iprec_at_recall` and `11pt_avg` (m_iprec_at_recall.c, m_11pt_avg.c); ir_measures `IPrec@x`
 */
export function interpolatedPrecisions(query: JudgedRanking, relevanceLevel: number, recallPoints: readonly number[], version: 9 | 10): number[] {
  const values = recallPoints.map(() => 0);
  // An empty ranking (a query the run does not answer) has no precision anywhere.
  if (query.numRet === 0) return values;
  const cutoffs = recallPoints.map((point) => (version === 9 ? Math.trunc(point * query.numRel + 0.9) : roundHalfAway(point * query.numRel)));
  let current = cutoffs.length - 1;
  while (current >= 0 && cutoffs[current]! > query.numRelRet) current--;
  let interpolated = query.numRelRet / query.numRet;
  let relSoFar = query.numRelRet;
  for (let i = query.numRet; i > 0 && relSoFar > 0; i--) {
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

/** The mean of the interpolated precisions at `points`, summed from the highest point down as trec_eval adds them. */
export function elevenPointAverage(query: JudgedRanking, relevanceLevel: number, points: readonly number[], version: 9 | 10): number {
  return interpolatedPrecisions(query, relevanceLevel, points, version).reduceRight((sum, value) => sum + value, 0) / points.length;
}

/** C's lround: to nearest, halves away from zero. */
function roundHalfAway(x: number): number {
  const rounded = Math.round(x);
  return x < 0 && rounded - x === 0.5 ? rounded - 1 : rounded;
}
