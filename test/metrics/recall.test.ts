import { describe, expect, test } from 'vitest';
import { recallAtK } from '../../src/index.js';
import { binaryQrels, binaryRanking, qrels, ranking } from '../helpers/examples.js';

describe('recallAtK', () => {
  test('divides the relevant retrieved by all relevant, retrieved or not', () => {
    expect(recallAtK(ranking, qrels, 5)).toBe(2 / 3);
    expect(recallAtK(ranking, qrels, 2)).toBe(1 / 3);
    expect(recallAtK(binaryRanking, binaryQrels, 5)).toBe(2 / 3);
    expect(recallAtK(['d1'], ['d1', 'd2', 'd3', 'd4'])).toBe(1 / 4);
  });

  test('is 0 when nothing is relevant', () => {
    expect(recallAtK(ranking, { x: 0 }, 5)).toBe(0);
    expect(recallAtK(ranking, [], 5)).toBe(0);
  });

  test('only documents at or above the threshold count, on both sides of the ratio', () => {
    expect(recallAtK(ranking, qrels, 5, { relevanceThreshold: 2 })).toBe(1 / 1);
    expect(recallAtK(ranking, qrels, 2, { relevanceThreshold: 2 })).toBe(0 / 1);
  });
});
