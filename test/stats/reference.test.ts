// rankeval's statistics against SciPy 1.10 and R 4.2 on fixed data sets. The reference values, and the
// command that produced them, are in test/fixtures/stats/ (make-reference.py, run outside the test suite).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compare, evaluateRun } from '../../src/index.js';
import { binomialHalfCdf, normalCdf, signedRankCdf, studentTwoSided, studentTwoSidedQuantile } from '../../src/stats/distributions.js';
import {
  bonferroni,
  bootstrapInterval,
  cohensD,
  holm,
  pairedTTest,
  randomizationTest,
  signTest,
  tInterval,
  wilcoxonTest,
} from '../../src/stats/tests.js';

interface Dataset {
  name: string;
  baseline: number[];
  candidate: number[];
  tTest: { pValue: number; ci95: [number, number]; ci90: [number, number] };
  wilcoxon: { pValue: number };
  sign: { pValue: number };
  tIntervalOfCandidate95: [number, number];
  scipy: { tTestPValue: number; cohensD: number; bootstrapCi95: [number, number]; randomizationExactPValue?: number };
}

const reference = JSON.parse(readFileSync(new URL('../fixtures/stats/reference.json', import.meta.url), 'utf8'));
const datasets: Dataset[] = reference.datasets;
const differences = (set: Dataset) => Float64Array.from(set.candidate, (value, i) => value - set.baseline[i]!);

/** |actual − expected| ≤ relative · |expected| (+ a floor for values near 0). */
function expectClose(actual: number, expected: number, relative = 1e-9, absolute = 1e-15): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * Math.abs(expected) + absolute);
}

// SciPy's interval came from 200,000 resamples (make-reference.py); ours from a tenth of that keeps the test
// cheap on a busy machine, its tolerance widened by the Monte Carlo error that this costs.
const SCIPY_RESAMPLES = 200_000;
const OUR_RESAMPLES = 20_000;

/**
 * Standard error of the 2.5 % (or 97.5 %) quantile of B bootstrap means: √(q(1 − q) / B) / f(x_q), with the
 * bootstrap distribution of the mean taken as normal, of sd σ/√n (σ with divisor n), so f(x_q) = φ(z_q) / (σ/√n).
 */
function percentileStandardError(values: Float64Array, resamples: number): number {
  const n = values.length;
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const sd = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / n);
  const z = 1.959963984540054; // the normal distribution's 97.5 % quantile
  const density = Math.exp(-(z ** 2) / 2) / Math.sqrt(2 * Math.PI);
  return (Math.sqrt((0.025 * 0.975) / resamples) / density) * (sd / Math.sqrt(n));
}

describe.each(datasets.map((set) => [set.name, set] as const))('%s', (_, set) => {
  const d = differences(set);

  it('paired t-test: p-value and 95 % and 90 % intervals as R t.test(paired = TRUE)', () => {
    const at95 = pairedTTest(d, 0.05);
    expectClose(at95.pValue, set.tTest.pValue);
    expectClose(at95.pValue, set.scipy.tTestPValue, 1e-9);
    expectClose(at95.ciLow, set.tTest.ci95[0], 1e-10, 1e-14);
    expectClose(at95.ciHigh, set.tTest.ci95[1], 1e-10, 1e-14);
    const at90 = pairedTTest(d, 1 - 0.9);
    expectClose(at90.ciLow, set.tTest.ci90[0], 1e-10, 1e-14);
    expectClose(at90.ciHigh, set.tTest.ci90[1], 1e-10, 1e-14);
  });

  it('t interval of one system’s mean as R t.test(x)', () => {
    const [low, high] = tInterval(Float64Array.from(set.candidate), 0.05);
    expectClose(low, set.tIntervalOfCandidate95[0], 1e-10, 1e-14);
    expectClose(high, set.tIntervalOfCandidate95[1], 1e-10, 1e-14);
  });

  it('Wilcoxon signed-rank as R wilcox.test(paired = TRUE), sign test as R binom.test', () => {
    expectClose(wilcoxonTest(d), set.wilcoxon.pValue);
    expectClose(signTest(d), set.sign.pValue);
  });

  it('Cohen’s d as mean / sd (n − 1) in NumPy', () => {
    expectClose(cohensD(d)!, set.scipy.cohensD, 1e-12);
  });

  it('bootstrap percentile interval within 5 Monte Carlo standard errors of SciPy’s (20,000 resamples against its 200,000)', () => {
    const [low, high] = bootstrapInterval(d, 0.95, OUR_RESAMPLES, 1);
    const tolerance = 5 * Math.hypot(percentileStandardError(d, OUR_RESAMPLES), percentileStandardError(d, SCIPY_RESAMPLES));
    expect(Math.abs(low - set.scipy.bootstrapCi95[0])).toBeLessThan(tolerance);
    expect(Math.abs(high - set.scipy.bootstrapCi95[1])).toBeLessThan(tolerance);
  });

});

