import { describe, expect, test } from 'vitest';
import { scoreQuery } from '../helpers/query-context.js';

// Binary qrels: a and c relevant, b not; x is unjudged.
const binary = { a: 1, b: 0, c: 1 };
const ranking = ['a', 'x', 'b', 'c'];
const one = (name: string, params: { p?: number; rel?: number }, docs: readonly string[], qrels: Record<string, number>): number =>
  scoreQuery(name, [{ cutoff: Infinity, ...params }], [...docs], qrels)[0]!;

describe('rbp with p = 0.5 (Moffat & Zobel)', () => {
  test('(1 − p) Σ gain_i p^(i−1): relevant at ranks 1 and 4', () => {
    expect(one('rbp', { p: 0.5 }, ranking, binary)).toBe((1 - 0.5) * (0.5 ** 0 + 0.5 ** 3));
  });

  test('the residual: the unjudged rank 2 and the ranks past 4', () => {
    expect(one('rbp_resid', { p: 0.5 }, ranking, binary)).toBe((1 - 0.5) * 0.5 ** 1 + 0.5 ** 4);
  });

  test('the residual is 0 for a ranking without unjudged documents (trec_eval 10)', () => {
    expect(one('rbp_resid', { p: 0.5 }, ['a', 'b', 'c'], binary)).toBe(0);
  });

  test('graded gains are scaled into [0, 1] by the largest grade (trec_eval 10), not used raw (trectools)', () => {
    expect(one('rbp', { p: 0.5 }, ranking, { a: 2, b: 0, c: 1 })).toBe((1 - 0.5) * (2 / 2 + (1 / 2) * 0.5 ** 3));
  });

  test('p defaults to 0.9, as trec_eval', () => {
    expect(one('rbp', {}, ['a'], binary)).toBeCloseTo(1 - 0.9, 15);
  });

  test('an empty ranking scores 0', () => {
    expect(one('rbp', { p: 0.5 }, [], binary)).toBe(0);
  });
});

describe('binary rbp at a relevance level (ir_measures RBP(rel=…), cwl_eval)', () => {
  test('gain 1 for a grade ≥ rel, 0 otherwise', () => {
    const graded = { a: 2, b: 0, c: 1 };
    expect(one('rbp', { p: 0.5, rel: 1 }, ranking, graded)).toBe((1 - 0.5) * (0.5 ** 0 + 0.5 ** 3));
    expect(one('rbp', { p: 0.5, rel: 2 }, ranking, graded)).toBe((1 - 0.5) * 0.5 ** 0);
  });

  test('a relevant document has gain 1 even when the qrels skip grades (no rescaling by the largest grade)', () => {
    expect(one('rbp', { p: 0.5, rel: 1 }, ['a'], { a: 3, b: 0 })).toBe(1 - 0.5);
  });

  test('negative grades are never relevant', () => {
    expect(one('rbp', { p: 0.5, rel: -1 }, ['n', 'a'], { n: -1, a: 0 })).toBe((1 - 0.5) * 0.5 ** 1);
  });
});
