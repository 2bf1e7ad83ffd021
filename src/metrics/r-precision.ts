import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import { countAt } from './counts.js';
import type { CutoffCounts, JudgedRanking } from './judged-ranking.js';

/**
 * R-precision: precision at rank R, where R is the number of relevant documents.
 *
 * R-prec = |relevant ∩ top R| / R
 *
 * - At R the measure equals recall; a ranking shorter than R is not padded differently: the divisor stays R.
 * - With a cutoff k the ranking is first truncated to its top k (as trec_eval's `-M k`), so only the top
 *   min(R, k) can count.
 * - 0 when R = 0.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k truncation: a positive integer, or Infinity (default) for the whole ranking
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels`, `invalid_option`
 * @example
 * rPrecision(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }) // => 0.6667 (2 of the top 3)
 * @see trec_eval 9.0.8 `Rprec` (m_Rprec.c)
 */
export function rPrecision(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return rPrecisionFromCounts(countAt('rPrecision', ranking, qrels, k, options).counts);
}

export function rPrecisionFromCounts(counts: CutoffCounts): number {
  return counts.relevant === 0 ? 0 : counts.relevantInTopR / counts.relevant;
}

/**
 * Precision at multiples of R (trec_eval's `Rprec_mult`): P@c(m) with c(m) = ⌊m·R + 0.9⌋ for each multiple
 * m, so that m = 1 is R-precision and m = 2 looks twice as deep; comparing low and high multiples tells a
 * precision-oriented run from a recall-oriented one.
 *
 * Rprec_mult@m = |relevant ∩ top c(m)| / c(m),  c(m) = ⌊m·R + 0.9⌋
 *
 * - A cutoff deeper than the ranking divides the relevant retrieved documents by the cutoff (as P@k).
 * - 0 when R = 0 (c(m) = 0: nothing to measure) and for an empty ranking.
 * - The same rounding in trec_eval 9.0.8 and 10.0 (10.0 changed iprec's rounding, not this one).
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param relevanceLevel grade ≥ this is relevant
 * @param multiples ascending positive numbers (trec_eval sorts them; the catalogue does too)
 * @returns one number in [0, 1] per multiple
 * @example
 * // qrels {r1: 1, r2: 1}: R = 2
 * rPrecisionMultiples([r1, n1, r2, n2], 1, [0.5, 1, 2, 3]) // => [1, 0.5, 0.5, 0.3333] (P@1, P@2, P@4 = 2/4, P@6 = 2/6)
 * @see trec_eval 9.0.8 `Rprec_mult` (m_Rprec_mult.c)
 */
export function rPrecisionMultiples(query: JudgedRanking, relevanceLevel: number, multiples: readonly number[]): number[] {
  const values = multiples.map(() => 0);
  const cutoffs = multiples.map((multiple) => Math.trunc(multiple * query.relevant + 0.9));
  let current = cutoffs.length - 1;
  while (current >= 0 && cutoffs[current]! > query.retrieved) {
    values[current] = query.relevantRetrieved / cutoffs[current]!;
    current--;
  }
  let relSoFar = query.relevantRetrieved;
  for (let i = query.retrieved; i > 0 && relSoFar > 0; i--) {
    const precision = relSoFar / i;
    while (current >= 0 && i === cutoffs[current]) values[current--] = precision;
    if (query.rel[i - 1]! >= relevanceLevel) relSoFar--;
  }
  return values;
}
