// Which aspects each document covers at a level, and how many the top k covers.
import { describe, expect, test } from 'vitest';
import { checkAlpha, checkLevel, coverageOf, coveredAt, depthOf } from '../../src/metrics/aspect-coverage.js';

// a: d1 relevant, d2 not; b: d2 graded 2; c: covered by no document.
const aspects = new Map([
  ['a', new Map([['d1', 1], ['d2', 0]])],
  ['b', new Map([['d2', 2]])],
  ['c', new Map([['d3', 0]])],
]);

describe('coverageOf', () => {
  test('counts the aspects some document covers at the level, and lists each covering document’s', () => {
    const coverage = coverageOf(aspects, 1, 'test');
    expect(coverage.count).toBe(2);
    expect([...coverage.covers]).toEqual([['d1', [0]], ['d2', [1]]]);
  });

  test('at a higher level, fewer documents cover, and positions follow the aspects covered', () => {
    const coverage = coverageOf(aspects, 2, 'test');
    expect(coverage.count).toBe(1);
    expect([...coverage.covers]).toEqual([['d2', [0]]]);
  });
});

describe('coveredAt', () => {
  const coverage = coverageOf(aspects, 1, 'test');
  test.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [Infinity, 2],
  ])('the top %d of [d2, x, d1] covers %d aspects', (k, covered) => {
    expect(coveredAt(['d2', 'x', 'd1'], coverage, k)).toBe(covered);
  });
});

describe('checks', () => {
  test('depthOf: the cutoff, at most the ranking', () => {
    expect([depthOf(2, 5), depthOf(Infinity, 5), depthOf(9, 0)]).toEqual([2, 5, 0]);
  });

  test('a level is a finite number, alpha a number from 0 to 1', () => {
    expect(checkLevel(-1, 'f')).toBe(-1);
    expect(() => checkLevel(Number.NaN, 'f')).toThrow('f: expected the relevance level to be a finite number');
    expect(checkAlpha(1, 'f')).toBe(1);
    expect(() => checkAlpha(1.5, 'f')).toThrow(/alpha/);
  });
});
