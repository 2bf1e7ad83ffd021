import { RankevalError } from '../errors.js';
import type { MetricOptions, Qrels, Ranking } from '../types.js';
import { countAt, type CutoffCounts } from './counts.js';
import { gainLevels, gainOfRel, gainTable, idealWalk } from './gain-table.js';
import type { GainParam, JudgedRanking } from './judged-ranking.js';

// The DCG family: discounted cumulative gain, its ideal, and their ratio.
//
// DCG@k  = Σ_{i ≤ k} gain(grade_i) / log2(i + 1)
// IDCG@k = DCG@k of the ideal ranking: every judged document, retrieved or not, sorted by gain descending
// NDCG@k = DCG@k / IDCG@k, 0 when IDCG@k = 0
//
// gain: `linear` (default) = grade, as trec_eval's ndcg_cut; `exponential` = 2^grade − 1 (Burges et al., 2005).
// Grades ≤ 0 and unjudged documents add no gain. The relevance threshold does not apply: gains are graded
// (trec_eval ignores `-l` for ndcg_cut as well).
//
// Overflow and underflow: gains are summed scaled by a power of two when the largest is 2^960 or more, or
// below 2^-960 (see CutoffCounts.gainScale), so NDCG, a ratio that scaling does not change, is computed to
// full precision for any finite grades. DCG and IDCG are the sums themselves, unscaled: when one exceeds
// Number.MAX_VALUE there is no number to return, and it is refused; a tiny one is returned as the nearest
// double, subnormal or 0.

/**
 * Discounted cumulative gain at k.
 *
 * DCG@k = Σ_{i ≤ k} gain(grade_i) / log2(i + 1), gain = grade (`linear`, default) or 2^grade − 1 (`exponential`)
 *
 * - Unjudged documents and grades ≤ 0 add 0. Not normalised: it grows with k and with the grades.
 * - The sum itself, to the nearest double: below 2^-1022 (grades near 5e-324) that has few bits; `ndcgAtK`
 *   scales before dividing and keeps them.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default) for the whole ranking
 * @returns a number ≥ 0
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels` (also when the DCG exceeds
 *   Number.MAX_VALUE), `invalid_option`
 * @example
 * dcgAtK(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5) // => 2 (1/log2(2) + 2/log2(4))
 * @see Järvelin & Kekäläinen, ACM TOIS 20(4), 2002; trec_eval 9.0.8 `ndcg_cut` (m_ndcg_cut.c)
 */
export function dcgAtK(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return finiteGainSum(dcgFromCounts(countAt('dcgAtK', ranking, qrels, k, options, { gain: true }).counts), 'dcgAtK', 'DCG');
}

/**
 * Ideal DCG at k: the DCG@k of the best possible ranking of **all** judged documents, retrieved or not.
 *
 * IDCG@k = Σ_{i ≤ min(k, n)} g_(i) / log2(i + 1), with g_(1) ≥ g_(2) ≥ … the gains of the n judged documents
 *
 * - The ranking is read (and checked) but does not change the value.
 *
 * @param ranking ids in rank order, or `{id, score}` objects
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default)
 * @returns a number ≥ 0
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels` (also when the IDCG exceeds
 *   Number.MAX_VALUE), `invalid_option`
 * @example
 * idcgAtK(['G', 'x', 'T'], { T: 2, G: 1, F: 1 }, 5) // => 3.1309 (2/log2(2) + 1/log2(3) + 1/log2(4))
 */
export function idcgAtK(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return finiteGainSum(idcgFromCounts(countAt('idcgAtK', ranking, qrels, k, options, { ideal: true }).counts), 'idcgAtK', 'IDCG');
}

/**
 * Normalised DCG at k: DCG@k divided by the ideal DCG@k of all judged documents.
 *
 * NDCG@k = DCG@k / IDCG@k
 *
 * - 0 when IDCG@k = 0 (no judged document with a positive grade).
 * - Defined for any finite grades: where DCG itself would overflow (largest gain ≥ 2^960) or lose bits
 *   among the subnormal numbers (largest gain < 2^-960), the gains are scaled first, exactly, by a power
 *   of two, and the ratio does not change: NDCG(['b', 'a'], { a: 5e-324 }) is 1/log2(3), as with { a: 1 }.
 * - IDCG counts every judged document, retrieved or not: a ranking that misses relevant documents cannot
 *   reach 1 (libraries that build the ideal from the retrieved documents only overstate it).
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param qrels id → grade (Map or object), or an iterable of relevant ids
 * @param k cutoff: a positive integer, or Infinity (default) for the whole ranking
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_qrels`, `invalid_option`
 * @example
 * ndcgAtK(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5) // => 0.6388 (2 / 3.1309)
 * ndcgAtK(['T', 'G', 'x', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5) // => 0.8403 (2.6309 / 3.1309)
 * @see trec_eval 9.0.8 `ndcg_cut` (m_ndcg_cut.c)
 */
