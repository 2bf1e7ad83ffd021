import type { MetricOptions, Qrels, Ranking } from '../types.js';
import { countAt, type CutoffCounts } from './counts.js';
import type { JudgedRanking } from './judged-ranking.js';

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
 * Precision at multiples of R (trec_eval's `Rprec_mult`): P@⌊m·R + 0.9⌋ for each multiple m, so that
 * m = 1 is R-precision and m = 2 looks twice as deep.
 *
 * - A cutoff deeper than the ranking divides the relevant retrieved documents by the cutoff.
 * - 0 when R = 0.
 *
 * @example ranking [r, n, r, n], R = 2: Rprec_mult@0.5 = P@1 = 1, Rprec_mult@2 = P@4 = 0.5
 * @see trec_eval 9.0.8 `Rprec_mult` (m_Rprec_mult.c)
 */
export function rPrecisionMultiples(query: JudgedRanking, relevanceLevel: number, multiples: readonly number[]): number[] {
  const values = multiples.map(() => 0);
  const cutoffs = multiples.map((multiple) => Math.trunc(multiple * query.numRel + 0.9));
  let current = cutoffs.length - 1;
  while (current >= 0 && cutoffs[current]! > query.numRet) {
    values[current] = query.numRelRet / cutoffs[current]!;
    current--;
  }
  let relSoFar = query.numRelRet;
  for (let i = query.numRet; i > 0 && relSoFar > 0; i--) {
    const precision = relSoFar / i;
    while (current >= 0 && i === cutoffs[current]) values[current--] = precision;
    if (query.rel[i - 1]! >= relevanceLevel) relSoFar--;
  }
  return values;
}
