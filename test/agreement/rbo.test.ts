import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { rbo } from '../../src/agreement/rbo.js';

/** A ranking with ties: distinct ids cut into tie groups at random places. */
const tiedRanking = fc
  .uniqueArray(fc.constantFrom(...Array.from({ length: 16 }, (_, i) => `d${i}`)), { minLength: 1, maxLength: 12 })
  .chain((ids) => fc.array(fc.boolean(), { minLength: ids.length, maxLength: ids.length }).map((cuts) => group(ids, cuts)));

function group(ids: readonly string[], cuts: readonly boolean[]): (string | string[])[] {
  const groups: string[][] = [];
  ids.forEach((id, i) => (i === 0 || cuts[i] ? groups.push([id]) : groups[groups.length - 1]!.push(id)));
  return groups.map((g) => (g.length === 1 ? g[0]! : g));
}

const persistence = fc.double({ min: 0.01, max: 0.99, noNaN: true });
const treatment = fc.constantFrom('w' as const, 'a' as const, 'b' as const);
const hasTies = (ranking: readonly (string | string[])[]): boolean => ranking.some((entry) => Array.isArray(entry));

describe('rbo properties', () => {
  test.prop([tiedRanking, persistence])("RBO(x, x) = 1 under 'b', whatever the ties", (x, p) => {
    const { ext, max } = rbo(x, x, { p, ties: 'b' });
    expect(ext).toBeCloseTo(1, 12);
    expect(max).toBeCloseTo(1, 12);
  });

  test.prop([tiedRanking, persistence])("RBO(x, x) = 1 under 'w' too: a prefix holds a tie whole, in both copies", (x, p) => {
    expect(rbo(x, x, { p, ties: 'w' }).ext).toBeCloseTo(1, 12);
  });

  // p ≥ 0.5, so that a tie twelve ranks down still weighs more than rounding.
  test.prop([tiedRanking, fc.double({ min: 0.5, max: 0.99, noNaN: true })])("RBO(x, x) < 1 under 'a' exactly when x has ties (a tie broken two ways differs)", (x, p) => {
    const { ext } = rbo(x, x, { p, ties: 'a' });
    if (hasTies(x)) expect(ext).toBeLessThan(1 - 1e-9);
    else expect(ext).toBeCloseTo(1, 12);
  });

  test.prop([tiedRanking, tiedRanking, persistence, treatment])('ext lies within [min, max], and res = max − min', (x, y, p, ties) => {
    const { ext, min, max, res } = rbo(x, y, { p, ties });
    expect(min).toBeLessThanOrEqual(ext);
    expect(ext).toBeLessThanOrEqual(max);
    expect(res).toBe(max - min);
  });

  test.prop([tiedRanking, tiedRanking, persistence, treatment])('every bound lies in [0, 1]', (x, y, p, ties) => {
    for (const value of Object.values(rbo(x, y, { p, ties }))) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1 + 1e-12);
    }
  });

  test.prop([tiedRanking, tiedRanking, persistence, treatment])('is symmetric: RBO(x, y) = RBO(y, x)', (x, y, p, ties) => {
    const forth = rbo(x, y, { p, ties });
    const back = rbo(y, x, { p, ties });
    for (const bound of ['ext', 'min', 'max', 'res'] as const) expect(back[bound]).toBeCloseTo(forth[bound], 12);
  });

  test.prop([tiedRanking, tiedRanking, persistence])("'a' ≤ 'b': dividing by what the ties leave of each prefix only raises it", (x, y, p) => {
    const a = rbo(x, y, { p, ties: 'a' });
    const b = rbo(x, y, { p, ties: 'b' });
    for (const bound of ['ext', 'min', 'max'] as const) expect(a[bound]).toBeLessThanOrEqual(b[bound] + 1e-12);
  });

  test.prop([tiedRanking, tiedRanking, persistence])('without ties the three treatments agree', (x, y, p) => {
    const flat = (ranking: readonly (string | string[])[]): string[] => ranking.flat();
    const w = rbo(flat(x), flat(y), { p, ties: 'w' });
    for (const ties of ['a', 'b'] as const) {
      const other = rbo(flat(x), flat(y), { p, ties });
      for (const bound of ['ext', 'min', 'max', 'res'] as const) expect(other[bound]).toBeCloseTo(w[bound], 12);
    }
  });
});

