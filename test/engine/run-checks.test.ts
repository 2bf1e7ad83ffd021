import { fc, test as property } from '@fast-check/vitest';
import { caught } from '../helpers/caught.js';
import { describe, expect, it } from 'vitest';
import { compare, evaluateRun, isRankevalError, type RunEvaluation } from '../../src/index.js';
import { runAndQrels } from '../properties/arbitraries.js';

// A clean run: scored rankings with distinct scores, no ranking holding its query's id, cutoffs within the
// deepest ranking (3 documents), every document judged.
const clean = {
  q1: [
    { id: 'a', score: 3 },
    { id: 'b', score: 2 },
    { id: 'c', score: 1 },
  ],
  q2: ['d', 'e'],
  q3: ['f'],
};
const qrels = { q1: { a: 1, b: 0, c: 0 }, q2: { d: 0, e: 2 }, q3: { f: 1 } };

/** The warnings of a result but unjudged_documents (tested on its own below), for runs that retrieve unjudged documents. */
const besideUnjudged = ({ warnings }: RunEvaluation) => warnings.filter((warning) => warning.code !== 'unjudged_documents');

function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return expect.unreachable('no error thrown');
}

describe('evaluateRun checks on clean input', () => {
  it('gives no warning', () => {
    expect(evaluateRun(clean, qrels, { measures: ['P@3', 'ndcg@2', 'map'] }).warnings).toEqual([]);
  });

  it('gives no warning for a cutoff equal to the deepest ranking, nor for a measure without cutoff', () => {
    expect(evaluateRun(clean, qrels, { measures: ['recall@3', 'R-prec', 'mrr'] }).warnings).toEqual([]);
  });
});

describe('the queries of the run and of the qrels: warnings no option turns off', () => {
  const measures = ['mrr@10'];

  it('names the judged queries the run does not answer, scored 0', () => {
    expect(evaluateRun({ q1: ['a'] }, { q1: { a: 1 }, q2: { b: 1 } }, { measures, checks: 'off' }).warnings).toEqual([
      { code: 'unanswered_queries', message: '1 judged query has no ranking in the run and scores 0: q2', queries: ['q2'], count: 1 },
    ]);
  });

  it("names the run's queries the qrels do not judge, left out of the means", () => {
    expect(evaluateRun({ q1: ['a'], q9: ['x'], q8: [] }, { q1: { a: 1 } }, { measures, checks: 'off' }).warnings).toEqual([
      { code: 'unjudged_queries', message: '2 queries of the run are not in the qrels and left out of the means: q8, q9', queries: ['q8', 'q9'], count: 2 },
    ]);
  });

  it("says so when none of the run's queries is judged, with ids of each side, and not that the run is 0 deep", () => {
    const { warnings, mean } = evaluateRun({ '1': ['d1', 'd2'], '2': ['d2'] }, { q1: { d1: 1 }, q2: { d2: 1 } }, { measures });
    expect(mean['mrr@10']).toBe(0);
    expect(warnings).toEqual([
      { code: 'unanswered_queries', message: '2 judged queries have no ranking in the run and score 0: q1, q2', queries: ['q1', 'q2'], count: 2 },
      {
        code: 'unjudged_queries',
        message: 'none of the run\'s 2 queries are in the qrels, so every judged query scores 0: the run\'s ids are like "1", "2", the qrels\' like "q1", "q2" (do both name the queries alike?)',
        queries: ['1', '2'],
        count: 2,
        judged: ['q1', 'q2'],
      },
    ]);
  });

  it.each([
    ['zero', 'scored 0'],
    ['skip', 'left out of the means'],
  ] as const)('names the judged queries without a relevant document, under noRelevant %s (%s)', (noRelevant, handled) => {
    const { warnings } = evaluateRun({ q1: ['a'], q2: ['b'] }, { q1: { a: 1 }, q2: { b: 0 } }, { measures, noRelevant, checks: 'off' });
    expect(warnings).toEqual([{ code: 'no_relevant_queries', message: `1 judged query has no relevant document (${handled}): q2`, queries: ['q2'], count: 1 }]);
  });
});

