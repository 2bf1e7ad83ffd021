import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { budgetCut, type MeasureParams } from '../../src/measures/context.js';
import { scoreQuery, scoreRun } from '../helpers/query-context.js';
import { fixed, readExpected, readQrels, readRun } from '../helpers/trec.js';

describe('the condensed list (judgedOnly: Sakai 2007, trec_eval -J, ir_measures judged_only=True)', () => {
  // r1, r2 relevant; n judged non-relevant; x absent from the qrels; p pooled with a negative grade.
  const qrels = { r1: 1, r2: 2, n: 0, p: -1, r3: 1 };
  const ranking = ['x', 'r1', 'p', 'n', 'x2', 'r2'];
  const both = (name: string, params: Omit<MeasureParams, 'judgedOnly'>): number[] =>
    [false, true].map((judgedOnly) => scoreQuery(name, [{ ...params, judgedOnly }], ranking, qrels)[0]!);

  test('removes the documents absent from the qrels and those with a negative grade, the others moving up', () => {
    // Condensed: r1, n, r2 at ranks 1, 2, 3.
    expect(both('P', { cutoff: 3 })).toEqual([1 / 3, 2 / 3]);
    expect(both('map', { cutoff: Infinity })).toEqual([(1 / 2 + 2 / 6) / 3, (1 / 1 + 2 / 3) / 3]);
    expect(both('mrr', { cutoff: Infinity })).toEqual([1 / 2, 1 / 1]);
  });

  test('keeps the qrels whole: R and the ideal DCG count every judged document, retrieved or not', () => {
    const idcg = 2 / Math.log2(2) + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(both('ndcg', { cutoff: Infinity })).toEqual([(1 / Math.log2(3) + 2 / Math.log2(7)) / idcg, (1 / Math.log2(2) + 2 / Math.log2(4)) / idcg]);
    expect(both('recall', { cutoff: 3 })).toEqual([1 / 3, 2 / 3]);
  });

  test('applies with a measure relevance level too', () => {
    expect(both('P', { cutoff: 3, rel: 2 })).toEqual([0 / 3, 1 / 3]);
  });
});

describe('judgedOnly against trec_eval 9.0.8 -J (test/fixtures/trec-judged-only)', () => {
  const FIXTURES = join(import.meta.dirname, '../fixtures/trec-judged-only');
  const CASES = join(import.meta.dirname, '../fixtures/trec-oracle/cases');
  const MEASURES: Record<string, { name: string; params: MeasureParams }> = {
    P_5: { name: 'P', params: { cutoff: 5, judgedOnly: true } },
    map: { name: 'map', params: { cutoff: Infinity, judgedOnly: true } },
    ndcg_cut_10: { name: 'ndcg', params: { cutoff: 10, judgedOnly: true } },
  };
  const files = readdirSync(FIXTURES).filter((file) => file.endsWith('.txt'));

  test('covers three cases and a relevance level', () => {
    expect(files.sort()).toEqual(['000.txt', '001.txt', '032.txt', '032_l2.txt']);
  });

  test.each(files)('%s: every value prints as trec_eval -J prints it', (file) => {
    const caseId = file.slice(0, 3);
    const level = file.includes('_l2') ? 2 : 1;
    const expected = readExpected(join(FIXTURES, file));
    const run = readRun(join(CASES, caseId, 'run'));
    const qrels = readQrels(join(CASES, caseId, 'qrels'));
    // Without -c, trec_eval scores and averages the queries that are both judged and run.
    const scored = new Map([...qrels].filter(([qid]) => run.has(qid)));
    let compared = 0;
    for (const [trecName, { name, params }] of Object.entries(MEASURES)) {
      const values = scoreRun(name, params, run, scored, { relevanceThreshold: level });
      for (const [qid, value] of values) {
        expect(fixed(value, 4), `${trecName} ${qid}`).toBe(expected.get(`${trecName}\t${qid}`));
        compared++;
      }
      const mean = [...values.values()].reduce((sum, value) => sum + value, 0) / values.size;
      expect(fixed(mean, 4), `${trecName} all`).toBe(expected.get(`${trecName}\tall`));
      compared++;
    }
    expect(compared).toBe(expected.size);
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
