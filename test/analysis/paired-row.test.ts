// One candidate against the baseline on one measure (candidateRow), worked by hand.
import { describe, expect, it } from 'vitest';
import { baselineRow, candidateRow, type ComparePlan } from '../../src/analysis/paired-row.js';

const plan: ComparePlan = { test: 't', alpha: 0.05, correction: 'none', interval: 't', permutations: 1000, seed: 42 };

describe('candidateRow', () => {
  // Per-query differences run − baseline: two gains and one loss; mean 0.1, sd √0.07.
  const differences = Float64Array.of(0.2, 0.3, -0.2);
  const mean = (0.2 + 0.3 - 0.2) / 3;
  const sd = Math.sqrt(((0.2 - mean) ** 2 + (0.3 - mean) ** 2 + (-0.2 - mean) ** 2) / 2);

  it('counts wins, ties and losses, the deltas and Cohen\'s d', () => {
    const row = candidateRow({ measure: 'ndcg@10', name: 'new', baseline: 'old', mean: 0.6, baseMean: 0.5, differences }, plan, 'compare');
    expect(row).toMatchObject({ measure: 'ndcg@10', run: 'new', mean: 0.6, wins: 2, ties: 0, losses: 1, significant: null });
    expect(row.delta).toBeCloseTo(0.1, 15);
    expect(row.relativeDelta).toBeCloseTo(0.1 / 0.5, 15);
    expect(row.effectSize).toBeCloseTo(mean / sd, 12);
    expect(row.pValueCorrected).toBe(row.pValue);
    expect(row.ciLow! < mean && mean < row.ciHigh!).toBe(true);
  });

  it('counts a lower value as a win where lower is better (miss@k)', () => {
    const row = candidateRow({ measure: 'miss@5', name: 'new', baseline: 'old', mean: 0.4, baseMean: 0.3, differences }, plan, 'compare');
    expect([row.wins, row.ties, row.losses]).toStrictEqual([1, 0, 2]);
  });

  it('has no relative delta when the baseline mean is 0', () => {
    expect(candidateRow({ measure: 'P@1', name: 'new', baseline: 'old', mean: 0.1, baseMean: 0, differences }, plan, 'compare').relativeDelta).toBeNull();
  });
});

describe('baselineRow', () => {
  it('carries the mean and null in every comparison field', () => {
    expect(baselineRow('P@1', 'old', 0.5)).toStrictEqual({
      measure: 'P@1', run: 'old', mean: 0.5, delta: null, relativeDelta: null, pValue: null, pValueCorrected: null,
      ciLow: null, ciHigh: null, wins: null, ties: null, losses: null, effectSize: null, significant: null,
    });
  });
});
