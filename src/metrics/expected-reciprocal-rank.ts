import { argument, option, RankevalError } from '../core/errors.js';
import type { TieGroup } from '../core/ordering.js';
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
  const depth = Math.min(cutoff, query.retrieved);
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
    throw new RankevalError({
      code: 'invalid_option',
      fn: 'err',
      subject: option('max_grade'),
      expected: 'a positive finite number',
      received: maxGrade,
    });
  }
}

function gradeAboveMax(grade: number, maxGrade: number): RankevalError {
  return new RankevalError({
    code: 'invalid_qrels',
    fn: 'err',
    subject: argument('qrels'),
    facts: { limit: maxGrade },
    problem: `grade ${grade} is above the largest grade of ERR's scale (${maxGrade}); write err(max_grade=${grade}) for a scale up to ${grade}`,
    expected: `a grade ≤ ${maxGrade}`,
    received: grade,
  });
}

/**
 * The expectation of ERR@k over every order of each tie group, each order equally likely:
 *
 *   ERR@k = Σ_{i ≤ k} (1/i) · R(g_i) · Π_{j < i} (1 − R(g_j)),   R(g) = (2^g − 1) / 2^maxGrade, 0 for g ≤ 0
 *
 * (`stop` is R; grades below 0, trec_eval's markers for unjudged documents, stop no one).
 *
 * Groups are ordered independently, and a whole group's product Π (1 − R) does not depend on its order, so
 * each group adds, at its t-th rank s + t (t from 0), its survival so far × E[R(x) · Π_{y ∈ S} (1 − R(y))],
 * where x is the document there and S the t documents before it in the group: x is any member with
 * probability 1/n, and S a uniformly random t-subset of the others, whose expected product is the
 * normalised elementary symmetric mean ē_t(q) = e_t(q) / C(n − 1, t) of their q = 1 − R. Members of one
 * grade share x's term, so the programme runs once per distinct grade that stops anyone: O(d·n·k) for d
 * grades in a group of n cut at k. ē_t is built one member at a time as a convex combination,
 *   ē_t ← ((m + 1 − t)·ē_t + t·q·ē_{t−1}) / (m + 1)   (m members so far),
 * so no binomial coefficient is formed and nothing overflows.
 *
 * @param grades the grade at each rank (rank i at index i − 1), as JudgedRanking.rel
 * @param tieGroups the ranking's tie groups, ascending (TieGroup); none: ERR itself
 * @param cutoff a positive integer or Infinity
 * @param stop R(g), the probability that a user stops at a document of grade g
 * @example two documents tied at ranks 1–2 with R = 1/2 and 0: the order (1/2, 0) has ERR (1/2)/1, the
 *   order (0, 1/2) has ERR 1·(1/2)/2, so the tie-averaged ERR is ((1/2)/1 + (1/2)/2) / 2 = 3/8
 */
export function tieAveragedErr(grades: ArrayLike<number>, tieGroups: readonly TieGroup[], cutoff: number, stop: (grade: number) => number): number {
  const depth = Math.min(grades.length, cutoff);
  let err = 0;
  let survival = 1;
  let group = 0;
  for (let rank = 1; rank <= depth && survival !== 0; ) {
    const tied = tieGroups[group];
    if (tied === undefined || rank < tied.start) {
      const r = stop(grades[rank - 1]!);
      err += (survival * r) / rank;
      survival *= 1 - r;
      rank++;
      continue;
    }
    const size = tied.size;
    const stops: number[] = [];
    for (let i = 0; i < size; i++) stops.push(stop(grades[tied.start - 1 + i]!));
    // t runs to the last rank of the group inside the cutoff.
    const deepest = Math.min(size, depth - tied.start + 1) - 1;
    const at = new Float64Array(deepest + 1);
    for (const value of new Set(stops)) {
      if (value === 0) continue;
      const members = stops.filter((other) => other === value).length;
      const means = symmetricMeans(stops, stops.indexOf(value), deepest);
      for (let t = 0; t <= deepest; t++) at[t]! += (members * value * means[t]!) / size;
    }
    for (let t = 0; t <= deepest; t++) err += (survival * at[t]!) / (tied.start + t);
    for (const value of stops) survival *= 1 - value;
    rank = tied.start + size;
    group++;
  }
  return err;
}

/** ē_t, t = 0 … deepest, of 1 − values[j] over every member j but the one at `leftOut`. */
function symmetricMeans(values: readonly number[], leftOut: number, deepest: number): Float64Array {
  const means = new Float64Array(deepest + 1);
  means[0] = 1;
  let members = 0;
  for (let j = 0; j < values.length; j++) {
    if (j === leftOut) continue;
    const q = 1 - values[j]!;
    for (let t = Math.min(members + 1, deepest); t >= 1; t--) means[t] = ((members + 1 - t) * means[t]! + t * q * means[t - 1]!) / (members + 1);
    members++;
  }
  return means;
}
