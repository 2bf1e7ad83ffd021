import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { compare, confidenceInterval, evaluateRun, isRankevalError, type SignificanceTest } from '../../src/index.js';
import { caught } from '../helpers/caught.js';

const TESTS: SignificanceTest[] = ['t', 'randomization', 'bootstrap', 'wilcoxon', 'sign'];

// Runs whose recall on each query is exactly the given score: each query has 4 relevant documents and the
// run retrieves score × 4 of them (0, 0.25, 0.5, 0.75 or 1).
const RELEVANT = ['a', 'b', 'c', 'd'];
const runOf = (scores: readonly number[]) => Object.fromEntries(scores.map((score, q) => [`q${q}`, RELEVANT.slice(0, Math.round(score * 4))]));
const qrelsOf = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, q) => [`q${q}`, RELEVANT]));

describe('compare', () => {
  it.each(TESTS)('identical runs: Δ = 0, p = 1, the interval is [0, 0], every query a tie (%s)', (test) => {
    const scores = [0.25, 0.5, 1, 0, 0.75, 0.5];
    const result = compare({ a: runOf(scores), b: runOf(scores) }, qrelsOf(6), { measures: ['recall'], test });
    expect(result.rows[1]).toEqual({
      measure: 'recall',
      run: 'b',
      mean: 3 / 6,
      delta: 0,
      relativeDelta: 0,
      pValue: 1,
      pValueCorrected: 1,
      ciLow: 0,
      ciHigh: 0,
      wins: 0,
      ties: 6,
      losses: 0,
      // d = 0 / 0: no effect size (the README's "null when they have no spread").
      effectSize: null,
      significant: false,
    });
  });

  it.each(TESTS)('a run better on 30 of 30 queries is significant with a tiny p (%s)', (test) => {
    const base = Array.from({ length: 30 }, (_, q) => (q % 3) * 0.25);
    const better = base.map((score) => score + 0.25);
    const row = compare({ base: runOf(base), better: runOf(better) }, qrelsOf(30), { measures: ['recall'], test }).rows[1]!;
    expect(row).toMatchObject({ delta: 0.25, wins: 30, ties: 0, losses: 0, significant: true });
    // The bound each test can reach: sign 2 / 2^30; randomization (1 + 0) / (10,000 + 1); the others far below.
    expect(row.pValue).toBeLessThanOrEqual(test === 'randomization' || test === 'bootstrap' ? 1 / 10_001 : 1e-6);
  });

  it('the baseline’s rows carry its mean and null in every comparison field; the rest follow by measure', () => {
    const result = compare({ base: runOf([0, 0.5]), cand: runOf([0.5, 0.5]), third: runOf([1, 1]) }, qrelsOf(2), { measures: ['recall', 'P@2'] });
    expect(result.rows.map((row) => [row.measure, row.run])).toEqual([
      ['recall', 'base'],
      ['recall', 'cand'],
      ['recall', 'third'],
      ['P@2', 'base'],
      ['P@2', 'cand'],
      ['P@2', 'third'],
    ]);
    expect(result.rows[0]).toEqual({
      measure: 'recall',
      run: 'base',
      mean: (0 + 0.5) / 2,
      delta: null,
      relativeDelta: null,
      pValue: null,
      pValueCorrected: null,
      ciLow: null,
      ciHigh: null,
      wins: null,
      ties: null,
      losses: null,
      effectSize: null,
      significant: null,
    });
    expect(result).toMatchObject({ baseline: 'base', runs: ['base', 'cand', 'third'], measures: ['recall', 'P@2'], test: 't', alpha: 0.05, correction: 'holm', interval: 't', queries: 2 });
  });

  it('exact randomization, worked by hand: d = (0.5, 0.25, 0.25) has 2 of 8 sign flips with |Σ| ≥ 1', () => {
    // Σ over the 8 flips: ±0.5 ± 0.25 ± 0.25 ∈ {1, 0.5, 0.5, 0, 0, −0.5, −0.5, −1}; |Σ| ≥ 1 for 2 of them.
    const row = compare({ base: runOf([0, 0.25, 0.5]), cand: runOf([0.5, 0.5, 0.75]) }, qrelsOf(3), { measures: ['recall'], test: 'randomization' }).rows[1]!;
    expect(row.pValue).toBe(2 / 8);
    // Two-sided sign test: 3 wins of 3, p = 2 · (1/2)^3.
    expect(compare({ base: runOf([0, 0.25, 0.5]), cand: runOf([0.5, 0.5, 0.75]) }, qrelsOf(3), { measures: ['recall'], test: 'sign' }).rows[1]!.pValue).toBe(2 / 8);
  });

  it('corrects for every (measure, candidate) comparison: Holm by default, Bonferroni, or none', () => {
    const runs = { base: runOf([0, 0.25, 0.5, 0.25, 0]), b: runOf([0.25, 0.25, 0.75, 0.5, 0]), c: runOf([0, 0.5, 0.5, 0.5, 0.25]) };
    const measures = ['recall', 'P@1'];
    const none = compare(runs, qrelsOf(5), { measures, correction: 'none' }).rows.filter((row) => row.pValue !== null);
    const bonferroni = compare(runs, qrelsOf(5), { measures, correction: 'bonferroni' }).rows.filter((row) => row.pValue !== null);
    const holm = compare(runs, qrelsOf(5), { measures }).rows.filter((row) => row.pValue !== null);
    expect(none.map((row) => row.pValueCorrected)).toEqual(none.map((row) => row.pValue));
    // Four comparisons: 2 candidates × 2 measures.
    expect(bonferroni.map((row) => row.pValueCorrected)).toEqual(none.map((row) => Math.min(1, 4 * row.pValue!)));
    holm.forEach((row, i) => {
      expect(row.pValueCorrected).toBeGreaterThanOrEqual(row.pValue!);
      expect(row.pValueCorrected).toBeLessThanOrEqual(bonferroni[i]!.pValueCorrected!);
    });
  });

  it('the same seed gives the same p-values; another seed, other Monte Carlo p-values', () => {
    const base = Array.from({ length: 40 }, (_, q) => (q % 5) * 0.25);
    const cand = base.map((score, q) => (q % 4 === 0 ? Math.min(1, score + 0.25) : score));
    const p = (test: SignificanceTest, seed: number) => compare({ base: runOf(base), cand: runOf(cand) }, qrelsOf(40), { measures: ['recall'], test, seed, permutations: 2000 }).rows[1]!.pValue;
    for (const test of ['randomization', 'bootstrap'] as const) {
      expect(p(test, 7)).toBe(p(test, 7));
      expect(p(test, 7)).not.toBe(p(test, 8));
    }
  });

  it('takes the interval asked for: bootstrap beside a t-test, t beside a bootstrap test', () => {
    const runs = { base: runOf([0, 0.25, 0.5, 0.25, 0, 1]), cand: runOf([0.25, 0.25, 0.75, 0.5, 0, 1]) };
    const differences = [0.25, 0, 0.25, 0.25, 0, 0];
    const t = confidenceInterval(differences, { level: 0.9 });
    const bootstrap = confidenceInterval(differences, { level: 0.9, method: 'bootstrap', samples: 500, seed: 3 });
    const row = (options: object) => compare(runs, qrelsOf(6), { measures: ['recall'], alpha: 0.1, permutations: 500, seed: 3, ...options }).rows[1]!;
    expect(row({ interval: 'bootstrap' })).toMatchObject({ ciLow: bootstrap.low, ciHigh: bootstrap.high });
    expect(row({ test: 'bootstrap' })).toMatchObject({ ciLow: bootstrap.low, ciHigh: bootstrap.high });
    expect(row({ test: 'bootstrap', interval: 't' })).toMatchObject({ ciLow: t.low, ciHigh: t.high });
    expect(row({ test: 'wilcoxon' })).toMatchObject({ ciLow: t.low, ciHigh: t.high });
  });

  it('compares with the baseline asked for, and gives no relative change over a zero mean', () => {
    const result = compare({ zero: runOf([0, 0]), some: runOf([0.5, 0.25]) }, qrelsOf(2), { measures: ['recall'], baseline: 'some' });
    expect(result.runs).toEqual(['some', 'zero']);
    expect(result.rows[1]).toMatchObject({ run: 'zero', delta: -(0.5 + 0.25) / 2, relativeDelta: -1 });
    expect(compare({ zero: runOf([0, 0]), some: runOf([0.5, 0.25]) }, qrelsOf(2), { measures: ['recall'] }).rows[1]!.relativeDelta).toBeNull();
  });

  it('scores a judged query a run misses as 0, and warns about it and about unjudged queries', () => {
    const result = compare({ full: runOf([0.5, 0.5, 0.5]), partial: { q0: ['a'], extra: ['x'] } }, qrelsOf(3), { measures: ['recall'] });
    expect(result.rows[1]).toMatchObject({ mean: 0.25 / 3, wins: 0, losses: 3 });
    expect(result.warnings).toEqual([
      'run "partial": 2 judged queries have no ranking in the run and score 0: q1, q2',
      'run "partial": 1 query of the run is not in the qrels and left out of the means: extra',
    ]);
  });

  it('under noRelevant skip, a query without relevant documents that a run misses is not said to score 0: it scores nothing', () => {
    // q3 is judged without a relevant document: skipped. Run "partial" answers neither q2 nor q3; only q2 is scored 0.
    const qrels = { q1: { a: 1 }, q2: { a: 1 }, q3: { a: 0 } };
    const result = compare({ full: { q1: ['a'], q2: ['a'], q3: ['a'] }, partial: { q1: ['a'] } }, qrels, { measures: ['recall'], noRelevant: 'skip' });
    expect(result.queries).toBe(2);
    // The query without a relevant document is a fact of the qrels: said once, not once per run.
    expect(result.warnings).toEqual([
      '1 judged query has no relevant document (left out of the means): q3',
      'run "partial": 1 judged query has no ranking in the run and scores 0: q2',
    ]);
  });

  it.each([
    [{ a: {} }, {}, /expected `runs` to be two or more runs to compare, got `1`/],
    [null, {}, /expected `runs` to be a Map or an object of run name → run/],
    [{ a: {}, b: {} }, { test: 'z' }, /expected `test` to be 't', 'randomization', 'bootstrap', 'wilcoxon', 'sign', got `"z"`/],
    [{ a: {}, b: {} }, { alpha: 1 }, /expected `alpha` to be a number between 0 and 1, got `1`/],
    [{ a: {}, b: {} }, { correction: 'fdr' }, /expected `correction` to be 'holm', 'bonferroni' or 'none'/],
    [{ a: {}, b: {} }, { permutations: 0 }, /expected `permutations` to be an integer from 1 to 10,000,000/],
    [{ a: {}, b: {} }, { seed: 1.5 }, /expected `seed` to be an integer/],
    // 2^60 is an integer, but the generator takes 32 bits: it said "expected `seed` to be an integer, got 1152921504606847000".
    [{ a: {}, b: {} }, { seed: 2 ** 60 }, /expected `seed` to be an integer from 0 to 4,294,967,295 \(2\^32 − 1\), got `1152921504606847000`/],
    [{ a: {}, b: {} }, { seed: 2 ** 32 }, /expected `seed` to be an integer from 0 to 4,294,967,295/],
    [{ a: {}, b: {} }, { seed: -1 }, /expected `seed` to be an integer from 0 to 4,294,967,295/],
    [{ a: {}, b: {} }, { interval: 'exact' }, /expected `interval` to be 't' or 'bootstrap'/],
    [{ a: {}, b: {} }, { baseline: 'c' }, /expected `baseline` to be one of the run names \("a", "b"\), got `"c"`/],
    [{ a: {}, b: {} }, { measures: ['bleu'] }, /unknown measure `bleu`/],
  ])('refuses %j with %j', (runs, options, message) => {
    expect(() => compare(runs as never, qrelsOf(3), { measures: ['recall'], ...options } as never)).toThrow(message);
  });

  it.each([
    [{ a: {} }, {}, { kind: 'argument', argument: 'runs' }, { limit: 2, count: 1 }],
    [new Map<unknown, unknown>([['a', {}], [7, {}]]), {}, { kind: 'argument', argument: 'runs' }, { index: 1 }],
    [{ a: {}, b: {} }, { test: 'z' }, { kind: 'option', option: 'test' }, { choices: ['t', 'randomization', 'bootstrap', 'wilcoxon', 'sign'] }],
    [{ a: {}, b: {} }, { correction: 'fdr' }, { kind: 'option', option: 'correction' }, { choices: ['holm', 'bonferroni', 'none'] }],
    [{ a: {}, b: {} }, { permutations: 0 }, { kind: 'option', option: 'permutations' }, { limit: 10_000_000 }],
    [{ a: {}, b: {} }, { interval: 'exact' }, { kind: 'option', option: 'interval' }, { choices: ['t', 'bootstrap'] }],
    [{ a: {}, b: {} }, { baseline: 'c' }, { kind: 'option', option: 'baseline' }, { choices: ['a', 'b'] }],
  ])('refuses %j with %j, its subject and facts as data', (runs, options, subject, facts) => {
    const error = caught(() => compare(runs as never, qrelsOf(3), { measures: ['recall'], ...options } as never));
    expect([error.subject, error.facts]).toEqual([subject, facts]);
  });

  it('needs two judged queries for a paired test', () => {
    expect(() => compare({ a: {}, b: {} }, qrelsOf(1), { measures: ['recall'] })).toThrow(/a paired comparison needs at least 2 judged queries, got 1/);
    expect(caught(() => compare({ a: {}, b: {} }, qrelsOf(1), { measures: ['recall'] }))).toMatchObject({ code: 'no_queries', at: { run: 'a' }, facts: { limit: 2, count: 1 } });
  });
});

