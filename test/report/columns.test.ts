import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { deltaColumns } from '../../src/report/columns.js';
import type { QueryDelta } from '../../src/report/types.js';

/** Differences as `reportData` gives them: sorted largest first, each with its outcome. */
const sorted = (values: readonly number[]): QueryDelta[] =>
  [...values].sort((a, b) => b - a).map((delta, i) => ({ query: `q${i}`, delta, outcome: delta > 0 ? 'win' : delta < 0 ? 'loss' : 'tie' }));

// Differences of scores in [0, 1], ties frequent (as they are between rank-based measures).
const differences = fc.array(fc.oneof(fc.constant(0), fc.double({ min: -1, max: 1, noNaN: true })), { maxLength: 2000 });
const maxColumns = fc.integer({ min: 1, max: 300 });

describe('deltaColumns', () => {
  it('groups the sorted differences in columns of ⌈n / maxColumns⌉, wins from the first, losses from the last, ties left out', () => {
    // 6 queries, at most 3 columns: columns of 2.
    expect(deltaColumns(sorted([0.5, 0.25, 0.25, 0, -0.125, -1]), 3)).toEqual([
      { outcome: 'win', first: 1, last: 2, delta: 0.5 },
      { outcome: 'win', first: 3, last: 3, delta: 0.25 },
      { outcome: 'loss', first: 5, last: 6, delta: -1 },
    ]);
    // 9 queries in columns of 3: the part-filled columns sit next to the ties.
    expect(deltaColumns(sorted([1, 0.75, 0.5, 0.25, 0, -0.125, -0.25, -0.5, -1]), 3)).toEqual([
      { outcome: 'win', first: 1, last: 3, delta: 1 },
      { outcome: 'win', first: 4, last: 4, delta: 0.25 },
      { outcome: 'loss', first: 6, last: 6, delta: -0.125 },
      { outcome: 'loss', first: 7, last: 9, delta: -1 },
    ]);
  });

  it('gives each win and each loss a column of its own while there are at most maxColumns queries', () => {
    expect(deltaColumns(sorted([0.5, 0, -0.25, -1]), 4)).toEqual([
      { outcome: 'win', first: 1, last: 1, delta: 0.5 },
      { outcome: 'loss', first: 3, last: 3, delta: -0.25 },
      { outcome: 'loss', first: 4, last: 4, delta: -1 },
    ]);
  });

  it('draws nothing when every query ties, or there is none', () => {
    expect(deltaColumns(sorted([0, 0, 0]), 2)).toEqual([]);
    expect(deltaColumns([], 200)).toEqual([]);
  });

  test.prop([differences, maxColumns])('never draws more than maxColumns + 1 columns, however many the queries', (values, most) => {
    expect(deltaColumns(sorted(values), most).length).toBeLessThanOrEqual(most + 1);
  });

  test.prop([differences, maxColumns])('puts every win and every loss in exactly one column of its outcome, and no tie in any', (values, most) => {
    const deltas = sorted(values);
    const covered = deltas.map(() => 0);
    for (const column of deltaColumns(deltas, most)) {
      for (let position = column.first; position <= column.last; position++) {
        covered[position - 1]!++;
        expect(deltas[position - 1]!.outcome).toBe(column.outcome);
      }
    }
    expect(covered).toEqual(deltas.map((entry) => (entry.outcome === 'tie' ? 0 : 1)));
  });

  test.prop([differences, maxColumns])('stands each column at the difference farthest from zero among its queries', (values, most) => {
    const deltas = sorted(values);
    for (const column of deltaColumns(deltas, most)) {
      const own = deltas.slice(column.first - 1, column.last).map((entry) => entry.delta);
      expect(own).toContain(column.delta);
      expect(own.every((delta) => Math.abs(delta) <= Math.abs(column.delta))).toBe(true);
    }
  });

  test.prop([differences, maxColumns])('makes every column ⌈n / maxColumns⌉ queries wide but the one of each outcome next to the ties', (values, most) => {
    const deltas = sorted(values);
    const size = Math.max(1, Math.ceil(deltas.length / most));
    const columns = deltaColumns(deltas, most);
    for (const outcome of ['win', 'loss'] as const) {
      const own = columns.filter((column) => column.outcome === outcome);
      // Wins: the last column is next to the ties; losses: the first.
      const inner = outcome === 'win' ? own.length - 1 : 0;
      own.forEach((column, i) => (i === inner ? expect(column.last - column.first + 1).toBeLessThanOrEqual(size) : expect(column.last - column.first + 1).toBe(size)));
    }
  });
});
