import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { kendallTau } from '../../src/agreement/kendall.js';
import { caught } from '../helpers/caught.js';
import { isRankevalError } from '../../src/core/errors.js';
import { expectOracle, numbers, oracleRows } from './oracle.js';
import { distinct, pairwiseKendall, referenceAndTied, tiedSides } from './pairwise.js';

const rows = oracleRows('tau.csv');

describe('kendallTau against ircor (tau.csv, 200 cases)', () => {
  for (const variant of ['a', 'b'] as const) {
    it(`matches every defined τ_${variant} to 1e-9 and refuses every NA`, () => {
      const { matched, refused } = expectOracle(rows, `tau_${variant}`, (row) => kendallTau(numbers(row.x!), numbers(row.y!), { variant }));
      expect(matched + refused).toBe(200);
    });
  }

  it('equals Kendall’s τ without ties in both variants (the `tau` column where defined)', () => {
    const defined = rows.filter((row) => row.tau !== 'NA');
    expect(defined.length).toBeGreaterThan(0);
    for (const row of defined) {
      for (const variant of ['a', 'b'] as const) expect(Math.abs(kendallTau(numbers(row.x!), numbers(row.y!), { variant }) - Number(row.tau))).toBeLessThan(1e-9);
    }
  });

  it('agrees with SciPy’s kendalltau for τ_b (the cross-check column)', () => {
    for (const row of rows.filter((row) => row.tau_b !== 'NA')) expect(Math.abs(kendallTau(numbers(row.x!), numbers(row.y!)) - Number(row.scipy_tau_b))).toBeLessThan(1e-9);
  });
});

describe('kendallTau counts pairs in O(n log n) and gives what the pairwise definition gives', () => {

  test.prop([tiedSides])('τ_b and τ_c equal the pairwise S over their denominators, to the last bit', ([x, y]) => {
    fc.pre(distinct(x) > 1 && distinct(y) > 1);
    for (const variant of ['b', 'c'] as const) expect(kendallTau(x, y, { variant })).toBe(pairwiseKendall(x, y, variant));
  });

  test.prop([referenceAndTied])(
    'τ_a (x without ties) equals the pairwise S over n(n − 1)/2, to the last bit',
    ([x, y]) => {
      expect(kendallTau(x, y, { variant: 'a' })).toBe(pairwiseKendall(x, y, 'a'));
    },
  );

  it('gives every reference case (tau.csv) the value the pairwise definition gives, to the last bit', () => {
    let compared = 0;
    for (const row of rows) {
      const [x, y] = [numbers(row.x!), numbers(row.y!)];
      const variants = (['a', 'b', 'c'] as const).filter((variant) => (variant === 'a' ? distinct(x) === x.length : distinct(x) > 1 && distinct(y) > 1));
      for (const variant of variants) expect(kendallTau(x, y, { variant })).toBe(pairwiseKendall(x, y, variant));
      compared += variants.length;
    }
    expect(compared).toBeGreaterThan(400);
  });
});

describe('kendallTau τ_c (SciPy’s variant c)', () => {
  it('is 2S / (n² (m − 1)/m), m the fewer distinct scores of x and y', () => {
    // x = 1 2 3 4, y = 1 1 2 2: 4 pairs concordant, 2 tied in y; m = min(4, 2) = 2
    expect(kendallTau([1, 2, 3, 4], [1, 1, 2, 2], { variant: 'c' })).toBe((2 * 4) / ((4 ** 2 * (2 - 1)) / 2));
    // x = 0 1 1 2 2 2, y = 2 1 1 0 0 1: the first item is discordant with all 5 others; items 2 and 3 each
    // with items 4 and 5 (and tied in y with item 6); the rest tie in x. S = −9, m = min(3, 3) = 3
    expect(kendallTau([0, 1, 1, 2, 2, 2], [2, 1, 1, 0, 0, 1], { variant: 'c' })).toBe((2 * -9) / ((6 ** 2 * (3 - 1)) / 3));
    // without ties (m = n): 2S / (n(n − 1)) = τ_a
    expect(kendallTau([3, 2, 1], [3, 1, 2], { variant: 'c' })).toBe((2 * 1) / ((3 ** 2 * (3 - 1)) / 3));
  });

  it('agrees with SciPy’s kendalltau(x, y, variant="c")', () => {
    // confirmed with SciPy 1.17.1 (Python 3.11, Debian's python3-scipy)
    expect(kendallTau([1, 2, 3, 4, 5, 6], [1, 1, 2, 2, 3, 3], { variant: 'c' })).toBe(1);
    expect(kendallTau([0, 1, 1, 2, 2, 2], [2, 1, 1, 0, 0, 1], { variant: 'c' })).toBe(-0.75);
    expect(kendallTau([5, 4, 3, 2, 1, 0, 1, 2], [0, 0, 1, 1, 1, 2, 2, 2], { variant: 'c' })).toBe(-0.796875);
  });

  it('is undefined for a constant side and for fewer than two items, as τ_b is', () => {
    expect(() => kendallTau([1, 2, 3], [4, 4, 4], { variant: 'c' })).toThrow('kendallTau: τ_c is undefined: `y` gives every item the same score');
    expect(() => kendallTau([1], [2], { variant: 'c' })).toThrow('kendallTau: τ_c needs two items or more, got 1');
  });
});

