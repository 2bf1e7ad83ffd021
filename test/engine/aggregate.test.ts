import { describe, expect, test } from 'vitest';
import { caught } from '../helpers/caught.js';
import { mean, meanReciprocalRank } from '../../src/index.js';

describe('mean', () => {
  test('averages', () => {
    expect(mean([1, 0.5, 0])).toBe((1 + 0.5 + 0) / 3);
    expect(mean([0.25])).toBe(0.25);
  });

  test('refuses an empty list and non-finite values', () => {
    expect(() => mean([])).toThrow('mean: expected at least one value, got an empty array');
    expect(() => mean([1, NaN])).toThrow('mean: expected values[1] to be a finite number, got `NaN` (number)');
    expect(() => mean('1' as never)).toThrow(/`values`/);
  });
});

describe('meanReciprocalRank', () => {
  const run = { q1: ['a', 'x'], q2: ['x', 'b'], q3: ['y'] };
  const qrels = { q1: ['a'], q2: ['b'], q3: ['c'] };

  test('first relevant at ranks 1, 2 and none: 0.5', () => {
    expect(meanReciprocalRank(run, qrels)).toBe((1 / 1 + 1 / 2 + 0) / 3);
  });

  test('with a cutoff', () => {
    expect(meanReciprocalRank(run, qrels, 1)).toBe((1 / 1 + 0 + 0) / 3);
    expect(meanReciprocalRank(run, { q1: { a: 1 }, q2: { b: 2 } }, 10, { relevanceThreshold: 2 })).toBe((0 + 1 / 2) / 2);
    expect(() => meanReciprocalRank(run, qrels, 0)).toThrow(/^meanReciprocalRank: expected `k`/);
  });
});

describe('mean without overflow', () => {
  test('values near Number.MAX_VALUE: their sum overflows, their mean does not', () => {
    expect(mean([1e308, 1e308])).toBe(1e308);
    expect(mean([Number.MAX_VALUE, Number.MAX_VALUE, Number.MAX_VALUE])).toBe(Number.MAX_VALUE);
    expect(mean([1.7e308, -1.7e308, 1.7e308, 1])).toBeCloseTo((1.7e308 - 1.7e308 + 1.7e308 + 1) / 4, -300);
    expect(mean([1.5e308, 1.5e308, 0])).toBe(1e308);
  });
});

describe('meanReciprocalRank options', () => {
  test('refuses a key that is not a metric option', () => {
    expect(() => meanReciprocalRank({ q: ['a'] }, { q: ['a'] }, 10, { tie: 'average' } as never)).toThrow(
      'meanReciprocalRank: expected every option to be one of `relevanceThreshold`, `gain`, `apDenominator`, `ties`, got `"tie"` (string)',
    );
  });
});

describe("mean's errors are about `values`, the entry's index a fact", () => {
  test('an empty array, a NaN at index 1', () => {
    expect(caught(() => mean([]))).toMatchObject({ code: 'no_queries', subject: { kind: 'argument', argument: 'values' }, facts: { limit: 1, count: 0 } });
    expect(caught(() => mean([1, Number.NaN]))).toMatchObject({ code: 'invalid_option', subject: { kind: 'argument', argument: 'values' }, facts: { index: 1 } });
  });
});
