import { describe, expect, it } from 'vitest';
import { spearman, systemAgreement } from '../../src/agreement/system-agreement.js';
import { kendallTau } from '../../src/agreement/kendall.js';
import { tauAP } from '../../src/agreement/tau-ap.js';

// Three runs over two queries, each retrieving one document first. Under A, d1 is relevant everywhere;
// under B, d2 is: the run that puts d1 first wins under A and loses under B.
const runs = {
  first: { q1: ['d1', 'd2'], q2: ['d1', 'd2'] },
  mixed: { q1: ['d1', 'd2'], q2: ['d2', 'd1'] },
  second: { q1: ['d2', 'd1'], q2: ['d2', 'd1'] },
};
const qrelsA = { q1: { d1: 1, d2: 0 }, q2: { d1: 1, d2: 0 } };
const qrelsB = { q1: { d1: 0, d2: 1 }, q2: { d1: 0, d2: 1 } };

describe('systemAgreement', () => {
  const result = systemAgreement(runs, qrelsA, qrelsB, { measure: 'P@1' });

  it('scores every run under both label sets, best under A first', () => {
    expect(result.runs).toEqual([
      { run: 'first', meanA: 1, meanB: 0 },
      { run: 'mixed', meanA: 0.5, meanB: 0.5 },
      { run: 'second', meanA: 0, meanB: 1 },
    ]);
  });

  it('correlates the two orders: here exactly reversed', () => {
    expect(result.tauB).toBe(-1);
    expect(result.tauAPB).toBe(-1);
    expect(result.spearman).toBe(-1);
    expect(result.top).toEqual({ systems: 3, tauB: -1, tauAPB: -1, spearman: -1 });
  });

  it('lists every pair whose order flips, with the mean differences under each', () => {
    expect(result.flips.map((flip) => [flip.higher, flip.lower, flip.deltaA, flip.deltaB])).toEqual([
      ['first', 'mixed', 0.5, -0.5],
      ['first', 'second', 1, -1],
      ['mixed', 'second', 0.5, -0.5],
    ]);
    // first − second is 1 on both queries: a t-test with no spread gives p = 0 (see pairedTTest)
    expect(result.flips[1]!.significant).toBe(true);
  });

  it('gives null where a correlation is undefined, and correlates the top k only', () => {
    const same = systemAgreement(runs, qrelsA, qrelsA, { measure: 'P@1', topK: 2 });
    expect(same.tauB).toBe(1);
    expect(same.flips).toEqual([]);
    expect(same.top.systems).toBe(2);
    const flat = systemAgreement(runs, qrelsA, { q1: { d1: 1, d2: 1 }, q2: { d1: 1, d2: 1 } }, { measure: 'P@1' });
    expect(flat).toMatchObject({ tauB: null, tauAPB: null, spearman: null });
  });

  it('scores binary measures at relevanceThreshold', () => {
    // From grade 2, A's grade-1 d1 is not relevant and its grade-2 d2 is (at 1, every run's P@1 would be 1).
    const graded = { q1: { d1: 1, d2: 2 }, q2: { d1: 1, d2: 2 } };
    const at2 = systemAgreement(runs, graded, qrelsB, { measure: 'P@1', relevanceThreshold: 2 });
    expect(at2.runs.map((run) => [run.run, run.meanA])).toEqual([
      ['second', 1],
      ['mixed', 0.5],
      ['first', 0],
    ]);
  });

  it('refuses fewer than two runs and a bad topK', () => {
    expect(() => systemAgreement({ first: runs.first }, qrelsA, qrelsB)).toThrow('systemAgreement: expected `runs` to be two runs or more, got `1` (number)');
    expect(() => systemAgreement(runs, qrelsA, qrelsB, { topK: 1 })).toThrow('expected `topK` to be an integer ≥ 2');
  });
});

describe('spearman', () => {
  it('is Pearson’s correlation of the mid-ranks', () => {
    // ranks of x: 1, 2.5, 2.5, 4; of y: 1, 2, 3, 4 — mean 2.5 each
    const r = (-1.5 * -1.5 + 0 * -0.5 + 0 * 0.5 + 1.5 * 1.5) / Math.sqrt((1.5 ** 2 * 2) * (1.5 ** 2 * 2 + 0.5 ** 2 * 2));
    expect(spearman([1, 2, 2, 3], [10, 20, 30, 40])).toBeCloseTo(r, 12);
    expect(spearman([1, 1], [1, 2])).toBeNull();
  });

  it('agrees with τ on the sign for a monotone pair', () => {
    expect(Math.sign(spearman([3, 1, 2], [30, 10, 20])!)).toBe(Math.sign(kendallTau([3, 1, 2], [30, 10, 20])));
    expect(tauAP([3, 1, 2], [30, 10, 20])).toBe(1);
  });
});
