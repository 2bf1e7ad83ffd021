import { NOT_POOLED, UNJUDGED, type JudgedRanking } from './judged-ranking.js';

/**
 * The share of the top k that is unjudged (trec_eval 10's `unj`): documents absent from the qrels or with a
 * negative grade, divided by k. rankeval's `judged@k` is 1 − unj@k.
 *
 * unj@k = |unjudged ∩ top k| / k
 *
 * - The divisor is k even when fewer were retrieved (as P@k): trec_eval takes the missing places as
 *   non-relevant, not unjudged, so judged@k = 1 − unj@k counts them as judged.
 * - No cutoff (k = Infinity): the share of the whole ranking, 0 for an empty one (rankeval's; trec_eval
 *   always has a cutoff, default 5, 10, 20).
 * - judged@k is the number to watch when qrels come from an LLM judge or a shallow pool: a low value means
 *   the scores rest on guesses about unjudged documents.
 * - Only in trec_eval 10.0 (`rankeval trec --trec-eval 10`); 9.0.8 has no such measure.
 *
 * @param query the query's dense ranking (src/metrics/judged-ranking.ts)
 * @param cutoffs ascending positive integers, or Infinity
 * @returns one number in [0, 1] per cutoff
 * @example
 * // qrels {r: 1, n: 0}; x1 and x2 unjudged
 * unjudgedAt([r, x1, n, x2], [2, 4, 10]) // => [0.5, 0.5, 0.2] (1/2, 2/4, 2/10); judged@4 = 1 − 2/4 = 0.5
 * @see trec_eval 10.0 `unj` (m_unjudged.c)
 */
export function unjudgedAt(query: JudgedRanking, cutoffs: readonly number[]): number[] {
  const values = cutoffs.map(() => 0);
  let next = 0;
  let unjudged = 0;
  for (let i = 0; i < query.retrieved; i++) {
    if (i === cutoffs[next]) {
      values[next] = unjudged / i;
      if (++next === cutoffs.length) return values;
    }
    if (query.rel[i] === NOT_POOLED || query.rel[i] === UNJUDGED) unjudged++;
  }
  // No cutoff: the share of the whole ranking (0 for an empty one).
  for (; next < cutoffs.length; next++) values[next] = cutoffs[next] === Infinity ? (query.retrieved === 0 ? 0 : unjudged / query.retrieved) : unjudged / cutoffs[next]!;
  return values;
}

/**
 * ir_measures' Judged@k: the share of the top k that the qrels list, divided by the documents actually in
 * the top k, min(k, retrieved).
 *
 * - Any qrels entry counts as judged, grade 0 and negative grades included (a negative grade is "pooled,
 *   not judged" for trec_eval's unj, but it is in the qrels).
 * - Dividing by min(k, retrieved) means a short, fully judged ranking scores 1; rankeval's `judged@k`
 *   (1 − unj@k) divides by k instead. Both are offered: this one as `judged_retrieved`, ir_measures' `Judged`.
 * - An empty ranking scores 0. No cutoff (Infinity): the whole ranking.
 *
 * @example ranking [r, x, n, p] (x absent from the qrels, p with grade −1): Judged@4 = 3/4, Judged@10 = 3/4,
 *   while judged@10 = 1 − unj@10 = 1 − 2/10
 * @see ir_measures 0.4 `Judged@k` (judged provider, from OpenNIR)
 */
export function judgedRetrievedAt(query: JudgedRanking, cutoffs: readonly number[]): number[] {
  return cutoffs.map((cutoff) => {
    const depth = Math.min(cutoff, query.retrieved);
    let judged = 0;
    for (let i = 0; i < depth; i++) if (query.rel[i] !== NOT_POOLED) judged++;
    return depth === 0 ? 0 : judged / depth;
  });
}
