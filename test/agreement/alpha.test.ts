import { describe, expect, it } from 'vitest';
import { krippendorffAlpha, type MeasurementLevel } from '../../src/agreement/alpha.js';
import { expectOracle, oracleRows } from './oracle.js';

const rows = oracleRows('alpha.csv');
const LEVELS: readonly MeasurementLevel[] = ['nominal', 'ordinal', 'interval', 'ratio'];

/** A reliability matrix as the oracle writes it: raters by `;`, items by `,`, `*` missing. */
const matrix = (cell: string): (number | null)[][] => cell.split(';').map((rater) => rater.split(',').map((label) => (label === '*' ? null : Number(label))));

describe('krippendorffAlpha against fast-krippendorff (alpha.csv, 120 cases)', () => {
  for (const level of LEVELS) {
    it(`matches every defined ${level} α to 1e-9 and refuses every NA`, () => {
      const { matched, refused } = expectOracle(rows, level, (row) => krippendorffAlpha(matrix(row.matrix!), { level }));
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
    expect(() => krippendorffAlpha([[1, 2]], { level: 'metric' as never })).toThrow("expected `level` to be 'nominal', 'ordinal', 'interval' or 'ratio'");
  });
});
