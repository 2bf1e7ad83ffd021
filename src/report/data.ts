// The numbers behind every chart of the report, as plain data: computed with the library's own functions
// (evaluateRun, confidenceInterval, compareScores, explainRanking), so a chart never has a formula of its own.
import { COMPARE_OPTION_KEYS, compareScores, type CompareOptions, type Comparison } from '../compare.js';
import { confidenceInterval } from '../confidence.js';
import { compareUtf8, METRIC_OPTION_KEYS, pickOptions } from '../metrics/counts.js';
import { evaluateRun, readByQuery, readSlices, RUN_OPTION_KEYS, type ByQuery, type EvaluateRunOptions, type RunEvaluation } from '../evaluate.js';
import { explainRanking, type Explanation } from '../explain.js';
import { checkOptions, fail } from '../errors.js';
import { parseMeasure } from '../measures/registry.js';
import type { MetricOptions, Qrels, Ranking } from '../types.js';

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
  /** Sorted by delta, largest first: wins, then ties, then losses. */
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
  readonly baseline: Explanation & { readonly score: number };
  readonly candidate: Explanation & { readonly score: number };
}

export interface LossList {
  readonly measure: string;
  readonly candidate: string;
  readonly queries: LostQuery[];
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
const INPUT_KEYS: readonly string[] = ['qrels', 'tags', 'questions', 'runs'];

/**
 * Everything the report shows, computed once.
 *
 * @throws {RankevalError} `invalid_option` for a bad or unknown option or input field, and whatever
 *   `evaluateRun` and `compare` throw for bad runs, judgments or measures
 */
export function reportData(input: ReportInput, options: ReportOptions): ReportData {
  return reportDataFor(input, options, 'reportData');
}

/** `reportData` as `fn` reports its errors, which also takes the options `otherKeys` (and leaves them to it). */
export function reportDataFor(input: ReportInput, options: ReportOptions, fn: string, otherKeys: readonly string[] = []): ReportData {
  checkOptions(options, [...REPORT_OPTION_KEYS, ...otherKeys], fn, { expected: 'an object with `measures`' });
  const lossCount = options.losses ?? 10;
  if (!Number.isSafeInteger(lossCount) || lossCount < 0) fail('invalid_option', fn, '`losses`', 'a non-negative integer', options.losses);
  const { qrels, tags, questions, runs } = readInput(input, fn);
  const names = [...runs.keys()];
  if (names.length === 0) fail('invalid_option', fn, '`runs`', 'at least one run', 0);
  const baseline = options.baseline ?? names[0]!;
  if (!runs.has(baseline)) fail('invalid_option', fn, '`baseline`', `one of the run names (${names.join(', ')})`, baseline);
  const ordered = [baseline, ...names.filter((name) => name !== baseline)];
  const { measures } = options;
  // Checked here, not left to evaluateRun, so that the error names the function the caller called.
  if (!Array.isArray(measures) || measures.length === 0) fail('unknown_measure', fn, '`measures`', 'a non-empty array of measure names such as "ndcg@10"', measures);
  // evaluateRun takes the measures, slices and metric options (and refuses the report's own).
  const evaluateOptions = { ...(pickOptions(options, [...RUN_OPTION_KEYS, ...METRIC_OPTION_KEYS]) as unknown as EvaluateRunOptions), ...(tags === undefined ? {} : { slices: tags }) };
  const scored = new Map<string, RunEvaluation>(ordered.map((name) => [name, evaluateRun(runs.get(name)!, qrels, evaluateOptions)]));
  const comparison = ordered.length > 1 ? compareScores(scored, { ...options, baseline }, fn) : null;
  const alpha = options.alpha ?? 0.05;
  const intervalMethod = comparison?.interval ?? options.interval ?? (options.test === 'bootstrap' ? 'bootstrap' : 't');
  const base = scored.get(baseline)!;
  const queryIds = Object.keys(base.perQuery);

  const bars = measures.flatMap((measure) =>
    ordered.map((run): MeanBar => {
      const scores = queryIds.map((qid) => scored.get(run)!.perQuery[qid]![measure]!);
      const interval =
        scores.length >= 2
          ? confidenceInterval(scores, { level: 1 - alpha, method: intervalMethod, ...(options.permutations === undefined ? {} : { samples: options.permutations }), ...(options.seed === undefined ? {} : { seed: options.seed }) })
          : { low: scores[0]!, high: scores[0]! };
      return { measure, run, mean: scored.get(run)!.mean[measure]!, low: interval.low, high: interval.high };
    }),
  );

  let depth = 1;
  for (const rankings of runs.values()) for (const ranking of rankings.values()) depth = Math.max(depth, ranking.length);
  const cutoffs = curveCutoffs(depth);
  const curveMeasures = cutoffs.flatMap((k) => [`recall@${k}`, `P@${k}`]);
  const curves = ordered.flatMap((run) => {
    const means = evaluateRun(runs.get(run)!, qrels, { ...evaluateOptions, measures: curveMeasures, slices: {} }).mean;
    return cutoffs.flatMap((k): CurvePoint[] => [
      { run, metric: 'recall', k, value: means[`recall@${k}`]! },
      { run, metric: 'precision', k, value: means[`P@${k}`]! },
    ]);
  });

  const deltas = ordered.slice(1).flatMap((candidate) =>
    measures.map((measure): DeltaSeries => ({ measure, candidate, deltas: queryDeltas(base, scored.get(candidate)!, measure) })),
  );

  const tagNames = Object.keys(base.bySlice);
  const slices = measures.flatMap((measure) =>
    tagNames.flatMap((tag) => ordered.map((run): SliceMean => ({ measure, tag, run, mean: scored.get(run)!.bySlice[tag]!.mean[measure]!, queries: scored.get(run)!.bySlice[tag]!.queries }))),
  );

  // The rankings shown go as deep as the deepest cutoff asked for (at least 10, at most 20).
  const depthShown = Math.max(10, ...measures.map((measure) => parseMeasure(measure).cutoff).filter((k) => k !== Infinity));
  // No query shown is no section, rather than a list that says no query was lost.
  const losses = lossCount === 0 ? [] : ordered.slice(1).map((candidate): LossList => {
    const measure = measures[0]!;
    const lost = queryDeltas(base, scored.get(candidate)!, measure)
      .filter((entry) => entry.outcome === 'loss')
      .sort((a, b) => a.delta - b.delta || compareUtf8(a.query, b.query))
      .slice(0, lossCount);
    const explain = (run: string, qid: string) => ({
      ...explainRanking(runs.get(run)!.get(qid) ?? [], qrels.get(qid)!, {
        depth: Math.min(depthShown, 20),
        ...(options.relevanceThreshold === undefined ? {} : { relevanceThreshold: options.relevanceThreshold }),
      }),
      score: scored.get(run)!.perQuery[qid]![measure]!,
    });
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
    warnings: comparison?.warnings ?? [],
  };
}

/** The input with each "→" read as a Map, its types checked before anything is scored. */
function readInput(input: ReportInput, fn: string) {
  checkOptions(input, INPUT_KEYS, fn, { name: '`input`', expected: 'an object with `qrels` and `runs`', what: 'every field of `input`' });
  const named = readByQuery<unknown>(input.runs, fn, '`runs`', 'invalid_run', 'a Map or an object of run name → run');
  const runs = new Map(
    [...named].map(([name, run]) => [name, readByQuery<Ranking>(run, fn, `runs[${JSON.stringify(name)}]`, 'invalid_run', 'a Map or an object of query id → ranking')]),
  );
  const qrels = readByQuery<Qrels>(input.qrels, fn, '`qrels`', 'invalid_qrels', 'a Map or an object of query id → judgments');
  const tags = input.tags === undefined ? undefined : readSlices(input.tags, fn, 'tags');
  const questions = input.questions === undefined ? undefined : readByQuery<unknown>(input.questions, fn, '`questions`', 'invalid_option', 'a Map or an object of query id → question');
  for (const [qid, question] of questions ?? []) if (typeof question !== 'string') fail('invalid_option', fn, `questions[${JSON.stringify(qid)}]`, 'a string', question);
  return { runs, qrels, tags, questions: questions as ReadonlyMap<string, string> | undefined };
}

/** Candidate − baseline per query, largest first (ties among equal deltas by query id). */
function queryDeltas(base: RunEvaluation, candidate: RunEvaluation, measure: string): QueryDelta[] {
  return Object.keys(base.perQuery)
    .map((query): QueryDelta => {
      const delta = candidate.perQuery[query]![measure]! - base.perQuery[query]![measure]!;
      return { query, delta, outcome: delta > 0 ? 'win' : delta < 0 ? 'loss' : 'tie' };
    })
    .sort((a, b) => b.delta - a.delta || compareUtf8(a.query, b.query));
}
