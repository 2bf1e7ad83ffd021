// Whether two label sets lead to the same conclusions: the order of the systems under each, its rank
// correlation overall and among the best, and the pairs of systems whose order flips.
import { fail, isRankevalError } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';
import { averageRanks, bonferroni, holm } from '../stats/tests.js';
import { meanOf } from '../stats/mean.js';
import { evaluateRun } from '../engine/evaluate-run.js';
import { resolveCompareOptions } from '../analysis/compare.js';
import { candidateRow, type Correction, type SignificanceTest } from '../analysis/paired-row.js';
import { kendallTau } from './kendall.js';
import { tauAP } from './tau-ap.js';

export interface SystemAgreementOptions {
  /** The measure the systems are ordered by. Default `'ndcg@10'`. */
  readonly measure?: string;
  /** The grade from which a document counts as relevant, for binary measures (evaluateRun's). Default 1. */
  readonly relevanceThreshold?: number;
  /** How many of the best systems (under `qrelsA`) the top figures are over. Default 5. */
  readonly topK?: number;
  /** compare()'s paired test, its level and correction. Defaults: `'t'`, 0.05, `'holm'`. */
  readonly test?: SignificanceTest;
  readonly alpha?: number;
  readonly correction?: Correction;
}

/** Rank correlations of two orders of the same systems; `null` where undefined (every mean tied on a side). */
export interface OrderAgreement {
  readonly systems: number;
  readonly tauB: number | null;
  readonly tauAPB: number | null;
  readonly spearman: number | null;
}

/** Two systems that change places: `higher` is ahead under A, behind under B. */
export interface FlippedPair {
  readonly higher: string;
  readonly lower: string;
  /** mean(higher) − mean(lower) under each label set. */
  readonly deltaA: number;
  readonly deltaB: number;
  /** The corrected p-values of the paired test under each label set. */
  readonly pValueA: number;
  readonly pValueB: number;
  /** The pair differs significantly under either label set. */
  readonly significant: boolean;
}

export interface SystemAgreement extends OrderAgreement {
  readonly measure: string;
  /** Each run's mean under each label set, best under A first. */
  readonly runs: readonly { readonly run: string; readonly meanA: number; readonly meanB: number }[];
  /** The same correlations over the `topK` best systems under A. */
  readonly top: OrderAgreement;
  readonly flips: readonly FlippedPair[];
}

/**
 * Whether two label sets (people's and an LLM's) rank the systems alike — the question TREC asks of a new
 * judge (Voorhees 2000: τ ≥ 0.9 reads as "equivalent"; Faggioli et al. 2023). Every run is scored under both
 * on `measure`; the two orders are compared by τ_b, τ_AP,b (which weighs swaps among the best systems more)
 * and Spearman's ρ, overall and over the `topK` best systems under A, where agreement is known to weaken
 * (Clarke & Dietz 2024). Every pair of runs whose order flips is listed, flagged where the pair differs
 * significantly under either label set (compare()'s paired test, corrected over all pairs of a label set).
 *
 * Edge rules: a correlation undefined for the means (all tied on one side) is `null`; fewer than two runs
 * are refused.
 *
 * @param runs run name → run (query id → ranking)
 * @throws {RankevalError} what evaluateRun and compare throw for the runs, qrels and options
 */
