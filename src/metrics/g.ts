import { gainLevels, gainOfRel, gainTable, idealWalk } from './gain-table.js';
import type { GainParam, JudgedRanking } from './judged-ranking.js';

/**
 * G (trec_eval's `G`): gain over the log of the "cost" spent so far, where a document costs its ideal
 * gain (at least 1), normalised by the sum of ideal gains (Kekäläinen & Järvelin's cumulated gain with a
 * cost discount, as trec_eval defines it).
 *
 * G = Σ_i g_i / log2(2 + cost_i − Σ_{j ≤ i} g_j) / Σ ideal gains
 *
 * - Gains from `level=gain` pairs, default gain = grade. 0 when no judged document has a positive gain.
 *
 * @example ranking [T (2), x], qrels T = 2, G = 1: cost after rank 1 = 2, G = (2 / log2(2 + 2 − 2)) / 3 = 0.6667
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
  for (; i < query.numRet && ideal.gain > 0; i++) {
    const gain = gainOfRel(gains, query.rel[i]!);
    sumResults += gain;
    const idealGain = ideal.step();
    if (idealGain > 0) sumIdeal += idealGain;
    sumCost += idealGain >= minCost ? idealGain : minCost;
    if (gain !== 0) resultsG += gain / Math.log2(2 + sumCost - sumResults);
  }
  for (; i < query.numRet; i++) {
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
 * Binary G (trec_eval's `binG`): each relevant document retrieved adds 1 / log2(2 + the non-relevant
 * documents above it), divided by R.
 *
 * @example ranking [r, n, r], R = 2: binG = (1/log2(2) + 1/log2(3)) / 2 = 0.8155
 * @see trec_eval 9.0.8 `binG` (m_binG.c)
 */
export function binG(query: JudgedRanking, relevanceLevel: number): number {
  let relSoFar = 0;
  let sum = 0;
  for (let i = 0; i < query.numRet; i++) {
    if (query.rel[i]! >= relevanceLevel) {
      relSoFar++;
      sum += 1.0 / Math.log2(3 + i - relSoFar);
    }
  }
  return relSoFar ? sum / query.numRel : 0;
}