describe('queryInRanking: a query id that is also a document id of its own ranking (beir#187)', () => {
  it('warns once for every query concerned, naming them in query-id order', () => {
    const run = { q2: ['q2', 'e'], q1: ['a', 'q1'], q3: ['q1', 'f'] };
    expect(besideUnjudged(evaluateRun(run, qrels, { measures: ['P@2'] }))).toEqual([
      {
        code: 'query_in_ranking',
        message: "2 queries rank a document whose id is the query's own id (the corpus likely holds the queries; BEIR's evaluation drops such documents): q1, q2",
        queries: ['q1', 'q2'],
        count: 2,
      },
    ]);
  });

  it('names five queries and counts the rest', () => {
    const ids = Array.from({ length: 7 }, (_, i) => `q${i}`);
    const run = Object.fromEntries(ids.map((qid) => [qid, [qid]]));
    const judged = Object.fromEntries(ids.map((qid) => [qid, { x: 1 }]));
    const [warning] = besideUnjudged(evaluateRun(run, judged, { measures: ['P@1'] }));
    expect(warning?.queries).toEqual(['q0', 'q1', 'q2', 'q3', 'q4']);
    expect(warning?.message).toMatch(/^7 queries rank .*: q0, q1, q2, q3, q4, … \(2 more\)$/);
  });

  it("does not look at other queries' rankings", () => {
    expect(evaluateRun({ q1: ['q2'], q2: ['q1'] }, { q1: { q2: 1 }, q2: { q1: 1 } }, { measures: ['P@1'] }).warnings).toEqual([]);
  });
});

describe('cutoffBeyondRun: a cutoff deeper than the deepest ranking of the run', () => {
  it('warns once, naming the measures as written and the depth, without queries', () => {
    const { warnings } = evaluateRun(clean, qrels, { measures: ['recall@1000', 'P@3', 'NDCG@10', 'map'] });
    expect(warnings).toEqual([
      { code: 'cutoff_beyond_run', message: "recall@1000, NDCG@10: the cutoff exceeds the deepest ranking of the run (3 documents), so the measure's k is not the system's", count: 2 },
    ]);
  });

  it('reads the depth from the rankings scored: a run of empty rankings is 0 deep', () => {
    const [warning] = evaluateRun({ q1: [] }, { q1: { a: 1 } }, { measures: ['P@1'] }).warnings;
    expect(warning?.message).toContain('(0 documents)');
  });
});

describe('allScoresTied: a ranking of {id, score} whose scores all tie', () => {
  const tied = [
    { id: 'a', score: 0.5 },
    { id: 'b', score: 0.5 },
  ];

  it('warns once, naming the queries', () => {
    expect(besideUnjudged(evaluateRun({ ...clean, q3: tied }, qrels, { measures: ['P@2'] }))).toEqual([
      {
        code: 'all_scores_tied',
        message: "1 ranking gives every document the same score, so the order is the tie rule's alone (document ids descending), not the system's: q3",
        queries: ['q3'],
        count: 1,
      },
    ]);
  });

  it('leaves alone rankings of ids, one scored document, and a ranking with one score apart', () => {
    const run = {
      q1: [{ id: 'a', score: 1 }],
      q2: [
        { id: 'e', score: 2 },
        { id: 'd', score: 1 },
        { id: 'x', score: 1 },
      ],
      q3: ['f', 'g'],
    };
    expect(evaluateRun(run, qrels, { measures: ['P@1'] }).warnings).toEqual([]);
  });

  it('does not count a query the run answers but nobody judged', () => {
    expect(evaluateRun({ ...clean, q9: tied }, qrels, { measures: ['P@2'] }).warnings.map((warning) => warning.code)).toEqual(['unjudged_queries']);
  });
});

