// Laws of ERR, binary RBP and its residual, fall-out,
// Judged@k (ir_measures' reading and rankeval's 1 − unj@k), NERR8 and INST.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { scoreQuery } from '../helpers/query-context.js';
import { cutoff, qrels, ranking, threshold } from './arbitraries.js';

const persistence = fc.double({ min: 0, max: 0.99, noNaN: true });
const value = (name: string, params: object, docs: readonly string[], judged: Record<string, number>): number =>
  scoreQuery(name, [{ cutoff: Infinity, ...params }], [...docs], judged)[0]!;

const inUnitInterval = (x: number): void => {
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x).toBeLessThanOrEqual(1);
};

describe('new measure laws', () => {
  // Grades of the arbitraries run from −1 to 3, so any maxGrade ≥ 3 is a valid scale.
  test.prop([ranking, qrels, cutoff, fc.integer({ min: 3, max: 8 })])('ERR@k lies in [0, 1]', (docs, judged, k, maxGrade) => {
    inUnitInterval(value('err', { cutoff: k, maxGrade }, docs, judged));
  });

  test.prop([ranking, qrels, cutoff, fc.integer({ min: 1, max: 4 }), fc.double({ min: 0.1, max: 5, noNaN: true })])(
    'NERR8@k and INST lie in [0, 1]',
    (docs, judged, k, maxGrade, desiredGain) => {
      inUnitInterval(value('nerr8', { cutoff: k, maxGrade }, docs, judged));
      inUnitInterval(value('inst', { maxGrade, desiredGain }, docs, judged));
    },
  );

  test.prop([ranking, qrels, cutoff])('ERR@k never decreases as k grows', (docs, judged, k) => {
    expect(value('err', { cutoff: k + 1 }, docs, judged)).toBeGreaterThanOrEqual(value('err', { cutoff: k }, docs, judged));
  });

  test.prop([ranking, qrels, persistence, fc.integer({ min: 0, max: 3 })])('binary RBP lies in [0, 1], and so does RBP plus its residual', (docs, judged, p, rel) => {
    const rbp = value('rbp', { p, rel }, docs, judged);
    inUnitInterval(rbp);
    inUnitInterval(value('rbp', { p }, docs, judged));
    expect(rbp + value('rbp_resid', { p }, docs, judged)).toBeLessThanOrEqual(1 + 1e-12);
  });

  test.prop([ranking, qrels, cutoff, threshold])('fall-out@k lies in [0, 1]', (docs, judged, k, rel) => {
    inUnitInterval(value('fall_out', { cutoff: k, rel }, docs, judged));
  });

  test.prop([ranking, qrels, cutoff])('Judged@k (both readings) lies in [0, 1]', (docs, judged, k) => {
    inUnitInterval(value('judged_retrieved', { cutoff: k }, docs, judged));
    inUnitInterval(value('judged', { cutoff: k }, docs, judged));
  });

  test.prop([qrels, cutoff])('Judged@k = 1 when everything retrieved is judged', (judged, k) => {
    const docs = Object.keys(judged);
    fc.pre(docs.length > 0);
    expect(value('judged_retrieved', { cutoff: k }, docs, judged)).toBe(1);
    // rankeval's judged@k divides by k and reads a negative grade as unjudged (trec_eval's unj).
    const graded = docs.filter((id) => judged[id]! >= 0);
    fc.pre(graded.length > 0);
    expect(value('judged', { cutoff: Math.min(k, graded.length) }, graded, judged)).toBe(1);
  });
});
