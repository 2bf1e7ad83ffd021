import { describe, expect, it } from 'vitest';
import { overlap } from '../../src/agreement/overlap.js';
import { rbo } from '../../src/agreement/rbo.js';

describe('overlap', () => {
  const runA = { q1: ['d1', 'd2', 'd3'], q2: ['d4', 'd5'], q3: ['d6'], q4: [] };
  const runB = new Map<string, readonly string[]>([
    ['q1', ['d1', 'd3', 'd2']],
    ['q2', ['d5', 'd9']],
    ['q5', ['d7']],
    ['q4', ['d8']],
  ]);
  const result = overlap(runA, runB, { p: 0.8 });

  it('gives each query both runs rank its RBO (as rbo) and the Jaccard index of its ids', () => {
    expect([...result.perQuery.keys()]).toEqual(['q1', 'q2']);
    const q1 = rbo(runA.q1, runB.get('q1')!, { p: 0.8 });
    expect(result.perQuery.get('q1')).toEqual({ ext: q1.ext, min: q1.min, max: q1.max, jaccard: 3 / 3 });
    expect(result.perQuery.get('q2')!.jaccard).toBe(1 / 3); // d5 of d4, d5, d9
  });

  it('averages over those queries', () => {
    const [q1, q2] = [result.perQuery.get('q1')!, result.perQuery.get('q2')!];
    expect(result.mean).toEqual({ ext: (q1.ext + q2.ext) / 2, min: (q1.min + q2.min) / 2, max: (q1.max + q2.max) / 2, jaccard: (1 + 1 / 3) / 2 });
  });

  it('orders the queries from the lowest RBO ext, the ones that moved most', () => {
    expect(result.moved).toEqual(['q2', 'q1']);
  });

  it('lists the queries one run ranks alone, an empty ranking counted as none, out of the means', () => {
    expect(result.onlyA).toEqual(['q3']);
    expect(result.onlyB).toEqual(['q4', 'q5']);
  });

  it('says what it read: p, the ties treatment, and depth (null: whole rankings)', () => {
    expect([result.p, result.ties, result.depth]).toEqual([0.8, 'a', null]);
    const top = rbo(['d1'], ['d1']);
    expect(overlap(runA, runB, { depth: 1 }).perQuery.get('q1')).toEqual({ ext: top.ext, min: top.min, max: top.max, jaccard: 1 });
  });

  it('treats ties and scores as rbo does', () => {
    const scored = { q1: [{ id: 'd1', score: 2 }, { id: 'd2', score: 2 }] };
    expect(overlap(scored, { q1: [['d2', 'd1']] }, { ties: 'b' }).mean.ext).toBeCloseTo(1, 12);
  });

  it('refuses runs with no query in common, a run that is not query id → ranking, and a bad ranking', () => {
    expect(() => overlap({ q1: ['d1'] }, { q2: ['d1'] })).toThrow(expect.objectContaining({ code: 'no_queries' }));
    expect(() => overlap([] as never, {})).toThrow(expect.objectContaining({ code: 'invalid_run' }));
    expect(() => overlap({ q1: ['d1', 'd1'] }, {})).toThrow(expect.objectContaining({ code: 'invalid_ranking', message: 'overlap: `runA`["q1"] lists the id "d1" twice; an id stands at one rank (a tie is one entry: an array of ids)' }));
    expect(() => overlap({}, {}, { p: 2 })).toThrow(expect.objectContaining({ code: 'invalid_option' }));
  });
});
