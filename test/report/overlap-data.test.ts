import { describe, expect, it } from 'vitest';
import { overlap } from '../../src/agreement/overlap.js';
import { overlapReportData } from '../../src/report/overlap-data.js';

// q1: the same three documents, d2 and d3 swapped; q2: nothing in common; q3 only A ranks; q4 a tie in A.
const before = { q1: ['d1', 'd2', 'd3'], q2: ['d4'], q3: ['x'], q4: [['d1', 'd2'], 'd3'] };
const after = { q1: ['d1', 'd3', 'd2'], q2: ['d5'], q4: ['d3', 'd1'] };
const data = overlapReportData({ runs: { before, after }, questions: { q1: 'Where?' } }, { p: 0.5 });

describe('overlapReportData', () => {
  it("gives overlap's figures, the queries from the lowest RBO, and the settings", () => {
    // q1 at p = 0.5, no ties, both 3 long: agreement A_d = X_d / d is 1, 1/2, 1 at d = 1, 2, 3, and
    // RBO_EXT = (1 − p)/p · Σ_{d≤3} A_d p^d + A_3 p^3 (Webber et al., eq. 32).
    const q1 = data.queries.find((row) => row.query === 'q1')!;
    expect(q1.ext).toBeCloseTo(((1 - 0.5) / 0.5) * (1 * 0.5 + 0.5 * 0.25 + 1 * 0.125) + 1 * 0.125, 12);
    expect(q1.jaccard).toBe(1);
    // q2 shares nothing: RBO 0 (its upper bound is not: the unseen rest could share everything).
    expect(data.queries.find((row) => row.query === 'q2')).toMatchObject({ query: 'q2', ext: 0, min: 0, jaccard: 0 });
    const want = overlap(before, after, { p: 0.5 });
    expect(data.queries).toEqual(want.moved.map((query) => ({ query, ...want.perQuery.get(query)! })));
    expect(data.queries.map((row) => row.query)).toEqual(['q2', 'q4', 'q1']);
    expect(data).toMatchObject({ kind: 'overlap', runs: ['before', 'after'], p: 0.5, ties: 'a', depth: null, mean: want.mean, onlyA: ['q3'], onlyB: [], shown: 10 });
  });

  it('shows the top of both rankings of each query that moved, each document with its ranks in the other run', () => {
    expect(data.moved.map((query) => query.query)).toEqual(['q2', 'q4', 'q1']);
    const q1 = data.moved[2]!;
    expect(q1.question).toBe('Where?');
    expect(q1.a).toEqual({
      length: 3,
      top: [
        { id: 'd1', ranks: [1, 1], other: [1, 1] },
        { id: 'd2', ranks: [2, 2], other: [3, 3] },
        { id: 'd3', ranks: [3, 3], other: [2, 2] },
      ],
    });
    // A tie of two spans ranks 1–2, in its run and as the other run's ranks.
    const q4 = data.moved[1]!;
    expect(q4.a.top).toEqual([
      { id: 'd1', ranks: [1, 2], other: [2, 2] },
      { id: 'd2', ranks: [1, 2], other: null },
      { id: 'd3', ranks: [3, 3], other: [1, 1] },
    ]);
    expect(q4.b.top).toEqual([
      { id: 'd3', ranks: [1, 1], other: [3, 3] },
      { id: 'd1', ranks: [2, 2], other: [1, 2] },
    ]);
    expect(data.moved[0]!.question).toBeUndefined();
  });

  it('shows `moved` queries, to `depth` (at most 20), their ranks in the other run read to `depth` too', () => {
    const long = Array.from({ length: 30 }, (_, i) => `d${i}`);
    const cut = overlapReportData({ runs: { a: { q1: long, q2: ['x'] }, b: { q1: [...long].reverse(), q2: ['x'] } } }, { depth: 3, moved: 1 });
    expect(cut.moved.map((query) => query.query)).toEqual(['q1']);
    expect(cut).toMatchObject({ shown: 3, depth: 3 });
    expect(cut.moved[0]!.a).toEqual({ length: 3, top: ['d0', 'd1', 'd2'].map((id, i) => ({ id, ranks: [i + 1, i + 1], other: null })) });
    expect(overlapReportData({ runs: { a: { q1: long }, b: { q1: long } } }, { depth: 25 }).moved[0]!.a.top).toHaveLength(20);
    expect(overlapReportData({ runs: { a: { q1: long }, b: { q1: long } } }, { moved: 0 }).moved).toEqual([]);
  });

  it('is plain data: read back from JSON, it is the same', () => {
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  it.each([
    [{ runs: { before } }, {}, 'overlapReportData: expected `runs` to be two runs, A and B, got `1` (number)'],
    [{ runs: { before, after }, qrels: {} }, {}, 'overlapReportData: expected every field of `input` to be one of `runs`, `questions`, got `"qrels"` (string)'],
    [{ runs: { before, after }, questions: { q1: 5 } }, {}, 'overlapReportData: expected questions["q1"] to be a string, got `5` (number)'],
    [{ runs: { before, after } }, { moved: -1 }, 'overlapReportData: expected `moved` to be a non-negative integer, got `-1` (number)'],
    [{ runs: { before, after } }, { p: 1 }, 'overlapReportData: expected `p` to be a number between 0 and 1, both excluded, got `1` (number)'],
    [{ runs: { before, after } }, { measures: ['ndcg'] }, 'overlapReportData: expected every option to be one of `p`, `depth`, `ties`, `moved`, got `"measures"` (string)'],
    [{ runs: { before, after: { q1: ['d1', 'd1'] } } }, {}, 'overlapReportData: `runs["after"]`["q1"] lists the id "d1" twice'],
    [{ runs: { before: { q1: ['a'] }, after: { q2: ['a'] } } }, {}, 'overlapReportData: expected the queries of `runs["before"]` and `runs["after"]` to be one query or more that both rank'],
  ])('refuses %j with %j', (input, options, message) => {
    expect(() => overlapReportData(input as never, options as never)).toThrow(message);
  });
});
