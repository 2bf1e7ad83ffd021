import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { tauAP } from '../../src/agreement/tau-ap.js';
import { expectOracle, numbers, oracleRows } from './oracle.js';
import { distinct, pairwiseTauAPa, pairwiseTauAPb, referenceAndTied, tiedSides, untiedSides } from './pairwise.js';

const rows = oracleRows('tau.csv');

describe('tauAP against ircor (tau.csv, 200 cases)', () => {
  for (const variant of ['a', 'b'] as const) {
    it(`matches every defined τ_AP,${variant} to 1e-9 and refuses every NA`, () => {
      const { matched, refused } = expectOracle(rows, `tauAP_${variant}`, (row) => tauAP(numbers(row.x!), numbers(row.y!), { variant }));
      expect(matched + refused).toBe(200);
    });
  }

  it('τ_AP,a equals Yilmaz’s τ_AP without ties (the `tauAP` column where defined)', () => {
    const defined = rows.filter((row) => row.tauAP !== 'NA');
    expect(defined.length).toBeGreaterThan(0);
    for (const row of defined) expect(Math.abs(tauAP(numbers(row.x!), numbers(row.y!), { variant: 'a' }) - Number(row.tauAP))).toBeLessThan(1e-9);
  });

  it('τ_AP,b equals the mean of τ_AP(x, y) and τ_AP(y, x) without ties', () => {
    for (const row of rows.filter((row) => row.tauAP !== 'NA')) {
      const [x, y] = [numbers(row.x!), numbers(row.y!)];
      const mean = (tauAP(x, y, { variant: 'a' }) + tauAP(y, x, { variant: 'a' })) / 2;
      expect(Math.abs(tauAP(x, y) - mean)).toBeLessThan(1e-12);
    }
  });
});

