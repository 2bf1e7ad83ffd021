import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { compare, type ComparisonRow } from '../../src/analysis/compare.js';
import { isRegression, queriesLostMost, regressions } from '../../src/analysis/regression.js';
import { ranking, runAndQrels } from '../properties/arbitraries.js';
import { evaluateRun } from '../../src/engine/evaluate-run.js';

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

describe('a measure where lower is better regresses upwards (miss@k, tokens@k, fall_out@k)', () => {
  it.each([
    ['miss@5', 0.08, true, 0, true], // more misses, significant: a regression
    ['miss@5', -0.08, true, 0, false], // fewer misses: an improvement
    ['miss@5', 0.08, true, 0.1, false], // within the margin
    ['miss@5', 0.08, false, 0, false], // noise
    ['tokens@3', 120, true, 100, true],
    ['fall_out@10', 0.05, true, 0, true],
    ['unj@10', 0.05, true, 0, true], // more unjudged documents in the top k: scores less to be trusted
    ['rbp_resid', 0.05, true, 0, true],
    ['judged@10', 0.05, true, 0, false], // judged = 1 − unj is higher-is-better
  ] as const)('%s: Δ %d, significant %s, margin %d → %s', (measure, delta, significant, margin, expected) => {
    expect(isRegression({ ...row(delta, significant), measure }, margin)).toBe(expected);
  });

  // Four queries with one relevant document each; `base` finds it first on q1 and q2; `worse` on none,
  // `better` on all four.
  const qrels = { q1: ['a'], q2: ['b'], q3: ['c'], q4: ['d'] };
  const base = { q1: ['a', 'x'], q2: ['b', 'x'], q3: ['x', 'c'], q4: ['x', 'd'] };
  const worse = { q1: ['x', 'a'], q2: ['x', 'b'], q3: ['x', 'c'], q4: ['x', 'd'] };
  const better = { q1: ['a', 'x'], q2: ['b', 'x'], q3: ['c', 'x'], q4: ['d', 'x'] };

  it('a run that misses more regresses on miss@1; one that misses less does not, and wins where it misses less', () => {
    // miss@1 per query: base 0, 0, 1, 1; worse 1, 1, 1, 1 (Δ +1, +1, 0, 0); better 0, 0, 0, 0 (Δ 0, 0, −1, −1).
    // t-test without correction: both differences are significant at alpha 0.5 (t = ±√3, p ≈ 0.18).
    const comparison = compare({ base, worse, better }, qrels, { measures: ['miss@1', 'recall@1'], test: 't', correction: 'none', alpha: 0.5 });
    const rows = Object.fromEntries(comparison.rows.filter((r) => r.delta !== null).map((r) => [`${r.measure} ${r.run}`, r]));
    expect(rows['miss@1 worse']).toMatchObject({ delta: 1 - 1 / 2, wins: 0, ties: 2, losses: 2, significant: true });
    expect(rows['miss@1 better']).toMatchObject({ delta: 0 - 1 / 2, wins: 2, ties: 2, losses: 0, significant: true });
    // recall@1 = 1 − miss@1 here: the same queries won and lost, Δ the other way round.
    expect(rows['recall@1 worse']).toMatchObject({ delta: 0 - 1 / 2, wins: 0, ties: 2, losses: 2 });
    expect(rows['recall@1 better']).toMatchObject({ delta: 1 - 1 / 2, wins: 2, ties: 2, losses: 0 });
    // The worse run regresses on both, the better on neither: the miss rate agrees with recall.
    expect(regressions(comparison).map((r) => [r.measure, r.run])).toEqual([
      ['miss@1', 'worse'],
      ['recall@1', 'worse'],
    ]);
    expect(regressions(comparison, { margin: 0.5 })).toEqual([]);
  });
});

describe('queriesLostMost', () => {
  it('for a measure where lower is better, gives the largest rises first', () => {
    const qrels = { q1: ['a', 'b'], q2: ['c'], q3: ['d'] };
    const measures = ['miss@1'];
    const before = evaluateRun({ q1: ['a', 'b'], q2: ['c'], q3: ['x', 'd'] }, qrels, { measures });
    const after = evaluateRun({ q1: ['x', 'a'], q2: ['x', 'c'], q3: ['d'] }, qrels, { measures });
    // miss@1: q1 1/2 → 1, q2 0 → 1, q3 1 → 0 (an improvement, not a loss).
    expect(queriesLostMost(before, after, 'miss@1')).toEqual([
      { query: 'q2', baseline: 0, value: 1, delta: 1 },
      { query: 'q1', baseline: 1 / 2, value: 1, delta: 1 - 1 / 2 },
    ]);
    expect(queriesLostMost(after, before, 'miss@1')).toEqual([{ query: 'q3', baseline: 0, value: 1, delta: 1 }]);
  });


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
