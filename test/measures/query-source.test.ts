// The query as an evaluator gives it, and the sources derived from it: the dense grades, the condensed
// list, and the cut of a token budget.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { NOT_POOLED, UNJUDGED } from '../../src/metrics/judged-ranking.js';
import { budgetCut, condense, denseFromHits, truncate, type QuerySource } from '../../src/measures/query-source.js';

// Ranks 1–6: r (grade 2), x (absent), p (pooled, grade -1), n (0), y (absent), s (1); t (1) judged, not retrieved.
const source: QuerySource = {
  length: 6,
  hits: [
    [1, 2],
    [3, -1],
    [4, 0],
    [6, 1],
  ],
  grades: [2, -1, 0, 1, 1],
  documents: ['r', 'x', 'p', 'n', 'y', 's'],
};

describe('denseFromHits', () => {
  test('the grade at every rank, and the counts at the level', () => {
    const dense = denseFromHits(source, 1);
    expect({ ...dense, rel: [...dense.rel] }).toEqual({
      retrieved: 6,
      rel: [2, NOT_POOLED, UNJUDGED, 0, NOT_POOLED, 1],
      levels: [0, 1, 2],
      levelCounts: [1, 2, 1],
      relevant: 3,
      relevantRetrieved: 2,
      notPooled: 2,
      unjudged: 1,
    });
    expect(denseFromHits(source, 2)).toMatchObject({ relevant: 1, relevantRetrieved: 1 });
  });
});

describe('condense', () => {
  test('keeps the graded documents only, ranked 1, 2, … in their order, with every grade of the qrels', () => {
    const condensed = condense(source, denseFromHits(source, 1));
    expect(condensed.length).toBe(3);
    expect(condensed.hits).toEqual([
      [1, 2],
      [2, 0],
      [3, 1],
    ]);
    expect(condensed.grades).toBe(source.grades);
    expect(condensed.tieGroups).toBeUndefined();
  });

  test('a tie group keeps its graded members, still tied; one of a single graded member is no group', () => {
    const tied = condense({ ...source, tieGroups: [{ start: 3, size: 4 }] }, denseFromHits(source, 1));
    expect(tied.tieGroups).toEqual([{ start: 2, size: 2 }]);
    const single = condense({ ...source, tieGroups: [{ start: 1, size: 2 }] }, denseFromHits(source, 1));
    expect(single.tieGroups).toBeUndefined();
  });
});

describe('truncate', () => {
  test('cuts the ranking, its hits and its ids at the depth, dropping tie groups and the dense form', () => {
    const cut = truncate({ ...source, tieGroups: [{ start: 1, size: 2 }], dense: denseFromHits(source, 1) }, source.documents!, 4);
    expect(cut).toEqual({ length: 4, hits: source.hits.slice(0, 3), grades: source.grades, documents: ['r', 'x', 'p', 'n'], tieGroups: undefined });
  });
});

describe('budgetCut: the documents a context window of B tokens holds, filled in rank order', () => {
  const LENGTHS: Record<string, number> = { a: 100, b: 300, c: 200, d: 50, e: 400 };
  const ranking = ['a', 'b', 'c', 'd', 'e'];
  const tokens = (id: string): number => LENGTHS[id]!;
  const cut = (budget: number, depth = Infinity): number => budgetCut(ranking, budget, depth, tokens);

  test('keeps the documents while the running sum of their lengths stays within the budget', () => {
    // Running sums: 100, 400, 600, 650, 1050.
    expect(cut(500)).toBe(2); // 100 + 300 ≤ 500 < 100 + 300 + 200
    expect(cut(649)).toBe(3); // 100 + 300 + 200 ≤ 649 < 650
    expect(cut(2000)).toBe(5); // 1050 ≤ 2000: the whole ranking
  });

  test('keeps a document that fits exactly', () => {
    expect(cut(100 + 300)).toBe(2);
    expect(cut(100 + 300 + 200 + 50)).toBe(4);
  });

  test('holds nothing when the first document alone is over the budget, or the budget is 0', () => {
    expect(cut(99)).toBe(0);
    expect(cut(0)).toBe(0);
    // A document of 0 tokens fits a budget of 0.
    expect(budgetCut(['empty', 'a'], 0, Infinity, (id) => (id === 'empty' ? 0 : 100))).toBe(1);
  });

  test('ends the window at the first document over the budget, even when a shorter one further down would fit', () => {
    // d (50 tokens) would fit beside a and b in 500, but c (200) comes first and ends the window.
    expect(cut(500)).toBe(2);
  });

  test('never goes deeper than the depth (the system’s k)', () => {
    expect(cut(2000, 3)).toBe(3);
    expect(cut(500, 3)).toBe(2); // the budget cuts first
    expect(cut(500, 1)).toBe(1);
  });

  test('reads no length past the cut (a document the window never reaches needs none)', () => {
    const read: string[] = [];
    budgetCut(ranking, 500, Infinity, (id) => (read.push(id), tokens(id)));
    expect(read).toEqual(['a', 'b', 'c']);
  });

  test('holds nothing of an empty ranking', () => {
    expect(budgetCut([], 1000, Infinity, tokens)).toBe(0);
  });

  // A ranking of distinct ids with a length each, and a budget around their total.
  const rankingWithLengths = fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 12 })
    .chain((ids) => fc.tuple(fc.constant(ids), fc.array(fc.integer({ min: 0, max: 500 }), { minLength: ids.length, maxLength: ids.length })))
    .map(([ids, sizes]) => ({ ids, lengths: new Map(ids.map((id, i) => [id, sizes[i]!])) }));
  const budget = fc.integer({ min: 0, max: 3000 });
  const depth = fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 12 }));

  test('property: the lengths of the documents kept sum to no more than the budget', () => {
    fc.assert(
      fc.property(rankingWithLengths, budget, depth, ({ ids, lengths }, tokensBudget, k) => {
        const kept = budgetCut(ids, tokensBudget, k, (id) => lengths.get(id)!);
        const total = ids.slice(0, kept).reduce((sum, id) => sum + lengths.get(id)!, 0);
        expect(total).toBeLessThanOrEqual(tokensBudget);
      }),
    );
  });

  test('property: the cut is non-decreasing in the budget', () => {
    fc.assert(
      fc.property(rankingWithLengths, budget, budget, depth, ({ ids, lengths }, x, y, k) => {
        const [small, large] = x <= y ? [x, y] : [y, x];
        const tokensOf = (id: string): number => lengths.get(id)!;
        expect(budgetCut(ids, small, k, tokensOf)).toBeLessThanOrEqual(budgetCut(ids, large, k, tokensOf));
      }),
    );
  });

  test('property: recall@budget=B is non-decreasing in B', () => {
    fc.assert(
      fc.property(rankingWithLengths, fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), budget, budget, ({ ids, lengths }, relevant, x, y) => {
        const [small, large] = x <= y ? [x, y] : [y, x];
        const qrels = Object.fromEntries([...ids.map((id, i) => [id, relevant[i] ? 1 : 0] as const), ['unretrieved', 1] as const]);
        const measures = [`recall@budget=${small}`, `recall@budget=${large}`];
        const scores = evaluateRun({ q: ids }, { q: qrels }, { measures, lengths }).perQuery.q!;
        expect(scores[measures[0]!]!).toBeLessThanOrEqual(scores[measures[1]!]!);
      }),
    );
  });
});
