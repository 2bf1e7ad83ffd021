import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { compare, compareScores, evaluateRun, type Comparison, type SignificanceTest } from '../../src/index.js';
import { caught } from '../helpers/caught.js';
import { ranking, qrels as judgments } from '../properties/arbitraries.js';

// Two generators on three topics: a scores 0.5, 1, 0; b scores 1, 1, 0.5. Differences b − a: 0.5, 0, 0.5.
const A = { q1: { vital_score: 0.5 }, q2: { vital_score: 1 }, q3: { vital_score: 0 } };
const B = { q1: { vital_score: 1 }, q2: { vital_score: 1 }, q3: { vital_score: 0.5 } };

describe('compareScores', () => {
  it('compares per-query scores by hand: means, Δ, the t-test, its interval, W/T/L and d', () => {
    const result = compareScores({ a: A, b: B });
    expect(result).toMatchObject({ baseline: 'a', runs: ['a', 'b'], measures: ['vital_score'], queries: 3, test: 't', correction: 'holm', conventions: null, warnings: [] });
    const row = result.rows[1]!;
    // The differences have mean 1/3 and standard deviation √(((1/6)² + (1/3)² + (1/6)²) / 2) = √(1/12), so
    // t = (1/3) / (√(1/12) / √3) = 2 on 2 degrees of freedom, whose two-sided p is 1 − t/√(2 + t²).
    expect(row.mean).toBeCloseTo(2.5 / 3, 15);
    expect(row.delta).toBeCloseTo(1 / 3, 15);
    expect(row.relativeDelta).toBeCloseTo(1 / 3 / 0.5, 15);
    expect(row.pValue).toBeCloseTo(1 - 2 / Math.sqrt(6), 12);
    // t(0.975, 2) = 4.302652729749464 (R qt(0.975, 2)); the standard error is 1/6.
    expect(row.ciLow).toBeCloseTo(1 / 3 - 4.302652729749464 / 6, 12);
    expect(row.ciHigh).toBeCloseTo(1 / 3 + 4.302652729749464 / 6, 12);
    expect(row.effectSize).toBeCloseTo(1 / 3 / Math.sqrt(1 / 12), 12);
    expect([row.wins, row.ties, row.losses]).toEqual([2, 1, 0]);
    expect(result.rows[0]).toMatchObject({ run: 'a', mean: 0.5, delta: null });
  });

  it('runs the exact randomization test: 4 of the 8 sign flips reach |Σ| ≥ 1', () => {
    // Flipping the signs of (0.5, 0, 0.5) gives the sums 1, 0, 0, −1 (each twice, the 0 flipped or not).
    expect(compareScores({ a: A, b: B }, { test: 'randomization' }).rows[1]!.pValue).toBe(4 / 8);
  });

  it('takes Maps as objects, and the baseline and measures asked for', () => {
    const both = { a: { ...A, q1: { vital_score: 0.5, all_score: 0.25 } }, b: { ...B, q1: { vital_score: 1, all_score: 0.75 } } };
    const fromMaps = compareScores(new Map(Object.entries(both).map(([run, queries]) => [run, new Map(Object.entries(queries))])), { baseline: 'b', measures: ['vital_score'] });
    expect(fromMaps).toEqual(compareScores(both, { baseline: 'b', measures: ['vital_score'] }));
    expect(fromMaps.baseline).toBe('b');
    expect(fromMaps.rows[1]).toMatchObject({ run: 'a', delta: expect.closeTo(-1 / 3, 15), wins: 0, losses: 2 });
  });

  it('counts wins the way the registry reads a measure: lower is better for miss@5', () => {
    const row = compareScores({ a: { q1: { 'miss@5': 1 }, q2: { 'miss@5': 1 } }, b: { q1: { 'miss@5': 0 }, q2: { 'miss@5': 1 } } }).rows[1]!;
    expect([row.wins, row.ties, row.losses]).toEqual([1, 1, 0]);
  });

  it.each([NaN, Infinity, '0.5', undefined])('refuses the score %s, naming its run, query and measure', (bad) => {
    const error = caught(() => compareScores({ a: A, b: { ...B, q3: { vital_score: bad as number } } }));
    expect(error).toMatchObject({ code: 'invalid_run', fn: 'compareScores', at: { run: 'b', query: 'q3', measure: 'vital_score' } });
    expect(error.message).toMatch(/run "b" scores query "q3" on vital_score/);
  });

  it('refuses a query only the baseline has, and one only a candidate has, naming both', () => {
    const { q3: _, ...fewer } = B;
    const lacking = caught(() => compareScores({ a: A, b: fewer }));
    expect(lacking).toMatchObject({ code: 'invalid_run', at: { run: 'b', query: 'q3' }, subject: { kind: 'run', run: 'b' } });
    expect(lacking.message).toMatch(/run "a" scores query "q3" and run "b" does not/);
    const extra = caught(() => compareScores({ a: A, b: { ...B, q4: { vital_score: 1 } } }));
    expect(extra).toMatchObject({ code: 'invalid_run', at: { run: 'a', query: 'q4' } });
  });

  it('refuses fewer than two runs, fewer than two queries, an unknown baseline or option, and scores of another shape', () => {
    expect(caught(() => compareScores({ a: A }))).toMatchObject({ code: 'invalid_option', subject: { kind: 'argument', argument: 'runs' }, received: 1 });
    expect(caught(() => compareScores({ a: { q1: A.q1 }, b: { q1: B.q1 } }))).toMatchObject({ code: 'no_queries', received: 1, at: { run: 'a' }, facts: { limit: 2, count: 1 } });
    expect(caught(() => compareScores({ a: A, b: B }, { baseline: 'c' }))).toMatchObject({ code: 'invalid_option', subject: { kind: 'option', option: 'baseline' }, received: 'c' });
    expect(caught(() => compareScores({ a: A, b: B }, { measure: ['x'] } as never))).toMatchObject({ code: 'invalid_option', received: 'measure' });
    expect(caught(() => compareScores({ a: A, b: B }, { measures: [] }))).toMatchObject({ code: 'invalid_option', subject: { kind: 'option', option: 'measures' } });
    expect(caught(() => compareScores({ a: A, b: B }, { measures: ['vital_score', ''] as never }))).toMatchObject({ subject: { kind: 'option', option: 'measures' }, facts: { index: 1 } });
    const repeat = caught(() => compareScores({ a: A, b: B }, { measures: ['vital_score', 'x', 'vital_score'] as never }));
    expect([repeat.subject, repeat.facts]).toEqual([{ kind: 'option', option: 'measures' }, { index: 2, key: 'vital_score' }]);
    expect(caught(() => compareScores({ a: A, b: [1, 2] } as never))).toMatchObject({ code: 'invalid_run', at: { run: 'b' } });
    expect(caught(() => compareScores([1, 2] as never))).toMatchObject({ code: 'invalid_run', subject: { kind: 'argument', argument: 'runs' } });
  });
});