export function systemAgreement(runs: ByQuery<ByQuery<Ranking>>, qrelsA: ByQuery<Qrels>, qrelsB: ByQuery<Qrels>, options: SystemAgreementOptions = {}): SystemAgreement {
  const fn = 'systemAgreement';
  const { measure = 'ndcg@10', relevanceThreshold = 1, topK = 5, ...testOptions } = ownOptions(options, ['measure', 'relevanceThreshold', 'topK', 'test', 'alpha', 'correction'], fn);
  if (!Number.isSafeInteger(topK) || topK < 2) fail('invalid_option', fn, { kind: 'option', option: 'topK' }, 'an integer ≥ 2', topK);
  const plan = resolveCompareOptions(testOptions, fn);
  const named = runs instanceof Map ? [...(runs as ReadonlyMap<string, ByQuery<Ranking>>)] : Object.entries(runs as Record<string, ByQuery<Ranking>>);
  if (named.length < 2) fail('invalid_option', fn, { kind: 'argument', argument: 'runs' }, 'two runs or more', named.length);
  const score = (qrels: ByQuery<Qrels>): Map<string, { mean: number; perQuery: Float64Array }> =>
    new Map(
      named.map(([name, run]) => {
        const result = evaluateRun(run, qrels, { measures: [measure], relevanceThreshold });
        const ids = Object.keys(result.perQuery).sort();
        return [name, { mean: result.mean[measure]!, perQuery: Float64Array.from(ids, (qid) => result.perQuery[qid]![measure]!) }];
      }),
    );
  const [a, b] = [score(qrelsA), score(qrelsB)];
  const order = named.map(([name]) => ({ run: name, meanA: a.get(name)!.mean, meanB: b.get(name)!.mean })).sort((x, y) => y.meanA - x.meanA);
  const pA = pairPValues(a, plan, measure, fn);
  const pB = pairPValues(b, plan, measure, fn);
  const flips: FlippedPair[] = [];
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length; j++) {
      const [high, low] = [order[i]!, order[j]!];
      if (!(high.meanA > low.meanA && high.meanB < low.meanB)) continue;
      const key = `${high.run}\u0000${low.run}`;
      const [pValueA, pValueB] = [pA.get(key)!, pB.get(key)!];
      flips.push({ higher: high.run, lower: low.run, deltaA: high.meanA - low.meanA, deltaB: high.meanB - low.meanB, pValueA, pValueB, significant: pValueA < plan.alpha || pValueB < plan.alpha });
    }
  }
  return { measure, ...correlations(order), runs: order, top: correlations(order.slice(0, topK)), flips };
}

/** The corrected p-value of the paired test of every pair of runs, keyed `first\0second` both ways. */
function pairPValues(scored: ReadonlyMap<string, { mean: number; perQuery: Float64Array }>, plan: ReturnType<typeof resolveCompareOptions>, measure: string, fn: string): Map<string, number> {
  const names = [...scored.keys()];
  const pairs: [string, string][] = [];
  const raw: number[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const [x, y] = [scored.get(names[i]!)!, scored.get(names[j]!)!];
      const differences = x.perQuery.map((score, q) => score - y.perQuery[q]!);
      raw.push(candidateRow({ measure, name: names[i]!, baseline: names[j]!, mean: x.mean, baseMean: y.mean, differences }, plan, fn).pValue!);
      pairs.push([names[i]!, names[j]!]);
    }
  }
  const corrected = plan.correction === 'holm' ? holm(raw) : plan.correction === 'bonferroni' ? bonferroni(raw) : raw;
  const byPair = new Map<string, number>();
  pairs.forEach(([x, y], i) => byPair.set(`${x}\u0000${y}`, corrected[i]!).set(`${y}\u0000${x}`, corrected[i]!));
  return byPair;
}

/** τ_b, τ_AP,b (A the reference) and Spearman's ρ of the means under A and under B. */
function correlations(runs: readonly { meanA: number; meanB: number }[]): OrderAgreement {
  const x = runs.map((run) => run.meanA);
  const y = runs.map((run) => run.meanB);
  const orNull = (compute: () => number): number | null => {
    try {
      return compute();
    } catch (error) {
      if (isRankevalError(error) && error.code === 'undefined_statistic') return null;
      throw error;
    }
  };
  return { systems: runs.length, tauB: orNull(() => kendallTau(x, y)), tauAPB: orNull(() => tauAP(x, y)), spearman: spearman(x, y) };
}

/** Spearman's ρ: Pearson's correlation of the average ranks; `null` where one side is constant or one item. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  const [rx, ry] = [averageRanks(x).ranks, averageRanks(y).ranks];
  const [mx, my] = [meanOf(rx), meanOf(ry)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}
