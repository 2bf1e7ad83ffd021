import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { inferredAp } from '../../src/metrics/inferred-ap.js';
import { judgedRankingOf, scoresOf } from '../helpers/query-context.js';

const EPSILON = 0.00001;

describe('inferredAp', () => {
  test('with complete judgments it is AP (doc example)', () => {
    const qrels = { r1: 1, r2: 1, n1: 0 };
    const expected = (1 + (1 / 3 + (2 / 3) * (2 / 2) * ((1 + EPSILON) / (2 + 2 * EPSILON)))) / 2;
    expect(inferredAp(judgedRankingOf(['r1', 'n1', 'r2'], qrels), 1)).toBe(expected);
    expect(expected).toBeCloseTo((1 + 2 / 3) / 2, 15);
    const scores = scoresOf(['r1', 'n1', 'r2'], qrels, ['infAP', 'map']);
    expect(scores.infAP).toBeCloseTo(scores.map!, 15);
  });

  test('pooled unjudged documents count as pooled, documents not in the qrels only take a rank (doc example)', () => {
    const qrels = { r1: 1, r2: 1, s: -1 };
    const expected = (1 + (1 / 4 + (3 / 4) * (2 / 3) * ((1 + EPSILON) / (1 + 2 * EPSILON)))) / 2;
    expect(scoresOf(['r1', 's', 'x', 'r2'], qrels, ['infAP']).infAP).toBe(expected);
    expect(expected).toBeCloseTo(0.875, 4);
    expect(scoresOf(['r1', 's', 'x', 'r2'], qrels, ['map']).map).toBe((1 + 2 / 4) / 2);
  });

  test('a relevant document at rank 1 adds 1', () => {
    expect(scoresOf(['r1'], { r1: 1, r2: 1 }, ['infAP']).infAP).toBe(1 / 2);
  });

  test('is 0 without relevant documents and for an empty ranking', () => {
    expect(scoresOf(['n1', 'x'], { n1: 0 }, ['infAP']).infAP).toBe(0);
    expect(evaluateRun({}, { q: { r1: 1 } }, { measures: ['infAP'] }).perQuery.q!.infAP).toBe(0);
  });
});
