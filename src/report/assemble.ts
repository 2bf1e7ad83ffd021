// Every chart's numbers from runs already scored: means with intervals, the curves, per-query differences,
// per-slice means, the queries lost most and the latency. Computed with the library's own functions
// (confidenceInterval, compareEvaluations, explainRanking), so a chart never has a formula of its own.
import { compareEvaluations, comparisonOfScores, runWarningText, type Comparison, type ReadScores } from '../analysis/compare.js';
import { confidenceInterval } from '../analysis/confidence.js';
import { explainWithinBudget, type Explanation } from '../analysis/explain.js';
import { latencyOf } from '../analysis/latency.js';
import { compareUtf8 } from '../core/ordering.js';
import { fail, option } from '../core/errors.js';
import { towardsBetter } from '../measures/reading.js';
import { parseMeasure } from '../measures/registry.js';
import type { ScoreOrder, Ties } from '../core/types.js';
import type { CurvePoint, DeltaSeries, LatencyRow, LostQuery, LostView, MeanBar, QueryDelta, ReportContext, ReportData, ReportOptions, ReportRun, SliceMean } from './types.js';
import type { RunEvaluation } from '../engine/run-result.js';

/** How deep the report shows a ranking, at most. */
export const SHOWN_DEPTH = 20;

/** How a run's ranking of a query is shown: as `explainRanking` with these gives it. */
type ExplainQuery = (run: string, qid: string, shown: { readonly depth: number; readonly relevanceThreshold?: number; readonly ties?: Ties; readonly scoreOrder?: ScoreOrder }) => Explanation;

/**
 * Cutoffs for curves on a log axis: every k up to 10, then 1–2–3–5 steps per decade, and the depth itself.
 */
export function curveCutoffs(depth: number): number[] {
  const cutoffs = new Set<number>();
  for (let k = 1; k <= Math.min(depth, 10); k++) cutoffs.add(k);
  for (let decade = 10; decade <= depth; decade *= 10) for (const step of [1, 1.5, 2, 3, 5, 7]) if (decade * step <= depth) cutoffs.add(decade * step);
  if (depth >= 1) cutoffs.add(depth);
  return [...cutoffs].sort((a, b) => a - b);
}

/**
 * Everything the report shows, from runs already scored (in memory by `reportData`, or as their files
 * were read by `rankeval report`); `explainQuery` gives the view of a run's ranking of one of the queries
 * lost most (lostQueries), as `explainRanking` with `shown` gives it (the whole ranking when `shown.depth`
 * is Infinity: a budget's window is cut from it).
 */
export function assembleReport(
  scored: ReadonlyMap<string, ReportRun>,
  context: ReportContext,
  options: ReportOptions,
  lossCount: number,
  fn: string,
  explainQuery: ExplainQuery,
): ReportData {
  const ordered = [...scored.keys()];
  const baseline = ordered[0]!;
  const evaluations = new Map([...scored].map(([name, run]) => [name, run.evaluation]));
  const comparison = ordered.length > 1 ? compareEvaluations(evaluations, { ...options, baseline }, fn) : null;
  const depth = Math.max(1, ...[...scored.values()].map((run) => run.depth));
  const latency = latencyRows(scored, context.slices);
  return {
    ...assembleScores(evaluations, comparison, options),
    curves: curvePoints(scored, depth),
    depth,
    losses: lossLists(evaluations, context, options, lossCount, rankingViews(scored, context, options, fn, explainQuery)),
    warnings: warningsOf(comparison, evaluations.get(baseline)!, baseline),
    ...(latency.length === 0 ? {} : { latency }),
  };
}

/**
 * The report of per-query scores given (`readScores`, the runs in the report's order): the same means,
 * differences, per-query losses and comparison (`comparisonOfScores`), without what needs rankings — no
 * curves (`depth` 0), the queries lost most with their scores and no ranking.
 */
export function assembleScoresReport(read: ReadScores, questions: ReadonlyMap<string, string> | undefined, options: ReportOptions, lossCount: number, fn: string): ReportData {
  // The baseline first, as the report orders runs; no slices.
  const names = [read.baseline, ...[...read.scored.keys()].filter((name) => name !== read.baseline)];
  const scored = new Map(names.map((name) => [name, { ...read.scored.get(name)!, bySlice: {} }]));
  const comparison = scored.size > 1 ? comparisonOfScores(read, fn) : null;
  const score = (measure: string) => (run: string, qid: string): number => scored.get(run)!.perQuery[qid]![measure]!;
  return { ...assembleScores(scored, comparison, options), curves: [], depth: 0, losses: [], scoreLosses: lossLists(scored, { slices: undefined, questions }, options, lossCount, score), warnings: [] };
}

/** The runs' per-query scores as the report reads them: query id → measure → score, the means, the means per slice. */
type ReportScores = Pick<RunEvaluation, 'perQuery' | 'mean' | 'bySlice'>;

