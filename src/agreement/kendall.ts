// Kendall's rank correlation of two orders of the same items, with ties in the order under test only (τ_a),
// anywhere (τ_b), or anywhere with SciPy's τ_c.
import { argument, fail } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { pairedScores, undefinedFor, type ItemScores } from './paired-scores.js';
import { pairCounts } from './rank-pairs.js';

/** How ties are treated: `'a'` allows them in `y` only (accuracy against a reference), `'b'` anywhere (agreement). */
export type TieVariant = 'a' | 'b';

/** Kendall's variants: TieVariant's, and `'c'` (Stuart's τ_c, SciPy's `variant='c'`), ties anywhere. */
export type KendallVariant = TieVariant | 'c';

export interface RankCorrelationOptions {
  /** `'b'` (default): ties anywhere; `'a'`: ties in `y` only, a tie in `x` is an error. */
  readonly variant?: TieVariant;
}

export interface KendallTauOptions {
  /** `'b'` (default): ties anywhere; `'a'`: ties in `y` only, a tie in `x` is an error; `'c'`: τ_c. */
  readonly variant?: KendallVariant;
}

/**
 * Kendall's rank correlation between the reference order `x` and the order under test `y` (Kendall 1938;
 * the convention of ircor, Urbano & Marrero 2017, and of SciPy's `kendalltau` for τ_b and τ_c).
 *
 * Over the n(n − 1)/2 pairs of items, with S = Σ sign(x_i − x_j) · sign(y_i − y_j) (concordant minus
 * discordant pairs; a pair tied on either side counts 0):
 * - τ_a = S / (n(n − 1)/2): ties allowed in `y` only, where a tied pair counts as half right;
 * - τ_b = S / √((n₀ − n_x)(n₀ − n_y)), n₀ = n(n − 1)/2 and n_x, n_y the pairs tied in `x`, in `y`;
 * - τ_c = 2S / (n² (m − 1)/m), m the fewer of the distinct scores of `x` and of `y` (Stuart 1953; SciPy's
 *   `variant='c'`), for orders with few distinct values (grades).
 * Without ties τ_a and τ_b are Kendall's τ: 1 for the same order, −1 for the reversed one. S is counted
 * as an exact integer in O(n log n) (Knight 1966).
 *
 * Edge rules: fewer than two items, a tie in `x` for τ_a, and an `x` or `y` of one value for τ_b and τ_c
 * leave the coefficient undefined: a RankevalError `undefined_statistic` says which, never a NaN.
 *
 * @param x the reference scores, higher is better: an array or typed array, or name → score (aligned with
 *   `y` by name)
 * @param y the scores under test, of the same items
 * @throws {RankevalError} `invalid_option` for unaligned or non-finite scores, a Map, or a bad option;
 *   `undefined_statistic` where the variant is undefined for the input
 * @example
 * kendallTau([3, 2, 1], [3, 1, 2]) // => (2 − 1) / 3 = 0.333…
 * kendallTau({ bm25: 0.3, dense: 0.5, hybrid: 0.6 }, { bm25: 0.2, dense: 0.6, hybrid: 0.6 }, { variant: 'a' }) // => 2 / 3
 * kendallTau([1, 2, 3, 4], [1, 1, 2, 2], { variant: 'c' }) // => 2 · 4 / (4² · (2 − 1)/2) = 1
 */
export function kendallTau(x: ItemScores, y: ItemScores, options: KendallTauOptions = {}): number {
  const fn = 'kendallTau';
  const variant = readVariant(options, fn, ['a', 'b', 'c']);
  const scores = pairedScores(x, y, fn);
  const n = scores.x.length;
  if (n < 2) undefinedFor(fn, `τ_${variant} needs two items or more, got ${n}`, 'two items or more', n, { subject: argument('x'), facts: { limit: 2, count: n } });
  const pairs = (n * (n - 1)) / 2;
  const counts = pairCounts(scores.x, scores.y);
  if (variant === 'a') {
    if (counts.tiedX > 0) undefinedFor(fn, "τ_a allows ties in `y` only, and `x` (the reference order) has ties: use variant 'b'", 'an `x` without ties', counts.tiedX, { subject: argument('x'), facts: { count: counts.tiedX } });
    return counts.concordance / pairs;
  }
  constantSide(fn, `τ_${variant}`, counts.distinctX === 1, counts.distinctY === 1);
  if (variant === 'c') {
    const m = Math.min(counts.distinctX, counts.distinctY);
    return (2 * counts.concordance) / ((n * n * (m - 1)) / m);
  }
  return counts.concordance / Math.sqrt((pairs - counts.tiedX) * (pairs - counts.tiedY));
}

/** The `variant` option, one of `known`, `'b'` by default. */
export function readVariant<V extends KendallVariant>(options: { readonly variant?: V }, fn: string, known: readonly V[]): V {
  const { variant = 'b' as V } = ownOptions(options, ['variant'], fn);
  if (!known.includes(variant)) fail('invalid_option', fn, { kind: 'option', option: 'variant' }, `${known.slice(0, -1).map((v) => `'${v}'`).join(', ')} or '${known.at(-1)!}'`, variant);
  return variant;
}

/** Refuses an `x` or a `y` whose items all tie, for which the b and c variants are undefined. */
export function constantSide(fn: string, name: string, xConstant: boolean, yConstant: boolean): void {
  if (!xConstant && !yConstant) return;
  const side = xConstant ? (yConstant ? '`x` and `y` each give' : '`x` gives') : '`y` gives';
  undefinedFor(fn, `${name} is undefined: ${side} every item the same score`, 'scores that differ on each side', xConstant ? 'x' : 'y', argument(xConstant ? 'x' : 'y'));
}
