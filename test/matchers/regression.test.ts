// toNotRegressFrom and toHaveMeasure: the regression gate and the any-measure bound, on runs built so that
// what they should conclude is known in advance.
import { describe, expect, it } from 'vitest';
import '../../src/vitest.js';
import { compare } from '../../src/analysis/compare.js';
import { isRankevalError } from '../../src/core/errors.js';
import { failureOf, qrels as exampleQrels, ranking as exampleRanking } from '../helpers/examples.js';
import { errorOf } from '../helpers/files.js';

// Twenty queries q01…q20, each ranking d1…d10 in that order. Query i judges two documents relevant, at
// ranks 1 + i mod 3 (grade 1) and 4 + i mod 5 (grade 2), so the relevant documents sit at varied ranks.
const QUERIES = Array.from({ length: 20 }, (_, i) => ({ qid: `q${String(i + 1).padStart(2, '0')}`, i: i + 1 }));
const DOCS = Array.from({ length: 10 }, (_, r) => `d${r + 1}`);
// Every document judged (0 but two), so that no warning about unjudged documents joins the messages.
const qrels = Object.fromEntries(QUERIES.map(({ qid, i }) => [qid, { ...Object.fromEntries(DOCS.map((id) => [id, 0])), [`d${1 + (i % 3)}`]: 1, [`d${4 + (i % 5)}`]: 2 }]));
const baseline = Object.fromEntries(QUERIES.map(({ qid }) => [qid, [...DOCS]]));

/**
 * Noise: in each query the grade-2 document trades places with a neighbour, one rank up on odd-numbered
 * queries and one rank down on even-numbered ones. The same kind of step helps on half the queries and hurts
 * on the other half, so the per-query differences go both ways around a mean near 0: what a change that does
 * not matter looks like, and what a paired test must not call significant.
 */
const noisy = Object.fromEntries(
  QUERIES.map(({ qid, i }) => {
    const ranking = [...DOCS];
    const at = ranking.indexOf(`d${4 + (i % 5)}`);
    const other = i % 2 === 1 ? at - 1 : at + 1;
    [ranking[at], ranking[other]] = [ranking[other]!, ranking[at]!];
    return [qid, ranking];
  }),
);

/** Clearly worse: on every query but each fifth, the relevant documents pushed to the bottom of the ranking. */
const worse = Object.fromEntries(
  QUERIES.map(({ qid, i }) => {
    if (i % 5 === 0) return [qid, [...DOCS]];
    const relevant = Object.keys(qrels[qid]!).filter((id) => qrels[qid]![id]! > 0);
    return [qid, [...DOCS.filter((id) => !relevant.includes(id)), ...relevant]];
  }),
);

const measures = ['ndcg@10', 'recall@5', 'mrr@10'];