describe('compare: unjudged documents', () => {
  it("carries each run's unjudged_documents warning as evaluateRun counts it, naming the run; none for a fully judged run", () => {
    // Two queries judged d0…d4; "deep" retrieves d5 too, unjudged, at rank 6 of q1's ranking: within recall@10's top 10.
    const judged = Object.fromEntries(['q1', 'q2'].map((qid) => [qid, { d0: 1, d1: 0, d2: 0, d3: 0, d4: 0 }]));
    const five = ['d0', 'd1', 'd2', 'd3', 'd4'];
    const runs = { full: { q1: five, q2: five }, deep: { q1: [...five, 'd5'], q2: five } };
    const options = { measures: ['P@5', 'recall@10'], checks: 'off' } as const;
    const { warnings } = compare(runs, judged, options);
    const deep = evaluateRun(runs.deep, judged, options).warnings;
    expect(deep).toMatchObject([{ code: 'unjudged_documents', unjudged: 1, retrieved: 6 + 5, share: 1 / 11, depth: 10 }]);
    expect(warnings).toEqual([`run "deep": ${deep[0]!.message}`]);
    expect(evaluateRun(runs.full, judged, options).warnings).toEqual([]);
  });
});

describe('seeds', () => {
  it('takes every seed the 32-bit generator uses, 0 to 2^32 − 1, and they differ', () => {
    const scores = [0.1, 0.5, 0.2, 0.9, 0.4, 0.7];
    const at = (seed: number) => confidenceInterval(scores, { method: 'bootstrap', samples: 200, seed });
    expect(at(2 ** 32 - 1)).toEqual(at(2 ** 32 - 1));
    expect(at(2 ** 32 - 1)).not.toEqual(at(0));
  });
});