describe("checks: 'error', 'warn', 'off'", () => {
  const messy = { q1: ['q1', 'a'], q2: [{ id: 'e', score: 1 }, { id: 'd', score: 1 }], q3: ['f'] };

  it('warns for all three by default, in a fixed order', () => {
    expect(besideUnjudged(evaluateRun(messy, qrels, { measures: ['P@5'] })).map((warning) => warning.code)).toEqual(['query_in_ranking', 'cutoff_beyond_run', 'all_scores_tied']);
  });

  it.each([
    ['queryInRanking', 'query_in_ranking', 'no ranking that holds its own query id'],
    ['cutoffBeyondRun', 'cutoff_beyond_run', 'cutoffs of at most 2, the deepest ranking'],
    ['allScoresTied', 'all_scores_tied', 'rankings whose scores do not all tie'],
  ] as const)("throws a RankevalError with %s: 'error', whose code is %s, saying what it expected", (check, code, expected) => {
    const error = thrown(() => evaluateRun(messy, qrels, { measures: ['P@5'], checks: { [check]: 'error' } }));
    expect(isRankevalError(error) && error.code).toBe(code);
    expect(isRankevalError(error) && error.expected).toBe(expected);
    expect((error as Error).message).toMatch(/^evaluateRun: /);
  });

  it("throws with systemK's mode 'error', saying what it expected: measures cut at the system's k", () => {
    const error = thrown(() => evaluateRun(messy, qrels, { measures: ['P@5'], systemK: 3 }));
    expect(isRankevalError(error) && [error.code, error.expected]).toEqual(['beyond_system_k', 'measures cut at k ≤ 3 (or a token budget)']);
  });

  it("throws for the first check that holds with checks: 'error'", () => {
    const error = thrown(() => evaluateRun(messy, qrels, { measures: ['P@5'], checks: 'error' }));
    expect(isRankevalError(error) && error.code).toBe('query_in_ranking');
    expect(isRankevalError(error) && error.received).toEqual(['q1']);
  });

  it("stays silent with checks: 'off', or for one check set to 'off'", () => {
    expect(besideUnjudged(evaluateRun(messy, qrels, { measures: ['P@5'], checks: 'off' }))).toEqual([]);
    const some = evaluateRun(messy, qrels, { measures: ['P@5'], checks: { cutoffBeyondRun: 'off', allScoresTied: 'off' } });
    expect(besideUnjudged(some).map((warning) => warning.code)).toEqual(['query_in_ranking']);
  });

  it.each([['loud'], [['warn']], [null], [{ queryInRanking: 'loud' }], [{ queryInRank: 'warn' }]])('refuses checks = %j', (checks) => {
    const error = thrown(() => evaluateRun(clean, qrels, { measures: ['P@1'], checks: checks as never }));
    expect(isRankevalError(error) && error.code).toBe('invalid_option');
  });

  // Rankings scored, all tied or not, some holding their own query id: every check has something to find.
  const scoredRun = fc.tuple(runAndQrels, fc.array(fc.boolean(), { minLength: 5, maxLength: 5 })).map(([{ run, qrels: judged }, ties]) => ({
    qrels: judged,
    run: Object.fromEntries(
      Object.entries(run).map(([qid, ids], i) => [qid, [...ids, ...(ties[i] ? [qid] : [])].map((id, rank) => ({ id, score: ties[(i + 1) % 5] ? 1 : -rank }))]),
    ),
  }));

  property.prop([scoredRun])('the checks never change a number: warn and off give the same means and scores', ({ run, qrels: judged }) => {
    const numbers = ({ mean, perQuery }: RunEvaluation) => JSON.stringify({ mean, perQuery });
    const measures = ['ndcg@5', 'P@100', 'map'];
    expect(numbers(evaluateRun(run, judged, { measures }))).toBe(numbers(evaluateRun(run, judged, { measures, checks: 'off' })));
  });
});

