// pool(): hand-worked pools in both orders, the input checks, and a law against an independent depth-k
// union of generated runs (ties, runs of different depths, existing qrels).
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { pool } from '../../src/judging/pool.js';
import { rankevalFailureOf } from '../helpers/files.js';
import type { ScoredDocument } from '../../src/core/types.js';

describe('pool', () => {
  const runs = {
    bm25: { q1: ['d1', 'd2', 'd3'], q2: ['d7', 'd8'] },
    dense: { q1: ['d4', 'd1', 'd5'] },
  };

  it('pools the union of each run’s top depth, by best rank, ties by id descending', () => {
    // Best ranks at depth 2: d1 1, d4 1, d2 2 — d4 before d1 (id descending).
    expect(pool(runs, { depth: 2 })).toEqual({ q1: ['d4', 'd1', 'd2'], q2: ['d7', 'd8'] });
    // Depth 10 (the default) takes the whole rankings: d2 at rank 2, d5 and d3 at 3 (d5 first).
    expect(pool(runs)).toEqual({ q1: ['d4', 'd1', 'd2', 'd5', 'd3'], q2: ['d7', 'd8'] });
  });

  it('orders by reciprocal-rank fusion with k = 60 under order rrf', () => {
    // d1: 1/61 + 1/62, d4: 1/61, d2: 1/62, d5: 1/63, d3: 1/63 (tied: d5 first, id descending).
    expect(pool(runs, { order: 'rrf' })).toEqual({ q1: ['d1', 'd4', 'd2', 'd5', 'd3'], q2: ['d7', 'd8'] });
    expect(pool(runs, { order: 'rrf', depth: 1 })).toEqual({ q1: ['d4', 'd1'], q2: ['d7'] });
  });

  it('reads {id, score} rankings in trec_eval’s order before cutting them', () => {
    const scored = { a: { q1: [{ id: 'x', score: 1 }, { id: 'z', score: 5 }, { id: 'y', score: 5 }] } };
    // z and y tie at 5: z first (id descending); depth 2 keeps z, y.
    expect(pool(scored, { depth: 2 })).toEqual({ q1: ['z', 'y'] });
  });

  it('leaves out what the existing qrels judge, any grade, after ordering', () => {
    const existing = { q1: { d1: 0, d4: -2 }, q2: ['d7', 'd8'] };
    // d1 still counts in the fusion: d2 (1/62) comes before d5 and d3 (1/63).
    expect(pool(runs, { order: 'rrf', existing })).toEqual({ q1: ['d2', 'd5', 'd3'] });
    expect(Object.keys(pool(runs, { existing }))).toEqual(['q1']); // q2 has nothing left: left out
  });

  it('pools a query from the runs that rank it, and leaves out one only empty rankings hold', () => {
    expect(pool({ a: { q1: [] }, b: { q1: [], q2: ['d1'] } })).toEqual({ q2: ['d1'] });
  });

  it('returns an object without a prototype, whatever the query ids', () => {
    const pooled = pool({ a: new Map([['__proto__', ['d1']]]) });
    expect(Object.getPrototypeOf(pooled)).toBeNull();
    expect(Object.keys(pooled)).toEqual(['__proto__']);
  });

  it('refuses what it cannot pool', () => {
    expect(rankevalFailureOf(() => pool(runs, { depth: 0 }))).toEqual({ code: 'invalid_option', message: 'pool: expected `depth` to be a positive integer, got `0` (number)' });
    expect(rankevalFailureOf(() => pool(runs, { order: 'borda' as 'rrf' })).message).toBe("pool: expected `order` to be 'rank' or 'rrf', got `\"borda\"` (string)");
    expect(rankevalFailureOf(() => pool(runs, { deep: 3 } as object))).toMatchObject({ code: 'invalid_option' });
    expect(rankevalFailureOf(() => pool({}))).toMatchObject({ code: 'invalid_run' });
    expect(rankevalFailureOf(() => pool({ a: { q1: ['d1', 'd2', 'd1'] } }))).toEqual({
      code: 'invalid_ranking',
      message: 'pool: duplicate document id `"d1"` (string) in the ranking of query "q1" in run a at ranks 1 and 3',
    });
    expect(rankevalFailureOf(() => pool(runs, { existing: { q1: { d1: 'yes' } } as never }))).toMatchObject({ code: 'invalid_qrels' });
  });
});

