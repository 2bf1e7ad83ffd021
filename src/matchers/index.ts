// Test matchers for vitest and jest (`expect.extend(rankevalMatchers)`). Each one computes its number with
// the library's own function and, when it fails, shows why: the metric, the threshold, the top of the
// ranking with grades and relevance marks, and the relevant documents that were missed.
import { compareScores, resolveCompareOptions, SCORING_KEYS, type CompareOptions } from '../analysis/compare.js';
import { evaluate } from '../engine/evaluate.js';
import { explainRanking, explainWithinBudget } from '../analysis/explain.js';
import { higherIsBetter, towardsBetter } from '../measures/reading.js';
import { parseMeasure } from '../measures/registry.js';
import { compareUtf8 } from '../core/ordering.js';
import { METRIC_OPTION_KEYS, pickOptions, readCutoff } from '../core/metric-options.js';
import { fail, RankevalError, renamed, speakingFor, type ErrorScope, type RankevalErrorCode, type SubjectNaming } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { RUN_CHECK_CODES } from '../engine/run-checks.js';
import { readOnce, readQrels } from '../core/inputs.js';
import { escapeControls } from '../text/escape.js';
import { budgetWording, explanationText, missedText } from '../text/explain.js';
import { isRegression, queriesLostMost, readMargin, withRegressionDefaults } from '../analysis/regression.js';
import { formatP, signed } from '../text/comparison.js';
import { checkGates, gateText } from '../text/gates.js';
import { lossText, pLabel, regressionRuleText } from '../text/regression.js';
import type { Aspects, ByQuery, MetricOptions, Qrels, Ranking } from '../core/types.js';
import { evaluateRun } from '../engine/evaluate-run.js';
import { RUN_OPTION_KEYS, type EvaluateRunOptions } from '../engine/run-options.js';
import type { RunEvaluation } from '../engine/run-result.js';
import { readScoringInputs } from '../engine/settings.js';

/** What vitest and jest pass as `this` to a matcher (the part these matchers read). */
export interface MatcherContext {
  readonly isNot?: boolean;
}

export interface MatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
}

/** Options of `toMeetGates`, as `evaluateRun` takes them. */
export interface GateOptions extends MetricOptions {
  readonly noRelevant?: 'zero' | 'skip' | 'error';
  /** As in `evaluateRun`: the results the system passes on. */
  readonly systemK?: NonNullable<EvaluateRunOptions['systemK']>;
  /** As in `evaluateRun`: document lengths in tokens, for budgets and tokens@k. */
  readonly lengths?: NonNullable<EvaluateRunOptions['lengths']>;
  /** As in `evaluateRun`: query id → aspect → judgments, for the aspect measures. */
  readonly aspects?: NonNullable<EvaluateRunOptions['aspects']>;
}

/**
 * Options of `toNotRegressFrom`: `compare()`'s, less the baseline (the matcher's argument) and the interval
 * (no part of the rule), with the gate's defaults (test `randomization`, correction `holm`, alpha 0.05), and
 * the `margin`: the largest significant drop of a mean that still passes (default 0).
 */
export interface RegressionOptions extends Omit<CompareOptions, 'baseline' | 'interval'> {
  readonly margin?: number;
}

/** Options of `toHaveMeasure`: the bounds (one or both, inclusive) and `evaluateRun`'s scoring options. */
export interface MeasureBounds extends Omit<EvaluateRunOptions, 'measures' | 'slices' | 'aspects'> {
  readonly atLeast?: number;
  readonly atMost?: number;
  /**
   * For the aspect measures: on a run, query id → aspect → judgments (evaluateRun's `aspects`); on one
   * ranking, its query's aspects (aspect → judgments), as its qrels are its query's judgments.
   */
  readonly aspects?: Aspects | ByQuery<Qrels>;
}

