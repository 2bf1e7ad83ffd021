// The order agreement of two sets of per-query scores of the same systems (under two label sets, two
// judges, two nugget assigners): the order of their means under each, its rank correlation overall and
// among the best, and the pairs of systems whose order flips, each with its paired p-values. It reads
// score tables, never runs: the scoring is the caller's (analysis/system-agreement.ts scores runs).
import { argument, isRankevalError, RankevalError } from '../core/errors.js';
import { compareUtf8 } from '../core/ordering.js';
import { averageRanks } from '../stats/tests.js';
import { meanOf } from '../stats/mean.js';
import { corrected, pairedPValue, tooFewForPairedTest, type PairedTestPlan } from '../stats/paired-test.js';
import { kendallTau } from './kendall.js';
import { tauAP } from './tau-ap.js';

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
  /** The corrected p-values of the paired test under each label set; `null` over fewer than two queries (no test). */
  readonly pValueA: number | null;
  readonly pValueB: number | null;
  /** The pair differs significantly under either label set; `null` where there is no test. */
  readonly significant: boolean | null;
}

/** Up to five query ids (in query-id order) and how many there are in all. */
export interface QuerySample {
  readonly count: number;
  readonly queries: readonly string[];
}

/**
 * What makes systemAgreement's figures say less than they seem to, as data (`code`, one line in `message`):
 * - `different_queries`: the label sets judge different queries; the means are over those both judge, and
 *   `onlyA`, `onlyB` are the ones left out;
 * - `no_queries`: fewer than two queries both judge (`queries`), too few for the paired test: the flips have
 *   no p-value;
 * - `few_systems`: the correlations of `scope` (`all`, or the `top` k) are over fewer than three systems
 *   (`systems`), where τ_b, τ_AP,b and ρ are 1, −1 or undefined whatever the labels.
 */
export type SystemAgreementWarning =
  | { readonly code: 'different_queries'; readonly message: string; readonly onlyA: QuerySample; readonly onlyB: QuerySample }
  | { readonly code: 'no_queries'; readonly message: string; readonly queries: number }
  | { readonly code: 'few_systems'; readonly message: string; readonly scope: 'all' | 'top'; readonly systems: number }
  | { readonly code: 'tied_means'; readonly message: string; readonly scope: 'all' | 'top'; readonly side: 'A' | 'B' | 'both' };

export interface SystemAgreement extends OrderAgreement {
  readonly measure: string;
  /** The queries both label sets judge: every mean and paired test is over them. */
  readonly queries: number;
  /** Each run's mean under each label set, best under A first. */
  readonly runs: readonly { readonly run: string; readonly meanA: number; readonly meanB: number }[];
  /** The same correlations over the `topK` best systems under A. */
  readonly top: OrderAgreement;
  readonly flips: readonly FlippedPair[];
  readonly warnings: readonly SystemAgreementWarning[];
}

/** One system's scores on one side: its mean, and its score on each query the figures are over (query-id order). */
export interface SystemScores {
  readonly mean: number;
  readonly perQuery: Float64Array;
}

/** The queries both sides score (query-id order), and the warnings they call for. */
export interface QueryCoverage {
  readonly queries: readonly string[];
  readonly warnings: readonly SystemAgreementWarning[];
}

/**
 * The agreement of two sides' scores of the same systems over `coverage.queries`: the systems in order of
 * their mean under A; τ_b, τ_AP,b (A the reference) and Spearman's ρ of the means, overall and over the
 * `topK` best under A; every pair whose order flips (ahead under A, behind under B), with each side's
 * corrected p-value of the paired test of `plan` (over all pairs of a side; `null` over fewer than two
 * queries). Ties do not flip. The warnings of `coverage` come first, then few_systems and tied_means.
 *
 * @param a system → scores under A, in the caller's order; `b` the same systems under B
 */
export function orderAgreement(measure: string, coverage: QueryCoverage, a: ReadonlyMap<string, SystemScores>, b: ReadonlyMap<string, SystemScores>, plan: PairedTestPlan, topK: number): SystemAgreement {
  const order = [...a.keys()].map((name) => ({ run: name, meanA: a.get(name)!.mean, meanB: b.get(name)!.mean })).sort((x, y) => y.meanA - x.meanA);
  const tested = tooFewForPairedTest(coverage.queries.length) === undefined;
  const pA = tested ? pairPValues(a, plan) : undefined;
  const pB = tested ? pairPValues(b, plan) : undefined;
  const flips: FlippedPair[] = [];
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length; j++) {
      const [high, low] = [order[i]!, order[j]!];
      if (!(high.meanA > low.meanA && high.meanB < low.meanB)) continue;
      const key = `${high.run}\u0000${low.run}`;
      const [pValueA, pValueB] = [pA?.get(key) ?? null, pB?.get(key) ?? null];
      const significant = pValueA === null || pValueB === null ? null : pValueA < plan.alpha || pValueB < plan.alpha;
      flips.push({ higher: high.run, lower: low.run, deltaA: high.meanA - low.meanA, deltaB: high.meanB - low.meanB, pValueA, pValueB, significant });
    }
  }
  const [all, top] = [correlations(order), correlations(order.slice(0, topK))];
  const warnings = [...coverage.warnings, ...fewSystems(all, top), ...tiedMeans(order, topK)];
  return { measure, queries: coverage.queries.length, ...all, runs: order, top, flips, warnings };
}

