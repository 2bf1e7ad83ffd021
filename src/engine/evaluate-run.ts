// evaluateRun: a whole run scored at once, through the scorer every entry that scores a run shares.
import type { MeasureKey } from '../measures/registry.js';
import { argument } from '../core/errors.js';
import { readByQuery } from '../core/inputs.js';
import type { CheckedMeasures, EvaluateRunOptions } from './run-options.js';
import type { RunEvaluation } from './run-result.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';
import { scorerOf } from './scorer.js';
import { readRunSettings, type RunSettings } from './settings.js';

/**
 * Scores a whole run: every judged query on every measure, with means overall and per slice.
 *
 * - Every query in `qrels` is scored; one missing from the run scores 0 (an empty ranking), because
 *   dropping failed queries inflates means. Queries of the run without judgments are left out and listed.
 * - Means are summed in query-id order (UTF-8 byte order, as trec_eval sorts), so the result does not depend
 *   on the order of keys.
 * - One pass over each ranking serves every measure and cutoff.
 * - Every score and mean is a finite number: a dcg or idcg that exceeds Number.MAX_VALUE is refused
 *   (`invalid_qrels`), means are taken so that they cannot overflow, and a measure that is 0 / 0 for a
 *   query (Rndcg without a positive ideal gain; trec_eval prints -nan) gives the catalogue's defined value.
 * - Tied scores are ordered as `ties` says (`Ties`); under 'average' each query's score is its expectation
 *   over every order of its tied documents, for the measures that have that form (catalogue: `tieAverage`).
 * - The result states its `conventions`, and `warnings` holds what the checks (`checks`) found: a ranking
 *   holding its own query id, a cutoff beyond the deepest ranking, a scored ranking whose scores all tie.
 *
 * @throws {RankevalError} `unknown_measure` / `invalid_cutoff` for a bad measure name, `invalid_run`
 *   (also for a query id that is not a string), `invalid_ranking`, `invalid_qrels`, `invalid_option` (also
 *   for a key that is not an option, or `ties: 'average'` with a measure that has no tie-averaged form),
 *   `no_relevant` (with `noRelevant: 'error'`), `no_queries` when no judged query is left to average;
 *   `query_in_ranking`, `cutoff_beyond_run`, `all_scores_tied` for a check set to 'error'
 * @example
 * evaluateRun({ q1: ['a', 'b'], q2: ['c'] }, { q1: { b: 1 }, q2: { d: 1 } }, { measures: ['mrr@10', 'recall@5'] })
 * // => { mean: { 'mrr@10': 0.25, 'recall@5': 0.5 }, queries: 2, perQuery: { q1: {…}, q2: {…} }, … }
 */
export function evaluateRun<Name extends string = string>(
  run: ByQuery<Ranking>,
  qrels: ByQuery<Qrels>,
  options: CheckedMeasures<EvaluateRunOptions<Name>, Name>,
): RunEvaluation<MeasureKey<Name>> {
  return scoreRunOn(run, readRunSettings(qrels, options as EvaluateRunOptions, 'evaluateRun')) as RunEvaluation<MeasureKey<Name>>;
}

/**
 * Scores a whole run (query id → ranking) on settings already resolved, as `evaluateRun` does: for the
 * entries that score several runs, or parts of one, on the settings they resolved once.
 */
export function scoreRunOn(run: unknown, settings: RunSettings): RunEvaluation {
  const scorer = scorerOf(settings);
  // A query whose ranking is undefined or null is answered, with nothing: an empty ranking.
  for (const [qid, ranking] of readByQuery<unknown>(run, settings.fn, argument('run'), 'invalid_run')) scorer.addRanking(qid, ranking ?? []);
  return scorer.result();
}
