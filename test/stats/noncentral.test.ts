// The noncentral t and F distributions, the F quantile and the normal and one-sided t quantiles against
// SciPy 1.17 (Boost's distributions). The values, and the script that made them, are in
// test/fixtures/stats/ (make-noncentral.py, run outside the test suite).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  fUpper,
  fUpperQuantile,
  invertDecreasing,
  noncentralFUpper,
  noncentralTUpper,
  normalCdf,
  normalUpperQuantile,
  studentTwoSided,
  studentUpperQuantile,
} from '../../src/stats/distributions.js';

const reference = JSON.parse(readFileSync(new URL('../fixtures/stats/noncentral.json', import.meta.url), 'utf8'));

/** |actual − expected| ≤ relative · |expected| (+ a floor for values near 0). */
function expectClose(actual: number, expected: number, relative = 1e-12, absolute = 1e-16): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * Math.abs(expected) + absolute);
}

describe('against SciPy', () => {
  it.each(reference.noncentralT as { t: number; df: number; ncp: number; upper: number }[])('noncentral t: P(T > $t), df $df, ncp $ncp', ({ t, df, ncp, upper }) => {
    expectClose(noncentralTUpper(t, df, ncp), upper);
  });

  it.each(reference.noncentralF as { f: number; df1: number; df2: number; ncp: number; upper: number }[])(
    'noncentral F: P(F > $f), df $df1 and $df2, ncp $ncp',
    ({ f, df1, df2, ncp, upper }) => {
      expectClose(noncentralFUpper(f, df1, df2, ncp), upper);
    },
  );

  it.each(reference.fQuantile as { upper: number; df1: number; df2: number; f: number }[])('F quantile: upper tail $upper, df $df1 and $df2', ({ upper, df1, df2, f }) => {
    expectClose(fUpperQuantile(upper, df1, df2), f);
  });

  it.each(reference.normalQuantile as { upper: number; z: number }[])('normal quantile: upper tail $upper', ({ upper, z }) => {
    expectClose(normalUpperQuantile(upper), z, 1e-14);
  });

  it.each(reference.studentUpperQuantile as { upper: number; df: number; t: number }[])('one-sided t quantile: upper tail $upper, df $df', ({ upper, df, t }) => {
    expectClose(studentUpperQuantile(upper, df), t);
  });
});

describe('identities', () => {
  it('noncentral t with ncp 0 is Student’s t: P(T > t) = p₂(t) / 2', () => {
    for (const [t, df] of [[1.3, 7], [2.2, 30.5], [0.1, 2]] as const) expectClose(noncentralTUpper(t, df, 0), studentTwoSided(t, df) / 2);
  });

  it('noncentral t at t = 0 is Φ(ncp), for either sign of ncp', () => {
    for (const ncp of [0.4, -1.1, 3]) expectClose(noncentralTUpper(0, 12, ncp), normalCdf(ncp));
  });

  it('noncentral F with ncp 0 is the F distribution', () => {
    for (const [f, df1, df2] of [[1.5, 3, 20], [0.2, 1, 4], [7, 6, 60]] as const) expectClose(noncentralFUpper(f, df1, df2, 0), fUpper(f, df1, df2));
  });

  it('F and noncentral F put all their mass above 0: P(F > f) = 1 for f ≤ 0', () => {
    expect([fUpper(0, 2, 10), fUpper(-1, 2, 10), noncentralFUpper(0, 2, 10, 3), noncentralFUpper(-0.5, 2, 10, 3)]).toEqual([1, 1, 1, 1]);
  });

  it('F(1, df) is t² (two-sided): P(F > t²) = P(|T| > t)', () => {
    expectClose(fUpper(2.1 ** 2, 1, 14), studentTwoSided(2.1, 14));
  });

  it('F(2, 2) has upper tail 1 / (1 + f), so its quantile at p is 1/p − 1', () => {
    expectClose(fUpperQuantile(0.2, 2, 2), 1 / 0.2 - 1);
  });

  it('invertDecreasing finds the root of a decreasing function beyond its start', () => {
    expectClose(invertDecreasing((x) => 10 - x * x, 1, 2), 3); // 10 − x² = 1 at x = 3
  });
});
