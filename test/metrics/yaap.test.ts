// yaap (Robertson 2012): log((1 + S) / (1 + R − S)), S = AP's numerator, through the catalogue.
import { describe, expect, test } from 'vitest';
import { evaluate, evaluateRun } from '../../src/index.js';

describe('yaap', () => {
  const qrels = { T: 2, G: 1, F: 1 };

  test('log((1 + S) / (1 + R − S)) with S the sum of precisions at the relevant ranks', () => {
    // G at rank 1, T at rank 3, F not retrieved: S = 1/1 + 2/3, R = 3.
    const S = 1 / 1 + 2 / 3;
    expect(evaluate(['G', 'x', 'T', 'y', 'z'], qrels, { measures: ['yaap'] }).yaap).toBeCloseTo(Math.log((1 + S) / (1 + 3 - S)), 12);
  });

  test('0 without relevant documents, −log(1 + R) for an empty ranking, log(1 + R) for a perfect one', () => {
    expect(evaluate(['a', 'b'], { a: 0 }, { measures: ['yaap'] }).yaap).toBe(0);
    expect(evaluate([], qrels, { measures: ['yaap'] }).yaap).toBeCloseTo(Math.log(1 / (1 + 3)), 12);
    expect(evaluate(['T', 'G', 'F'], qrels, { measures: ['yaap'] }).yaap).toBeCloseTo(Math.log((1 + 3) / 1), 12);
  });

  test('rises with AP on one topic, and is averaged arithmetically over queries', () => {
    const run = { q1: ['G', 'x', 'T'], q2: ['x', 'G', 'T'] };
    const result = evaluateRun(run, { q1: qrels, q2: qrels }, { measures: ['yaap', 'map'] });
    const [q1, q2] = [result.perQuery.q1!, result.perQuery.q2!];
    expect(q1.map! > q2.map! && q1.yaap! > q2.yaap!).toBe(true);
    const S2 = 1 / 2 + 2 / 3;
    expect(q2.yaap).toBeCloseTo(Math.log((1 + S2) / (1 + 3 - S2)), 12);
    expect(result.mean.yaap).toBeCloseTo((q1.yaap! + q2.yaap!) / 2, 12);
  });
});
