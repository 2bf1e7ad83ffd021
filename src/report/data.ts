// The numbers behind every chart of the report, as plain data: computed with the library's own functions
// (evaluateRun, confidenceInterval, compareScores, explainRanking), so a chart never has a formula of its own.
import { COMPARE_OPTION_KEYS, compareScores, type CompareOptions, type Comparison } from '../analysis/compare.js';
import { confidenceInterval } from '../analysis/confidence.js';
import { compareUtf8 } from '../core/ordering.js';
import { METRIC_OPTION_KEYS, pickOptions } from '../core/metric-options.js';
import { evaluateRun, readByQuery, readSlices, RUN_OPTION_KEYS, type ByQuery, type EvaluateRunOptions, type RunEvaluation } from '../engine/evaluate.js';
import { explainRanking, explainWithinBudget, type BudgetExplanation, type Explanation } from '../analysis/explain.js';
import { readScoringInputs, SHOWN_DEPTH } from '../engine/evaluator.js';
import { fail, ownOptions } from '../core/errors.js';
import { readQrels } from '../core/inputs.js';
import { latencyOf, type LatencySummary } from '../analysis/latency.js';
import { towardsBetter } from '../measures/reading.js';
import { parseMeasure } from '../measures/registry.js';
import type { MetricOptions, Qrels, Ranking, Ties } from '../core/types.js';

/**
 * What a report is made from: a golden set (as `readGoldenSet` gives it) and runs (as `readRun` gives their
 * rankings). Each "→" is a Map or a plain object, as everywhere else in the API.
 */
