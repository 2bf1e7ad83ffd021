// A mean from a few human labels and many LLM labels (prediction-powered inference, power-tuned), and how
// many of each to buy. The conventions are ppi_py's (github:aangelopoulos/ppi_py at bd90caa), against which
// test/stats/ppi-oracle.test.ts checks every value; docs/how-many-labels.md says what they mean.
import { fail, option, RankevalError } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { readBetween, readChoice, readInteger, readPaired, readPositive, readSample } from './checks.js';
import { normalUpperQuantile } from './distributions.js';
import { meanOf } from './mean.js';
import { overflowScale } from './powers-of-two.js';
import { centredProducts } from './tests.js';

/** Per-query values of one measure: under human labels, and under an LLM judge's. */
export interface EstimateMeanData {
  /** The n human-judged queries' values under human labels (n ≥ 2). */
  readonly human: ArrayLike<number>;
  /** The same n queries' values under the judge's labels, in the same order. */
  readonly judgeOnHuman: ArrayLike<number>;
  /** The N other queries' values under the judge's labels (N ≥ 1). */
  readonly judgeOnRest: ArrayLike<number>;
}

/** Which interval: both bounds, or one (the other side open, ±Infinity). */
export type EstimateAlternative = 'two-sided' | 'larger' | 'smaller';

export interface EstimateMeanOptions {
  /** Error level: the interval covers the mean with probability 1 − α. Between 0 and 1; default 0.05. */
  readonly alpha?: number;
  /** `two-sided` (default); `larger`: [lower, Infinity]; `smaller`: [−Infinity, upper]. */
  readonly alternative?: EstimateAlternative;
  /** `tuned` (default, PPI++: the variance-minimising λ, clipped to [0, 1]); 1: plain PPI; 0: the human labels alone. */
  readonly lambda?: 'tuned' | number;
}

/** An estimate of a mean with its interval. */
export interface MeanInterval {
  readonly estimate: number;
  /** −Infinity for `alternative: 'smaller'`. */
  readonly lower: number;
  /** Infinity for `alternative: 'larger'`. */
  readonly upper: number;
  readonly standardError: number;
}

/** estimateMean's result: the estimate at λ, its interval, and the human-only interval beside it. */
export interface MeanEstimate extends MeanInterval {
  /** The λ used (the tuned one for `lambda: 'tuned'`). */
  readonly lambda: number;
  /** Human-judged queries. */
  readonly n: number;
  /** Queries judged by the judge only. */
  readonly N: number;
  readonly alpha: number;
  readonly alternative: EstimateAlternative;
  /** The classical estimate from the human labels alone (λ = 0), at the same α and alternative. */
  readonly humanOnly: MeanInterval;
  /**
   * How many human labels the judge's labels were worth: n · Var_classical / Var_ppi, the number of human
   * labels whose classical mean would have this estimate's variance (n when both variances are 0, Infinity
   * when only this one is).
   */
  readonly effectiveHumanLabels: number;
}

/**
 * The mean of a measure over all n + N queries from n human labels and the judge's labels of every query,
 * with its confidence interval (prediction-powered inference; PPI++ with the tuned λ).
 *
 * estimate = λ · mean(judgeOnRest) + mean(human − λ · judgeOnHuman); standard error
 * se = √(λ² · s²(judgeOnRest) / N + s²(human − λ · judgeOnHuman) / n), s² with divisor n (ppi_py's
 * convention); interval estimate ± z(1 − α/2) · se (normal quantile), one-sided with z(1 − α) and the open
 * side ±Infinity. Tuned λ = cov(human, judgeOnHuman) / ((1 + n/N) · var(judge)), cov with divisor n and var
 * the sample variance of all n + N judge values, clipped to [0, 1]; 0 when the judge gives one value only.
 * λ = 0 gives the classical mean(human) ± z · s/√n; λ = 1 plain PPI, mean(judgeOnRest) + mean(human −
 * judgeOnHuman). The tuned λ is ppi_py's: with data spread alike on both sets it does not widen the
 * human-only interval, but it is not the exact minimiser of se.
 *
 * @param data `human` and `judgeOnHuman` (n ≥ 2, equally long), `judgeOnRest` (N ≥ 1): finite numbers
 * @throws {RankevalError} `invalid_option` for fewer values, lengths that differ, a value that is not a finite
 *   number, α outside (0, 1), λ outside [0, 1], an unknown alternative or option
 * @example
 * estimateMean({ human: [0.2, 0.6, 0.4], judgeOnHuman: [0.3, 0.7, 0.4], judgeOnRest: [0.5, 0.8, 0.2, 0.6] })
 * // => { estimate: 0.4190, lower: 0.2756, upper: 0.5625, standardError: 0.0732, lambda: 0.3265, n: 3, N: 4,
 * //      humanOnly: { estimate: 0.4, lower: 0.2152, upper: 0.5848, … }, effectiveHumanLabels: 4.975, … }
 * @see Angelopoulos, Duchi & Zrnic, PPI++: Efficient Prediction-Powered Inference (2023).
 */
