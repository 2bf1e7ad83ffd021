import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { systemAgreement, systemAgreementOfScores } from '../../src/analysis/system-agreement.js';
import { spearman } from '../../src/agreement/order-agreement.js';
import { kendallTau } from '../../src/agreement/kendall.js';
import { tauAP } from '../../src/agreement/tau-ap.js';
import { compare } from '../../src/analysis/compare.js';
import { evaluateRun } from '../../src/engine/evaluate-run.js';

// Three runs over two queries, each retrieving one document first. Under A, d1 is relevant everywhere;
// under B, d2 is: the run that puts d1 first wins under A and loses under B.
const runs = {
  first: { q1: ['d1', 'd2'], q2: ['d1', 'd2'] },
  mixed: { q1: ['d1', 'd2'], q2: ['d2', 'd1'] },
  second: { q1: ['d2', 'd1'], q2: ['d2', 'd1'] },
};
const qrelsA = { q1: { d1: 1, d2: 0 }, q2: { d1: 1, d2: 0 } };
const qrelsB = { q1: { d1: 0, d2: 1 }, q2: { d1: 0, d2: 1 } };

describe('systemAgreement', () => {
  const result = systemAgreement(runs, qrelsA, qrelsB, { measure: 'P@1' });

  it('scores every run under both label sets, best under A first', () => {
    expect(result.runs).toEqual([
      { run: 'first', meanA: 1, meanB: 0 },
      { run: 'mixed', meanA: 0.5, meanB: 0.5 },
      { run: 'second', meanA: 0, meanB: 1 },
    ]);
  });

  it('correlates the two orders: here exactly reversed', () => {
    expect(result.tauB).toBe(-1);
    expect(result.tauAPB).toBe(-1);
    expect(result.spearman).toBe(-1);
    expect(result.top).toEqual({ systems: 3, tauB: -1, tauAPB: -1, spearman: -1 });
  });

  it('lists every pair whose order flips, with the mean differences under each', () => {
    expect(result.flips.map((flip) => [flip.higher, flip.lower, flip.deltaA, flip.deltaB])).toEqual([
      ['first', 'mixed', 0.5, -0.5],
      ['first', 'second', 1, -1],
      ['mixed', 'second', 0.5, -0.5],
    ]);
    // first − second is 1 on both queries: a t-test with no spread gives p = 0 (see pairedTTest)
    expect(result.flips[1]!.significant).toBe(true);
  });

  it('gives null where a correlation is undefined, and correlates the top k only', () => {
    const same = systemAgreement(runs, qrelsA, qrelsA, { measure: 'P@1', topK: 2 });
    expect(same.tauB).toBe(1);
    expect(same.flips).toEqual([]);
    expect(same.top.systems).toBe(2);
    const flat = systemAgreement(runs, qrelsA, { q1: { d1: 1, d2: 1 }, q2: { d1: 1, d2: 1 } }, { measure: 'P@1' });
    expect(flat).toMatchObject({ tauB: null, tauAPB: null, spearman: null });
  });

  it('scores binary measures at relevanceThreshold', () => {
    // From grade 2, A's grade-1 d1 is not relevant and its grade-2 d2 is (at 1, every run's P@1 would be 1).
    const graded = { q1: { d1: 1, d2: 2 }, q2: { d1: 1, d2: 2 } };
    const at2 = systemAgreement(runs, graded, qrelsB, { measure: 'P@1', relevanceThreshold: 2 });
    expect(at2.runs.map((run) => [run.run, run.meanA])).toEqual([
      ['second', 1],
      ['mixed', 0.5],
      ['first', 0],
    ]);
  });

  it('says how many queries the means are over: here all, among three systems, with nothing to warn of', () => {
    expect(result.queries).toBe(2);
    expect(result.warnings).toEqual([]);
  });

  it('refuses fewer than two runs and a bad topK', () => {
    expect(() => systemAgreement({ first: runs.first }, qrelsA, qrelsB)).toThrow('systemAgreement: expected `runs` to be two runs or more, got `1` (number)');
    expect(() => systemAgreement(runs, qrelsA, qrelsB, { topK: 1 })).toThrow('expected `topK` to be an integer ≥ 2');
  });

  it('says, as a tied_means warning, why the correlations are null when one label set gives every system one mean', () => {
    // Under B only d9 is relevant, which no run retrieves: every run scores 0 under B.
    const result = systemAgreement(runs, qrelsA, { q1: { d9: 1 }, q2: { d9: 1 } }, { measure: 'P@1' });
    expect(result).toMatchObject({ tauB: null, tauAPB: null, spearman: null, top: { tauB: null } });
    expect(result.warnings).toEqual([
      { code: 'tied_means', scope: 'all', side: 'B', message: "all 3 systems have one mean under B (0): τ_b, τ_AP,b and Spearman's ρ are undefined, left blank" },
    ]);
    expect(systemAgreement(runs, qrelsA, qrelsB, { measure: 'P@1' }).warnings.filter(({ code }) => code === 'tied_means')).toEqual([]);
  });

  it('refuses runs that cannot be read as a RankevalError naming them, never a raw TypeError', () => {
    for (const given of [null, 'runs', [runs.first, runs.second]]) {
      expect(() => systemAgreement(given as never, qrelsA, qrelsB)).toThrowError(expect.objectContaining({ code: 'invalid_option', fn: 'systemAgreement', received: given }));
    }
    const getter = { first: runs.first, get second(): never { throw new Error('boom'); } };
    expect(() => systemAgreement(getter, qrelsA, qrelsB)).toThrowError(expect.objectContaining({ code: 'invalid_option', message: 'systemAgreement: reading `runs` threw Error: boom' }));
    const { proxy, revoke } = Proxy.revocable(runs, {});
    revoke();
    expect(() => systemAgreement(proxy, qrelsA, qrelsB)).toThrowError(expect.objectContaining({ code: 'invalid_option', message: expect.stringMatching(/^systemAgreement: reading `runs` threw TypeError/) }));
  });
});

