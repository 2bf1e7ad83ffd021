// Internal: paired significance tests on per-query differences d = candidate − baseline, intervals for a
// mean, effect size and multiple-comparison corrections. Conventions follow R and SciPy, named per test.
import { binomialHalfCdf, normalCdf, signedRankCdf, studentTwoSided, studentTwoSidedQuantile } from './distributions.js';
import { meanOf, sumOf } from './mean.js';
import { seededRandom } from './random.js';

/** Σ (a_i − ā)(b_i − b̄) over two equally long samples: n times their covariance (with divisor n). */
export function centredProducts(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const meanA = meanOf(a);
  const meanB = meanOf(b);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - meanA) * (b[i]! - meanB);
  return sum;
}

/** The sample standard deviation (n − 1 in the denominator). */
export function standardDeviation(values: ArrayLike<number>): number {
  return Math.sqrt(centredProducts(values, values) / (values.length - 1));
}

/** A two-sided p-value with an interval for the mean difference. */
export interface TestResult {
  readonly pValue: number;
  readonly ciLow: number;
  readonly ciHigh: number;
}

/**
 * Student's t interval for a mean at confidence 1 − `alpha`: mean ± t(1 − α/2, n − 1) · s / √n.
 * It takes α rather than the level, so that a tiny α keeps its digits (1 − 1e-16 rounds to 1 − 1.1e-16).
 * Zero spread gives the point interval [mean, mean].
 */
export function tInterval(values: ArrayLike<number>, alpha: number): [number, number] {
  const mean = meanOf(values);
  const halfWidth = studentTwoSidedQuantile(alpha, values.length - 1) * (standardDeviation(values) / Math.sqrt(values.length));
  return [mean - halfWidth, mean + halfWidth];
}

/**
 * Paired t-test (R's `t.test(x, y, paired = TRUE)`, SciPy's `ttest_rel`): t = mean(d) / (s_d / √n) with
 * n − 1 degrees of freedom, and its interval at confidence 1 − `alpha`. Differences that are all equal give
 * p = 1 when they are 0 (identical systems) and p = 0 otherwise, where R and SciPy give no number.
 */
export function pairedTTest(differences: ArrayLike<number>, alpha: number): TestResult {
  const mean = meanOf(differences);
  const spread = standardDeviation(differences);
  const [ciLow, ciHigh] = tInterval(differences, alpha);
  if (spread === 0) return { pValue: mean === 0 ? 1 : 0, ciLow, ciHigh };
  return { pValue: studentTwoSided(mean / (spread / Math.sqrt(differences.length)), differences.length - 1), ciLow, ciHigh };
}

// SciPy's tolerance for "at least as extreme", so that sums equal but for rounding count as equal.
const tolerance = (observed: number): number => Math.abs(observed) * 100 * Number.EPSILON;

/**
 * Paired randomization (permutation) test: under the null hypothesis each difference's sign is arbitrary.
 * p = the share of sign assignments whose |Σ d| is at least the observed one — all 2^n of them when
 * 2^n ≤ `permutations` (exact), else `permutations` random ones, p = (count + 1) / (permutations + 1)
 * (SciPy's `permutation_test` with `permutation_type='samples'`).
 */
export function randomizationTest(differences: ArrayLike<number>, permutations: number, seed: number): number {
  const n = differences.length;
  const observed = Math.abs(sumOf(differences));
  const threshold = observed - tolerance(observed);
  let extreme = 0;
  if (n <= 30 && 2 ** n <= permutations) {
    const assignments = 2 ** n;
    for (let signs = 0; signs < assignments; signs++) {
      let total = 0;
      for (let i = 0; i < n; i++) total += signs & (1 << i) ? -differences[i]! : differences[i]!;
      if (Math.abs(total) >= threshold) extreme++;
    }
    return extreme / assignments;
  }
  const random = seededRandom(seed);
  for (let p = 0; p < permutations; p++) {
    let total = 0;
    let bits = 0;
    for (let i = 0; i < n; i++) {
      if (i % 32 === 0) bits = random.uint32();
      total += bits & (1 << (i % 32)) ? -differences[i]! : differences[i]!;
    }
    if (Math.abs(total) >= threshold) extreme++;
  }
  return (extreme + 1) / (permutations + 1);
}

/** The means of `samples` resamples (with replacement) of `values`. */
function bootstrapMeans(values: ArrayLike<number>, samples: number, seed: number): Float64Array {
  const n = values.length;
  const random = seededRandom(seed);
  const means = new Float64Array(samples);
  for (let b = 0; b < samples; b++) {
    let total = 0;
    for (let i = 0; i < n; i++) total += values[random.below(n)]!;
    means[b] = total / n;
  }
  return means.sort();
}