describe('compare at a tiny alpha', () => {
  it.each([
    [1e-16, 21.493928472336346], // qt(1e-16 / 2, 23, lower.tail = FALSE) in R
    [1e-15, 19.343248688918], // qt(1e-15 / 2, 23, lower.tail = FALSE) in R
  ])('alpha %s over 24 queries: mean Δ ± t · s / √24 with t = %s (1 − α/2 rounded α away: ±2.2e13 at 1e-16)', (alpha, t) => {
    const base = Array.from({ length: 24 }, (_, q) => (q % 4) * 0.25);
    const cand = base.map((score, q) => Math.min(1, score + (q % 3) * 0.25));
    const d = cand.map((score, q) => score - base[q]!);
    const mean = d.reduce((sum, x) => sum + x, 0) / 24;
    const s = Math.sqrt(d.reduce((sum, x) => sum + (x - mean) ** 2, 0) / 23);
    const halfWidth = t * (s / Math.sqrt(24));
    const row = compare({ base: runOf(base), cand: runOf(cand) }, qrelsOf(24), { measures: ['recall'], alpha }).rows[1]!;
    expect(Math.abs(row.ciLow! - (mean - halfWidth))).toBeLessThan(1e-9);
    expect(Math.abs(row.ciHigh! - (mean + halfWidth))).toBeLessThan(1e-9);
  });
});

