import { describe, expect, test } from 'vitest';
import { rPrecision } from '../../src/index.js';
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
