// evaluateRunByJudge: a run scored against each judge's qrels in turn, as evaluateRun scores it, and each
// query's scores averaged over the judges who judged it (trec_eval's map_avgjg, for any measure).
import { argument, fail, isRankevalError, RankevalError, reworded } from '../core/errors.js';
import { compareUtf8 } from '../core/ordering.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';
import type { Conventions } from '../measures/conventions.js';
import type { MeasureKey } from '../measures/registry.js';
import { meanOf } from '../stats/mean.js';
import { scoreRunOn } from './evaluate-run.js';
import { aggregateRows } from './means.js';
import { emptyRecord, toRecord } from './records.js';
import type { CheckedMeasures, EvaluateRunOptions } from './run-options.js';
import type { MeanScores, RunEvaluation } from './run-result.js';
import { readRunSettings } from './settings.js';

/** Judge → that judge's qrels (query id → judgments), as a Map or an object. */
export type ByJudge<T> = ReadonlyMap<string, T> | Readonly<Record<string, T>>;

/** What `evaluateRunByJudge` returns: the means over the queries of the per-query means over judges, and each judge's own result. */
export interface JudgeEvaluation<Key extends string = string> extends MeanScores<Key> {
  /** Query id → measure name → the mean of the scores of the judges who judged the query. */
  perQuery: Record<string, Record<Key, number>>;
  /** Query id → the judges whose scores `perQuery` averages, in name order (UTF-8 bytes). */
  judges: Record<string, string[]>;
  /** Slice label → means over the queries with that label (empty without `slices`). */
  bySlice: Record<string, MeanScores<Key>>;
  /** Judge → the run scored against that judge's qrels alone, as `evaluateRun` returns it (judges who scored a query). */
  byJudge: Record<string, RunEvaluation<Key>>;
  /** The rules the numbers follow (the same for every judge). */
  conventions: Conventions;
}

/**
 * Scores a run against several judges' qrels: each judge's qrels alone, as `evaluateRun` scores them, and
 * every query's score the mean over the judges who judged that query,
 *
 *   score(q) = (1/|J_q|) Σ_{j ∈ J_q} m_j(q),   J_q = the judges whose qrels hold q,
 *
 * then the run's figure over the queries as the measure aggregates (a mean; gm_map's geometric mean; a sum
 * for the counts). This is trec_eval's averaging over judgment groups (`-R qrels_jg`: map_avgjg, P_avgjg,
 * Rprec_mult_avgjg), for any measure of the catalogue; with one judge it is `evaluateRun`.
 *
 * - A document a judge did not judge is unjudged for that judge, whatever the others said.
 * - A judge whose qrels give a query no relevant document scores it as `noRelevant` says: `zero` (default,
 *   trec_eval's) counts that judge's 0 in the mean; `skip` leaves that judge out of the query's mean (and
 *   the query out, when no judge is left); `error` throws.
 * - A judge who judged no query (or, under `skip`, none with a relevant document) has no result and
 *   counts nowhere.
 * - Judges are summed in name order (UTF-8 bytes), as trec_eval orders its groups, so the result does not
 *   depend on the order of keys. Every option of `evaluateRun` applies to every judge.
 *
 * @throws {RankevalError} as `evaluateRun`, naming the judge whose scoring failed; `invalid_qrels` when
 *   `qrelsByJudge` is not a Map or an object of judge → qrels; `no_queries` when no judge scores a query
 * @example
 * const byJudge = { alice: { q1: { d1: 1, d3: 1 } }, bob: { q1: { d2: 1 } } };
 * evaluateRunByJudge({ q1: ['d1', 'd2', 'd3'] }, byJudge, { measures: ['map'] }).mean.map
 * // => ((1/1 + 2/3) / 2 + 1/2) / 2 ≈ 0.6667
 */
