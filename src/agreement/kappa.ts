// Cohen's κ: how far two raters' grades of the same items agree beyond chance, unweighted or weighted by
// how far apart two grades are.
import { argument, fail } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { pairedScores, undefinedFor, type ItemScores } from './paired-scores.js';
import { chanceDisagreement, distanceOf, distinctValues, unitScale, type Distance } from './disagreement.js';

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
 * Computed from the marginals, never a k × k table: Σ w·E by chanceDisagreement, Σ w·O item by item, in
 * O(n + k log k) time and O(n) memory for k distinct grades. Grades are first multiplied by a power of two
 * (unitScale), which leaves κ unchanged, so grades up to ±1.7e308 give a number, never a NaN.
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
  if (n === 0) undefinedFor(fn, 'κ needs one item or more, got none', 'one item or more', n, { subject: argument('a'), facts: { limit: 1, count: n } });
  const kappa = itemKappa(grades.x, grades.y, weights);
  if (kappa === undefined) undefinedFor(fn, 'κ is undefined: both raters give every item the same grade, so no disagreement is possible', 'grades that vary for one rater at least', grades.x[0], { subject: argument('a'), facts: { with: argument('b') } });
  return kappa;
}

/** A contingency table of two raters' grades: `counts[i][j]` items graded `grades[i]` by one, `grades[j]` by the other. */
export interface GradeTable {
  /** Every grade either rater gives, ascending. */
  readonly grades: readonly number[];
  readonly counts: readonly (readonly number[])[];
}

const DISTANCES: Record<KappaWeights, Distance> = { none: 'nominal', linear: 'linear', quadratic: 'quadratic' };

/** κ of two aligned lists of grades (see cohenKappa), from the raters' marginals: O(n + k log k) for k grades. */
function itemKappa(a: Float64Array, b: Float64Array, weights: KappaWeights): number | undefined {
  const n = a.length;
  const both = new Float64Array(2 * n);
  both.set(a);
  both.set(b, n);
  const { values, index } = distinctValues(both);
  const rows = new Float64Array(values.length);
  const columns = new Float64Array(values.length);
  const scale = unitScale(values);
  const scaled = values.map((value) => value * scale);
  const distance = distanceOf(DISTANCES[weights]);
  let observed = 0;
  for (let i = 0; i < n; i++) {
    const g = index[i]!;
    const h = index[n + i]!;
    rows[g]!++;
    columns[h]!++;
    if (g !== h) observed += distance(scaled[g]!, scaled[h]!);
  }
  return kappaOf(n, observed, chanceDisagreement(scaled, rows, columns, DISTANCES[weights]));
}

/** κ of a contingency table (see cohenKappa); `undefined` where Σ w·E = 0 or no item. */
export function tableKappa({ grades, counts }: GradeTable, weights: KappaWeights): number | undefined {
  const rows = counts.map((row) => row.reduce((sum, count) => sum + count, 0));
  const columns = grades.map((_, j) => counts.reduce((sum, row) => sum + row[j]!, 0));
  const n = rows.reduce((sum, count) => sum + count, 0);
  const scale = unitScale(grades);
  const scaled = grades.map((grade) => grade * scale);
  const distance = distanceOf(DISTANCES[weights]);
  let observed = 0;
  for (let i = 0; i < grades.length; i++) for (let j = 0; j < grades.length; j++) if (i !== j) observed += counts[i]![j]! * distance(scaled[i]!, scaled[j]!);
  return kappaOf(n, observed, chanceDisagreement(scaled, rows, columns, DISTANCES[weights]));
}

/** κ = 1 − Σ w·O / Σ w·E = 1 − n · observed / chance, with Σ w·E = chance / n; `undefined` where chance = 0. */
function kappaOf(n: number, observed: number, chance: number): number | undefined {
  return n === 0 || chance === 0 ? undefined : 1 - (n * observed) / chance;
}
