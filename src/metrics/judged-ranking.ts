// Internal: one query as the metrics see it, in one vocabulary. The shared counts (RankingCounts) name the
// same three numbers wherever they are read: at a cutoff (CutoffCounts, counted in one pass from the judged
// hits, which most measures read) or over the whole ranking (JudgedRanking, the grade at every rank with
// markers for the documents the qrels do not grade, which the rank-walking measures read: bpref, infAP,
// interpolated precision, the gain-table measures, RBP, ERR, judged@k …). The TREC evaluator builds both
// from bytes, the library from ids; both hand the same objects to the same measures.

/** The counts every measure starts from, over the whole ranking or its top k. */
export interface RankingCounts {
  /** Documents retrieved: in the ranking (after trec_eval's `-M`), or in its top k. */
  readonly retrieved: number;
  /** R: relevant documents in the qrels, retrieved or not. */
  readonly relevant: number;
  /** Relevant documents retrieved (in the top k). */
  readonly relevantRetrieved: number;
}

/** A judged document found in a ranking: its 1-based rank and its grade. */
export type Hit = readonly [rank: number, grade: number];

/** What the metrics need to know about the top k of one ranking (`retrieved` and `relevantRetrieved` count the top k). */
export interface CutoffCounts extends RankingCounts {
  /** The cutoff; Infinity means the whole ranking. */
  readonly k: number;
  /** Σ precision@i over the ranks i ≤ k that hold a relevant document (AP's numerator). */
  readonly precisionSum: number;
  /**
   * Rank of the first relevant document in the top k, 0 when there is none (tie-averaged counts: the first
   * rank a relevant document can take).
   */
  readonly firstRelevantRank: number;
  /** 1 / firstRelevantRank, 0 when there is none (tie-averaged counts: its expectation). */
  readonly reciprocalRank: number;
  /** 1 when a relevant document is in the top k, else 0 (tie-averaged counts: the probability of one). */
  readonly success: number;
  /**
   * Set by expectedCountsFromHits only: the expectation of context precision, precisionSum /
   * relevantRetrieved, which is not the ratio of their expectations when a tie group crosses k.
   */
  readonly contextPrecision?: number;
  /** Relevant documents among the top min(R, k). */
  readonly relevantInTopR: number;
  /** DCG@k × gainScale (0 unless the gain was asked for). */
  dcg: number;
  /** IDCG@k × gainScale (0 unless the ideal was asked for). */
  idcg: number;
  /**
   * The power of two the gains were multiplied by before they were summed: 1, unless the largest gain is
   * 2^960 or more, where the sums could overflow, or below 2^-960, where they could underflow into the
   * subnormal numbers and lose their bits. Scaling by a power of two is exact, so DCG / IDCG (NDCG) is the
   * same number either way; DCG and IDCG themselves are the sums divided by it (unscaled), which may not be
   * finite, or may be subnormal.
   */
  gainScale: number;
}

// The walks down the ranking test `rel[i] >= level`: a level below 0 takes these markers for relevant, as
// trec_eval's negative -l does. The library's levels are never below 0 (context.ts `with`).
/** Rank holds a document absent from the qrels. */
export const NOT_POOLED = -1;
/** Rank holds a document the qrels list with a negative grade (pooled, not judged). */
export const UNJUDGED = -2;

/** One query over the whole ranking: the grade at every rank and the qrels' grade counts. */
export interface JudgedRanking extends RankingCounts {
  /** Per rank (index 0 = rank 1): a grade ≥ 0, NOT_POOLED or UNJUDGED. */
  readonly rel: Float64Array;
  /** Distinct grades ≥ 0 in the qrels, ascending, and how many documents have each. */
  readonly levels: readonly number[];
  readonly levelCounts: readonly number[];
  /** Retrieved documents absent from the qrels. */
  readonly notPooled: number;
  /** Retrieved documents the qrels list with a negative grade. */
  readonly unjudged: number;
}

/** A `name=value` parameter of the gain-table measures (`ndcg.0=0,1=1,2=3`, `rbp.p=0.8`). */
export interface GainParam {
  readonly name: string;
  /** The name read as C's atol reads it: the grade the gain applies to. */
  readonly level: number;
  readonly gain: number;
}

/** Relevant documents in the qrels at a relevance level: the grades ≥ 0 and ≥ the level. */
export function relevantAtLevel(query: Pick<JudgedRanking, 'levels' | 'levelCounts'>, level: number): number {
  let count = 0;
  query.levels.forEach((grade, i) => {
    if (grade >= level) count += query.levelCounts[i]!;
  });
  return count;
}

/** The same ranking read at another relevance level (relevant and relevantRetrieved change, nothing else). */
export function atLevel(query: JudgedRanking, level: number): JudgedRanking {
  let relevantRetrieved = 0;
  for (let i = 0; i < query.retrieved; i++) if (query.rel[i]! >= level) relevantRetrieved++;
  return { ...query, relevant: relevantAtLevel(query, level), relevantRetrieved };
}

/**
 * The condensed list (Sakai 2007; trec_eval's `-J`; ir_measures' `judged_only=True`): the ranking without
 * the documents the qrels do not grade (absent, or negative grade), the others moved up. The qrels stay
 * whole, so R and the ideal DCG do not change. As trec_eval 9.0.8's form_res_rels.c with
 * judged_docs_only_flag, which keeps the documents with a grade ≥ 0 (test/fixtures/trec-judged-only).
 */
export function judgedOnly(query: JudgedRanking): JudgedRanking {
  const rel = new Float64Array(query.retrieved - query.notPooled - query.unjudged);
  let next = 0;
  for (let i = 0; i < query.retrieved; i++) if (query.rel[i]! >= 0) rel[next++] = query.rel[i]!;
  return { ...query, retrieved: rel.length, rel, notPooled: 0, unjudged: 0 };
}
