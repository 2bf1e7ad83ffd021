// Whether two label sets lead to the same conclusions: the order of the systems under each, its rank
// correlation overall and among the best, and the pairs of systems whose order flips.
import { fail, isRankevalError, mention, RankevalError, reworded } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { readByQuery, readQrels } from '../core/inputs.js';
import { compareUtf8 } from '../core/ordering.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';
import { averageRanks, bonferroni, holm } from '../stats/tests.js';
import { meanOf } from '../stats/mean.js';
import { scoreRunOn } from '../engine/evaluate-run.js';
import { forQueries, resolveRunSettings, type RunSettings } from '../engine/settings.js';
import { resolveCompareOptions, tooFewForPairedTest } from '../analysis/compare.js';
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

/**
 * Whether two label sets (people's and an LLM's) rank the systems alike — the question TREC asks of a new
 * judge (Voorhees 2000: τ ≥ 0.9 reads as "equivalent"; Faggioli et al. 2023). Every run is scored under both
 * on `measure`, over the queries both label sets judge (`queries`); the two orders are compared by τ_b,
 * τ_AP,b (which weighs swaps among the best systems more) and Spearman's ρ, overall and over the `topK` best
 * systems under A, where agreement is known to weaken (Clarke & Dietz 2024). Every pair of runs whose order
 * flips is listed, flagged where the pair differs significantly under either label set (compare()'s paired
 * test, corrected over all pairs of a label set).
 *
 * Edge rules: a correlation undefined for the means (all tied on one side) is `null`; over fewer than two
 * common queries the flips have no p-value (`null`); each is said in `warnings`, as are label sets that judge
 * different queries and correlations over fewer than three systems. Fewer than two runs, no common query and
 * a tie group (an array) in a ranking are refused.
 *
 * @param runs run name → run (query id → ranking)
 * @throws {RankevalError} `invalid_option` for `runs` that are not a Map or an object of run name → run
 *   (or whose reading throws); `no_queries` when the label sets judge no query in common, and what evaluateRun
 *   and compare throw for the runs, qrels and options (a run's error names the run)
 * @example
 * systemAgreement({ bm25, dense, hybrid }, people, llm, { measure: 'ndcg@10' })
 * // => { queries: 50, tauB: 1, tauAPB: 1, spearman: 1, runs: [{ run: 'hybrid', meanA: 0.61, meanB: 0.66 }, …], flips: [], warnings: [] }
 */
export function systemAgreement(runs: ByQuery<ByQuery<Ranking>>, qrelsA: ByQuery<Qrels>, qrelsB: ByQuery<Qrels>, options: SystemAgreementOptions = {}): SystemAgreement {
  const fn = 'systemAgreement';
  const { measure = 'ndcg@10', relevanceThreshold = 1, topK = 5, ...testOptions } = ownOptions(options, ['measure', 'relevanceThreshold', 'topK', 'test', 'alpha', 'correction'], fn);
  if (!Number.isSafeInteger(topK) || topK < 2) fail('invalid_option', fn, { kind: 'option', option: 'topK' }, 'an integer ≥ 2', topK);
  const plan = resolveCompareOptions(testOptions, fn);
  const named = [...readByQuery<ByQuery<Ranking>>(runs, fn, '`runs`', 'invalid_option', 'a Map or an object of run name → run')];
  if (named.length < 2) fail('invalid_option', fn, { kind: 'argument', argument: 'runs' }, 'two runs or more', named.length);
  const [judgedA, judgedB] = [readQrels(qrelsA, fn, '`qrelsA`'), readQrels(qrelsB, fn, '`qrelsB`')];
  const coverage = commonQueries(judgedA, judgedB, fn);
  const score = (judged: ReadonlyMap<string, unknown>): Map<string, { mean: number; perQuery: Float64Array }> => {
    const settings = forQueries(resolveRunSettings(judged, { measures: [measure], relevanceThreshold }, fn), coverage.queries);
    return new Map(named.map(([name, run]) => [name, scoreRun(name, run, settings, measure)]));
  };
  const [a, b] = [score(judgedA), score(judgedB)];
  const order = named.map(([name]) => ({ run: name, meanA: a.get(name)!.mean, meanB: b.get(name)!.mean })).sort((x, y) => y.meanA - x.meanA);
  const tested = tooFewForPairedTest(coverage.queries.length) === undefined;
  const pA = tested ? pairPValues(a, plan, measure, fn) : undefined;
  const pB = tested ? pairPValues(b, plan, measure, fn) : undefined;
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

/** The query ids both label sets judge (query-id order; refused when there is none), and the warnings they call for. */
function commonQueries(judgedA: ReadonlyMap<string, unknown>, judgedB: ReadonlyMap<string, unknown>, fn: string): { queries: string[]; warnings: SystemAgreementWarning[] } {
  const queries = [...judgedA.keys()].filter((qid) => judgedB.has(qid)).sort(compareUtf8);
  if (queries.length === 0) {
    throw new RankevalError({ code: 'no_queries', fn, problem: '`qrelsA` and `qrelsB` judge no query in common: there is nothing to score the runs on under both', expected: 'a query both label sets judge', received: 0 });
  }
  const warnings: SystemAgreementWarning[] = [];
  const [onlyA, onlyB] = [querySample(judgedA, judgedB), querySample(judgedB, judgedA)];
  if (onlyA.count + onlyB.count > 0) warnings.push({ code: 'different_queries', message: differentQueriesText(['qrelsA', 'qrelsB'], onlyA, onlyB, queries.length), onlyA, onlyB });
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

/** One run's mean and per-query scores (query-id order) on `measure`, a RankevalError it throws placed at the run. */
function scoreRun(name: string, run: unknown, settings: RunSettings, measure: string): { mean: number; perQuery: Float64Array } {
  try {
    const result = scoreRunOn(run, settings);
    const ids = Object.keys(result.perQuery).sort(compareUtf8);
    return { mean: result.mean[measure]!, perQuery: Float64Array.from(ids, (qid) => result.perQuery[qid]![measure]!) };
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    throw reworded(error, { at: { ...error.at, run: name }, within: [mention({ kind: 'run', run: name }), ...error.within] });
  }
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
