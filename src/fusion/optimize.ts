import { coverageWarnings, SCORING_KEYS } from '../analysis/compare.js';
import { fail, isRankevalError, ownOptions, RankevalError } from '../core/errors.js';
import { readScoringInputs } from '../engine/evaluator.js';
import { evaluateRun, readByQuery, type ByQuery, type EvaluateRunOptions, type RunEvaluation } from '../engine/evaluate.js';
import { fuseRuns } from './fuse.js';
import { combineQuery } from './combine.js';
import { planFusion, resolveFuseOptions, type FuseSettings, type FusionNorm } from './options.js';
import { listsOf, readRuns, type FusionRun, type NamedRun } from './runs.js';
import { queryValues, type QueryValues } from './values.js';
import { higherIsBetter } from '../measures/reading.js';
import { compareUtf8 } from '../core/ordering.js';
import { pickOptions } from '../core/metric-options.js';
import { checkSeed, seededRandom } from '../stats/random.js';
import { meanOf } from '../stats/tests.js';
import type { MetricOptions, Qrels, ScoredDocument } from '../core/types.js';

/** The fusion methods with a parameter to tune: `wsum`'s weights and `rrf`'s k. */
export type OptimizedFusionMethod = 'wsum' | 'rrf';

/** One setting of the tuned parameter: `wsum`'s weights (in the runs' order, see `runNames`) or `rrf`'s k. */
export type FusionSetting = { readonly weights: readonly number[] } | { readonly k: number };

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
  readonly grid?: number | readonly number[] | readonly (readonly number[])[];
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
}

const FN = 'optimizeFusion';
const OWN_KEYS = ['method', 'measure', 'norm', 'depth', 'grid', 'trials', 'folds', 'seed'];
const SCORING = SCORING_KEYS.filter((key) => key !== 'measures');
const RRF_GRID: readonly number[] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
/**
 * More settings than this is a search of hours on a golden set of hundreds of queries (each setting is one
 * fuse and evaluateRun of the whole set: about 0.1 s for 500 queries of 3 runs × 100 documents).
 */
export const MAX_SETTINGS = 10_000;

/**
 * Tunes a fusion's parameter on a golden set — `wsum`'s weights or `rrf`'s k — by grid (or random) search,
 * and says how much of the gain is fitting: by default the queries are split into 5 folds, each fold's
 * setting is chosen on the other four and scored on it, and the held-out figure (`crossValidated`) is
 * reported beside the in-sample one (`inSample`, what ranx's `optimize_fusion` reports).
 *
 * - The search: every setting of `grid` (or `trials` random weight vectors) is fused with `fuse` and scored
 *   with `evaluateRun` on `measure`; the best mean wins. Equal means: the last of them in the grid's order,
 *   as ranx (its `>=`). The default `wsum` grid is every vector of multiples of 0.1 that sums to 1, in ranx's
 *   order (the first run's weight varying slowest), computed exactly, where ranx's float test
 *   `sum(weights) == 1.0` drops four of the 66 vectors of three runs ((0.2, 0.7, 0.1), (0.3, 0.6, 0.1),
 *   (0.6, 0.3, 0.1), (0.7, 0.2, 0.1)). So `folds: 1` chooses what ranx 0.3.20's `optimize_fusion` chooses
 *   with the same normalisation (ranx's default is `min-max`; here, as in `fuse`, it is `none`), unless one
 *   of those four vectors is the best, which ranx cannot find.
 * - Cross-validation: the judged queries (in UTF-8 byte order) are shuffled with `seed` and dealt into
 *   `folds` folds; a fold's setting is chosen by the mean over the other folds' queries only — its own
 *   queries are never scored before the choice is made. `crossValidated` is the mean over every query of
 *   its held-out score, the measure of `run`.
 * - "Did fusion help?": `comparable` holds the best single run (chosen on every query, a choice that can
 *   only flatter it; the first of equals) and the out-of-fold fused `run`; `compare(result.comparable,
 *   qrels, { measures: [result.measure] })` tests the difference with a paired test. The single runs are
 *   scored as given, not cut to `depth`.
 * - Under `noRelevant: 'skip'`, the queries without relevant documents take no part in any figure; `run`
 *   holds them fused with `best`, so that no run is said to miss them.
 *
 * Worked example (examples/rag, 24 questions): `wsum` of the keyword, BM25 and character-trigram runs after
 * `min-max`, for ndcg@10, tries the 66 weight vectors in each of 5 folds on the other folds' questions. The
 * folds choose (0, 0.8, 0.2), (0.3, 0.2, 0.5) three times and (0, 0.6, 0.4); on every question the best is
 * (0.3, 0.2, 0.5) at 0.8695 (`inSample`), while each question scored with the weights chosen without it
 * gives 0.8379 (`crossValidated`), below BM25 alone (0.8476, `singleRuns.bm25`).
 *
 * @param runs two runs or more, as `fuse` takes them (an array, or name → run)
 * @param qrels query id → judgments
 * @throws {RankevalError} `invalid_option` for a bad option (a method without a parameter, a measure not
 *   averaged over queries or naming several values, `trials` with `rrf`, `folds` not an integer from 1 to
 *   the number of queries scored, a grid of no setting or of more than 10,000), whatever `fuse` and
 *   `evaluateRun` throw for bad runs, qrels or measures (a check in `'error'` mode that the fused run trips
 *   is reported as the fused run's)
 * @see ranx 0.3.20 `optimize_fusion` (the in-sample search reproduced by `folds: 1`)
 * @example
 * const tuned = optimizeFusion({ keyword, bm25, trigram }, qrels, { method: 'wsum', norm: 'min-max', measure: 'ndcg@10' });
 * // => { best: { weights: [0.3, 0.2, 0.5] }, inSample: 0.8695…, crossValidated: 0.8379…, byFold: [...], … }
 * compare(tuned.comparable, qrels, { measures: ['ndcg@10'], test: 'randomization' });
 */
