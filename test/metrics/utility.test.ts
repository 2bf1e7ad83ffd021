import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { definitionNamed } from '../../src/measures/catalogue.js';
import { utility } from '../../src/metrics/utility.js';
import { computeWith, contextOf, judgedRankingOf, scoresOf } from '../helpers/query-context.js';

const qrels = { r1: 1, r2: 1, n: 0 };

describe('utility', () => {
  test('defaults to relevant retrieved minus the others retrieved (doc example)', () => {
    expect(utility(judgedRankingOf(['r1', 'n', 'x'], qrels), [1, -1, 0, 0], 0)).toBe(1 * 1 - 1 * 2);
    expect(scoresOf(['r1', 'n', 'x'], qrels, ['utility']).utility).toBe(1 * 1 - 1 * 2);
  });

  test('weighs the four cells of the contingency table (doc example)', () => {
    expect(utility(judgedRankingOf(['r1', 'n', 'x'], qrels), [2, -1, -1, 0], 0)).toBe(2 * 1 - 1 * 2 - 1 * 1);
    // d needs the collection's size: with N = 10, non-relevant not retrieved = 10 + 1 − 3 − 2 = 6
    expect(utility(judgedRankingOf(['r1', 'n', 'x'], qrels), [0, 0, 0, 1], 10)).toBe(10 + 1 - 3 - 2);
    const [value] = computeWith(definitionNamed('utility'), contextOf(['r1', 'n', 'x'], qrels), [{ cutoff: Infinity, coefficients: [2, -1, -1, 0] }]);
    expect(value).toBe(2 * 1 - 1 * 2 - 1 * 1);
  });

  test('is averaged over queries, and 0 for a judged query the run does not answer', () => {
    const result = evaluateRun({ q1: ['r1', 'n', 'x'] }, { q1: qrels, q2: qrels }, { measures: ['utility'] });
    expect(result.perQuery.q2!.utility).toBe(0);
    expect(result.mean.utility).toBe((1 * 1 - 1 * 2 + 0) / 2);
  });
});
