// Internal: counts, in one pass over a ranking, everything the metrics need at several cutoffs. Each metric
// module turns these counts into its number, so that a metric has a single definition whether it is called
// alone, through evaluate() or evaluateRun().
import type { Gain, MetricOptions } from '../core/types.js';
import { indexIds, rankOf, releaseIndex, type IdIndex } from '../core/id-index.js';
import { isRelevant, readJudgments, type Judgments } from '../core/judgments.js';
import { readCutoff, resolveOptions, type ResolvedOptions } from '../core/metric-options.js';
import { orderRanking, type TieGroup } from '../core/ordering.js';
import type { CutoffCounts, Hit } from './judged-ranking.js';
import { expectedCountsFromHits } from './expected-counts.js';
import { addIdealDcg, discountTable, gainOf, hitsGainScale } from './gains.js';

/**
 * Counts at each cutoff (ascending, without duplicates) in one pass, checking that every id is a string
 * that appears once. Only judged documents are looked up, so the cost is O(n + J log J) for n ranked and
 * J judged documents. `gain` null skips DCG.
 */
export function countAtCutoffs(
  ids: readonly unknown[],
  judgments: Judgments,
  cutoffs: readonly number[],
  relevanceThreshold: number,
  gain: Gain | null,
  fn: string,
  where = 'the ranking',
  tieGroups?: readonly TieGroup[],
): CutoffCounts[] {
  const index = indexIds(ids, fn, where);
  // A tie group across the deepest cutoff needs all its documents: averaging, every hit is read.
  const depth = tieGroups !== undefined ? ids.length : Math.min(ids.length, cutoffs[cutoffs.length - 1] ?? 0);
  const hits: Hit[] = [];
  for (const [id, grade] of judgments.grades) {
    if (grade <= 0 && !isRelevant(grade, relevanceThreshold)) continue;
    const rank = rankOf(index, id);
    if (rank !== 0 && rank <= depth) hits.push([rank, grade]);
  }
  releaseIndex(index);
  hits.sort((a, b) => a[0] - b[0]);
  if (tieGroups !== undefined) return expectedCountsFromHits(hits, ids.length, judgments.relevant, cutoffs, relevanceThreshold, gain, tieGroups, fn);
  return countFromHits(hits, ids.length, judgments.relevant, cutoffs, relevanceThreshold, gain, fn);
}

/**
 * Every retrieved document the qrels list (any grade, negative ones included), as (rank, grade) in rank
 * order, found through the ranking's `index`. O(J log J) for J judged documents.
 */
export function judgedHits(index: IdIndex, judgments: Judgments): Hit[] {
  const hits: Hit[] = [];
  for (const [id, grade] of judgments.grades) {
    const rank = rankOf(index, id);
    if (rank !== 0) hits.push([rank, grade]);
  }
  return hits.sort((a, b) => a[0] - b[0]);
}

/**
 * The counts of a ranking of `length` documents whose judged documents are `hits`, in rank order.
 * Shared by the library (which finds the hits by id) and the TREC evaluator (which finds them in bytes).
 */
export function countFromHits(
  hits: readonly Hit[],
  length: number,
  relevant: number,
  cutoffs: readonly number[],
  relevanceThreshold: number,
  gain: Gain | null,
  fn: string,
): CutoffCounts[] {
  const depth = Math.min(length, cutoffs[cutoffs.length - 1] ?? 0);
  const discount = discountTable(gain === null ? 0 : depth);
  const gainScale = hitsGainScale(hits, gain, fn);
  const out: CutoffCounts[] = [];
  let relevantRetrieved = 0;
  let precisionSum = 0;
  let dcg = 0;
  let firstRelevantRank = 0;
  let relevantInTopR = 0;
  let hit = 0;
  for (const k of cutoffs) {
    const limit = Math.min(k, depth);
    for (; hit < hits.length && hits[hit]![0] <= limit; hit++) {
      const [rank, grade] = hits[hit]!;
      if (isRelevant(grade, relevanceThreshold)) {
        relevantRetrieved++;
        precisionSum += relevantRetrieved / rank;
        if (firstRelevantRank === 0) firstRelevantRank = rank;
        if (rank <= relevant) relevantInTopR++;
      }
      if (gain !== null && grade > 0) dcg += (gainOf(grade, gain, fn) * gainScale) / discount[rank]!;
    }
    out.push({
      k,
      retrieved: Math.min(k, length),
      relevant,
      relevantRetrieved,
      precisionSum,
      firstRelevantRank,
      reciprocalRank: firstRelevantRank === 0 ? 0 : 1 / firstRelevantRank,
      success: firstRelevantRank === 0 ? 0 : 1,
      relevantInTopR: k < relevant ? relevantRetrieved : relevantInTopR,
      dcg,
      idcg: 0,
      gainScale,
    });
  }
  return out;
}

/** Everything a metric needs at one cutoff, read and checked at the public boundary of `fn`. */
export function countAt(
  fn: string,
  ranking: unknown,
  qrels: unknown,
  k: unknown,
  options: MetricOptions | undefined,
  needs: { gain?: boolean; ideal?: boolean } = {},
): { counts: CutoffCounts; options: ResolvedOptions } {
  const cutoff = readCutoff(k, fn);
  const resolved = resolveOptions(options, fn);
  const judgments = readJudgments(qrels, resolved.relevanceThreshold, fn);
  const { ids, tieGroups } = orderRanking(ranking, fn, 'the ranking', resolved.ties);
  const counts = countAtCutoffs(ids, judgments, [cutoff], resolved.relevanceThreshold, needs.gain ? resolved.gain : null, fn, 'the ranking', tieGroups);
  if (needs.ideal) addIdealDcg(counts, judgments.grades.values(), resolved.gain, fn);
  return { counts: counts[0]!, options: resolved };
}