describe('tauAP sweeps in O(n log n) and gives what the pairwise definition gives', () => {

  test.prop([referenceAndTied])(
    'τ_AP,a (x without ties, y with many) equals the pairwise mean over the ways to break y’s ties, to 1e-12',
    ([x, y]) => {
      expect(Math.abs(tauAP(x, y, { variant: 'a' }) - pairwiseTauAPa(x, y))).toBeLessThanOrEqual(1e-12);
    },
  );

  test.prop([untiedSides])(
    'τ_AP,a without ties in y is Yilmaz’s τ_AP to the last bit',
    ([x, y]) => {
      expect(tauAP(x, y, { variant: 'a' })).toBe(pairwiseTauAPa(x, y));
    },
  );

  test.prop([tiedSides])('τ_AP,b equals the pairwise mean of the two directions, to the last bit', ([x, y]) => {
    fc.pre(distinct(x) > 1 && distinct(y) > 1);
    expect(tauAP(x, y)).toBe(pairwiseTauAPb(x, y));
  });

  it('gives every reference case (tau.csv) the pairwise definition’s value: τ_AP,b to the last bit, τ_AP,a to 1e-12', () => {
    let [compared, bitForBit] = [0, 0];
    for (const row of rows) {
      const [x, y] = [numbers(row.x!), numbers(row.y!)];
      if (distinct(x) === x.length) {
        const [fast, pairwise] = [tauAP(x, y, { variant: 'a' }), pairwiseTauAPa(x, y)];
        expect(Math.abs(fast - pairwise)).toBeLessThanOrEqual(1e-12);
        [compared, bitForBit] = [compared + 1, bitForBit + Number(fast === pairwise)];
      }
      if (distinct(x) > 1 && distinct(y) > 1) {
        expect(tauAP(x, y)).toBe(pairwiseTauAPb(x, y));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(200);
    // Every τ_AP,a without ties in y is the same to the last bit too (the tie-free term is the pairwise one).
    expect(bitForBit).toBeGreaterThanOrEqual(rows.filter((row) => row.tauAP !== 'NA').length);
  });
});

describe('tauAP by hand', () => {
  // Items a, b, c, d with x ranking a > b > c > d.
  const x = [4, 3, 2, 1];

  it('τ_AP weighs a swap at the top more than one at the bottom', () => {
    // y swaps a and b: a, second, has b wrongly above it (2·0/1 − 1); c has both above it rightly, d all three.
    const top = tauAP(x, [3, 4, 2, 1], { variant: 'a' });
    expect(top).toBeCloseTo(((2 * 0) / 1 - 1 + ((2 * 2) / 2 - 1) + ((2 * 3) / 3 - 1)) / 3, 12);
    // y swaps c and d: only d's place (second from the bottom) goes wrong.
    const bottom = tauAP(x, [4, 3, 1, 2], { variant: 'a' });
    expect(bottom).toBeCloseTo(((2 * 1) / 1 - 1 + ((2 * 2) / 2 - 1) + ((2 * 2) / 3 - 1)) / 3, 12);
    expect(top).toBeLessThan(bottom);
  });

  it('τ_AP,a averages over the two ways to break a tie in y', () => {
    // y ties a and b at the top: a above b (τ_AP = 1) or b above a (τ_AP = top, above), each half the time.
    const swapped = ((2 * 0) / 1 - 1 + ((2 * 2) / 2 - 1) + ((2 * 3) / 3 - 1)) / 3;
    expect(tauAP(x, [4, 4, 2, 1], { variant: 'a' })).toBeCloseTo((1 + swapped) / 2, 12);
  });

  it('τ_AP,b counts only items strictly above, in both directions', () => {
    // x = a > b > c, y = a > b = c. Down y: b has a above it, right (1); c has a, right (1): 1.
    // Down x: b has a above it, right in y (1); c has a (right) and b (tied in y, not above): 2·1/2 − 1 = 0.
    expect(tauAP([3, 2, 1], [2, 1, 1])).toBeCloseTo((1 + (1 + 0) / 2) / 2, 12);
  });

  it('matches ircor’s documented example', () => {
    // ircor's help page for tauAP: x and y, then y rounded to one digit by R, then x too (R rounds 0.45 to 0.4)
    const xs = [0.67, 0.45, 0.29, 0.12, 0.57, 0.24, 0.94, 0.75, 0.08, 0.54];
    const ys = [0.48, 0.68, 0.32, 0.09, 0.06, 0.61, 0.87, 0.22, 0.44, 0.84];
    const yRounded = [0.5, 0.7, 0.3, 0.1, 0.1, 0.6, 0.9, 0.2, 0.4, 0.8];
    const xRounded = [0.7, 0.4, 0.3, 0.1, 0.6, 0.2, 0.9, 0.8, 0.1, 0.5];
    expect(tauAP(xs, ys, { variant: 'a' })).toBeCloseTo(0.3928571, 7);
    expect(tauAP(xs, yRounded, { variant: 'a' })).toBeCloseTo(0.39903, 5);
    expect(tauAP(xs, yRounded)).toBeCloseTo(0.3317019, 7);
    expect(tauAP(xRounded, yRounded)).toBeCloseTo(0.339418, 6);
  });

  it('is 1 for the same order and −1 for the reversed one, without ties', () => {
    const scores = [0.5, 0.1, 0.9, 0.3, 0.7, 0.2];
    for (const variant of ['a', 'b'] as const) {
      expect(tauAP(scores, scores, { variant })).toBe(1);
      expect(tauAP(scores, scores.map((v) => -v), { variant })).toBe(-1);
    }
  });
});

describe('tauAP refuses', () => {
  it('ties in x for τ_AP,a, a constant side for τ_AP,b, fewer than two items', () => {
    expect(() => tauAP([1, 1, 2], [1, 2, 3], { variant: 'a' })).toThrow("tauAP: τ_AP,a allows ties in `y` only, and `x` (the reference order) has ties: use variant 'b'");
    expect(() => tauAP([4, 4, 4], [1, 2, 3])).toThrow('tauAP: τ_AP,b is undefined: `x` gives every item the same score');
    expect(() => tauAP([], [], { variant: 'a' })).toThrow('tauAP: τ_AP,a needs two items or more, got 0');
  });

  it('variant c, which is Kendall’s only', () => {
    expect(() => tauAP([1, 2], [1, 2], { variant: 'c' as never })).toThrow("tauAP: expected `variant` to be 'a' or 'b', got `\"c\"` (string)");
  });
});
