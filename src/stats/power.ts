// How many queries a comparison needs, and the power a number of queries gives: the paired t-test (two
// systems) and one-way ANOVA (several), as R's `power.t.test(type = "paired")` and `power.anova.test`
// compute them (topic-set size design: Sakai, IRJ 2016; Webber, Moffat & Zobel, CIKM 2008).
import { fail, option } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { readBetween, readChoice, readInteger, readPositive } from './checks.js';
import { fUpperQuantile, invertDecreasing, noncentralFUpper, noncentralTUpper, studentUpperQuantile } from './distributions.js';

/** A paired t-test of two systems: the mean per-query difference `delta` to detect, with per-query differences of standard deviation `sd`. */
export interface PairedTDesign {
  readonly test: 'paired-t';
  /** The difference of means to detect (> 0). */
  readonly delta: number;
  /** The standard deviation of the per-query differences (> 0). */
  readonly sd: number;
  /** Significance level, between 0 and 1; default 0.05. */
  readonly alpha?: number;
  /** 2 (default): a two-sided test; 1: one-sided. */
  readonly sides?: 1 | 2;
}

/** A one-way ANOVA of `systems` systems over the same queries. */
export interface AnovaDesign {
  readonly test: 'anova';
  /** How many systems (an integer ≥ 2). */
  readonly systems: number;
  /** The variance of the systems' true means (divisor systems − 1, as R's `var`), > 0. */
  readonly betweenVariance: number;
  /** The variance of a query's score around its system's mean, > 0. */
  readonly withinVariance: number;
  /** Significance level, between 0 and 1; default 0.05. */
  readonly alpha?: number;
}

/** queriesNeeded's options: a design and the power to reach. */
export type QueriesNeededOptions = (PairedTDesign | AnovaDesign) & {
  /** The probability of detecting the effect, between 0 and 1; default 0.8. */
  readonly power?: number;
};

/** testPower's options: a design and the queries (per system) it has. */
export type TestPowerOptions = (PairedTDesign | AnovaDesign) & {
  /** Queries judged for every system (an integer ≥ 2). */
  readonly queries: number;
};

/** queriesNeeded's result. */
export interface QueriesNeeded {
  /** The real n at which the power is reached (at least 2). */
  readonly n: number;
  /** ⌈n⌉: the queries to judge. */
  readonly queries: number;
  /** The power at `queries` (≥ the power asked for). */
  readonly power: number;
}

/**
 * The power of a design at n queries (a real n ≥ 2). Paired t (R's default, non-strict): P(T' > t_c), t_c
 * the upper α/sides quantile of t with n − 1 degrees of freedom, T' noncentral t with noncentrality
 * √n · delta / sd (a two-sided test's lower rejection region is left out, as R leaves it). ANOVA:
 * P(F' > f_c), f_c the upper α quantile of F(k − 1, k (n − 1)), F' noncentral with (k − 1) n · between / within.
 */
function powerAt(design: Design, n: number): number {
  if (design.test === 'paired-t') {
    const df = n - 1;
    return noncentralTUpper(studentUpperQuantile(design.alpha / design.sides, df), df, (Math.sqrt(n) * design.delta) / design.sd);
  }
  const df1 = design.systems - 1;
  const df2 = design.systems * (n - 1);
  return noncentralFUpper(fUpperQuantile(design.alpha, df1, df2), df1, df2, df1 * n * (design.betweenVariance / design.withinVariance));
}

/**
 * How many queries a test needs to detect an effect with the power asked: the real n ≥ 2 at which the
 * power (see testPower) reaches `power`, and queries = ⌈n⌉. When 2 queries already reach it, n = 2.
 *
 * @throws {RankevalError} `invalid_option` for an unknown test or option, or a value out of its range
 * @example
 * queriesNeeded({ test: 'paired-t', delta: 0.02, sd: 0.05, alpha: 0.05, sides: 2, power: 0.8 })
 * // => { n: 51.0096, queries: 52, power: 0.8078 } (R: power.t.test(delta = 0.02, sd = 0.05, power = 0.8, type = "paired"))
 */
