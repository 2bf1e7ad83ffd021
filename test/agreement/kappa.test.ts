import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { cohenKappa } from '../../src/agreement/kappa.js';
import { expectOracle, numbers, oracleRows } from './oracle.js';

const rows = oracleRows('kappa.csv');
const COLUMNS = { none: 'unweighted', linear: 'linear', quadratic: 'quadratic' } as const;

describe('cohenKappa against scikit-learn (kappa.csv, 150 cases)', () => {
  for (const [weights, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
    it(`matches every ${column} κ to 1e-12`, () => {
      expect(expectOracle(rows, column, (row) => cohenKappa(numbers(row.a!), numbers(row.b!), { weights }), 1e-12)).toEqual({ matched: 150, refused: 0 });
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

/** κ by its definition over the k × k table of grade pairs: 1 − Σ w·O / Σ w·E, E(g, h) = rows(g) · columns(h) / n. */
function tableDefinition(a: readonly number[], b: readonly number[], weights: 'none' | 'linear' | 'quadratic'): number | undefined {
  const grades = [...new Set([...a, ...b])];
  const w = (g: number, h: number): number => (weights === 'none' ? (g === h ? 0 : 1) : weights === 'linear' ? Math.abs(g - h) : (g - h) ** 2);
  const share = (side: readonly number[], g: number): number => side.filter((grade) => grade === g).length;
  let observed = 0;
  let expected = 0;
  for (const g of grades) {
    for (const h of grades) {
      observed += w(g, h) * a.filter((grade, i) => grade === g && b[i] === h).length;
      expected += (w(g, h) * share(a, g) * share(b, h)) / a.length;
    }
  }
  return expected === 0 ? undefined : 1 - observed / expected;
}

const WEIGHTS = ['none', 'linear', 'quadratic'] as const;
const pairs = fc.integer({ min: 1, max: 30 }).chain((n) => fc.tuple(fc.array(fc.integer({ min: -3, max: 4 }), { minLength: n, maxLength: n }), fc.array(fc.integer({ min: -3, max: 4 }), { minLength: n, maxLength: n })));

describe('cohenKappa from marginals, without a table', () => {
  test.prop([pairs, fc.constantFrom(...WEIGHTS)])('equals the definition over the table of grade pairs', ([a, b], weights) => {
    const expected = tableDefinition(a, b, weights);
    if (expected === undefined) expect(() => cohenKappa(a, b, { weights })).toThrow(expect.objectContaining({ code: 'undefined_statistic' }));
    else expect(cohenKappa(a, b, { weights })).toBeCloseTo(expected, 12);
  });

  test.prop([pairs, fc.constantFrom(...WEIGHTS), fc.constantFrom(1e200, 1.7e308 / 4, 2 ** -1060)])('is the same for grades scaled up to ±1.7e308 (or down to subnormal): a number, never NaN', ([a, b], weights, scale) => {
    fc.pre(tableDefinition(a, b, weights) !== undefined);
    expect(cohenKappa(a.map((g) => g * scale), b.map((g) => g * scale), { weights })).toBeCloseTo(cohenKappa(a, b, { weights }), 12);
  });

  it('gives the grades of ±1.7e308 the κ of ±1, exactly for a power of two', () => {
    const big = 1.7e308;
    const a = [-1, 0, 0, 1, 1, -1];
    const b = [-1, 0, 1, 1, -1, 0];
    for (const weights of WEIGHTS) {
      expect(cohenKappa(a.map((g) => g * big), b.map((g) => g * big), { weights })).toBeCloseTo(cohenKappa(a, b, { weights }), 12);
      expect(cohenKappa(a.map((g) => g * 2 ** 1000), b.map((g) => g * 2 ** 1000), { weights })).toBe(cohenKappa(a, b, { weights }));
    }
    expect(cohenKappa([1e200, 0, 1e200], [1e200, 1e200, 0], { weights: 'quadratic' })).toBeCloseTo(cohenKappa([1, 0, 1], [1, 1, 0], { weights: 'quadratic' }), 12);
  });

  it('takes 150,000 distinct continuous grades (a table would hold 2.25e10 cells)', () => {
    // a_i = i/7, b the same grades reversed: n even, so no item agrees; the pairs are symmetric about the mean.
    const n = 150_000;
    const a = Array.from({ length: n }, (_, i) => i / 7);
    const b = [...a].reverse();
    // p_o = 0, p_e = n · (1/n)² = 1/n
    expect(cohenKappa(a, b)).toBeCloseTo((0 - 1 / n) / (1 - 1 / n), 12);
    // Σ|a_i − b_i| = (n²/2)/7 and Σ_{i,j}|a_i − b_j|/n = ((n³ − n)/3)/7/n
    expect(cohenKappa(a, b, { weights: 'linear' })).toBeCloseTo(1 - (n * n) / 2 / ((n ** 3 - n) / 3 / n), 9);
    // same marginals, so quadratic κ is Pearson's r of a and b: −1
    expect(cohenKappa(a, b, { weights: 'quadratic' })).toBeCloseTo(-1, 9);
  });
});
