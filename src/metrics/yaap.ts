import type { CutoffCounts } from './judged-ranking.js';

/**
 * Yet Another Average Precision (Robertson, ECIR 2012, "On the contributions of topics to system
 * evaluation"; trec_eval's `yaap`): AP's numerator S set against what it leaves out, on a log scale, so that
 * a topic's value can be averaged with other topics' without AP's crowding near 0 and 1.
 *
 * yaap@k = log((1 + S) / (1 + R − S)),  S = Σ_{i ≤ k, doc i relevant} P@i  (AP@k = S / R)
 *
 * - Natural log. S ≤ R, so the ratio is positive: yaap lies in [−log(1 + R), log(1 + R)], 0 where
 *   S = R / 2, and rises with AP on one topic.
 * - R = 0 (no relevant document): S = 0 and yaap = log(1 / 1) = 0. An empty ranking: −log(1 + R).
 * - As trec_eval 9.0.8's m_yaap.c: S over the whole ranking (no cutoff), R every relevant document of the
 *   qrels, and the query's value averaged arithmetically over queries.
 *
 * @example yaapFromCounts(counts of ['G', 'x', 'T', 'y', 'z'] against { T: 2, G: 1, F: 1 })
 *   // S = 1/1 + 2/3 = 5/3, R = 3: log((1 + 5/3) / (1 + 3 − 5/3)) = log(8/7) ≈ 0.1335
 */
export function yaapFromCounts(counts: CutoffCounts): number {
  return Math.log((1 + counts.precisionSum) / (1 + counts.relevant - counts.precisionSum));
}
