import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { unjudgedAt } from '../../src/metrics/judged.js';
import { judgedRankingOf, scoreQuery, scoresOf } from '../helpers/query-context.js';

const qrels = { r: 1, n: 0 };

describe('unjudgedAt', () => {
  test('is the unjudged share of the top k, divided by k (doc example)', () => {
    expect(unjudgedAt(judgedRankingOf(['r', 'x1', 'n', 'x2'], qrels), [2, 4, 10])).toEqual([1 / 2, 2 / 4, 2 / 10]);
    const scores = scoresOf(['r', 'x1', 'n', 'x2'], qrels, ['unj@4', 'judged@4', 'unj@10', 'judged@10']);
    expect(scores).toEqual({ 'unj@4': 2 / 4, 'judged@4': 1 - 2 / 4, 'unj@10': 2 / 10, 'judged@10': 1 - 2 / 10 });
  });

  test('a negative grade is unjudged (pooled, not judged)', () => {
    expect(scoresOf(['r', 's'], { ...qrels, s: -1 }, ['unj@2'])['unj@2']).toBe(1 / 2);
  });

  test('without a cutoff: the share of the whole ranking, 0 for an empty one', () => {
    expect(scoresOf(['r', 'x1', 'x2'], qrels, ['unj']).unj).toBe(2 / 3);
    expect(evaluateRun({}, { q: qrels }, { measures: ['unj', 'judged'] }).perQuery.q).toEqual({ unj: 0, judged: 1 });
  });

  test('cutoffs asked for in any order get their own value', () => {
    expect(scoresOf(['x1', 'r', 'n', 'x2'], qrels, ['unj@4', 'unj@1'])).toEqual({ 'unj@4': 2 / 4, 'unj@1': 1 / 1 });
  });
});

// x is absent from the qrels; p is in them with a negative grade (pooled, not judged).
const pooledQrels = { r: 1, n: 0, p: -1 };
const ranking = ['r', 'x', 'n', 'p'];
const at = (name: string, cutoffs: readonly number[], docs: readonly string[] = ranking): number[] =>
  scoreQuery(name, cutoffs.map((cutoff) => ({ cutoff })), [...docs], pooledQrels);

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