describe('toNotRegressFrom', () => {
  it('passes on a run compared with itself (every difference 0, p = 1)', () => {
    expect(baseline).toNotRegressFrom(baseline, qrels, { measures });
    expect(new Map(Object.entries(baseline))).toNotRegressFrom(baseline, new Map(Object.entries(qrels)), { measures, test: 't' });
  });

  it('passes on a noise-only perturbation, which does change scores both ways', () => {
    // Not vacuous: the noise wins and loses queries, and its Δ on ndcg@10 is not 0.
    const rows = compare({ baseline, noisy }, qrels, { measures, test: 'randomization' }).rows.filter((row) => row.run === 'noisy');
    expect(rows.map((row) => [row.measure, row.wins, row.losses])).toEqual([
      ['ndcg@10', 10, 10],
      ['recall@5', 2, 2],
      ['mrr@10', 0, 0],
    ]);
    expect(rows[0]!.delta).not.toBe(0);
    expect(noisy).toNotRegressFrom(baseline, qrels, { measures });
    // The other way round too: the baseline does not regress from the noise.
    expect(baseline).toNotRegressFrom(noisy, qrels, { measures });
    for (const test of ['t', 'wilcoxon', 'sign', 'bootstrap'] as const) expect(noisy).toNotRegressFrom(baseline, qrels, { measures, test });
  });

  it('fails on a clearly worse run, with each measure, Δ, the corrected p and the queries lost most', () => {
    expect(worse).not.toNotRegressFrom(baseline, qrels, { measures });
    // An option given as undefined takes the gate's default, not compare()'s (the t-test).
    expect(failureOf(() => expect(worse).toNotRegressFrom(baseline, qrels, { measures, test: undefined as never }))).toContain('paired randomization test');
    // 2^20 sign assignments are more than 10,000: Monte Carlo, seeded (42), so the p-values are the same every
    // run; the smallest possible, 1 / 10,001, times 3 comparisons under Holm.
    expect(failureOf(() => expect(worse).toNotRegressFrom(baseline, qrels, { measures }))).toMatchInlineSnapshot(`
      "expected the run not to regress from the baseline on 3 measures over 20 queries; 3 regressed:
        REGRESSED  ndcg@10   0.5416 → 0.3828  Δ −0.1588  p (holm) 0.0003
        REGRESSED  recall@5  0.7000 → 0.2000  Δ −0.5000  p (holm) 0.0003
        REGRESSED  mrr@10    0.5917 → 0.1972  Δ −0.3944  p (holm) 0.0003
      regressed = Δ < 0 and p (holm) < 0.05; paired randomization test (two-sided), Holm–Bonferroni over 3 comparisons, 10000 permutations, seed 42, over 20 queries

      queries lost most on ndcg@10 (baseline → run):
        q06 0.6742 → 0.3342 (Δ −0.3400)
        q12 0.6509 → 0.3342 (Δ −0.3167)
        q03 0.6335 → 0.3342 (Δ −0.2993)

      queries lost most on recall@5 (baseline → run):
        q01 1.0000 → 0.0000 (Δ −1.0000)
        q06 1.0000 → 0.0000 (Δ −1.0000)
        q11 1.0000 → 0.0000 (Δ −1.0000)

      queries lost most on mrr@10 (baseline → run):
        q03 1.0000 → 0.1111 (Δ −0.8889)
        q06 1.0000 → 0.1111 (Δ −0.8889)
        q09 1.0000 → 0.1111 (Δ −0.8889)"
    `);
  });

  it('on a measure where lower is better, fails on a rise and passes on a fall', () => {
    // worse pushes the relevant documents out of the top 5: miss@5 rises (1 − recall@5: 0.3 → 0.8).
    expect(worse).not.toNotRegressFrom(baseline, qrels, { measures: ['miss@5'] });
    expect(baseline).toNotRegressFrom(worse, qrels, { measures: ['miss@5'] });
    expect(baseline).toNotRegressFrom(worse, qrels, { measures: ['recall@5', 'miss@5'] }); // as recall says
    expect(failureOf(() => expect(worse).toNotRegressFrom(baseline, qrels, { measures: ['miss@5', 'recall@5'] }))).toMatchInlineSnapshot(`
      "expected the run not to regress from the baseline on 2 measures over 20 queries; 2 regressed:
        REGRESSED  miss@5    0.3000 → 0.8000  Δ +0.5000  p (holm) 0.0002
        REGRESSED  recall@5  0.7000 → 0.2000  Δ −0.5000  p (holm) 0.0002
      regressed = Δ < 0 (Δ > 0 for miss@5, where lower is better) and p (holm) < 0.05; paired randomization test (two-sided), Holm–Bonferroni over 2 comparisons, 10000 permutations, seed 42, over 20 queries

      queries lost most on miss@5 (baseline → run):
        q01 0.0000 → 1.0000 (Δ +1.0000)
        q06 0.0000 → 1.0000 (Δ +1.0000)
        q11 0.0000 → 1.0000 (Δ +1.0000)

      queries lost most on recall@5 (baseline → run):
        q01 1.0000 → 0.0000 (Δ −1.0000)
        q06 1.0000 → 0.0000 (Δ −1.0000)
        q11 1.0000 → 0.0000 (Δ −1.0000)"
    `);
    expect(failureOf(() => expect(baseline).not.toNotRegressFrom(worse, qrels, { measures: ['miss@5'] }))).toMatchInlineSnapshot(`
      "expected the run to regress from the baseline on one of 1 measure over 20 queries, but none did:
        better  miss@5  0.8000 → 0.3000  Δ −0.5000  p (holm) <0.0001
      regressed = Δ < 0 (Δ > 0 for miss@5, where lower is better) and p (holm) < 0.05; paired randomization test (two-sided), Holm–Bonferroni over 1 comparison, 10000 permutations, seed 42, over 20 queries"
    `);
  });

  it('says which measures held when a regression was expected (.not)', () => {
    expect(failureOf(() => expect(noisy).not.toNotRegressFrom(baseline, qrels, { measures }))).toMatchInlineSnapshot(`
      "expected the run to regress from the baseline on one of 3 measures over 20 queries, but none did:
        held  ndcg@10   0.5416 → 0.5444  Δ +0.0029  p (holm) 1.0000
        held  recall@5  0.7000 → 0.7000  Δ 0.0000  p (holm) 1.0000
        held  mrr@10    0.5917 → 0.5917  Δ 0.0000  p (holm) 1.0000
      regressed = Δ < 0 and p (holm) < 0.05; paired randomization test (two-sided), Holm–Bonferroni over 3 comparisons, 10000 permutations, seed 42, over 20 queries"
    `);
  });

  it('a significant drop no larger than the margin passes', () => {
    // worse: Δ = −0.1588 on ndcg@10, −0.5 on recall@5, −0.3944 on mrr@10, all significant.
    const message = failureOf(() => expect(worse).toNotRegressFrom(baseline, qrels, { measures, margin: 0.2 }));
    expect(message).toMatch(/^expected the run not to regress from the baseline on 3 measures over 20 queries; 2 regressed:\n {2}within margin {2}ndcg@10 /);
    expect(message).toContain('regressed = Δ < −0.2 and p (holm) < 0.05;');
    expect(message).not.toContain('queries lost most on ndcg@10');
    expect(worse).toNotRegressFrom(baseline, qrels, { measures, margin: 0.6 });
  });

  it('takes the test, correction, alpha and metric options of compare()', () => {
    // One query of 20 lost: the sign test cannot call 0 wins, 1 loss significant.
    const oneLost = { ...baseline, q01: worse.q01! };
    expect(oneLost).toNotRegressFrom(baseline, qrels, { measures: ['recall@5'], test: 'sign' });
    // The worse run under the t-test, without a correction, at 1%: still a regression.
    const message = failureOf(() => expect(worse).toNotRegressFrom(baseline, qrels, { measures: ['recall@5'], test: 't', correction: 'none', alpha: 0.01 }));
    expect(message).toContain('regressed = Δ < 0 and p < 0.01; paired t-test (two-sided), no correction, over 20 queries');
    // relevanceThreshold 2: only the grade-2 documents count. At ranks 4 + i mod 5, they are in the top 5 of
    // the baseline for i mod 5 ∈ {0, 1} (8 of 20) and of the worse run for i mod 5 = 0 only (4 of 20): 4 queries
    // lost, none won, which 20 queries cannot tell from chance (p ≈ 2 / 2^4).
    expect(failureOf(() => expect(worse).not.toNotRegressFrom(baseline, qrels, { measures: ['recall@5'], relevanceThreshold: 2 }))).toContain(
      `held  recall@5  ${(8 / 20).toFixed(4)} → ${(4 / 20).toFixed(4)}  Δ −0.2000  p (holm) 0.1265`,
    );
  });

  it.each([
    [() => expect(baseline).toNotRegressFrom(baseline, qrels, undefined as never), /^toNotRegressFrom: expected the options to be an object with `measures`/],
    [() => expect(baseline).toNotRegressFrom(baseline, qrels, { measures: [] }), /^toNotRegressFrom: expected `measures` to be a list of at least one measure name/],
    [() => expect(baseline).toNotRegressFrom(baseline, qrels, { measures: ['bleu'] }), /^toNotRegressFrom: unknown measure `bleu`/],
    [() => expect(baseline).toNotRegressFrom(baseline, qrels, { measures: ['num_ret'] }), /^toNotRegressFrom: expected measure `num_ret` to be a measure averaged over queries/],
    [() => expect(baseline).toNotRegressFrom(baseline, qrels, { measures, margin: -0.1 }), /^toNotRegressFrom: expected `margin` to be a finite number ≥ 0 .*, got `-0\.1`/],
    [() => expect(baseline).toNotRegressFrom(baseline, qrels, { measures, margin: '0.1' as never }), /^toNotRegressFrom: expected `margin` to be a finite number ≥ 0/],
    [() => expect(baseline).toNotRegressFrom(baseline, qrels, { measures, test: 'z' as never }), /^toNotRegressFrom: expected `test` to be 't', 'randomization'/],
    [() => expect(baseline).toNotRegressFrom(baseline, qrels, { measures, alpha: 5 }), /^toNotRegressFrom: expected `alpha` to be a number between 0 and 1, got `5`/],
    [() => expect(baseline).toNotRegressFrom(baseline, qrels, { measures, baseline: 'main' } as never), /^toNotRegressFrom: expected every option to be one of .*`margin`, got `"baseline"`/],
    [() => expect(baseline).toNotRegressFrom('run.jsonl' as never, qrels, { measures }), /^toNotRegressFrom: the baseline: expected `run` to be/],
    [() => expect('run.jsonl').toNotRegressFrom(baseline, qrels, { measures }), /^toNotRegressFrom: the run: expected `run` to be/],
    [() => expect({ q01: [5] }).toNotRegressFrom(baseline, qrels, { measures }), /^toNotRegressFrom: the run: expected run\["q01"\]\[0\] to be a string id or an \{id, score\} object, got `5` \(number\); ids are strings: use `String\(id\)`$/],
    // Bad qrels are no run's fault.
    [() => expect(baseline).toNotRegressFrom(baseline, { q01: { d1: 'high' } } as never, { measures }), /^toNotRegressFrom: expected /],
    [() => expect({ q01: ['d1'] }).toNotRegressFrom({ q01: ['d1'] }, { q01: ['d1'] }, { measures }), /^toNotRegressFrom: a paired comparison needs at least 2 judged queries, got 1/],
  ])('bad arguments are typed errors naming the value (%#)', (assertion, message) => {
    const thrown = errorOf(assertion);
    expect(isRankevalError(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(message);
  });
});

describe('toHaveMeasure', () => {
  // G x T y z; T grade 2, G and F grade 1, F not retrieved.
  const example = [...exampleRanking];
  const run = { q1: example, q2: ['d9', 'd4'], q3: [] as string[] };
  const golden = { q1: exampleQrels, q2: ['d4'], q3: ['d5'] };

  it('bounds any measure of the catalogue, in any grammar, on a run (its mean) or on one ranking', () => {
    // recall@5: (2/3 + 1 + 0) / 3
    expect(run).toHaveMeasure(golden, 'recall@5', { atLeast: (2 / 3 + 1 + 0) / 3, atMost: (2 / 3 + 1 + 0) / 3 });
    expect(new Map(Object.entries(run))).toHaveMeasure(new Map(Object.entries(golden)), 'mrr@10', { atLeast: (1 + 1 / 2 + 0) / 3 });
    // P@5 of the one ranking: 2 relevant in the top 5.
    expect(example).toHaveMeasure(exampleQrels, 'P@5', { atLeast: 2 / 5, atMost: 2 / 5 });
    expect(example).toHaveMeasure(exampleQrels, 'P_5', { atMost: 0.5 });
    expect(example).toHaveMeasure(exampleQrels, 'R-prec', { atLeast: 2 / 3 });
    expect(example).toHaveMeasure(exampleQrels, 'nDCG@5', { atLeast: (1 + 2 / Math.log2(4)) / (2 + 1 / Math.log2(3) + 1 / Math.log2(4)) - 1e-12 });
    expect(example).not.toHaveMeasure(exampleQrels, 'P@5', { atLeast: 0.5 });
    expect(example).not.toHaveMeasure(exampleQrels, 'P@1', { atMost: 0.5 });
    // Scoring options reach the measure: with grade 2 the only relevant grade, the first relevant is at rank 3.
    expect(example).toHaveMeasure(exampleQrels, 'mrr', { atMost: 1 / 3, atLeast: 1 / 3, relevanceThreshold: 2 });
  });

  it("takes the aspect measures' aspects: per query on a run, its query's own on one ranking", () => {
    // q1 (G x T y z) covers aspect a (G) and not b (F, not retrieved); q2 its one aspect (d4); q3 nothing.
    const aspects = { q1: { a: ['G'], b: ['F'] }, q2: { a: ['d4'] }, q3: { a: ['d5'] } };
    expect(run).toHaveMeasure(golden, 'aspect_recall@5', { atLeast: (1 / 2 + 1 + 0) / 3, atMost: (1 / 2 + 1 + 0) / 3, aspects });
    expect(run).toHaveMeasure(golden, 'all_aspects@5', { atLeast: (0 + 1 + 0) / 3, atMost: (0 + 1 + 0) / 3, aspects });
    // One ranking is scored with its query's aspects (aspect → judgments), as with its query's qrels.
    expect(example).toHaveMeasure(exampleQrels, 'aspect_recall@5', { atLeast: 1 / 2, atMost: 1 / 2, aspects: aspects.q1 });
    expect(example).toHaveMeasure(exampleQrels, 'all_aspects@5', { atLeast: 1, aspects: { a: ['G'], b: { T: 2 } } });
    // The run's aspects given to one ranking are not its query's: an error, not a 0.
    expect(() => expect(example).toHaveMeasure(exampleQrels, 'aspect_recall@5', { atMost: 1, aspects: aspects as never })).toThrow(/^toHaveMeasure: expected the grade of "a" in aspects\["q1"\] to be a finite number, got `array of 1`/);
  });

  it('names the value, the bound and the lowest queries below a lower bound', () => {
    expect(failureOf(() => expect(run).toHaveMeasure(golden, 'recall@5', { atLeast: 0.6 }))).toMatchInlineSnapshot(`
      "expected recall@5 (mean over 3 queries) ≥ 0.6, got 0.5556

      lowest queries on recall@5:
        q3  0.0000  missed relevant (1 of 1): d5 (grade 1, not retrieved)
        q1  0.6667  missed relevant (1 of 3): F (grade 1, not retrieved)
        q2  1.0000  missed relevant: none (all 1 shown)"
    `);
  });

  it('lists the highest queries above an upper bound, and the ranking for one ranking', () => {
    expect(failureOf(() => expect(run).toHaveMeasure(golden, 'P@2', { atMost: 0.1 }))).toMatchInlineSnapshot(`
      "expected P@2 (mean over 3 queries) ≤ 0.1, got 0.3333

      highest queries on P@2:
        q1  0.5000  missed relevant (2 of 3): T (grade 2, at rank 3), F (grade 1, not retrieved)
        q2  0.5000  missed relevant: none (all 1 shown)
        q3  0.0000  missed relevant (1 of 1): d5 (grade 1, not retrieved)"
    `);
    expect(failureOf(() => expect(example).toHaveMeasure(exampleQrels, 'ndcg@3', { atLeast: 0.5, atMost: 0.6 }))).toMatchInlineSnapshot(`
      "expected ndcg@3 between 0.5 and 0.6, got 0.6388

      top 3 of the ranking (✓ relevant, grade - unjudged):
        rank  grade     id
           1      1  ✓  G
           2      -     x
           3      2  ✓  T
        missed relevant (1 of 3): F (grade 1, not retrieved)"
    `);
    expect(failureOf(() => expect(example).not.toHaveMeasure(exampleQrels, 'P@5', { atLeast: 0.4 }))).toMatch(/^expected P@5 not ≥ 0\.4, got 0\.4000\n/);
  });

  it('under a token budget, shows the documents the budget holds and the relevant ones it left out', () => {
    // G 100 + x 50 tokens fill 150: T (rank 3) is beyond the budget, so recall = 1/3 for q1. q2's first
    // document alone passes it (recall 0, d4 at rank 2); q3 retrieved nothing.
    const lengths = { G: 100, x: 50, T: 80, y: 10, z: 10, d9: 200, d4: 10 };
    expect(failureOf(() => expect(run).toHaveMeasure(golden, 'recall@budget=150', { atLeast: 0.5, lengths, systemK: 5 }))).toMatchInlineSnapshot(`
      "expected recall@budget=150 (mean over 3 queries) ≥ 0.5, got 0.1111

      lowest queries on recall@budget=150:
        q2  0.0000  missed relevant within 150 tokens (1 of 1): d4 (grade 1, at rank 2)
        q3  0.0000  missed relevant within 150 tokens (1 of 1): d5 (grade 1, not retrieved)
        q1  0.3333  missed relevant within 150 tokens (2 of 3): T (grade 2, at rank 3), F (grade 1, not retrieved)"
    `);
    expect(failureOf(() => expect(example).toHaveMeasure(exampleQrels, 'recall@budget=150', { atLeast: 0.5, lengths }))).toMatchInlineSnapshot(`
      "expected recall@budget=150 ≥ 0.5, got 0.3333

      the 2 documents within 150 tokens (✓ relevant, grade - unjudged):
        rank  grade     id
           1      1  ✓  G
           2      -     x
        missed relevant within 150 tokens (2 of 3): T (grade 2, at rank 3), F (grade 1, not retrieved)"
    `);
    expect(failureOf(() => expect(example).toHaveMeasure(exampleQrels, 'recall@budget=150', { atLeast: 0.5, lengths: { ...lengths, G: 151 } }))).toMatchInlineSnapshot(`
      "expected recall@budget=150 ≥ 0.5, got 0.0000

      no document within 150 tokens: the first, G, has 151:
        missed relevant within 150 tokens (3 of 3): T (grade 2, at rank 3), F (grade 1, not retrieved), G (grade 1, at rank 1)"
    `);
    // The window stops at systemK too (lengths in a Map); past 20 documents the view shows the top 20.
    const systemK = { k: 1, mode: 'warn' as const };
    expect(failureOf(() => expect(example).toHaveMeasure(exampleQrels, 'recall@budget=150', { atLeast: 0.5, lengths: new Map(Object.entries(lengths)), systemK }))).toMatch(
      /^expected recall@budget=150 ≥ 0\.5, got 0\.3333\n\nthe 1 document within 150 tokens \(✓ relevant, grade - unjudged\):\n.*\n +1 +1 +✓ +G\n +missed relevant within 150 tokens \(2 of 3\): T \(grade 2, at rank 3\)/,
    );
    const long = Array.from({ length: 25 }, (_, i) => `c${i + 1}`);
    expect(failureOf(() => expect(long).toHaveMeasure({ c25: 1 }, 'recall@budget=150', { atMost: 0.5, lengths: Object.fromEntries(long.map((id) => [id, 1])) }))).toMatch(
      /\n\nthe 25 documents within 150 tokens, top 20 shown \(✓ relevant, grade - unjudged\):\n[^]*\n +20 +- +c20\n +relevant beyond the top 20 shown \(1 of 1\): c25 \(grade 1, at rank 25\)$/,
    );
  });

  it('shows every digit when four would make a failing value look within the bound', () => {
    // recall@5 = 5/9 = 0.5556 to four digits, which is not below 0.55556.
    expect(failureOf(() => expect(run).toHaveMeasure(golden, 'recall@5', { atLeast: 0.55556 }))).toMatch(/^expected recall@5 \(mean over 3 queries\) ≥ 0\.55556, got 0\.5555555555555555\n/);
  });

  it.each([
    // @ts-expect-error '"bleu"' is not assignable to '"unknown measure: bleu"': refused at run time too.
    [() => expect(example).toHaveMeasure(exampleQrels, 'bleu', { atLeast: 0 }), /^toHaveMeasure: unknown measure `bleu`/],
    [() => expect(example).toHaveMeasure(exampleQrels, 5 as never, { atLeast: 0 }), /^toHaveMeasure: expected the measure to be a measure name such as 'ndcg@10', got `5`/],
    [() => expect(example).toHaveMeasure(exampleQrels, 'P.5,10', { atLeast: 0 }), /^toHaveMeasure: measure `P\.5,10`: names 2 values/],
    [() => expect(example).toHaveMeasure(exampleQrels, 'P@5', undefined as never), /^toHaveMeasure: expected the bounds to be an object with `atLeast` and\/or `atMost`/],
    [() => expect(example).toHaveMeasure(exampleQrels, 'P@5', {}), /^toHaveMeasure: expected the bounds to be an object with `atLeast` and\/or `atMost`, such as \{ atLeast: 0\.6 \}, got `\{\}`/],
    [() => expect(example).toHaveMeasure(exampleQrels, 'P@5', { atLeast: '0.5' as never }), /^toHaveMeasure: expected `atLeast` to be a number, got `"0\.5"`/],
    [() => expect(example).toHaveMeasure(exampleQrels, 'P@5', { atMost: Number.NaN }), /^toHaveMeasure: expected `atMost` to be a number, got `NaN`/],
    [() => expect(example).toHaveMeasure(exampleQrels, 'P@5', { atLeast: 0.8, atMost: 0.2 }), /^toHaveMeasure: expected `atLeast` to be at most `atMost` \(0\.2\), got `0\.8`/],
    [() => expect(example).toHaveMeasure(exampleQrels, 'P@5', { min: 0.5 } as never), /^toHaveMeasure: expected every option to be one of .*`atLeast`, `atMost`, got `"min"`/],
    [() => expect(example).toHaveMeasure(exampleQrels, 'P@5', { atLeast: 0, noRelevant: 'drop' as never }), /^toHaveMeasure: expected `noRelevant` to be/],
    // One ranking's errors name its qrels, aspects and documents without the query id the matcher gives it.
    [() => expect(example).toHaveMeasure({ G: 'x' } as never, 'P@5', { atLeast: 0 }), /^toHaveMeasure: expected the grade of "G" in qrels to be a finite number, got `"x"`/],
    [() => expect(example).toHaveMeasure(exampleQrels, 'aspect_recall@5', { atLeast: 0, aspects: { a: 'G' } as never }), /^toHaveMeasure: expected aspects\["a"\] to be a Map, an object of id → grade or an iterable of ids, got `"G"`/],
    [() => expect(example).toHaveMeasure(exampleQrels, 'recall@budget=5', { atLeast: 0, lengths: {} }), /^toHaveMeasure: `lengths` gives no length for document "G", which a token budget/],
  ])('bad arguments are typed errors naming the value (%#)', (assertion, message) => {
    const thrown = errorOf(assertion);
    expect(isRankevalError(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(message);
  });
});
