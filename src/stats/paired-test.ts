// The paired two-sided test of per-query differences, chosen by name, and the correction over several: what
// compare()'s rows and the order agreement of two label sets (its flipped pairs) both test with.
import { bonferroni, holm, pairedBootstrapTest, pairedTTest, randomizationTest, signTest, wilcoxonTest } from './tests.js';
import { overflowScale } from './powers-of-two.js';
import type { ErrorFacts } from '../core/errors.js';

/**
 * Paired two-sided tests over queries:
 * - `t`: Student's paired t-test (R `t.test(paired = TRUE)`, SciPy `ttest_rel`);
 * - `randomization`: sign-flip permutation test of the mean difference, exact when 2^n ≤ `permutations`
 *   (Smucker, Allan & Carterette 2007; SciPy `permutation_test`);
 * - `bootstrap`: paired bootstrap test with percentile interval (Efron & Tibshirani; Sakai 2006);
 * - `wilcoxon`: Wilcoxon signed-rank (R `wilcox.test(paired = TRUE)`);
 * - `sign`: sign test on wins and losses (R `binom.test`).
 */
export type SignificanceTest = 't' | 'randomization' | 'bootstrap' | 'wilcoxon' | 'sign';

/** Multiple-comparison correction over every (measure, candidate) comparison of one call. */
export type Correction = 'holm' | 'bonferroni' | 'none';

/** A paired test as resolved: which, at what level, corrected how, and its resampling. */
export interface PairedTestPlan {
  readonly test: SignificanceTest;
  readonly alpha: number;
  readonly correction: Correction;
  readonly permutations: number;
  readonly seed: number;
}

/** A test's p-value, and the interval for the mean difference when the test brings its own (t, bootstrap). */
export interface PairedTestOutcome {
  readonly pValue: number;
  readonly interval?: { readonly method: 't' | 'bootstrap'; readonly bounds: [number, number] };
}

/** The test of `plan` on differences already scaled (overflowScale), its interval at `level` where it has one. */
export function pairedTest(differences: Float64Array, plan: Omit<PairedTestPlan, 'correction'>, level: number): PairedTestOutcome {
  switch (plan.test) {
    case 't': {
      const { pValue, ciLow, ciHigh } = pairedTTest(differences, plan.alpha);
      return { pValue, interval: { method: 't', bounds: [ciLow, ciHigh] } };
    }
    case 'bootstrap': {
      const { pValue, ciLow, ciHigh } = pairedBootstrapTest(differences, level, plan.permutations, plan.seed);
      return { pValue, interval: { method: 'bootstrap', bounds: [ciLow, ciHigh] } };
    }
    case 'randomization':
      return { pValue: randomizationTest(differences, plan.permutations, plan.seed) };
    case 'wilcoxon':
      return { pValue: wilcoxonTest(differences) };
    case 'sign':
      return { pValue: signTest(differences) };
  }
}

/** The raw p-value of the test of `plan` on per-query differences (scaled first: tests are scale-free). */
export function pairedPValue(differences: Float64Array, plan: Omit<PairedTestPlan, 'correction'>): number {
  const scale = overflowScale(differences);
  return pairedTest(scale === 1 ? differences : differences.map((difference) => difference * scale), plan, 1 - plan.alpha).pValue;
}

/** Raw p-values corrected by `correction` (Holm, Bonferroni, or as they are). */
export function corrected(raw: readonly number[], correction: Correction): number[] {
  return correction === 'holm' ? holm(raw) : correction === 'bonferroni' ? bonferroni(raw) : [...raw];
}

/**
 * Why a paired test cannot be run over `queries` judged queries, or undefined when it can (two or more):
 * what compare throws (`no_queries`, `facts.limit` 2 and `facts.count` the queries) and systemAgreement warns.
 */
export function tooFewForPairedTest(queries: number): { readonly problem: string; readonly expected: string; readonly facts: ErrorFacts } | undefined {
  return queries >= PAIRED_MINIMUM
    ? undefined
    : { problem: `a paired comparison needs at least ${PAIRED_MINIMUM} judged queries, got ${queries}`, expected: `at least ${PAIRED_MINIMUM} judged queries`, facts: { limit: PAIRED_MINIMUM, count: queries } };
}

/** The fewest judged queries a paired test runs on. */
const PAIRED_MINIMUM = 2;
