import { describe, expect, test } from 'vitest';
import { rPrecision } from '../../src/index.js';
import { definitionNamed } from '../../src/measures/catalogue.js';
import { rPrecisionMultiples } from '../../src/metrics/r-precision.js';
import { computeWith, contextOf, judgedRankingOf } from '../helpers/query-context.js';
import { binaryQrels, binaryRanking, qrels, ranking } from '../helpers/examples.js';

describe('rPrecision', () => {
  test('is the precision at rank R', () => {
    expect(rPrecision(ranking, qrels)).toBe(2 / 3); // R = 3: G and T in the top 3
    expect(rPrecision(binaryRanking, binaryQrels)).toBe(1 / 3);
  });

  test('keeps R as divisor when fewer than R documents were retrieved', () => {
    expect(rPrecision(['d1'], ['d1', 'd2', 'd3', 'd4'])).toBe(1 / 4);
  });

  test('a cutoff truncates the ranking first', () => {
    expect(rPrecision(ranking, qrels, 2)).toBe(1 / 3);
    expect(rPrecision(ranking, qrels, 10)).toBe(2 / 3);
  });

  test('is 0 without relevant documents', () => {
    expect(rPrecision(ranking, { x: 0 })).toBe(0);
  });
});

// `Rprec_mult@2` does not parse until the measure grammar accepts multiples of R: the function and the
// catalogue's compute with an explicit multiple are tested instead.
describe('rPrecisionMultiples (Rprec_mult)', () => {
  const two = { r1: 1, r2: 1, n1: 0, n2: 0 };

  test('is P@⌊m·R + 0.9⌋ (doc example)', () => {
    const query = judgedRankingOf(['r1', 'n1', 'r2', 'n2'], two);
    // ⌊0.5·2 + 0.9⌋ = 1, ⌊2.9⌋ = 2, ⌊4.9⌋ = 4, ⌊6.9⌋ = 6 (deeper than the ranking: still ÷ 6)
    expect(rPrecisionMultiples(query, 1, [0.5, 1, 2, 3])).toEqual([1 / 1, 1 / 2, 2 / 4, 2 / 6]);
  });

  test('m = 1 is R-precision', () => {
    const ranking = ['r1', 'n1', 'r2', 'n2'];
    const [value] = computeWith(definitionNamed('Rprec_mult'), contextOf(ranking, two), [{ cutoff: Infinity, point: 1 }]);
    expect(value).toBe(rPrecision(ranking, two));
  });

  test('the catalogue computes multiples asked for in any order', () => {
    const out = computeWith(definitionNamed('Rprec_mult'), contextOf(['r1', 'n1', 'r2', 'n2'], two), [
      { cutoff: Infinity, point: 2 },
      { cutoff: Infinity, point: 0.5 },
    ]);
    expect(out).toEqual([2 / 4, 1 / 1]);
  });

  test('is 0 without relevant documents and for an empty ranking', () => {
    expect(rPrecisionMultiples(judgedRankingOf(['n1'], { n1: 0 }), 1, [0.5, 2])).toEqual([0, 0]);
    expect(rPrecisionMultiples(judgedRankingOf([], two), 1, [0.5, 2])).toEqual([0, 0]);
  });
});