export function queriesNeeded(options: QueriesNeededOptions): QueriesNeeded {
  const fn = 'queriesNeeded';
  const settings = ownOptions(options, [...DESIGN_KEYS, 'power'], fn, { expected: "an object with `test`: 'paired-t' or 'anova'" });
  const design = readDesign(settings, fn);
  const power = readBetween(settings.power ?? 0.8, 'power', 0, 1, fn);
  const n = powerAt(design, 2) >= power ? 2 : invertDecreasing((x) => -powerAt(design, x), -power, 2);
  const queries = Math.ceil(n);
  return { n, queries, power: powerAt(design, queries) };
}

/**
 * The power of a test at `queries` queries: the probability that it finds the effect (formulas as R's
 * `power.t.test(type = "paired")`, non-strict, and `power.anova.test`).
 *
 * Paired t: P(T' > t(1 − α/sides, n − 1)), T' noncentral t of noncentrality √n · delta / sd. ANOVA of k
 * systems: P(F' > F(1 − α; k − 1, k (n − 1))), F' noncentral of noncentrality (k − 1) · n · between / within.
 *
 * @throws {RankevalError} `invalid_option` for an unknown test or option, or a value out of its range
 * @example
 * testPower({ test: 'paired-t', queries: 50, delta: 0.1, sd: 0.2, alpha: 0.05, sides: 1 }) // => { power: 0.96720… }
 */
export function testPower(options: TestPowerOptions): { readonly power: number } {
  const fn = 'testPower';
  const settings = ownOptions(options, [...DESIGN_KEYS, 'queries'], fn, { expected: "an object with `test`: 'paired-t' or 'anova'" });
  const design = readDesign(settings, fn);
  const queries = readInteger(settings.queries, 'queries', 2, fn);
  return { power: powerAt(design, queries) };
}

const DESIGN_KEYS = ['test', 'delta', 'sd', 'alpha', 'sides', 'systems', 'betweenVariance', 'withinVariance'];

type Design =
  | { readonly test: 'paired-t'; readonly delta: number; readonly sd: number; readonly alpha: number; readonly sides: 1 | 2 }
  | { readonly test: 'anova'; readonly systems: number; readonly betweenVariance: number; readonly withinVariance: number; readonly alpha: number };

/** A design's options, checked, with their defaults; the other test's options are refused. */
function readDesign(given: object, fn: string): Design {
  const options = given as Record<string, unknown>;
  const test = readChoice(options.test, 'test', ['paired-t', 'anova'] as const, fn);
  const own = test === 'paired-t' ? ['delta', 'sd', 'sides'] : ['systems', 'betweenVariance', 'withinVariance'];
  const other = (test === 'paired-t' ? ['systems', 'betweenVariance', 'withinVariance'] : ['delta', 'sd', 'sides']).find((key) => options[key] !== undefined);
  if (other !== undefined) fail('invalid_option', fn, option(other), `left out: test '${test}' takes ${own.map((key) => `\`${key}\``).join(', ')}`, options[other]);
  const alpha = readBetween(options.alpha ?? 0.05, 'alpha', 0, 1, fn);
  if (test === 'paired-t') {
    const delta = readPositive(options.delta, 'delta', fn);
    const sd = readPositive(options.sd, 'sd', fn);
    const sides = readChoice(options.sides ?? 2, 'sides', [1, 2] as const, fn);
    return { test, delta, sd, alpha, sides };
  }
  const systems = readInteger(options.systems, 'systems', 2, fn);
  const betweenVariance = readPositive(options.betweenVariance, 'betweenVariance', fn);
  const withinVariance = readPositive(options.withinVariance, 'withinVariance', fn);
  return { test, systems, betweenVariance, withinVariance, alpha };
}