export interface ReportInput {
  /** Query id → judgments. */
  readonly qrels: ByQuery<Qrels>;
  /** Query id → one tag or several. */
  readonly tags?: ByQuery<string | readonly string[]>;
  /** Query id → the question asked, shown with the queries lost most. */
  readonly questions?: ByQuery<string>;
  /** Run name → query id → ranking; the first run is the baseline unless `baseline` says otherwise. */
  readonly runs: ByQuery<ByQuery<Ranking>>;
  /** Run name → query id → the time its ranking took in ms (evaluateRetriever's `latency.perQuery`), for the runs timed. */
  readonly latency?: ByQuery<ByQuery<number>>;
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

export interface SliceMean {
  readonly measure: string;
  readonly tag: string;
  readonly run: string;
  readonly mean: number;
  readonly queries: number;
}

export interface LostQuery {
  readonly query: string;
  readonly question: string | undefined;
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

/** A run's latency over its timed queries (`tag` null), or over those with one tag. */
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
  readonly losses: LossList[];
  readonly warnings: string[];
  /** The latency of the runs that give it (JSONL `latency_ms`) over their judged queries, overall then per tag; absent when none does. */
  readonly latency?: LatencyRow[];
}

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

/** The options `reportData` takes (`ReportOptions`): those of `compare`, and `losses`. */
export const REPORT_OPTION_KEYS: readonly string[] = [...COMPARE_OPTION_KEYS, 'losses'];
const INPUT_KEYS: readonly string[] = ['qrels', 'tags', 'questions', 'runs', 'latency'];

/**
 * Everything the report shows, computed once.
 *
 * @throws {RankevalError} `invalid_option` for a bad or unknown option or input field, and whatever
 *   `evaluateRun` and `compare` throw for bad runs, judgments or measures
 */
export function reportData(input: ReportInput, options: ReportOptions): ReportData {
  return reportDataFor(input, options, 'reportData');
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

/** What the report shows besides the runs' numbers: the judgments, tags and questions, and what cuts a budget. */
export interface ReportContext {
  readonly qrels: ReadonlyMap<string, Qrels>;
  readonly tags: ReadonlyMap<string, readonly string[]> | undefined;
  readonly questions: ReadonlyMap<string, string> | undefined;
  /** Document id → length in tokens, as the runs were scored with (a budget's window is shown from them). */
  readonly lengths?: ReadonlyMap<string, number> | undefined;
  /** The system's k the runs were scored with (no budget window goes deeper); Infinity or absent for none. */
  readonly systemK?: number | undefined;
}

/** `reportData` as `fn` reports its errors, which also takes the options `otherKeys` (and leaves them to it). */
export function reportDataFor(input: ReportInput, given: ReportOptions, fn: string, otherKeys: readonly string[] = []): ReportData {
  // Own keys only, read once (ownOptions): every option below is read from this copy.
  const options = ownOptions(given, [...REPORT_OPTION_KEYS, ...otherKeys], fn, { expected: 'an object with `measures`' });
  const { lossCount, evaluateOptions: givenScoring } = readReportOptions(options, fn, otherKeys);
  const { qrels, tags, questions, runs, latency } = readInput(input, fn);
  // Every run (and each curve) is scored on the same judgments and aspects: read once (readScoringInputs).
  const evaluateOptions = readScoringInputs(qrels, givenScoring as unknown as Record<string, unknown>, fn).options as unknown as EvaluateRunOptions;
  const ordered = orderRuns([...runs.keys()], options.baseline, fn);
  const scoring = { ...evaluateOptions, ...(tags === undefined ? {} : { slices: tags }) };
  // The curves go as deep as the deepest ranking, whatever the system's k (they show what lies beyond it),
  // and reach cutoffs deeper than every ranking: neither the system's k nor the checks apply to them.
  const { systemK: _systemK, ...curveScoring } = scoring;
  const scored = new Map<string, ReportRun>(
    ordered.map((name) => {
      const run = runs.get(name)!;
      let depth = 1;
      for (const ranking of run.values()) depth = Math.max(depth, Array.isArray(ranking) ? ranking.length : 0);
      const curveMeans = (measures: readonly string[]) => evaluateRun(run, qrels, { ...curveScoring, checks: 'off', measures, slices: {} }).mean;
      const times = latency.get(name);
      return [name, { evaluation: evaluateRun(run, qrels, scoring), depth, curveMeans, ...(times === undefined ? {} : { latency: times }) }];
    }),
  );
  const { lengths, systemK } = evaluateOptions;
  const context = {
    qrels,
    tags,
    questions,
    ...(lengths === undefined ? {} : { lengths: lengths instanceof Map ? lengths : new Map(Object.entries(lengths)) }),
    ...(systemK === undefined ? {} : { systemK: typeof systemK === 'number' ? systemK : systemK.k }),
  };
  return assembleReport(scored, context, options, lossCount, fn, (run, qid, shown) => explainRanking(runs.get(run)!.get(qid) ?? [], qrels.get(qid)!, shown));
}

/** The report's options, checked: how many losses to show, and evaluateRun's share of them. */
export function readReportOptions(options: ReportOptions, fn: string, otherKeys: readonly string[] = []): { lossCount: number; evaluateOptions: EvaluateRunOptions } {
  const own = ownOptions(options, [...REPORT_OPTION_KEYS, ...otherKeys], fn, { expected: 'an object with `measures`' });
  const lossCount = own.losses ?? 10;
  if (!Number.isSafeInteger(lossCount) || lossCount < 0) fail('invalid_option', fn, '`losses`', 'a non-negative integer', own.losses);
  // Checked here, not left to evaluateRun, so that the error names the function the caller called.
  if (!Array.isArray(own.measures) || own.measures.length === 0) fail('unknown_measure', fn, '`measures`', 'a non-empty array of measure names such as "ndcg@10"', own.measures);
  // evaluateRun takes the measures, slices and metric options (and refuses the report's own).
  return { lossCount, evaluateOptions: pickOptions(own, [...RUN_OPTION_KEYS, ...METRIC_OPTION_KEYS]) as unknown as EvaluateRunOptions };
}

/** Run names, the baseline (`baseline`, or the first run) first. */
export function orderRuns(names: readonly string[], baseline: string | undefined, fn: string): string[] {
  if (names.length === 0) fail('invalid_option', fn, '`runs`', 'at least one run', 0);
  const chosen = baseline ?? names[0]!;
  if (!names.includes(chosen)) fail('invalid_option', fn, '`baseline`', `one of the run names (${names.join(', ')})`, chosen);
  return [chosen, ...names.filter((name) => name !== chosen)];
}

/** The queries "lost most" shows for each candidate (runs[1…]) on the first measure, worst first (the worse direction as `higherIsBetter` says). */
export function lostQueries(scored: ReadonlyMap<string, ReportRun>, runs: readonly string[], measure: string, lossCount: number): Map<string, QueryDelta[]> {
  const base = scored.get(runs[0]!)!.evaluation;
  const lost = new Map<string, QueryDelta[]>();
  if (lossCount === 0) return lost;
  for (const candidate of runs.slice(1)) {
    lost.set(
      candidate,
      queryDeltas(base, scored.get(candidate)!.evaluation, measure)
        .filter((entry) => entry.outcome === 'loss')
        .sort((a, b) => towardsBetter(measure, a.delta) - towardsBetter(measure, b.delta) || compareUtf8(a.query, b.query))
        .slice(0, lossCount),
    );
  }
  return lost;
}

/**
 * Everything the report shows, from runs already scored (in memory by `reportData`, or as their files
 * were read by `rankeval report`); `explainQuery` gives the view of a run's ranking of one of the queries
 * lost most (lostQueries), as `explainRanking` with `shown` gives it (the whole ranking when `shown.depth`
 * is Infinity: a budget's window is cut from it).
 */
export function assembleReport(
  scored: ReadonlyMap<string, ReportRun>,
  { qrels, tags, questions, lengths, systemK }: ReportContext,
  options: ReportOptions,
  lossCount: number,
  fn: string,
  explainQuery: (run: string, qid: string, shown: { readonly depth: number; readonly relevanceThreshold?: number; readonly ties?: Ties }) => Explanation,
): ReportData {
  const { measures } = options;
  const ordered = [...scored.keys()];
  const baseline = ordered[0]!;
  const evaluations = new Map([...scored].map(([name, run]) => [name, run.evaluation]));
  const comparison = ordered.length > 1 ? compareScores(evaluations, { ...options, baseline }, fn) : null;
  const alpha = options.alpha ?? 0.05;
  const intervalMethod = comparison?.interval ?? options.interval ?? (options.test === 'bootstrap' ? 'bootstrap' : 't');
  const base = evaluations.get(baseline)!;
  const queryIds = Object.keys(base.perQuery);

  const bars = measures.flatMap((measure) =>
    ordered.map((run): MeanBar => {
      const scores = queryIds.map((qid) => evaluations.get(run)!.perQuery[qid]![measure]!);
      const interval =
        scores.length >= 2
          ? confidenceInterval(scores, { level: 1 - alpha, method: intervalMethod, ...(options.permutations === undefined ? {} : { samples: options.permutations }), ...(options.seed === undefined ? {} : { seed: options.seed }) })
          : { low: scores[0]!, high: scores[0]! };
      return { measure, run, mean: evaluations.get(run)!.mean[measure]!, low: interval.low, high: interval.high };
    }),
  );

  const depth = Math.max(1, ...[...scored.values()].map((run) => run.depth));
  const cutoffs = curveCutoffs(depth);
  const curveMeasures = cutoffs.flatMap((k) => [`recall@${k}`, `P@${k}`]);
  const curves = ordered.flatMap((run) => {
    const means = scored.get(run)!.curveMeans(curveMeasures);
    return cutoffs.flatMap((k): CurvePoint[] => [
      { run, metric: 'recall', k, value: means[`recall@${k}`]! },
      { run, metric: 'precision', k, value: means[`P@${k}`]! },
    ]);
  });

  const deltas = ordered.slice(1).flatMap((candidate) =>
    measures.map((measure): DeltaSeries => ({ measure, candidate, deltas: queryDeltas(base, evaluations.get(candidate)!, measure) })),
  );

  const tagNames = Object.keys(base.bySlice);
  const slices = measures.flatMap((measure) =>
    tagNames.flatMap((tag) => ordered.map((run): SliceMean => ({ measure, tag, run, mean: evaluations.get(run)!.bySlice[tag]!.mean[measure]!, queries: evaluations.get(run)!.bySlice[tag]!.queries }))),
  );

  // The rankings shown go as deep as the deepest cutoff asked for (at least 10, at most 20).
  const depthShown = Math.max(10, ...measures.map((measure) => parseMeasure(measure).cutoff).filter((k) => k !== Infinity));
  const measure = measures[0]!;
  const budget = (parseMeasure(measure).params as { budget?: number }).budget;
  // No query shown is no section, rather than a list that says no query was lost.
  const losses = [...lostQueries(scored, ordered, measure, lossCount)].map(([candidate, lost]): LossList => {
    const view = { ...(options.relevanceThreshold === undefined ? {} : { relevanceThreshold: options.relevanceThreshold }), ...(options.ties === undefined ? {} : { ties: options.ties }) };
    const explain = (run: string, qid: string): LostView => {
      const score = evaluations.get(run)!.perQuery[qid]![measure]!;
      if (budget === undefined || lengths === undefined) return { ...explainQuery(run, qid, { depth: Math.min(depthShown, SHOWN_DEPTH), ...view }), score };
      // Under a budget the view is the window the measure read, cut from the whole ranking as the scoring cut it.
      const tokens = (id: string): number => lengths.get(id) ?? fail('invalid_option', fn, `\`lengths\` of query ${JSON.stringify(qid)}`, `a length for document ${JSON.stringify(id)}`, undefined);
      return { ...explainWithinBudget(explainQuery(run, qid, { depth: Infinity, ...view }), budget, systemK ?? Infinity, tokens, SHOWN_DEPTH), score };
    };
    return {
      measure,
      candidate,
      queries: lost.map(({ query, delta }) => ({
        query,
        question: questions?.get(query),
        tags: tags?.get(query) ?? [],
        delta,
        baseline: explain(baseline, query),
        candidate: explain(candidate, query),
      })),
    };
  });

  const latency = latencyRows(scored, tags);
  return {
    runs: ordered,
    baseline,
    measures: [...measures],
    queries: queryIds.length,
    comparison,
    level: 1 - alpha,
    intervalMethod,
    bars,
    curves,
    depth,
    deltas,
    slices,
    losses,
    // One run has no comparison to hold its checks' warnings: they are the report's, worded as compare words them.
    warnings: comparison?.warnings ?? base.warnings.map((warning) => `run ${JSON.stringify(baseline)}: ${warning.message}`),
    ...(latency.length === 0 ? {} : { latency }),
  };
}

/**
 * Each timed run's latency over the judged queries it times (those the means are over: a timed query
 * nobody judged is left out, as it is of every other figure), then per tag, as `latencyOf` summarises
 * evaluateRetriever's: the same sums in the same order, tags in UTF-8 order.
 */
function latencyRows(scored: ReadonlyMap<string, ReportRun>, tags: ReadonlyMap<string, readonly string[]> | undefined): LatencyRow[] {
  const rows: LatencyRow[] = [];
  for (const [run, { latency, evaluation }] of scored) {
    if (latency === undefined) continue;
    const judged = new Map<string, number>();
    for (const qid of Object.keys(evaluation.perQuery)) {
      const time = latency.get(qid);
      if (time !== undefined) judged.set(qid, time);
    }
    if (judged.size === 0) continue;
    const { mean, p50, p90, p95, p99, max, queries, bySlice } = latencyOf(judged, tags);
    rows.push({ run, tag: null, mean, p50, p90, p95, p99, max, queries });
    // By key, not Object.entries: a tag such as "2024" would come first there, as an array index does.
    for (const tag of Object.keys(bySlice).sort(compareUtf8)) rows.push({ run, tag, ...bySlice[tag]! });
  }
  return rows;
}

/** The input with each "→" read as a Map, its types checked before anything is scored. */
function readInput(given: ReportInput, fn: string) {
  const input = ownOptions(given, INPUT_KEYS, fn, { name: '`input`', expected: 'an object with `qrels` and `runs`', what: 'every field of `input`' });
  const named = readByQuery<unknown>(input.runs, fn, '`runs`', 'invalid_run', 'a Map or an object of run name → run');
  const runs = new Map(
    [...named].map(([name, run]) => [name, readByQuery<Ranking>(run, fn, `runs[${JSON.stringify(name)}]`, 'invalid_run', 'a Map or an object of query id → ranking')]),
  );
  // Each query's judgments read once (readQrels): every run is scored on them.
  const qrels = readQrels(input.qrels, fn) as ReadonlyMap<string, Qrels>;
  const tags = input.tags === undefined ? undefined : readSlices(input.tags, fn, 'tags');
  const questions = input.questions === undefined ? undefined : readByQuery<unknown>(input.questions, fn, '`questions`', 'invalid_option', 'a Map or an object of query id → question');
  for (const [qid, question] of questions ?? []) if (typeof question !== 'string') fail('invalid_option', fn, `questions[${JSON.stringify(qid)}]`, 'a string', question);
  const latency = new Map<string, ReadonlyMap<string, number>>();
  if (input.latency !== undefined) {
    for (const [name, times] of readByQuery<unknown>(input.latency, fn, '`latency`', 'invalid_option', 'a Map or an object of run name → query id → milliseconds')) {
      if (!runs.has(name)) fail('invalid_option', fn, 'every run of `latency`', `one of the runs (${[...runs.keys()].join(', ')})`, name);
      const byQuery = readByQuery<unknown>(times, fn, `latency[${JSON.stringify(name)}]`, 'invalid_option', 'a Map or an object of query id → milliseconds');
      for (const [qid, time] of byQuery) {
        if (typeof time !== 'number' || !Number.isFinite(time) || time < 0) fail('invalid_option', fn, `latency[${JSON.stringify(name)}][${JSON.stringify(qid)}]`, 'a finite number of milliseconds, 0 or more', time);
      }
      latency.set(name, byQuery as ReadonlyMap<string, number>);
    }
  }
  return { runs, qrels, tags, questions: questions as ReadonlyMap<string, string> | undefined, latency };
}

/**
 * Candidate − baseline per query, the largest win first and the largest loss last (ties among equal deltas
 * by query id): largest first, or smallest first for a measure where lower is better (`higherIsBetter`).
 */
function queryDeltas(base: RunEvaluation, candidate: RunEvaluation, measure: string): QueryDelta[] {
  return Object.keys(base.perQuery)
    .map((query): QueryDelta & { gain: number } => {
      const delta = candidate.perQuery[query]![measure]! - base.perQuery[query]![measure]!;
      const gain = towardsBetter(measure, delta);
      return { query, delta, gain, outcome: gain > 0 ? 'win' : gain < 0 ? 'loss' : 'tie' };
    })
    .sort((a, b) => b.gain - a.gain || compareUtf8(a.query, b.query))
    .map(({ query, delta, outcome }) => ({ query, delta, outcome }));
}