export function estimateMean(data: EstimateMeanData, options: EstimateMeanOptions = {}): MeanEstimate {
  const fn = 'estimateMean';
  const { given, human, judgeOnHuman } = readPaired(data, 'data', 'an object with `human`, `judgeOnHuman` and `judgeOnRest`', fn);
  const judgeOnRest = readSample(given.judgeOnRest, 'judgeOnRest', 1, fn);
  const settings = ownOptions(options, ['alpha', 'alternative', 'lambda'], fn);
  const alpha = readBetween(settings.alpha ?? 0.05, 'alpha', 0, 1, fn);
  const alternative = readChoice(settings.alternative ?? 'two-sided', 'alternative', ALTERNATIVES, fn);
  const lambdaOption = settings.lambda ?? 'tuned';
  if (lambdaOption !== 'tuned') readBetween(lambdaOption, 'lambda', 0, 1, fn, true);

  // Every value times one power of two (exact), so that no sum or square overflows; undone on the locations.
  const scale = Math.min(overflowScale(human), overflowScale(judgeOnHuman), overflowScale(judgeOnRest));
  for (const sample of [human, judgeOnHuman, judgeOnRest]) for (let i = 0; i < sample.length; i++) sample[i]! *= scale;
  const lambda = lambdaOption === 'tuned' ? tunedLambda(human, judgeOnHuman, judgeOnRest) : (lambdaOption as number);
  const z = normalUpperQuantile(alternative === 'two-sided' ? alpha / 2 : alpha);
  const ppi = interval(human, judgeOnHuman, judgeOnRest, lambda, z, alternative, scale, fn);
  const humanOnly = interval(human, judgeOnHuman, judgeOnRest, 0, z, alternative, scale, fn);
  const classical = humanOnly.standardError ** 2;
  const variance = ppi.standardError ** 2;
  const effectiveHumanLabels = variance > 0 ? (human.length * classical) / variance : classical > 0 ? Infinity : human.length;
  return { ...ppi, lambda, n: human.length, N: judgeOnRest.length, alpha, alternative, humanOnly, effectiveHumanLabels };
}

const ALTERNATIVES: readonly EstimateAlternative[] = ['two-sided', 'larger', 'smaller'];

/** PPI++'s λ for a mean: cov(Y, Ŷ) / ((1 + n/N) · var(Ŷ ∪ Ŷ_rest)), clipped to [0, 1] (0 for a constant judge). */
function tunedLambda(human: Float64Array, judgeOnHuman: Float64Array, judgeOnRest: Float64Array): number {
  const n = human.length;
  const N = judgeOnRest.length;
  const all = new Float64Array(n + N);
  all.set(judgeOnHuman);
  all.set(judgeOnRest, n);
  if (allEqual(all)) return 0;
  const spread = centredProducts(all, all) / (n + N - 1);
  if (spread === 0) return 0; // values so close that their squares underflow
  const lambda = centredProducts(human, judgeOnHuman) / n / ((1 + n / N) * spread);
  return Math.min(1, Math.max(0, lambda));
}

