import { fc, test } from '@fast-check/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { denseRanks, pairCounts, pairsAbove } from '../../src/agreement/rank-pairs.js';
import { Fenwick } from '../../src/core/fenwick.js';
import { kendallTau } from '../../src/agreement/kendall.js';
import { tauAP } from '../../src/agreement/tau-ap.js';
import { seededRandom } from '../../src/stats/random.js';
import { distinct, pairwiseConcordance, tiedSides } from './pairwise.js';

describe('denseRanks', () => {
  it('ranks equal scores alike, 0 the lowest, −0 and 0 one score, and groups the items by rank', () => {
    const ranks = denseRanks(Float64Array.of(0.5, 0, 0.2, -0, 0.5, 0.5));
    expect([...ranks.rank]).toEqual([2, 0, 1, 0, 2, 2]);
    expect(ranks.distinct).toBe(3);
    expect([...ranks.items]).toEqual([1, 3, 2, 0, 4, 5]);
    expect([...ranks.start]).toEqual([0, 2, 3, 6]);
    // (2 · 1)/2 pairs among the two zeros, (3 · 2)/2 among the three 0.5s
    expect(ranks.tiedPairs).toBe((2 * 1) / 2 + (3 * 2) / 2);
  });

  it('orders negative scores, subnormals and the extremes as numbers (its radix sort reads the bits)', () => {
    const scores = [-Number.MAX_VALUE, -1.5, -1, -Number.MIN_VALUE, -0, 0, Number.MIN_VALUE, 2 ** -1022, 0.1, 1, 1 + Number.EPSILON, Number.MAX_VALUE];
    const shuffled = [7, 0, 11, 4, 2, 9, 5, 1, 10, 3, 6, 8].map((k) => scores[k]!);
    const { rank, distinct } = denseRanks(Float64Array.from(shuffled));
    // the rank of each is its place among the distinct scores (−0 and 0 one)
    const levels = [...new Set(scores.map((score) => score + 0))];
    expect([...rank]).toEqual(shuffled.map((score) => levels.indexOf(score + 0)));
    expect(distinct).toBe(scores.length - 1);
  });
});

describe('pairsAbove', () => {
  it('counts, for each item, the items above it in r and how many s puts above it too', () => {
    const [r, s] = [Float64Array.of(3, 2, 2, 1), Float64Array.of(1, 2, 1, 3)];
    const { above, higher } = pairsAbove(denseRanks(r), denseRanks(s));
    // item 4 (lowest in r) has the other three above it: s puts none of them above it
    expect([...above]).toEqual([0, 1, 1, 3]);
    expect([...higher]).toEqual([0, 0, 0, 0]);
  });
});

/** Pairs of equal values, Σ over groups of t(t − 1)/2, counted pair by pair. */
const tiedPairs = (values: readonly number[]): number => values.reduce((sum, value, i) => sum + values.slice(i + 1).filter((other) => other === value).length, 0);

describe('pairCounts', () => {
  it('gives S and the ties of a small case', () => {
    // x = 3 2 1, y = 3 1 2: pairs (1,2) and (1,3) concordant, (2,3) discordant
    expect(pairCounts(Float64Array.of(3, 2, 1), Float64Array.of(3, 1, 2))).toEqual({ concordance: 2 - 1, tiedX: 0, tiedY: 0, distinctX: 3, distinctY: 3 });
  });

  test.prop([tiedSides])('equals the pairwise S, tied pairs and distinct scores, ties on both sides', ([x, y]) => {
    const counts = pairCounts(Float64Array.from(x), Float64Array.from(y));
    expect(counts).toEqual({ concordance: pairwiseConcordance(x, y), tiedX: tiedPairs(x), tiedY: tiedPairs(y), distinctX: distinct(x), distinctY: distinct(y) });
  });

  const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
  test.prop([fc.integer({ min: 2, max: 30 }).chain((n) => fc.tuple(fc.array(finite, { minLength: n, maxLength: n }), fc.array(fc.oneof(finite, fc.constantFrom(-0, 0, -1, 1)), { minLength: n, maxLength: n })))])(
    'equals the pairwise S for any finite doubles (negatives, subnormals, extremes)',
    ([x, y]) => {
      expect(pairCounts(Float64Array.from(x), Float64Array.from(y)).concordance).toBe(pairwiseConcordance(x, y));
    },
  );
});

