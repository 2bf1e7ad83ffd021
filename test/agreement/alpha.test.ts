import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { caught } from '../helpers/caught.js';
import { krippendorffAlpha, type MeasurementLevel } from '../../src/agreement/alpha.js';
import { expectOracle, oracleRows } from './oracle.js';

const rows = oracleRows('alpha.csv');
const LEVELS: readonly MeasurementLevel[] = ['nominal', 'ordinal', 'interval', 'ratio'];

/** A reliability matrix as the oracle writes it: raters by `;`, items by `,`, `*` missing. */
const matrix = (cell: string): (number | null)[][] => cell.split(';').map((rater) => rater.split(',').map((label) => (label === '*' ? null : Number(label))));

describe('krippendorffAlpha against fast-krippendorff (alpha.csv, 120 cases)', () => {
  for (const level of LEVELS) {
    it(`matches every defined ${level} α to 1e-12 and refuses every NA`, () => {
      const { matched, refused } = expectOracle(rows, level, (row) => krippendorffAlpha(matrix(row.matrix!), { level }), 1e-12);
      expect(matched).toBe(119);
      expect(rows).toHaveLength(120);
      expect(refused).toBe(1);
    });
  }
});

describe('krippendorffAlpha by hand', () => {
  // Items (0, 0), (1, 1), (0, 1): o(0,0) = o(1,1) = 2, o(0,1) = o(1,0) = 1; n_0 = n_1 = 3, n = 6.
  const data = [
    [0, 1, 0],
    [0, 1, 1],
  ];

  it('nominal: 1 − (n − 1) · Σ o·δ² / Σ n_c·n_k·δ²', () => {
    expect(krippendorffAlpha(data, { level: 'nominal' })).toBeCloseTo(1 - (5 * 2) / (3 * 3 + 3 * 3), 12);
  });

  it('ordinal: δ² sums the counts of the values between', () => {
    // values 0, 1, 2 with one item each way: (0, 1), (1, 2), (0, 2), (2, 2)
    const graded = [
      [0, 1, 0, 2],
      [1, 2, 2, 2],
    ];
    // o(0,1) = o(1,2) = o(0,2) = 1 each way, o(2,2) = 2; n_0 = 2, n_1 = 2, n_2 = 4, n = 8
    const d01 = (2 + 2 - (2 + 2) / 2) ** 2;
    const d12 = (2 + 4 - (2 + 4) / 2) ** 2;
    const d02 = (2 + 2 + 4 - (2 + 4) / 2) ** 2;
    const observed = 2 * (d01 + d12 + d02);
    const expected = 2 * (2 * 2 * d01 + 2 * 4 * d12 + 2 * 4 * d02);
    expect(krippendorffAlpha(graded)).toBeCloseTo(1 - (7 * observed) / expected, 12);
  });

  it('skips missing labels and items with a single label', () => {
    const withGaps = [
      [0, 1, 0, null, 1],
      [0, 1, 1, 0, null],
      [null, null, null, null, null],
    ];
    expect(krippendorffAlpha(withGaps, { level: 'nominal' })).toBeCloseTo(krippendorffAlpha(data, { level: 'nominal' }), 12);
  });

  it('is the same whatever the order of the raters and of the items', () => {
    const labels = [
      [1, 2, 3, 3, 2, 1, 4, 1, 2, null],
      [1, 2, 3, 3, 2, 2, 4, 1, 2, 5],
      [null, 3, 3, 3, 2, 3, 4, 2, 2, 5],
    ];
    const reversedItems = labels.map((rater) => [...rater].reverse());
    for (const level of LEVELS) {
      const alpha = krippendorffAlpha(labels, { level });
      expect(krippendorffAlpha([...labels].reverse(), { level })).toBeCloseTo(alpha, 12);
      expect(krippendorffAlpha(reversedItems, { level })).toBeCloseTo(alpha, 12);
    }
  });
});

