import { coverageWarnings } from '../analysis/compare.js';
import { fail, isRankevalError, reworded, speakingFor, type ErrorScope } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { compareUtf8 } from '../core/ordering.js';
import { settingsToTry, type FusionGrid, type FusionSetting, type OptimizedFusionMethod } from './grid.js';
import { resolveFuseOptions, type FuseSettings, type FusionNorm } from './options.js';
import { readRuns, type FusionRun, type NamedRun } from './runs.js';
import { crossValidatedSearch, isBetter, type SearchResult } from './search.js';
import { settingScorer, type SettingScorer } from './setting-scorer.js';
import { higherIsBetter } from '../measures/reading.js';
import { checkSeed } from '../stats/random.js';
import type { ByQuery, MetricOptions, Qrels, ScoredDocument } from '../core/types.js';
import { scoreRunOn } from '../engine/evaluate-run.js';
import { SCORING_OPTION_KEYS, type EvaluateRunOptions } from '../engine/run-options.js';
import type { RunEvaluation } from '../engine/run-result.js';
import type { RunWarning } from '../engine/run-checks.js';
import { toRecord } from '../engine/records.js';
import { adjusted, resolveRunSettings, type RunSettings } from '../engine/settings.js';

export interface OptimizeFusionOptions extends MetricOptions {
  readonly method: OptimizedFusionMethod;
  /** The measure maximised (minimised when lower is better: miss@k, tokens@k), one name of the catalogue averaged over queries. */
  readonly measure: string;
  /** As in `fuse` (`wsum` only; default `'none'`). */
  readonly norm?: FusionNorm;
  /** As in `fuse`: each run's ranking cut to its top `depth` before fusing. */
  readonly depth?: number;
  /**
   * The settings tried, in order. `wsum`: a step (default 0.1: every weight vector on the simplex whose
   * weights are multiples of it, 66 for three runs) or a list of weight vectors. `rrf`: a list of k values
   * (default 10, 20, …, 100, as ranx).
   */
  readonly grid?: FusionGrid;
  /** `wsum` only, instead of `grid`: this many weight vectors drawn uniformly on the simplex (seeded). */
  readonly trials?: number;
  /** Cross-validation folds, split by query (default 5); 1 chooses on every query and reports that figure only, as ranx. */
  readonly folds?: number;
  /** Seed of the split into folds and of the trials, an integer from 0 to 2^32 − 1. Default 42. */
  readonly seed?: number;
  /** As in `evaluateRun`. */
  readonly noRelevant?: EvaluateRunOptions['noRelevant'];
  readonly checks?: EvaluateRunOptions['checks'];
  readonly systemK?: EvaluateRunOptions['systemK'];
  readonly lengths?: EvaluateRunOptions['lengths'];
  readonly aspects?: EvaluateRunOptions['aspects'];
}

/** One fold of the cross-validation: its held-out queries, the setting chosen on the others, and both figures. */
export interface FusionFold {
  /** The held-out query ids (UTF-8 byte order). */
  readonly queries: string[];
  /** The best setting on the other folds' queries (the training split). */
  readonly chosen: FusionSetting;
  /** The measure of `chosen` on the training split (the figure it was chosen by). */
  readonly training: number;
  /** The measure of `chosen` on this fold's queries, which took no part in choosing it. */
  readonly heldOut: number;
}