describe('rbo, worked by hand', () => {
  // a: d1, then d2 and d3 tied at ranks 2–3; b: d2, d1, d3; p = 0.5. Equal lengths: nothing unseen before
  // depth 3; below it every item is in both, so ext keeps A_3 = 1, and min keeps X_3 = 3.
  const a = ['d1', ['d2', 'd3']];
  const b = ['d2', 'd1', 'd3'];
  const tail = -Math.log(0.5) - (0.5 + 0.25 / 2 + 0.125 / 3); // Σ_{d>3} p^d/d

  it("'a': X_2 = 1·1 (d1) + ½·1 (d2) + ½·0 (d3) = 1.5 over N_2 = 2", () => {
    const got = rbo(a, b, { p: 0.5, ties: 'a' });
    expect(got.ext).toBeCloseTo(0.5 * (0 / 1 + 0.5 * (1.5 / 2) + 0.25 * (3 / 3)) + 0.125 * (3 / 3), 15);
    expect(got.min).toBeCloseTo(0.5 * (0 / 1 + 0.5 * (1.5 / 2) + 0.25 * (3 / 3)) + 0.5 * 3 * (tail / 0.5), 15);
    expect(got.max).toBeCloseTo(0.5 * (0 / 1 + 0.5 * (1.5 / 2) + 0.25 * (3 / 3)) + 0.5 ** 3, 15);
  });

  it("'b': the same X_2 over √(Σm_a²·Σm_b²) = √((1 + ¼ + ¼)·2)", () => {
    expect(rbo(a, b, { p: 0.5, ties: 'b' }).ext).toBeCloseTo(0.5 * (0 + 0.5 * (1.5 / Math.sqrt(1.5 * 2)) + 0.25) + 0.125, 15);
  });

  it("'w': a's prefix of depth 2 holds d1, d2 and d3, b's d2 and d1: X_2 = 2 over their mean size 2.5", () => {
    expect(rbo(a, b, { p: 0.5, ties: 'w' }).ext).toBeCloseTo(0.5 * (0 + 0.5 * (2 / 2.5) + 0.25) + 0.125, 15);
  });

  it('uneven lengths without ties: Webber et al.’s RBO_EXT, with A_s carried over the unseen items', () => {
    // s = 2 (d1 d2), l = 3 (d2 d3 d1); p = 0.5. X_1 = 0, X_2 = 1 (A_s = ½), X_3 = 2 (d1 seen in L at 3).
    // Depth 3: the unseen third item of the short ranking is shared with probability ½: X_3 + ½·1 = 2.5.
    const got = rbo(['d1', 'd2'], ['d2', 'd3', 'd1'], { p: 0.5 });
    expect(got.ext).toBeCloseTo(0.5 * (0 / 1 + 0.5 * (1 / 2) + 0.25 * (2.5 / 3)) + 0.125 * (2.5 / 3), 15);
    // max: the unseen item is d3, the one item of L the short ranking lacks (X_3 = 3), then all shared.
    expect(got.max).toBeCloseTo(0.5 * (0 / 1 + 0.5 * (1 / 2) + 0.25 * (3 / 3)) + 0.125, 15);
  });

  it('the example of Corsi & Urbano’s implementation: p = 0.95, ext of each treatment', () => {
    // x = red (blue green) yellow pink; y = (blue red) white (yellow black purple) green, as their README.
    const x = ['red', ['blue', 'green'], 'yellow', 'pink'];
    const y = [['blue', 'red'], 'white', ['yellow', 'black', 'purple'], 'green'];
    expect(rbo(x, y, { p: 0.95 })).toEqual({ ext: expect.closeTo(0.6922853, 7), min: expect.closeTo(0.3310519, 7), max: expect.closeTo(0.8930692, 7), res: expect.closeTo(0.5620173, 7) });
    expect(rbo(x, y, { p: 0.95, ties: 'w' }).ext).toBeCloseTo(0.7068257, 7);
    expect(rbo(x, y, { p: 0.95, ties: 'b' }).ext).toBeCloseTo(0.7207131, 7);
  });

  it('reads {id, score} documents as a ranking, equal scores tied, in any order', () => {
    const scored = [{ id: 'd3', score: 1 }, { id: 'd1', score: 3 }, { id: 'd2', score: 1 }];
    expect(rbo(scored, ['d1', 'd2', 'd3'], { p: 0.5 })).toEqual(rbo(['d1', ['d2', 'd3']], ['d1', 'd2', 'd3'], { p: 0.5 }));
  });

  it('reads only the top `depth` of each ranking, keeping a tie that straddles it whole', () => {
    expect(rbo(['d1', ['d2', 'd3'], 'd4'], ['d9', 'd8', 'd7'], { depth: 2 })).toEqual(rbo(['d1', ['d2', 'd3']], ['d9', 'd8'], {}));
  });
});

