import { describe, expect, test } from 'vitest';
import { precisionAtK } from '../../src/index.js';
import { binaryQrels, binaryRanking, qrels, ranking } from '../helpers/examples.js';

describe('precisionAtK', () => {
  test('counts relevant documents in the top k over k', () => {
    expect(precisionAtK(ranking, qrels, 5)).toBe(2 / 5);
    expect(precisionAtK(ranking, qrels, 3)).toBe(2 / 3);
    expect(precisionAtK(ranking, qrels, 1)).toBe(1 / 1);
    expect(precisionAtK(binaryRanking, binaryQrels, 5)).toBe(2 / 5);
  });

  test('divides by k even when fewer documents were retrieved (trec_eval P_k)', () => {
    expect(precisionAtK(ranking, qrels, 10)).toBe(2 / 10);
    expect(precisionAtK(['d1'], ['d1', 'd2', 'd3', 'd4'], 1)).toBe(1);
    expect(precisionAtK(['d1'], ['d1', 'd2', 'd3', 'd4'], 4)).toBe(1 / 4);
  });

  test('without a cutoff divides by the number retrieved (trec_eval set_P), 0 for an empty ranking', () => {
    expect(precisionAtK(ranking, qrels)).toBe(2 / 5);
    expect(precisionAtK(['d1'], ['d1', 'd2', 'd3', 'd4'])).toBe(1);
    expect(precisionAtK([], qrels)).toBe(0);
  });

  test('the relevance threshold decides what counts as relevant', () => {
    expect(precisionAtK(ranking, qrels, 5, { relevanceThreshold: 2 })).toBe(1 / 5);
    expect(precisionAtK(['a', 'b'], { a: 0, b: 1 }, 2, { relevanceThreshold: 0 })).toBe(2 / 2);
  });

  test('negative grades are never relevant, whatever the threshold', () => {
    expect(precisionAtK(['a', 'b'], { a: -1, b: 1 }, 2, { relevanceThreshold: -5 })).toBe(1 / 2);
  });
});
