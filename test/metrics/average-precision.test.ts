import { describe, expect, test } from 'vitest';
import { averagePrecision, evaluateRun } from '../../src/index.js';
import { binaryQrels, binaryRanking, qrels, ranking } from '../helpers/examples.js';

describe('averagePrecision', () => {
  test('averages precision at each relevant rank over all relevant documents', () => {
    expect(averagePrecision(ranking, qrels)).toBe((1 / 1 + 2 / 3) / 3);
    expect(averagePrecision(binaryRanking, binaryQrels)).toBe((1 / 2 + 2 / 4) / 3);
  });

  test('with a cutoff still divides by R, as trec_eval map_cut', () => {
    expect(averagePrecision(ranking, qrels, 2)).toBe(1 / 1 / 3);
    expect(averagePrecision(['a', 'b'], ['a', 'b', 'c', 'd'], 2)).toBe((1 / 1 + 2 / 2) / 4);
  });

  test("apDenominator 'min-relevant-k' divides by min(R, k)", () => {
    const options = { apDenominator: 'min-relevant-k' } as const;
    expect(averagePrecision(['a', 'b'], ['a', 'b', 'c', 'd'], 2, options)).toBe((1 / 1 + 2 / 2) / 2);
    expect(averagePrecision(ranking, qrels, 5, options)).toBe((1 / 1 + 2 / 3) / 3);
    expect(averagePrecision(ranking, qrels, Infinity, options)).toBe((1 / 1 + 2 / 3) / 3);
  });

  test('is 0 without relevant documents', () => {
    expect(averagePrecision(ranking, {})).toBe(0);
    expect(averagePrecision(ranking, {}, 3, { apDenominator: 'min-relevant-k' })).toBe(0);
  });
});

describe('gm_map', () => {
  test('is the geometric mean of AP over queries, each AP at least 0.00001', () => {
    const qrels = { q1: { a: 1, b: 1 }, q2: { c: 1 }, q3: { d: 1 } };
    const run = { q1: ['a', 'x', 'b'], q2: ['x', 'c'], q3: ['x'] };
    const result = evaluateRun(run, qrels, { measures: ['gm_map', 'map'] });
    expect(result.perQuery.q1!.gm_map).toBe((1 / 1 + 2 / 3) / 2);
    expect(result.mean.map).toBeCloseTo(((1 / 1 + 2 / 3) / 2 + 1 / 2 + 0) / 3, 15);
    expect(result.mean.gm_map).toBeCloseTo(Math.exp((Math.log((1 + 2 / 3) / 2) + Math.log(1 / 2) + Math.log(0.00001)) / 3), 15);
  });
});
