import { describe, expect, test } from 'vitest';
import { successAtK } from '../../src/index.js';
import { binaryQrels, binaryRanking, qrels, ranking } from '../helpers/examples.js';

describe('successAtK', () => {
  test('is 1 when a relevant document is in the top k, else 0', () => {
    expect(successAtK(binaryRanking, binaryQrels, 1)).toBe(0);
    expect(successAtK(binaryRanking, binaryQrels, 2)).toBe(1);
    expect(successAtK(ranking, qrels)).toBe(1);
  });

  test('follows the threshold', () => {
    expect(successAtK(ranking, qrels, 2, { relevanceThreshold: 2 })).toBe(0);
    expect(successAtK(ranking, qrels, 3, { relevanceThreshold: 2 })).toBe(1);
  });
});
