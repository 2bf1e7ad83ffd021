import { describe, expect, test } from 'vitest';
import { isRankevalError } from '../../src/index.js';
import { errStopProbability } from '../../src/metrics/expected-reciprocal-rank.js';
import { scoreQuery } from '../helpers/query-context.js';
import { caught } from '../helpers/caught.js';

// The 3-document graded ranking of the doc comment: grades 2, 0, 3.
const ranking = ['a', 'b', 'c'];
const qrels = { a: 2, b: 0, c: 3, d: 1 };
const err = (params: { cutoff?: number; maxGrade?: number }, docs: readonly string[] = ranking, judged: Record<string, number> = qrels): number =>
  scoreQuery('err', [{ cutoff: Infinity, ...params }], [...docs], judged)[0]!;

describe('errStopProbability', () => {
  test('is (2^g − 1) / 2^maxGrade', () => {
    expect(errStopProbability(2, 4)).toBe((2 ** 2 - 1) / 2 ** 4);
    expect(errStopProbability(4, 4)).toBe((2 ** 4 - 1) / 2 ** 4);
    expect(errStopProbability(1, 3)).toBe(1 / 8);
  });

  test('is 0 for grades ≤ 0 and the unjudged markers', () => {
    expect(errStopProbability(0, 4)).toBe(0);
    expect(errStopProbability(-1, 4)).toBe(0);
    expect(errStopProbability(-2, 4)).toBe(0);
  });

  test('refuses a grade above maxGrade, suggesting err(max_grade=N)', () => {
    expect(() => errStopProbability(5, 4)).toThrow('err: grade 5 is above the largest grade of ERR\'s scale (4); write err(max_grade=5) for a scale up to 5');
    expect(caught(() => errStopProbability(5, 4))).toMatchObject({ subject: { kind: 'argument', argument: 'qrels' }, facts: { limit: 4 }, received: 5 });
  });
});

describe('err', () => {
  test('a 3-document graded ranking, maxGrade 3: R = 3/8, 0, 7/8', () => {
    expect(err({ maxGrade: 3 })).toBeCloseTo(3 / 8 + (1 / 3) * (7 / 8) * (1 - 3 / 8) * (1 - 0), 15);
    expect(err({ maxGrade: 3, cutoff: 2 })).toBeCloseTo(3 / 8, 15);
    expect(err({ maxGrade: 3, cutoff: 1 })).toBeCloseTo(3 / 8, 15);
  });

  test('maxGrade is 4 by default, as gdeval (R = 3/16, 0, 7/16)', () => {
    expect(err({})).toBeCloseTo(3 / 16 + (1 / 3) * (7 / 16) * (1 - 3 / 16), 15);
    expect(err({ cutoff: 10 })).toBeCloseTo(3 / 16 + (1 / 3) * (7 / 16) * (1 - 3 / 16), 15);
  });

  test('unjudged documents and negative grades have R = 0 but still take a rank', () => {
    expect(err({ maxGrade: 3 }, ['x', 'n', 'c'], { c: 3, n: -1 })).toBeCloseTo((1 / 3) * (7 / 8), 15);
  });

  test('is 0 for an empty ranking and for a query with no positive grade', () => {
    expect(err({}, [])).toBe(0);
    expect(err({}, ['a', 'b'], { a: 0, b: -1 })).toBe(0);
  });

  test('a grade of the qrels above maxGrade is an error even when not retrieved', () => {
    let thrown: unknown;
    try {
      err({ maxGrade: 2 });
    } catch (error) {
      thrown = error;
    }
    expect(isRankevalError(thrown)).toBe(true);
    expect((thrown as { code: string }).code).toBe('invalid_qrels');
    expect((thrown as Error).message).toContain('err(max_grade=3)');
    expect(() => err({}, ['a'], { a: 1, z: 7 })).toThrow(/grade 7 .*err\(max_grade=7\)/);
  });

  test('maxGrade must be a positive finite number', () => {
    for (const maxGrade of [0, -1, NaN, Infinity]) expect(() => err({ maxGrade })).toThrow(/expected `max_grade` to be a positive finite number/);
  });
});