/** The matchers' signatures, for `declare module` augmentation (`R` is what the assertion returns). */
export interface RankevalMatchers<R = unknown> {
  /** recall@k of the ranking ≥ `min`. */
  toHaveRecallAtK(qrels: Qrels, k: number, min: number, options?: MetricOptions): R;
  /** precision@k of the ranking ≥ `min`. */
  toHavePrecisionAtK(qrels: Qrels, k: number, min: number, options?: MetricOptions): R;
  /** NDCG@k of the ranking ≥ `min`. */
  toHaveNdcgAtK(qrels: Qrels, k: number, min: number, options?: MetricOptions): R;
  /** Reciprocal rank of the first relevant document ≥ `min` (1 = first, 0.5 = second, …). */
  toHaveReciprocalRank(qrels: Qrels, min: number, options?: MetricOptions): R;
  /** The ranking's first document is `id`. */
  toRankFirst(id: string): R;
  /** Every one of `ids` (at least one, none repeated) is in the top `within` (default: anywhere in the ranking). */
  toRetrieve(ids: readonly string[], options?: { readonly within?: number }): R;
  /**
   * The run's mean of each measure at its gate or better: `{ 'recall@5': 0.9, 'ndcg@10': 0.7 }` (≥), and
   * `{ 'miss@20': 0.1 }` (≤) for a measure where lower is better (miss@k, tokens@k, fall_out@k).
   */
  toMeetGates(qrels: ByQuery<Qrels>, gates: Readonly<Record<string, number>>, options?: GateOptions): R;
  /**
   * The run is not significantly worse than `baseline` on any of `options.measures`: no measure whose mean
   * drops by more than `margin` (rises, for a measure where lower is better: miss@k, tokens@k, fall_out@k)
   * with a corrected p < alpha under compare()'s paired test.
   */
  toNotRegressFrom(baseline: ByQuery<Ranking>, qrels: ByQuery<Qrels>, options: RegressionOptions): R;
  /**
   * The value of any measure of the catalogue within the bounds: a run's (its mean over the queries, as
   * evaluateRun reports it) with the judgments of each query, or one ranking's with its query's judgments.
   */
  toHaveMeasure(qrels: Qrels | ByQuery<Qrels>, measure: string, bounds: MeasureBounds): R;
}

type Matcher<Args extends unknown[]> = (this: MatcherContext, received: unknown, ...args: Args) => MatcherResult;
type MatcherArgs<K extends keyof RankevalMatchers> = Parameters<RankevalMatchers[K]>;

const MAX_SHOWN = 20;

/**
 * A matcher's options object, when given, holds only the keys it knows, named by the matcher when not; its
 * own keys, read once (an inherited key is no option), or none.
 */
function readMatcherOptions<T extends object>(options: T | undefined, known: readonly string[], matcher: string): Partial<T> {
  return options === undefined ? {} : ownOptions(options, known, matcher, { name: 'the options' });
}

function readMinimum(min: unknown, matcher: string): number {
  if (typeof min !== 'number' || Number.isNaN(min)) fail('invalid_option', matcher, 'the threshold', 'a number', min);
  return min as number;
}

/**
 * What a failure message shows of one query for a measure: the ranks the measure reads — its cutoff (10
 * without one), or under a token budget the documents the budget holds, cut as evaluateRun cuts them (in
 * rank order, no deeper than systemK and the cutoff) — and the relevant documents missed there, with their
 * ranks when deeper. Shown to depth 10, a query that scores 0 because its relevant chunks came after the
 * budget ran out would read "missed relevant: none".
 */
function measureView(ranking: Ranking, qrels: Qrels, measure: string, options: MeasureBounds | MetricOptions = {}): { title: string; text: string; missed: string } {
  // title: what the view shows, ending in a colon; text: the view, indented; missed: its last line alone.
  const { cutoff, params } = parseMeasure(measure);
  const threshold = pickThreshold(options);
  const budget = (params as { budget?: number }).budget;
  const { lengths, systemK } = options as MeasureBounds;
  if (budget === undefined || lengths === undefined) {
    const depth = Math.min(cutoff === Infinity ? 10 : cutoff, MAX_SHOWN);
    const explanation = explainRanking(ranking, qrels, { depth, ...threshold });
    return { title: `top ${depth} of the ranking (✓ relevant, grade - unjudged):`, text: explanationText(explanation, '  '), missed: missedText(explanation) };
  }
  const full = explainRanking(ranking, qrels, { depth: Infinity, ...threshold });
  const lengthOf = (id: string): number => (lengths instanceof Map ? lengths.get(id) : Object.hasOwn(lengths, id) ? (lengths as Record<string, number>)[id] : undefined) ?? 0;
  const k = systemK === undefined ? Infinity : typeof systemK === 'number' ? systemK : systemK.k;
  const explanation = explainWithinBudget(full, budget, Math.min(k, cutoff), lengthOf, MAX_SHOWN);
  const { held, next } = explanation.window;
  const shown = explanation.top.length;
  const missedLine = missedText(explanation, budgetWording(explanation));
  if (held === 0 && next !== null) {
    // No table of no rows: the first document alone passes the budget.
    return { title: escapeControls(`no document within ${budget} tokens: the first, ${next.id}, has ${next.tokens}:`), text: `  ${escapeControls(missedLine)}`, missed: missedLine };
  }
  const title = `the ${held} document${held === 1 ? '' : 's'} within ${budget} tokens${shown < held ? `, top ${shown} shown` : ''} (✓ relevant, grade - unjudged):`;
  return { title, text: explanationText(explanation, '  ', budgetWording(explanation)), missed: missedLine };
}