const QUERIES = ['q1', 'q2', 'q3', 'q4', 'q5', '10', '9'];
const TESTS: SignificanceTest[] = ['t', 'randomization', 'bootstrap', 'wilcoxon', 'sign'];

/** A comparison without what only compare() knows: the evaluateRun conventions and the runs' warnings. */
const comparedPart = ({ conventions: _, warnings: __, ...rest }: Comparison) => rest;

describe('compareScores on evaluateRun per-query scores', () => {
  test.prop([fc.array(fc.tuple(ranking, ranking, ranking, judgments), { minLength: QUERIES.length, maxLength: QUERIES.length }), fc.constantFrom(...TESTS)], { numRuns: 60 })(
    'gives compare()’s comparison to the bit, whatever the test',
    (data, test) => {
      const qrels = Object.fromEntries(QUERIES.map((qid, i) => [qid, data[i]![3]]));
      const runs = Object.fromEntries(['a', 'b', 'c'].map((name, r) => [name, Object.fromEntries(QUERIES.map((qid, i) => [qid, data[i]![r] as string[]]))]));
      const options = { measures: ['ndcg@10', 'recall@5', 'miss@3', 'map'], test, permutations: 200 };
      const compared = compare(runs, qrels, options);
      const perQuery = Object.fromEntries(Object.entries(runs).map(([name, run]) => [name, evaluateRun(run, qrels, { measures: options.measures, checks: 'off' }).perQuery]));
      const fromScores = compareScores(perQuery, { measures: options.measures, test, permutations: 200 });
      expect(JSON.stringify(comparedPart(fromScores))).toBe(JSON.stringify(comparedPart(compared)));
      expect(fromScores.conventions).toBeNull();
    },
  );
});