/**
 * The query ids both sides score (query-id order; refused as `no_queries` when there is none, in the words of
 * `names`, the sides' argument names), and the different_queries and no_queries warnings they call for.
 */
export function commonQueries(queriesA: ReadonlyMap<string, unknown>, queriesB: ReadonlyMap<string, unknown>, names: readonly [string, string], fn: string): QueryCoverage {
  const queries = [...queriesA.keys()].filter((qid) => queriesB.has(qid)).sort(compareUtf8);
  if (queries.length === 0) {
    throw new RankevalError({ code: 'no_queries', fn, subject: argument(names[0]), facts: { with: argument(names[1]), count: 0 }, problem: `\`${names[0]}\` and \`${names[1]}\` judge no query in common: there is nothing to score the runs on under both`, expected: 'a query both label sets judge', received: 0 });
  }
  const warnings: SystemAgreementWarning[] = [];
  const [onlyA, onlyB] = [querySample(queriesA, queriesB), querySample(queriesB, queriesA)];
  if (onlyA.count + onlyB.count > 0) warnings.push({ code: 'different_queries', message: differentQueriesText(names, onlyA, onlyB, queries.length), onlyA, onlyB });
  const tooFew = tooFewForPairedTest(queries.length);
  if (tooFew !== undefined) warnings.push({ code: 'no_queries', message: `${tooFew.problem}: the flipped pairs have no p-value`, queries: queries.length });
  return { queries, warnings };
}

/** The queries of `judged` that `other` does not judge: how many, and the first five in query-id order. */
function querySample(judged: ReadonlyMap<string, unknown>, other: ReadonlyMap<string, unknown>): QuerySample {
  const only = [...judged.keys()].filter((qid) => !other.has(qid)).sort(compareUtf8);
  return { count: only.length, queries: only.slice(0, 5) };
}

/**
 * The different_queries warning in the words of `names` (the label sets' names: `qrelsA`, or the files):
 * `qrelsA and qrelsB judge different queries: 2 only qrelsA judges (q3, q4), none only qrelsB judges; the
 * means are over the 4 both judge`.
 */
export function differentQueriesText(names: readonly [string, string], onlyA: QuerySample, onlyB: QuerySample, common: number): string {
  const only = ({ count, queries }: QuerySample, name: string): string =>
    count === 0 ? `none only ${name} judges` : `${count} only ${name} judges (${queries.join(', ')}${count > queries.length ? ', …' : ''})`;
  return `${names[0]} and ${names[1]} judge different queries: ${only(onlyA, names[0])}, ${only(onlyB, names[1])}; the means are over the ${common} both judge`;
}

/** The few_systems warning, for the correlations over all systems or else over the top k. */
function fewSystems(all: OrderAgreement, top: OrderAgreement): SystemAgreementWarning[] {
  const [scope, order] = all.systems < 3 ? (['all', all] as const) : top.systems < 3 ? (['top', top] as const) : [undefined, undefined];
  if (scope === undefined) return [];
  const over = scope === 'all' ? `${order.systems} systems` : `the top ${order.systems} systems`;
  const message = `τ_b, τ_AP,b and Spearman's ρ over ${over} are 1, −1 or undefined whatever the labels: they say nothing of the labels' agreement`;
  return [{ code: 'few_systems', message, scope, systems: order.systems }];
}

/**
 * The tied_means warning: every system's mean the same under a label set (over all, or the top `topK`
 * under A), which leaves τ_b, τ_AP,b and ρ undefined (`null`, blank in the CLI) — said, not left blank.
 * Over fewer than three systems few_systems says enough.
 */
function tiedMeans(order: readonly { meanA: number; meanB: number }[], topK: number): SystemAgreementWarning[] {
  for (const [scope, runs] of [['all', order], ['top', order.slice(0, topK)]] as const) {
    if (runs.length < 3) continue;
    const [tiedA, tiedB] = [runs.every((run) => run.meanA === runs[0]!.meanA), runs.every((run) => run.meanB === runs[0]!.meanB)];
    if (!tiedA && !tiedB) continue;
    const side = tiedA && tiedB ? 'both' : tiedA ? 'A' : 'B';
    const under = side === 'both' ? 'under both label sets' : `under ${side}`;
    const over = scope === 'all' ? `all ${runs.length} systems` : `the top ${runs.length} systems`;
    const message = `${over} have one mean ${under} (${side === 'B' ? runs[0]!.meanB : runs[0]!.meanA}): τ_b, τ_AP,b and Spearman's ρ are undefined, left blank`;
    return [{ code: 'tied_means', message, scope, side }];
  }
  return [];
}

/** The corrected p-value of the paired test of every pair of systems, keyed `first\0second` both ways. */
function pairPValues(scored: ReadonlyMap<string, SystemScores>, plan: PairedTestPlan): Map<string, number> {
  const names = [...scored.keys()];
  const pairs: [string, string][] = [];
  const raw: number[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const [x, y] = [scored.get(names[i]!)!, scored.get(names[j]!)!];
      raw.push(pairedPValue(x.perQuery.map((score, q) => score - y.perQuery[q]!), plan));
      pairs.push([names[i]!, names[j]!]);
    }
  }
  const adjusted = corrected(raw, plan.correction);
  const byPair = new Map<string, number>();
  pairs.forEach(([x, y], i) => byPair.set(`${x}\u0000${y}`, adjusted[i]!).set(`${y}\u0000${x}`, adjusted[i]!));
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