export interface FusionOptimization {
  readonly method: OptimizedFusionMethod;
  readonly norm: FusionNorm;
  readonly measure: string;
  /** The runs' names, in the order of each setting's weights (an array's runs are `runs[0]`, `runs[1]`, …). */
  readonly runNames: string[];
  /** The judged queries every figure is over. */
  readonly queries: number;
  /** The setting that is best on every query: the one to deploy. */
  readonly best: FusionSetting;
  /** The measure of `best` on every query: the in-sample figure, which the choice itself inflates. */
  readonly inSample: number;
  /**
   * The mean over every query of the measure it scores under the setting chosen without it (on the other
   * folds): what fusion tuned this way can be expected to give on new queries. Null with `folds: 1`.
   */
  readonly crossValidated: number | null;
  /** Per fold (none with `folds: 1`). */
  readonly byFold: FusionFold[];
  /** Every setting tried, in order, with its measure on every query (ranx's optimisation report). */
  readonly settings: { readonly setting: FusionSetting; readonly score: number }[];
  /** Each run alone: its name → the measure on every query. */
  readonly singleRuns: Record<string, number>;
  /** The run that scores best alone (the first of equals). */
  readonly bestSingleRun: string;
  /**
   * The fused run whose every query was fused with the setting chosen without it (out of fold), or with
   * `best` under `folds: 1`. Its measure is `crossValidated` (`inSample` under `folds: 1`).
   */
  readonly run: Map<string, ScoredDocument[]>;
  /**
   * The best single run, as given (not cut to `depth`: the system fusion would replace), and the fused `run`,
   * named `fused` (`fused (out of fold)` when a run has that name), baseline first: `compare(result.comparable, qrels, …)`.
   */
  readonly comparable: Map<string, FusionRun>;
  /** Each single run's and the fused run's missing queries and evaluateRun warnings, every line naming the run. */
  readonly warnings: string[];
  /**
   * The same warnings as data: each single run's and the fused run's evaluateRun warnings (with their
   * `code`, queries and `count`), by run name, the fused run last, for a caller that words them its own way.
   */
  readonly runWarnings: Record<string, readonly RunWarning[]>;
}

const FN = 'optimizeFusion';
/** The options `optimizeFusion` takes (`OptimizeFusionOptions`): its own, and how each query is scored (the measure is `measure`). */
// Not `scoreOrder`: fusion reads every run's scores highest first, and its fused scores rank so too.
const OPTIMIZE_FUSION_OPTION_KEYS: readonly string[] = ['method', 'measure', 'norm', 'depth', 'grid', 'trials', 'folds', 'seed', ...SCORING_OPTION_KEYS.filter((key) => key !== 'scoreOrder')];

/**
 * Tunes a fusion's parameter on a golden set — `wsum`'s weights or `rrf`'s k — by grid (or random) search,
 * and says how much of the gain is fitting: the in-sample figure (`inSample`, what ranx's `optimize_fusion`
 * reports) beside a cross-validated one (`crossValidated`).
 *
 * - The search: every setting of `grid` (or `trials` random weight vectors) is fused with `fuse` and scored
 *   with `evaluateRun` on `measure`; the best mean wins, of equal means the later setting. The default
 *   `wsum` grid is every vector of multiples of 0.1 that sums to 1, the first run's weight varying slowest;
 *   `rrf`'s is k = 10, 20, …, 100.
 * - Cross-validation: the judged queries (in UTF-8 byte order) are shuffled with `seed` and dealt into
 *   `folds` folds; a fold's setting is chosen by the mean over the other folds' queries only, then scored on
 *   its own. `crossValidated` is the mean over every query of its held-out score, the measure of `run`.
 * - `comparable` holds the best single run (the first of equals, scored as given, not cut to `depth`) and the
 *   out-of-fold fused `run`, baseline first, for `compare`.
 * - Under `noRelevant: 'skip'`, the queries without relevant documents take no part in any figure; `run`
 *   holds them fused with `best`, so that no run is said to miss them.
 *
 * Why the search is built this way, and where it differs from ranx, is in docs/fusion-rules.md.
 *
 * @param runs two runs or more, as `fuse` takes them (an array, or name → run)
 * @param qrels query id → judgments
 * @throws {RankevalError} `invalid_option` for a bad option (a method without a parameter, a measure not
 *   averaged over queries or naming several values, `trials` with `rrf`, `folds` not an integer from 1 to
 *   the number of queries scored, a grid of no setting or of more than `MAX_SETTINGS`), whatever `fuse` and
 *   `evaluateRun` throw for bad runs, qrels or measures (a check in `'error'` mode that the fused run trips
 *   is reported as the fused run's)
 * @see ranx 0.3.20 `optimize_fusion` (the in-sample search reproduced by `folds: 1`)
 * @example
 * const tuned = optimizeFusion({ bm25, dense }, qrels, { method: 'wsum', norm: 'min-max', measure: 'ndcg@10' });
 * tuned.best;           // => { weights: [w_bm25, w_dense] }, the setting to deploy
 * tuned.crossValidated; // => what that tuning can be expected to give on new queries
 * compare(tuned.comparable, qrels, { measures: ['ndcg@10'], test: 'randomization' });
 */