export function optimizeFusion(runs: readonly FusionRun[] | ByQuery<FusionRun>, givenQrels: ByQuery<Qrels>, given: OptimizeFusionOptions): FusionOptimization {
  const options = ownOptions(given, [...OWN_KEYS, ...SCORING], FN, { expected: 'an object with `method` and `measure`' });
  const { method, measure, norm = 'none', depth, grid, trials, folds = 5, seed = 42 } = options;
  if (method !== 'wsum' && method !== 'rrf') fail('invalid_option', FN, '`method`', "'wsum' or 'rrf' (the methods with a parameter to tune)", method);
  const fusion = resolveFuseOptions({ method, norm, ...(depth !== undefined && { depth }) }, FN);
  if (typeof measure !== 'string') fail('invalid_option', FN, '`measure`', 'a measure name', measure);
  if (!Number.isSafeInteger(folds) || folds < 1) fail('invalid_option', FN, '`folds`', 'a positive integer', folds);
  checkSeed(seed, FN);
  const named = readRuns(runs, FN);
  if (named.length < 2) fail('invalid_option', FN, '`runs`', 'two runs or more to fuse', named.length);
  const settings = settingsToTry(method, named.length, grid, trials, seed);
  // Every setting is scored on the same judgments and aspects: each iterable in them is read once, here.
  const inputs = readScoringInputs(givenQrels, pickOptions(options, SCORING, FN), FN);
  const qrels = inputs.qrels as ByQuery<Qrels>;
  const scoring = { ...inputs.options, measures: [measure] } as unknown as EvaluateRunOptions;
  // Parts of a run (a fold, one query) would trip checks the whole run does not (a cutoff beyond a part's
  // deepest ranking). A fused ranking is already in trec_eval's order (score, then id descending): under
  // that tie rule it is scored as given, unsorted again.
  const partScoring: EvaluateRunOptions = { ...scoring, checks: 'off', ...((scoring.ties ?? 'trec') === 'trec' && { ties: 'given' }) };

  // Each run alone, which also checks the measure and names the queries every figure is over.
  const singles = named.map(({ rankings }) => evaluateRun(rankings, qrels, scoring));
  const first = singles[0]!;
  const keys = Object.keys(first.mean);
  if (keys.length !== 1) fail('invalid_option', FN, '`measure`', 'one measure (it names several values)', measure);
  if (first.conventions.aggregation[keys[0]!] !== 'mean') fail('invalid_option', FN, '`measure`', 'a measure averaged over queries (not a sum or a geometric mean)', measure);
  const better = higherIsBetter(measure);
  const queryIds = Object.keys(first.perQuery).sort(compareUtf8);
  const skipped = scoring.noRelevant === 'skip' ? first.noRelevantQueries : [];
  if (folds > queryIds.length) {
    const scoredQueries = skipped.length > 0 ? `queries scored (${queryIds.length}: ${skipped.length} judged without a relevant document are skipped)` : `judged queries (${queryIds.length})`;
    fail('invalid_option', FN, '`folds`', `at most the number of ${scoredQueries}`, folds);
  }

  const scorer = settingScorer(named, qrels, fusion, settings, partScoring, measure, queryIds);
  const search = crossValidatedSearch({ queryIds, settings: settings.length, folds, seed, higherIsBetter: better, objective: scorer.mean, heldOut: scorer.perQuery });

  const singleRuns: Record<string, number> = Object.create(null);
  named.forEach(({ name }, i) => (singleRuns[name] = singles[i]!.mean[measure]!));
  const bestSingle = named.map(({ name }) => name).reduce((best, name) => (isBetter(singleRuns[name]!, singleRuns[best]!, better) ? name : best));

  const foldOf = new Map<string, number>();
  search.byFold.forEach(({ queries }, fold) => queries.forEach((qid) => foldOf.set(qid, fold)));
  const chosenFor = (qid: string) => (foldOf.has(qid) ? search.byFold[foldOf.get(qid)!]!.chosen : search.best);
  const run = new Map<string, ScoredDocument[]>();
  for (const qid of [...queryIds, ...skipped].sort(compareUtf8)) run.set(qid, scorer.fused(chosenFor(qid), [qid]).get(qid)!);

  const names = named.map(({ name }) => name);
  const fusedName = names.includes('fused') ? 'fused (out of fold)' : 'fused';
  const scored = new Map<string, RunEvaluation>(named.map(({ name }, i) => [name, singles[i]!]));
  scored.set(fusedName, scoreFusedRun(run, qrels, scoring, fusedName));
  return {
    method,
    norm,
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
    warnings: coverageWarnings(scored, [...scored.keys()], queryIds.length),
  };
}

