// Whether two label sets lead to the same conclusions about runs: every run scored under each by the engine,
// then the order agreement of the two score tables (agreement/order-agreement.ts); and the same from score
// tables the caller already has (nugget scores, a judge's per-query scores).
import { fail, isRankevalError, mention, RankevalError, reworded } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { readByQuery, readQrels } from '../core/inputs.js';
import { compareUtf8 } from '../core/ordering.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';
import { meanOf } from '../stats/mean.js';
import type { Correction, PairedTestPlan, SignificanceTest } from '../stats/paired-test.js';
import { scoreRunOn } from '../engine/evaluate-run.js';
import { forQueries, resolveRunSettings, type RunSettings } from '../engine/settings.js';
import { commonQueries, orderAgreement, type SystemAgreement, type SystemScores } from '../agreement/order-agreement.js';
import { resolveCompareOptions } from './compare.js';

export type { FlippedPair, OrderAgreement, QuerySample, SystemAgreement, SystemAgreementWarning } from '../agreement/order-agreement.js';

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
  const { measure = 'ndcg@10', relevanceThreshold = 1, topK, ...testOptions } = ownOptions(options, ['measure', 'relevanceThreshold', 'topK', 'test', 'alpha', 'correction'], fn);
  const { plan, top } = resolveAgreementTest(topK, testOptions, fn);
  const named = [...readByQuery<ByQuery<Ranking>>(runs, fn, '`runs`', 'invalid_option', 'a Map or an object of run name → run')];
  if (named.length < 2) fail('invalid_option', fn, { kind: 'argument', argument: 'runs' }, 'two runs or more', named.length);
  const [judgedA, judgedB] = [readQrels(qrelsA, fn, '`qrelsA`'), readQrels(qrelsB, fn, '`qrelsB`')];
  const coverage = commonQueries(judgedA, judgedB, ['qrelsA', 'qrelsB'], fn);
  const score = (judged: ReadonlyMap<string, unknown>): Map<string, SystemScores> => {
    const settings = forQueries(resolveRunSettings(judged, { measures: [measure], relevanceThreshold }, fn), [...coverage.queries]);
    return new Map(named.map(([name, run]) => [name, scoreRun(name, run, settings, measure)]));
  };
  return orderAgreement(measure, coverage, score(judgedA), score(judgedB), plan, top);
}

/** The options of systemAgreementOfScores. */
export interface ScoreAgreementOptions {
  /** The scores' name, shown as `measure` in the result. Default `'score'`. */
  readonly measure?: string;
  /** How many of the best systems (under `scoresA`) the top figures are over. Default 5. */
  readonly topK?: number;
  /** compare()'s paired test, its level and correction. Defaults: `'t'`, 0.05, `'holm'`. */
  readonly test?: SystemAgreementOptions['test'];
  readonly alpha?: number;
  readonly correction?: SystemAgreementOptions['correction'];
}

/**
 * systemAgreement from per-query scores the caller already has: two tables of run → query → score, one
 * under each label set (or judge, or nugget assigner), with the same runs. A side's runs must score the same
 * queries (give a query a run missed its score, 0 as evaluateRun does); the figures are over the queries
 * both sides score, each mean over them in query-id order (so `systemAgreement(runs, qrelsA, qrelsB)` equals
 * this on evaluateRun's `perQuery` under each). Warnings, edge rules and result as systemAgreement's.
 *
 * @throws {RankevalError} `invalid_option` for a table that is not run → query → score, fewer than two runs,
 *   a run of one side only (`at.run`), a run without a query its side's other runs score (`at.query`), a
 *   score that is not a finite number, or a bad option; `no_queries` when the sides score no query in common
 * @example
 * systemAgreementOfScores({ bm25: { q1: 0.5, q2: 0.2 }, dense: { q1: 0.7, q2: 0.4 }, … }, { bm25: { q1: 0.4, … }, … })
 * // => { measure: 'score', queries: 2, tauB: 1, runs: [{ run: 'dense', meanA: 0.55, meanB: … }, …], flips: [], warnings: […] }
 */
export function systemAgreementOfScores(scoresA: ByQuery<ByQuery<number>>, scoresB: ByQuery<ByQuery<number>>, options: ScoreAgreementOptions = {}): SystemAgreement {
  return agreementOfScores(scoresA, scoresB, options, 'systemAgreementOfScores', ['scoresA', 'scoresB']);
}