describe('confidenceInterval', () => {
  it('is the t interval by default: mean ± t(0.975, 3) · s / √n', () => {
    const scores = [0.2, 0.4, 0.6, 0.8];
    const s = Math.sqrt(((0.3 ** 2 + 0.1 ** 2) * 2) / 3);
    const halfWidth = 3.182446305284263 * (s / 2); // qt(0.975, 3) in R
    const interval = confidenceInterval(scores);
    expect(interval).toMatchObject({ level: 0.95, method: 't', n: 4 });
    expect(interval.mean).toBeCloseTo(0.5, 15);
    expect(interval.low).toBeCloseTo(0.5 - halfWidth, 12);
    expect(interval.high).toBeCloseTo(0.5 + halfWidth, 12);
  });

  it('takes per-query scores as an object or a Map, and bootstraps with a seed', () => {
    const byQuery = { q1: 0.2, q2: 0.4, q3: 0.6, q4: 0.8 };
    expect(confidenceInterval(byQuery)).toEqual(confidenceInterval([0.2, 0.4, 0.6, 0.8]));
    expect(confidenceInterval(new Map(Object.entries(byQuery)))).toEqual(confidenceInterval([0.2, 0.4, 0.6, 0.8]));
    const bootstrap = confidenceInterval(byQuery, { method: 'bootstrap', seed: 5 });
    expect(bootstrap).toEqual(confidenceInterval(byQuery, { method: 'bootstrap', seed: 5 }));
    // Resampled means of four scores lie between the smallest and the largest.
    expect(bootstrap.low).toBeGreaterThanOrEqual(0.2);
    expect(bootstrap.high).toBeLessThanOrEqual(0.8);
  });

  it.each([
    [[0.5], {}, /expected `scores` to be at least two scores, got `1`/],
    [[0.5, Number.NaN], {}, /expected score 2 to be a finite number, got `NaN`/],
    ['0.5', {}, /expected `scores` to be an array of numbers/],
    [[0.5, 1], { level: 95 }, /expected `level` to be a number between 0 and 1, got `95`/],
    [[0.5, 1], { method: 'bca' }, /expected `method` to be 't' or 'bootstrap'/],
    [[0.5, 1], { samples: 0 }, /expected `samples` to be an integer/],
    [[0.5, 1], { seed: Number.NaN }, /expected `seed` to be an integer/],
    [[0.5, 1], { seed: 2 ** 60 }, /expected `seed` to be an integer from 0 to 4,294,967,295/],
  ])('refuses %j with %j', (scores, options, message) => {
    expect(() => confidenceInterval(scores as never, options as never)).toThrow(message);
  });
});

