import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { compare, type ComparisonRow } from '../src/compare.js';
import { evaluateRun } from '../src/evaluate.js';
import { isRegression, queriesLostMost, regressions } from '../src/regression.js';
import { ranking, runAndQrels } from './properties/arbitraries.js';

/** A candidate's row of a comparison, with the fields the rule reads. */
const row = (delta: number, significant: boolean): ComparisonRow => ({
  measure: 'ndcg@10',
  run: 'candidate',
  mean: 0.5 + delta,
  delta,
  relativeDelta: delta / 0.5,
  pValue: significant ? 0.001 : 0.5,
  pValueCorrected: significant ? 0.002 : 0.6,
  ciLow: delta - 0.01,
  ciHigh: delta + 0.01,
  wins: 1,
  ties: 0,
  losses: 9,
  effectSize: -1,
  significant,
});

describe('isRegression: Δ < −margin and significant after the correction', () => {
  it.each([
    [-0.08, true, 0, true],
    [-0.08, false, 0, false], // noise, however large the drop
    [0.08, true, 0, false], // significantly better
    [-0.08, true, 0.05, true],
    [-0.08, true, 0.08, false], // a drop equal to the margin passes
    [-0.08, true, 0.1, false],
  ])('Δ %d, significant %s, margin %d → %s', (delta, significant, margin, expected) => {
    expect(isRegression(row(delta, significant), margin)).toBe(expected);
  });

  it('never calls the baseline’s own row a regression', () => {
    expect(isRegression({ ...row(0, false), delta: null, significant: null })).toBe(false);
  });
});

describe('regressions of a comparison', () => {
  // Four queries with one relevant document each; `worse` finds it at rank 2 where `base` finds it first.
  const qrels = { q1: ['a'], q2: ['b'], q3: ['c'], q4: ['d'] };
  const base = { q1: ['a', 'x'], q2: ['b', 'x'], q3: ['c', 'x'], q4: ['d', 'x'] };
  const worse = { q1: ['x', 'a'], q2: ['x', 'b'], q3: ['x', 'c'], q4: ['x', 'd'] };

  it('lists the significantly worse rows beyond the margin, candidate by candidate', () => {
    // P@1 drops by 1 on every query: the t-test's p is 0 (no spread); recall@2 does not move.
    const comparison = compare({ base, worse, same: base }, qrels, { measures: ['P@1', 'recall@2'], test: 't' });
    expect(regressions(comparison).map((r) => [r.measure, r.run, r.delta])).toEqual([['P@1', 'worse', -1]]);
    expect(regressions(comparison, { margin: 0.99 })).toHaveLength(1);
    expect(regressions(comparison, { margin: 1 })).toEqual([]);
  });

  it('refuses a margin that is not a finite number ≥ 0', () => {
    const comparison = compare({ base, worse }, qrels, { measures: ['P@1'] });
    for (const margin of [-1, Number.NaN, Infinity, '0.1']) {
      expect(() => regressions(comparison, { margin: margin as number })).toThrow(/^regressions: expected `margin` to be a finite number ≥ 0/);
    }
  });
});

describe('queriesLostMost', () => {
  it('gives the largest per-query drops first, ties by query id, only queries that dropped', () => {
    const qrels = { q1: ['a'], q2: ['b'], q3: ['c'], q4: ['d'] };
    const measures = ['mrr@10'];
    const before = evaluateRun({ q1: ['a'], q2: ['b'], q3: ['c'], q4: ['x', 'd'] }, qrels, { measures });
    const after = evaluateRun({ q1: ['x', 'x2', 'a'], q2: ['x', 'b'], q3: ['x', 'c'], q4: ['d'] }, qrels, { measures });
    expect(queriesLostMost(before, after, 'mrr@10', 2)).toEqual([
      { query: 'q1', baseline: 1, value: 1 / 3, delta: 1 / 3 - 1 },
      { query: 'q2', baseline: 1, value: 1 / 2, delta: 1 / 2 - 1 },
    ]);
    expect(queriesLostMost(before, after, 'mrr@10').map((loss) => loss.query)).toEqual(['q1', 'q2', 'q3']);
    expect(queriesLostMost(after, after, 'mrr@10')).toEqual([]);
  });
});

describe('regression laws', () => {
  const measures = ['ndcg@5', 'recall@10', 'mrr'];
  /** Two runs over the same judged queries (at least two, as a paired test needs). */
  const twoRuns = fc
    .tuple(runAndQrels, fc.array(ranking, { minLength: 5, maxLength: 5 }))
    .filter(([{ qrels }]) => Object.keys(qrels).length >= 2)
    .map(([{ run, qrels }, others]) => ({ qrels, baseline: run, candidate: Object.fromEntries(Object.keys(run).map((qid, i) => [qid, others[i]!])) }));

  test.prop([twoRuns.map(({ qrels, baseline }) => ({ qrels, baseline })), fc.constantFrom('t', 'randomization', 'wilcoxon', 'sign', 'bootstrap' as const)])(
    'a run never regresses from itself, under any test',
    ({ qrels, baseline }, test) => {
      expect(regressions(compare({ baseline, same: baseline }, qrels, { measures, test, checks: 'off' }))).toEqual([]);
    },
  );

  test.prop([twoRuns, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })])(
    'a larger margin never adds a regression',
    ({ qrels, baseline, candidate }, a, b) => {
      const comparison = compare({ baseline, candidate }, qrels, { measures, test: 't', correction: 'none', checks: 'off' });
      const [small, large] = a <= b ? [a, b] : [b, a];
      const loose = regressions(comparison, { margin: large });
      expect(regressions(comparison, { margin: small })).toEqual(expect.arrayContaining(loose));
    },
  );
});