describe('krippendorffAlpha reads typed arrays', () => {
  it('as it reads arrays of the same labels, a rater at a time', () => {
    const rows = [[1, 0, 1, 2, 3], [1, 0, 0, 2, 2]];
    for (const level of ['nominal', 'ordinal', 'interval', 'ratio'] as const) {
      expect(krippendorffAlpha([Float64Array.from(rows[0]!), Int8Array.from(rows[1]!)], { level })).toBe(krippendorffAlpha(rows, { level }));
    }
  });
});

describe('krippendorffAlpha refuses', () => {
  it('a single value among the labels that count, and no item with two labels', () => {
    expect(() => krippendorffAlpha([[4, null, 0], [4, 1, null]])).toThrow('krippendorffAlpha: α is undefined: every label that counts is 4, so no disagreement is possible');
    expect(() => krippendorffAlpha([[1, 2, 3]])).toThrow('krippendorffAlpha: α is undefined: no item has two labels or more');
  });

  it('a malformed matrix, a negative ratio value and an unknown level', () => {
    expect(() => krippendorffAlpha([[1, 2], [1]])).toThrow("krippendorffAlpha: expected rater 2 of `data` to be an array of 2 labels, as long as the first rater's");
    expect(() => krippendorffAlpha([[1, 'a' as never]])).toThrow('expected label 2 of rater 1 to be a finite number or null');
    expect(() => krippendorffAlpha([[1, -1], [1, 2]], { level: 'ratio' })).toThrow('expected label 2 of rater 1 to be a finite number ≥ 0 (ratio level) or null');
    expect(() => krippendorffAlpha({} as never)).toThrow('expected `data` to be an array of raters, each an array of labels');
    // A rater that is no list is named as such, not as a rater of the wrong length.
    expect(() => krippendorffAlpha([{ length: 2 } as never, [1, 2]])).toThrow('krippendorffAlpha: expected rater 1 of `data` to be an array or a typed array of labels, got');
    expect(() => krippendorffAlpha([[1, 2], new Map() as never])).toThrow('krippendorffAlpha: expected rater 2 of `data` to be an array or a typed array of labels, got');
    expect(() => krippendorffAlpha([[1, 2]], { level: 'metric' as never })).toThrow("expected `level` to be 'nominal', 'ordinal', 'interval' or 'ratio'");
  });
});

/** α by its definition over the coincidence matrix o(c, k) (krippendorffAlpha's doc comment, pair by pair). */
function coincidenceDefinition(data: readonly (readonly (number | null)[])[], level: MeasurementLevel): number | undefined {
  const units = data[0]!.map((_, i) => data.map((rater) => rater[i]).filter((label): label is number => label !== null)).filter((labels) => labels.length >= 2);
  const values = [...new Set(units.flat())].sort((x, y) => x - y);
  const o = values.map(() => values.map(() => 0));
  for (const labels of units) labels.forEach((v, i) => labels.forEach((w, j) => i !== j && (o[values.indexOf(v)]![values.indexOf(w)]! += 1 / (labels.length - 1))));
  const totals = o.map((row) => row.reduce((sum, x) => sum + x, 0));
  const n = totals.reduce((sum, t) => sum + t, 0);
  const delta = (c: number, k: number): number => {
    if (level === 'nominal') return c === k ? 0 : 1;
    if (level === 'interval') return (values[c]! - values[k]!) ** 2;
    if (level === 'ratio') return c === k ? 0 : ((values[c]! - values[k]!) / (values[c]! + values[k]!)) ** 2;
    const [low, high] = c < k ? [c, k] : [k, c];
    return (totals.slice(low, high + 1).reduce((sum, t) => sum + t, 0) - (totals[low]! + totals[high]!) / 2) ** 2;
  };
  let observed = 0;
  let expected = 0;
  values.forEach((_, c) => values.forEach((__, k) => ((observed += o[c]![k]! * delta(c, k)), (expected += totals[c]! * totals[k]! * delta(c, k)))));
  return units.length === 0 || expected === 0 ? undefined : 1 - ((n - 1) * observed) / expected;
}

const reliability = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 12 }))
  .chain(([raters, items]) => fc.array(fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: null, freq: 4 }), { minLength: items, maxLength: items }), { minLength: raters, maxLength: raters }));

