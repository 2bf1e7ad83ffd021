import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { bpref } from '../../src/metrics/bpref.js';
import { judgedRankingOf, scoresOf } from '../helpers/query-context.js';

// qrels of the doc comment's examples
const threeRelevant = { r1: 1, r2: 1, r3: 1, n1: 0 };
const twoOfFive = { r1: 1, r2: 1, n1: 0, n2: 0, n3: 0 };

describe('bpref', () => {
  test('each relevant document retrieved loses the share of judged non-relevant ones above it (doc example)', () => {
    expect(bpref(judgedRankingOf(['r1', 'n1', 'r2'], threeRelevant), 1)).toBe((1 + (1 - 1 / 1)) / 3);
    expect(scoresOf(['r1', 'n1', 'r2'], threeRelevant, ['bpref']).bpref).toBe((1 + (1 - 1 / 1)) / 3);
  });

  test('counts at most min(N, R) non-relevant documents (doc example)', () => {
    expect(scoresOf(['n1', 'r1', 'n2', 'n3', 'r2'], twoOfFive, ['bpref']).bpref).toBe((1 - 1 / 2 + (1 - 2 / 2)) / 2);
  });

  test('passes over documents absent from the qrels and pooled-unjudged ones', () => {
    const withUnjudged = { ...threeRelevant, s: -1 };
    expect(scoresOf(['r1', 'u', 's', 'n1', 'r2'], withUnjudged, ['bpref']).bpref).toBe((1 + (1 - 1 / 1)) / 3);
  });

  test('a relevant document adds 1 when no judged non-relevant document exists (N = 0)', () => {
    expect(scoresOf(['x', 'r1'], { r1: 1, r2: 1 }, ['bpref']).bpref).toBe(1 / 2);
  });

  test('is 0 without relevant documents and for an empty ranking', () => {
    expect(scoresOf(['n1'], { n1: 0 }, ['bpref']).bpref).toBe(0);
    expect(evaluateRun({}, { q: threeRelevant }, { measures: ['bpref'] }).perQuery.q!.bpref).toBe(0);
  });

  test('follows the relevance threshold: grade 1 is non-relevant at threshold 2', () => {
    // R = 1 (a), N = 1 (b): b above a
    expect(scoresOf(['b', 'a'], { a: 2, b: 1 }, ['bpref'], 2).bpref).toBe(1 - 1 / 1);
  });

  test('gm_bpref is the geometric mean over queries, each value at least 0.00001', () => {
    const qrels = { q1: threeRelevant, q2: { r1: 1 } };
    const run = { q1: ['r1', 'n1', 'r2'], q2: ['x'] };
    const result = evaluateRun(run, qrels, { measures: ['gm_bpref', 'bpref'] });
    expect(result.mean.bpref).toBe((1 / 3 + 0) / 2);
    expect(result.mean.gm_bpref).toBeCloseTo(Math.exp((Math.log(1 / 3) + Math.log(0.00001)) / 2), 15);
  });
});