/** Quantile of sorted values with linear interpolation between order statistics (R type 7, NumPy's default). */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (position - below) * (sorted[above]! - sorted[below]!);
}

/** The bootstrap percentile interval for a mean: the α/2 and 1 − α/2 quantiles of resampled means. */
export function bootstrapInterval(values: ArrayLike<number>, level: number, samples: number, seed: number): [number, number] {
  const means = bootstrapMeans(values, samples, seed);
  return [quantile(means, (1 - level) / 2), quantile(means, (1 + level) / 2)];
}

/**
 * Paired bootstrap test (Efron & Tibshirani §16.4; Sakai 2006): resample the differences; the null
 * distribution is the resampled means shifted to 0, so p = (1 + #{|mean* − mean| ≥ |mean|}) / (B + 1).
 * The interval is the percentile interval of the resampled means.
 */
export function pairedBootstrapTest(differences: ArrayLike<number>, level: number, samples: number, seed: number): TestResult {
  const means = bootstrapMeans(differences, samples, seed);
  const mean = meanOf(differences);
  const observed = Math.abs(mean);
  const threshold = observed - tolerance(observed);
  let extreme = 0;
  for (const resampled of means) if (Math.abs(resampled - mean) >= threshold) extreme++;
  return { pValue: (extreme + 1) / (samples + 1), ciLow: quantile(means, (1 - level) / 2), ciHigh: quantile(means, (1 + level) / 2) };
}

/** Average ranks (1-based) of values, ties sharing the mean of their ranks. */
export function averageRanks(values: readonly number[]): { ranks: number[]; tieCorrection: number } {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Array<number>(values.length);
  let tieCorrection = 0; // Σ (t³ − t) over groups of t tied values
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && values[order[end]!] === values[order[start]!]) end++;
    const rank = (start + 1 + end) / 2;
    for (let i = start; i < end; i++) ranks[order[i]!] = rank;
    const tied = end - start;
    tieCorrection += tied ** 3 - tied;
    start = end;
  }
  return { ranks, tieCorrection };
}

/**
 * Wilcoxon signed-rank test as R's `wilcox.test(x, y, paired = TRUE)`: zero differences are dropped;
 * V = the sum of the ranks of |d| over positive d; exact p when fewer than 50 differences remain and there
 * were no zeros and no ties, else the normal approximation with tie and continuity corrections.
 */
export function wilcoxonTest(differences: ArrayLike<number>): number {
  const all = Array.from(differences);
  const nonZero = all.filter((d) => d !== 0);
  const n = nonZero.length;
  if (n === 0) return 1;
  const { ranks, tieCorrection } = averageRanks(nonZero.map(Math.abs));
  let v = 0;
  nonZero.forEach((d, i) => {
    if (d > 0) v += ranks[i]!;
  });
  if (n < 50 && tieCorrection === 0 && nonZero.length === all.length) {
    const p = v > (n * (n + 1)) / 4 ? 1 - signedRankCdf(v - 1, n) : signedRankCdf(v, n);
    return Math.min(1, 2 * p);
  }
  const centred = v - (n * (n + 1)) / 4;
  const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieCorrection / 48);
  if (sigma === 0) return 1;
  const z = (centred - Math.sign(centred) * 0.5) / sigma;
  return Math.min(1, 2 * Math.min(normalCdf(z), normalCdf(-z)));
}

/**
 * Sign test (R's `binom.test(wins, wins + losses)`): ties dropped; p = 2 · P(X ≤ min(wins, losses)) for
 * X ~ Binomial(wins + losses, 1/2), at most 1.
 */
export function signTest(differences: ArrayLike<number>): number {
  let wins = 0;
  let losses = 0;
  for (let i = 0; i < differences.length; i++) {
    if (differences[i]! > 0) wins++;
    else if (differences[i]! < 0) losses++;
  }
  if (wins + losses === 0) return 1;
  return Math.min(1, 2 * binomialHalfCdf(Math.min(wins, losses), wins + losses));
}

/**
 * Cohen's d for paired samples (d_z): mean(d) / s_d. Null when the differences have no spread (s_d = 0),
 * identical systems included: 0 / 0 is no effect size, and calling it 0 would read as "measured, none".
 */
export function cohensD(differences: ArrayLike<number>): number | null {
  const spread = standardDeviation(differences);
  if (spread === 0) return null;
  return meanOf(differences) / spread;
}

/** Holm–Bonferroni adjusted p-values (R's `p.adjust(p, 'holm')`), in the input order. */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((_, i) => i).sort((a, b) => pValues[a]! - pValues[b]!);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}

/** Bonferroni adjusted p-values: min(1, m · p). */
export const bonferroni = (pValues: readonly number[]): number[] => pValues.map((p) => Math.min(1, pValues.length * p));