describe('krippendorffAlpha from moments and marginals, without a coincidence matrix', () => {
  test.prop([reliability, fc.constantFrom(...LEVELS)])('equals the definition over the coincidence matrix', (data, level) => {
    const expected = coincidenceDefinition(data, level);
    if (expected === undefined) expect(() => krippendorffAlpha(data, { level })).toThrow(expect.objectContaining({ code: 'undefined_statistic' }));
    else expect(krippendorffAlpha(data, { level })).toBeCloseTo(expected, 12);
  });

  test.prop([reliability, fc.constantFrom(...LEVELS), fc.constantFrom(1e200, 1.7e308 / 5, 2 ** -1060)])('is the same for labels scaled up to 1.7e308 (or down to subnormal): a number, never NaN', (data, level, scale) => {
    fc.pre(coincidenceDefinition(data, level) !== undefined);
    const scaled = data.map((rater) => rater.map((label) => (label === null ? null : label * scale)));
    expect(krippendorffAlpha(scaled, { level })).toBeCloseTo(krippendorffAlpha(data, { level }), 12);
  });

  it('gives labels of ±1.7e308 the α of ±1, exactly for a power of two', () => {
    const data = [
      [-1, 0, 1, 1, null, -1],
      [-1, 1, 1, 0, 1, 0],
      [0, 0, null, 1, 1, -1],
    ];
    for (const level of ['nominal', 'ordinal', 'interval'] as const) {
      expect(krippendorffAlpha(data.map((rater) => rater.map((label) => (label === null ? null : label * 1.7e308))), { level })).toBeCloseTo(krippendorffAlpha(data, { level }), 12);
      expect(krippendorffAlpha(data.map((rater) => rater.map((label) => (label === null ? null : label * 2 ** 1000))), { level })).toBe(krippendorffAlpha(data, { level }));
    }
    expect(krippendorffAlpha([[1.7e308, 0, 1.7e308], [1.7e308, 1.7e308, 1e308]], { level: 'ratio' })).toBeCloseTo(krippendorffAlpha([[1.7, 0, 1.7], [1.7, 1.7, 1]], { level: 'ratio' }), 12);
  });

  it('takes 150,000 distinct continuous values at the nominal, ordinal and interval levels', () => {
    // Two raters, item i labelled i/7 by one and (N − 1 − i)/7 by the other: every value twice, no item agreeing.
    const items = 150_000;
    const first = Array.from({ length: items }, (_, i) => i / 7);
    const data = [first, [...first].reverse()];
    // nominal: D_o = 2N (each item's two ordered pairs), D_e = (2N)² − N · 2², n = 2N
    expect(krippendorffAlpha(data, { level: 'nominal' })).toBeCloseTo(1 - ((2 * items - 1) * 2 * items) / (4 * items ** 2 - 4 * items), 12);
    // interval: D_o = 2 Σ (2i − N + 1)²/49 = 2 · N(N² − 1)/3/49, D_e = 2 · 2N · 2 · N(N² − 1)/12/49, so α = 1 − (2N − 1)/N
    expect(krippendorffAlpha(data, { level: 'interval' })).toBeCloseTo(1 - (2 * items - 1) / items, 9);
    // ordinal: the mid-ranks 2i + 1 are evenly spaced as the values are, so α is the interval one
    expect(krippendorffAlpha(data, { level: 'ordinal' })).toBeCloseTo(1 - (2 * items - 1) / items, 9);
  });
});

describe("α's errors name the rater and the label as data", () => {
  it('a short rater, a label that is not a number', () => {
    expect(caught(() => krippendorffAlpha([[1, 2], [1]]))).toMatchObject({ subject: { kind: 'argument', argument: 'data' }, facts: { index: 1, limit: 2 } });
    expect(caught(() => krippendorffAlpha([[1, 2], [1, 'x' as never]]))).toMatchObject({ subject: { kind: 'argument', argument: 'data[1]' }, facts: { index: 1 } });
  });
});
