// evaluateRunByJudge: the run scored against each judge's qrels, each query's scores the mean over the
// judges who judged it (trec_eval's -R qrels_jg averaging), for any measure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { evaluateRun, evaluateRunByJudge, isRankevalError, parseQrelsByJudge, parseRun } from '../../src/index.js';
import { qrels as qrelsArbitrary, ranking } from '../properties/arbitraries.js';

const RUN = { q1: ['d1', 'd2', 'd3'], q2: ['d9'] };
// On q1 alice finds d1 and d3 relevant, bob d2 and d4 (not retrieved), carol nothing; only dan judges q2.
const BY_JUDGE = {
  bob: { q1: { d2: 1, d4: 1, d1: 0 } },
  alice: { q1: { d1: 1, d3: 1 } },
  carol: { q1: { d1: 0 } },
  dan: { q2: { d9: 2 } },
};

const failure = (run: () => unknown): { code: string; message: string } => {
  try {
    run();
  } catch (error) {
    if (isRankevalError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('nothing thrown');
};

describe('judges who disagree', () => {
  const result = evaluateRunByJudge(RUN, BY_JUDGE, { measures: ['map', 'P@2', 'P@5', 'Rprec_mult@1', 'ndcg@3'] });

  test("a query's score is the mean over the judges who judged it, a judge without relevant documents counting 0", () => {
    expect(result.judges.q1).toEqual(['alice', 'bob', 'carol']);
    expect(result.perQuery.q1!.map).toBeCloseTo(((1 / 1 + 2 / 3) / 2 + 1 / 2 / 2 + 0) / 3, 12);
    expect(result.perQuery.q1!['P@2']).toBeCloseTo((1 / 2 + 1 / 2 + 0) / 3, 12);
    // Past the 3 retrieved documents, the missing ones count as non-relevant.
    expect(result.perQuery.q1!['P@5']).toBeCloseTo((2 / 5 + 1 / 5 + 0) / 3, 12);
    expect(result.perQuery.q1!['Rprec_mult@1']).toBeCloseTo((1 / 2 + 1 / 2 + 0) / 3, 12);
    const alice = (1 + 1 / Math.log2(4)) / (1 + 1 / Math.log2(3));
    const bob = 1 / Math.log2(3) / (1 + 1 / Math.log2(3));
    expect(result.perQuery.q1!['ndcg@3']).toBeCloseTo((alice + bob + 0) / 3, 12);
  });

  test('a query one judge judged is that judge\'s score; the mean over queries follows', () => {
    expect(result.judges.q2).toEqual(['dan']);
    expect(result.perQuery.q2!.map).toBe(1);
    expect(result.queries).toBe(2);
    expect(result.mean.map).toBeCloseTo((((1 / 1 + 2 / 3) / 2 + 1 / 2 / 2 + 0) / 3 + 1) / 2, 12);
  });

  test("each judge's own result is evaluateRun against that judge's qrels", () => {
    expect(Object.keys(result.byJudge)).toEqual(['alice', 'bob', 'carol', 'dan']);
    expect(result.byJudge.bob).toEqual(evaluateRun(RUN, BY_JUDGE.bob, { measures: ['map', 'P@2', 'P@5', 'Rprec_mult@1', 'ndcg@3'] }));
  });

  test("noRelevant 'skip' leaves a judge without relevant documents out of the query's mean", () => {
    const skipped = evaluateRunByJudge(RUN, BY_JUDGE, { measures: ['map'], noRelevant: 'skip' });
    expect(skipped.judges.q1).toEqual(['alice', 'bob']);
    expect(skipped.perQuery.q1!.map).toBeCloseTo(((1 / 1 + 2 / 3) / 2 + 1 / 2 / 2) / 2, 12);
    // carol is left with no query at all: she has no result of her own.
    expect(Object.keys(skipped.byJudge)).toEqual(['alice', 'bob', 'dan']);
    expect(failure(() => evaluateRunByJudge(RUN, { carol: BY_JUDGE.carol }, { measures: ['map'], noRelevant: 'skip' }))).toMatchObject({ code: 'no_queries' });
  });

  test('slices average the per-query means of their queries', () => {
    const sliced = evaluateRunByJudge(RUN, BY_JUDGE, { measures: ['map'], slices: { q1: 'hard', q2: ['easy', 'hard'] } });
    expect(sliced.bySlice.easy).toEqual({ mean: { map: 1 }, queries: 1 });
    expect(sliced.bySlice.hard!.mean.map).toBeCloseTo(sliced.mean.map, 15);
  });

  test("trec_eval's names read as the measure each judge is scored on: map_avgjg is map averaged", () => {
    const named = evaluateRunByJudge(RUN, BY_JUDGE, { measures: ['map_avgjg', 'P_avgjg.2'] });
    expect(named.perQuery.q1!.map_avgjg).toBe(result.perQuery.q1!.map);
    expect(named.perQuery.q1!['P_avgjg.2']).toBe(result.perQuery.q1!['P@2']);
  });

  test('the order of the judges given changes nothing: they are summed in name order', () => {
    const reversed = new Map(Object.entries(BY_JUDGE).reverse());
    expect(evaluateRunByJudge(RUN, reversed, { measures: ['map'] }).perQuery).toEqual(evaluateRunByJudge(RUN, BY_JUDGE, { measures: ['map'] }).perQuery);
  });
});

describe('one judge', () => {
  test('scores as evaluateRun, bit for bit', () => {
    const measures = ['map', 'P@5', 'Rprec_mult@0.5', 'ndcg@10', 'gm_map', 'num_rel_ret'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('q1', 'q2', 'q3'), ranking, { minKeys: 1 }), fc.dictionary(fc.constantFrom('q1', 'q2', 'q3'), qrelsArbitrary, { minKeys: 1 }), (run, qrels) => {
        const alone = evaluateRun(run, qrels, { measures, checks: 'off' });
        const byJudge = evaluateRunByJudge(run, { only: qrels }, { measures, checks: 'off' });
        expect(byJudge.perQuery).toEqual(alone.perQuery);
        expect(byJudge.mean).toEqual(alone.mean);
      }),
      { numRuns: 100 },
    );
  });
});

