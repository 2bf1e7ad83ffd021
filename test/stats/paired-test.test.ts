import { describe, expect, it } from 'vitest';
import { corrected, pairedPValue, pairedTest, tooFewForPairedTest } from '../../src/stats/paired-test.js';
import { bonferroni, holm, pairedTTest, signTest } from '../../src/stats/tests.js';

const plan = { test: 't', alpha: 0.05, permutations: 1000, seed: 42 } as const;

describe('the paired test chosen by name', () => {
  it('is the named test of stats/tests.ts, with its own interval where it has one', () => {
    const differences = Float64Array.from([0.1, 0.3, -0.1, 0.2]);
    const t = pairedTTest(differences, 0.05);
    expect(pairedTest(differences, plan, 0.95)).toEqual({ pValue: t.pValue, interval: { method: 't', bounds: [t.ciLow, t.ciHigh] } });
    expect(pairedTest(differences, { ...plan, test: 'sign' }, 0.95)).toEqual({ pValue: signTest(differences) });
  });

  it('gives the same p-value for differences scaled out of overflow', () => {
    const small = Float64Array.from([1, 3, -1, 2]);
    const huge = small.map((difference) => difference * 2 ** 1000);
    expect(pairedPValue(huge, plan)).toBe(pairedPValue(small, plan));
  });

  it('corrects by Holm, Bonferroni, or not at all', () => {
    const raw = [0.01, 0.04, 0.03];
    expect(corrected(raw, 'holm')).toEqual(holm(raw));
    expect(corrected(raw, 'bonferroni')).toEqual(bonferroni(raw));
    expect(corrected(raw, 'none')).toEqual(raw);
  });

  it('needs two queries', () => {
    expect(tooFewForPairedTest(2)).toBeUndefined();
    expect(tooFewForPairedTest(1)).toEqual({ problem: 'a paired comparison needs at least 2 judged queries, got 1', expected: 'at least 2 judged queries', facts: { limit: 2, count: 1 } });
  });
});
