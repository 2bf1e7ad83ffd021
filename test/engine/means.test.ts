import { describe, expect, test } from 'vitest';
import { aggregateRows } from '../../src/engine/means.js';

describe('aggregateRows', () => {
  test('a mean, a sum and a geometric mean (each value at least 0.00001) over the rows', () => {
    const rows = [
      [0.5, 2, 0.25],
      [0, 3, 0],
      [1, 0, 1],
    ];
    expect(aggregateRows(rows, ['mean', 'sum', 'geometric'])).toEqual([(0.5 + 0 + 1) / 3, 2 + 3 + 0, Math.exp((Math.log(0.25) + Math.log(0.00001) + Math.log(1)) / 3)]);
  });

  test('sums left to right in row order, so the same rows in the same order give the same bits', () => {
    const rows = [[0.1], [0.2], [0.3]];
    expect(aggregateRows(rows, ['sum'])).toEqual([0.1 + 0.2 + 0.3]);
    expect(aggregateRows([...rows].reverse(), ['sum'])).toEqual([0.3 + 0.2 + 0.1]);
    expect(0.1 + 0.2 + 0.3).not.toBe(0.3 + 0.2 + 0.1);
  });

  test('a sum that overflows still gives the mean', () => {
    expect(aggregateRows([[Number.MAX_VALUE], [Number.MAX_VALUE]], ['mean'])).toEqual([Number.MAX_VALUE]);
  });
});