/**
 * The fused run scored whole, under the caller's checks (the search scores parts of it with checks off): a
 * check in 'error' mode that only the fusion trips (RRF tying two runs' lone documents) names the fused run.
 */
function scoreFusedRun(run: Map<string, ScoredDocument[]>, qrels: ByQuery<Qrels>, scoring: EvaluateRunOptions, name: string): RunEvaluation {
  try {
    return evaluateRun(run, qrels, scoring);
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    throw new RankevalError(error.code, `${FN}: the fused run "${name}" (each query fused with its fold's setting): ${error.message.replace(/^evaluateRun: /, '')}`, error.expected, error.received);
  }
}

function isBetter(score: number, than: number, higher: boolean): boolean {
  return higher ? score > than : score < than;
}

/** The settings of the search, in order, checked. */
function settingsToTry(method: OptimizedFusionMethod, runs: number, grid: OptimizeFusionOptions['grid'], trials: number | undefined, seed: number): FusionSetting[] {
  if (grid !== undefined && trials !== undefined) fail('invalid_option', FN, '`grid` and `trials`', 'one of them, not both', { grid, trials });
  if (method === 'rrf') {
    if (trials !== undefined) fail('invalid_option', FN, '`trials` with rrf', "absent (rrf's one parameter, k, is searched on `grid`: a list of k values)", trials);
    const ks = grid ?? RRF_GRID;
    if (!Array.isArray(ks) || ks.length === 0) fail('invalid_option', FN, '`grid` with rrf', 'a non-empty list of k values', grid);
    checkGridSize(ks as unknown[]);
    for (const k of ks as unknown[]) if (typeof k !== 'number' || !Number.isFinite(k) || k <= 0) fail('invalid_option', FN, 'every k of `grid`', 'a positive finite number', k);
    return (ks as number[]).map((k) => ({ k }));
  }
  if (trials !== undefined) {
    if (!Number.isSafeInteger(trials) || trials < 1 || trials > MAX_SETTINGS) fail('invalid_option', FN, '`trials`', `an integer from 1 to ${MAX_SETTINGS.toLocaleString('en')}`, trials);
    return randomWeights(runs, trials, seed).map((weights) => ({ weights }));
  }
  if (grid === undefined || typeof grid === 'number') return simplexGrid(runs, grid ?? 0.1).map((weights) => ({ weights }));
  if (!Array.isArray(grid) || grid.length === 0) fail('invalid_option', FN, '`grid` with wsum', 'a step, or a non-empty list of weight vectors', grid);
  checkGridSize(grid);
  for (const weights of grid as unknown[]) {
    if (!Array.isArray(weights) || weights.length !== runs) fail('invalid_option', FN, 'every weight vector of `grid`', `${runs} weights, one per run`, weights);
    for (const weight of weights as unknown[]) if (typeof weight !== 'number' || !Number.isFinite(weight)) fail('invalid_option', FN, 'every weight of `grid`', 'a finite number', weight);
  }
  return (grid as number[][]).map((weights) => ({ weights: [...weights] }));
}