/** What every report shows from per-query scores, however they were made: means with intervals, per-query differences, means per slice. */
function assembleScores(evaluations: ReadonlyMap<string, ReportScores>, comparison: Comparison | null, options: ReportOptions) {
  const { measures } = options;
  const ordered = [...evaluations.keys()];
  const baseline = ordered[0]!;
  const alpha = options.alpha ?? 0.05;
  const intervalMethod = comparison?.interval ?? options.interval ?? (options.test === 'bootstrap' ? 'bootstrap' : 't');
  const base = evaluations.get(baseline)!;
  const interval = { level: 1 - alpha, method: intervalMethod, ...(options.permutations === undefined ? {} : { samples: options.permutations }), ...(options.seed === undefined ? {} : { seed: options.seed }) };
  return {
    runs: ordered,
    baseline,
    measures: [...measures],
    queries: Object.keys(base.perQuery).length,
    comparison,
    level: 1 - alpha,
    intervalMethod,
    bars: meanBars(evaluations, measures, interval),
    deltas: ordered.slice(1).flatMap((candidate) => measures.map((measure): DeltaSeries => ({ measure, candidate, deltas: queryDeltas(base, evaluations.get(candidate)!, measure) }))),
    slices: sliceMeans(evaluations, measures),
  };
}

/** One run has no comparison to hold its checks' warnings: they are the report's, worded as compare words them. */
const warningsOf = (comparison: Comparison | null, base: RunEvaluation, baseline: string): string[] =>
  comparison?.warnings ?? base.warnings.map((warning) => runWarningText(baseline, warning));

/** Each run's mean on each measure, with its confidence interval over the queries. */
function meanBars(evaluations: ReadonlyMap<string, ReportScores>, measures: readonly string[], interval: Parameters<typeof confidenceInterval>[1]): MeanBar[] {
  const queryIds = Object.keys(evaluations.values().next().value!.perQuery);
  return measures.flatMap((measure) =>
    [...evaluations].map(([run, evaluation]): MeanBar => {
      const scores = queryIds.map((qid) => evaluation.perQuery[qid]![measure]!);
      const { low, high } = scores.length >= 2 ? confidenceInterval(scores, interval) : { low: scores[0]!, high: scores[0]! };
      return { measure, run, mean: evaluation.mean[measure]!, low, high };
    }),
  );
}

/** Each run's mean recall@k and P@k at the curves' cutoffs, up to `depth`. */
function curvePoints(scored: ReadonlyMap<string, ReportRun>, depth: number): CurvePoint[] {
  const cutoffs = curveCutoffs(depth);
  const curveMeasures = cutoffs.flatMap((k) => [`recall@${k}`, `P@${k}`]);
  return [...scored].flatMap(([run, scoredRun]) => {
    const means = scoredRun.curveMeans(curveMeasures);
    return cutoffs.flatMap((k): CurvePoint[] => [
      { run, metric: 'recall', k, value: means[`recall@${k}`]! },
      { run, metric: 'precision', k, value: means[`P@${k}`]! },
    ]);
  });
}

/** Each run's mean on each measure over the queries of each slice. */
function sliceMeans(evaluations: ReadonlyMap<string, ReportScores>, measures: readonly string[]): SliceMean[] {
  const labels = Object.keys(evaluations.values().next().value!.bySlice);
  return measures.flatMap((measure) =>
    labels.flatMap((label) => [...evaluations].map(([run, evaluation]): SliceMean => ({ measure, tag: label, run, mean: evaluation.bySlice[label]!.mean[measure]!, queries: evaluation.bySlice[label]!.queries }))),
  );
}

/** The queries "lost most" shows for each candidate (runs[1…]) on `measure`, worst first (the worse direction as `higherIsBetter` says). */
export function lostQueries(scored: ReadonlyMap<string, Pick<ReportScores, 'perQuery'>>, runs: readonly string[], measure: string, lossCount: number): Map<string, QueryDelta[]> {
  const base = scored.get(runs[0]!)!;
  const lost = new Map<string, QueryDelta[]>();
  if (lossCount === 0) return lost;
  for (const candidate of runs.slice(1)) {
    lost.set(
      candidate,
      queryDeltas(base, scored.get(candidate)!, measure)
        .filter((entry) => entry.outcome === 'loss')
        .sort((a, b) => towardsBetter(measure, a.delta) - towardsBetter(measure, b.delta) || compareUtf8(a.query, b.query))
        .slice(0, lossCount),
    );
  }
  return lost;
}

/** How a run's view of a query lost most on a measure is made: `view(measure)(run, qid)`. */
type LossView<View> = (measure: string) => (run: string, qid: string) => View;

/** The queries a candidate lost most on a measure, each with both runs' view of it (a ranking, or a score). */
interface LossListOf<View> {
  readonly measure: string;
  readonly candidate: string;
  readonly queries: (Omit<LostQuery, 'baseline' | 'candidate'> & { readonly baseline: View; readonly candidate: View })[];
}