// The work of kendallTau and tauAP, beside sorting and loops over the items, is the Fenwick operations: each
// reads cells of the tree, counted here as they are read. Doubling n about doubles them (2 · log(2n)/log n),
// where the pairwise loops quadrupled.
describe('kendallTau and tauAP do O(n log n) work', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const scores = (n: number, seed: number): number[] => {
    const random = seededRandom(seed);
    return Array.from({ length: n }, () => random.below(n / 4));
  };
  /** Cells of every Fenwick tree read while `call` runs. */
  const cellsRead = (n: number, call: (x: number[], y: number[]) => number): number => {
    let reads = 0;
    const counted = new WeakSet<Fenwick>();
    const counting = (tree: Fenwick): void => {
      if (counted.has(tree)) return;
      counted.add(tree);
      const cells = new Proxy(tree.cells, {
        get: (target, key) => {
          if (typeof key === 'string' && key !== 'length') reads++;
          const value: unknown = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
        set: (target, key, value) => Reflect.set(target, key, value),
      });
      Object.defineProperty(tree, 'cells', { value: cells });
    };
    const [add, below] = [Fenwick.prototype.add, Fenwick.prototype.below];
    vi.spyOn(Fenwick.prototype, 'add').mockImplementation(function (this: Fenwick, position: number) {
      counting(this);
      add.call(this, position);
    });
    vi.spyOn(Fenwick.prototype, 'below').mockImplementation(function (this: Fenwick, position: number) {
      counting(this);
      return below.call(this, position);
    });
    call(scores(n, 1), scores(n, 2));
    vi.restoreAllMocks();
    return reads;
  };

  // Each item is ranked by one radix sort a side (no comparison sort, no binary search), then costs one
  // Fenwick query and one update a sweep: τ sweeps once, τ_AP,a once, τ_AP,b once each way.
  it.each([
    ['kendallTau, τ_b', (x: number[], y: number[]) => kendallTau(x, y), 1],
    ['kendallTau, τ_a', (x: number[], y: number[]) => kendallTau([...x.keys()], y, { variant: 'a' }), 1],
    ['tauAP, τ_AP,a', (x: number[], y: number[]) => tauAP([...x.keys()], y, { variant: 'a' }), 1],
    ['tauAP, τ_AP,b', (x: number[], y: number[]) => tauAP(x, y), 2],
  ])('%s: no comparison sort, one Fenwick query and one update an item a sweep', (_, call, sweeps) => {
    const sorts = [vi.spyOn(Object.getPrototypeOf(Int32Array.prototype) as Int32Array, 'sort'), vi.spyOn(Array.prototype, 'sort')];
    const [below, add] = [vi.spyOn(Fenwick.prototype, 'below'), vi.spyOn(Fenwick.prototype, 'add')];
    const n = 1_000;
    call(scores(n, 1), scores(n, 2));
    for (const sort of sorts) expect(sort).not.toHaveBeenCalled();
    expect([below.mock.calls.length, add.mock.calls.length]).toEqual([sweeps * n, sweeps * n]);
  });

  it.each([
    ['kendallTau, τ_b', (x: number[], y: number[]) => kendallTau(x, y)],
    ['kendallTau, τ_c', (x: number[], y: number[]) => kendallTau(x, y, { variant: 'c' })],
    ['tauAP, τ_AP,b', (x: number[], y: number[]) => tauAP(x, y)],
    ['tauAP, τ_AP,a', (x: number[], y: number[]) => tauAP([...x.keys()], y, { variant: 'a' })],
  ])('%s: doubling n at most 2.2× the cells read', (_, call) => {
    // 8,000 items (2,000 distinct scores a side) against 16,000: about 2.18 here, where the n(n − 1)/2 pairs quadruple
    const [once, twice] = [cellsRead(8_000, call), cellsRead(16_000, call)];
    expect(once).toBeGreaterThan(0);
    expect(twice / once).toBeLessThanOrEqual(2.2);
  });
});