function checkGridSize(grid: readonly unknown[]): void {
  if (grid.length > MAX_SETTINGS) fail('invalid_option', FN, '`grid`', `at most ${MAX_SETTINGS.toLocaleString('en')} settings`, `${grid.length.toLocaleString('en')} settings`);
}

/**
 * Every weight vector of `runs` weights that are multiples of `step` and sum to 1, the first weight varying
 * slowest. Counted in steps, so 0.1 + 0.2 + 0.7 is 1 here (each weight is i / m, m = 1 / step).
 */
function simplexGrid(runs: number, step: number): number[][] {
  const steps = Math.round(1 / step);
  if (!(typeof step === 'number' && step > 0 && step <= 1 && Math.abs(steps * step - 1) < 1e-9)) {
    fail('invalid_option', FN, 'the step of `grid`', 'a number in (0, 1] that divides 1 (0.1, 0.05, 0.25…)', step);
  }
  // C(steps + runs − 1, runs − 1) vectors: refuse before building a grid too large to search.
  let count = 1;
  for (let i = 1; i < runs; i++) count = (count * (steps + i)) / i;
  if (count > MAX_SETTINGS) fail('invalid_option', FN, 'the step of `grid`', `a step giving at most ${MAX_SETTINGS.toLocaleString('en')} weight vectors for ${runs} runs (it gives ${Math.round(count).toLocaleString('en')}; use \`trials\`)`, step);
  const vectors: number[][] = [];
  const build = (prefix: number[], left: number): void => {
    if (prefix.length === runs - 1) return void vectors.push([...prefix, left].map((units) => units / steps));
    for (let units = 0; units <= left; units++) build([...prefix, units], left - units);
  };
  build([], steps);
  return vectors;
}

/** Weight vectors drawn uniformly on the simplex: normalised exponential draws (a flat Dirichlet). */
function randomWeights(runs: number, trials: number, seed: number): number[][] {
  const random = seededRandom(seed);
  return Array.from({ length: trials }, () => {
    const draws = Array.from({ length: runs }, () => -Math.log((random.uint32() + 1) / 2 ** 32));
    const total = draws.reduce((sum, draw) => sum + draw, 0);
    return draws.map((draw) => draw / total);
  });
}

/**
 * Fuses and scores settings query by query, each query's score of each setting computed once: a query's
 * score depends on that query's rankings and judgments only, so scoring a set of queries reads nothing of
 * any other.
 */