/** The estimate at `lambda` and its interval of half-width z · se (one side for a one-sided one), the values divided by `scale` again. */
function interval(
  human: Float64Array,
  judgeOnHuman: Float64Array,
  judgeOnRest: Float64Array,
  lambda: number,
  z: number,
  alternative: EstimateAlternative,
  scale: number,
  fn: string,
): MeanInterval {
  const n = human.length;
  const N = judgeOnRest.length;
  const rectifier = human.map((value, i) => value - lambda * judgeOnHuman[i]!);
  const estimate = lambda * meanOf(judgeOnRest) + meanOf(rectifier);
  const se = Math.sqrt((lambda * lambda * centredProducts(judgeOnRest, judgeOnRest)) / N / N + centredProducts(rectifier, rectifier) / n / n);
  const lower = alternative === 'smaller' ? -Infinity : (estimate - z * se) / scale;
  const upper = alternative === 'larger' ? Infinity : (estimate + z * se) / scale;
  const result = { estimate: estimate / scale, lower, upper, standardError: se / scale };
  const bounded = [result.estimate, result.standardError, ...(alternative === 'smaller' ? [] : [lower]), ...(alternative === 'larger' ? [] : [upper])];
  if (!bounded.every(Number.isFinite)) {
    throw new RankevalError({
      code: 'invalid_option',
      fn,
      subject: { kind: 'argument', argument: 'data' },
      problem: `the interval at λ = ${lambda} is [${lower}, ${upper}], beyond the numbers a double holds: the values spread too far`,
      expected: 'an interval of finite bounds',
      received: result.standardError,
    });
  }
  return result;
}

/** A pilot: the same queries' values under human labels and under the judge's. */
export interface PlanLabelsPilot {
  readonly human: ArrayLike<number>;
  readonly judgeOnHuman: ArrayLike<number>;
}

export interface PlanLabelsOptions {
  /** Cost of one human label (> 0). */
  readonly costHuman: number;
  /** Cost of one judge label (> 0); the judge labels every query, the human-judged ones too. */
  readonly costJudge: number;
  /** The money to spend: the most precise pair it buys. Give this or `effectiveN`. */
  readonly budget?: number;
  /** The precision of this many human labels alone: the cheapest pair that reaches it. */
  readonly effectiveN?: number;
  /** At most this many queries in all (human + judge-only). */
  readonly maxTotal?: number;
}

/** What a plan says beside its numbers. */
export type LabelPlanWarning =
  | { readonly code: 'beyond_max_total'; readonly message: string; readonly effectiveN: number; readonly maxTotal: number }
  | { readonly code: 'few_human_labels'; readonly message: string; readonly human: number };

/** planLabels' result. */
export interface LabelPlan {
  /** Queries to have judged by people (and by the judge). */
  readonly human: number;
  /** Queries to have judged by the judge only. */
  readonly judgeOnly: number;
  /** human · costHuman + (human + judgeOnly) · costJudge. */
  readonly cost: number;
  /** How many human labels alone would be as precise: round(n (n + N) / (n + (1 − ρ²) N)). */
  readonly effectiveN: number;
  /** ρ, the pilot's correlation of human and judge values (divisor n), capped at 1 − 1/n. */
  readonly correlation: number;
  readonly warnings: readonly LabelPlanWarning[];
}

/**
 * How many queries to have judged by people and how many by the judge alone: the most precise pair for a
 * `budget`, or the cheapest pair as precise as `effectiveN` human labels (Broska, Howes & van Loon's
 * mixed-subjects design, as ppi_py's `ppi_mean_power` computes it).
 *
 * With ρ the pilot's correlation (capped at 1 − 1/n), γ = costJudge / costHuman and n0 the human labels to
 * match (budget / cost per effective label, or effectiveN): n = n0 (1 − ρ² + √(γ ρ² (1 − ρ²))),
 * N = n (n0 − n) / (n − (1 − ρ²) n0), each rounded half to even (Python's `round`). When the judge does not
 * pay (costHuman < cost per effective label, or N < 0) the plan is human labels only; `maxTotal` then caps
 * n + N as ppi_py does. A plan of fewer than 2 human labels (a near-perfect judge) is warned of: the
 * interval needs at least 2.
 *
 * @throws {RankevalError} `invalid_option` for a bad pilot or option (both or neither of `budget` and
 *   `effectiveN`, a cost ≤ 0, a budget that buys no label); `undefined_statistic` when the pilot has no
 *   correlation (human or judge values all equal) or ρ ≤ −1
 * @example
 * const human = [0.62, 0.4, 0.91, 0.55, 0.3, 0.78, 0.47, 0.66, 0.52, 0.84];
 * const judgeOnHuman = [0.7, 0.45, 0.95, 0.6, 0.42, 0.8, 0.5, 0.75, 0.6, 0.9];
 * planLabels({ human, judgeOnHuman }, { costHuman: 1, costJudge: 0.01, budget: 200 })
 * // => { human: 166, judgeOnly: 3257, cost: 200.23, effectiveN: 724, correlation: 0.9, warnings: [] } (ρ capped at 1 − 1/10)
 */