describe('rbo refuses what it cannot read', () => {
  it.each([
    [{ p: 0 }, 'rbo: expected `p` to be a number between 0 and 1, both excluded, got `0` (number)'],
    [{ p: 1 }, 'rbo: expected `p` to be a number between 0 and 1, both excluded, got `1` (number)'],
    [{ ties: 'c' }, "rbo: expected `ties` to be 'w', 'a' or 'b', got `\"c\"` (string)"],
    [{ depth: 0 }, 'rbo: expected `depth` to be a positive integer, got `0` (number)'],
    [{ k: 3 }, 'rbo: expected every option to be one of `p`, `ties`, `depth`, got `"k"` (string)'],
  ])('option %j', (options, message) => {
    expect(() => rbo(['d1'], ['d1'], options as object)).toThrow(expect.objectContaining({ code: 'invalid_option', message }));
  });

  it.each([
    [[], 'rbo: expected `a` to be a ranking of one id or more, got `array of 0` (array)'],
    [['d1', 'd2', 'd1'], 'rbo: `a` lists the id "d1" twice; an id stands at one rank (a tie is one entry: an array of ids)'],
    [['d1', ['d2', 'd1']], 'rbo: `a` lists the id "d1" twice; an id stands at one rank (a tie is one entry: an array of ids)'],
    [['d1', []], 'rbo: expected `a`[1] to be a tie group of one id or more, got `array of 0` (array)'],
    [['d1', 2], 'rbo: expected `a`[1] to be a string id or an array of ids tied, got `2` (number); ids are strings: use `String(id)`'],
    [[{ id: 'd1', score: Number.NaN }], 'rbo: expected `a`[0].score to be a finite number, got `NaN` (number)'],
    ['d1', 'rbo: expected `a` to be an array of ids, of tie groups (arrays of ids) or of {id, score} objects, got `"d1"` (string)'],
  ])('ranking %j', (ranking, message) => {
    expect(() => rbo(ranking as never, ['d1'])).toThrow(expect.objectContaining({ code: 'invalid_ranking', message }));
  });
});

/** Every ranking without ties that `ranking` (with tie groups) may be broken into. */
function tieBreaks(ranking: readonly (string | readonly string[])[]): string[][] {
  const orders = (ids: readonly string[]): string[][] => (ids.length <= 1 ? [[...ids]] : ids.flatMap((id, i) => orders([...ids.slice(0, i), ...ids.slice(i + 1)]).map((rest) => [id, ...rest])));
  return ranking.reduce<string[][]>((prefixes, entry) => prefixes.flatMap((prefix) => orders(typeof entry === 'string' ? [entry] : entry).map((order) => [...prefix, ...order])), [[]]);
}

/** The mean of each bound of RBO over every way of breaking both rankings' ties. */
function meanOverTieBreaks(x: readonly (string | readonly string[])[], y: readonly (string | readonly string[])[], p: number): { ext: number; min: number; max: number } {
  const all = tieBreaks(x).flatMap((bx) => tieBreaks(y).map((by) => rbo(bx, by, { p })));
  const mean = (bound: 'ext' | 'min' | 'max'): number => all.reduce((sum, r) => sum + r[bound], 0) / all.length;
  return { ext: mean('ext'), min: mean('min'), max: mean('max') };
}

describe("ties 'a' and the RBO expected when ties are broken at random", () => {
  const small = fc.uniqueArray(fc.constantFrom('d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6'), { minLength: 1, maxLength: 5 }).chain((ids) => fc.array(fc.boolean(), { minLength: ids.length, maxLength: ids.length }).map((cuts) => group(ids, cuts)));

  test.prop([small, small, persistence])('min is that expected value, whatever the lengths', (x, y, p) => {
    expect(rbo(x, y, { p, ties: 'a' }).min).toBeCloseTo(meanOverTieBreaks(x, y, p).min, 12);
  });

  test.prop([small, small, persistence])('ext and max are too when the rankings are of one length', (x, y, p) => {
    const length = (ranking: readonly (string | string[])[]): number => ranking.flat().length;
    fc.pre(length(x) === length(y));
    const { ext, max } = rbo(x, y, { p, ties: 'a' });
    const mean = meanOverTieBreaks(x, y, p);
    expect(ext).toBeCloseTo(mean.ext, 12);
    expect(max).toBeCloseTo(mean.max, 12);
  });

  it('ext is not, on rankings of unequal length with ties: it is Corsi & Urbano’s extrapolation of the tie-averaged overlaps', () => {
    const x = ['d1', 'd6'];
    const y = ['d0', 'd1', 'd4', ['d2', 'd3']];
    expect(rbo(x, y, { p: 0.9, ties: 'a' }).ext).not.toBeCloseTo(meanOverTieBreaks(x, y, 0.9).ext, 3);
  });
});
