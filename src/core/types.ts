/** Query id → value, as a Map or a plain object. */
export type ByQuery<T> = ReadonlyMap<string, T> | Readonly<Record<string, T>>;

/** A retrieved document with the score the system gave it. */
export interface ScoredDocument {
  readonly id: string;
  readonly score: number;
}

/**
 * A ranking: document ids already in rank order, or scored documents. Scored documents are ordered as
 * trec_eval 9.0.8 orders them: score descending, ties broken by id descending (byte order of the UTF-8 id),
 * whatever order the array is in.
 */
export type Ranking = readonly string[] | readonly ScoredDocument[];

/**
 * Relevance judgments for one query: id → grade (a `Map` or a plain object), or any iterable of ids,
 * each of grade 1. Grades are finite numbers; a negative grade marks a judged document that is never
 * relevant and never adds gain (trec_eval reads negative grades as "in the pool but unjudged").
 */
export type Qrels = ReadonlyMap<string, number> | Readonly<Record<string, number>> | Iterable<string>;

/**
 * The aspects of each query (facts an answer needs, nuggets, TREC's subtopics), for the aspect measures:
 * query id → aspect id → the documents covering that aspect, as judgments (id → grade, or an iterable of
 * ids of grade 1 each); each level a Map or a plain object. A document covers an aspect when its grade for
 * it reaches the relevance level; an aspect that no document covers is not counted.
 *
 * @example { 'combine-offers': { 'discount-rule': ['c1', 'c4'], 'coupon-rule': { c7: 2 } } }
 */
export type Aspects = ByQuery<ByQuery<Qrels>>;

/** One judged document of a preference sub-group: higher levels are preferred; 0 is non-relevant by convention. */
export interface PreferenceJudgment {
  readonly doc: string;
  readonly level: number;
}

/**
 * A query's preference judgments, as trec_eval's -R prefs reads them: judgment group (one person's view of
 * the query at one time) → sub-group → its judged documents. Inside a sub-group a higher level is preferred.
 */
export type QueryPreferences = Readonly<Record<string, Readonly<Record<string, readonly PreferenceJudgment[]>>>>;

/** Query id → its preferences, as parsePreferences reads them. */
export type Preferences = Readonly<Record<string, QueryPreferences>>;

/** Internal: one judgment of a query's preferences, flattened (what the readers give and the counting reads). */
export interface PreferenceLine {
  readonly group: string;
  readonly subgroup: string;
  readonly doc: string;
  readonly level: number;
}

/** How a grade becomes DCG gain: `linear` = grade (trec_eval), `exponential` = 2^grade − 1 (Burges et al.). */
export type Gain = 'linear' | 'exponential';

/**
 * What uncut or cut average precision divides by: `relevant` = R, all relevant documents (trec_eval's
 * map and map_cut), or `min-relevant-k` = min(R, k) (so a perfect top k scores 1 even when R > k).
 */
export type ApDenominator = 'relevant' | 'min-relevant-k';

/**
 * How a ranking of `{id, score}` documents is ordered when scores tie:
 * - `trec` (default): score descending, ties by id descending in UTF-8 byte order, as trec_eval 9.0.8.
 * - `given`: the array's order; scores are still checked (finite numbers) but not used.
 * - `average`: every order of each run of equal scores counts equally, and a score is its expectation over
 *   them (McSherry & Najork, "Computing information retrieval performance measures efficiently in the
 *   presence of tied scores", ECIR 2008). It is the only convention under which renaming a document cannot
 *   change a score: under `trec` a tied relevant document named `z…` outranks one named `a…` (trec_eval#22,
 *   ir_measures#18, beir#105, mteb#5136). Defined for P, recall, F, success, RR, AP, R-precision, DCG, IDCG,
 *   NDCG (and ERR); the other measures refuse it (`invalid_option`). A ranking of plain ids has no scores,
 *   hence no ties: every option reads it as given.
 */
export type Ties = 'trec' | 'given' | 'average';

/**
 * Which way an `{id, score}` ranking's scores rank: `'descending'`, the higher first (similarities, BM25; as
 * trec_eval), or `'ascending'`, the lower first (distances). Ties are ordered as `ties` says either way.
 */
export type ScoreOrder = 'descending' | 'ascending';

/** Options shared by every metric; each metric reads the ones that concern it. */
export interface MetricOptions {
  /** A document counts as relevant when its grade ≥ this threshold (trec_eval's `-l`). Default 1. */
  readonly relevanceThreshold?: number;
  /** DCG family only. Default `linear`. */
  readonly gain?: Gain;
  /** Average precision only. Default `relevant`. */
  readonly apDenominator?: ApDenominator;
  /** How documents of equal score are ordered (`{id, score}` rankings). Default `trec`; see `Ties`. */
  readonly ties?: Ties;
}