describe('properties of compare', () => {
  const scores = (n: number) => fc.array(fc.constantFrom(0, 0.25, 0.5, 0.75, 1), { minLength: n, maxLength: n });
  const pair = fc.integer({ min: 2, max: 24 }).chain((n) => fc.tuple(scores(n), scores(n)));
  const options = (test: SignificanceTest) => ({ measures: ['recall'], test, permutations: 300 });

  test.prop([pair, fc.constantFrom(...TESTS)])('swapping baseline and candidate flips the sign of Δ and keeps p', ([a, b], test) => {
    const forward = compare({ a: runOf(a), b: runOf(b) }, qrelsOf(a.length), options(test)).rows[1]!;
    const backward = compare({ b: runOf(b), a: runOf(a) }, qrelsOf(a.length), options(test)).rows[1]!;
    expect(backward.delta).toBeCloseTo(-forward.delta!, 12);
    expect(backward.pValue).toBeCloseTo(forward.pValue!, 12);
    expect([backward.wins, backward.losses]).toEqual([forward.losses, forward.wins]);
  });

  test.prop([pair, fc.constantFrom(...TESTS)])('p-values, raw and corrected, are in [0, 1]', ([a, b], test) => {
    const row = compare({ a: runOf(a), b: runOf(b) }, qrelsOf(a.length), options(test)).rows[1]!;
    expect(row.pValue).toBeGreaterThanOrEqual(0);
    expect(row.pValueCorrected).toBeLessThanOrEqual(1);
  });

  test.prop([pair, fc.constantFrom<'t' | 'bootstrap'>('t', 'bootstrap')])('the interval contains the observed mean difference', ([a, b], interval) => {
    const row = compare({ a: runOf(a), b: runOf(b) }, qrelsOf(a.length), { ...options('t'), interval }).rows[1]!;
    expect(row.ciLow).toBeLessThanOrEqual(row.delta! + 1e-12);
    expect(row.ciHigh).toBeGreaterThanOrEqual(row.delta! - 1e-12);
  });

  test.prop([fc.integer({ min: 2, max: 12 }).chain((n) => fc.tuple(scores(n), scores(n), scores(n))), fc.constantFrom(...TESTS)])(
    'a corrected p-value is never below its raw p-value',
    ([a, b, c], test) => {
      const result = compare({ a: runOf(a), b: runOf(b), c: runOf(c) }, qrelsOf(a.length), { ...options(test), measures: ['recall', 'P@1'] });
      for (const row of result.rows) if (row.pValue !== null) expect(row.pValueCorrected).toBeGreaterThanOrEqual(row.pValue);
    },
  );
});

