import { gainLevels, gainOfRel, gainRange, gainTable } from './gain-table.js';
import type { GainParam, JudgedRanking } from './judged-ranking.js';

/** The `p` of rank-biased precision: a `p=…` parameter (which trec_eval also reads as a gain for grade 0), else 0.9. */
export function persistence(params: readonly GainParam[]): number {
  let p = 0.9;
  for (const { name, gain } of params) if (name === 'p') p = gain;
  return p;
}

/**
 * Rank-biased precision (Moffat & Zobel): the expected gain per document read by a user who reads the
 * first document and each next one with probability p (the persistence),
 *
 *   RBP = (1 − p) · Σ_{i ≥ 1} gain_i · p^(i−1)
 *
 * over the whole ranking (RBP has no cutoff: the weights p^(i−1) fade instead).
 *
 * - Convention: trec_eval 10's `rbp`. A grade's gain is its grade unless `level=gain` pairs say otherwise;
 *   when the gains fall outside [0, 1] they are scaled into it, (gain − min) / (max − min) over the gain
 *   table (the levels 0 … the largest grade, and the pairs given), so RBP stays in [0, 1]. trectools
 *   (ir_measures' `RBP(p=…)` without `rel`) uses the raw grade as the gain instead, and reaches values
 *   above 1 on graded qrels: a documented difference, not followed.
 * - Unjudged documents (absent from the qrels, or a negative grade) gain 0: RBP is a lower bound, and
 *   `rbpResidual` says how much it could still rise.
 * - An empty ranking scores 0.
 *
 * @param query the ranking with the grade at every rank
 * @param params trec_eval's gain pairs (`rbp.p=0.8,2=3`); the pair named `p` is read by `persistence`
 * @param p the persistence, in [0, 1)
 * @example grades [1, 0, 1] (binary), p = 0.5: RBP = (1 − 0.5)·(1 + 0.5² · 1) = 0.625
 * @see A. Moffat, J. Zobel. Rank-biased precision for measurement of retrieval effectiveness. ACM TOIS 27(1), 2008.
 * @see trec_eval 10.0 `rbp` (m_rbp.c)
 */
export function rbp(query: JudgedRanking, params: readonly GainParam[], p: number): number {
  const levels = gainLevels(query, params);
  const { min, max } = gainRange(query, params, levels);
  const scaled = gainTable(min < 0 || max > 1 ? levels.map((entry) => ({ ...entry, gain: (entry.gain - min) / (max - min) })) : levels);
  let sum = 0;
  let weight = 1.0;
  for (let i = 0; i < query.retrieved; i++) {
    const gain = gainOfRel(scaled, query.rel[i]!);
    if (gain !== 0) sum += gain * weight;
    weight = weight * p;
  }
  return (1.0 - p) * sum;
}

/**
 * RBP's residual (Moffat & Zobel §4): how much RBP could still rise if every unjudged document were fully
 * relevant, and the ranking went on past its last document with fully relevant ones:
 *
 *   residual = (1 − p) · Σ_{unjudged i} p^(i−1) + p^n        (n = documents retrieved)
 *
 * so the true RBP lies in [RBP, RBP + residual].
 *
 * - Convention: trec_eval 10's `rbp_resid`: 0 when the ranking has no unjudged document (trec_eval then
 *   leaves out the tail p^n as well, reading a fully judged ranking as complete).
 * - Unjudged: absent from the qrels, or a negative grade.
 *
 * @example grades [1, unjudged, 0], p = 0.5: residual = (1 − 0.5)·0.5 + 0.5³ = 0.375
 * @see A. Moffat, J. Zobel. Rank-biased precision for measurement of retrieval effectiveness. ACM TOIS 27(1), 2008.
 * @see trec_eval 10.0 `rbp_resid` (m_rbp_resid.c)
 */
export function rbpResidual(query: JudgedRanking, p: number): number {
  let unjudged = 0;
  let sum = 0;
  let weight = 1.0;
  for (let i = 0; i < query.retrieved; i++) {
    if (query.rel[i]! < 0) {
      unjudged++;
      sum += weight;
    }
    weight = weight * p;
  }
  return unjudged ? weight + (1 - p) * sum : 0;
}


/**
 * Binary RBP at a relevance level: gain 1 for a grade ≥ rel (and ≥ 0), 0 otherwise, no scaling:
 * (1 − p) · Σ_{relevant i} p^(i−1). ir_measures' `RBP(p=…,rel=…)` (cwl_eval).
 *
 * - Unjudged documents and negative grades are never relevant, whatever rel.
 * - cwl_eval cuts every ranking at depth 1000; the weight past that depth is below p^1000 (10⁻⁹⁶ for
 *   p = 0.8), so the whole ranking is scored here.
 *
 * @example grades [1, 0, 1], rel = 1, p = 0.5: (1 − 0.5)·(0.5⁰ + 0.5²) = 0.625
 * @see A. Moffat, J. Zobel. Rank-biased precision for measurement of retrieval effectiveness. ACM TOIS 27(1), 2008.
 * @see cwl_eval (Azzopardi, Thomas & Moffat, SIGIR 2019), as ir_measures 0.4 calls it for `RBP(rel=…)`
 */
export function binaryRbp(query: JudgedRanking, rel: number, p: number): number {
  let sum = 0;
  let weight = 1.0;
  for (let i = 0; i < query.retrieved; i++) {
    const grade = query.rel[i]!;
    if (grade >= 0 && grade >= rel) sum += weight;
    weight *= p;
  }
  return (1.0 - p) * sum;
}
