// Internal: the distribution functions behind the tests, intervals and power calculations — Student's t
// (central and noncentral), F (central and noncentral), the standard normal, the binomial and the Wilcoxon
// signed-rank — to near double precision, checked against SciPy and R
// (test/stats/reference.test.ts). Written here rather than taken from a package: the library entry has
// no runtime dependencies, and the few functions needed are short.

// Lanczos approximation (g = 7, 9 coefficients), relative error below 1e-15 for x > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < 9; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPSILON = 1e-16;
const TINY = 1e-300;

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(x: number, a: number, b: number): number {
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b), for 0 ≤ x ≤ 1. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The fraction converges fast below the mean of the beta distribution; above it, use the symmetry.
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** P(|T| ≥ |t|) for Student's t with `df` degrees of freedom: the two-sided p-value of t. */
export function studentTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? 1 : 0;
  const ratio = Math.sqrt(df) / Math.abs(t);
  if (ratio > 1) return incompleteBeta(df / (df + t * t), df / 2, 0.5);
  // Far in the tail, x = df / (df + t²) = r² / (1 + r²) with r = √df / |t|, and the front factor of
  // I_x(df/2, 1/2) is summed in logs: t² would overflow, and x underflow to 0, long before the tail does.
  // x ≤ 1/2 here, below the mean of the beta distribution, where the fraction converges directly.
  const a = df / 2;
  const x = (ratio * ratio) / (1 + ratio * ratio);
  const logX = 2 * Math.log(ratio) - Math.log1p(ratio * ratio);
  const front = Math.exp(logGamma(a + 0.5) - logGamma(a) - logGamma(0.5) + a * logX + 0.5 * Math.log1p(-x));
  return (front * betaFraction(x, a, 0.5)) / a;
}

/**
 * The x ≥ `from` at which `tail`, a function that decreases from `from` on, falls to `target`: bisection to
 * the last bit, the bracket doubling from [from, from + 1] until it holds x. The one root finder of the
 * quantiles here and of the sample sizes (queriesNeeded).
 */
export function invertDecreasing(tail: (x: number) => number, target: number, from = 0): number {
  let high = 1;
  while (tail(from + high) > target) high *= 2;
  let low = 0;
  for (let i = 0; i < 2200 && high - low > Number.EPSILON * high; i++) {
    const middle = (low + high) / 2;
    if (tail(from + middle) > target) low = middle;
    else high = middle;
  }
  return from + (low + high) / 2;
}

/**
 * The t such that P(|T| ≥ t) = `tail`, for 0 < tail ≤ 1 (bisection on the two-sided tail, to the last
 * bit). It takes the tail, not a probability near 1, because 1 − α/2 rounds a tiny α away: at α = 1e-16
 * it is 1, whose quantile is infinite. The tail itself is computed directly (no 1 − cdf), so it keeps its
 * relative precision as t grows.
 */
export function studentTwoSidedQuantile(tail: number, df: number): number {
  return invertDecreasing((t) => studentTwoSided(t, df), tail);
}

/** The t such that P(T > t) = `upper`, for 0 < upper < 1 (R's `qt(upper, df, lower.tail = FALSE)`). */
export function studentUpperQuantile(upper: number, df: number): number {
  return upper <= 0.5 ? studentTwoSidedQuantile(2 * upper, df) : -studentTwoSidedQuantile(2 * (1 - upper), df);
}

/** The regularized upper incomplete gamma function Q(a, x). */
function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const logFront = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    // Series for the lower function P(a, x).
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
    }
    return 1 - sum * Math.exp(logFront);
  }
  // Continued fraction for Q(a, x) (modified Lentz).
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return Math.exp(logFront) * h;
}

/** P(Z ≤ z) for the standard normal. */
export function normalCdf(z: number): number {
  // Φ(z) = erfc(−z/√2) / 2, and erfc(x) = Q(1/2, x²) for x ≥ 0.
  const x = Math.abs(z) / Math.SQRT2;
  const upper = upperGamma(0.5, x * x) / 2;
  return z < 0 ? upper : 1 - upper;
}

/** The z such that P(Z > z) = `upper`, for 0 < upper < 1 (SciPy's `norm.isf`), by bisection on the tail. */
export function normalUpperQuantile(upper: number): number {
  // The tail Φ(−z) is computed directly, so a small `upper` keeps its relative precision.
  return upper <= 0.5 ? invertDecreasing((z) => normalCdf(-z), upper) : -normalUpperQuantile(1 - upper);
}

/**
 * Σ_j w_j · term(j) over j ≥ 0, with w_j = e^−μ μ^(j+s) / Γ(j + s + 1): the Poisson(μ) weights for s = 0,
 * shifted by s. Summed from the largest weight outwards (the weights before it underflow for a large μ),
 * until a weight no longer moves the sum; `term` is taken to lie in [0, 1].
 */
