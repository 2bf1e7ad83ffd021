// The report's data as plain values: what it is made from (runs and a golden set), and every chart's numbers.
import type { CompareOptions, Comparison } from '../analysis/compare.js';
import type { BudgetExplanation, Explanation } from '../analysis/explain.js';
import type { LatencySummary } from '../analysis/latency.js';
import type { ByQuery, MetricOptions, Qrels, Ranking } from '../core/types.js';
import type { RunEvaluation } from '../engine/run-result.js';
import type { OverlapOptions, QueryOverlap } from '../agreement/overlap.js';
import type { RboTies } from '../agreement/rbo.js';
import type { TiedRanking } from '../agreement/tie-ranking.js';

/**
 * What a report is made from: a golden set (as `readGoldenSet` gives it) and runs (as `readRun` gives their
 * rankings). Each "→" is a Map or a plain object, as everywhere else in the API.
 */
export interface ReportInput {
  /** Query id → judgments. */
  readonly qrels: ByQuery<Qrels>;
  /**
   * Query id → one label or several (a golden set's `tags`): the slices the report also gives each
   * measure's means over, as `evaluateRun`'s `slices` does. A query with several labels counts in each.
   */
  readonly slices?: ByQuery<string | readonly string[]>;
  /** @deprecated The former name of `slices`; give one of the two. */
  readonly tags?: ByQuery<string | readonly string[]>;
  /** Query id → the question asked, shown with the queries lost most. */
  readonly questions?: ByQuery<string>;
  /** Run name → query id → ranking; the first run is the baseline unless `baseline` says otherwise. */
  readonly runs: ByQuery<ByQuery<Ranking>>;
  /** Run name → query id → the time its ranking took in ms (evaluateRetriever's `latency.perQuery`), for the runs timed. */
  readonly latency?: ByQuery<ByQuery<number>>;
}

/**
 * A report made from per-query scores already computed (nugget scores of RAG answers, a team's own metric),
 * as `compareScores` reads them: no rankings, so the report leaves out what needs them (the recall and
 * precision curves, the rankings beside the queries lost most, latency).
 */
export interface ReportScoresInput {
  /** Run name → query id → measure → score; the first run is the baseline unless `baseline` says otherwise. */
  readonly scores: ByQuery<ByQuery<Readonly<Record<string, number>>>>;
  /** Query id → the question asked, shown with the queries lost most. */
  readonly questions?: ByQuery<string>;
}

export interface ReportOptions extends MetricOptions, Omit<Partial<CompareOptions>, keyof MetricOptions | 'measures'> {
  readonly measures: readonly string[];
  /** Queries shown in "lost most" per candidate; 0 leaves the section out. Default 10. */
  readonly losses?: number;
}

