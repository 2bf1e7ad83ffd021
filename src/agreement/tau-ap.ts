// AP correlation (Yilmaz, Aslam & Robertson 2008) of two orders of the same items, with Urbano & Marrero's
// treatments of ties (2017): in the order under test only (τ_AP,a) or anywhere (τ_AP,b).
import { argument } from '../core/errors.js';
import { pairedScores, undefinedFor, type ItemScores } from './paired-scores.js';
import { denseRanks, pairsAbove, type DenseRanks } from './rank-pairs.js';
import { constantSide, readVariant, type RankCorrelationOptions } from './kendall.js';

/**
 * AP correlation between the reference order `x` and the order under test `y`: Kendall's τ weighted to the
 * top, where a swap among the first items costs more than one among the last (Yilmaz, Aslam & Robertson,
 * SIGIR 2008; ties as in Urbano & Marrero, ICTIR 2017, and their R package ircor).
 *
 * Without ties, going down `y` from its second item: τ_AP = 1/(n − 1) · Σ_{i=2..n} (2 · C(i)/(i − 1) − 1),
 * C(i) the items above rank i that `x` also puts above it. 1 for the same order, −1 for the reversed one.
 * - τ_AP,a (ties in `y` only): the mean of τ_AP over the orders `y`'s ties can be broken into, each as
 *   likely. An item of a group of g ties under s items, c of which `x` puts above it too, is at rank
 *   s + m + 1 for m = 0 … g − 1 alike, with m/2 of the m tied items above it right on average over the
 *   group; it adds (1/g) · Σ_m ((2c + m)/(s + m) − 1) over the m with s + m > 0.
 * - τ_AP,b (ties anywhere, no reference): the mean of the two directions, d(y→x) and d(x→y), where d(r→s)
 *   averages 2 · C(i)/A(i) − 1 over the items i with A(i) > 0 items strictly above them in r, C(i) of which
 *   are strictly above i in s too (a tie in s counts as not above). Without ties it is the mean of τ_AP(x, y)
 *   and τ_AP(y, x): symmetric, and so not Yilmaz's τ_AP, which takes `x` as the truth.
 * C and A are counted for every item at once in O(n log n) (a Fenwick tree over ranks).
 *
 * Edge rules: fewer than two items, a tie in `x` for τ_AP,a, and an `x` or `y` of one value for τ_AP,b leave
 * the coefficient undefined: a RankevalError `undefined_statistic` says which, never a NaN.
 *
 * @param x the reference scores, higher is better: an array or typed array, or name → score (aligned with
 *   `y` by name)
 * @param y the scores under test, of the same items
 * @throws {RankevalError} `invalid_option` for unaligned or non-finite scores, a Map, or a bad option;
 *   `undefined_statistic` where the variant is undefined for the input
 * @example
 * // y ranks c, b, a; x ranks a over b over c: b has c above it, wrongly; a has c and b, both wrongly.
 * tauAP([3, 2, 1], [1, 2, 3], { variant: 'a' }) // => ((2·0/1 − 1) + (2·0/2 − 1)) / 2 = −1
 * // x = [3, 2, 1], y = [3, 1, 2]: d(y→x) = ((2·1/1 − 1) + (2·1/2 − 1)) / 2 = 0.5, d(x→y) the same
 * tauAP([3, 2, 1], [3, 1, 2]) // => 0.5
 */
export function tauAP(x: ItemScores, y: ItemScores, options: RankCorrelationOptions = {}): number {
  const fn = 'tauAP';
  const variant = readVariant(options, fn, ['a', 'b']);
  const scores = pairedScores(x, y, fn);
  const n = scores.x.length;
  if (n < 2) undefinedFor(fn, `τ_AP,${variant} needs two items or more, got ${n}`, 'two items or more', n, { subject: argument('x'), facts: { limit: 2, count: n } });
  const [rx, ry] = [denseRanks(scores.x), denseRanks(scores.y)];
  if (variant === 'a') {
    if (rx.tiedPairs > 0) undefinedFor(fn, "τ_AP,a allows ties in `y` only, and `x` (the reference order) has ties: use variant 'b'", 'an `x` without ties', rx.tiedPairs, { subject: argument('x'), facts: { count: rx.tiedPairs } });
    return expectedOverTies(rx, ry);
  }
  constantSide(fn, 'τ_AP,b', rx.distinct === 1, ry.distinct === 1);
  return (direction(ry, rx) + direction(rx, ry)) / 2;
}

/**
 * τ_AP,a: τ_AP of `truth` (no ties) against `ranked`, averaged over the ways to break `ranked`'s ties. Of
 * the m tied items above an item, `truth` puts m/2 above it in the mean over a group (each tied pair is
 * right one way round), which is all the sum needs: its terms are linear in that count. An item of a group
 * of g under s items, c of them right, adds (1/g) · Σ_m ((2c + m)/(s + m) − 1) = (2c − s) · H/g, where
 * H = Σ_m 1/(s + m) over the m with s + m > 0 is the group's own: O(g) a group, O(n log n) in all.
 */
function expectedOverTies(truth: DenseRanks, ranked: DenseRanks): number {
  const n = truth.rank.length;
  const { above, higher } = pairsAbove(ranked, truth);
  const harmonic = new Float64Array(ranked.distinct); // H of each group of `ranked`
  for (let group = 0; group < ranked.distinct; group++) {
    const s = n - ranked.start[group + 1]!;
    for (let m = ranked.start[group + 1]! - ranked.start[group]! - 1; m >= 0; m--) if (s + m > 0) harmonic[group]! += 1 / (s + m);
  }
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const [s, c, group] = [above[i]!, higher[i]!, ranked.rank[i]!];
    const g = ranked.start[group + 1]! - ranked.start[group]!;
    // Alone in its group, the term is τ_AP's own (the top item, s = 0, adds nothing).
    if (g === 1) sum += s > 0 ? (2 * c) / s - 1 : 0;
    else sum += ((2 * c - s) * harmonic[group]!) / g;
  }
  return sum / (n - 1);
}

/** d(r→s): the mean over items with some item strictly above them in `r` of 2 · C/A − 1 (see tauAP). */
function direction(r: DenseRanks, s: DenseRanks): number {
  const { above, higher } = pairsAbove(r, s);
  let sum = 0;
  let items = 0;
  for (let i = 0; i < above.length; i++) {
    if (above[i] === 0) continue;
    items++;
    sum += (2 * higher[i]!) / above[i]! - 1;
  }
  return sum / items;
}
