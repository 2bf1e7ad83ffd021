// trec_eval's two counts of the relevant documents a query retrieved, which part at a negative -l. Its ranked
// measures (P, recall, map, map_cut, gm_map, Rprec, recip_rank, success) test the value at each rank against
// the level, and a rank without a grade holds -1 (absent from the qrels) or -2 (a negative grade: pooled,
// not judged): at -l -1 every absent document counts as relevant, at -l -2 or below every document, so map
// or recall can pass 1. Its set measures (set_P, set_recall, set_F) read num_rel_ret, which counts graded
// documents only. R (num_rel) counts grades ≥ 0 alone at every level. At a level ≥ 0 the two agree.
import type { Hit, JudgedRanking } from '../metrics/judged-ranking.js';

/** The trec_eval measures counted from num_rel_ret (graded documents only), whatever the level. */
export const GRADED_COUNTS: ReadonlySet<string> = new Set(['set_P', 'set_recall', 'set_F']);

/** The graded ranks (grade ≥ 0), as (rank, grade): what every measure but the ranked ones at a negative level reads. */
export function gradedHits(query: JudgedRanking): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < query.retrieved; i++) if (query.rel[i]! >= 0) hits.push([i + 1, query.rel[i]!]);
  return hits;
}

/**
 * The ranks trec_eval's ranked measures count at `level` < 0: the graded ones, and those whose -1 or -2 is
 * ≥ the level, as grade 0 (relevant at a level ≤ 0, and no gain for the DCG of the same counts).
 */
export function rankedHits(query: JudgedRanking, level: number): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < query.retrieved; i++) {
    const rel = query.rel[i]!;
    if (rel >= 0) hits.push([i + 1, rel]);
    else if (rel >= level) hits.push([i + 1, 0]);
  }
  return hits;
}
