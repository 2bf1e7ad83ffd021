// Krippendorff's α: how far several raters' labels of the same items agree beyond chance, with labels
// missing, at the nominal, ordinal, interval or ratio level.
import { argument, fail } from '../core/errors.js';
import { ownOptions, whileReading } from '../core/boundary.js';
import { isList, undefinedFor } from './paired-scores.js';
import { chanceDisagreement, distanceOf, distinctValues, unitScale } from './disagreement.js';
import type { GradeTable } from './kappa.js';

/** What the labels' values mean: categories (`'nominal'`), an order, differences, or ratios. */
export type MeasurementLevel = 'nominal' | 'ordinal' | 'interval' | 'ratio';

export interface KrippendorffAlphaOptions {
  /** `'ordinal'` (default, as for graded relevance), `'nominal'`, `'interval'` or `'ratio'`. */
  readonly level?: MeasurementLevel;
}

const LEVELS: readonly MeasurementLevel[] = ['nominal', 'ordinal', 'interval', 'ratio'];

/**
 * Krippendorff's α of a raters × items matrix of labels, `null` where a rater left an item unlabelled
 * (Krippendorff, Content Analysis, 2004; the convention of fast-krippendorff's `alpha`).
 *
 * Only items with two labels or more count. Each such item u with m_u labels adds 1/(m_u − 1) to the
 * coincidence o(c, k) of every ordered pair of its labels from different raters, valued c and k; n_c =
 * Σ_k o(c, k) and n = Σ_c n_c. Then α = 1 − (n − 1) · Σ o(c, k)·δ²(c, k) / Σ n_c·n_k·δ²(c, k), with δ²:
 * - nominal: 0 for c = k, else 1;  interval: (c − k)²;  ratio: ((c − k)/(c + k))² (values ≥ 0, 0 for 0 and 0);
 * - ordinal: (Σ_{g from c to k} n_g − (n_c + n_k)/2)², over the values labelled, in order.
 *
 * Computed from moments and marginals, never a table of coincidences: the interval level as a spread,
 * Σ_c Σ_k n_c·n_k·(c − k)² = 2n · Σ_c n_c·(c − c̄)² (and per item Σ_{i≠j} (v_i − v_j)² = 2m · Σ_i (v_i − v̄)²);
 * the ordinal level as the interval level over mid-ranks, since its δ²(c, k) = (r_c − r_k)² with r_c =
 * Σ_{g<c} n_g + n_c/2; the nominal level as n² − Σ_c n_c². Time O(n + k log k) for n labels and k distinct
 * values, memory O(n) (plus Σ_u m_u² per item's pairs at the ratio level, whose expected side is a sum over
 * the k(k − 1)/2 pairs of values: O(k²) time, O(k) memory). Values are multiplied by a power of two first
 * (unitScale), which leaves α unchanged, so labels up to ±1.7e308 give a number, never a NaN.
 *
 * Edge rules: no item with two labels, or a single value among the labels that count (no disagreement is
 * possible), leave α undefined: a RankevalError `undefined_statistic`, never a NaN. The order of the raters
 * and of the items does not change α.
 *
 * @param data one array (or typed array) per rater, one label per item (a finite number or `null`), all of one length
 * @throws {RankevalError} `invalid_option` for a malformed matrix, a negative value at the ratio level or a
 *   bad option; `undefined_statistic` where α is undefined
 * @example
 * // Two raters, three items: labels (0, 0), (1, 1), (0, 1). Coincidences o(0,0) = 2, o(1,1) = 2,
 * // o(0,1) = o(1,0) = 1; n_0 = n_1 = 3, n = 6.
 * krippendorffAlpha([[0, 1, 0], [0, 1, 1]], { level: 'nominal' }) // => 1 − 5 · 2 / (3·3 + 3·3) = 4/9
 */
export function krippendorffAlpha(data: readonly ArrayLike<number | null>[], options: KrippendorffAlphaOptions = {}): number {
  const fn = 'krippendorffAlpha';
  const { level = 'ordinal' } = ownOptions(options, ['level'], fn);
  if (!LEVELS.includes(level)) fail('invalid_option', fn, { kind: 'option', option: 'level' }, "'nominal', 'ordinal', 'interval' or 'ratio'", level);
  const units = whileReading(fn, 'invalid_option', '`data`', () => unitsOf(data, level, fn));
  if (units.labels.length === 0) undefinedFor(fn, 'α is undefined: no item has two labels or more', 'an item with two labels or more', data, argument('data'));
  const alpha = unitsAlpha(units, level);
  if (alpha === undefined) undefinedFor(fn, `α is undefined: every label that counts is ${units.labels[0]}, so no disagreement is possible`, 'two values or more among the labels', units.labels[0], argument('data'));
  return alpha;
}

/** The labels of the items with two labels or more, item after item: item u's are `labels[starts[u]]` up to `labels[starts[u + 1]]`. */
interface Units {
  readonly labels: Float64Array;
  readonly starts: Int32Array;
}

const DATA = argument('data');