/** systemAgreementOfScores as `fn`, its tables named `names` in messages and warnings. */
export function agreementOfScores(scoresA: unknown, scoresB: unknown, options: ScoreAgreementOptions, fn: string, names: readonly [string, string]): SystemAgreement {
  const { measure = 'score', topK, ...testOptions } = ownOptions(options, ['measure', 'topK', 'test', 'alpha', 'correction'], fn);
  if (typeof measure !== 'string') fail('invalid_option', fn, { kind: 'option', option: 'measure' }, 'a string', measure);
  const { plan, top } = resolveAgreementTest(topK, testOptions, fn);
  const [tableA, tableB] = [readScoreTable(scoresA, names[0], fn), readScoreTable(scoresB, names[1], fn)];
  if (tableA.size < 2) fail('invalid_option', fn, { kind: 'argument', argument: names[0] }, 'two runs or more', tableA.size);
  for (const [table, other, name] of [[tableA, tableB, names[1]], [tableB, tableA, names[0]]] as const) {
    for (const run of table.keys()) if (!other.has(run)) fail('invalid_option', fn, `run ${JSON.stringify(run)}`, `a run \`${name}\` scores too`, run, { kind: 'run', run });
  }
  const coverage = commonQueries(tableA.values().next().value!, tableB.values().next().value!, names, fn);
  const side = (table: ReadonlyMap<string, ReadonlyMap<string, number>>): Map<string, SystemScores> =>
    new Map([...tableA.keys()].map((run) => {
      const perQuery = Float64Array.from(coverage.queries, (qid) => table.get(run)!.get(qid)!);
      return [run, { mean: meanOf(perQuery), perQuery }];
    }));
  return orderAgreement(measure, coverage, side(tableA), side(tableB), plan, top);
}

/** `topK` (default 5) and the paired test's options, checked in that order. */
function resolveAgreementTest(topK: unknown = 5, testOptions: object, fn: string): { plan: PairedTestPlan; top: number } {
  if (!Number.isSafeInteger(topK) || (topK as number) < 2) fail('invalid_option', fn, { kind: 'option', option: 'topK' }, 'an integer ≥ 2', topK);
  return { plan: resolveCompareOptions(testOptions, fn), top: topK as number };
}

/**
 * A table of run → query → score read at the boundary: every run scoring the same queries (the first run's),
 * every score a finite number, each refusal naming the run and the query.
 */
function readScoreTable(table: unknown, name: string, fn: string): Map<string, Map<string, number>> {
  const runs = readByQuery<unknown>(table, fn, `\`${name}\``, 'invalid_option', 'a Map or an object of run name → (query id → score)');
  const read = new Map<string, Map<string, number>>();
  let first: Map<string, number> | undefined;
  for (const [run, scores] of runs) {
    const queries = new Map<string, number>();
    for (const [qid, score] of readByQuery<unknown>(scores, fn, `\`${name}\`[${JSON.stringify(run)}]`, 'invalid_option', 'a Map or an object of query id → score')) {
      if (typeof score !== 'number' || !Number.isFinite(score)) {
        throw new RankevalError({ code: 'invalid_option', fn, subject: { kind: 'argument', argument: name }, at: { run, query: qid }, what: `the score of run ${JSON.stringify(run)} on query ${JSON.stringify(qid)} in \`${name}\``, expected: 'a finite number', received: score });
      }
      queries.set(qid, score);
    }
    first ??= queries;
    const missing = [...first.keys()].find((qid) => !queries.has(qid)) ?? [...queries.keys()].find((qid) => !first!.has(qid));
    if (missing !== undefined) {
      const [lacking, other] = queries.has(missing) ? [runs.keys().next().value!, run] : [run, runs.keys().next().value!];
      throw new RankevalError({ code: 'invalid_option', fn, subject: { kind: 'argument', argument: name }, at: { run: lacking, query: missing }, problem: `in \`${name}\`, run ${JSON.stringify(lacking)} has no score on query ${JSON.stringify(missing)}, which run ${JSON.stringify(other)} scores: every run of a table scores the same queries (a query a run missed scores 0)`, expected: 'the same queries for every run', received: missing });
    }
    read.set(run, queries);
  }
  return read;
}

/** One run's mean and per-query scores (query-id order) on `measure`, a RankevalError it throws placed at the run. */
function scoreRun(name: string, run: unknown, settings: RunSettings, measure: string): SystemScores {
  try {
    const result = scoreRunOn(run, settings);
    const ids = Object.keys(result.perQuery).sort(compareUtf8);
    return { mean: result.mean[measure]!, perQuery: Float64Array.from(ids, (qid) => result.perQuery[qid]![measure]!) };
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    throw reworded(error, { at: { ...error.at, run: name }, within: [mention({ kind: 'run', run: name }), ...error.within] });
  }
}
