import { describe, expect, test } from 'vitest';
import { f1AtK } from '../../src/index.js';
import { qrels, ranking } from '../helpers/examples.js';

describe('f1AtK', () => {
  test('is the harmonic mean of precision@k and recall@k', () => {
    const precision = 2 / 5;
    const recall = 2 / 3;
    expect(f1AtK(ranking, qrels, 5)).toBe((2 * precision * recall) / (precision + recall));
    expect(f1AtK(ranking, qrels, 1)).toBe((2 * (1 / 1) * (1 / 3)) / (1 / 1 + 1 / 3));
  });

  test('is 0 when neither precision nor recall is positive', () => {
    expect(f1AtK(['x'], qrels, 1)).toBe(0);
    expect(f1AtK([], [])).toBe(0);
  });
});