describe('systemAgreement: what the figures rest on', () => {
  it('scores over the queries both label sets judge, and warns of those only one judges', () => {
    // A also judges q3 and q4, where `first` would gain; B also judges q5. Only q1 and q2 count.
    const wideA = { ...qrelsA, q3: { d1: 1 }, q4: { d1: 1 } };
    const wideB = { ...qrelsB, q5: { d2: 1 } };
    const wide = systemAgreement(runs, wideA, wideB, { measure: 'P@1' });
    expect(wide.queries).toBe(2);
    expect(wide.runs).toEqual(systemAgreement(runs, qrelsA, qrelsB, { measure: 'P@1' }).runs);
    expect(wide.runs[0]!.meanA).toBe(evaluateRun(runs.first, qrelsA, { measures: ['P@1'] }).mean['P@1']);
    expect(wide.warnings).toEqual([
      {
        code: 'different_queries',
        message: 'qrelsA and qrelsB judge different queries: 2 only qrelsA judges (q3, q4), 1 only qrelsB judges (q5); the means are over the 2 both judge',
        onlyA: { count: 2, queries: ['q3', 'q4'] },
        onlyB: { count: 1, queries: ['q5'] },
      },
    ]);
  });

  it('shows five of the queries one side only judges, and counts them all', () => {
    const many = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`x${i}`, { d1: 1 }]));
    const [warning] = systemAgreement(runs, { ...qrelsA, ...many }, qrelsB, { measure: 'P@1' }).warnings;
    expect(warning).toMatchObject({ code: 'different_queries', onlyA: { count: 7, queries: ['x0', 'x1', 'x2', 'x3', 'x4'] }, onlyB: { count: 0, queries: [] } });
    expect(warning!.message).toBe('qrelsA and qrelsB judge different queries: 7 only qrelsA judges (x0, x1, x2, x3, x4, …), none only qrelsB judges; the means are over the 2 both judge');
  });

  it('over one query, gives the figures and flips without a p-value, saying why as compare does', () => {
    const one = systemAgreement(runs, { q1: qrelsA.q1 }, { q1: qrelsB.q1 }, { measure: 'P@1' });
    // On q1, first and mixed put d1 first: 1 under A, 0 under B; second the reverse.
    expect(one.runs.map((run) => [run.run, run.meanA, run.meanB])).toEqual([
      ['first', 1, 0],
      ['mixed', 1, 0],
      ['second', 0, 1],
    ]);
    expect(one.tauB).toBe(kendallTau([1, 1, 0], [0, 0, 1]));
    expect(one.flips).toEqual([
      { higher: 'first', lower: 'second', deltaA: 1, deltaB: -1, pValueA: null, pValueB: null, significant: null },
      { higher: 'mixed', lower: 'second', deltaA: 1, deltaB: -1, pValueA: null, pValueB: null, significant: null },
    ]);
    let compared = '';
    try {
      compare(runs, { q1: qrelsA.q1 }, { measures: ['P@1'] });
    } catch (error) {
      compared = (error as { problem: string }).problem;
    }
    expect(one.warnings).toEqual([{ code: 'no_queries', message: `${compared}: the flipped pairs have no p-value`, queries: 1 }]);
    expect(compared).toBe('a paired comparison needs at least 2 judged queries, got 1');
  });

  it('warns that τ over fewer than three systems says nothing, overall or among the top k', () => {
    const two = systemAgreement({ first: runs.first, second: runs.second }, qrelsA, qrelsB, { measure: 'P@1' });
    const says = (over: string) => `τ_b, τ_AP,b and Spearman's ρ over ${over} are 1, −1 or undefined whatever the labels: they say nothing of the labels' agreement`;
    expect(two.warnings).toEqual([{ code: 'few_systems', message: says('2 systems'), scope: 'all', systems: 2 }]);
    expect(systemAgreement(runs, qrelsA, qrelsB, { measure: 'P@1', topK: 2 }).warnings).toEqual([{ code: 'few_systems', message: says('the top 2 systems'), scope: 'top', systems: 2 }]);
  });

  it('refuses label sets without a query in common', () => {
    expect(() => systemAgreement(runs, qrelsA, { q9: { d1: 1 } })).toThrow(
      expect.objectContaining({ code: 'no_queries', fn: 'systemAgreement', message: 'systemAgreement: `qrelsA` and `qrelsB` judge no query in common: there is nothing to score the runs on under both' }),
    );
  });

  it('refuses a tie group in a ranking, naming the run, and names the label set it reads', () => {
    const tied = { ...runs, mixed: { q1: [['d1', 'd2']], q2: ['d2', 'd1'] } } as never;
    expect(() => systemAgreement(tied, qrelsA, qrelsB)).toThrow(
      expect.objectContaining({
        code: 'invalid_ranking',
        fn: 'systemAgreement',
        at: { run: 'mixed', query: 'q1' },
        received: ['d1', 'd2'],
        message:
          'systemAgreement: run "mixed": expected run["q1"][0] to be a string id or an {id, score} object, got `array of 2` (array); a tie group is not taken here: give tied documents as {id, score} objects of equal score',
      }),
    );
    expect(() => systemAgreement(runs, qrelsA, [] as never)).toThrow('systemAgreement: expected `qrelsB` to be a Map or an object of query id → judgments');
  });
});

