// poolStats(): hand-worked sizes, Judged@depth and unique pairs, and the input checks.
import { describe, expect, it } from 'vitest';
import { pool } from '../../src/judging/pool.js';
import { poolStats } from '../../src/judging/pool-stats.js';
import { rankevalFailureOf } from '../helpers/files.js';

describe('poolStats', () => {
  const runs = {
    bm25: { q1: ['d1', 'd2', 'd3', 'd4'], q2: ['d5', 'd6'], q3: ['d9'] },
    dense: { q1: ['d2', 'd7', 'd1'], q2: [], q4: ['d8'] },
  };
  const existing = { q1: { d3: 1 }, q3: { d9: 0 } };
  // Depth 2: q1 pools d1, d2 (bm25) and d2, d7 (dense) = d1, d2, d7; q2 d5, d6; q3 d9 is judged; q4 d8.
  const pooled = pool(runs, { depth: 2, existing });

  it('counts the pool per query and overall, naming the queries with nothing left to judge', () => {
    const stats = poolStats(pooled, runs, { depth: 2, existing });
    expect(stats.perQuery).toEqual(new Map([['q1', 3], ['q2', 2], ['q3', 0], ['q4', 1]]));
    expect([stats.depth, stats.queries, stats.pairs, stats.empty]).toEqual([2, 3, 6, ['q3']]);
  });

  it('covers every run at the depth it was pooled at', () => {
    const stats = poolStats(pooled, runs, { depth: 2, existing });
    expect(stats.runs.map(({ run, judged }) => [run, judged])).toEqual([['bm25', 1], ['dense', 1]]);
    // dense's q2 is empty: no figure, not a 0.
    expect([...stats.runs[1]!.perQuery.keys()]).toEqual(['q1', 'q4']);
  });

  it('shows the holes deeper than the pool: Judged@4 per query and its mean over the queries ranked', () => {
    const stats = poolStats(pooled, runs, { depth: 4, existing });
    const [bm25, dense] = stats.runs;
    // bm25 q1 top 4: d1, d2 pooled, d3 judged, d4 neither → 3/4; q2 2/2; q3 1/1 (judged).
    expect(bm25!.perQuery).toEqual(new Map([['q1', 3 / 4], ['q2', 1], ['q3', 1]]));
    expect(bm25!.judged).toBe((3 / 4 + 1 + 1) / 3);
    // dense q1 top 3 (all it ranks): d2, d7, d1 all pooled → 1; q4 d8 → 1.
    expect(dense!.judged).toBe(1);
  });

  it('counts the pooled pairs only one run brings', () => {
    const [bm25, dense] = poolStats(pooled, runs, { depth: 2, existing }).runs;
    // bm25 alone: q1 d1 (dense has d1 only at rank 3), q2 d5, d6 = 3; dense alone: q1 d7, q4 d8 = 2.
    expect([bm25!.unique, dense!.unique]).toEqual([3, 2]);
  });

  it('reads a pool without qrels: their documents are then holes', () => {
    const stats = poolStats(pooled, runs, { depth: 2 });
    expect(stats.runs[0]!.perQuery.get('q3')).toBe(0);
    expect(stats.runs[0]!.judged).toBe((1 + 1 + 0) / 3);
  });

  it('gives judged null to a run that ranks no document', () => {
    expect(poolStats({}, { empty: { q1: [] } }).runs[0]!.judged).toBeNull();
  });

  it('refuses a pool that is not query id → ids', () => {
    expect(rankevalFailureOf(() => poolStats({ q1: 'd1' } as never, runs))).toMatchObject({ code: 'invalid_option' });
    expect(rankevalFailureOf(() => poolStats({ q1: ['d1', 'd1'] }, runs)).message).toBe('poolStats: expected the documents of query "q1" in `pool` to be each document once, got `"d1"` (string)');
    expect(rankevalFailureOf(() => poolStats(pooled, runs, { depth: 1.5 })).message).toBe('poolStats: expected `depth` to be a positive integer, got `1.5` (number)');
  });
});