/** The top `depth` of a ranking with grades and marks, and the missed relevant documents, indented. */
const rankingView = (ranking: Ranking, qrels: Qrels, depth: number, options?: MetricOptions): string =>
  explanationText(explainRanking(ranking, qrels, { depth: Math.min(depth, MAX_SHOWN), ...pickThreshold(options) }), '  ');

/** What a view of the ranking takes of the options: the threshold and the tie rule. */
const pickThreshold = (options?: MetricOptions): Pick<MetricOptions, 'relevanceThreshold' | 'ties'> => ({
  ...(options?.relevanceThreshold === undefined ? {} : { relevanceThreshold: options.relevanceThreshold }),
  ...(options?.ties === undefined ? {} : { ties: options.ties }),
});

/** A matcher of one metric at cutoff k: value ≥ min passes. */
function atLeast(
  matcher: string,
  label: (k: number) => string,
  value: (scores: ReturnType<typeof evaluate>) => number,
  detail: (scores: ReturnType<typeof evaluate>, k: number) => string,
): Matcher<[Qrels, number, number, MetricOptions?]> {
  return function (received, qrels, k, min, options) {
    const threshold = readMinimum(min, matcher);
    const cutoff = readCutoff(k, matcher);
    const own = readMatcherOptions(options, METRIC_OPTION_KEYS, matcher);
    const scores = evaluate(received as Ranking, qrels, { ...own, k: cutoff });
    const actual = value(scores);
    const pass = actual >= threshold;
    const shownDepth = cutoff === Infinity ? Math.max(10, scores.retrieved) : cutoff;
    return {
      pass,
      message: () =>
        `expected ${label(cutoff)} ${this.isNot ? '<' : '≥'} ${threshold}, got ${actual.toFixed(4)} (${detail(scores, cutoff)})\n\n` +
        `top ${Math.min(shownDepth, MAX_SHOWN)} of the ranking (✓ relevant, grade - unjudged):\n${rankingView(received as Ranking, qrels, shownDepth, options)}`,
    };
  };
}

const topK = (k: number): string => (k === Infinity ? 'the ranking' : `the top ${k}`);

const toHaveRecallAtK = atLeast(
  'toHaveRecallAtK',
  (k) => `recall@${k}`,
  (scores) => scores.recall,
  (scores, k) => `${scores.relevantRetrieved} of ${scores.relevant} relevant in ${topK(k)}`,
);

const toHavePrecisionAtK = atLeast(
  'toHavePrecisionAtK',
  (k) => `precision@${k}`,
  (scores) => scores.precision,
  (scores, k) => `${scores.relevantRetrieved} relevant in ${topK(k)}, divided by ${k}`,
);

const toHaveNdcgAtK = atLeast(
  'toHaveNdcgAtK',
  (k) => `ndcg@${k}`,
  (scores) => scores.ndcg,
  (scores) => `DCG ${scores.dcg.toFixed(4)} of an ideal ${scores.idcg.toFixed(4)}`,
);