export function optimizeFusion(runs: readonly FusionRun[] | ByQuery<FusionRun>, qrels: ByQuery<Qrels>, given: OptimizeFusionOptions): FusionOptimization {
  const plan = resolveOptimizeFusion(runs, qrels, given);
  const { named, scoring, measure, settings, folds, seed } = plan;
  // Each run alone, which also checks the measure and names the queries every figure is over.
  const singles = named.map(({ name, rankings }) => scoringRun(name, () => scoreRunOn(rankings, scoring)));
  const { queryIds, skipped, better } = scoredQueries(singles[0]!, plan);
  const scorer = settingScorer({ runs: named, fusion: plan.fusion, settings, scoring: partScoring(scoring), measure, queryIds }, FN);
  const search = crossValidatedSearch({ queryIds, settings: settings.length, folds, seed, higherIsBetter: better, objective: scorer.mean, heldOut: scorer.perQuery });
  const run = outOfFoldRun(search, scorer, [...queryIds, ...skipped].sort(compareUtf8));
  const singleRuns: Record<string, number> = Object.create(null);
  named.forEach(({ name }, i) => (singleRuns[name] = singles[i]!.mean[measure]!));
  const names = named.map(({ name }) => name);
  const bestSingle = names.reduce((best, name) => (isBetter(singleRuns[name]!, singleRuns[best]!, better) ? name : best));
  const fusedName = names.includes('fused') ? 'fused (out of fold)' : 'fused';
  const scored = new Map<string, RunEvaluation>(named.map(({ name }, i) => [name, singles[i]!]));
  scored.set(fusedName, scoreFusedRun(run, scoring, fusedName));
  return {
    method: plan.method,
    norm: plan.fusion.norm,
    measure,
    runNames: names,
    queries: queryIds.length,
    best: settings[search.best]!,
    inSample: search.inSample,
    crossValidated: folds === 1 ? null : search.crossValidated,
    byFold: search.byFold.map(({ queries, chosen, training, heldOut }) => ({ queries, chosen: settings[chosen]!, training, heldOut })),
    settings: search.inSampleScores.map((score, i) => ({ setting: settings[i]!, score })),
    singleRuns,
    bestSingleRun: bestSingle,
    run,
    comparable: new Map([
      [bestSingle, named.find(({ name }) => name === bestSingle)!.rankings],
      [fusedName, run],
    ]),
    warnings: coverageWarnings(scored, [...scored.keys()]),
    runWarnings: toRecord([...scored.keys()], [...scored.values()].map(({ warnings }) => warnings)),
  };
}

/** optimizeFusion's arguments, checked and read once: what the search runs on. */
interface OptimizePlan {
  readonly method: OptimizedFusionMethod;
  readonly measure: string;
  readonly folds: number;
  readonly seed: number;
  /** The fusion's fixed options (`norm`, `depth`); each setting adds its weights or k. */
  readonly fusion: FuseSettings;
  readonly named: readonly NamedRun[];
  readonly settings: readonly FusionSetting[];
  /** How a whole run is scored, on `measure` alone, with the judgments: resolved once, every setting is scored on them. */
  readonly scoring: RunSettings;
}

/** Checks the options (those that need no run first), reads the runs, builds the grid and reads the judgments. */
function resolveOptimizeFusion(runs: unknown, givenQrels: ByQuery<Qrels>, given: OptimizeFusionOptions): OptimizePlan {
  const options = ownOptions(given, OPTIMIZE_FUSION_OPTION_KEYS, FN, { expected: 'an object with `method` and `measure`' });
  const { method, measure, norm = 'none', depth, grid, trials, folds = 5, seed = 42 } = options;
  if (method !== 'wsum' && method !== 'rrf') fail('invalid_option', FN, { kind: 'option', option: 'method' }, "'wsum' or 'rrf' (the methods with a parameter to tune)", method);
  const fusion = resolveFuseOptions({ method, norm, ...(depth !== undefined && { depth }) }, FN);
  if (typeof measure !== 'string') fail('invalid_option', FN, { kind: 'option', option: 'measure' }, 'a measure name', measure);
  if (!Number.isSafeInteger(folds) || folds < 1) fail('invalid_option', FN, { kind: 'option', option: 'folds' }, 'a positive integer', folds);
  checkSeed(seed, FN);
  const named = readRuns(runs, FN);
  if (named.length < 2) fail('invalid_option', FN, { kind: 'argument', argument: 'runs' }, 'two runs or more to fuse', named.length);
  const settings = settingsToTry(method, named.length, grid, trials, seed, FN);
  // Every setting is scored on the same settings: options, judgments and aspects read once, here.
  const scoring = resolveRunSettings(givenQrels, { ...options, measures: [measure] } as EvaluateRunOptions, FN);
  return { method, measure, folds, seed, fusion, named, settings, scoring };
}

