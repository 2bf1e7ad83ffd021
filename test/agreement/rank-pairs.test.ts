import { afterEach, describe, expect, it, vi } from 'vitest';
import { concordance, denseRanks, pairsAbove } from '../../src/agreement/rank-pairs.js';
import { Fenwick } from '../../src/core/fenwick.js';
import { kendallTau } from '../../src/agreement/kendall.js';
import { tauAP } from '../../src/agreement/tau-ap.js';
import { seededRandom } from '../../src/stats/random.js';
import { pairwiseConcordance } from './pairwise.js';

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
});

describe('pairsAbove and concordance', () => {
  it('count, for each item, the items above it in r and how s orders each pair', () => {
    const [r, s] = [Float64Array.of(3, 2, 2, 1), Float64Array.of(1, 2, 1, 3)];
    const { above, higher, lower } = pairsAbove(denseRanks(r), denseRanks(s));
    // item 4 (lowest in r) has the other three above it: s puts none above it, all three below
    expect([...above]).toEqual([0, 1, 1, 3]);
    expect([...higher]).toEqual([0, 0, 0, 0]);
    expect([...lower]).toEqual([0, 1, 0, 3]);
    expect(concordance(denseRanks(r), denseRanks(s))).toBe(pairwiseConcordance([...r], [...s]));
  });
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
