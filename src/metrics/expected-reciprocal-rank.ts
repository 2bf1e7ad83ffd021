import { RankevalError } from '../errors.js';
import type { JudgedRanking } from './judged-ranking.js';

/** gdeval's MAX_JUDGMENT, which ir_measures' ERR inherits: grades run from 0 to 4. */
export const DEFAULT_MAX_GRADE = 4;

/**
 * ERR's probability that a user who reads a document with grade g is satisfied and stops there:
 * R(g) = (2^g − 1) / 2^maxGrade.
 *
 * - A grade ≤ 0 gives 0, and so do the markers of unjudged documents (negative): only a positive grade
 *   can satisfy, as gdeval reads only positive judgments.
 * - A grade above maxGrade is an error, not a probability above 1 (which would make ERR negative further
 *   down the ranking).
 *
 * Exported so that tie-averaged ERR computes the same probabilities.
 *
 * @throws {RankevalError} `invalid_qrels` for a grade above maxGrade, `invalid_option` for a maxGrade that
 *   is not a positive finite number
 * @example errStopProbability(2, 4) // => (2 ** 2 − 1) / 2 ** 4 = 3 / 16
 */
export function errStopProbability(grade: number, maxGrade: number): number {
  checkMaxGrade(maxGrade);
  if (grade > maxGrade) throw gradeAboveMax(grade, maxGrade);
  return grade > 0 ? (2 ** grade - 1) / 2 ** maxGrade : 0;
}

/**
 * Expected reciprocal rank at cutoff k (Chapelle, Metzler, Zhang & Grinspan): the expected 1/rank at which
 * a user stops, reading down the ranking and stopping at each document with its probability R:
 *
 *   ERR@k = Σ_{r ≤ k} (1/r) · R_r · Π_{i < r} (1 − R_i),   R = (2^g − 1) / 2^maxGrade
 *
 * - Convention: gdeval's (and so ir_measures' `ERR@k`): maxGrade 4 by default, whatever the largest grade
 *   of the qrels; grades ≤ 0 and unjudged documents have R = 0. ERR is not normalised: a ranking with a
 *   document of grade maxGrade first scores 1 − 2^−maxGrade at best, not 1.
 * - A query with no positive grade scores 0 (as gdeval reports it through ir_measures); so does an empty
 *   ranking. No cutoff (Infinity): the whole ranking.
 * - The largest grade of the query's qrels (retrieved or not) must be ≤ maxGrade, so that the scale does
 *   not depend on the ranking; otherwise an error suggests `err(max_grade=N)`.
 *
 * @param query the ranking with the grade at every rank
 * @param cutoff k, a positive integer or Infinity
 * @param maxGrade the largest grade of the scale
 * @throws {RankevalError} `invalid_qrels` when a grade of the query exceeds maxGrade, `invalid_option`
 *   for a maxGrade that is not a positive finite number
 * @example grades [2, 0, 3] with maxGrade 3: R = [3/8, 0, 7/8];
 *   ERR@3 = 3/8 + (1/3)·(7/8)·(1 − 3/8)·(1 − 0) = 0.5573
 * @see O. Chapelle, D. Metzler, Y. Zhang, P. Grinspan. Expected reciprocal rank for graded relevance. CIKM 2009.
 * @see gdeval.pl 1.2a (TREC Web track), as called by ir_measures 0.4 for `ERR@k`
 */
export function expectedReciprocalRank(query: JudgedRanking, cutoff: number, maxGrade: number): number {
  checkMaxGrade(maxGrade);
  const largest = query.levels.length === 0 ? 0 : query.levels[query.levels.length - 1]!;
  if (largest > maxGrade) throw gradeAboveMax(largest, maxGrade);
  const scale = 2 ** maxGrade;
  const depth = Math.min(cutoff, query.numRet);
  let err = 0;
  // The probability that the user reaches rank r: every document above failed to satisfy.
  let reach = 1;
  for (let r = 1; r <= depth; r++) {
    const grade = query.rel[r - 1]!;
    if (grade <= 0) continue;
    const stop = (2 ** grade - 1) / scale;
    err += (reach * stop) / r;
    reach *= 1 - stop;
  }
  return err;
}

function checkMaxGrade(maxGrade: number): void {
  if (typeof maxGrade !== 'number' || !Number.isFinite(maxGrade) || maxGrade <= 0) {
    throw new RankevalError('invalid_option', `err: expected \`max_grade\` to be a positive finite number, got \`${String(maxGrade)}\``, 'a positive finite number', maxGrade);
  }
}

function gradeAboveMax(grade: number, maxGrade: number): RankevalError {
  return new RankevalError(
    'invalid_qrels',
    `err: grade ${grade} is above the largest grade of ERR's scale (${maxGrade}); write err(max_grade=${grade}) for a scale up to ${grade}`,
    `a grade ≤ ${maxGrade}`,
    grade,
  );
}
