// AP correlation (Yilmaz, Aslam & Robertson 2008) of two orders of the same items, with Urbano & Marrero's
// treatments of ties (2017): in the order under test only (τ_AP,a) or anywhere (τ_AP,b).
import { pairedScores, tiedPairs, undefinedFor, type ItemScores } from './paired-scores.js';
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
 *
 * Edge rules: fewer than two items, a tie in `x` for τ_AP,a, and an `x` or `y` of one value for τ_AP,b leave
 * the coefficient undefined: a RankevalError `undefined_statistic` says which, never a NaN.
 *
 * @param x the reference scores, higher is better: an array, or name → score (aligned with `y` by name)
 * @param y the scores under test, of the same items
 * @throws {RankevalError} `invalid_option` for unaligned or non-finite scores or a bad option;
 *   `undefined_statistic` where the variant is undefined for the input
 * @example
 * // y ranks c, b, a; x ranks a over b over c: b has c above it, wrongly; a has c and b, both wrongly.
 * tauAP([3, 2, 1], [1, 2, 3], { variant: 'a' }) // => ((2·0/1 − 1) + (2·0/2 − 1)) / 2 = −1
 * // x = [3, 2, 1], y = [3, 1, 2]: d(y→x) = ((2·1/1 − 1) + (2·1/2 − 1)) / 2 = 0.5, d(x→y) the same
 * tauAP([3, 2, 1], [3, 1, 2]) // => 0.5
 */
export function tauAP(x: ItemScores, y: ItemScores, options: RankCorrelationOptions = {}): number {
  const fn = 'tauAP';
  const variant = readVariant(options, fn);
  const scores = pairedScores(x, y, fn);
  const n = scores.x.length;
  if (n < 2) undefinedFor(fn, `τ_AP,${variant} needs two items or more, got ${n}`, 'two items or more', n);
  const tiedX = tiedPairs(scores.x);
  if (variant === 'a') {
    if (tiedX > 0) undefinedFor(fn, "τ_AP,a allows ties in `y` only, and `x` (the reference order) has ties: use variant 'b'", 'an `x` without ties', tiedX);
    return expectedOverTies(scores.x, scores.y);
  }
  const pairs = (n * (n - 1)) / 2;
  constantSide(fn, 'τ_AP,b', tiedX === pairs, tiedPairs(scores.y) === pairs);
  return (direction(scores.y, scores.x) + direction(scores.x, scores.y)) / 2;
}

/**
 * τ_AP,a: τ_AP of `truth` (no ties) against `ranked`, averaged over the ways to break `ranked`'s ties. Of
 * the m tied items above an item, `truth` puts m/2 above it in the mean over a group (each tied pair is
 * right one way round), which is all the sum needs: its terms are linear in that count.
 */
function expectedOverTies(truth: Float64Array, ranked: Float64Array): number {
  const n = truth.length;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    let above = 0; // s: items strictly above i in `ranked`
    let right = 0; // c: of those, the ones `truth` puts above i too
    let tied = 1; // g: the items tied with i in `ranked`, i among them
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      if (ranked[j]! > ranked[i]!) {
        above++;
        if (truth[j]! > truth[i]!) right++;
      } else if (ranked[j] === ranked[i]) tied++;
    }
    for (let m = 0; m < tied; m++) if (above + m > 0) sum += ((2 * right + m) / (above + m) - 1) / tied;
  }
  return sum / (n - 1);
}

/** d(r→s): the mean over items with some item strictly above them in `r` of 2 · C/A − 1 (see tauAP). */
function direction(r: Float64Array, s: Float64Array): number {
  let sum = 0;
  let items = 0;
  for (let i = 0; i < r.length; i++) {
    let above = 0;
    let right = 0;
    for (let j = 0; j < r.length; j++) {
      if (r[j]! <= r[i]!) continue;
      above++;
      if (s[j]! > s[i]!) right++;
    }
    if (above === 0) continue;
    items++;
    sum += (2 * right) / above - 1;
  }
  return sum / items;
}