// The law: an independent depth-k union. Each scored ranking is sorted here with an explicit comparator
// (score descending, then the UTF-8 bytes of the id descending, as trec_eval), cut, and united in a Set.
const byTrecOrder = (a: ScoredDocument, b: ScoredDocument): number => b.score - a.score || Buffer.compare(Buffer.from(b.id), Buffer.from(a.id));
const topIds = (ranking: readonly ScoredDocument[], depth: number): string[] => [...ranking].sort(byTrecOrder).slice(0, depth).map(({ id }) => id);

// Few ids and few scores, so that runs share documents and scores tie; an astral id where UTF-16 order and
// UTF-8 order differ.
const docId = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', '\u{1f600}', '\uff5e');
const ranking = fc.uniqueArray(fc.record({ id: docId, score: fc.integer({ min: 0, max: 3 }) }), { selector: (doc) => doc.id, maxLength: 9 });
const run = fc.dictionary(fc.constantFrom('q1', 'q2', 'q3'), ranking);
const runsArb = fc.dictionary(fc.constantFrom('r1', 'r2', 'r3', 'r4'), run, { minKeys: 1 });
const existingArb = fc.dictionary(fc.constantFrom('q1', 'q2', 'q3'), fc.uniqueArray(docId as fc.Arbitrary<string>, { maxLength: 4 }));

describe('pool against an independent union', () => {
  test.prop([runsArb, fc.integer({ min: 1, max: 6 }), existingArb, fc.constantFrom('rank' as const, 'rrf' as const)], { numRuns: 150 })(
    'holds exactly the unjudged documents of the runs’ top depth, each once, and no query without one',
    (runs, depth, existing, order) => {
      const expected = new Map<string, Set<string>>();
      for (const byQuery of Object.values(runs)) {
        for (const [qid, list] of Object.entries(byQuery)) {
          for (const id of topIds(list, depth)) if (!existing[qid]?.includes(id)) expected.set(qid, (expected.get(qid) ?? new Set()).add(id));
        }
      }
      const pooled = pool(runs, { depth, existing, order });
      expect(Object.keys(pooled).sort()).toEqual([...expected.keys()].sort());
      for (const [qid, ids] of Object.entries(pooled)) {
        expect(ids.length).toBe(new Set(ids).size);
        expect(new Set(ids)).toEqual(expected.get(qid));
      }
    },
  );

  test.prop([runsArb, fc.integer({ min: 1, max: 6 })], { numRuns: 100 })('orders by best rank under rank, by Σ 1/(60 + r) under rrf', (runs, depth) => {
    const tops = Object.values(runs).map((byQuery) => new Map(Object.entries(byQuery).map(([qid, list]) => [qid, topIds(list, depth)])));
    const best = (qid: string, id: string): number => Math.min(...tops.map((top) => top.get(qid)?.indexOf(id) ?? -1).filter((i) => i >= 0));
    const rrf = (qid: string, id: string): number => tops.reduce((sum, top) => sum + ((top.get(qid)?.indexOf(id) ?? -1) >= 0 ? 1 / (61 + top.get(qid)!.indexOf(id)) : 0), 0);
    for (const [qid, ids] of Object.entries(pool(runs, { depth }))) {
      for (let i = 1; i < ids.length; i++) expect(best(qid, ids[i - 1]!)).toBeLessThanOrEqual(best(qid, ids[i]!));
    }
    for (const [qid, ids] of Object.entries(pool(runs, { depth, order: 'rrf' }))) {
      for (let i = 1; i < ids.length; i++) expect(rrf(qid, ids[i - 1]!)).toBeGreaterThanOrEqual(rrf(qid, ids[i]!) - 1e-15);
    }
  });
});
