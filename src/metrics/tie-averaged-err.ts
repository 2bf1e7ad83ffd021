// Internal: ERR (expected reciprocal rank, Chapelle et al., CIKM 2009) averaged over the orders of tied
// documents (`ties: 'average'`). ERR is not a function of the shared counts, so its tie-averaged form has a
// module of its own; src/metrics/err.ts defines ERR and its stop probability R(g).
import type { TieGroup } from './counts.js';

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