describe('spearman', () => {
  it('is Pearson’s correlation of the mid-ranks', () => {
    // ranks of x: 1, 2.5, 2.5, 4; of y: 1, 2, 3, 4 — mean 2.5 each
    const r = (-1.5 * -1.5 + 0 * -0.5 + 0 * 0.5 + 1.5 * 1.5) / Math.sqrt((1.5 ** 2 * 2) * (1.5 ** 2 * 2 + 0.5 ** 2 * 2));
    expect(spearman([1, 2, 2, 3], [10, 20, 30, 40])).toBeCloseTo(r, 12);
    expect(spearman([1, 1], [1, 2])).toBeNull();
  });

  it('agrees with τ on the sign for a monotone pair', () => {
    expect(Math.sign(spearman([3, 1, 2], [30, 10, 20])!)).toBe(Math.sign(kendallTau([3, 1, 2], [30, 10, 20])));
    expect(tauAP([3, 1, 2], [30, 10, 20])).toBe(1);
  });
});

describe('systemAgreementOfScores: the same from per-query score tables', () => {
  // Under A: x = (1 + 0.5)/2, y = (0.5 + 0.5)/2, z = (0 + 0.25)/2; under B, z and x change places.
  const scoresA = { x: { q1: 1, q2: 0.5 }, y: { q1: 0.5, q2: 0.5 }, z: { q1: 0, q2: 0.25 } };
  const scoresB = { x: { q1: 0, q2: 0.25 }, y: { q1: 0.5, q2: 0.5 }, z: { q1: 1, q2: 0.5 } };

  it('orders the systems by their mean over the queries, and lists the flips', () => {
    const result = systemAgreementOfScores(scoresA, scoresB, { measure: 'vital' });
    expect(result.measure).toBe('vital');
    expect(result.runs).toEqual([
      { run: 'x', meanA: (1 + 0.5) / 2, meanB: (0 + 0.25) / 2 },
      { run: 'y', meanA: (0.5 + 0.5) / 2, meanB: (0.5 + 0.5) / 2 },
      { run: 'z', meanA: (0 + 0.25) / 2, meanB: (1 + 0.5) / 2 },
    ]);
    expect(result.tauB).toBe(-1);
    expect(result.flips.map(({ higher, lower, deltaA, deltaB }) => [higher, lower, deltaA, deltaB])).toEqual([
      ['x', 'y', 0.75 - 0.5, 0.125 - 0.5],
      ['x', 'z', 0.75 - 0.125, 0.125 - 0.75],
      ['y', 'z', 0.5 - 0.125, 0.5 - 0.75],
    ]);
    expect(systemAgreementOfScores(scoresA, scoresA).measure).toBe('score');
  });

  it('is systemAgreement on the per-query scores of evaluateRun under each label set', () => {
    const perQuery = (qrels: Record<string, Record<string, number>>) =>
      Object.fromEntries(Object.entries(runs).map(([name, run]) => [name, Object.fromEntries(Object.entries(evaluateRun(run, qrels, { measures: ['P@1'] }).perQuery).map(([qid, scores]) => [qid, scores['P@1']!]))]));
    expect(systemAgreementOfScores(perQuery(qrelsA), perQuery(qrelsB), { measure: 'P@1' })).toEqual(systemAgreement(runs, qrelsA, qrelsB, { measure: 'P@1' }));
  });

  test.prop([fc.array(fc.tuple(fc.array(fc.tuple(fc.constantFrom('d1', 'd2', 'd3'), fc.integer({ min: 0, max: 2 })), { maxLength: 3 }), fc.array(fc.tuple(fc.constantFrom('d1', 'd2', 'd3'), fc.integer({ min: 0, max: 2 })), { maxLength: 3 })), { minLength: 1, maxLength: 4 }), fc.array(fc.shuffledSubarray(['d1', 'd2', 'd3']), { minLength: 12, maxLength: 12 }), fc.constantFrom('t' as const, 'sign' as const)], { numRuns: 40 })(
    'equals systemAgreement(runs, qrelsA, qrelsB) on evaluateRun’s perQuery, warnings included',
    (judged, rankings, test) => {
      // Query i is judged by A when its A-judgments are not empty, by B likewise: the label sets may differ.
      const side = (pick: 0 | 1) => Object.fromEntries(judged.flatMap((pair, i) => (pair[pick].length === 0 ? [] : [[`q${i}`, Object.fromEntries(pair[pick])]])));
      const [labelsA, labelsB] = [side(0), side(1)];
      fc.pre([...Object.keys(labelsA)].some((qid) => qid in labelsB));
      const systems = Object.fromEntries(['r1', 'r2', 'r3'].map((name, r) => [name, Object.fromEntries(judged.map((_, i) => [`q${i}`, rankings[r * 4 + i]!]))]));
      const perQuery = (qrels: Record<string, Record<string, number>>) =>
        Object.fromEntries(Object.entries(systems).map(([name, run]) => [name, Object.fromEntries(Object.entries(evaluateRun(run, qrels, { measures: ['ndcg@2'] }).perQuery).map(([qid, scores]) => [qid, scores['ndcg@2']!]))]));
      const options = { measure: 'ndcg@2', test, topK: 2 };
      // The different_queries warning names the tables as the arguments are named: scoresA for qrelsA.
      const fromTables = systemAgreementOfScores(perQuery(labelsA), perQuery(labelsB), options);
      const renamed = fromTables.warnings.map((warning) => ({ ...warning, message: warning.message.replaceAll('scores', 'qrels') }));
      expect({ ...fromTables, warnings: renamed }).toEqual(systemAgreement(systems, labelsA, labelsB, options));
    },
  );

  it('names a run of one table only, a run without a query its table scores, and a score that is not finite', () => {
    expect(() => systemAgreementOfScores(scoresA, { x: scoresB.x, y: scoresB.y })).toThrowError(
      expect.objectContaining({ code: 'invalid_option', fn: 'systemAgreementOfScores', subject: { kind: 'run', run: 'z' }, received: 'z', message: 'systemAgreementOfScores: expected run "z" to be a run `scoresB` scores too, got `"z"` (string)' }),
    );
    expect(() => systemAgreementOfScores(scoresA, { ...scoresB, w: { q1: 0, q2: 0 } })).toThrowError(expect.objectContaining({ subject: { kind: 'run', run: 'w' }, message: expect.stringContaining('run "w" to be a run `scoresA` scores too') }));
    expect(() => systemAgreementOfScores({ ...scoresA, y: { q1: 0.5 } }, scoresB)).toThrowError(
      expect.objectContaining({
        code: 'invalid_option',
        at: { run: 'y', query: 'q2' },
        received: 'q2',
        message: 'systemAgreementOfScores: in `scoresA`, run "y" has no score on query "q2", which run "x" scores: every run of a table scores the same queries (a query a run missed scores 0)',
      }),
    );
    expect(() => systemAgreementOfScores({ ...scoresA, y: { q1: 0.5, q2: 0.5, q3: 1 } }, scoresB)).toThrowError(expect.objectContaining({ at: { run: 'x', query: 'q3' } }));
    for (const bad of [Number.NaN, Infinity, '0.5', null]) {
      expect(() => systemAgreementOfScores(scoresA, { ...scoresB, z: { q1: bad as number, q2: 0.5 } })).toThrowError(
        expect.objectContaining({ code: 'invalid_option', at: { run: 'z', query: 'q1' }, received: bad, message: expect.stringContaining('expected the score of run "z" on query "q1" in `scoresB` to be a finite number') }),
      );
    }
    expect(() => systemAgreementOfScores({ x: scoresA.x }, { x: scoresB.x })).toThrow('expected `scoresA` to be two runs or more, got `1`');
    expect(() => systemAgreementOfScores(scoresA, { x: { q9: 1 }, y: { q9: 1 }, z: { q9: 1 } })).toThrowError(expect.objectContaining({ code: 'no_queries', message: 'systemAgreementOfScores: `scoresA` and `scoresB` judge no query in common: there is nothing to score the runs on under both' }));
    expect(() => systemAgreementOfScores(scoresA, scoresB, { measure: 1 as never })).toThrow('expected `measure` to be a string');
    expect(() => systemAgreementOfScores(scoresA, scoresB, { seed: 1 } as never)).toThrowError(expect.objectContaining({ code: 'invalid_option' }));
    expect(() => systemAgreementOfScores(null as never, scoresB)).toThrowError(expect.objectContaining({ code: 'invalid_option', received: null }));
  });
});
