import { gainLevels, gainOfRel, gainRange, gainTable } from './gain-table.js';
import type { GainParam, JudgedRanking } from './judged-ranking.js';

/** The `p` of rank-biased precision: a `p=…` parameter (which trec_eval also reads as a gain for grade 0), else 0.9. */
export function persistence(params: readonly GainParam[]): number {
  let p = 0.9;
  for (const { name, gain } of params) if (name === 'p') p = gain;
  return p;
}

/** Rank-biased precision (Moffat & Zobel): (1 − p) Σ gain_i · p^(i−1), gains scaled into [0, 1]. */
export function rbp(query: JudgedRanking, params: readonly GainParam[], p: number): number {
  const levels = gainLevels(query, params);
  const { min, max } = gainRange(query, params, levels);
  const scaled = gainTable(min < 0 || max > 1 ? levels.map((entry) => ({ ...entry, gain: (entry.gain - min) / (max - min) })) : levels);
  let sum = 0;
  let weight = 1.0;
  for (let i = 0; i < query.numRet; i++) {
    const gain = gainOfRel(scaled, query.rel[i]!);
    if (gain !== 0) sum += gain * weight;
    weight = weight * p;
  }
  return (1.0 - p) * sum;
}

/** RBP's residual: the weight the unjudged documents (and the ranks after the last) could still add. */
export function rbpResidual(query: JudgedRanking, p: number): number {
  let unjudged = 0;
  let sum = 0;
  let weight = 1.0;
  for (let i = 0; i < query.numRet; i++) {
    if (query.rel[i]! < 0) {
      unjudged++;
      sum += weight;
    }
    weight = weight * p;
  }
  return unjudged ? weight + (1 - p) * sum : 0;
}

