// `systemK`: the results the system passes on, and the measures that would read deeper.
import { evaluateRun } from '../../src/index.js';
import { caught } from '../helpers/caught.js';
import { describe, expect, test } from 'vitest';
import { planMeasures } from '../../src/engine/plan.js';
import { beyondSystemKOf, readsBeyond, readSystemK } from '../../src/engine/system-k.js';
import { parseMeasure } from '../../src/measures/registry.js';

describe('readSystemK', () => {
  test('a positive integer is the k, refused beyond it; an object gives the mode', () => {
    expect(readSystemK(undefined, 'test')).toBeUndefined();
    expect(readSystemK(10, 'test')).toEqual({ k: 10, mode: 'error' });
    expect(readSystemK({ k: 5, mode: 'warn' }, 'test')).toEqual({ k: 5, mode: 'warn' });
  });

  test.each([0, 1.5, '10', { k: 0 }, { k: 5, mode: 'ignore' }])('refuses %j', (value) => {
    expect(() => readSystemK(value, 'test')).toThrow(/^test: expected `systemK/);
  });
});

describe('readsBeyond', () => {
  test.each([
    ['ndcg@10', 5, true],
    ['ndcg@5', 5, false],
    ['map', 100, true],
    ['recall@budget=2000', 5, false],
  ])('%s with k = %d: %s', (name, k, beyond) => {
    expect(readsBeyond(parseMeasure(name), k)).toBe(beyond);
  });
});

describe('beyondSystemKOf', () => {
  const plan = planMeasures(['ndcg@10', 'P@5', 'map'], 'test');

  test('lists the measures cut deeper than k, in warn mode', () => {
    expect(beyondSystemKOf(plan, { k: 5, mode: 'warn' }, 'test')).toEqual({ k: 5, measures: ['ndcg@10', 'map'] });
    expect(beyondSystemKOf(planMeasures(['P@5'], 'test'), { k: 5, mode: 'warn' }, 'test')).toBeUndefined();
  });

  test('refuses them in error mode, before any ranking is read', () => {
    expect(() => beyondSystemKOf(plan, { k: 5, mode: 'error' }, 'test')).toThrow(/ndcg@10/);
  });
});

describe("readSystemK's errors name the nested option by its path", () => {
  test('`systemK.k`, `systemK.mode` with its choices, an unknown key of `systemK`', () => {
    expect(caught(() => readSystemK({ k: 0 }, 'f'))).toMatchObject({ subject: { kind: 'option', option: 'systemK.k' } });
    expect(caught(() => readSystemK({ k: 5, mode: 'loud' }, 'f'))).toMatchObject({ subject: { kind: 'option', option: 'systemK.mode' }, facts: { choices: ['error', 'warn'] } });
    expect(caught(() => readSystemK({ k: 5, depth: 1 }, 'f'))).toMatchObject({ subject: { kind: 'option', option: 'systemK.depth' }, facts: { choices: ['k', 'mode'] } });
  });
});

describe('a measure cut beyond systemK in error mode', () => {
  test('is about systemK, its k the limit, the measures counted', () => {
    const error = caught(() => evaluateRun({ q1: ['d1'] }, { q1: { d1: 1 } }, { measures: ['P@5', 'P@10'], systemK: 3 }));
    expect(error).toMatchObject({ code: 'beyond_system_k', subject: { kind: 'option', option: 'systemK' }, facts: { limit: 3, count: 2 } });
  });
});
