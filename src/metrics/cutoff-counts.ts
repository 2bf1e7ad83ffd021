// Internal: what the metrics know about one ranking at a cutoff, and the judged documents it was counted
// from. Each metric module turns these counts into its number.

/** What the metrics need to know about the top k of one ranking. */
export interface CutoffCounts {
  /** The cutoff; Infinity means the whole ranking. */
  readonly k: number;
  /** Documents in the top k (fewer than k when the ranking is shorter). */
  readonly retrieved: number;
  /** R: relevant documents in the qrels, retrieved or not. */
  readonly relevant: number;
  /** Relevant documents in the top k. */
  readonly relevantRetrieved: number;
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

/** A judged document found in a ranking: its 1-based rank and its grade. */
export type Hit = readonly [rank: number, grade: number];