export function evaluateRunByJudge<Name extends string = string>(
  run: ByQuery<Ranking>,
  qrelsByJudge: ByJudge<ByQuery<Qrels>>,
  options: CheckedMeasures<EvaluateRunOptions<Name>, Name>,
): JudgeEvaluation<MeasureKey<Name>> {
  const fn = 'evaluateRunByJudge';
  const byJudge = emptyRecord<RunEvaluation>();
  const judgeNames: string[] = [];
  for (const [judge, qrels] of readJudges(qrelsByJudge, fn)) {
    try {
      byJudge[judge] = scoreRunOn(run, readRunSettings(qrels, options as EvaluateRunOptions, fn));
      judgeNames.push(judge);
    } catch (error) {
      // A judge who judged nothing (or, under `skip`, no query with a relevant document) scores no query.
      if (isRankevalError(error) && error.code === 'no_queries') continue;
      throw isRankevalError(error) ? reworded(error, { within: [{ words: `judge ${JSON.stringify(judge)}` }, ...error.within] }) : error;
    }
  }
  if (judgeNames.length === 0) {
    const skip = (options as EvaluateRunOptions).noRelevant === 'skip' ? ' (or, under `noRelevant: skip`, one with a relevant document)' : '';
    throw new RankevalError({ code: 'no_queries', fn, subject: QRELS_BY_JUDGE, problem: `no judge scored a query: none of \`qrelsByJudge\` judged a query${skip}`, expected: 'a judge with a judged query', received: judgeNames });
  }
  const results = judgeNames.map((judge) => byJudge[judge]!);
  const { conventions } = results[0]!;
  const names = Object.keys(conventions.aggregation);
  const aggregates = names.map((name) => conventions.aggregation[name]!);
  const qids = [...new Set(results.flatMap((result) => Object.keys(result.perQuery)))].sort(compareUtf8);
  const perQuery = emptyRecord<Record<string, number>>();
  const judges = emptyRecord<string[]>();
  const rows: number[][] = [];
  const rowsByLabel = new Map<string, number[][]>();
  for (const qid of qids) {
    const scoring = judgeNames.filter((judge) => Object.hasOwn(byJudge[judge]!.perQuery, qid));
    const row = names.map((name) => meanOf(scoring.map((judge) => byJudge[judge]!.perQuery[qid]![name]!)));
    perQuery[qid] = toRecord(names, row);
    judges[qid] = scoring;
    rows.push(row);
    const labels = byJudge[scoring[0]!]!.mergeable.slices[qid] ?? [];
    for (const label of new Set(labels)) {
      let labelRows = rowsByLabel.get(label);
      if (labelRows === undefined) rowsByLabel.set(label, (labelRows = []));
      labelRows.push(row);
    }
  }
  const meansOf = (scored: readonly (readonly number[])[]): MeanScores => ({ mean: toRecord(names, aggregateRows(scored, aggregates)), queries: scored.length });
  const bySlice = emptyRecord<MeanScores>();
  for (const label of [...rowsByLabel.keys()].sort(compareUtf8)) bySlice[label] = meansOf(rowsByLabel.get(label)!);
  return { ...meansOf(rows), perQuery, judges, bySlice, byJudge, conventions } as JudgeEvaluation<MeasureKey<Name>>;
}

const QRELS_BY_JUDGE = argument('qrelsByJudge');

/** The judges and their qrels, in name order (UTF-8 bytes); at least one. */
function readJudges(qrelsByJudge: unknown, fn: string): [string, unknown][] {
  let entries: [unknown, unknown][];
  if (qrelsByJudge instanceof Map) entries = [...(qrelsByJudge as Map<unknown, unknown>)];
  else if (typeof qrelsByJudge === 'object' && qrelsByJudge !== null && !Array.isArray(qrelsByJudge) && !(Symbol.iterator in qrelsByJudge)) entries = Object.entries(qrelsByJudge);
  else return fail('invalid_qrels', fn, '`qrelsByJudge`', 'a Map or an object of judge → qrels', qrelsByJudge, QRELS_BY_JUDGE);
  for (const [judge] of entries) if (typeof judge !== 'string') fail('invalid_qrels', fn, 'every judge of `qrelsByJudge`', 'a string', judge, QRELS_BY_JUDGE);
  if (entries.length === 0) throw new RankevalError({ code: 'no_queries', fn, subject: QRELS_BY_JUDGE, facts: { count: 0 }, problem: '`qrelsByJudge` has no judge', expected: 'the qrels of one judge or more', received: qrelsByJudge });
  return (entries as [string, unknown][]).sort(([a], [b]) => compareUtf8(a, b));
}
