import { ownOptions } from '../core/boundary.js';
import { combineQuery } from './combine.js';
import { condorcet } from './condorcet.js';
import { FUSE_OPTION_KEYS, planFusion, resolveFuseOptions, type FuseOptions, type FusionPlan } from './options.js';
import { listsOf, queriesOf, readRuns, type FusionRun, type NamedRun } from './runs.js';
import { queryValues } from './values.js';
import type { ByQuery, ScoredDocument } from '../core/types.js';

const FN = 'fuse';

/**
 * Fuses several runs into one (rank fusion, as in hybrid lexical + dense retrieval), query by query.
 *
 * `runs` is an array of runs, or name → run (an object or a Map); a run is query id → `{id, score}` list.
 * Each run's ranking of a query is put in the library's order (score descending, ties by document id
 * descending in UTF-8 byte order, as trec_eval) and cut to its top `depth` when given; r = 1, 2, … is a
 * document's rank there, n the run's length, N the number of candidates (the union of the runs' documents).
 *
 * Normalisations (`norm`, score-based methods only): `none`; `min-max` (s − min) / (max − min); `max`
 * s / max; `sum` (s − min) / Σ(s − min); `zmuv` (s − mean) / σ; `rank` 1 − (r − 1) / n; `borda`
 * 1 − (r − 1) / N, and 0.5 − (n − 1) / (2N) for a candidate the run leaves out.
 *
 * Methods, over the runs holding a document: `combsum` Σ v; `wsum` Σ w_i · v_i; `combmnz` Σ v × count;
 * `combanz` Σ v / count; `combmax` max v; `combmin` min v; `combmed` the median; `rrf` Σ 1 / (k + r),
 * k = 60 by default; `isr` Σ 1 / r² × count; `log_isr` Σ 1 / r² × ln count; `bordafuse` Σ over every run
 * of N − r + 1, or (N − n + 1) / 2 for a document the run leaves out; `condorcet` the candidates ordered
 * by the runs' pairwise majority, scored N, N − 1, …
 *
 * Edge rules: a document missing from a run adds nothing to that run's term (but under `borda` and
 * `bordafuse`, above); a query missing from a run counts as an empty ranking of it; a query every run
 * leaves empty fuses to an empty ranking; ties in the fused scores go by document id descending; any finite
 * scores and weights fuse to finite scores in the formulas' order (a query whose fused scores would pass
 * Number.MAX_VALUE is written divided by a power of two). The formulas are ranx 0.3.20's; where and why
 * this function departs from ranx is in docs/fusion-rules.md.
 *
 * @returns query id → `{id, score}[]` in fused order (UTF-8 byte order of query ids), a run that
 *   `evaluateRun`, `compare` and `writeRun` take
 * @throws {RankevalError} `invalid_option` for an unknown method or norm, a normalisation with a rank-based
 *   method, weights of the wrong length or not finite or with a method other than `wsum`, k not a positive
 *   finite number; `invalid_run` / `invalid_ranking` for a ranking that is not a list of `{id, score}`, a
 *   document listed twice, a score that is not finite
 * @example
 * const a = { q1: [{ id: 'd1', score: 12 }, { id: 'd2', score: 4 }] };
 * const b = { q1: [{ id: 'd2', score: 0.9 }, { id: 'd3', score: -0.3 }] };
 * fuse([a, b], { method: 'rrf' }).get('q1')
 * // => [{ id: 'd2', score: 1/62 + 1/61 }, { id: 'd1', score: 1/61 }, { id: 'd3', score: 1/62 }]
 * @see https://github.com/AmenRa/ranx (ranx 0.3.20, `ranx.fuse`: the formulas matched here)
 * @see Fox & Shaw 1994, Combination of Multiple Searches; Cormack, Clarke & Büttcher 2009, Reciprocal Rank Fusion
 */
export function fuse(runs: readonly FusionRun[] | ByQuery<FusionRun>, options: FuseOptions): Map<string, ScoredDocument[]> {
  const settings = resolveFuseOptions(ownOptions(options, FUSE_OPTION_KEYS, FN), FN);
  const named = readRuns(runs, FN);
  return fuseRuns(named, planFusion(settings, named, FN), queriesOf(named));
}

/** Runs read by `readRuns`, fused as `plan` says, for the queries `queryIds` (in that order). */
export function fuseRuns(runs: readonly NamedRun[], plan: FusionPlan, queryIds: Iterable<string>): Map<string, ScoredDocument[]> {
  const fused = new Map<string, ScoredDocument[]>();
  for (const qid of queryIds) fused.set(qid, fuseQuery(listsOf(runs, qid, plan.depth), plan));
  return fused;
}

/** One query: each run's ranking (ordered, cut) → the fused ranking. */
function fuseQuery(lists: readonly ScoredDocument[][], { method, norm, k, weights }: FusionPlan): ScoredDocument[] {
  if (method === 'condorcet') return condorcet(lists);
  return combineQuery(queryValues(lists, method, norm, k), method, weights);
}
