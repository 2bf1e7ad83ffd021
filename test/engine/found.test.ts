// What a reader finds in a ranking in memory (rankingFound), and the hook that keeps it (keepFound).
import { describe, expect, it } from 'vitest';
import { keepFound, rankingFound, type JudgedQuery } from '../../src/engine/found.js';
import { readJudgments } from '../../src/core/judgments.js';
import { createRunScorer } from '../../src/engine/scorer.js';

// q1 judges a (1), c (2) and x (0); its ranking is d c q1 a b.
const judgments = readJudgments({ a: 1, c: 2, x: 0 }, 1, 'test');
const query: JudgedQuery = { judgments, grades: [...judgments.grades.values()], skipped: false };
const reading = { fn: 'test', ties: 'trec' as const, scoreOrder: 'descending' as const, needsDocuments: false, topDepth: 0, checkRising: true };

describe('rankingFound', () => {
  it('finds the judged documents retrieved, as (rank, grade) in rank order, and the query id among the ids', () => {
    const found = rankingFound(['d', 'c', 'q1', 'a', 'b'], 'q1', query, reading);
    expect(found).toStrictEqual({ length: 5, hits: [[2, 2], [4, 1]], tieGroups: undefined, holdsQueryId: true, scoresAllTie: false, scoresRise: false });
  });

  it('orders scored documents as the tie rule says, and says when every score ties', () => {
    const ranking = [{ id: 'a', score: 1 }, { id: 'c', score: 1 }];
    // trec_eval's order: score, then id descending: c before a.
    expect(rankingFound(ranking, 'q1', query, reading)).toMatchObject({ hits: [[1, 2], [2, 1]], scoresAllTie: true, holdsQueryId: false });
    expect(rankingFound(ranking, 'q1', query, { ...reading, ties: 'given' })).toMatchObject({ hits: [[1, 1], [2, 2]] });
  });

  it('ranks a lower score first under scoreOrder ascending, and says when the scores rise down the list', () => {
    // Distances: a (0.1) is nearest, then c (0.4), then d (0.9).
    const distances = [{ id: 'a', score: 0.1 }, { id: 'c', score: 0.4 }, { id: 'd', score: 0.9 }];
    expect(rankingFound(distances, 'q1', query, reading)).toMatchObject({ hits: [[2, 2], [3, 1]], scoresRise: true });
    expect(rankingFound(distances, 'q1', query, { ...reading, scoreOrder: 'ascending' })).toMatchObject({ hits: [[1, 1], [2, 2]], scoresRise: true });
    // Ties keep their rule: trec_eval's id descending puts c before a at the same distance.
    const tied = [{ id: 'a', score: 0.2 }, { id: 'c', score: 0.2 }, { id: 'd', score: 0.1 }];
    expect(rankingFound(tied, 'q1', query, { ...reading, scoreOrder: 'ascending' })).toMatchObject({ hits: [[2, 2], [3, 1]], scoresRise: false });
    // Two documents, or scores that fall or stay level, do not rise.
    expect(rankingFound(distances.slice(0, 2), 'q1', query, reading).scoresRise).toBe(false);
    expect(rankingFound([...distances].reverse(), 'q1', query, reading).scoresRise).toBe(false);
    expect(rankingFound(['a', 'c', 'd'], 'q1', query, reading).scoresRise).toBe(false);
    // Not looked for where nothing is said of it (a scoreOrder given, or ties: 'given').
    expect(rankingFound(distances, 'q1', query, { ...reading, checkRising: false }).scoresRise).toBe(false);
  });

  it('keeps every id when a measure reads them, and the top `topDepth` ids with each judged rank when asked', () => {
    const found = rankingFound(['d', 'c', 'q1', 'a', 'b'], 'q1', query, { ...reading, needsDocuments: true, topDepth: 2 });
    expect(found.documents).toStrictEqual(['d', 'c', 'q1', 'a', 'b']);
    expect(found.shown).toStrictEqual({ top: ['d', 'c'], ranks: new Map([['c', 2], ['a', 4]]) });
  });
});

describe('keepFound', () => {
  it('keeps what was found in each judged query scored, and the longest ranking begun, judged or not', () => {
    const kept = keepFound(1);
    const scorer = createRunScorer({ q1: { a: 1 }, q2: { b: 1 } }, { measures: ['P@1'] }, 'test', kept);
    scorer.addRanking('q1', ['a', 'z']);
    scorer.addRanking('unjudged', ['x', 'y', 'z']);
    expect(kept.longest()).toBe(3);
    expect([...kept.found.keys()]).toStrictEqual(['q1']);
    expect(kept.found.get('q1')).toMatchObject({ length: 2, hits: [[1, 1]], shown: { top: ['a'], ranks: new Map([['a', 1]]) } });
  });
});
