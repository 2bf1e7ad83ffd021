import { describe, expect, test } from 'vitest';
import { scoreQuery } from '../helpers/query-context.js';

// The ranking of the ERR example: grades 2, 0, 3.
const ranking = ['a', 'b', 'c'];
const qrels = { a: 2, b: 0, c: 3 };
const one = (name: string, params: object, docs: readonly string[] = ranking, judged: Record<string, number> = qrels): number =>
  scoreQuery(name, [{ cutoff: Infinity, ...params }], [...docs], judged)[0]!;

describe('nerr8 (ir_measures NERR8(max_rel=N)@k, cwl_eval)', () => {
  test('Σ P_i g_i / Σ P_i over the top k, P_i = Π_{j<i} (1 − g_j), g = grade / N', () => {
    // g = 2/3, 0, 1; P = 1, 1/3, 1/3.
    expect(one('nerr8', { cutoff: 3, maxGrade: 3 })).toBeCloseTo((1 * (2 / 3) + (1 / 3) * 0 + (1 / 3) * 1) / (1 + 1 / 3 + 1 / 3), 15);
    expect(one('nerr8', { cutoff: 1, maxGrade: 3 })).toBeCloseTo(2 / 3, 15);
  });

  test('a ranking shorter than k is padded with gain-0 documents, which share the reading', () => {
    // k = 5: g = 2/3, 0, then three padded ranks of gain 0; P = 1, 1/3, 1/3, 1/3, 1/3.
    expect(one('nerr8', { cutoff: 5, maxGrade: 3 }, ['a', 'b'])).toBeCloseTo((2 / 3) / (1 + 1 / 3 + 1 / 3 + 1 / 3 + 1 / 3), 15);
  });

  test('grades above max_grade are clipped to it (cwl_eval), unjudged and negative grades gain 0', () => {
    expect(one('nerr8', { cutoff: 2, maxGrade: 2 }, ['c', 'a'])).toBeCloseTo(1, 15);
    expect(one('nerr8', { cutoff: 2, maxGrade: 3 }, ['x', 'n'], { n: -1, a: 2 })).toBe(0);
  });

  test('max_grade is required', () => {
    expect(() => one('nerr8', { cutoff: 10 })).toThrow(/nerr8: expected `max_grade` .* got `undefined`/);
  });
});

describe('inst (ir_measures INST(max_rel=N), cwl_eval)', () => {
  test('one fully relevant document, T = 1: P_i = 1 / i² over 1000 ranks', () => {
    let read = 0;
    for (let i = 1; i <= 1000; i++) read += 1 / i ** 2;
    expect(one('inst', { maxGrade: 3 }, ['c'])).toBeCloseTo(1 / read, 12);
  });

  test('no positive grade scores 0', () => {
    expect(one('inst', { maxGrade: 3 }, ['b', 'x'])).toBe(0);
  });

  test('T must be a positive finite number and max_grade is required', () => {
    expect(() => one('inst', { maxGrade: 3, desiredGain: 0 })).toThrow(/inst: expected `T`/);
    expect(() => one('inst', {})).toThrow(/inst: expected `max_grade`/);
  });
});
