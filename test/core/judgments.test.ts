import { describe, expect, test } from 'vitest';
import { evaluate, evaluateRun } from '../../src/index.js';
import { readJudgments } from '../../src/core/judgments.js';

describe('judgments in each of their forms', () => {
  test('an object of id → grade, a Map, and an array or Set of ids (grade 1 each) read alike', () => {
    expect([...readJudgments({ d1: 2, d2: 0 }, 1, 'test').grades]).toEqual([['d1', 2], ['d2', 0]]);
    expect(readJudgments({ d1: 2, d2: 0 }, 1, 'test').relevant).toBe(1);
    expect([...readJudgments(new Map([['d1', 2]]), 1, 'test').grades]).toEqual([['d1', 2]]);
    expect([...readJudgments(['d1', 'd2'], 1, 'test').grades]).toEqual([['d1', 1], ['d2', 1]]);
    expect([...readJudgments(new Set(['d1']), 1, 'test').grades]).toEqual([['d1', 1]]);
  });
});

describe('judgments in a shape they do not take', () => {
  const measures = { measures: ['mrr@10'] as const };

  test('a list of {id, grade} objects is shown the shapes judgments take, the entry as an example', () => {
    expect(() => evaluateRun({ q1: ['d1'] }, { q1: [{ id: 'd7', grade: 2 }] } as never, measures)).toThrow(
      'evaluateRun: expected every document id in qrels["q1"] to be a string, got `{"id":"d7","grade":2}` (object): judgments are an object of id → grade ({"d7": 2}), a Map of id → grade, or an array or Set of ids (grade 1 each)',
    );
    // Without a string `id` and a number to show, the example is a made-up one.
    expect(() => evaluate(['d1'], [{ doc: 'd1', label: 'high' }] as never, measures)).toThrow(
      'evaluate: expected every document id in the qrels to be a string, got `{"doc":"d1","label":"high"}` (object): judgments are an object of id → grade ({"d1": 2}), a Map of id → grade, or an array or Set of ids (grade 1 each)',
    );
  });

  test('numeric ids, listed or as Map keys, are told that ids are strings', () => {
    expect(() => evaluate(['d1'], [1, 2] as never, measures)).toThrow('evaluate: expected every document id in the qrels to be a string, got `1` (number); ids are strings: use `String(id)`');
    expect(() => evaluate(['d1'], new Map([[1, 2]]) as never, measures)).toThrow('evaluate: expected every document id in the qrels to be a string, got `1` (number); ids are strings: use `String(id)`');
  });
});
