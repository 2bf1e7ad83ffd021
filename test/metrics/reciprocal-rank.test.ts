import { describe, expect, test } from 'vitest';
import { reciprocalRank } from '../../src/index.js';
import { binaryQrels, binaryRanking, qrels, ranking } from '../helpers/examples.js';

describe('reciprocalRank', () => {
  test('is one over the rank of the first relevant document', () => {
    expect(reciprocalRank(ranking, qrels)).toBe(1 / 1);
    expect(reciprocalRank(binaryRanking, binaryQrels)).toBe(1 / 2);
  });

  test('only grades at or above the threshold count (RR = 1/3 when only grade ≥ 2 counts)', () => {
    expect(reciprocalRank(ranking, qrels, Infinity, { relevanceThreshold: 2 })).toBe(1 / 3);
  });

  test('is 0 when the first relevant document lies beyond the cutoff', () => {
    expect(reciprocalRank(binaryRanking, binaryQrels, 1)).toBe(0);
    expect(reciprocalRank(binaryRanking, binaryQrels, 2)).toBe(1 / 2);
    expect(reciprocalRank(['x', 'y'], qrels)).toBe(0);
  });
});
