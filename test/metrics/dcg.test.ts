import { describe, expect, test } from 'vitest';
import { dcgAtK, evaluate, evaluateRun, idcgAtK, ndcgAtK } from '../../src/index.js';
import { binaryQrels, binaryRanking, idealDcg, qrels, ranking, reranked } from '../helpers/examples.js';

describe('dcgAtK', () => {
  test('sums grade / log2(rank + 1) over the top k', () => {
    expect(dcgAtK(ranking, qrels, 5)).toBe(1 / Math.log2(2) + 2 / Math.log2(4));
    expect(dcgAtK(reranked, qrels, 5)).toBe(2 / Math.log2(2) + 1 / Math.log2(3));
    expect(dcgAtK(ranking, qrels, 2)).toBe(1 / Math.log2(2));
  });

  test('exponential gain uses 2^grade − 1', () => {
    expect(dcgAtK(ranking, qrels, 5, { gain: 'exponential' })).toBe((2 ** 1 - 1) / Math.log2(2) + (2 ** 2 - 1) / Math.log2(4));
  });

  test('a grade too large for exponential gain is an error, not NaN', () => {
    expect(() => ndcgAtK(['a'], { a: 1024 }, 1, { gain: 'exponential' })).toThrow(
      'ndcgAtK: expected a grade under exponential gain to be at most 1023 (2^grade − 1 must be finite), got `1024` (number)',
    );
    expect(() => dcgAtK(['a'], { a: 5000 }, 1, { gain: 'exponential' })).toThrow(/at most 1023/);
    expect(ndcgAtK(['a'], { a: 1023 }, 1, { gain: 'exponential' })).toBe(1);
    expect(ndcgAtK(['a'], { a: 5000 }, 1)).toBe(1);
  });

  test('grades ≤ 0 add nothing', () => {
    expect(dcgAtK(['a', 'b', 'c'], { a: -2, b: 0, c: 3 })).toBe(3 / Math.log2(4));
    expect(dcgAtK(['a', 'b', 'c'], { a: -2, b: 0, c: 3 }, Infinity, { gain: 'exponential' })).toBe((2 ** 3 - 1) / Math.log2(4));
  });
});

describe('idcgAtK', () => {
  test('ranks every judged document ideally, retrieved or not', () => {
    expect(idcgAtK(ranking, qrels, 5)).toBe(idealDcg);
    expect(idcgAtK([], qrels, 2)).toBe(2 / Math.log2(2) + 1 / Math.log2(3));
  });
});

describe('ndcgAtK', () => {
  test('normalises DCG by the ideal over all judged documents', () => {
    expect(ndcgAtK(ranking, qrels, 5)).toBe((1 / Math.log2(2) + 2 / Math.log2(4)) / idealDcg);
    expect(ndcgAtK(ranking, qrels, 5)).toBeCloseTo(0.6388, 4);
    expect(ndcgAtK(reranked, qrels, 5)).toBeCloseTo(0.8403, 4);
  });

  test('the binary exercise: relevant at ranks 2 and 4 of three', () => {
    const dcg = 1 / Math.log2(3) + 1 / Math.log2(5);
    const ideal = 1 / Math.log2(2) + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(ndcgAtK(binaryRanking, binaryQrels, 5)).toBe(dcg / ideal);
    expect(ndcgAtK(binaryRanking, binaryQrels, 5)).toBeCloseTo(0.498, 3);
  });

  test('ignores the relevance threshold: gains are graded', () => {
    expect(ndcgAtK(ranking, qrels, 5, { relevanceThreshold: 2 })).toBe(ndcgAtK(ranking, qrels, 5));
  });

  test('is 0 when no judged document has a positive grade', () => {
    expect(ndcgAtK(ranking, { x: 0, y: -1 }, 5)).toBe(0);
  });
});

describe('grades near the smallest number (subnormal gains)', () => {
  test('NDCG of a 5e-324 grade at rank 2 is 1/log2(3), as for any grade: the gains are scaled before they are summed', () => {
    // Before: 5e-324 / log2(3) rounded back to 5e-324 among the subnormal numbers, so DCG = IDCG and NDCG was 1.
    expect(ndcgAtK(['b', 'a'], { a: 5e-324, b: 0 }, 2)).toBe(1 / Math.log2(3));
    expect(ndcgAtK(['b', 'a'], { a: 5e-324, b: 0 }, 2)).toBe(ndcgAtK(['b', 'a'], { a: 1, b: 0 }, 2));
    // Gains a power of two apart give the same NDCG to the last bit.
    expect(ndcgAtK(['x', 'a', 'b'], { a: 2 ** -1070, b: 3 * 2 ** -1072 }, 3)).toBe(ndcgAtK(['x', 'a', 'b'], { a: 4, b: 3 }, 3));
    expect(evaluateRun({ q: ['b', 'a'] }, { q: { a: 5e-324 } }, { measures: ['ndcg@2'] }).mean['ndcg@2']).toBe(1 / Math.log2(3));
    expect(evaluate(['b', 'a'], { a: 5e-324 }, 2).ndcg).toBe(1 / Math.log2(3));
  });

  test('DCG and IDCG are the unscaled sums, to the nearest double', () => {
    expect(dcgAtK(['b', 'a'], { a: 5e-324 }, 2)).toBe(5e-324 / Math.log2(3));
    expect(idcgAtK(['b', 'a'], { a: 5e-324 }, 2)).toBe(5e-324);
    expect(dcgAtK(['a', 'b'], { a: 2 ** -1000, b: 2 ** -1001 }, 2)).toBe(2 ** -1000 + 2 ** -1001 / Math.log2(3));
    expect(evaluateRun({ q: ['b', 'a'] }, { q: { a: 2 ** -1000 } }, { measures: ['dcg@2', 'idcg@2'] }).mean).toEqual({ 'dcg@2': 2 ** -1000 / Math.log2(3), 'idcg@2': 2 ** -1000 });
  });
});
