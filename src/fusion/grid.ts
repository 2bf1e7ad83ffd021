// The settings optimizeFusion tries: `wsum`'s weight vectors (a grid on the simplex, a list, or seeded
// random draws) or `rrf`'s k values, checked and capped.
import { fail, mention, option, RankevalError } from '../core/errors.js';
import { describeValue } from '../core/quoting.js';
import { seededRandom } from '../stats/random.js';

/** The fusion methods with a parameter to tune: `wsum`'s weights and `rrf`'s k. */
export type OptimizedFusionMethod = 'wsum' | 'rrf';

/** One setting of the tuned parameter: `wsum`'s weights (in the runs' order, see `runNames`) or `rrf`'s k. */
export type FusionSetting = { readonly weights: readonly number[] } | { readonly k: number };

/** A grid as optimizeFusion's `grid` option gives it: a step, k values, or weight vectors. */
export type FusionGrid = number | readonly number[] | readonly (readonly number[])[];

/** The most settings one search tries: each is one fuse and one evaluateRun of the whole golden set. */
export const MAX_SETTINGS = 10_000;
/** `rrf`'s default grid of k values, as ranx's. */
const RRF_GRID: readonly number[] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
const DEFAULT_STEP = 0.1;

/** The settings of the search, in order, checked (`fn` names the function in messages). */
export function settingsToTry(method: OptimizedFusionMethod, runs: number, grid: FusionGrid | undefined, trials: number | undefined, seed: number, fn: string): FusionSetting[] {
  if (grid !== undefined && trials !== undefined) fail('invalid_option', fn, [mention(option('grid')), ' and ', mention(option('trials'))], 'one of them, not both', { grid, trials }, option('grid'));
  if (method === 'rrf') return rrfSettings(grid, trials, fn);
  if (trials !== undefined) {
    if (!Number.isSafeInteger(trials) || trials < 1 || trials > MAX_SETTINGS) fail('invalid_option', fn, option('trials'), `an integer from 1 to ${MAX_SETTINGS.toLocaleString('en')}`, trials);
    return randomWeights(runs, trials, seed).map((weights) => ({ weights }));
  }
  if (grid === undefined || typeof grid === 'number') return simplexGrid(runs, grid ?? DEFAULT_STEP, fn).map((weights) => ({ weights }));
  if (!Array.isArray(grid) || grid.length === 0) fail('invalid_option', fn, [mention(option('grid')), ' with wsum'], 'a step, or a non-empty list of weight vectors', grid, option('grid'));
  checkGridSize(grid, fn);
  for (const weights of grid as unknown[]) {
    if (!Array.isArray(weights) || weights.length !== runs) fail('invalid_option', fn, ['every weight vector of ', mention(option('grid'))], `${runs} weights, one per run`, weights, option('grid'));
    for (const weight of weights as unknown[]) if (typeof weight !== 'number' || !Number.isFinite(weight)) fail('invalid_option', fn, ['every weight of ', mention(option('grid'))], 'a finite number', weight, option('grid'));
  }
  return (grid as number[][]).map((weights) => ({ weights: [...weights] }));
}

function rrfSettings(grid: FusionGrid | undefined, trials: number | undefined, fn: string): FusionSetting[] {
  if (trials !== undefined) fail('invalid_option', fn, [mention(option('trials')), ' with rrf'], "absent (rrf's one parameter, k, is searched on `grid`: a list of k values)", trials, option('trials'));
  const ks = grid ?? RRF_GRID;
  if (!Array.isArray(ks) || ks.length === 0) fail('invalid_option', fn, [mention(option('grid')), ' with rrf'], 'a non-empty list of k values', grid, option('grid'));
  checkGridSize(ks as unknown[], fn);
  for (const k of ks as unknown[]) if (typeof k !== 'number' || !Number.isFinite(k) || k <= 0) fail('invalid_option', fn, ['every k of ', mention(option('grid'))], 'a positive finite number', k, option('grid'));
  return (ks as number[]).map((k) => ({ k }));
}

function checkGridSize(grid: readonly unknown[], fn: string): void {
  if (grid.length > MAX_SETTINGS) fail('invalid_option', fn, option('grid'), `at most ${MAX_SETTINGS.toLocaleString('en')} settings`, `${grid.length.toLocaleString('en')} settings`);
}

/** `grid` as a step, in the words of messages. */
const STEP = mention(option('grid'), 'the step of `grid`');

/** A step that gives more weight vectors than a search tries; the message points to `trials`. */
function stepTooFine(fn: string, runs: number, count: number, step: number): RankevalError {
  const expected = `a step giving at most ${MAX_SETTINGS.toLocaleString('en')} weight vectors for ${runs} runs (it gives ${Math.round(count).toLocaleString('en')}; use `;
  const problem = ['expected ', STEP, ` to be ${expected}`, mention(option('trials')), `), got ${describeValue(step)}`];
  return new RankevalError({ code: 'invalid_option', fn, subject: option('grid'), problem, expected: `${expected}\`trials\`)`, received: step });
}

/**
 * Every weight vector of `runs` weights that are multiples of `step` and sum to 1, the first weight varying
 * slowest. Counted in steps, so 0.1 + 0.2 + 0.7 is 1 here (each weight is i / m, m = 1 / step).
 */
function simplexGrid(runs: number, step: number, fn: string): number[][] {
  const steps = Math.round(1 / step);
  if (!(typeof step === 'number' && step > 0 && step <= 1 && Math.abs(steps * step - 1) < 1e-9)) {
    fail('invalid_option', fn, [STEP], 'a number in (0, 1] that divides 1 (0.1, 0.05, 0.25…)', step, option('grid'));
  }
  // C(steps + runs − 1, runs − 1) vectors: refuse before building a grid too large to search.
  let count = 1;
  for (let i = 1; i < runs; i++) count = (count * (steps + i)) / i;
  if (count > MAX_SETTINGS) throw stepTooFine(fn, runs, count, step);
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
