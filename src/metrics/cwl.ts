import { option, RankevalError } from '../core/errors.js';
import type { JudgedRanking } from './judged-ranking.js';

/**
 * cwl_eval's depth: every ranking is cut, or padded with documents of gain 0, to 1000 ranks before the
 * user model runs (ir_measures calls cwl_eval with max_n = 1000). INST depends on it: the padded ranks
 * keep a weight.
 */
export const CWL_DEPTH = 1000;

/** INST's default desired gain T, as ir_measures. */
export const DEFAULT_DESIRED_GAIN = 1;

/**
 * The C/W/L framework (Moffat, Bailey, Scholer & Thomas): a measure is a user who, after reading rank i,
 * goes on with probability C_i. Rank i is read with probability P_i = Π_{j<i} C_j, and the measure is the
 * expected utility per document read,
 *
 *   EU = Σ_i P_i · g_i / Σ_i P_i        (i = 1 … 1000, the ranking cut or padded to cwl_eval's depth)
 *
 * with gains g in [0, 1]. `continuation(i, g_i, gained)` gives C_i from the 1-based rank, the gain there
 * and the gains summed up to rank i.
 */
function expectedUtility(gains: Float64Array, continuation: (rank: number, gain: number, gained: number) => number): number {
  let reach = 1;
  let gained = 0;
  let utility = 0;
  let read = 0;
  for (let i = 0; i < gains.length; i++) {
    const gain = gains[i]!;
    utility += reach * gain;
    read += reach;
    gained += gain;
    reach *= continuation(i + 1, gain, gained);
  }
  return utility / read;
}

/**
 * The gains of the top 1000 ranks, cwl_eval's way: a grade g ≥ 0 gains min(g, maxGrade) / maxGrade, and
 * a document absent from the qrels or with a negative grade gains 0 (the lower bound); ranks past the
 * last document gain 0.
 */
function scaledGains(query: JudgedRanking, maxGrade: number, fn: string): Float64Array {
  if (maxGrade === undefined || typeof maxGrade !== 'number' || !Number.isFinite(maxGrade) || maxGrade <= 0) {
    throw new RankevalError({
      code: 'invalid_option',
      fn,
      subject: option('max_grade'),
      what: '`max_grade` (the largest grade of the scale, required as in ir_measures)',
      expected: 'a positive finite number',
      received: maxGrade,
    });
  }
  const gains = new Float64Array(CWL_DEPTH);
  const depth = Math.min(query.retrieved, CWL_DEPTH);
  for (let i = 0; i < depth; i++) {
    const grade = query.rel[i]!;
    if (grade > 0) gains[i] = Math.min(grade, maxGrade) / maxGrade;
  }
  return gains;
}

/**
 * NERR (Eq. 8 of Azzopardi, Mackenzie & Moffat, ICTIR 2021), "not (but nearly) ERR": ERR's cascade
 * user as a C/W/L measure, who stops after rank k at the latest,
 *
 *   C_i = 1 − g_i for i < k, C_k = 0;   NERR8@k = Σ_{i ≤ k} P_i g_i / Σ_{i ≤ k} P_i,   P_i = Π_{j<i} (1 − g_j)
 *
 * - Convention: ir_measures' `NERR8(max_rel=N)@k` (cwl_eval): g = min(grade, N) / N for a grade ≥ 0
 *   (grades above N are clipped, as cwl_eval does), 0 for unjudged documents and negative grades; rankings
 *   shorter than k are padded with gain-0 documents, which still take a share of the reading; k is cut at
 *   1000 (no cutoff: k = 1000).
 * - Unlike ERR (the stop probability (2^g − 1) / 2^N, rank-discounted), the gain itself is the stop
 *   probability and the value is a rate per document read.
 * - 0 when no document of the top k has a positive grade.
 *
 * @param query the ranking with the grade at every rank
 * @param cutoff k, a positive integer or Infinity
 * @param maxGrade N, the largest grade of the scale (required)
 * @throws {RankevalError} `invalid_option` when maxGrade is missing or not a positive finite number
 * @example grades [2, 0, 3], N = 3, k = 3: g = [2/3, 0, 1], P = [1, 1/3, 1/3];
 *   NERR8@3 = (1·2/3 + (1/3)·0 + (1/3)·1) / (1 + 1/3 + 1/3) = 0.6
 * @see L. Azzopardi, J. Mackenzie, A. Moffat. ERR is not C/W/L: exploring the relationship between
 *   expected reciprocal rank and other metrics. ICTIR 2021, Eq. 8.
 * @see cwl_eval 1.0.12 (NERReq8CWLMetric), as ir_measures 0.4 calls it
 */
export function nerr8(query: JudgedRanking, cutoff: number, maxGrade: number): number {
  const gains = scaledGains(query, maxGrade, 'nerr8');
  return expectedUtility(gains, (rank, gain) => (rank < cutoff ? 1 - gain : 0));
}

/**
 * INST (Moffat, Bailey, Scholer & Thomas, ADCS 2015; Bailey et al., SIGIR 2015): a user who wants a total
 * gain T and goes on while it is not met, more patiently deep in the ranking,
 *
 *   C_i = ((i + T + T_i − 1) / (i + T + T_i))²,   T_i = T − Σ_{j ≤ i} g_j;   INST = Σ_i P_i g_i / Σ_i P_i
 *
 * - Convention: ir_measures' `INST(max_rel=N)` (cwl_eval): gains as NERR8's (min(grade, N) / N, 0 when
 *   unjudged), T = 1 by default, the ranking cut or padded to 1000 ranks: the value depends on that depth,
 *   for the padded ranks keep a weight.
 * - 0 when no document has a positive grade.
 *
 * @param query the ranking with the grade at every rank
 * @param maxGrade N, the largest grade of the scale (required)
 * @param desiredGain T, the total gain the user wants (default 1)
 * @throws {RankevalError} `invalid_option` when maxGrade is missing or not a positive finite number, or T
 *   is not a positive finite number
 * @example one document, of grade N (g = 1), T = 1: T_i = 0 from rank 1 on, so C_i = (i / (i + 1))² and
 *   P_i = 1 / i²; INST = 1 / Σ_{i ≤ 1000} 1/i² = 0.6083
 * @see A. Moffat, P. Bailey, F. Scholer, P. Thomas. INST: an adaptive metric for information retrieval
 *   evaluation. ADCS 2015.
 * @see cwl_eval 1.0.12 (INSTCWLMetric), as ir_measures 0.4 calls it
 */
export function inst(query: JudgedRanking, maxGrade: number, desiredGain: number = DEFAULT_DESIRED_GAIN): number {
  if (typeof desiredGain !== 'number' || !Number.isFinite(desiredGain) || desiredGain <= 0) {
    throw new RankevalError({
      code: 'invalid_option',
      fn: 'inst',
      subject: option('T'),
      what: '`T`',
      expected: 'a positive finite number',
      received: desiredGain,
    });
  }
  const gains = scaledGains(query, maxGrade, 'inst');
  return expectedUtility(gains, (rank, _gain, gained) => {
    const wanted = desiredGain - gained;
    return ((rank + desiredGain + wanted - 1) / (rank + desiredGain + wanted)) ** 2;
  });
}