const toHaveReciprocalRank: Matcher<MatcherArgs<'toHaveReciprocalRank'>> = function (received, qrels, min, options) {
  const threshold = readMinimum(min, 'toHaveReciprocalRank');
  const own = readMatcherOptions(options, METRIC_OPTION_KEYS, 'toHaveReciprocalRank');
  const scores = evaluate(received as Ranking, qrels, { ...own, k: Infinity });
  const rank = scores.reciprocalRank === 0 ? null : Math.round(1 / scores.reciprocalRank);
  const where = rank === null ? 'no relevant document retrieved' : `first relevant document at rank ${rank}`;
  return {
    pass: scores.reciprocalRank >= threshold,
    message: () =>
      `expected reciprocal rank ${this.isNot ? '<' : '≥'} ${threshold}, got ${scores.reciprocalRank.toFixed(4)} (${where})\n\n` +
      `top of the ranking (✓ relevant, grade - unjudged):\n${rankingView(received as Ranking, qrels, Math.max(10, rank ?? 0), options)}`,
  };
};

/** Ids in rank order, checked as the metrics check them. */
const idsOf = (ranking: unknown): readonly string[] => explainRanking(ranking as Ranking, [], { depth: Infinity }).top.map((document) => document.id);

const toRankFirst: Matcher<MatcherArgs<'toRankFirst'>> = function (received, id) {
  if (typeof id !== 'string') fail('invalid_option', 'toRankFirst', 'the id', 'a string', id);
  const ids = idsOf(received);
  const rank = ids.indexOf(id) + 1;
  const where = rank === 0 ? 'it was not retrieved' : `it is at rank ${rank}`;
  const top = ids.slice(0, 5).map((other, i) => `${i + 1}. ${other}`).join('  ');
  return {
    pass: rank === 1,
    message: () =>
      this.isNot
        ? `expected ${JSON.stringify(id)} not to rank first, but it does\n  top: ${top}`
        : `expected ${JSON.stringify(id)} to rank first, but ${where}\n  top: ${top || '(the ranking is empty)'}`,
  };
};

const WANTED = { label: 'missing', grades: false };

const toRetrieve: Matcher<MatcherArgs<'toRetrieve'>> = function (received, ids, options) {
  if (!Array.isArray(ids)) fail('invalid_option', 'toRetrieve', 'the ids', 'an array of string ids', ids);
  if (ids.length === 0) fail('invalid_option', 'toRetrieve', 'the ids', 'a list of at least one id (an empty list would pass whatever the ranking)', ids);
  // A plain loop, not every(), which skips the holes of a sparse array.
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i++) {
    const id: unknown = ids[i];
    if (typeof id !== 'string') fail('invalid_option', 'toRetrieve', `id ${i + 1} of the ids`, 'a string', id);
    if (seen.has(id)) fail('invalid_option', 'toRetrieve', 'every id', 'listed once', id);
    seen.add(id);
  }
  const within = readCutoff(readMatcherOptions(options, ['within'], 'toRetrieve').within ?? Infinity, 'toRetrieve');
  // The wanted ids play the relevant documents, so the view marks them and lists those missing.
  const explanation = explainRanking(received as Ranking, ids, { depth: within });
  const pass = explanation.missed.length === 0;
  const scope = within === Infinity ? 'in the ranking' : `within the top ${within}`;
  const view = explainRanking(received as Ranking, ids, { depth: Math.min(within === Infinity ? explanation.retrieved : within, MAX_SHOWN) });
  return {
    pass,
    message: () =>
      (this.isNot
        ? `expected not all of ${ids.length} ids ${scope}, but all are there`
        : `expected all of ${ids.length} ids ${scope}; ${missedText(explanation, WANTED)}`) +
      `\n\ntop of the ranking (✓ wanted):\n${explanationText(view, '  ', WANTED)}`,
  };
};

