import { describe, expect, test } from 'vitest';
import { contextPrecision } from '../../src/index.js';
import { binaryQrels, binaryRanking, qrels, ranking } from '../helpers/examples.js';

describe('contextPrecision', () => {
  test('averages precision@i over the relevant ranks within k', () => {
    expect(contextPrecision(ranking, qrels, 5)).toBe((1 / 1 + 2 / 3) / 2);
    expect(contextPrecision(binaryRanking, binaryQrels, 5)).toBe((1 / 2 + 2 / 4) / 2);
    expect(contextPrecision(binaryRanking, binaryQrels, 3)).toBe(1 / 2 / 1);
  });

  test('ignores relevant documents that were not retrieved (unlike AP)', () => {
    expect(contextPrecision(['a'], ['a', 'b', 'c'])).toBe(1);
  });

  test('is 0 when the top k holds no relevant document', () => {
    expect(contextPrecision(binaryRanking, binaryQrels, 1)).toBe(0);
  });
});
