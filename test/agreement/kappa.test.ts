import { describe, expect, it } from 'vitest';
import { cohenKappa } from '../../src/agreement/kappa.js';
import { expectOracle, numbers, oracleRows } from './oracle.js';

const rows = oracleRows('kappa.csv');
const COLUMNS = { none: 'unweighted', linear: 'linear', quadratic: 'quadratic' } as const;

describe('cohenKappa against scikit-learn (kappa.csv, 150 cases)', () => {
  for (const [weights, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
    it(`matches every ${column} κ to 1e-9`, () => {
      expect(expectOracle(rows, column, (row) => cohenKappa(numbers(row.a!), numbers(row.b!), { weights }))).toEqual({ matched: 150, refused: 0 });
    });
  }
});

describe('cohenKappa by hand', () => {
  // a = [0, 1, 1, 2], b = [0, 1, 2, 2]; a's shares 1/4, 2/4, 1/4 and b's 1/4, 1/4, 2/4 of grades 0, 1, 2.
  const a = [0, 1, 1, 2];
  const b = [0, 1, 2, 2];

  it('unweighted: (p_o − p_e) / (1 − p_e)', () => {
    const pe = (1 * 1 + 2 * 1 + 1 * 2) / 16;
    expect(cohenKappa(a, b)).toBeCloseTo((3 / 4 - pe) / (1 - pe), 12);
  });

  it('weighted: 1 − Σ w·O / Σ w·E, with w the distance of the grade values', () => {
    // the one disagreement is (1, 2); E(g, h) = a(g) · b(h)
    const ea = [1 / 4, 2 / 4, 1 / 4];
    const eb = [1 / 4, 1 / 4, 2 / 4];
    const chance = (w: (g: number, h: number) => number): number => ea.reduce((sum, pa, g) => sum + eb.reduce((inner, pb, h) => inner + w(g, h) * pa * pb, 0), 0);
    expect(cohenKappa(a, b, { weights: 'linear' })).toBeCloseTo(1 - 1 / 4 / chance((g, h) => Math.abs(g - h)), 12);
    expect(cohenKappa(a, b, { weights: 'quadratic' })).toBeCloseTo(1 - 1 / 4 / chance((g, h) => (g - h) ** 2), 12);
  });

  it('weighs by grade values, so a grade nobody gives changes nothing', () => {
    // grades 0 and 3 only: |0 − 3| = 3 for every disagreement, which cancels out of the ratio
    expect(cohenKappa([0, 3, 3, 0], [0, 3, 0, 0], { weights: 'linear' })).toBeCloseTo(cohenKappa([0, 1, 1, 0], [0, 1, 0, 0], { weights: 'linear' }), 12);
    // grades 0, 1 and 3: the distance 3 weighs more than 1, unlike places 0, 1, 2 among the grades seen
    expect(cohenKappa([0, 1, 3, 3], [1, 0, 3, 0], { weights: 'linear' })).not.toBeCloseTo(cohenKappa([0, 1, 2, 2], [1, 0, 2, 0], { weights: 'linear' }), 6);
  });

  it('is 1 for identical labels, whatever the weights', () => {
    for (const weights of ['none', 'linear', 'quadratic'] as const) expect(cohenKappa([2, 0, 1, 1, 3], [2, 0, 1, 1, 3], { weights })).toBe(1);
  });

  it('aligns records by item', () => {
    expect(cohenKappa({ d1: 0, d2: 1, d3: 1, d4: 2 }, { d4: 2, d3: 2, d2: 1, d1: 0 })).toBeCloseTo(cohenKappa(a, b), 12);
  });
});

describe('cohenKappa refuses', () => {
  it('raters who both give one and the same grade everywhere, and no items', () => {
    expect(() => cohenKappa([1, 1, 1], [1, 1, 1])).toThrow('cohenKappa: κ is undefined: both raters give every item the same grade, so no disagreement is possible');
    expect(() => cohenKappa([], [])).toThrow('cohenKappa: κ needs one item or more, got none');
    expect(cohenKappa([1, 1, 1], [1, 1, 2])).toBe(0);
  });

  it('unaligned grades and unknown weights', () => {
    expect(() => cohenKappa([1, 2], [1])).toThrow('cohenKappa: expected `b` to be an array of 2 scores, as long as `a`, got `1` (number)');
    expect(() => cohenKappa([1, 2], [1, 2], { weights: 'cubic' as never })).toThrow("cohenKappa: expected `weights` to be 'none', 'linear' or 'quadratic', got `\"cubic\"` (string)");
  });
});