/** The queries each candidate lost most on each measure (measure by measure, candidates in order), each with both runs' view of it. */
function lossLists<View>(scored: ReadonlyMap<string, Pick<ReportScores, 'perQuery'>>, context: Pick<ReportContext, 'slices' | 'questions'>, options: ReportOptions, lossCount: number, view: LossView<View>): LossListOf<View>[] {
  const { slices, questions } = context;
  const ordered = [...scored.keys()];
  const baseline = ordered[0]!;
  // No query shown is no section, rather than a list that says no query was lost.
  return options.measures.flatMap((measure) => {
    const explain = view(measure);
    return [...lostQueries(scored, ordered, measure, lossCount)].map(([candidate, lost]): LossListOf<View> => ({
      measure,
      candidate,
      queries: lost.map(({ query, delta }) => ({
        query,
        question: questions?.get(query),
        tags: slices?.get(query) ?? [],
        delta,
        baseline: explain(baseline, query),
        candidate: explain(candidate, query),
      })),
    }));
  });
}

/** Each run's ranking of a query lost most, as the measure read it, with its score. */
function rankingViews(scored: ReadonlyMap<string, ReportRun>, context: ReportContext, options: ReportOptions, fn: string, explainQuery: ExplainQuery): LossView<LostView> {
  const { lengths, systemK } = context;
  // The rankings shown go as deep as the deepest cutoff asked for (at least 10, at most SHOWN_DEPTH).
  const depthShown = Math.max(10, ...options.measures.map((measure) => parseMeasure(measure).cutoff).filter((k) => k !== Infinity));
  const { relevanceThreshold, ties, scoreOrder } = options;
  const view = { ...(relevanceThreshold === undefined ? {} : { relevanceThreshold }), ...(ties === undefined ? {} : { ties }), ...(scoreOrder === undefined ? {} : { scoreOrder }) };
  return (measure) => {
    const budget = (parseMeasure(measure).params as { budget?: number }).budget;
    return (run, qid) => {
      const score = scored.get(run)!.evaluation.perQuery[qid]![measure]!;
      if (budget === undefined || lengths === undefined) return { ...explainQuery(run, qid, { depth: Math.min(depthShown, SHOWN_DEPTH), ...view }), score };
      // Under a budget the view is the window the measure read, cut from the whole ranking as the scoring cut it.
      const tokens = (id: string): number => lengths.get(id) ?? fail('invalid_option', fn, `\`lengths\` of query ${JSON.stringify(qid)}`, `a length for document ${JSON.stringify(id)}`, undefined, { subject: option('lengths'), at: { query: qid }, facts: { key: id } });
      return { ...explainWithinBudget(explainQuery(run, qid, { depth: Infinity, ...view }), budget, systemK ?? Infinity, tokens, SHOWN_DEPTH), score };
    };
  };
}

/**
 * Each timed run's latency over the judged queries it times (those the means are over: a timed query
 * nobody judged is left out, as it is of every other figure), then per slice, as `latencyOf` summarises
 * evaluateRetriever's: the same sums in the same order, slices in UTF-8 order of their labels.
 */
function latencyRows(scored: ReadonlyMap<string, ReportRun>, slices: ReadonlyMap<string, readonly string[]> | undefined): LatencyRow[] {
  const rows: LatencyRow[] = [];
  for (const [run, { latency, evaluation }] of scored) {
    if (latency === undefined) continue;
    const judged = new Map<string, number>();
    for (const qid of Object.keys(evaluation.perQuery)) {
      const time = latency.get(qid);
      if (time !== undefined) judged.set(qid, time);
    }
    if (judged.size === 0) continue;
    const { mean, p50, p90, p95, p99, max, queries, bySlice } = latencyOf(judged, slices);
    rows.push({ run, tag: null, mean, p50, p90, p95, p99, max, queries });
    // By key, not Object.entries: a label such as "2024" would come first there, as an array index does.
    for (const label of Object.keys(bySlice).sort(compareUtf8)) rows.push({ run, tag: label, ...bySlice[label]! });
  }
  return rows;
}

/**
 * Candidate − baseline per query, the largest win first and the largest loss last (ties among equal deltas
 * by query id): largest first, or smallest first for a measure where lower is better (`higherIsBetter`).
 */
function queryDeltas(base: Pick<ReportScores, 'perQuery'>, candidate: Pick<ReportScores, 'perQuery'>, measure: string): QueryDelta[] {
  return Object.keys(base.perQuery)
    .map((query): QueryDelta & { gain: number } => {
      const delta = candidate.perQuery[query]![measure]! - base.perQuery[query]![measure]!;
      const gain = towardsBetter(measure, delta);
      return { query, delta, gain, outcome: gain > 0 ? 'win' : gain < 0 ? 'loss' : 'tie' };
    })
    .sort((a, b) => b.gain - a.gain || compareUtf8(a.query, b.query))
    .map(({ query, delta, outcome }) => ({ query, delta, outcome }));
}