const exactCases = datasets.filter((set) => set.scipy.randomizationExactPValue !== undefined);
it.each(exactCases.map((set) => [set.name, set] as const))('%s: exact randomization p-value as SciPy permutation_test', (_, set) => {
  expect(randomizationTest(differences(set), 10_000, 1)).toBeCloseTo(set.scipy.randomizationExactPValue!, 12);
});

describe('distribution functions', () => {
  it.each(reference.student as { t: number; df: number; twoSided: number }[])('Student t = $t, df = $df: two-sided tail', ({ t, df, twoSided }) => {
    expectClose(studentTwoSided(t, df), twoSided, 1e-10);
  });

  it.each(reference.studentQuantile as { p: number; df: number; t: number }[])('Student quantile p = $p, df = $df', ({ p, df, t }) => {
    // 1e-10: at df = 100,000 the log-gamma terms of the incomplete beta (about 5e5) cancel to 1e-11.
    expectClose(studentTwoSidedQuantile(2 * (1 - p), df), t, 1e-10);
  });

  it.each(reference.studentTailQuantile as { twoSidedTail: number; df: number; t: number }[])(
    'Student quantile far in the tail: two-sided tail $twoSidedTail, df = $df (1 − α/2 rounded α = 1e-16 away)',
    ({ twoSidedTail, df, t }) => {
      expectClose(studentTwoSidedQuantile(twoSidedTail, df), t, 1e-10);
    },
  );

  it.each(reference.normal as { z: number; cdf: number }[])('normal cdf at $z', ({ z, cdf }) => {
    expectClose(normalCdf(z), cdf, 1e-12, 1e-17);
  });

  it.each(reference.signedRank as { v: number; n: number; cdf: number }[])('signed-rank cdf P(V ≤ $v), n = $n', ({ v, n, cdf }) => {
    expectClose(signedRankCdf(v, n), cdf, 1e-12);
  });

  it.each(reference.binomialHalf as { k: number; n: number; cdf: number }[])('binomial(1/2) cdf P(X ≤ $k), n = $n', ({ k, n, cdf }) => {
    expectClose(binomialHalfCdf(k, n), cdf, 1e-10);
  });

  it('Holm and Bonferroni adjustments as R p.adjust', () => {
    expect(holm(reference.adjust.p)).toEqual(reference.adjust.holm);
    expect(bonferroni(reference.adjust.p)).toEqual(reference.adjust.bonferroni);
  });
});

describe('compare() gives R’s numbers through the whole path (runs scored, then tested)', () => {
  // dcg@1 of a ranking is the grade of its first document (linear gain, divided by log2(2) = 1), exact for a
  // fractional grade: each query judges b at the baseline's score and c at the candidate's, and each run
  // ranks one of them. Threshold 0 makes every judged document relevant, a grade of 0 included.
  const runOf = (id: string, n: number) => Object.fromEntries(Array.from({ length: n }, (_, q) => [`q${q}`, [id]]));
  const qrelsOf = (set: Dataset) => Object.fromEntries(set.baseline.map((score, q) => [`q${q}`, { b: score, c: set.candidate[q]! }]));

  it.each(datasets.slice(0, 4).map((set) => [set.name, set] as const))('%s', (_, set) => {
    const runs = { base: runOf('b', set.baseline.length), cand: runOf('c', set.candidate.length) };
    const qrels = qrelsOf(set);
    const scored = evaluateRun(runs.cand, qrels, { measures: ['dcg@1'], relevanceThreshold: 0 });
    expect(set.candidate.map((_, q) => scored.perQuery[`q${q}`]!['dcg@1'])).toEqual(set.candidate);
    const row = (test: 't' | 'wilcoxon' | 'sign') => compare(runs, qrels, { measures: ['dcg@1'], relevanceThreshold: 0, test }).rows[1]!;
    const t = row('t');
    expectClose(t.pValue!, set.tTest.pValue);
    expectClose(t.ciLow!, set.tTest.ci95[0], 1e-10, 1e-14);
    expectClose(t.ciHigh!, set.tTest.ci95[1], 1e-10, 1e-14);
    expectClose(t.effectSize!, set.scipy.cohensD, 1e-12);
    expectClose(row('wilcoxon').pValue!, set.wilcoxon.pValue);
    expectClose(row('sign').pValue!, set.sign.pValue);
  });
});
