import { describe, expect, it } from 'vitest';
import { labelAgreement } from '../../src/agreement/label-agreement.js';
import { cohenKappa } from '../../src/agreement/kappa.js';
import { krippendorffAlpha } from '../../src/agreement/alpha.js';

// Both judge d1, d2 (q1) and d5, d6 (q2); A alone d3, B alone d4.
const qrelsA = { q1: { d1: 2, d2: 0, d3: 1 }, q2: { d5: 1, d6: 0 } };
const qrelsB = { q1: { d1: 2, d2: 1, d4: 0 }, q2: { d5: 1, d6: 1 } };
// The pairs in order: d1, d2, d5, d6.
const a = [2, 0, 1, 0];
const b = [2, 1, 1, 1];

describe('labelAgreement', () => {
  const result = labelAgreement(qrelsA, qrelsB);

  it('counts the documents both judged, those graded alike, and those only one side judged', () => {
    expect(result.judged).toBe(4);
    expect(result.exact).toBe(2 / 4);
    expect(result.onlyA).toEqual({ q1: ['d3'] });
    expect(result.onlyB).toEqual({ q1: ['d4'] });
  });

  it('gives κ three ways and ordinal α over the pooled documents, as cohenKappa and krippendorffAlpha do', () => {
    expect(result.kappa.unweighted).toBeCloseTo(cohenKappa(a, b), 12);
    expect(result.kappa.linear).toBeCloseTo(cohenKappa(a, b, { weights: 'linear' }), 12);
    expect(result.kappa.quadratic).toBeCloseTo(cohenKappa(a, b, { weights: 'quadratic' }), 12);
    expect(result.alpha).toBeCloseTo(krippendorffAlpha([a, b]), 12);
  });

  it('agrees on relevant/not at the threshold: B calls all four relevant, A two', () => {
    // p_o = 2/4; p_e = (2/4)·(4/4) + (2/4)·(0/4) = 1/2, so κ = 0
    expect(result.binary).toEqual({ agreement: 2 / 4, kappa: 0, both: 2, onlyA: 0, onlyB: 2, neither: 0 });
    expect(labelAgreement(qrelsA, qrelsB, { relevanceThreshold: 2 }).binary).toEqual({ agreement: 1, kappa: 1, both: 1, onlyA: 0, onlyB: 0, neither: 3 });
  });

  it('holds the confusion matrix of grades, A by rows', () => {
    expect(result.confusion).toEqual({
      grades: [0, 1, 2],
      counts: [
        [0, 2, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
    });
  });

  it('gives the figures per query, null where a κ or α is undefined', () => {
    expect(result.perQuery.q2!.judged).toBe(2);
    expect(result.perQuery.q2!.kappa.unweighted).toBeCloseTo(cohenKappa([1, 0], [1, 1]), 12);
    const same = labelAgreement({ q1: { d1: 1, d2: 1 } }, { q1: { d1: 1, d2: 1 } });
    expect(same.perQuery.q1!.kappa).toEqual({ unweighted: null, linear: null, quadratic: null });
    expect(same.alpha).toBeNull();
    expect(same.intervals.alpha).toBeNull();
  });

  it('gives seeded bootstrap intervals over queries around the estimate', () => {
    const many = { q1: { d1: 2, d2: 0, d3: 1 }, q2: { d1: 1, d2: 0 }, q3: { d1: 2, d2: 2, d3: 0 }, q4: { d1: 0, d2: 1 } };
    const other = { q1: { d1: 2, d2: 1, d3: 1 }, q2: { d1: 1, d2: 0 }, q3: { d1: 1, d2: 2, d3: 0 }, q4: { d1: 0, d2: 0 } };
    const first = labelAgreement(many, other, { seed: 7 });
    expect(labelAgreement(many, other, { seed: 7 }).intervals).toEqual(first.intervals);
    const [low, high] = first.intervals.kappa.linear!;
    expect(low).toBeLessThanOrEqual(first.kappa.linear!);
    expect(high).toBeGreaterThanOrEqual(first.kappa.linear!);
    expect(high).toBeLessThanOrEqual(1);
  });

  it('resamples whole queries: with two, the interval runs from one query’s κ to the other’s', () => {
    // A resample pools q1 twice, q2 twice, or one of each; a table doubled keeps its κ, and each of the
    // two extremes comes up in a quarter of the resamples, beyond the 2.5% tails.
    const perfect = { q1: { d1: 2, d2: 0, d3: 1 }, q2: { d1: 2, d2: 0, d3: 1, d4: 1 } };
    const second = { q1: { d1: 2, d2: 0, d3: 1 }, q2: { d1: 1, d2: 0, d3: 2, d4: 1 } };
    const result = labelAgreement(perfect, second);
    expect(result.perQuery.q1!.kappa.unweighted).toBe(1);
    expect(result.intervals.kappa.unweighted).toEqual([result.perQuery.q2!.kappa.unweighted, 1]);
  });

  it('gives the seeded intervals it gave when it re-summed every query\'s table per resample', () => {
    // Measured on main at 83fc243 (seed 7), before the resamples added up per-query cells: same draws, same tables.
    const many = { q1: { d1: 2, d2: 0, d3: 1 }, q2: { d1: 1, d2: 0 }, q3: { d1: 2, d2: 2, d3: 0 }, q4: { d1: 0, d2: 1 } };
    const other = { q1: { d1: 2, d2: 1, d3: 1 }, q2: { d1: 1, d2: 0 }, q3: { d1: 1, d2: 2, d3: 0 }, q4: { d1: 0, d2: 0 } };
    const { intervals } = labelAgreement(many, other, { seed: 7 });
    const measured = { unweighted: [0.2500000000000001, 0.8125], linear: [0.3793103448275862, 0.8363636363636364], quadratic: [0.5, 0.8695652173913043], alpha: [0.37037037037037035, 0.8836734693877552] };
    for (const name of ['unweighted', 'linear', 'quadratic'] as const) intervals.kappa[name]!.forEach((bound, i) => expect(bound).toBeCloseTo(measured[name][i]!, 12));
    intervals.alpha!.forEach((bound, i) => expect(bound).toBeCloseTo(measured.alpha[i]!, 12));
  });

  it('resamples 3,000 queries over 40 grades 1,000 times by their cells, not their 40 × 40 tables', () => {
    // Each query has two documents, so at most two non-zero cells; re-summing every query's whole table per
    // resample is 3,000 · 1,600 · 1,000 = 4.8e9 additions, which timed out here.
    const queries = 3_000;
    const sideA: Record<string, Record<string, number>> = {};
    const sideB: Record<string, Record<string, number>> = {};
    for (let q = 0; q < queries; q++) {
      sideA[`q${q}`] = { d1: q % 40, d2: (q * 7) % 40 };
      sideB[`q${q}`] = { d1: (q + (q % 3)) % 40, d2: (q * 7) % 40 };
    }
    const result = labelAgreement(sideA, sideB);
    for (const name of ['unweighted', 'linear', 'quadratic'] as const) {
      const [low, high] = result.intervals.kappa[name]!;
      expect(low).toBeLessThanOrEqual(result.kappa[name]!);
      expect(high).toBeGreaterThanOrEqual(result.kappa[name]!);
    }
  });

  it('gives grades of 1e200 and 1.7e308 the figures of grades 1 and 2: numbers, never NaN', () => {
    const small = labelAgreement({ q1: { d1: 1, d2: 0, d3: 2 }, q2: { d1: 2, d2: 1 } }, { q1: { d1: 1, d2: 1, d3: 2 }, q2: { d1: 1, d2: 1 } });
    for (const unit of [1e200, 1.7e308 / 2]) {
      const large = labelAgreement({ q1: { d1: unit, d2: 0, d3: 2 * unit }, q2: { d1: 2 * unit, d2: unit } }, { q1: { d1: unit, d2: unit, d3: 2 * unit }, q2: { d1: unit, d2: unit } }, { relevanceThreshold: unit });
      for (const name of ['unweighted', 'linear', 'quadratic'] as const) {
        expect(large.kappa[name]).toBeCloseTo(small.kappa[name]!, 12);
        large.intervals.kappa[name]!.forEach((bound, i) => expect(bound).toBeCloseTo(small.intervals.kappa[name]![i]!, 12));
      }
      expect(large.alpha).toBeCloseTo(small.alpha!, 12);
    }
  });

  it('refuses label sets with no document in common, and bad options', () => {
    expect(() => labelAgreement({ q1: { d1: 1 } }, { q1: { d2: 1 } })).toThrow('labelAgreement: no document is judged in both label sets, so there is nothing to compare');
    expect(() => labelAgreement(qrelsA, qrelsB, { samples: 0 })).toThrow('labelAgreement: expected `samples` to be an integer from 1 to 100,000, got `0` (number)');
    expect(() => labelAgreement(qrelsA, qrelsB, { relevanceThreshold: Number.NaN })).toThrow('expected `relevanceThreshold` to be a finite number');
    expect(() => labelAgreement(qrelsA, { q1: { d1: 'x' } } as never)).toThrow(expect.objectContaining({ code: 'invalid_qrels' }));
  });
});
