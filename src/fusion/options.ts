// fuse's options: the methods and normalisations it knows, and the options resolved once, at the boundary,
// into the plan every query is fused by.
import { fail, mention, option } from '../core/errors.js';
import type { NamedRun } from './runs.js';
import type { ByQuery } from '../core/types.js';

/** The fusion methods `fuse` knows: score-based (Comb*, wsum) and rank-based (rrf, isr, log_isr, bordafuse, condorcet). */
export type FusionMethod =
  | 'rrf'
  | 'combsum'
  | 'combmnz'
  | 'combmax'
  | 'combmin'
  | 'combmed'
  | 'combanz'
  | 'wsum'
  | 'isr'
  | 'log_isr'
  | 'bordafuse'
  | 'condorcet';

/** How each run's scores are rescaled, query by query, before a score-based method combines them. */
export type FusionNorm = 'min-max' | 'max' | 'sum' | 'zmuv' | 'rank' | 'borda' | 'none';

export interface FuseOptions {
  readonly method: FusionMethod;
  /** Normalisation applied to each run before combining; `'none'` by default. */
  readonly norm?: FusionNorm;
  /** RRF's constant k (default 60): a document at rank r of a run adds 1 / (k + r). Only with `rrf`. */
  readonly k?: number;
  /** `wsum`'s weights: an array in the runs' order, or name → weight when the runs are given by name. */
  readonly weights?: readonly number[] | ByQuery<number>;
  /** Keep only the top `depth` documents of each run's ranking before fusing (default: all of them). */
  readonly depth?: number;
}

/** Every method of `fuse`, in the order the documentation lists them. */
export const FUSION_METHODS: readonly FusionMethod[] = ['rrf', 'combsum', 'combmnz', 'combmax', 'combmin', 'combmed', 'combanz', 'wsum', 'isr', 'log_isr', 'bordafuse', 'condorcet'];
/** Every normalisation of `fuse`. */
export const FUSION_NORMS: readonly FusionNorm[] = ['min-max', 'max', 'sum', 'zmuv', 'rank', 'borda', 'none'];
/** The options `fuse` takes (`FuseOptions`). */
export const FUSE_OPTION_KEYS: readonly string[] = ['method', 'norm', 'k', 'weights', 'depth'];
/** Methods that read each run's positions only, never its scores: a normalisation would change nothing but `borda`'s padding. */
const RANK_METHODS: readonly FusionMethod[] = ['rrf', 'isr', 'log_isr', 'bordafuse', 'condorcet'];
const DEFAULT_RRF_K = 60;

/** fuse's options with their defaults, checked; `weights` as given, read against the runs by `planFusion`. */
export interface FuseSettings {
  readonly method: FusionMethod;
  readonly norm: FusionNorm;
  readonly k: number;
  readonly depth: number | undefined;
  readonly weights: FuseOptions['weights'];
}

/** fuse's settings with the weights read against the runs: what every query is fused by. */
export interface FusionPlan extends Omit<FuseSettings, 'weights'> {
  /** One weight per run with `wsum`; empty otherwise. */
  readonly weights: readonly number[];
}

/**
 * Checks the options that do not depend on the runs, so that they fail before any run is read, and fills
 * in the defaults.
 */
export function resolveFuseOptions(options: FuseOptions, fn: string): FuseSettings {
  const { method, norm = 'none', k, depth, weights } = options;
  if (!FUSION_METHODS.includes(method)) fail('invalid_option', fn, option('method'), `one of ${FUSION_METHODS.join(', ')}`, method);
  if (!FUSION_NORMS.includes(norm)) fail('invalid_option', fn, option('norm'), `one of ${FUSION_NORMS.join(', ')}`, norm);
  if (RANK_METHODS.includes(method) && norm !== 'none') {
    fail('invalid_option', fn, [mention(option('norm')), ` with the rank-based method '${method}'`], "'none' (it reads positions only)", norm, option('norm'));
  }
  if (k !== undefined) {
    if (method !== 'rrf') fail('invalid_option', fn, [mention(option('k')), ` with method '${method}'`], "absent (only 'rrf' takes k)", k, option('k'));
    if (typeof k !== 'number' || !Number.isFinite(k) || k <= 0) fail('invalid_option', fn, option('k'), 'a positive finite number', k);
  }
  if (depth !== undefined && !(typeof depth === 'number' && Number.isInteger(depth) && depth > 0)) {
    fail('invalid_option', fn, option('depth'), 'a positive integer', depth);
  }
  return { method, norm, k: k ?? DEFAULT_RRF_K, depth, weights };
}

/** The settings with the weights read against the runs. */
export function planFusion(settings: FuseSettings, runs: readonly NamedRun[], fn: string): FusionPlan {
  return { ...settings, weights: readWeights(settings.method, settings.weights, runs, fn) };
}

function readWeights(method: FusionMethod, weights: FuseOptions['weights'], runs: readonly NamedRun[], fn: string): number[] {
  if (method !== 'wsum') {
    if (weights !== undefined) fail('invalid_option', fn, [mention(option('weights')), ` with method '${method}'`], "absent (only 'wsum' takes weights)", weights, option('weights'));
    return [];
  }
  if (weights === undefined) fail('invalid_option', fn, option('weights'), `one weight per run (${runs.length}) for 'wsum'`, weights);
  const list = Array.isArray(weights) ? weightsInOrder(weights, runs, fn) : weightsByName(weights as ByQuery<number>, runs, fn);
  for (const weight of list) if (typeof weight !== 'number' || !Number.isFinite(weight)) fail('invalid_option', fn, 'every weight', 'a finite number', weight, option('weights'));
  return list as number[];
}

function weightsInOrder(weights: readonly unknown[], runs: readonly NamedRun[], fn: string): readonly unknown[] {
  if (weights.length !== runs.length) fail('invalid_option', fn, option('weights'), `${runs.length} weights, one per run`, weights);
  return weights;
}

function weightsByName(weights: ByQuery<number>, runs: readonly NamedRun[], fn: string): unknown[] {
  const byName = weights instanceof Map ? weights : new Map(Object.entries(weights as object));
  const names = runs.map((run) => run.name);
  for (const key of byName.keys()) if (!names.includes(key as string)) fail('invalid_option', fn, ['every name of ', mention(option('weights'))], `one of the runs' names (${names.join(', ')})`, key, option('weights'));
  return names.map((name) => (byName.has(name) ? byName.get(name) : fail('invalid_option', fn, `the weight of run '${name}'`, 'a finite number', undefined, option('weights'))));
}
