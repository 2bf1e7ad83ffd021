import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { evaluateRun, explainRanking, explainWithinBudget, recallAtK } from '../../src/index.js';
import { qrels, ranking } from '../helpers/examples.js';

describe('explainRanking', () => {
  it('marks grades and relevance in the top k and says where the missed relevant documents are', () => {
    expect(explainRanking([...ranking], qrels, { depth: 2 })).toEqual({
      top: [
        { rank: 1, id: 'G', grade: 1, relevant: true },
        { rank: 2, id: 'x', grade: null, relevant: false },
      ],
      // Highest grade first: T (grade 2) is deeper in the ranking, F (grade 1) was not retrieved.
      missed: [
        { id: 'T', grade: 2, rank: 3 },
        { id: 'F', grade: 1, rank: null },
      ],
      retrieved: 5,
      relevant: 3,
    });
  });

  it('follows the relevance threshold and orders scored documents as the metrics do', () => {
    const explanation = explainRanking([{ id: 'G', score: 1 }, { id: 'T', score: 1 }], qrels, { relevanceThreshold: 2 });
    // Tied scores: id descending, so T ranks before G.
    expect(explanation.top.map(({ id, relevant }) => [id, relevant])).toEqual([['T', true], ['G', false]]);
    expect(explanation).toMatchObject({ missed: [], relevant: 1 });
  });

  it('shows the array order under ties: given, and trec_eval\'s under average (which has no one order)', () => {
    const tied = [{ id: 'G', score: 1 }, { id: 'T', score: 1 }];
    expect(explainRanking(tied, qrels, { ties: 'given' }).top.map(({ id }) => id)).toEqual(['G', 'T']);
    expect(explainRanking(tied, qrels, { ties: 'average' }).top.map(({ id }) => id)).toEqual(['T', 'G']);
    expect(explainRanking(tied, qrels, { ties: 'trec' }).top.map(({ id }) => id)).toEqual(['T', 'G']);
  });

  it("shows distances lowest first under scoreOrder: 'ascending', ties as under descending (id descending)", () => {
    const distances = [{ id: 'x', score: 0.4 }, { id: 'G', score: 0.1 }, { id: 'T', score: 0.4 }, { id: 'F', score: 0.9 }];
    for (const ties of ['trec', 'average'] as const) {
      expect(explainRanking(distances, qrels, { scoreOrder: 'ascending', ties }).top.map(({ id }) => id)).toEqual(['G', 'x', 'T', 'F']);
    }
    // As the same ranking with its scores negated, read highest first.
    const negated = distances.map(({ id, score }) => ({ id, score: -score }));
    expect(explainRanking(distances, qrels, { scoreOrder: 'ascending' })).toEqual(explainRanking(negated, qrels));
    expect(explainRanking(distances, qrels, { scoreOrder: 'descending' }).top.map(({ id }) => id)).toEqual(['F', 'x', 'T', 'G']);
    // Ids alone are in rank order already, and `given` keeps the array's.
    expect(explainRanking(['G', 'x'], qrels, { scoreOrder: 'ascending' }).top.map(({ id }) => id)).toEqual(['G', 'x']);
    expect(explainRanking(distances, qrels, { scoreOrder: 'ascending', ties: 'given' }).top.map(({ id }) => id)).toEqual(['x', 'G', 'T', 'F']);
    expect(() => explainRanking(distances, qrels, { scoreOrder: 'up' as never })).toThrow("explainRanking: expected `scoreOrder` to be 'descending' or 'ascending', got `\"up\"` (string)");
  });

  it('refuses a bad depth', () => {
    expect(() => explainRanking([], qrels, { depth: 0 })).toThrow(/expected `depth` to be a positive integer or Infinity, got `0`/);
    expect(() => explainRanking([1 as unknown as string], qrels)).toThrow('explainRanking: expected the ranking[0] to be a string id or an {id, score} object, got `1` (number); ids are strings: use `String(id)`');
    expect(() => explainRanking(['a', 1 as unknown as string], qrels)).toThrow(/explainRanking: expected every id in the ranking to be a string, got `1` \(number\)/);
  });

  test.prop([fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f')), fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'g')), fc.integer({ min: 1, max: 7 })])(
    'relevant documents shown plus relevant documents missed make R, and the shown share is recall@depth',
    (ids, relevant, depth) => {
      const explanation = explainRanking(ids, relevant, { depth });
      const shown = explanation.top.filter((document) => document.relevant).length;
      expect(shown + explanation.missed.length).toBe(relevant.length);
      expect(relevant.length === 0 ? 0 : shown / relevant.length).toBe(recallAtK(ids, relevant, depth));
    },
  );
});

describe('explainRanking refuses what the metrics refuse', () => {
  it('a repeated id, as every metric does', () => {
    // Before: the view listed `a` at ranks 1 and 2 while every metric refused the ranking.
    expect(() => explainRanking(['a', 'b', 'a'], ['a'])).toThrow('explainRanking: duplicate document id `"a"` (string) in the ranking at ranks 1 and 3');
  });

  it('a key that is not an option', () => {
    expect(() => explainRanking(['a'], ['a'], { depth: 3, gain: 'exponential' } as never)).toThrow(
      'explainRanking: expected every option to be one of `depth`, `relevanceThreshold`, `ties`, `scoreOrder`, got `"gain"` (string)',
    );
    expect(() => explainRanking(['a'], ['a'], null as never)).toThrow(/`options`/);
  });

  it('takes __proto__, constructor and toString as document ids', () => {
    const explanation = explainRanking(['constructor', 'x', '__proto__'], Object.fromEntries([['__proto__', 2], ['toString', 1], ['constructor', 1]]), { depth: 1 });
    expect(explanation.top).toEqual([{ rank: 1, id: 'constructor', grade: 1, relevant: true }]);
    expect(explanation.missed).toEqual([
      { id: '__proto__', grade: 2, rank: 3 },
      { id: 'toString', grade: 1, rank: null },
    ]);
  });
});

describe('explainWithinBudget', () => {
  // The example ranking G x T y z (T grade 2, G and F grade 1; F not retrieved), with lengths in tokens.
  const lengths: Record<string, number> = { G: 100, x: 300, T: 200, y: 50, z: 400 };
  const tokens = (id: string): number => lengths[id]!;
  const full = explainRanking([...ranking], qrels, { depth: Infinity });

  it('holds the documents whose running total stays within the budget, and names the one that would pass it', () => {
    // 100 + 300 = 400 ≤ 450 < 100 + 300 + 200 = 600: G and x are held, T would pass the budget.
    expect(explainWithinBudget(full, 450, Infinity, tokens, 20)).toEqual({
      top: [
        { rank: 1, id: 'G', grade: 1, relevant: true, tokens: 100, total: 100 },
        { rank: 2, id: 'x', grade: null, relevant: false, tokens: 300, total: 100 + 300 },
      ],
      missed: [
        { id: 'T', grade: 2, rank: 3 },
        { id: 'F', grade: 1, rank: null },
      ],
      retrieved: 5,
      relevant: 3,
      window: { budget: 450, held: 2, tokens: 100 + 300, next: { rank: 3, id: 'T', grade: 2, relevant: true, tokens: 200, total: 100 + 300 + 200 }, beyondSystemK: 0 },
    });
  });

  it('ends at the system\'s k, or with the ranking, with no document passing the budget', () => {
    // k = 2: 100 + 300 = 400 ≤ 1000, and the 3 documents below k are never passed on.
    expect(explainWithinBudget(full, 1000, 2, tokens, 20).window).toEqual({ budget: 1000, held: 2, tokens: 100 + 300, next: null, beyondSystemK: 5 - 2 });
    expect(explainWithinBudget(full, 5000, Infinity, tokens, 20).window).toEqual({ budget: 5000, held: 5, tokens: 100 + 300 + 200 + 50 + 400, next: null, beyondSystemK: 0 });
    // The first document alone (100 tokens) passes a budget of 99: nothing is held.
    expect(explainWithinBudget(full, 99, Infinity, tokens, 20)).toMatchObject({ top: [], window: { held: 0, tokens: 0, next: { id: 'G', tokens: 100, total: 100 } } });
  });

  it('shows at most `shown` documents of a longer window, and the relevant ones held beyond them as missed', () => {
    const shortened = explainWithinBudget(full, 700, Infinity, tokens, 2);
    // 100 + 300 + 200 + 50 = 650 ≤ 700 < 650 + 400: four held, two shown; T (rank 3) is held but not shown.
    expect(shortened.window).toMatchObject({ held: 4, tokens: 650, next: { id: 'z', total: 650 + 400 } });
    expect(shortened.top.map(({ id }) => id)).toEqual(['G', 'x']);
    expect(shortened.missed).toEqual([
      { id: 'T', grade: 2, rank: 3 },
      { id: 'F', grade: 1, rank: null },
    ]);
  });

  it('refuses a budget, depth or number shown that is not one, and a length that is not a number of tokens', () => {
    expect(() => explainWithinBudget(full, -1, Infinity, tokens, 20)).toThrow('explainWithinBudget: expected `budget` to be a number of tokens ≥ 0, got `-1` (number)');
    expect(() => explainWithinBudget(full, 450, 0, tokens, 20)).toThrow('explainWithinBudget: expected `depth` to be a positive integer or Infinity, got `0` (number)');
    expect(() => explainWithinBudget(full, 450, Infinity, tokens, 1.5)).toThrow('explainWithinBudget: expected `shown` to be a positive integer or Infinity, got `1.5` (number)');
    // x has no length: NaN would pass no budget and hold the whole ranking.
    expect(() => explainWithinBudget(full, 450, Infinity, (id) => (id === 'x' ? NaN : tokens(id)), 20)).toThrow('explainWithinBudget: expected the length of document "x" to be a length in tokens (a number from 0 to 9007199254740991), got `NaN` (number)');
    // A finite length no text has would overflow the running total.
    expect(() => explainWithinBudget(full, 450, Infinity, (id) => (id === 'x' ? 1e308 : tokens(id)), 20)).toThrow('explainWithinBudget: expected the length of document "x" to be a length in tokens (a number from 0 to 9007199254740991), got `1e+308` (number)');
  });

  test.prop([fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 1500 })])(
    'the window holds the documents recall@budget reads: its relevant documents over R is the measure',
    (sizes, budget) => {
      const ids = sizes.map((_, i) => `d${i}`);
      const judged = Object.fromEntries(ids.filter((_, i) => i % 3 === 0).map((id) => [id, 1]));
      const lengthOf = Object.fromEntries(ids.map((id, i) => [id, sizes[i]!]));
      const view = explainWithinBudget(explainRanking(ids, judged, { depth: Infinity }), budget, Infinity, (id) => lengthOf[id]!, Infinity);
      const measure = `recall@budget=${budget}`;
      const { mean } = evaluateRun({ q: ids }, { q: judged }, { measures: [measure], lengths: lengthOf });
      expect(view.top.filter(({ relevant }) => relevant).length / view.relevant).toBeCloseTo(mean[measure]!, 12);
    },
  );
});
