// Cohen's κ: how far two raters' grades of the same items agree beyond chance, unweighted or weighted by
// how far apart two grades are.
import { fail } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { pairedScores, undefinedFor, type ItemScores } from './paired-scores.js';

/** How a disagreement between grades g and h weighs: `'none'` 1, `'linear'` |g − h|, `'quadratic'` (g − h)². */
export type KappaWeights = 'none' | 'linear' | 'quadratic';

export interface CohenKappaOptions {
  /** `'none'` (default): every disagreement alike; `'linear'`, `'quadratic'`: by the distance of the grades. */
  readonly weights?: KappaWeights;
}

/**
 * Cohen's κ of two raters' grades of the same items (Cohen 1960; weighted, Cohen 1968), as scikit-learn's
 * `cohen_kappa_score` computes it with every grade of the scale as a category.
 *
 * With n items, O(g, h) the share of items graded g by `a` and h by `b`, E(g, h) = a(g) · b(h) the share
 * expected by chance from each rater's own shares, and w(g, h) the weight of a disagreement (1 for g ≠ h,
 * |g − h|, or (g − h)²): κ = 1 − Σ w·O / Σ w·E. Unweighted, that is (p_o − p_e)/(1 − p_e).
 *
 * The categories are the grades either rater gives; the weights are read from the grade values, not from
 * their places in a list of categories, so a grade nobody gives changes nothing and κ equals
 * scikit-learn's with `labels` = every grade 0 … k − 1 of the scale (with `labels` left out, scikit-learn
 * weighs by places among the grades seen, which differs when a grade in between is never given).
 *
 * Edge rules: no items, or both raters giving every item one and the same grade (no disagreement is
 * possible, Σ w·E = 0), leave κ undefined: a RankevalError `undefined_statistic`, never a NaN. One rater
 * giving a single grade while the other varies is fine (κ = 0 when they agree only by chance).
 *
 * @param a the first rater's grades: an array, or item → grade (aligned with `b` by item)
 * @param b the second rater's grades of the same items
 * @throws {RankevalError} `invalid_option` for unaligned or non-finite grades or a bad option;
 *   `undefined_statistic` where κ is undefined
 * @example
 * // a = [0, 1, 1, 2], b = [0, 1, 2, 2]: p_o = 3/4; p_e = (1·1 + 2·1 + 1·2)/16 = 5/16
 * cohenKappa([0, 1, 1, 2], [0, 1, 2, 2]) // => (3/4 − 5/16) / (1 − 5/16) = 7/11
 */
export function cohenKappa(a: ItemScores, b: ItemScores, options: CohenKappaOptions = {}): number {
  const fn = 'cohenKappa';
  const { weights = 'none' } = ownOptions(options, ['weights'], fn);
  if (weights !== 'none' && weights !== 'linear' && weights !== 'quadratic') fail('invalid_option', fn, { kind: 'option', option: 'weights' }, "'none', 'linear' or 'quadratic'", weights);
  const grades = pairedScores(a, b, fn, ['a', 'b']);
  const n = grades.x.length;
  if (n === 0) undefinedFor(fn, 'κ needs one item or more, got none', 'one item or more', n);
  const kappa = tableKappa(gradeTable(grades.x, grades.y), weightOf(weights));
  if (kappa === undefined) undefinedFor(fn, 'κ is undefined: both raters give every item the same grade, so no disagreement is possible', 'grades that vary for one rater at least', grades.x[0]);
  return kappa;
}

/** A contingency table of two raters' grades: `counts[i][j]` items graded `grades[i]` by one, `grades[j]` by the other. */
export interface GradeTable {
  /** Every grade either rater gives, ascending. */
  readonly grades: readonly number[];
  readonly counts: readonly (readonly number[])[];
}

/** The contingency table of two aligned lists of grades. */
export function gradeTable(a: ArrayLike<number>, b: ArrayLike<number>): GradeTable {
  const grades = [...new Set([...Array.from(a), ...Array.from(b)])].sort((g, h) => g - h);
  const index = new Map(grades.map((grade, i) => [grade, i]));
  const counts = grades.map(() => grades.map(() => 0));
  for (let i = 0; i < a.length; i++) counts[index.get(a[i]!)!]![index.get(b[i]!)!]!++;
  return { grades, counts };
}

/** κ = 1 − Σ w·O / Σ w·E of a contingency table (see cohenKappa); `undefined` where Σ w·E = 0 or no item. */
export function tableKappa({ grades, counts }: GradeTable, weight: (g: number, h: number) => number): number | undefined {
  const rows = counts.map((row) => row.reduce((sum, count) => sum + count, 0));
  const columns = grades.map((_, j) => counts.reduce((sum, row) => sum + row[j]!, 0));
  const n = rows.reduce((sum, count) => sum + count, 0);
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < grades.length; i++) {
    for (let j = 0; j < grades.length; j++) {
      const w = weight(grades[i]!, grades[j]!);
      observed += w * counts[i]![j]!;
      expected += (w * rows[i]! * columns[j]!) / n;
    }
  }
  return n === 0 || expected === 0 ? undefined : 1 - observed / expected;
}

/** The weight of a disagreement between grades g and h. */
export function weightOf(weights: KappaWeights): (g: number, h: number) => number {
  if (weights === 'linear') return (g, h) => Math.abs(g - h);
  if (weights === 'quadratic') return (g, h) => (g - h) ** 2;
  return (g, h) => (g === h ? 0 : 1);
}