/** One bar: a run's mean on a measure with its confidence interval. */
export interface MeanBar {
  readonly measure: string;
  readonly run: string;
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

/** One point of a recall@k or precision@k curve. */
export interface CurvePoint {
  readonly run: string;
  readonly metric: 'recall' | 'precision';
  readonly k: number;
  readonly value: number;
}

/** One query's difference, candidate − baseline, on one measure. */
export interface QueryDelta {
  readonly query: string;
  readonly delta: number;
  readonly outcome: 'win' | 'tie' | 'loss';
}

export interface DeltaSeries {
  readonly measure: string;
  readonly candidate: string;
  /** Sorted from the largest win to the largest loss (by delta, largest first, where higher is better): wins, then ties, then losses. */
  readonly deltas: QueryDelta[];
}

/** A run's mean on a measure over the queries of one slice. */
export interface SliceMean {
  readonly measure: string;
  /** The slice's label (a golden set's tag). */
  readonly tag: string;
  readonly run: string;
  readonly mean: number;
  readonly queries: number;
}

export interface LostQuery {
  readonly query: string;
  readonly question: string | undefined;
  /** The labels of the slices the query is in. */
  readonly tags: readonly string[];
  readonly delta: number;
  /** The run's view of the query: its top, or under a token budget (the measure's) the window the budget held. */
  readonly baseline: LostView;
  readonly candidate: LostView;
}

/**
 * One run's view of a query lost most, with its score: the top of its ranking, or for a measure with a
 * token budget the window the budget held (`explainWithinBudget`: `top` is the window, `window` where it ends).
 */
export type LostView = (Explanation | BudgetExplanation) & { readonly score: number };

export interface LossList {
  readonly measure: string;
  readonly candidate: string;
  readonly queries: LostQuery[];
}

/** A query lost most in a report made from scores: both runs' scores, no ranking. */
export interface LostScore extends Omit<LostQuery, 'baseline' | 'candidate'> {
  readonly baseline: number;
  readonly candidate: number;
}

/** The queries a candidate lost most on a measure, in a report made from scores. */
export interface ScoreLossList {
  readonly measure: string;
  readonly candidate: string;
  readonly queries: LostScore[];
}

/** A run's latency over its timed queries (`tag` null), or over those of one slice (`tag` its label). */
export interface LatencyRow extends LatencySummary {
  readonly run: string;
  readonly tag: string | null;
}

export interface ReportData {
  readonly runs: string[];
  readonly baseline: string;
  readonly measures: string[];
  readonly queries: number;
  /** The comparison, or null for a single run. */
  readonly comparison: Comparison | null;
  readonly level: number;
  readonly intervalMethod: 't' | 'bootstrap';
  readonly bars: MeanBar[];
  readonly curves: CurvePoint[];
  /** The deepest cutoff of the curves: the longest ranking of any run. */
  readonly depth: number;
  readonly deltas: DeltaSeries[];
  readonly slices: SliceMean[];
  /** The queries each candidate lost most, a list per measure asked for and candidate (measure by measure). */
  readonly losses: LossList[];
  readonly warnings: string[];
  /** The latency of the runs that give it (JSONL `latency_ms`) over their judged queries, overall then per slice; absent when none does. */
  readonly latency?: LatencyRow[];
  /**
   * For a report made from per-query scores (ReportScoresInput) only: the queries each candidate lost most,
   * with both runs' scores. Its `curves` and `losses` are empty and `depth` 0: they need rankings.
   */
  readonly scoreLosses?: ScoreLossList[];
}

/** A run as the report reads it: its scores, how deep it goes, and the means of the curves' measures. */
export interface ReportRun {
  readonly evaluation: RunEvaluation;
  /** Documents in its longest ranking, judged or not. */
  readonly depth: number;
  /** The means of `measures` (the curves' recall@k and P@k), scored as `evaluation` was. */
  curveMeans(measures: readonly string[]): Record<string, number>;
  /** Query id → the time its ranking took in ms, for the queries the run times (JSONL `latency_ms`). */
  readonly latency?: ReadonlyMap<string, number>;
}

/** What the report shows besides the runs' numbers: the judgments, slices and questions, and what cuts a budget. */
export interface ReportContext {
  readonly qrels: ReadonlyMap<string, Qrels>;
  readonly slices: ReadonlyMap<string, readonly string[]> | undefined;
  readonly questions: ReadonlyMap<string, string> | undefined;
  /** Document id → length in tokens, as the runs were scored with (a budget's window is shown from them). */
  readonly lengths?: ReadonlyMap<string, number> | undefined;
  /** The system's k the runs were scored with (no budget window goes deeper); Infinity or absent for none. */
  readonly systemK?: number | undefined;
}

/** What the report of two runs without a golden set is made from (see `overlapReportData`). */
export interface OverlapReportInput {
  /**
   * Run name → query id → ranking: exactly two runs, A then B. A ranking is as `overlap` reads one: ids in
   * rank order, an entry an id or an array of ids tied, or `{id, score}` documents (equal scores tie).
   */
  readonly runs: ByQuery<ByQuery<TiedRanking>>;
  /** Query id → the question asked, shown with the queries that moved most. */
  readonly questions?: ByQuery<string>;
}

export interface OverlapReportOptions extends OverlapOptions {
  /** Queries shown in "moved most", each with both rankings; 0 leaves the list out. Default 10. */
  readonly moved?: number;
}

/** One query's overlap (see `overlap`), named. */
export interface QueryOverlapRow extends QueryOverlap {
  readonly query: string;
}

/** A document of a ranking shown beside the other run's: its ranks there and in the other run. */
export interface OverlapDocument {
  readonly id: string;
  /** The ranks it holds, first and last: the same number, or the span of the tie it is in. */
  readonly ranks: readonly [number, number];
  /** Its ranks in the other run's ranking (to `depth`), or null where the other run does not rank it. */
  readonly other: readonly [number, number] | null;
}

/** A query that moved most, with the top of both runs' rankings. */
export interface MovedQuery extends QueryOverlapRow {
  readonly question: string | undefined;
  /** The top of run A's ranking (to the report's `shown` depth), and its length to `depth`. */
  readonly a: { readonly top: OverlapDocument[]; readonly length: number };
  readonly b: { readonly top: OverlapDocument[]; readonly length: number };
}

/** The report of two runs without a golden set: how much their rankings agree, query by query. */
export interface OverlapReportData {
  readonly kind: 'overlap';
  /** The two runs' names, A then B. */
  readonly runs: string[];
  /** The settings, as `overlap` returns them: `depth` null for whole rankings. */
  readonly p: number;
  readonly ties: RboTies;
  readonly depth: number | null;
  /** The means over the queries both runs rank. */
  readonly mean: QueryOverlap;
  /** Every query both runs rank, the lowest RBO ext first (ties by id), as `overlap`'s `moved`. */
  readonly queries: QueryOverlapRow[];
  /** The first queries of `queries`, each with both rankings: as many as the `moved` option says. */
  readonly moved: MovedQuery[];
  /** How deep the rankings of `moved` are shown. */
  readonly shown: number;
  /** Queries only run A ranks, and only run B: not in the means. */
  readonly onlyA: string[];
  readonly onlyB: string[];
}