describe('compare', () => {
  it("lists each run's check warnings among its warnings, naming the run, and checks as evaluateRun does", () => {
    const runs = { a: clean, b: { ...clean, q2: ['q2', 'e'] } };
    const comparison = compare(runs, qrels, { measures: ['P@2'] });
    expect(comparison.warnings.filter((warning) => warning.includes('own id'))).toEqual([
      "run \"b\": 1 query ranks a document whose id is the query's own id (the corpus likely holds the queries; BEIR's evaluation drops such documents): q2",
    ]);
    const error = thrown(() => compare(runs, qrels, { measures: ['P@2'], checks: { queryInRanking: 'error' } }));
    expect(isRankevalError(error) && error.code).toBe('query_in_ranking');
  });
});

describe('unjudged_documents: retrieved within the deepest cutoff, not in the qrels, counted as not relevant', () => {
  const unjudgedOf = (result: RunEvaluation) => result.warnings.find((warning) => warning.code === 'unjudged_documents');
  // Ten documents d0…d9; q1's qrels judge all but d7 (rank 8).
  const ten = Array.from({ length: 10 }, (_, i) => `d${i}`);
  const allButD7 = Object.fromEntries(ten.filter((id) => id !== 'd7').map((id, i) => [id, i === 0 ? 1 : 0]));

  it('gives no warning on a fully judged run: grade 0 and negative grades are judged', () => {
    const judged = { q1: { a: 1, b: 0, c: -1 } };
    expect(evaluateRun({ q1: ['a', 'b', 'c'] }, judged, { measures: ['P@3', 'map'] }).warnings).toEqual([]);
  });

  it('1 of 10 unjudged at k = 10: share 0.1, with the query and its count', () => {
    const result = evaluateRun({ q1: ten }, { q1: allButD7 }, { measures: ['ndcg@10'] });
    expect(result.warnings).toEqual([
      {
        code: 'unjudged_documents',
        message: '1 of the 10 documents in the top 10 of the run (10 %) is not in the qrels and counts as not relevant, in 1 query: q1 (1) (judged_retrieved@10 gives the share judged per query)',
        queries: ['q1'],
        count: 1,
        unjudged: 1,
        retrieved: 10,
        share: 1 / 10,
        depth: 10,
        worst: [{ query: 'q1', unjudged: 1 }],
      },
    ]);
    // The same share judged_retrieved@10 (ir_measures' Judged@10) gives the query: 9 of 10.
    expect(1 - unjudgedOf(result)!.share!).toBe(evaluateRun({ q1: ten }, { q1: allButD7 }, { measures: ['judged_retrieved@10'] }).mean['judged_retrieved@10']);
  });

  it('counts within the deepest cutoff of the measures asked for, the others cut shallower', () => {
    // d7 is at rank 8: inside ndcg@10's top 10, outside P@5's and recall@3's.
    expect(unjudgedOf(evaluateRun({ q1: ten }, { q1: allButD7 }, { measures: ['P@5', 'recall@3'] }))).toBeUndefined();
    const deepest = unjudgedOf(evaluateRun({ q1: ten }, { q1: allButD7 }, { measures: ['P@5', 'ndcg@10', 'recall@3'] }));
    expect(deepest).toMatchObject({ depth: 10, unjudged: 1, retrieved: 10, share: 1 / 10 });
    // A cutoff deeper than the ranking counts what it retrieves: min(20, 10) documents.
    expect(unjudgedOf(evaluateRun({ q1: ten }, { q1: allButD7 }, { measures: ['P@5', 'P@20'], checks: 'off' }))).toMatchObject({ depth: 20, retrieved: 10, share: 1 / 10 });
  });

  it('reads whole rankings for a measure without cutoff (depth null), and nothing when no measure reads the ranking', () => {
    const run = { q1: [...ten, 'late'] };
    expect(unjudgedOf(evaluateRun(run, { q1: allButD7 }, { measures: ['P@5', 'map'] }))).toMatchObject({ depth: null, unjudged: 2, retrieved: 11, share: 2 / 11 });
    expect(unjudgedOf(evaluateRun(run, { q1: allButD7 }, { measures: ['P@5', 'map'] }))!.message).toMatch(/^2 of the 11 documents retrieved by the run \(18\.2 %\) are not in the qrels/);
    // num_rel and idcg read the qrels alone.
    expect(evaluateRun(run, { q1: allButD7 }, { measures: ['num_rel', 'idcg'] }).warnings).toEqual([]);
  });

  it('names the worst five queries, most unjudged first then by query id, and counts the rest', () => {
    // q1…q7 retrieve i unjudged documents each (u1…ui) after their relevant one, all within P@10's top 10.
    const ids = [1, 2, 3, 4, 5, 6, 7];
    const run = Object.fromEntries(ids.map((i) => [`q${i}`, ['r', ...Array.from({ length: i }, (_, j) => `u${j}`)]]));
    const judged = Object.fromEntries(ids.map((i) => [`q${i}`, { r: 1 }]));
    // The judged queries retrieve 1 + i documents: 7 + 28 in all, 28 of them unjudged.
    const warning = unjudgedOf(evaluateRun({ ...run, q8: ['u0', 'u1'] }, { ...judged, q8: { u0: 0, u1: 0 } }, { measures: ['P@10'] }));
    expect(warning).toMatchObject({ unjudged: 28, retrieved: 7 + 28 + 2, share: 28 / 37, count: 7, queries: ['q7', 'q6', 'q5', 'q4', 'q3'] });
    expect(warning!.worst).toEqual([5, 4, 3, 2, 1].map((n) => ({ query: `q${n + 2}`, unjudged: n + 2 })));
    expect(warning!.message).toContain('in 7 queries: q7 (7), q6 (6), q5 (5), q4 (4), q3 (3), … (2 more)');
    // Ties of counts are broken by query id.
    const tied = unjudgedOf(evaluateRun({ b: ['x'], a: ['y'] }, { a: { r: 1 }, b: { r: 1 } }, { measures: ['P@1'] }));
    expect(tied!.queries).toEqual(['a', 'b']);
  });

  it('does not count the queries nobody judged, nor the judged queries the run does not answer', () => {
    const result = evaluateRun({ q1: ten, q9: ['x', 'y'] }, { q1: allButD7, q2: { z: 1 } }, { measures: ['P@10'] });
    expect(unjudgedOf(result)).toMatchObject({ unjudged: 1, retrieved: 10, count: 1, queries: ['q1'] });
  });

  it('is said whatever the checks, after the warnings about the queries and before the checks', () => {
    const result = evaluateRun({ q1: ['q1', 'a'], q9: ['x'] }, { q1: { a: 1 } }, { measures: ['P@5'] });
    expect(result.warnings.map((warning) => warning.code)).toEqual(['unjudged_queries', 'unjudged_documents', 'query_in_ranking', 'cutoff_beyond_run']);
    expect(evaluateRun({ q1: ['q1', 'a'] }, { q1: { a: 1 } }, { measures: ['P@5'], checks: 'off' }).warnings.map((warning) => warning.code)).toEqual(['unjudged_documents']);
  });
});

describe("a check's error is about the run, how many it found a fact", () => {
  it('queryInRanking in error mode; a bad mode of one check, with the modes as its choices', () => {
    const error = caught(() => evaluateRun({ q1: ['q1', 'd1'], q2: ['d2'] }, { q1: { d1: 1 }, q2: { d2: 1 } }, { measures: ['P@1'], checks: { queryInRanking: 'error' } }));
    expect(error).toMatchObject({ code: 'query_in_ranking', subject: { kind: 'argument', argument: 'run' }, facts: { count: 1 } });
    expect(caught(() => evaluateRun({}, { q1: { d1: 1 } }, { measures: ['P@1'], checks: { queryInRanking: 'loud' as never } }))).toMatchObject({
      subject: { kind: 'option', option: 'checks.queryInRanking' },
      facts: { choices: ['error', 'warn', 'off'] },
    });
  });
});