export function ndcgAtK(ranking: Ranking, qrels: Qrels, k = Infinity, options?: MetricOptions): number {
  return ndcgFromCounts(countAt('ndcgAtK', ranking, qrels, k, options, { gain: true, ideal: true }).counts);
}

/** DCG@k; Infinity when it exceeds Number.MAX_VALUE (the public functions refuse that with `finiteGainSum`). */
export function dcgFromCounts(counts: CutoffCounts): number {
  return counts.dcg / counts.gainScale;
}

export function idcgFromCounts(counts: CutoffCounts): number {
  return counts.idcg / counts.gainScale;
}

/** Refuses a DCG or IDCG that overflowed: huge grades have no finite gain sum to return. */
export function finiteGainSum(value: number, fn: string, what: string): number {
  if (Number.isFinite(value)) return value;
  throw new RankevalError(
    'invalid_qrels',
    `${fn}: ${what} exceeds the largest number (${Number.MAX_VALUE}): the grades are too large to sum; NDCG, a ratio, is still defined`,
    'grades whose gain sum is a finite number',
    value,
  );
}

export function ndcgFromCounts(counts: CutoffCounts): number {
  return counts.idcg > 0 ? counts.dcg / counts.idcg : 0;
}

// trec_eval's gain-table variants of NDCG (`ndcg`, `ndcg_rel`, `Rndcg`): gains come from `level=gain`
// pairs (default: gain = grade), and the ideal ranking is every judged document by gain. Without pairs,
// `ndcg` is ndcgAtK with no cutoff.
// ndcg and ndcg_rel walk the ranking and the ideal ranking side by side, as long as either goes on (trec_eval
// writes this as three loops: both, ranking only, ideal only; one loop does the same additions in the same order).

export function ndcgWithGains(query: JudgedRanking, params: readonly GainParam[]): number {
  const levels = gainLevels(query, params);
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  let dcg = 0;
  let idealDcg = 0;
  for (let i = 0; i < query.numRet || ideal.gain > 0; i++) {
    if (i < query.numRet) {
      const gain = gainOfRel(gains, query.rel[i]!);
      if (gain !== 0) dcg += gain / Math.log2(i + 2);
    }
    if (ideal.gain > 0) {
      const idealGain = ideal.step();
      if (idealGain > 0) idealDcg += idealGain / Math.log2(i + 2);
    }
  }
  return idealDcg > 0 ? dcg / idealDcg : 0;
}

/** NDCG at each relevant document retrieved, averaged over the relevant documents (missing ones at the final NDCG). */
export function ndcgRel(query: JudgedRanking, params: readonly GainParam[]): number {
  const levels = gainLevels(query, params);
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  let dcg = 0;
  let idealDcg = 0;
  let sum = 0;
  let numRelRet = 0;
  let numRel = 0;
  for (let i = 0; i < query.numRet || ideal.gain > 0; i++) {
    let gain = 0;
    if (i < query.numRet) {
      gain = gainOfRel(gains, query.rel[i]!);
      if (gain !== 0) dcg += gain / Math.log2(i + 2);
    }
    if (ideal.gain > 0) {
      const idealGain = ideal.step();
      if (idealGain > 0) {
        numRel++;
        idealDcg += idealGain / Math.log2(i + 2);
      }
    }
    if (gain > 0) {
      sum += dcg / idealDcg;
      numRelRet++;
    }
  }
  sum += ((numRel - numRelRet) * dcg) / idealDcg;
  return sum > 0 ? sum / numRel : 0;
}

export function rndcg(query: JudgedRanking, params: readonly GainParam[]): number {
  const levels = gainLevels(query, params);
  if (query.numRel === 0) return 0;
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  let previousIdealGain = ideal.gain;
  let dcg = 0;
  let idealDcg = 0;
  let sum = 0;
  let changes = 0;
  const atBoundary = (idealGain: number): void => {
    if (previousIdealGain !== idealGain) {
      if (idealDcg > 0) {
        sum += dcg / idealDcg;
        changes++;
      }
      previousIdealGain = idealGain;
    }
  };
  let i = 0;
  for (; i < query.numRet && ideal.gain > 0; i++) {
    const gain = gainOfRel(gains, query.rel[i]!);
    const idealGain = ideal.step();
    atBoundary(idealGain);
    if (gain !== 0) dcg += gain / Math.log2(i + 2);
    if (idealGain > 0) idealDcg += idealGain / Math.log2(i + 2);
  }
  if (i < query.numRet) {
    for (; i < query.numRet; i++) {
      const gain = gainOfRel(gains, query.rel[i]!);
      if (gain !== 0) dcg += gain / Math.log2(i + 2);
    }
    if (idealDcg > 0) {
      sum += dcg / idealDcg;
      changes++;
    }
  }
  for (; ideal.gain > 0; i++) {
    const idealGain = ideal.step();
    atBoundary(idealGain);
    if (idealGain > 0) idealDcg += idealGain / Math.log2(i + 2);
  }
  // 0 / 0 when no boundary was met: trec_eval prints the NaN (-nan), and so does this.
  return sum / changes;
}