describe('kendallTau by hand', () => {
  it('counts concordant minus discordant pairs over n(n − 1)/2 without ties', () => {
    // pairs (1,2) and (1,3) agree, (2,3) is swapped
    expect(kendallTau([3, 2, 1], [3, 1, 2])).toBeCloseTo((2 - 1) / 3, 12);
  });

  it('τ_a counts a pair tied in y as 0 over all pairs; τ_b drops it from the denominator', () => {
    const x = [3, 2, 1];
    const y = [2, 1, 1];
    expect(kendallTau(x, y, { variant: 'a' })).toBeCloseTo(2 / 3, 12);
    expect(kendallTau(x, y, { variant: 'b' })).toBeCloseTo(2 / Math.sqrt((3 - 0) * (3 - 1)), 12);
  });

  it('is 1 for the same order and −1 for the reversed one, without ties', () => {
    const x = [0.5, 0.1, 0.9, 0.3, 0.7];
    for (const variant of ['a', 'b'] as const) {
      expect(kendallTau(x, x, { variant })).toBe(1);
      expect(kendallTau(x, x.map((v) => -v), { variant })).toBe(-1);
    }
  });

  it('aligns records by name, whatever the order of their keys', () => {
    expect(kendallTau({ bm25: 0.3, dense: 0.5, hybrid: 0.6 }, { hybrid: 0.6, dense: 0.6, bm25: 0.2 }, { variant: 'a' })).toBeCloseTo(2 / 3, 12);
  });
});

describe('kendallTau refuses', () => {
  const codeOf = (call: () => unknown): string | undefined => {
    try {
      call();
    } catch (error) {
      return isRankevalError(error) ? error.code : 'not a RankevalError';
    }
    return undefined;
  };

  it('ties in x for τ_a, saying why', () => {
    expect(() => kendallTau([1, 1, 2], [1, 2, 3], { variant: 'a' })).toThrow("kendallTau: τ_a allows ties in `y` only, and `x` (the reference order) has ties: use variant 'b'");
  });

  it('a constant side for τ_b, and fewer than two items', () => {
    expect(() => kendallTau([1, 2, 3], [4, 4, 4])).toThrow('kendallTau: τ_b is undefined: `y` gives every item the same score');
    expect(() => kendallTau([5, 5], [4, 4])).toThrow('kendallTau: τ_b is undefined: `x` and `y` each give every item the same score');
    expect(() => kendallTau([1], [2])).toThrow('kendallTau: τ_b needs two items or more, got 1');
  });

  it('unaligned or non-finite scores and unknown options', () => {
    expect(() => kendallTau([1, 2], [1, 2, 3])).toThrow('kendallTau: expected `y` to be an array of 2 scores, as long as `x`, got `3` (number)');
    expect(() => kendallTau({ a: 1, b: 2 }, { a: 1, c: 2 })).toThrow('kendallTau: expected name "c" of `y` to be a name `x` scores too, got `"c"` (string)');
    expect(() => kendallTau({ a: 1, b: 2, c: 3 }, { a: 1, b: 2 })).toThrow('name "c" of `x`');
    expect(() => kendallTau([1, 2], { a: 1, b: 2 })).toThrow('expected `y` to be an array, as `x` is');
    expect(() => kendallTau([1, Number.NaN], [1, 2])).toThrow('expected score 2 in `x` to be a finite number');
    expect(() => kendallTau({ a: 1, b: 2 }, { a: 1, b: Infinity })).toThrow('expected the score of "b" in `y` to be a finite number');
    expect(() => kendallTau(null as never, [1])).toThrow('expected `x` to be an array or typed array of scores, or a record of name → score');
    expect(() => kendallTau([1, 2], [1, 2], { variant: 'd' as never })).toThrow("kendallTau: expected `variant` to be 'a', 'b' or 'c', got `\"d\"` (string)");
    expect(codeOf(() => kendallTau([1, 2], [1, 2], { varaint: 'a' } as never))).toBe('invalid_option');
  });
});

describe("τ's undefined cases are about `x`, the count a fact", () => {
  it('one item; a constant side', () => {
    expect(caught(() => kendallTau([1], [1]))).toMatchObject({ code: 'undefined_statistic', subject: { kind: 'argument', argument: 'x' }, facts: { limit: 2, count: 1 } });
    expect(caught(() => kendallTau([1, 2, 3], [4, 4, 4]))).toMatchObject({ code: 'undefined_statistic', subject: { kind: 'argument', argument: 'y' } });
  });
});
