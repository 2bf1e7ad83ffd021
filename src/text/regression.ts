// Regressions as people read them: the lines of the `toNotRegressFrom` matcher and of `rankeval compare
// --fail-on-regression`, so both say the same thing the same way.
import type { Comparison, ComparisonRow } from '../analysis/compare.js';
import { higherIsBetter } from '../measures/reading.js';
import type { QueryLoss } from '../analysis/regression.js';
import { formatP, signed, TEST_NAMES } from './comparison.js';

/** `p (holm)`, or `p` without a correction. */
export const pLabel = (comparison: Comparison): string => (comparison.correction === 'none' ? 'p' : `p (${comparison.correction})`);

/** `ndcg@10: 0.8476 → 0.6123, Δ −0.2353, p (holm) 0.0003`. */
export const regressionText = (row: ComparisonRow, comparison: Comparison, baselineMean: number): string =>
  `${row.measure}: ${baselineMean.toFixed(4)} → ${row.mean.toFixed(4)}, Δ ${signed(row.delta!, 4)}, ${pLabel(comparison)} ${formatP(row.pValueCorrected!)}`;

/** `q07 0.9197 → 0.2891 (Δ −0.6306)`. */
export const lossText = (loss: QueryLoss): string => `${loss.query} ${loss.baseline.toFixed(4)} → ${loss.value.toFixed(4)} (Δ ${signed(loss.delta, 4)})`;

/**
 * The rule in one sentence: `regressed = Δ < 0 and p (holm) < 0.05; paired randomization test (two-sided),
 * Holm–Bonferroni over 3 comparisons, 10000 permutations, seed 42`.
 */
export function regressionRuleText(comparison: Comparison, margin: number): string {
  const comparisons = comparison.rows.filter((row) => row.pValue !== null).length;
  const correction = comparison.correction === 'none' ? 'no correction' : `${comparison.correction === 'holm' ? 'Holm–Bonferroni' : 'Bonferroni'} over ${comparisons} comparison${comparisons === 1 ? '' : 's'}`;
  const resampled = comparison.test === 'randomization' || comparison.test === 'bootstrap' ? `, ${comparison.permutations} ${comparison.test === 'randomization' ? 'permutations' : 'resamples'}, seed ${comparison.seed}` : '';
  // A measure where lower is better regresses upwards: said beside the rule, only when one is compared.
  const lower = comparison.measures.filter((measure) => !higherIsBetter(measure));
  const upwards = lower.length === 0 ? '' : ` (Δ > ${margin === 0 ? '0' : `+${margin}`} for ${lower.join(', ')}, where lower is better)`;
  return (
    `regressed = Δ < ${margin === 0 ? '0' : `−${margin}`}${upwards} and ${pLabel(comparison)} < ${comparison.alpha}; ` +
    `${TEST_NAMES[comparison.test]} (two-sided), ${correction}${resampled}, over ${comparison.queries} queries`
  );
}
