// One candidate run against the baseline on one measure, from their per-query differences: the paired
// test, the interval for the mean difference, wins, ties and losses, and the effect size (a row of `compare`).
import { RankevalError } from '../core/errors.js';
import { higherIsBetterScore } from '../measures/reading.js';
import { bootstrapInterval, cohensD, tInterval } from '../stats/tests.js';
import { overflowScale } from '../stats/powers-of-two.js';
import { pairedTest, type Correction, type PairedTestPlan, type SignificanceTest } from '../stats/paired-test.js';

export type { Correction, SignificanceTest };

/** One measure of one run. The baseline's own rows carry its mean and null in every comparison field. */
export interface ComparisonRow<Key extends string = string> {
  /** The measure's name, as the caller wrote it (typed by the names given as literals). */
  readonly measure: Key;
  readonly run: string;
  readonly mean: number;
  /** mean(run) − mean(baseline). */
  readonly delta: number | null;
  /** delta / mean(baseline); null when the baseline's mean is 0. */
  readonly relativeDelta: number | null;
  readonly pValue: number | null;
  /** After the correction (the raw p-value with `none`). */
  readonly pValueCorrected: number | null;
  /** Interval for the mean difference at level 1 − alpha. */
  readonly ciLow: number | null;
  readonly ciHigh: number | null;
  /**
   * Queries where the run scores better than, equal to, worse than the baseline: higher, equal, lower — or
   * lower, equal, higher for a measure where lower is better (miss@k, tokens@k: see `higherIsBetter`).
   */
  readonly wins: number | null;
  readonly ties: number | null;
  readonly losses: number | null;
  /**
   * Cohen's d of the paired differences, mean / standard deviation; null when they have no spread (identical
   * runs included), where d is 0 / 0 or x / 0 and has no value.
   */
  readonly effectSize: number | null;
  /** pValueCorrected < alpha. */
  readonly significant: boolean | null;
}

/** The options of `compare` with their defaults, checked. */
export interface ComparePlan extends PairedTestPlan {
  readonly interval: 't' | 'bootstrap';
}

/** One candidate run against the baseline on one measure, from their per-query differences. */
interface PairedScores {
  readonly measure: string;
  readonly name: string;
  readonly baseline: string;
  readonly mean: number;
  readonly baseMean: number;
  /** run − baseline, query by query. */
  readonly differences: Float64Array;
}

/** A candidate's row, its p-value raw (`pValueCorrected` is set once every p-value of the call is known). */
export function candidateRow({ measure, name, baseline, mean, baseMean, differences }: PairedScores, plan: ComparePlan, fn: string): ComparisonRow {
  const level = 1 - plan.alpha;
  // Tests and effect size are scale-free and the interval scales back: see overflowScale.
  const scale = overflowScale(differences);
  const scaled = scale === 1 ? differences : differences.map((difference) => difference * scale);
  const { pValue, interval: own } = pairedTest(scaled, plan, level);
  // The t-test and the bootstrap bring their own interval; when it is the one asked for, it is reused.
  const [low, high] = (own !== undefined && own.method === plan.interval ? own.bounds : interval(scaled, plan, level)).map((bound) => bound / scale) as [number, number];
  if (!Number.isFinite(low) || !Number.isFinite(high)) {
    throw new RankevalError({
      code: 'invalid_qrels',
      fn,
      subject: { kind: 'run', run: name },
      at: { measure },
      facts: { with: { kind: 'run', run: baseline } },
      problem: `the interval for the mean difference of ${measure} between ${JSON.stringify(name)} and ${JSON.stringify(baseline)} is not finite: the scores are too large`,
      expected: 'scores whose differences have a finite interval',
      received: [low, high],
    });
  }
  // A win is a query where the run is better: higher, or lower for a measure where lower is better.
  const higher = higherIsBetterScore(measure);
  let wins = 0;
  let losses = 0;
  for (const difference of differences) {
    const gain = higher ? difference : -difference;
    if (gain > 0) wins++;
    else if (gain < 0) losses++;
  }
  const delta = mean - baseMean;
  return {
    measure,
    run: name,
    mean,
    delta,
    relativeDelta: baseMean === 0 ? null : delta / baseMean,
    pValue,
    pValueCorrected: pValue,
    ciLow: low,
    ciHigh: high,
    wins,
    ties: differences.length - wins - losses,
    losses,
    effectSize: cohensD(scaled),
    significant: null,
  };
}

export const baselineRow = (measure: string, run: string, mean: number): ComparisonRow => ({
  measure,
  run,
  mean,
  delta: null,
  relativeDelta: null,
  pValue: null,
  pValueCorrected: null,
  ciLow: null,
  ciHigh: null,
  wins: null,
  ties: null,
  losses: null,
  effectSize: null,
  significant: null,
});

const interval = (values: Float64Array, plan: ComparePlan, level: number): [number, number] =>
  plan.interval === 'bootstrap' ? bootstrapInterval(values, level, plan.permutations, plan.seed) : tInterval(values, plan.alpha);
