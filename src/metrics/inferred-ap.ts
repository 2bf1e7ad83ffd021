import { NOT_POOLED, UNJUDGED, type JudgedRanking } from './judged-ranking.js';

const EPSILON = 0.00001;

/**
 * Inferred average precision (infAP; Yilmaz & Aslam, CIKM 2006): AP estimated from a random sample of the
 * judgment pool. The qrels split the retrieved documents into not pooled (absent from the qrels), pooled but
 * not sampled for judging (a negative grade), and judged relevant or non-relevant.
 *
 * infAP = (1 / R) Σ_{relevant retrieved at rank k} E[P@k]
 * E[P@1] = 1
 * E[P@k] = 1/k + ((k − 1)/k) · (|pooled above k| / (k − 1)) · ((r + ε) / (r + n + 2ε)),  ε = 0.00001
 *
 * with r and n the judged relevant and non-relevant documents above rank k and "pooled above k" every
 * document above k that is in the qrels (judged or not): the documents above k that are not pooled are
 * taken as non-relevant, the pooled unjudged ones as relevant in the proportion r / (r + n) of the judged.
 * - Documents not in the qrels still take a rank (k counts them); they add nothing to "pooled above k".
 * - With complete judgments (every retrieved document graded ≥ 0) the estimate is P@k smoothed by ε, so
 *   infAP equals AP to within ε.
 * - 0 when R = 0, and for an empty ranking.
 * - The same in trec_eval 9.0.8 and 10.0.
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param relevanceLevel grade ≥ this is relevant
 * @returns a number in [0, 1]
 * @example
 * // qrels {r1: 1, r2: 1, n1: 0}: complete, R = 2
 * inferredAp([r1, n1, r2]) // => 0.8333 ((1 + (1/3 + (2/3)·(2/2)·((1 + ε)/(2 + 2ε)))) / 2 = (1 + 2/3) / 2, = AP)
 * // qrels {r1: 1, r2: 1, s: -1}: s pooled but not judged, x not pooled
 * inferredAp([r1, s, x, r2]) // => 0.8750 ((1 + (1/4 + (3/4)·(2/3)·((1 + ε)/(1 + 2ε)))) / 2; AP would be 0.75)
 * @see Yilmaz & Aslam, "Estimating average precision with incomplete and imperfect judgments", CIKM 2006;
 *   trec_eval 9.0.8 `infAP` (m_infap.c); ir_measures `infAP`
 */
export function inferredAp(query: JudgedRanking, relevanceLevel: number): number {
  let nonrelSoFar = 0;
  let relSoFar = 0;
  let unjudgedSoFar = 0;
  let sum = 0;
  for (let j = 0; j < query.retrieved; j++) {
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
  return query.relevant ? sum / query.relevant : sum;
}
