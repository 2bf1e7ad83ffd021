import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evaluate, evaluateRun } from '../../src/index.js';
import { runAndQrels, withKeysIn } from './arbitraries.js';

const MEASURES = ['ndcg@5', 'P@3', 'recall@10', 'mrr', 'map', 'R-prec', 'success@1', 'f1@5', 'context_precision@5', 'map@3'];

describe('evaluateRun laws', () => {
  test.prop([runAndQrels])("each mean is the mean of the per-query scores", ({ run, qrels }) => {
    const result = evaluateRun(run, qrels, { measures: MEASURES });
    const scores = Object.values(result.perQuery);
    expect(scores).toHaveLength(result.queries);
    for (const name of MEASURES) {
      const sum = scores.reduce((total, query) => total + query[name]!, 0);
      expect(result.mean[name]).toBeCloseTo(sum / scores.length, 12);
    }
  });

  test.prop([runAndQrels, fc.array(fc.nat(100), { minLength: 1, maxLength: 8 }), fc.array(fc.nat(100), { minLength: 1, maxLength: 8 })])(
    'results do not depend on the order of keys',
    ({ run, qrels }, runOrder, qrelsOrder) => {
      const reordered = evaluateRun(
        withKeysIn(run, runOrder),
        Object.fromEntries(Object.entries(withKeysIn(qrels, qrelsOrder)).map(([qid, judged]) => [qid, withKeysIn(judged, runOrder)])),
        { measures: MEASURES },
      );
      const original = evaluateRun(run, qrels, { measures: MEASURES });
      expect(JSON.stringify(reordered)).toBe(JSON.stringify(original));
    },
  );

  test.prop([runAndQrels])('every judged query is scored, as evaluate scores it alone', ({ run, qrels }) => {
    const result = evaluateRun(run, qrels, { measures: ['ndcg@5', 'recall@10', 'mrr'] });
    expect(Object.keys(result.perQuery).sort()).toEqual(Object.keys(qrels).sort());
    for (const [qid, scores] of Object.entries(result.perQuery)) {
      const ranking = run[qid] ?? [];
      expect(scores).toEqual({
        'ndcg@5': evaluate(ranking, qrels[qid]!, 5).ndcg,
        'recall@10': evaluate(ranking, qrels[qid]!, 10).recall,
        mrr: evaluate(ranking, qrels[qid]!).reciprocalRank,
      });
    }
  });
});

/** Query ids, the names Object.prototype owns among them. */
const queryId = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'), fc.string({ maxLength: 4 }));

describe('evaluateRun: any string is a query id', () => {
  test.prop([fc.uniqueArray(fc.tuple(queryId, fc.boolean(), fc.boolean()), { selector: ([qid]) => qid, minLength: 1, maxLength: 8 }), fc.boolean()])(
    'perQuery has exactly one entry per judged query id, and the mean is over those entries',
    (queries, asMaps) => {
      // Each query: judged or not, answered or not (at least one judged).
      const judged = queries.filter(([, isJudged], i) => isJudged || i === 0).map(([qid]) => qid);
      const answered = queries.filter(([, , isAnswered]) => isAnswered).map(([qid]) => qid);
      const entries = <T>(qids: readonly string[], value: (qid: string) => T): [string, T][] => qids.map((qid) => [qid, value(qid)]);
      const run = entries(answered, (qid) => [qid, 'other']);
      const qrels = entries(judged, (qid) => ({ [qid]: 1 }));
      const result = evaluateRun(asMaps ? new Map(run) : Object.fromEntries(run), asMaps ? new Map(qrels) : Object.fromEntries(qrels), {
        measures: ['mrr'],
        slices: Object.fromEntries(entries(judged, (qid) => qid)),
      });
      expect(Object.keys(result.perQuery).sort()).toEqual([...judged].sort());
      for (const qid of judged) expect(result.perQuery[qid]).toEqual({ mrr: answered.includes(qid) ? 1 : 0 });
      expect(result.queries).toBe(judged.length);
      expect(result.mean.mrr).toBeCloseTo(judged.filter((qid) => answered.includes(qid)).length / judged.length, 12);
      expect(Object.keys(result.bySlice).sort()).toEqual([...judged].sort());
      expect(result.unansweredQueries.length + judged.filter((qid) => answered.includes(qid)).length).toBe(judged.length);
    },
  );
});