describe('compare: bad input', () => {
  it('refuses a key that is neither a comparison nor a scoring option', () => {
    // Before: an unknown key was ignored, silently.
    try {
      compare({ a: runOf([0, 1]), b: runOf([1, 1]) }, qrelsOf(2), { measures: ['recall'], tie: 'average' } as never);
      expect.unreachable();
    } catch (error) {
      expect(isRankevalError(error) && error.code).toBe('invalid_option');
      expect((error as Error).message).toMatch(/^compare: expected every option to be one of `measures`, `noRelevant`, `checks`, `systemK`, `lengths`, `aspects`, `scoreOrder`, `relevanceThreshold`, `gain`, `apDenominator`, `ties`, `test`, .*`interval`, got `"tie"` \(string\)$/);
    }
    // slices is evaluateRun's, not compare's.
    expect(() => compare({ a: runOf([0, 1]), b: runOf([1, 1]) }, qrelsOf(2), { measures: ['recall'], slices: {} } as never)).toThrow(/got `"slices"`/);
  });

  it('passes the scoring options on to evaluateRun', () => {
    const graded = { q0: { a: 1, b: 2 }, q1: { a: 2, b: 1 } };
    const runs = { x: { q0: ['a'], q1: ['a'] }, y: { q0: ['b'], q1: ['b'] } };
    expect(compare(runs, graded, { measures: ['P@1'], relevanceThreshold: 2 }).rows.map((row) => row.mean)).toEqual([1 / 2, 1 / 2]);
    expect(compare(runs, graded, { measures: ['ndcg@1'], gain: 'exponential' }).rows[0]!.mean).toBe((1 / 3 + 3 / 3) / 2);
  });

  it('compares over every query, __proto__, constructor and toString included', () => {
    // Before: the `__proto__` query was missing from perQuery, so compare tested n − 1 queries against means over n.
    const qids = ['__proto__', 'constructor', 'toString', 'q'];
    const qrels = Object.fromEntries(qids.map((qid) => [qid, RELEVANT]));
    const base = Object.fromEntries(qids.map((qid, i) => [qid, RELEVANT.slice(0, i)]));
    const better = Object.fromEntries(qids.map((qid, i) => [qid, RELEVANT.slice(0, i + 1)]));
    const result = compare({ base, better }, qrels, { measures: ['recall'] });
    expect(result.queries).toBe(4);
    expect(result.rows[1]).toMatchObject({ delta: 0.25, wins: 4, ties: 0, losses: 0 });
  });

  it('scores near Number.MAX_VALUE: the p-value and interval of the same scores 2^1020 times smaller', () => {
    // dcg@1 of one document is its grade. Before: the differences (about −2^1023 each) summed to −Infinity
    // and the row held NaN.
    const runs = { a: { q0: ['d'], q1: ['d'], q2: ['d'] }, b: { q0: ['e'], q1: ['e'], q2: ['e'] } };
    const qrelsScaled = (scale: number) => Object.fromEntries([0, 1, 2].map((i) => [`q${i}`, { d: 1.5 * 8 * scale, e: (i + 1) * 2 * scale }]));
    for (const test of TESTS) {
      const huge = compare(runs, qrelsScaled(2 ** 1020), { measures: ['dcg@1'], test }).rows[1]!;
      const small = compare(runs, qrelsScaled(1), { measures: ['dcg@1'], test }).rows[1]!;
      expect(huge).toEqual({
        ...small,
        mean: small.mean * 2 ** 1020,
        delta: small.delta! * 2 ** 1020,
        ciLow: small.ciLow! * 2 ** 1020,
        ciHigh: small.ciHigh! * 2 ** 1020,
      });
      expect(Number.isFinite(huge.pValue)).toBe(true);
    }
  });
});

