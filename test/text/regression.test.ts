import { describe, expect, it } from 'vitest';
import { compare } from '../../src/analysis/compare.js';
import { lossText, regressionRuleText, regressionText } from '../../src/text/regression.js';

// Four queries; `worse` finds each relevant document at rank 2 where `base` finds it first.
const qrels = { q1: ['a'], q2: ['b'], q3: ['c'], q4: ['d'] };
const base = { q1: ['a', 'x'], q2: ['b', 'x'], q3: ['c', 'x'], q4: ['d', 'x'] };
const worse = { q1: ['x', 'a'], q2: ['x', 'b'], q3: ['x', 'c'], q4: ['x', 'd'] };

describe('regression text', () => {
  it('states the rule with its test, correction, resampling and margin', () => {
    const bootstrap = compare({ base, worse, same: base }, qrels, { measures: ['mrr'], test: 'bootstrap', correction: 'bonferroni', permutations: 500, seed: 7 });
    expect(regressionRuleText(bootstrap, 0.05)).toBe(
      'regressed = Δ < −0.05 and p (bonferroni) < 0.05; paired bootstrap test (two-sided), Bonferroni over 2 comparisons, 500 resamples, seed 7, over 4 queries',
    );
    const wilcoxon = compare({ base, worse }, qrels, { measures: ['mrr'], test: 'wilcoxon', correction: 'none', alpha: 0.1 });
    expect(regressionRuleText(wilcoxon, 0)).toBe('regressed = Δ < 0 and p < 0.1; Wilcoxon signed-rank test (two-sided), no correction, over 4 queries');
  });

  it('says which measures regress upwards, where lower is better, and only when one is compared', () => {
    const comparison = compare({ base, worse }, qrels, { measures: ['mrr', 'miss@1', 'fall_out@2'], test: 't', correction: 'none' });
    expect(regressionRuleText(comparison, 0.01)).toBe(
      'regressed = Δ < −0.01 (Δ > +0.01 for miss@1, fall_out@2, where lower is better) and p < 0.05; paired t-test (two-sided), no correction, over 4 queries',
    );
  });

  it('writes a row and a query lost with signed differences', () => {
    const comparison = compare({ base, worse }, qrels, { measures: ['mrr'], test: 'sign' });
    // mrr 1 → 1/2 on every query; sign test: 4 losses of 4, p = 2 · (1/2)^4.
    expect(regressionText(comparison.rows[1]!, comparison, 1)).toBe('mrr: 1.0000 → 0.5000, Δ −0.5000, p (holm) 0.1250');
    expect(lossText({ query: 'q1', baseline: 1, value: 1 / 3, delta: 1 / 3 - 1 })).toBe('q1 1.0000 → 0.3333 (Δ −0.6667)');
  });
});
