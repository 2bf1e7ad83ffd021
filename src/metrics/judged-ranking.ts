// Internal: one query's ranking as the rank-walking measures see it (bpref, infAP, interpolated precision,
// the gain-table measures, RBP, ERR, judged@k …): the grade at every rank, with markers for documents the
// qrels do not grade, and the qrels' grade counts. The TREC evaluator builds it from bytes, the library
// from ids; both hand the same object to the same measure.

// The walks down the ranking test `rel[i] >= level`: a level below 0 takes these markers for relevant, as
// trec_eval's negative -l does. The library's levels are never below 0 (context.ts `with`).
/** Rank holds a document absent from the qrels. */
export const NOT_POOLED = -1;
/** Rank holds a document the qrels list with a negative grade (pooled, not judged). */
export const UNJUDGED = -2;

/** One query: the grade at every rank and the qrels' grade counts. */
export interface JudgedRanking {
  /** Documents retrieved (after trec_eval's `-M`). */
  readonly numRet: number;
  /** Per rank (index 0 = rank 1): a grade ≥ 0, NOT_POOLED or UNJUDGED. */
  readonly rel: Float64Array;
  /** Distinct grades ≥ 0 in the qrels, ascending, and how many documents have each. */
  readonly levels: readonly number[];
  readonly levelCounts: readonly number[];
  /** Relevant documents in the qrels (grade ≥ the relevance level). */
  readonly numRel: number;
  /** Relevant documents retrieved. */
  readonly numRelRet: number;
  /** Retrieved documents absent from the qrels. */
  readonly numNonpool: number;
  /** Retrieved documents the qrels list with a negative grade. */
  readonly numUnjudgedInPool: number;
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

/** The same ranking read at another relevance level (numRel and numRelRet change, nothing else). */
export function atLevel(query: JudgedRanking, level: number): JudgedRanking {
  let numRelRet = 0;
  for (let i = 0; i < query.numRet; i++) if (query.rel[i]! >= level) numRelRet++;
  return { ...query, numRel: relevantAtLevel(query, level), numRelRet };
}

/**
 * The condensed list (Sakai 2007; trec_eval's `-J`; ir_measures' `judged_only=True`): the ranking without
 * the documents the qrels do not grade (absent, or negative grade), the others moved up. The qrels stay
 * whole, so R and the ideal DCG do not change. As trec_eval 9.0.8's form_res_rels.c with
 * judged_docs_only_flag, which keeps the documents with a grade ≥ 0 (test/fixtures/trec-judged-only).
 */
export function judgedOnly(query: JudgedRanking): JudgedRanking {
  const rel = new Float64Array(query.numRet - query.numNonpool - query.numUnjudgedInPool);
  let next = 0;
  for (let i = 0; i < query.numRet; i++) if (query.rel[i]! >= 0) rel[next++] = query.rel[i]!;
  return { ...query, numRet: rel.length, rel, numNonpool: 0, numUnjudgedInPool: 0 };
}