describe('confidenceInterval: bad input', () => {
  it('scores near Number.MAX_VALUE: the interval, not Infinity and NaN', () => {
    // Before: the mean overflowed to Infinity and the bounds were NaN and Infinity.
    expect(confidenceInterval([1.7e308, 1.7e308])).toEqual({ mean: 1.7e308, low: 1.7e308, high: 1.7e308, level: 0.95, method: 't', n: 2 });
    expect(confidenceInterval([1.7e308, 1.7e308], { method: 'bootstrap' })).toMatchObject({ mean: 1.7e308, low: 1.7e308, high: 1.7e308 });
    // Scaled by a power of two, the arithmetic is the unscaled one: 2^1000 times the interval of (1, 2, 3, 4).
    const small = confidenceInterval([1, 2, 3, 4]);
    expect(confidenceInterval([1, 2, 3, 4].map((x) => x * 2 ** 1000))).toEqual({ ...small, mean: small.mean * 2 ** 1000, low: small.low * 2 ** 1000, high: small.high * 2 ** 1000 });
  });

  it('a level within 2^-53 of 1: the t quantile of that tail (1 − α/2 rounded to 1 gave ±2.6e107)', () => {
    const scores = [0, 0.5, -0.5, 0.5];
    const s = Math.sqrt((0.125 ** 2 + 0.375 ** 2 * 2 + 0.625 ** 2) / 3);
    const halfWidth = 270823.8069996583 * (s / 2); // qt(2^-53 / 2, 3, lower.tail = FALSE) in R
    const interval = confidenceInterval(scores, { level: 0.9999999999999999 });
    expect(Math.abs(interval.high - (0.125 + halfWidth))).toBeLessThan(1e-9 * halfWidth);
    expect(Math.abs(interval.low - (0.125 - halfWidth))).toBeLessThan(1e-9 * halfWidth);
  });

  it('refuses an interval whose bounds exceed Number.MAX_VALUE', () => {
    expect(() => confidenceInterval([1.7e308, -1.7e308])).toThrow(/^confidenceInterval: the interval \[-Infinity, Infinity\] is not finite/);
  });

  it('refuses the hole of a sparse array as its score (the interval was [NaN, NaN])', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(() => confidenceInterval([1, , 2] as number[])).toThrow("confidenceInterval: expected score 2 to be a finite number, got `undefined` (undefined)");
  });

  it('refuses a key that is not an option', () => {
    expect(() => confidenceInterval([0.1, 0.2], { levels: 0.9 } as never)).toThrow(
      'confidenceInterval: expected every option to be one of `level`, `method`, `samples`, `seed`, got `"levels"` (string)',
    );
  });
});

describe('measures whose run figure is not a mean', () => {
  test.each([
    ['num_ret', /aggregated as a sum/],
    ['gm_map', /aggregated as a geometric mean.*compare map instead/],
  ])('%s is refused: its tests and interval would be about per-query means, its delta not', (measure, message) => {
    const runs = { a: { q1: ['x', 'y'], q2: ['z'] }, b: { q1: ['y'], q2: ['z', 'w'] } };
    expect(() => compare(runs, { q1: { y: 1 }, q2: { z: 1 } }, { measures: [measure] })).toThrow(
      expect.objectContaining({ code: 'invalid_option', message: expect.stringMatching(message) }),
    );
    expect(caught(() => compare(runs, { q1: { y: 1 }, q2: { z: 1 } }, { measures: [measure] })).subject).toEqual({ kind: 'measure', measure });
  });
});