/** The labels of each item with two labels or more, checked, in two passes over the matrix (count, then place). */
function unitsOf(data: readonly ArrayLike<number | null>[], level: MeasurementLevel, fn: string): Units {
  if (!Array.isArray(data)) fail('invalid_option', fn, { kind: 'argument', argument: 'data' }, 'an array of raters, each an array of labels', data);
  const items = data.length === 0 ? 0 : (data[0]?.length ?? 0);
  const counts = new Int32Array(items);
  for (let r = 0; r < data.length; r++) {
    const row: unknown = data[r];
    if (!isList(row)) fail('invalid_option', fn, `rater ${r + 1} of \`data\``, 'an array or a typed array of labels', row, { subject: DATA, facts: { index: r } });
    if (row.length !== items) fail('invalid_option', fn, `rater ${r + 1} of \`data\``, `an array of ${items} labels, as long as the first rater's`, row, { subject: DATA, facts: { index: r, limit: items } });
    for (let i = 0; i < items; i++) {
      const value: unknown = row[i];
      if (value === null) continue;
      if (typeof value !== 'number' || !Number.isFinite(value) || (level === 'ratio' && value < 0)) {
        fail('invalid_option', fn, `label ${i + 1} of rater ${r + 1}`, level === 'ratio' ? 'a finite number ≥ 0 (ratio level) or null' : 'a finite number or null', value, { subject: argument(`data[${r}]`), facts: { index: i } });
      }
      counts[i]!++;
    }
  }
  const next = new Int32Array(items).fill(-1);
  const starts = [0];
  for (let i = 0; i < items; i++) {
    if (counts[i]! < 2) continue;
    next[i] = starts.at(-1)!;
    starts.push(next[i]! + counts[i]!);
  }
  const labels = new Float64Array(starts.at(-1)!);
  for (const row of data) for (let i = 0; i < items; i++) if (row[i] !== null && next[i]! >= 0) labels[next[i]!++] = row[i]!;
  return { labels, starts: Int32Array.from(starts) };
}

/** α of the items' labels at `level` (see krippendorffAlpha); `undefined` where no disagreement is possible. */
function unitsAlpha({ labels, starts }: Units, level: MeasurementLevel): number | undefined {
  const { values, index } = distinctValues(labels);
  const totals = new Float64Array(values.length);
  for (let i = 0; i < index.length; i++) totals[index[i]!]!++;
  const x = coordinates(values, totals, level);
  const delta = deltaOf(level);
  const same = new Float64Array(values.length);
  let observed = 0;
  for (let u = 0; u + 1 < starts.length; u++) {
    const [from, to] = [starts[u]!, starts[u + 1]!];
    const m = to - from;
    let pairs = 0;
    if (level === 'nominal') {
      // Σ_{i≠j} [v_i ≠ v_j] = m² − Σ_v m_v²
      for (let i = from; i < to; i++) same[index[i]!]!++;
      pairs = m * m;
      for (let i = from; i < to; i++) pairs -= same[index[i]!]!;
      for (let i = from; i < to; i++) same[index[i]!] = 0;
    } else if (level === 'ratio') {
      for (let i = from; i < to; i++) for (let j = i + 1; j < to; j++) if (index[i] !== index[j]) pairs += 2 * delta(x[index[i]!]!, x[index[j]!]!);
    } else {
      // Σ_{i≠j} (x_i − x_j)² = 2m · Σ_i (x_i − x̄)²
      let mean = 0;
      for (let i = from; i < to; i++) mean += x[index[i]!]! / m;
      for (let i = from; i < to; i++) pairs += 2 * m * (x[index[i]!]! - mean) ** 2;
    }
    observed += pairs / (m - 1);
  }
  return alphaOf(labels.length, observed, expectedDisagreement(x, totals, level));
}

/**
 * α of two raters' contingency table at `level` (see krippendorffAlpha): each item labelled g by one
 * and h by the other is a pair of labels, so o(g, h) = T(g, h) + T(h, g) and n = 2 · Σ T.
 */
export function tableAlpha({ grades, counts }: GradeTable, level: MeasurementLevel): number | undefined {
  const totals = grades.map((_, c) => counts[c]!.reduce((sum, count, k) => sum + count + counts[k]![c]!, 0));
  const x = coordinates(Float64Array.from(grades), totals, level);
  const delta = deltaOf(level);
  let observed = 0;
  for (let g = 0; g < grades.length; g++) for (let h = 0; h < grades.length; h++) if (g !== h) observed += 2 * counts[g]![h]! * delta(x[g]!, x[h]!);
  return alphaOf(totals.reduce((sum, total) => sum + total, 0), observed, expectedDisagreement(x, totals, level));
}

/** α = 1 − (n − 1) · D_o / D_e; `undefined` where D_e = 0. */
function alphaOf(n: number, observed: number, expected: number): number | undefined {
  return expected === 0 ? undefined : 1 - ((n - 1) * observed) / expected;
}

/** Where each of the values (ascending) stands for δ²: its mid-rank (ordinal), else the value scaled by unitScale. */
function coordinates(values: Float64Array, totals: ArrayLike<number>, level: MeasurementLevel): Float64Array {
  if (level !== 'ordinal') {
    const scale = unitScale(values);
    return values.map((value) => value * scale);
  }
  const ranks = new Float64Array(values.length);
  let below = 0;
  for (let c = 0; c < values.length; c++) {
    ranks[c] = below + totals[c]! / 2;
    below += totals[c]!;
  }
  return ranks;
}

/** δ²(c, k) of two different values, by their coordinates (see krippendorffAlpha). */
function deltaOf(level: MeasurementLevel): (x: number, y: number) => number {
  if (level === 'ratio') return (x, y) => ((x - y) / (x + y)) ** 2;
  return distanceOf(level === 'nominal' ? 'nominal' : 'quadratic');
}

/** D_e = Σ_c Σ_k n_c·n_k·δ²(c, k): by chanceDisagreement, or over every pair of values at the ratio level. */
function expectedDisagreement(x: Float64Array, totals: ArrayLike<number>, level: MeasurementLevel): number {
  if (level === 'nominal') return chanceDisagreement(x, totals, totals, 'nominal');
  if (level !== 'ratio') return chanceDisagreement(x, totals, totals, 'quadratic');
  const delta = deltaOf(level);
  let sum = 0;
  for (let c = 0; c < x.length; c++) for (let k = c + 1; k < x.length; k++) sum += 2 * totals[c]! * totals[k]! * delta(x[c]!, x[k]!);
  return sum;
}