/**
 * The queries every figure is over (UTF-8 byte order) and those `noRelevant: 'skip'` leaves out, read from
 * the first run's evaluation, which also shows whether `measure` names one figure averaged over queries.
 */
function scoredQueries(first: RunEvaluation, { measure, folds, scoring }: OptimizePlan): { queryIds: string[]; skipped: readonly string[]; better: boolean } {
  const keys = Object.keys(first.mean);
  if (keys.length !== 1) fail('invalid_option', FN, { kind: 'option', option: 'measure' }, 'one measure (it names several values)', measure);
  if (first.conventions.aggregation[keys[0]!] !== 'mean') fail('invalid_option', FN, { kind: 'option', option: 'measure' }, 'a measure averaged over queries (not a sum or a geometric mean)', measure);
  const better = higherIsBetter(measure);
  const queryIds = Object.keys(first.perQuery).sort(compareUtf8);
  const skipped = scoring.noRelevant === 'skip' ? first.noRelevantQueries : [];
  if (folds > queryIds.length) {
    const scoredQueries = skipped.length > 0 ? `queries scored (${queryIds.length}: ${skipped.length} judged without a relevant document are skipped)` : `judged queries (${queryIds.length})`;
    fail('invalid_option', FN, { kind: 'option', option: 'folds' }, `at most the number of ${scoredQueries}`, folds);
  }
  return { queryIds, skipped, better };
}

/**
 * How a part of a fused run (a fold, one query) is scored. A part would trip checks the whole run does not
 * (a cutoff beyond a part's deepest ranking), so they are off. A fused ranking is already in trec_eval's
 * order (score, then id descending): under that tie rule it is scored as given, unsorted again.
 */
function partScoring(scoring: RunSettings): RunSettings {
  return adjusted(scoring, { checks: 'off', ...(scoring.metric.ties === 'trec' && { ties: 'given' as const }) });
}

/** Each query fused with the setting its fold chose without it (`best` for a query in no fold). */
function outOfFoldRun(search: SearchResult, scorer: SettingScorer, queryIds: readonly string[]): Map<string, ScoredDocument[]> {
  const foldOf = new Map<string, number>();
  search.byFold.forEach(({ queries }, fold) => queries.forEach((qid) => foldOf.set(qid, fold)));
  const chosenFor = (qid: string) => (foldOf.has(qid) ? search.byFold[foldOf.get(qid)!]!.chosen : search.best);
  const run = new Map<string, ScoredDocument[]>();
  for (const qid of queryIds) run.set(qid, scorer.fused(chosenFor(qid), [qid]).get(qid)!);
  return run;
}

/**
 * The fused run scored whole, under the caller's checks (the search scores parts of it with checks off): a
 * check in 'error' mode that only the fusion trips (RRF tying two runs' lone documents) names the fused run.
 */
function scoreFusedRun(run: Map<string, ScoredDocument[]>, scoring: RunSettings, name: string): RunEvaluation {
  const scope: ErrorScope = { subject: { kind: 'run', run: name }, words: `the fused run ${JSON.stringify(name)} (each query fused with its fold's setting)` };
  return scoringRun(name, () => scoreRunOn(run, scoring), scope);
}

/**
 * `score()`, the scoring of run `name`, with a RankevalError it throws placed at that run (`at.run`), and,
 * given a `scope`, said within it.
 */
function scoringRun(name: string, score: () => RunEvaluation, scope?: ErrorScope): RunEvaluation {
  try {
    return score();
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    const placed = reworded(error, { at: { ...error.at, run: name } });
    throw scope === undefined ? placed : speakingFor(placed, FN, [FN], [scope]);
  }
}
