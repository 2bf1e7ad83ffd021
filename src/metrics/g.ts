import { gainLevels, gainOfRel, gainTable, idealWalk } from './gain-table.js';
import type { GainParam, JudgedRanking } from './judged-ranking.js';

/**
 * G (trec_eval's `G`, an experimental measure of 2008 between MAP and NDCG): each retrieved document's gain
 * is discounted by how far the ranking so far lags behind the ideal one, not by its rank.
 *
 * G = (1 / Σ ideal gains) Σ_i g_i / log2(2 + cost_i − Σ_{j ≤ i} g_j)
 *
 * with g_i the gain of the document at rank i and cost_i = Σ_{j ≤ i} max(ideal gain at rank j, 1): the
 * gain the ideal ranking has gathered by rank i, each rank costing at least 1 (so that ranks past the
 * ideal's relevant documents still cost something).
 * - Gains from `level=gain` pairs (trec_eval's `G.1=3.5,2=9`); a grade without a pair has gain = grade.
 *   Unjudged documents (absent, or a negative grade without a pair) gain 0. The relevance level does not
 *   apply: gains are graded.
 * - The ideal ranking is every judged document, retrieved or not, by gain descending.
 * - 0 when no judged document has a positive gain, and for an empty ranking.
 * - The same in trec_eval 9.0.8 and 10.0.
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param params the `level=gain` pairs (none: gain = grade)
 * @returns a number in [0, 1] for gains ≥ 0
 * @example
 * // qrels {a: 2, b: 1}: ideal gains 2, 1 (sum 3)
 * gMeasure([a, x], []) // => 0.6667 ((2 / log2(2 + 2 − 2)) / 3)
 * gMeasure([b, a], []) // => 0.8770 ((1 / log2(2 + 2 − 1) + 2 / log2(2 + 3 − 3)) / 3)
 * @see trec_eval 9.0.8 `G` (m_G.c)
 */
export function gMeasure(query: JudgedRanking, params: readonly GainParam[]): number {
  const levels = gainLevels(query, params);
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  const minCost = 1.0;
  let resultsG = 0;
  let sumResults = 0;
  let sumIdeal = 0;
  let sumCost = 0;
  let i = 0;
  for (; i < query.retrieved && ideal.gain > 0; i++) {
    const gain = gainOfRel(gains, query.rel[i]!);
    sumResults += gain;
    const idealGain = ideal.step();
    if (idealGain > 0) sumIdeal += idealGain;
    sumCost += idealGain >= minCost ? idealGain : minCost;
    if (gain !== 0) resultsG += gain / Math.log2(2 + sumCost - sumResults);
  }
  for (; i < query.retrieved; i++) {
    const gain = gainOfRel(gains, query.rel[i]!);
    sumResults += gain;
    sumCost += minCost;
    if (gain !== 0) resultsG += gain / Math.log2(2 + sumCost - sumResults);
  }
  while (ideal.gain > 0) {
    const idealGain = ideal.step();
    if (idealGain > 0) sumIdeal += idealGain;
  }
  return sumIdeal > 0 ? resultsG / sumIdeal : 0;
}


/**
 * Binary G (trec_eval's `binG`): G with gains 0 or 1, i.e. each relevant document retrieved adds
 * 1 / log2(2 + the documents above it that are not relevant), and the sum is divided by R.
 *
 * binG = (1 / R) Σ_{relevant retrieved at rank i} 1 / log2(2 + |not relevant above i|)
 *
 * - "Not relevant" is every document below the relevance level, judged or not: unjudged documents above a
 *   relevant one lower its contribution (unlike bpref, which skips them).
 * - Relevant documents not retrieved add 0; 0 when R = 0 and for an empty ranking.
 * - The same in trec_eval 9.0.8 and 10.0.
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param relevanceLevel grade ≥ this is relevant
 * @returns a number in [0, 1]
 * @example
 * // qrels {r1: 1, r2: 1}: R = 2
 * binG([r1, n1, r2]) // => 0.8155 ((1/log2(2) + 1/log2(3)) / 2)
 * binG([r1, x, r2]) // => 0.8155 as well: x, unjudged, counts as not relevant
 * @see trec_eval 9.0.8 `binG` (m_binG.c)
 */
export function binG(query: JudgedRanking, relevanceLevel: number): number {
  let relSoFar = 0;
  let sum = 0;
  for (let i = 0; i < query.retrieved; i++) {
    if (query.rel[i]! >= relevanceLevel) {
      relSoFar++;
      sum += 1.0 / Math.log2(3 + i - relSoFar);
    }
  }
  return relSoFar ? sum / query.relevant : 0;
}