const toMeetGates: Matcher<MatcherArgs<'toMeetGates'>> = function (received, qrels, gates, options) {
  if (typeof gates !== 'object' || gates === null || Object.keys(gates).length === 0) {
    fail('invalid_option', 'toMeetGates', 'the gates', "an object of measure → minimum mean, such as { 'recall@5': 0.9 }", gates);
  }
  const own = readMatcherOptions(options, [...METRIC_OPTION_KEYS, 'noRelevant', 'systemK', 'lengths', 'aspects'], 'toMeetGates');
  // Each gate guards its measure's better side: a minimum, or a maximum where lower is better (miss@k, tokens@k).
  const list = Object.entries(gates).map(([name, threshold]) => {
    const measure = readMeasure(name, 'toMeetGates');
    return { measure, threshold: readMinimum(threshold, 'toMeetGates'), bound: higherIsBetter(measure) ? ('min' as const) : ('max' as const) };
  });
  const result = evaluateRun(received as ByQuery<Ranking>, qrels, { ...own, measures: list.map((gate) => gate.measure) });
  const checked = checkGates(result.mean, list);
  const failed = checked.filter((gate) => !gate.passed);
  return {
    pass: failed.length === 0,
    message: () => {
      const lines = [
        this.isNot
          ? `expected the run to fail a gate, but it meets all ${checked.length} over ${result.queries} queries:`
          : `expected the run to meet ${checked.length} gate${checked.length === 1 ? '' : 's'} over ${result.queries} queries; ${failed.length} failed:`,
        ...checked.map((gate) => `  ${gate.passed ? 'passed' : 'FAILED'}  ${gateText(gate)}`),
      ];
      // The worst queries are the highest where lower is better (a maximum gate).
      for (const gate of failed) lines.push('', `worst queries on ${gate.measure}:`, ...worstQueries(received as ByQuery<Ranking>, qrels, result.perQuery, gate.measure, own, gate.bound === 'max'));
      return lines.join('\n');
    },
  };
};

/** A measure name, checked here so that its error is named by the matcher, as its other errors are. */
function readMeasure(measure: unknown, matcher: string): string {
  if (typeof measure !== 'string') fail('invalid_option', matcher, 'the measure', "a measure name such as 'ndcg@10'", measure);
  named(matcher, undefined, () => parseMeasure(measure));
  return measure;
}

/** The errors that are about a run (its shape, a ranking, a check on it), not about the qrels or options. */
const RUN_ERRORS: readonly RankevalErrorCode[] = ['invalid_run', 'invalid_ranking', ...RUN_CHECK_CODES];

/**
 * `compute()`, with a RankevalError it throws said by the matcher in place of the library function that
 * threw it (the reader wrote `toNotRegressFrom`, not `evaluateRun`), within the scope of `run` (`the baseline`) when the
 * error is about that run (its code says so), and each subject named by `naming` where it names it.
 */
function named<T>(matcher: string, run: ErrorScope | undefined, compute: () => T, naming?: SubjectNaming): T {
  try {
    return compute();
  } catch (error) {
    if (!(error instanceof RankevalError)) throw error;
    const scopes = run !== undefined && RUN_ERRORS.includes(error.code) ? [run] : [];
    const said = speakingFor(error, matcher, ['evaluateRun', 'compare'], scopes);
    throw naming === undefined ? said : renamed(said, naming);
  }
}

/**
 * One ranking is scored as the run of one query, `query`, an id the matcher made up: messages leave it
 * unnamed (`qrels`, not `qrels["query"]`; the document, not the document `(query "query")`).
 */
const withoutQueryId: SubjectNaming = (subject) => (subject.kind === 'query' && subject.query === 'query' ? '' : undefined);

/**
 * The three lowest-scoring queries on a measure (`highest`: the three highest, for an upper bound), each
 * with its missed relevant documents.
 */
function worstQueries(
  run: ByQuery<Ranking>,
  qrels: ByQuery<Qrels>,
  perQuery: Record<string, Record<string, number>>,
  measure: string,
  options?: MetricOptions,
  highest = false,
): string[] {
  // Own keys only: a query id such as `constructor` must not find Object's constructor.
  const get = <T>(byQuery: ByQuery<T>, qid: string): T | undefined =>
    byQuery instanceof Map ? byQuery.get(qid) : Object.hasOwn(byQuery, qid) ? (byQuery as Record<string, T>)[qid] : undefined;
  return Object.entries(perQuery)
    .map(([qid, scores]) => [qid, scores[measure]!] as const)
    .sort((a, b) => (highest ? b[1] - a[1] : a[1] - b[1]) || compareUtf8(a[0], b[0]))
    .slice(0, 3)
    .map(([qid, value]) => `  ${qid}  ${value.toFixed(4)}  ${measureView(get(run, qid) ?? [], get(qrels, qid)!, measure, options).missed}`);
}

/** The options `toNotRegressFrom` takes: compare()'s less `baseline` and `interval`, and `margin`. */
const REGRESSION_OPTION_KEYS = [...SCORING_KEYS, 'test', 'alpha', 'correction', 'permutations', 'seed', 'margin'];
/** How many of the queries lost most a failure lists per regressed measure. */
const LOSSES_SHOWN = 3;

