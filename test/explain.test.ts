import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { explainRanking, recallAtK } from '../src/index.js';
import { qrels, ranking } from './helpers/examples.js';

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

  it('refuses a bad depth', () => {
    expect(() => explainRanking([], qrels, { depth: 0 })).toThrow(/expected `depth` to be a positive integer or Infinity, got `0`/);
    expect(() => explainRanking([1 as unknown as string], qrels)).toThrow(/explainRanking: expected the ranking\[0\] to be an {id, score} object/);
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
      'explainRanking: expected every option to be one of `depth`, `relevanceThreshold`, `ties`, got `"gain"` (string)',
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
