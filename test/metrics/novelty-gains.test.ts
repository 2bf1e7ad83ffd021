// Novelty-biased gains, ndeval's greedy ideal, and ERR-IA's ideal-ideal normaliser.
import { describe, expect, test } from 'vitest';
import type { AspectCoverage } from '../../src/metrics/aspect-coverage.js';
import { discountedSum, greedyIdealGains, idealIdealErr, noveltyGains } from '../../src/metrics/novelty-gains.js';

// Aspects a (0) and b (1): d1 covers a, d2 covers both.
const coverage: AspectCoverage = { count: 2, covers: new Map([['d1', [0]], ['d2', [0, 1]]]) };

describe('novelty-biased gains', () => {
  test('each aspect is worth 1 − alpha less for every document above covering it', () => {
    expect([...noveltyGains(['d1', 'd2', 'x'], coverage, 3, 0.5)]).toEqual([1, 0.5 + 1, 0]);
    expect([...noveltyGains(['d1', 'd2'], coverage, 1, 0.5)]).toEqual([1]);
  });

  test('discountedSum: Σ gain / log2(rank + 1)', () => {
    expect(discountedSum(Float64Array.of(1, 1.5))).toBeCloseTo(1 + 1.5 / Math.log2(3), 15);
  });

  test('greedyIdealGains: the largest gain first, given those above; no deeper than the candidates', () => {
    expect([...greedyIdealGains(coverage, 5, 0.5)]).toEqual([2, 0.5]);
  });

  test('greedyIdealGains: a tie goes to the greatest id in UTF-8 order', () => {
    const tied: AspectCoverage = { count: 2, covers: new Map([['d1', [0]], ['d2', [1]], ['d3', [0]]]) };
    // d2 and d3 tie at 1; d3 first; then d2 (1) beats d1 (0.5).
    expect([...greedyIdealGains(tied, 3, 0.5)]).toEqual([1, 1, 0.5]);
  });
});

describe('idealIdealErr', () => {
  test('Σ_{r ≤ k} m (1 − alpha)^{r−1} / r, and its limit for k = Infinity', () => {
    expect(idealIdealErr(2, 2, 0.5)).toBe(2 / 1 + (2 * 0.5) / 2);
    expect(idealIdealErr(2, Infinity, 0.5)).toBeCloseTo((2 * Math.log(2)) / 0.5, 15);
    expect(idealIdealErr(3, Infinity, 1)).toBe(3);
  });
});