const toNotRegressFrom: Matcher<MatcherArgs<'toNotRegressFrom'>> = function (received, baseline, givenQrels, given) {
  const matcher = 'toNotRegressFrom';
  // Own keys, read once (ownOptions); both runs are scored on the judgments, read once (readScoringInputs).
  const options = ownOptions(given, REGRESSION_OPTION_KEYS, matcher, { name: 'the options', expected: 'an object with `measures`, such as { measures: [\'ndcg@10\'] }' });
  const { margin: givenMargin, ...rest } = options;
  const margin = readMargin(givenMargin, matcher);
  const plan = resolveCompareOptions(withRegressionDefaults(rest), matcher); // bad test options fail before any run is scored
  if (!Array.isArray(options.measures) || options.measures.length === 0) fail('invalid_option', matcher, { kind: 'option', option: 'measures' }, "a list of at least one measure name, such as ['ndcg@10']", options.measures);
  for (const measure of options.measures) readMeasure(measure, matcher);
  const inputs = readScoringInputs(givenQrels, pickOptions(rest, SCORING_KEYS, matcher), matcher);
  const qrels = inputs.qrels as ByQuery<Qrels>;
  const scoring = inputs.options as unknown as EvaluateRunOptions;
  // The runs are scored here, not inside compare(), so that a failure can show the queries each lost on.
  const baseScores = named(matcher, { subject: { kind: 'run', run: 'baseline' }, words: 'the baseline' }, () => evaluateRun(baseline, qrels, scoring));
  const runScores = named(matcher, { subject: { kind: 'run', run: 'received' }, words: 'the run' }, () => evaluateRun(received as ByQuery<Ranking>, qrels, scoring));
  const scored = new Map<string, RunEvaluation>([
    ['baseline', baseScores],
    ['received', runScores],
  ]);
  const comparison = compareScores(scored, { ...plan, baseline: 'baseline' }, matcher);
  const rows = comparison.rows.filter((row) => row.delta !== null);
  const regressed = rows.filter((row) => isRegression(row, margin));
  const status = (row: (typeof rows)[number]): string =>
    isRegression(row, margin) ? 'REGRESSED' : !row.significant ? 'held' : towardsBetter(row.measure, row.delta!) > 0 ? 'better' : towardsBetter(row.measure, row.delta!) < 0 ? 'within margin' : 'held';
  const width = Math.max(...rows.map((row) => row.measure.length));
  const statusWidth = Math.max(...rows.map((row) => status(row).length));
  const rowLine = (row: (typeof rows)[number]): string =>
    `  ${status(row).padEnd(statusWidth)}  ${row.measure.padEnd(width)}  ${baseScores.mean[row.measure]!.toFixed(4)} → ${row.mean.toFixed(4)}  Δ ${signed(row.delta!, 4)}  ${pLabel(comparison)} ${formatP(row.pValueCorrected!)}`;
  return {
    pass: regressed.length === 0,
    message: () => {
      const over = `${rows.length} measure${rows.length === 1 ? '' : 's'} over ${comparison.queries} queries`;
      const lines = [
        this.isNot
          ? `expected the run to regress from the baseline on one of ${over}, but none did:`
          : `expected the run not to regress from the baseline on ${over}; ${regressed.length} regressed:`,
        ...rows.map(rowLine),
        regressionRuleText(comparison, margin),
      ];
      if (!this.isNot) {
        for (const row of regressed) {
          lines.push('', `queries lost most on ${row.measure} (baseline → run):`);
          for (const loss of queriesLostMost(baseScores, runScores, row.measure, LOSSES_SHOWN)) lines.push(`  ${lossText(loss)}`);
        }
      }
      if (comparison.warnings.length > 0) lines.push('', 'warnings:', ...comparison.warnings.map((warning) => `  ${warning}`));
      return lines.join('\n');
    },
  };
};

/** evaluateRun's options that `toHaveMeasure` passes on (`measures` is its argument; `slices` shows nowhere). */
const MEASURE_SCORING_KEYS = [...RUN_OPTION_KEYS.filter((key) => key !== 'measures' && key !== 'slices'), ...METRIC_OPTION_KEYS];

