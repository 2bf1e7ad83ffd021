import { NOT_POOLED, UNJUDGED, type JudgedRanking } from './judged-ranking.js';

const EPSILON = 0.00001;

/**
 * Inferred average precision (infAP; Yilmaz & Aslam, CIKM 2006): AP estimated from a random sample of
 * the pool, where a negative grade marks a pooled document that was not sampled for judging.
 *
 * infAP = (1 / R) Σ_{relevant at rank k} E[P@k],
 * E[P@k] = 1/k + ((k − 1)/k) · (|pooled above k| / (k − 1)) · ((r + ε) / (r + n + 2ε))
 *
 * with r and n the relevant and judged non-relevant documents above rank k, ε = 0.00001.
 * - Documents absent from the qrels (not pooled) are skipped; pooled unjudged ones (negative grade) count
 *   as pooled above k.
 * - E[P@1] = 1; 0 when R = 0. With complete judgments it equals AP.
 *
 * @example ranking [r1, n1, r2], R = 2: (1 + (1/3 + (2/3)·(2/2)·((1 + ε)/(2 + 2ε)))) / 2 = 0.8333
 * @see trec_eval 9.0.8 `infAP` (m_infAP.c); ir_measures `infAP`
 */
export function inferredAp(query: JudgedRanking, relevanceLevel: number): number {
  let nonrelSoFar = 0;
  let relSoFar = 0;
  let unjudgedSoFar = 0;
  let sum = 0;
  for (let j = 0; j < query.numRet; j++) {
    const rel = query.rel[j]!;
    if (rel === NOT_POOLED) continue;
    if (rel === UNJUDGED) {
      unjudgedSoFar++;
      continue;
    }
    if (rel >= 0 && rel < relevanceLevel) {
      nonrelSoFar++;
      continue;
    }
    relSoFar++;
    if (j === 0) sum += 1.0;
    else {
      const fj = j;
      sum +=
        1.0 / (fj + 1.0) +
        (fj / (fj + 1.0)) *
          ((relSoFar - 1 + nonrelSoFar + unjudgedSoFar) / fj) *
          ((relSoFar - 1 + EPSILON) / (relSoFar - 1 + nonrelSoFar + 2 * EPSILON));
    }
  }
  return query.numRel ? sum / query.numRel : sum;
}