export function planLabels(pilot: PlanLabelsPilot, options: PlanLabelsOptions): LabelPlan {
  const fn = 'planLabels';
  const { human, judgeOnHuman } = readPaired(pilot, 'pilot', 'an object with `human` and `judgeOnHuman`', fn);
  const settings = ownOptions(options, ['costHuman', 'costJudge', 'budget', 'effectiveN', 'maxTotal'], fn, { expected: 'an object with `costHuman`, `costJudge` and `budget` or `effectiveN`' });
  const costHuman = readPositive(settings.costHuman, 'costHuman', fn);
  const costJudge = readPositive(settings.costJudge, 'costJudge', fn);
  if ((settings.budget === undefined) === (settings.effectiveN === undefined)) {
    fail('invalid_option', fn, 'the options', 'an object with `budget` or `effectiveN` (one of them, not both)', settings.budget === undefined ? undefined : { budget: settings.budget, effectiveN: settings.effectiveN }, { subject: option('budget'), facts: { with: option('effectiveN') } });
  }
  const budget = settings.budget === undefined ? undefined : readPositive(settings.budget, 'budget', fn);
  const effectiveN = settings.effectiveN === undefined ? undefined : readInteger(settings.effectiveN, 'effectiveN', 1, fn);
  const maxTotal = settings.maxTotal === undefined ? undefined : readInteger(settings.maxTotal, 'maxTotal', 1, fn);

  const rho = pilotCorrelation(human, judgeOnHuman, fn);
  const costs = { rho, rho2: rho * rho, gamma: costJudge / costHuman, costHuman, costJudge };
  const plan = budget !== undefined ? powerfulPair(costs, budget, maxTotal) : cheapPair(costs, effectiveN!, maxTotal);
  if (plan.human + plan.judgeOnly === 0) {
    const key = budget !== undefined ? 'budget' : 'effectiveN';
    fail('invalid_option', fn, option(key), 'enough to buy at least one label', budget ?? effectiveN);
  }
  const warnings: LabelPlanWarning[] = [];
  if (effectiveN !== undefined && maxTotal !== undefined && effectiveN > maxTotal && plan.judgeOnly === 0 && plan.human === maxTotal) {
    warnings.push({ code: 'beyond_max_total', message: `${effectiveN} effective labels need more than ${maxTotal} queries: the plan is ${maxTotal} human labels`, effectiveN, maxTotal });
  }
  if (plan.human < 2) warnings.push({ code: 'few_human_labels', message: `the plan has ${plan.human} human label${plan.human === 1 ? '' : 's'}: an interval needs at least 2`, human: plan.human });
  return { ...plan, correlation: rho, warnings };
}

/** The pilot's correlation of human and judge values (divisor n), capped at 1 − 1/n; refused when undefined or −1. */
function pilotCorrelation(human: Float64Array, judge: Float64Array, fn: string): number {
  const n = human.length;
  // Equal values, tested as such: their mean may round off them, leaving a variance of rounding errors.
  const constant = allEqual(human) ? 'human' : allEqual(judge) ? 'judgeOnHuman' : undefined;
  if (constant !== undefined) {
    const value = (constant === 'human' ? human : judge)[0];
    const problem = `every value of \`${constant}\` is ${value}: the pilot has no correlation to plan from`;
    throw new RankevalError({ code: 'undefined_statistic', fn, subject: { kind: 'argument', argument: constant }, problem, expected: 'values that vary', received: value });
  }
  const spread = Math.sqrt((centredProducts(human, human) / n) * (centredProducts(judge, judge) / n));
  const rho = Math.min(centredProducts(human, judge) / n / spread, 1 - 1 / n);
  if (rho <= -1) {
    throw new RankevalError({ code: 'undefined_statistic', fn, subject: { kind: 'argument', argument: 'judgeOnHuman' }, problem: 'the judge reverses the human values exactly (correlation −1): the design has no plan for it', expected: 'a correlation above −1', received: rho });
  }
  return rho;
}

