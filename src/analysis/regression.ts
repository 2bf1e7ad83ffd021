// Regression gates: when is a candidate worse than its baseline? The one rule that the `toNotRegressFrom`
// matcher and `rankeval compare --fail-on-regression` apply to a `compare()` result.
import type { Comparison, ComparisonRow, Correction, SignificanceTest } from './compare.js';
import { fail } from '../core/errors.js';
import { towardsBetter } from '../measures/reading.js';
import { compareUtf8 } from '../core/ordering.js';
import type { RunEvaluation } from '../engine/run-result.js';

/**
 * The gate's test, correction and level unless told otherwise: the randomization test (exact below 14
 * queries, else 10,000 seeded sign flips: the same runs always give the same p), Holm–Bonferroni over every
 * (measure, candidate) comparison, 5%.
 */
export const REGRESSION_DEFAULTS: { readonly test: SignificanceTest; readonly correction: Correction; readonly alpha: number } = {
  test: 'randomization',
  correction: 'holm',
  alpha: 0.05,
};

/** `options` with the gate's test, correction and alpha where it gives none (or gives `undefined`). */
export function withRegressionDefaults<T extends { readonly test?: SignificanceTest | undefined; readonly correction?: Correction | undefined; readonly alpha?: number | undefined }>(
  options: T,
): T & typeof REGRESSION_DEFAULTS {
  return {
    ...options,
    test: options.test ?? REGRESSION_DEFAULTS.test,
    correction: options.correction ?? REGRESSION_DEFAULTS.correction,
    alpha: options.alpha ?? REGRESSION_DEFAULTS.alpha,
  };
}

export interface RegressionRule {
  /**
   * The largest drop of a measure's mean that is tolerated even when significant (rise, for a measure where
   * lower is better), in the measure's own units (0.01 on ndcg@10 = one hundredth of NDCG). Default 0:
   * every significant worsening regresses.
   */
  readonly margin?: number;
}

/** A margin as the rule takes it: a finite number ≥ 0, named by `fn` when not. */
export function readMargin(margin: unknown, fn: string): number {
  if (margin === undefined) return 0;
  if (typeof margin !== 'number' || !Number.isFinite(margin) || margin < 0) fail('invalid_option', fn, { kind: 'option', option: 'margin' }, 'a finite number ≥ 0 (the largest drop of a mean tolerated)', margin);
  return margin;
}

/**
 * Whether one row of a comparison is a regression: the candidate's mean is worse than the baseline's by
 * more than `margin` — below it (−Δ > margin) for a measure where higher is better, above it (Δ > margin)
 * for one where lower is (miss@k, tokens@k, fall_out@k: see `higherIsBetter`) — and the paired test calls
 * the difference significant after the correction (`significant`: corrected p < alpha).
 *
 * The margin is not a shifted (non-inferiority) test: the test asks whether there is a difference at all,
 * the margin how large a significant drop may be and still pass. A significant drop of 0.012 with margin
 * 0.01 regresses even though the true drop could be below 0.01; a drop of 0.3 that the test cannot tell
 * from noise (few queries) never does. The baseline's own rows are never regressions.
 *
 * @example
 * isRegression({ measure: 'ndcg@10', delta: -0.08, significant: true, … }, 0.05)  // => true
 * isRegression({ measure: 'ndcg@10', delta: -0.08, significant: true, … }, 0.1)   // => false: within the margin
 * isRegression({ measure: 'ndcg@10', delta: -0.08, significant: false, … })       // => false: noise
 * isRegression({ measure: 'miss@5', delta: 0.08, significant: true, … }) // => true: more misses
 */
export function isRegression(row: ComparisonRow, margin = 0): boolean {
  if (row.delta === null || row.significant !== true) return false;
  const gain = towardsBetter(row.measure, row.delta);
  return gain < 0 && -gain > margin;
}

/**
 * The rows of `comparison` that regressed (see `isRegression`), in the comparison's order: per measure,
 * then per candidate.
 *
 * @throws {RankevalError} `invalid_option` for a margin that is not a finite number ≥ 0
 * @example
 * const comparison = compare({ main: mainRun, branch: branchRun }, qrels, { measures: ['ndcg@10'], test: 'randomization' });
 * regressions(comparison, { margin: 0.01 })
 * // => [] when branch is not significantly worse than main by more than 0.01 on ndcg@10
 */
export function regressions(comparison: Comparison, rule: RegressionRule = {}): ComparisonRow[] {
  const margin = readMargin(rule.margin, 'regressions');
  return comparison.rows.filter((row) => isRegression(row, margin));
}

export interface QueryLoss {
  readonly query: string;
  readonly baseline: number;
  readonly value: number;
  /** value − baseline: < 0 for a measure where higher is better, > 0 for one where lower is. */
  readonly delta: number;
}

/**
 * The `count` queries where `run` lost most against `baseline` on `measure` (largest losses first, ties by
 * query id), over the baseline's queries as `compare()` pairs them; only queries with a loss: a drop, or a
 * rise for a measure where lower is better (see `higherIsBetter`).
 */
export function queriesLostMost(baseline: RunEvaluation, run: RunEvaluation, measure: string, count = 3): QueryLoss[] {
  const losses: QueryLoss[] = [];
  for (const [query, scores] of Object.entries(baseline.perQuery)) {
    const before = scores[measure]!;
    const after = run.perQuery[query]![measure]!;
    const gain = towardsBetter(measure, after - before);
    if (gain < 0) losses.push({ query, baseline: before, value: after, delta: after - before });
  }
  const loss = (entry: QueryLoss): number => -towardsBetter(measure, entry.delta);
  return losses.sort((a, b) => loss(b) - loss(a) || compareUtf8(a.query, b.query)).slice(0, count);
}
