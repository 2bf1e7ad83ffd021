import { describe, expect, test } from 'vitest';
import { scoreQuery } from '../helpers/catalogue.js';

// x is absent from the qrels; p is in them with a negative grade (pooled, not judged).
const qrels = { r: 1, n: 0, p: -1 };
const ranking = ['r', 'x', 'n', 'p'];
const at = (name: string, cutoffs: readonly number[], docs: readonly string[] = ranking): number[] =>
  scoreQuery(name, cutoffs.map((cutoff) => ({ cutoff })), [...docs], qrels);

describe('judged_retrieved (ir_measures Judged@k)', () => {
  test('documents of the top k in the qrels, any grade, over min(k, retrieved)', () => {
    expect(at('judged_retrieved', [1, 2, 4, 10, Infinity])).toEqual([1 / 1, 1 / 2, 3 / 4, 3 / 4, 3 / 4]);
  });

  test('is 0 for an empty ranking', () => {
    expect(at('judged_retrieved', [10, Infinity], [])).toEqual([0, 0]);
  });
});

describe('judged (1 − unj@k, trec_eval 10)', () => {
  test('judged documents (grade ≥ 0) in the top k over k: x and p are unjudged', () => {
    expect(at('unj', [2, 4, 10])).toEqual([1 / 2, 2 / 4, 2 / 10]);
    expect(at('judged', [2, 4, 10])).toEqual([1 - 1 / 2, 1 - 2 / 4, 1 - 2 / 10]);
  });
});
