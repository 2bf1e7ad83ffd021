import { describe, expect, it } from 'vitest';
import { Fenwick, lowerBound } from '../../src/core/fenwick.js';

describe('Fenwick', () => {
  it('counts the positions below one, touching at most ⌊log₂ size⌋ + 1 cells an operation', () => {
    const size = 1000;
    const most = Math.floor(Math.log2(size)) + 1;
    for (const position of [0, 1, 511, 512, 999]) {
      const tree = new Fenwick(size);
      tree.add(position);
      // a fresh tree: the cells add wrote are the ones not 0
      expect(tree.cells.filter((cell) => cell !== 0).length).toBeLessThanOrEqual(most);
      expect([tree.below(position), tree.below(position + 1), tree.below(size)]).toEqual([0, 1, 1]);
      // every cell 1: below sums one per cell it reads
      tree.cells.fill(1);
      expect(tree.below(position + 1)).toBeLessThanOrEqual(most);
    }
  });
});

describe('lowerBound', () => {
  it('finds the first of the ascending values not below one, or the length read when none is', () => {
    const sorted = [1, 3, 3, 7];
    expect([0, 1, 2, 3, 4, 7, 8].map((value) => lowerBound(sorted, value))).toEqual([0, 0, 1, 1, 3, 3, 4]);
    expect(lowerBound(sorted, 7, 2)).toBe(2);
  });
});