function poissonMixture(mean: number, shift: number, term: (j: number) => number): number {
  if (mean === 0) return shift === 0 ? term(0) : 0;
  const mode = Math.max(0, Math.floor(mean - shift));
  const weightAt = Math.exp(-mean + (mode + shift) * Math.log(mean) - logGamma(mode + shift + 1));
  let sum = 0;
  let weight = weightAt;
  for (let j = mode; weight > 0; j++) {
    sum += weight * term(j);
    if (j > mean && weight < EPSILON * sum * 1e-2) break;
    weight *= mean / (j + shift + 1);
  }
  weight = weightAt;
  for (let j = mode - 1; j >= 0; j--) {
    weight *= (j + shift + 1) / mean;
    if (weight < EPSILON * sum * 1e-2) break;
    sum += weight * term(j);
  }
  return sum;
}

/**
 * P(T > t) for the noncentral t distribution with `df` degrees of freedom and noncentrality `ncp` (R's
 * `pt(t, df, ncp, lower.tail = FALSE)`). For t ≥ 0, with x = df / (df + t²) and μ = ncp² / 2, the upper
 * tail is the mixture ½ Σ_j [P_j I_x(df/2, j + ½) + sign(ncp) Q_j I_x(df/2, j + 1)], P_j the Poisson(μ)
 * weights and Q_j those shifted by ½ (Johnson, Kotz & Balakrishnan, ch. 31); both sums are positive for
 * ncp ≥ 0, so the tail keeps its precision far out. For t < 0, 1 − P(T' > −t) with T' of noncentrality −ncp.
 */
export function noncentralTUpper(t: number, df: number, ncp: number): number {
  if (t < 0) return 1 - noncentralTUpper(-t, df, -ncp);
  const x = df / (df + t * t);
  const mean = (ncp * ncp) / 2;
  const even = poissonMixture(mean, 0, (j) => incompleteBeta(x, df / 2, j + 0.5));
  const odd = poissonMixture(mean, 0.5, (j) => incompleteBeta(x, df / 2, j + 1));
  return Math.min(1, Math.max(0, (even + Math.sign(ncp) * odd) / 2));
}

/** P(F > f) for the F distribution with `df1` and `df2` degrees of freedom: I_x(df2/2, df1/2), x = df2 / (df2 + df1·f). */
export function fUpper(f: number, df1: number, df2: number): number {
  return f <= 0 ? 1 : incompleteBeta(df2 / (df2 + df1 * f), df2 / 2, df1 / 2);
}

/** The f such that P(F > f) = `upper`, for 0 < upper < 1 (R's `qf(upper, df1, df2, lower.tail = FALSE)`). */
export function fUpperQuantile(upper: number, df1: number, df2: number): number {
  return invertDecreasing((f) => fUpper(f, df1, df2), upper);
}

/**
 * P(F > f) for the noncentral F distribution with noncentrality `ncp` (R's `pf(f, df1, df2, ncp,
 * lower.tail = FALSE)`): Σ_j Poisson(j; ncp/2) · I_x(df2/2, df1/2 + j), x = df2 / (df2 + df1·f), a sum of
 * positive terms (Johnson, Kotz & Balakrishnan, ch. 30).
 */
export function noncentralFUpper(f: number, df1: number, df2: number, ncp: number): number {
  if (f <= 0) return 1;
  const x = df2 / (df2 + df1 * f);
  return Math.min(1, poissonMixture(ncp / 2, 0, (j) => incompleteBeta(x, df2 / 2, df1 / 2 + j)));
}

/** P(X ≤ k) for X ~ Binomial(n, 1/2). */
export function binomialHalfCdf(k: number, n: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  let sum = 0;
  if (n <= 1000) {
    // C(n, i) / 2^n by the recurrence term(i + 1) = term(i) · (n − i) / (i + 1): exact for small n.
    let term = 2 ** -n;
    for (let i = 0; i <= k; i++) {
      sum += term;
      term = (term * (n - i)) / (i + 1);
    }
    return Math.min(1, sum);
  }
  const logHalfN = -n * Math.LN2;
  const logN = logGamma(n + 1);
  for (let i = 0; i <= k; i++) sum += Math.exp(logN - logGamma(i + 1) - logGamma(n - i + 1) + logHalfN);
  return Math.min(1, sum);
}

/**
 * The exact distribution of the Wilcoxon signed-rank statistic V (the sum of the ranks of the positive
 * differences) for n untied, non-zero differences: P(V ≤ v).
 */
export function signedRankCdf(v: number, n: number): number {
  const max = (n * (n + 1)) / 2;
  if (v < 0) return 0;
  if (v >= max) return 1;
  // counts[s] = number of subsets of {1..n} whose ranks sum to s.
  const counts = new Float64Array(max + 1);
  counts[0] = 1;
  for (let rank = 1; rank <= n; rank++) {
    for (let s = (rank * (rank + 1)) / 2; s >= rank; s--) counts[s]! += counts[s - rank]!;
  }
  let below = 0;
  for (let s = 0; s <= Math.floor(v); s++) below += counts[s]!;
  return below / 2 ** n;
}