const allEqual = (values: Float64Array): boolean => values.every((value) => value === values[0]);

interface Costs {
  readonly rho: number;
  readonly rho2: number;
  readonly gamma: number;
  readonly costHuman: number;
  readonly costJudge: number;
}

type Pair = Omit<LabelPlan, 'correlation' | 'warnings'>;

/** The nearest integer, a half to the even one (Python's `round`, which ppi_py's sizes follow). */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const fraction = x - floor;
  return fraction < 0.5 ? floor : fraction > 0.5 ? floor + 1 : floor % 2 === 0 ? floor : floor + 1;
}

const effectiveOf = (n: number, N: number, rho2: number): number => roundHalfEven((n * (n + N)) / (n + (1 - rho2) * N));
const humanOnly = (n: number, costHuman: number): Pair => ({ human: n, judgeOnly: 0, cost: n * costHuman, effectiveN: n });
/** A pair of `n` human labels within `maxTotal` queries in all. */
const cappedPair = (n: number, maxTotal: number, { rho2, costHuman, costJudge }: Costs): Pair => ({
  human: n,
  judgeOnly: maxTotal - n,
  cost: n * (costHuman + costJudge) + (maxTotal - n) * costJudge,
  effectiveN: effectiveOf(n, maxTotal - n, rho2),
});

/** The cost of one effective label with the judge at its best: costHuman (1 − ρ² + γ ρ² + 2 √(γ ρ² (1 − ρ²))). */
const ppiCost = ({ rho2, gamma, costHuman }: Costs): number => costHuman * (1 - rho2 + gamma * rho2 + 2 * Math.sqrt(gamma * rho2 * (1 - rho2)));

/** The cheapest pair as precise as n0 human labels alone, before the fallbacks (human labels only). */
function optimalPair(n0: number, { rho, rho2, gamma, costHuman, costJudge }: Costs): Pair {
  const exact = n0 * (1 - rho2 + Math.sqrt(gamma * rho2 * (1 - rho2)));
  const judgeOnly = rho !== 0 ? roundHalfEven((exact * (n0 - exact)) / (exact - (1 - rho2) * n0)) : 0;
  const human = roundHalfEven(exact);
  return { human, judgeOnly, cost: human * costHuman + (human + judgeOnly) * costJudge, effectiveN: effectiveOf(human, judgeOnly, rho2) };
}

/** The most precise pair for `budget`. */
function powerfulPair(costs: Costs, budget: number, maxTotal: number | undefined): Pair {
  const perLabel = ppiCost(costs);
  let pair = optimalPair(budget / perLabel, costs);
  if (costs.costHuman < perLabel || pair.judgeOnly < 0) pair = humanOnly(roundHalfEven(budget / costs.costHuman), costs.costHuman);
  if (maxTotal === undefined || pair.human + pair.judgeOnly <= maxTotal) return pair;
  if (maxTotal * costs.costHuman <= budget) return humanOnly(maxTotal, costs.costHuman);
  return cappedPair(roundHalfEven(budget / costs.costHuman - maxTotal * costs.gamma), maxTotal, costs);
}

/** The cheapest pair as precise as `effectiveN` human labels. */
function cheapPair(costs: Costs, effectiveN: number, maxTotal: number | undefined): Pair {
  let pair = optimalPair(effectiveN, costs);
  if (costs.costHuman < ppiCost(costs) || pair.judgeOnly < 0) pair = humanOnly(effectiveN, costs.costHuman);
  if (maxTotal === undefined || pair.human + pair.judgeOnly <= maxTotal) return pair;
  if (effectiveN > maxTotal) return humanOnly(maxTotal, costs.costHuman);
  return cappedPair(roundHalfEven((effectiveN * maxTotal * (1 - costs.rho2)) / (maxTotal - costs.rho2 * effectiveN)), maxTotal, costs);
}