function settingScorer(
  runs: readonly NamedRun[],
  qrels: ByQuery<Qrels>,
  fusion: FuseSettings,
  settings: readonly FusionSetting[],
  scoring: EvaluateRunOptions,
  measure: string,
  queryIds: readonly string[],
) {
  const judgments = readByQuery<Qrels>(qrels, FN, '`qrels`', 'invalid_qrels');
  const plans = settings.map((setting) => planFusion({ ...fusion, ...setting }, runs, FN));
  const position = new Map(queryIds.map((qid, i) => [qid, i]));
  // Setting → each query's score by position (NaN: not scored yet), made when the setting is first scored.
  const scores: (Float64Array | undefined)[] = settings.map(() => undefined);
  // wsum's settings differ in their weights only: each query's normalised values serve them all.
  const valuesByQuery = new Map<string, QueryValues>();
  const fused = (setting: number, ids: readonly string[]): Map<string, ScoredDocument[]> => {
    const plan = plans[setting]!;
    if (plan.method !== 'wsum') return fuseRuns(runs, plan, ids);
    const rankings = new Map<string, ScoredDocument[]>();
    for (const qid of ids) {
      let values = valuesByQuery.get(qid);
      if (values === undefined) valuesByQuery.set(qid, (values = queryValues(listsOf(runs, qid, plan.depth), 'wsum', plan.norm, plan.k)));
      rankings.set(qid, combineQuery(values, 'wsum', plan.weights));
    }
    return rankings;
  };
  const perQuery = (setting: number, ids: readonly string[]): number[] => {
    const known = (scores[setting] ??= new Float64Array(queryIds.length).fill(Number.NaN));
    const missing = ids.filter((qid) => Number.isNaN(known[position.get(qid)!]!));
    if (missing.length > 0) {
      const evaluation: RunEvaluation = evaluateRun(fused(setting, missing), new Map(missing.map((qid) => [qid, judgments.get(qid)!])), scoring);
      for (const qid of missing) known[position.get(qid)!] = evaluation.perQuery[qid]![measure]!;
    }
    return ids.map((qid) => known[position.get(qid)!]!);
  };
  return {
    perQuery,
    mean: (setting: number, ids: readonly string[]): number => meanOf(perQuery(setting, ids)),
    fused,
  };
}

export interface SearchPlan {
  /** The judged queries, in UTF-8 byte order. */
  readonly queryIds: readonly string[];
  /** How many settings there are (0 … settings − 1). */
  readonly settings: number;
  readonly folds: number;
  readonly seed: number;
  readonly higherIsBetter: boolean;
  /** The mean measure of a setting over the given queries: the only figure a choice is made by. */
  readonly objective: (setting: number, queryIds: readonly string[]) => number;
  /** Each given query's measure under a setting already chosen. */
  readonly heldOut: (setting: number, queryIds: readonly string[]) => number[];
}

export interface SearchResult {
  readonly best: number;
  readonly inSample: number;
  readonly inSampleScores: number[];
  readonly crossValidated: number;
  readonly byFold: { queries: string[]; chosen: number; training: number; heldOut: number }[];
}

/**
 * The search and its cross-validation, on setting indices (internal; exported for the test that instruments
 * `objective`): each fold's setting is chosen by `objective` over the training queries alone, then scored
 * on the fold's own queries through `heldOut`.
 */
export function crossValidatedSearch(plan: SearchPlan): SearchResult {
  const { queryIds, settings, folds, seed, higherIsBetter: higher, objective, heldOut } = plan;
  const scoresOn = (queries: readonly string[]) => Array.from({ length: settings }, (_, setting) => objective(setting, queries));
  const choose = (scores: readonly number[]) => {
    let chosen = 0;
    // Equal means: the later setting, as ranx's `>=` keeps it.
    scores.forEach((score, setting) => {
      if (score === scores[chosen] || isBetter(score, scores[chosen]!, higher)) chosen = setting;
    });
    return { chosen, score: scores[chosen]! };
  };
  const byFold: SearchResult['byFold'] = [];
  const heldOutScores = new Map<string, number>();
  if (folds > 1) {
    for (const queries of splitIntoFolds(queryIds, folds, seed)) {
      const held = new Set(queries);
      const training = queryIds.filter((qid) => !held.has(qid));
      const { chosen, score } = choose(scoresOn(training));
      const scores = heldOut(chosen, queries);
      queries.forEach((qid, i) => heldOutScores.set(qid, scores[i]!));
      byFold.push({ queries, chosen, training: score, heldOut: meanOf(scores) });
    }
  }
  const inSampleScores = scoresOn(queryIds);
  const { chosen: best, score: inSample } = choose(inSampleScores);
  return { best, inSample, inSampleScores, crossValidated: folds > 1 ? meanOf(queryIds.map((qid) => heldOutScores.get(qid)!)) : inSample, byFold };
}

/** The queries shuffled with `seed` and dealt into `folds` folds, each fold's ids in UTF-8 byte order. */
export function splitIntoFolds(queryIds: readonly string[], folds: number, seed: number): string[][] {
  const shuffled = [...queryIds];
  const random = seededRandom(seed);
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const dealt: string[][] = Array.from({ length: folds }, () => []);
  shuffled.forEach((qid, i) => dealt[i % folds]!.push(qid));
  return dealt.map((fold) => fold.sort(compareUtf8));
}
