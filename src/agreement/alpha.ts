// Krippendorff's α: how far several raters' labels of the same items agree beyond chance, with labels
// missing, at the nominal, ordinal, interval or ratio level.
import { fail } from '../core/errors.js';
import { ownOptions, whileReading } from '../core/boundary.js';
import { undefinedFor } from './paired-scores.js';

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
 * Edge rules: no item with two labels, or a single value among the labels that count (no disagreement is
 * possible), leave α undefined: a RankevalError `undefined_statistic`, never a NaN. The order of the raters
 * and of the items does not change α.
 *
 * @param data one array per rater, one label per item (a finite number or `null`), all of one length
 * @throws {RankevalError} `invalid_option` for a malformed matrix, a negative value at the ratio level or a
 *   bad option; `undefined_statistic` where α is undefined
 * @example
 * // Two raters, three items: labels (0, 0), (1, 1), (0, 1). Coincidences o(0,0) = 2, o(1,1) = 2,
 * // o(0,1) = o(1,0) = 1; n_0 = n_1 = 3, n = 6.
 * krippendorffAlpha([[0, 1, 0], [0, 1, 1]], { level: 'nominal' }) // => 1 − 5 · 2 / (3·3 + 3·3) = 4/9
 */
export function krippendorffAlpha(data: readonly (readonly (number | null)[])[], options: KrippendorffAlphaOptions = {}): number {
  const fn = 'krippendorffAlpha';
  const { level = 'ordinal' } = ownOptions(options, ['level'], fn);
  if (!LEVELS.includes(level)) fail('invalid_option', fn, { kind: 'option', option: 'level' }, "'nominal', 'ordinal', 'interval' or 'ratio'", level);
  const units = whileReading(fn, 'invalid_option', '`data`', () => unitsOf(data, level, fn));
  if (units.length === 0) undefinedFor(fn, 'α is undefined: no item has two labels or more', 'an item with two labels or more', data);
  const alpha = coincidenceAlpha(coincidenceMatrix(units), level);
  if (alpha === undefined) undefinedFor(fn, `α is undefined: every label that counts is ${units[0]![0]}, so no disagreement is possible`, 'two values or more among the labels', units[0]![0]);
  return alpha;
}

/** α of a coincidence matrix over `values` (ascending) at `level` (see krippendorffAlpha); `undefined` where no disagreement is possible. */
export function coincidenceAlpha({ values, coincidences }: Coincidences, level: MeasurementLevel): number | undefined {
  const totals = coincidences.map((row) => row.reduce((sum, o) => sum + o, 0));
  const n = totals.reduce((sum, t) => sum + t, 0);
  const delta = distance(level, values, totals);
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < values.length; c++) {
    for (let k = 0; k < values.length; k++) {
      observed += coincidences[c]![k]! * delta(c, k);
      expected += totals[c]! * totals[k]! * delta(c, k);
    }
  }
  return expected === 0 ? undefined : 1 - ((n - 1) * observed) / expected;
}

/** Labelled values, ascending, and how often each pair of them coincides in an item: o(c, k). */
export interface Coincidences {
  readonly values: readonly number[];
  readonly coincidences: readonly (readonly number[])[];
}

/** The labels of each item with two labels or more, checked. */
function unitsOf(data: readonly (readonly (number | null)[])[], level: MeasurementLevel, fn: string): number[][] {
  if (!Array.isArray(data)) fail('invalid_option', fn, { kind: 'argument', argument: 'data' }, 'an array of raters, each an array of labels', data);
  const items = data.length === 0 ? 0 : (data[0]?.length ?? 0);
  const units: number[][] = Array.from({ length: items }, () => []);
  for (let r = 0; r < data.length; r++) {
    const row: unknown = data[r];
    if (!Array.isArray(row) || row.length !== items) fail('invalid_option', fn, `rater ${r + 1} of \`data\``, `an array of ${items} labels, as long as the first rater's`, row);
    for (let i = 0; i < items; i++) {
      const value: unknown = row[i];
      if (value === null) continue;
      if (typeof value !== 'number' || !Number.isFinite(value) || (level === 'ratio' && value < 0)) {
        fail('invalid_option', fn, `label ${i + 1} of rater ${r + 1}`, level === 'ratio' ? 'a finite number ≥ 0 (ratio level) or null' : 'a finite number or null', value);
      }
      units[i]!.push(value);
    }
  }
  return units.filter((labels) => labels.length >= 2);
}

/** The values labelled, in order, and their coincidence matrix o(c, k) (see krippendorffAlpha). */
function coincidenceMatrix(units: readonly number[][]): Coincidences {
  const values = [...new Set(units.flat())].sort((a, b) => a - b);
  const index = new Map(values.map((value, i) => [value, i]));
  const coincidences = values.map(() => values.map(() => 0));
  for (const labels of units) {
    const share = 1 / (labels.length - 1);
    for (let i = 0; i < labels.length; i++) {
      for (let j = 0; j < labels.length; j++) if (i !== j) coincidences[index.get(labels[i]!)!]![index.get(labels[j]!)!]! += share;
    }
  }
  return { values, coincidences };
}

/** δ²(c, k) between the c-th and k-th values at `level` (see krippendorffAlpha). */
function distance(level: MeasurementLevel, values: readonly number[], totals: readonly number[]): (c: number, k: number) => number {
  switch (level) {
    case 'nominal':
      return (c, k) => (c === k ? 0 : 1);
    case 'interval':
      return (c, k) => (values[c]! - values[k]!) ** 2;
    case 'ratio':
      return (c, k) => (c === k ? 0 : ((values[c]! - values[k]!) / (values[c]! + values[k]!)) ** 2);
    case 'ordinal': {
      const below = [0];
      for (const total of totals) below.push(below.at(-1)! + total);
      return (c, k) => {
        const [low, high] = c < k ? [c, k] : [k, c];
        return (below[high + 1]! - below[low]! - (totals[low]! + totals[high]!) / 2) ** 2;
      };
    }
  }
}
