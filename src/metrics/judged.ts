import { NOT_POOLED, UNJUDGED, type JudgedRanking } from './judged-ranking.js';

/**
 * The share of the top k that is unjudged (trec_eval 10's `unj`): documents absent from the qrels or
 * with a negative grade, divided by k.
 *
 * - The divisor is k even when fewer were retrieved (as P@k): a short ranking is not "well judged".
 * - judged@k = 1 − unj@k is the number to watch when qrels come from an LLM judge or a shallow pool: a
 *   low value means the scores rest on guesses about unjudged documents.
 *
 * @example ranking [r, x, n, x] (x unjudged): unj@4 = 2/4, judged@4 = 0.5, unj@10 = 2/10
 * @see trec_eval 10.0 `unj` (m_unj.c)
 */
export function unjudgedAt(query: JudgedRanking, cutoffs: readonly number[]): number[] {
  const values = cutoffs.map(() => 0);
  let next = 0;
  let unjudged = 0;
  for (let i = 0; i < query.numRet; i++) {
    if (i === cutoffs[next]) {
      values[next] = unjudged / i;
      if (++next === cutoffs.length) return values;
    }
    if (query.rel[i] === NOT_POOLED || query.rel[i] === UNJUDGED) unjudged++;
  }
  // No cutoff: the share of the whole ranking (0 for an empty one).
  for (; next < cutoffs.length; next++) values[next] = cutoffs[next] === Infinity ? (query.numRet === 0 ? 0 : unjudged / query.numRet) : unjudged / cutoffs[next]!;
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
    const depth = Math.min(cutoff, query.numRet);
    let judged = 0;
    for (let i = 0; i < depth; i++) if (query.rel[i] !== NOT_POOLED) judged++;
    return depth === 0 ? 0 : judged / depth;
  });
}