describe('as trec_eval computes map_avgjg, P_avgjg and Rprec_mult_avgjg', () => {
  // trec_eval 9.0.8's per-query values (-q -R qrels_jg -m qrels_jg) of the fixtures' several-judges cases.
  const cases = ['001j', '005j', '012j'].map((name) => join(import.meta.dirname, '../fixtures/trec-oracle-more/cases', name));
  test.each(cases)('%s', (dir) => {
    const run = parseRun(readFileSync(join(dir, 'run')), { format: 'trec' });
    const result = evaluateRunByJudge(run.rankings, parseQrelsByJudge(readFileSync(join(dir, 'qrels'))), { measures: ['map_avgjg', 'P_avgjg', 'Rprec_mult_avgjg'], checks: 'off' });
    let compared = 0;
    for (const line of readFileSync(join(dir, 'expected_jg.txt'), 'latin1').trimEnd().split('\n')) {
      const [name, qid, value] = line.split('\t').map((field) => field.trim()) as [string, string, string];
      if (qid === 'all' || !(name in (result.perQuery[qid] ?? {}))) continue;
      expect(result.perQuery[qid]![name]!.toFixed(4), `${qid} ${name}`).toBe(value);
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });
});

describe('errors', () => {
  test('qrelsByJudge that is not a Map or an object of judge → qrels', () => {
    expect(failure(() => evaluateRunByJudge(RUN, [['alice', {}]] as never, { measures: ['map'] }))).toMatchObject({ code: 'invalid_qrels', message: expect.stringContaining('evaluateRunByJudge: expected `qrelsByJudge` to be a Map or an object of judge → qrels') });
    expect(failure(() => evaluateRunByJudge(RUN, new Map([[1, {}]]) as never, { measures: ['map'] }))).toMatchObject({ code: 'invalid_qrels', message: expect.stringContaining('every judge of `qrelsByJudge`') });
  });

  test('no judge, or judges who judged nothing', () => {
    expect(failure(() => evaluateRunByJudge(RUN, {}, { measures: ['map'] }))).toMatchObject({ code: 'no_queries', message: expect.stringContaining('`qrelsByJudge` has no judge') });
    expect(failure(() => evaluateRunByJudge(RUN, { alice: {}, bob: new Map() }, { measures: ['map'] }))).toMatchObject({ code: 'no_queries', message: expect.stringContaining('no judge scored a query') });
    // A judge who judged nothing is no error beside one who did.
    expect(evaluateRunByJudge(RUN, { alice: {}, dan: BY_JUDGE.dan }, { measures: ['map'] }).judges).toEqual({ q2: ['dan'] });
  });

  test("a judge's bad qrels are named with the judge", () => {
    const { code, message } = failure(() => evaluateRunByJudge(RUN, { alice: { q1: { d1: 'high' } } } as never, { measures: ['map'] }));
    expect(code).toBe('invalid_qrels');
    expect(message).toContain('judge "alice"');
    expect(message).toMatch(/^evaluateRunByJudge: /);
  });

  test('a bad measure name, as evaluateRun words it', () => {
    expect(failure(() => evaluateRunByJudge(RUN, BY_JUDGE, { measures: ['ndgc@10'] as string[] }))).toMatchObject({ code: 'unknown_measure' });
  });
});