function readBound(bound: unknown, name: string): number | undefined {
  if (bound === undefined) return undefined;
  if (typeof bound !== 'number' || Number.isNaN(bound)) fail('invalid_option', 'toHaveMeasure', `\`${name}\``, 'a number', bound);
  return bound as number;
}

const toHaveMeasure: Matcher<MatcherArgs<'toHaveMeasure'>> = function (received, givenQrels, measure, givenBounds) {
  const matcher = 'toHaveMeasure';
  const name = readMeasure(measure, matcher);
  const example = "an object with `atLeast` and/or `atMost`, such as { atLeast: 0.6 }";
  const bounds = ownOptions(givenBounds, [...MEASURE_SCORING_KEYS, 'atLeast', 'atMost'], matcher, { name: 'the bounds', expected: example });
  const atLeast = readBound(bounds.atLeast, 'atLeast');
  const atMost = readBound(bounds.atMost, 'atMost');
  if (atLeast === undefined && atMost === undefined) fail('invalid_option', matcher, 'the bounds', example, bounds);
  if (atLeast !== undefined && atMost !== undefined && atLeast > atMost) fail('invalid_option', matcher, { kind: 'option', option: 'atLeast' }, `at most \`atMost\` (${atMost})`, atLeast);
  const options = pickOptions(bounds, MEASURE_SCORING_KEYS) as MetricOptions;
  // One ranking (an array) is scored as a run of one query with its judgments.
  const single = Array.isArray(received);
  // Scored, then shown on failure: judgments read once (readOnce, readQrels).
  const qrels = single ? readOnce(givenQrels, matcher, 'invalid_qrels', 'the judgments') : readQrels(givenQrels, matcher);
  const run = (single ? { query: received } : received) as ByQuery<Ranking>;
  const golden = (single ? { query: qrels } : qrels) as ByQuery<Qrels>;
  // Its aspects too are its query's: keyed by the golden set's query ids, they would find no query here and
  // score 0 without a word.
  const aspects = single && bounds.aspects !== undefined ? { aspects: { query: bounds.aspects } } : {};
  const result = named(matcher, undefined, () => evaluateRun(run, golden, { ...options, ...aspects, measures: [name] } as EvaluateRunOptions), single ? withoutQueryId : undefined);
  const value = result.mean[name]!;
  const within = (x: number): boolean => (atLeast === undefined || x >= atLeast) && (atMost === undefined || x <= atMost);
  const pass = within(value);
  // Four decimals, or every digit when four would make a failing value look within the bounds (or the reverse).
  const shown = within(Number(value.toFixed(4))) === pass ? value.toFixed(4) : String(value);
  const range = atMost === undefined ? `≥ ${atLeast}` : atLeast === undefined ? `≤ ${atMost}` : `between ${atLeast} and ${atMost}`;
  const aggregate = result.conventions.aggregation[name];
  const over = single ? '' : ` (${aggregate === 'mean' ? 'mean' : aggregate === 'sum' ? 'sum' : 'geometric mean'} over ${result.queries} queries)`;
  return {
    pass,
    message: () => {
      const head = `expected ${name}${over} ${this.isNot ? 'not ' : ''}${range}, got ${shown}`;
      if (single) {
        const view = measureView(received as Ranking, qrels as Qrels, name, options);
        return `${head}\n\n${view.title}\n${view.text}`;
      }
      if (this.isNot) return head;
      // Below the lower bound, the lowest queries pulled the value down; above the upper, the highest up.
      const highest = atLeast === undefined || value >= atLeast;
      return [head, '', `${highest ? 'highest' : 'lowest'} queries on ${name}:`, ...worstQueries(run, golden, result.perQuery, name, options, highest)].join('\n');
    },
  };
};

/**
 * The matchers as a plain object, for `expect.extend(rankevalMatchers)` in jest (vitest users import
 * `rankeval/vitest`, which registers them and their types).
 */
export const rankevalMatchers = {
  toHaveRecallAtK,
  toHavePrecisionAtK,
  toHaveNdcgAtK,
  toHaveReciprocalRank,
  toRankFirst,
  toRetrieve,
  toMeetGates,
  toNotRegressFrom,
  toHaveMeasure,
};
