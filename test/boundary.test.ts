// What the public functions read of what the caller gives: every iterable
// read exactly once at the boundary, options read from their own keys only, and whatever reading a caller's
// value throws (a revoked Proxy, a getter, an iterator, a callback) a RankevalError saying what was thrown.
import { mkdtempSync, writeFileSync, createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { meanReciprocalRank } from '../src/engine/aggregate.js';
import { compare } from '../src/analysis/compare.js';
import { confidenceInterval } from '../src/analysis/confidence.js';
import { isRankevalError } from '../src/core/errors.js';
import { evaluate } from '../src/engine/evaluate.js';
import { createEvaluator } from '../src/engine/evaluator.js';
import { explainRanking } from '../src/analysis/explain.js';
import { optimizeFusion } from '../src/fusion/optimize.js';
import { fuse } from '../src/fusion/fuse.js';
import { mean } from '../src/engine/aggregate.js';
import { alphaNdcg, aspectRecall, pIa } from '../src/metrics/diversity.js';
import { ndcgAtK } from '../src/metrics/dcg.js';
import { reportData } from '../src/report/data.js';
import { parseGoldenSet } from '../src/formats/golden-set.js';
import { parseRun } from '../src/formats/run.js';
import { writeRun } from '../src/formats/write-run.js';
import { precisionAtK } from '../src/metrics/precision.js';
import { evaluateRetriever } from '../src/retriever/evaluate-retriever.js';
import { evaluateRunStream } from '../src/engine/stream.js';
import type { Qrels } from '../src/core/types.js';
import { runAndQrels } from './properties/arbitraries.js';
import { evaluateRun } from '../src/engine/evaluate-run.js';

// ------------------------------------------------------------------------------------------ one-shot iterables

/** Ways to give ids that can be read once only, each made fresh by a call. */
const ONE_SHOT: readonly [string, (ids: readonly string[]) => Iterable<string>][] = [
  [
    'a generator',
    (ids) =>
      (function* () {
        yield* ids;
      })(),
  ],
  ['set.values()', (ids) => new Set(ids).values()],
  ['map.keys()', (ids) => new Map(ids.map((id) => [id, 1])).keys()],
  [
    'an iterable object whose iterator ends for good',
    (ids) => {
      const iterator = ids[Symbol.iterator]();
      return { [Symbol.iterator]: () => iterator };
    },
  ],
];

/** An Error whose cause and code the tests read. */
const caught = (run: () => unknown): { code?: string; message: string; cause?: unknown; name?: string } => {
  try {
    run();
  } catch (error) {
    return error as never;
  }
  throw new Error('expected a throw');
};

const rejected = async (promise: Promise<unknown>): Promise<{ code?: string; message: string; cause?: unknown; name?: string }> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as never,
  );

const run = { q1: ['a', 'b', 'c'], q2: ['x', 'd'], q3: ['e'] };
const judged = { q1: ['b', 'c'], q2: ['d'], q3: ['z'] };
const measures = ['P@1', 'ndcg@3', 'map', 'recall@2', 'mrr'];
/** The judgments of `judged`, each query's made one-shot by `make`. */
const oneShotQrels = (make: (ids: readonly string[]) => Iterable<string>): Record<string, Qrels> =>
  Object.fromEntries(Object.entries(judged).map(([qid, ids]) => [qid, make(ids)]));

describe.each(ONE_SHOT)('judgments given as %s score as the same ids in an array', (_, make) => {
  it('the issue\'s case: evaluateRun P@1 is 1, the query scored', () => {
    const result = evaluateRun({ q1: ['a', 'b'] }, { q1: make(['a', 'b']) }, { measures: ['P@1'] });
    expect(result.mean['P@1']).toBe(1);
    expect(Object.keys(result.perQuery)).toEqual(['q1']);
  });

  it('evaluate, precisionAtK, ndcgAtK, explainRanking', () => {
    expect(evaluate(['x', 'a', 'b'], make(['a', 'b']), 3)).toEqual(evaluate(['x', 'a', 'b'], ['a', 'b'], 3));
    expect(precisionAtK(['x', 'a'], make(['a']), 2)).toBe(0.5);
    expect(ndcgAtK(['x', 'a'], make(['a']), 2)).toBe(ndcgAtK(['x', 'a'], ['a'], 2));
    expect(explainRanking(['x', 'a'], make(['a', 'q']))).toEqual(explainRanking(['x', 'a'], ['a', 'q']));
  });

  it('evaluateRun (with noRelevant skip, which reads the judgments twice too)', () => {
    expect(evaluateRun(run, oneShotQrels(make), { measures })).toEqual(evaluateRun(run, judged, { measures }));
    expect(evaluateRun(run, oneShotQrels(make), { measures, noRelevant: 'skip' })).toEqual(evaluateRun(run, judged, { measures, noRelevant: 'skip' }));
    const asMap = new Map(Object.entries(oneShotQrels(make)));
    expect(evaluateRun(run, asMap, { measures })).toEqual(evaluateRun(run, judged, { measures }));
  });

  it('meanReciprocalRank', () => {
    expect(meanReciprocalRank(run, oneShotQrels(make))).toBe(meanReciprocalRank(run, judged));
  });

  it('compare: every run scored on the same judgments', () => {
    const runs = { base: run, other: { q1: ['b'], q2: ['d'], q3: ['z'] } };
    expect(compare(runs, oneShotQrels(make), { measures })).toEqual(compare(runs, judged, { measures }));
  });

  it('createEvaluator', () => {
    const evaluator = createEvaluator(oneShotQrels(make), { measures });
    for (const [qid, ranking] of Object.entries(run)) evaluator.add(qid, ranking);
    expect(evaluator.result()).toEqual(evaluateRun(run, judged, { measures }));
  });

  it('evaluateRunStream, also when an interleaved run is read a second time', async () => {
    const trec = 'q1 Q0 a 1 3 r\nq2 Q0 x 1 2 r\nq1 Q0 b 2 2 r\nq2 Q0 d 2 1 r\nq1 Q0 c 3 1 r\nq3 Q0 e 1 1 r\n';
    const expected = evaluateRun(run, judged, { measures });
    expect(await evaluateRunStream(() => trec, oneShotQrels(make), { measures })).toEqual(expected);
  });

  it('evaluateRetriever (with noRelevant skip, which reads them to choose the questions)', async () => {
    const questions = { q1: 'one?', q2: 'two?', q3: 'three?' };
    const retrieve = (_: string, qid: string): string[] => run[qid as keyof typeof run];
    const once = await evaluateRetriever(retrieve, { qrels: oneShotQrels(make), questions }, { measures, now: () => 0 });
    const twice = await evaluateRetriever(retrieve, { qrels: judged, questions }, { measures, now: () => 0 });
    expect(once).toEqual(twice);
    const skip = await evaluateRetriever(retrieve, { qrels: { ...oneShotQrels(make), q4: make([]) }, questions: { ...questions, q4: '?' } }, { measures, now: () => 0, noRelevant: 'skip' });
    expect(skip.mean).toEqual(twice.mean);
  });

  it('optimizeFusion: every setting scored on the same judgments', () => {
    const runs = { a: { q1: [{ id: 'b', score: 2 }, { id: 'a', score: 1 }], q2: [{ id: 'd', score: 1 }], q3: [{ id: 'e', score: 1 }] }, b: { q1: [{ id: 'c', score: 1 }], q2: [{ id: 'x', score: 1 }], q3: [{ id: 'z', score: 1 }] } };
    const options = { method: 'rrf', measure: 'ndcg@3', folds: 3, grid: [10, 60] } as const;
    expect(optimizeFusion(runs, oneShotQrels(make), options)).toEqual(optimizeFusion(runs, judged, options));
  });

  it('aspects (evaluateRun, compare): each aspect\'s documents read once', () => {
    const aspectRun = { q1: ['a', 'b'], q2: ['c'] };
    const aspectJudged = { q1: ['a'], q2: ['c'] };
    const aspects = (give: (ids: readonly string[]) => Iterable<string>) => ({ q1: { x: give(['a']), y: give(['b']) }, q2: { x: give(['c']) } });
    const options = { measures: ['alpha_ndcg@2', 'aspect_recall@2'] };
    const asArrays = evaluateRun(aspectRun, aspectJudged, { ...options, aspects: aspects((ids) => [...ids]) });
    expect(asArrays.mean['aspect_recall@2']).toBe(1);
    expect(evaluateRun(aspectRun, aspectJudged, { ...options, aspects: aspects(make) })).toEqual(asArrays);
    const runs = { one: aspectRun, two: { q1: ['b'], q2: ['c'] } };
    expect(compare(runs, aspectJudged, { ...options, aspects: aspects(make) })).toEqual(compare(runs, aspectJudged, { ...options, aspects: aspects((ids) => [...ids]) }));
  });
});

describe.each(ONE_SHOT)('more entry points, judgments or aspects given as %s', (_, make) => {
  it('reportData: every run and curve scored on the same judgments', () => {
    const runs = { base: run, other: { q1: ['b'], q2: ['d'], q3: ['z'] } };
    expect(reportData({ qrels: oneShotQrels(make), runs }, { measures })).toEqual(reportData({ qrels: judged, runs }, { measures }));
  });

  it('the aspect functions take a query\'s aspects as Maps or objects, the documents as any judgments', () => {
    const asMaps = new Map([['x', new Map([['a', 1]])], ['y', new Map([['b', 1]])]]);
    const given = { x: make(['a']), y: make(['b']) };
    expect(aspectRecall(['a'], given as never, 2)).toBe(aspectRecall(['a'], asMaps, 2));
    expect(aspectRecall(['a'], asMaps, 2)).toBe(0.5);
    expect(alphaNdcg(['b', 'a'], { x: { a: 1 }, y: ['b'] } as never, 2)).toBe(alphaNdcg(['b', 'a'], asMaps, 2));
    expect(pIa(['a', 'b'], { x: make(['a']), y: make(['b']) } as never, 2)).toBe(pIa(['a', 'b'], asMaps, 2));
  });
});

describe('one-shot iterables: the property', () => {
  // Any qrels the arbitraries make, given as ids (grade 1 each: the relevant ones at level 1), once as
  // arrays and once as one-shot iterables of each kind, score alike on every measure, mean and list.
  test.prop([runAndQrels, fc.constantFrom(...ONE_SHOT.map(([, make]) => make)), fc.constantFrom('zero', 'skip')])(
    'any accepted input given as a one-shot iterable scores exactly as the same input given as an array',
    ({ run: runs, qrels }, make, noRelevant) => {
      const relevantIds = Object.fromEntries(Object.entries(qrels).map(([qid, grades]) => [qid, Object.keys(grades).filter((id) => grades[id]! >= 1)]));
      const oneShot = () => Object.fromEntries(Object.entries(relevantIds).map(([qid, ids]) => [qid, make(ids)]));
      const options = { measures: ['P@5', 'ndcg@10', 'map', 'recall@10', 'mrr@10', 'success@3', 'R-prec', 'bpref'], noRelevant, checks: 'off' } as const;
      const outcome = (score: () => unknown): unknown => {
        try {
          return score();
        } catch (error) {
          return isRankevalError(error) ? { code: error.code, message: error.message } : error;
        }
      };
      expect(outcome(() => evaluateRun(runs, oneShot(), options))).toEqual(outcome(() => evaluateRun(runs, relevantIds, options)));
      expect(outcome(() => compare({ a: runs, b: {} }, oneShot(), options))).toEqual(outcome(() => compare({ a: runs, b: {} }, relevantIds, options)));
      const qid = Object.keys(relevantIds)[0]!;
      const ranking = runs[qid] ?? [];
      expect(outcome(() => evaluate(ranking, make(relevantIds[qid]!), 10))).toEqual(outcome(() => evaluate(ranking, relevantIds[qid]!, 10)));
    },
  );
});

describe('inputs that hold their entries behind an iterator are refused, never read as empty', () => {
  it.each([
    ['a run given as map.entries()', () => evaluateRun(new Map([['q1', ['a']]]).entries() as never, { q1: ['a'] }, { measures: ['P@1'] }), 'invalid_run', /`run` to be a Map or an object of query id → value, not an iterable \(for entries, give `new Map\(entries\)`\)/],
    ['qrels given as a generator of entries', () => evaluateRun({ q1: ['a'] }, (function* () { yield ['q1', ['a']]; })() as never, { measures: ['P@1'] }), 'invalid_qrels', /`qrels` to be a Map or an object of query id → judgments, not an iterable/],
    ['lengths given as map.entries()', () => evaluateRun({ q1: ['a'] }, { q1: ['a'] }, { measures: ['tokens@1'], lengths: new Map([['a', 1]]).entries() as never }), 'invalid_option', /`lengths` to be a Map or an object of document id → length in tokens, not an iterable/],
    ['runs given as a Set', () => compare(new Set([{}, {}]) as never, { q1: ['a'] }, { measures: ['P@1'] }), 'invalid_run', /`runs` to be a Map or an object of run name → run/],
  ])('%s', (_, call, code, message) => {
    expect(caught(call)).toMatchObject({ code, message: expect.stringMatching(message) });
  });
});

// ---------------------------------------------------------------------------------------- own option keys

/** Runs `body` with `key` set on Object.prototype (enumerable, as `Object.prototype.k = 1` sets it). */
function polluted<T>(key: string, value: unknown, body: () => T): T {
  const proto = Object.prototype as Record<string, unknown>;
  proto[key] = value;
  try {
    return body();
  } finally {
    delete proto[key];
  }
}

async function pollutedAsync<T>(key: string, value: unknown, body: () => Promise<T>): Promise<T> {
  const proto = Object.prototype as Record<string, unknown>;
  proto[key] = value;
  try {
    return await body();
  } finally {
    delete proto[key];
  }
}

describe('options are read from their own keys: an inherited key is no option', () => {
  it('evaluate: Object.prototype.k does not cut the ranking (the issue\'s case)', () => {
    const clean = evaluate(['x', 'a'], ['a'], {});
    expect(polluted('k', 1, () => evaluate(['x', 'a'], ['a'], {}))).toEqual(clean);
    expect(clean.precision).toBe(0.5);
    expect(polluted('relevanceThreshold', 2, () => evaluate(['a'], { a: 1 }, {})).precision).toBe(1);
  });

  it.each([
    ['relevanceThreshold', 5],
    ['noRelevant', 'error'],
    ['ties', 'average'],
    ['gain', 'exponential'],
    ['checks', 'error'],
  ])('evaluateRun, createEvaluator, meanReciprocalRank with Object.prototype.%s', (key, value) => {
    const options = { measures: ['P@2', 'ndcg@3', 'map'] };
    const qrels = { q1: { a: 2, b: 1 }, q2: { x: 0 } };
    const clean = evaluateRun({ q1: ['a', 'b'], q2: ['q2'] }, qrels, options);
    expect(polluted(key, value, () => evaluateRun({ q1: ['a', 'b'], q2: ['q2'] }, qrels, options))).toEqual(clean);
    expect(
      polluted(key, value, () => {
        const evaluator = createEvaluator(qrels, options);
        evaluator.add('q1', ['a', 'b']);
        evaluator.add('q2', ['q2']);
        return evaluator.result();
      }),
    ).toEqual(clean);
    expect(polluted(key, value, () => meanReciprocalRank({ q1: ['b'] }, qrels, Infinity, {}))).toBe(meanReciprocalRank({ q1: ['b'] }, qrels, Infinity, {}));
  });

  it('nested options too: `checks` and `systemK` objects', () => {
    const options = { measures: ['P@1'], checks: {}, systemK: { k: 1 } };
    expect(polluted('queryInRanking', 'error', () => evaluateRun({ q1: ['q1'] }, { q1: ['q1'] }, options).mean)).toEqual({ 'P@1': 1 });
    expect(polluted('mode', 'nonsense', () => evaluateRun({ q1: ['a'] }, { q1: ['a'] }, options).mean)).toEqual({ 'P@1': 1 });
  });

  it('compare, explainRanking, confidenceInterval, optimizeFusion', () => {
    const runs = { a: { q1: ['a'], q2: ['b'] }, b: { q1: ['x'], q2: ['b'] } };
    const qrels = { q1: ['a'], q2: ['b'] };
    const clean = compare(runs, qrels, { measures: ['P@1'] });
    expect(polluted('baseline', 'b', () => compare(runs, qrels, { measures: ['P@1'] }))).toEqual(clean);
    expect(polluted('test', 'sign', () => compare(runs, qrels, { measures: ['P@1'] }))).toEqual(clean);
    expect(polluted('depth', 1, () => explainRanking(['a', 'b'], ['b'])).top).toHaveLength(2);
    expect(polluted('level', 0.5, () => confidenceInterval([0.2, 0.4, 0.6]))).toEqual(confidenceInterval([0.2, 0.4, 0.6]));
    const fusionRuns = { a: { q1: [{ id: 'a', score: 1 }], q2: [{ id: 'b', score: 1 }] }, b: { q1: [{ id: 'x', score: 1 }], q2: [{ id: 'b', score: 1 }] } };
    const options = { method: 'rrf', measure: 'P@1', folds: 2, grid: [10, 60] } as const;
    expect(polluted('norm', 'zmuv', () => optimizeFusion(fusionRuns, qrels, options))).toEqual(optimizeFusion(fusionRuns, qrels, options));
  });

  it('evaluateRetriever: its own options and the golden set\'s fields', async () => {
    const golden = { qrels: { q1: ['a'], q2: ['b'] }, questions: { q1: 'one?', q2: 'two?' } };
    const options = { measures: ['P@1'], now: () => 0 };
    const clean = await evaluateRetriever(() => ['a'], golden, options);
    expect(await pollutedAsync('tags', { q1: 'x' }, () => evaluateRetriever(() => ['a'], golden, options))).toEqual(clean);
    expect(await pollutedAsync('failOnError', true, () => evaluateRetriever(() => Promise.reject(new Error('down')), golden, options))).toMatchObject({ failures: [{ queryId: 'q1' }, { queryId: 'q2' }] });
  });

  it('reportData: its options and its input\'s fields', () => {
    const input = { qrels: { q1: ['a'], q2: ['b'] }, runs: { a: { q1: ['a'], q2: ['b'] }, b: { q1: ['x'], q2: ['b'] } } };
    const clean = reportData(input, { measures: ['P@1'] });
    expect(polluted('baseline', 'b', () => reportData(input, { measures: ['P@1'] }))).toEqual(clean);
    expect(polluted('slices', { q1: 'x' }, () => reportData(input, { measures: ['P@1'] }))).toEqual(clean);
    expect(polluted('tags', { q1: 'x' }, () => reportData(input, { measures: ['P@1'] }))).toEqual(clean);
  });

  it('reportData: an inherited `losses` shows no fewer losses', () => {
    const input = { qrels: { q1: ['a'], q2: ['b'] }, runs: { a: { q1: ['a'], q2: ['b'] }, b: { q1: ['x'], q2: ['x'] } } };
    expect(polluted('losses', 0, () => reportData(input, { measures: ['P@1'] }))).toEqual(reportData(input, { measures: ['P@1'] }));
  });

  it('the file readers and writeRun: an inherited `format`, `gradeColumn` or `runName` is no option given', () => {
    const csv = 'query_id,doc_id,grade\nq1,a,1\n';
    expect(polluted('format', 'trec', () => parseGoldenSet(csv, {}))).toEqual(parseGoldenSet(csv, {}));
    expect(polluted('gradeColumn', 'doc_id', () => parseGoldenSet(csv, {}))).toEqual(parseGoldenSet(csv, {}));
    expect(polluted('format', 'jsonl', () => parseRun('q1 Q0 a 1 2 r\n', {}))).toEqual(parseRun('q1 Q0 a 1 2 r\n', {}));
    const run = { q1: [{ id: 'a', score: 1 }] };
    expect(polluted('runName', 'polluted', () => writeRun(run, { format: 'trec' }))).toBe('q1 Q0 a 1 1 rankeval\n');
  });

  it('fuse: an inherited `norm` or `weights` is no option given', () => {
    const runs = [{ q1: [{ id: 'a', score: 3 }, { id: 'b', score: 1 }] }, { q1: [{ id: 'b', score: 2 }] }];
    const clean = fuse(runs, { method: 'combsum' });
    expect(polluted('norm', 'zmuv', () => fuse(runs, { method: 'combsum' }))).toEqual(clean);
    expect(polluted('weights', [0, 1], () => fuse(runs, { method: 'combsum' }))).toEqual(clean);
  });

  it('evaluateRunStream', async () => {
    const clean = await evaluateRunStream('q1 Q0 x 1 2 r\nq1 Q0 a 2 1 r\n', { q1: ['a'] }, { measures: ['P@2'] });
    expect(await pollutedAsync('relevanceThreshold', 2, () => evaluateRunStream('q1 Q0 x 1 2 r\nq1 Q0 a 2 1 r\n', { q1: ['a'] }, { measures: ['P@2'] }))).toEqual(clean);
  });
});

// ------------------------------------------------------------------------------------------- revoked proxies

const revoked = (): never => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy as never;
};

describe('a revoked Proxy anywhere is a RankevalError naming the argument, never an untyped TypeError', () => {
  it.each([
    ['evaluate options', () => evaluate(['a'], ['a'], revoked()), 'invalid_option', 'evaluate: reading `options` threw TypeError'],
    ['evaluate ranking', () => evaluate(revoked(), ['a']), 'invalid_ranking', 'evaluate: reading the ranking threw TypeError'],
    ['evaluate qrels', () => evaluate(['a'], revoked()), 'invalid_qrels', 'evaluate: reading the qrels threw TypeError'],
    ['precisionAtK options', () => precisionAtK(['a'], ['a'], 1, revoked()), 'invalid_option', 'precisionAtK: reading `options` threw TypeError'],
    ['evaluateRun options', () => evaluateRun({}, {}, revoked()), 'invalid_option', 'evaluateRun: reading `options` threw TypeError'],
    ['evaluateRun run', () => evaluateRun(revoked(), { q: ['a'] }, { measures: ['P@1'] }), 'invalid_run', 'evaluateRun: reading `run` threw TypeError'],
    ['evaluateRun qrels', () => evaluateRun({}, revoked(), { measures: ['P@1'] }), 'invalid_qrels', 'evaluateRun: reading `qrels` threw TypeError'],
    ['a query\'s judgments', () => evaluateRun({}, { q: revoked() }, { measures: ['P@1'] }), 'invalid_qrels', 'evaluateRun: reading `qrels`["q"] threw TypeError'],
    ['a query\'s ranking', () => evaluateRun({ q: revoked() }, { q: ['a'] }, { measures: ['P@1'] }), 'invalid_ranking', 'evaluateRun: reading run["q"] threw TypeError'],
    ['an entry of a scored ranking', () => evaluateRun({ q: [{ id: 'a', score: 1 }, revoked()] }, { q: ['a'] }, { measures: ['P@1'] }), 'invalid_ranking', 'evaluateRun: reading run["q"] threw TypeError'],
    ['`checks`', () => evaluateRun({}, { q: ['a'] }, { measures: ['P@1'], checks: revoked() }), 'invalid_option', 'evaluateRun: reading `checks` threw TypeError'],
    ['`systemK`', () => evaluateRun({}, { q: ['a'] }, { measures: ['P@1'], systemK: revoked() }), 'invalid_option', 'evaluateRun: reading `systemK` threw TypeError'],
    ['`slices`', () => evaluateRun({}, { q: ['a'] }, { measures: ['P@1'], slices: revoked() }), 'invalid_option', 'evaluateRun: reading `slices` threw TypeError'],
    ['`lengths`', () => evaluateRun({}, { q: ['a'] }, { measures: ['P@1'], lengths: revoked() }), 'invalid_option', 'evaluateRun: reading `lengths` threw TypeError'],
    ['`aspects`', () => evaluateRun({}, { q: ['a'] }, { measures: ['P@1'], aspects: revoked() }), 'invalid_option', 'evaluateRun: reading `aspects` threw TypeError'],
    ['compare runs', () => compare(revoked(), { q: ['a'] }, { measures: ['P@1'] }), 'invalid_run', 'compare: reading `runs` threw TypeError'],
    ['compare options', () => compare({}, {}, revoked()), 'invalid_option', 'compare: reading `options` threw TypeError'],
    ['createEvaluator add', () => createEvaluator({ q: ['a'] }, { measures: ['P@1'] }).add('q', revoked()), 'invalid_ranking', 'createEvaluator: reading run["q"] threw TypeError'],
    ['explainRanking options', () => explainRanking(['a'], ['a'], revoked()), 'invalid_option', 'explainRanking: reading `options` threw TypeError'],
    ['confidenceInterval options', () => confidenceInterval([1, 2], revoked()), 'invalid_option', 'confidenceInterval: reading `options` threw TypeError'],
    ['confidenceInterval scores', () => confidenceInterval(revoked()), 'invalid_option', 'confidenceInterval: reading `scores` threw TypeError'],
    ['mean values', () => mean(revoked()), 'invalid_option', 'mean: reading `values` threw TypeError'],
    ['`measures`', () => evaluateRun({}, { q: ['a'] }, { measures: revoked() }), 'invalid_option', 'evaluateRun: reading `measures` threw TypeError'],
    ['a query\'s slice labels', () => evaluateRun({}, { q: ['a'] }, { measures: ['P@1'], slices: { q: revoked() } }), 'invalid_option', 'evaluateRun: reading slices["q"] threw TypeError'],
    ['an aspect function\'s ranking', () => aspectRecall(revoked(), new Map(), 1), 'invalid_ranking', 'aspectRecall: reading the ranking threw TypeError'],
    ['an aspect function\'s aspects', () => aspectRecall([], revoked(), 1), 'invalid_option', 'aspectRecall: reading `aspects` threw TypeError'],
    ['reportData input', () => reportData(revoked(), { measures: ['P@1'] }), 'invalid_option', 'reportData: reading `input` threw TypeError'],
  ])('%s', (_, call, code, message) => {
    const error = caught(call);
    expect(error).toMatchObject({ name: 'RankevalError', code, message: expect.stringContaining(message) });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('evaluateRetriever: options, golden set, and a ranking the retriever returns', async () => {
    const golden = { qrels: { q: ['a'] }, questions: { q: 'why?' } };
    expect(await rejected(evaluateRetriever(() => ['a'], golden, revoked()))).toMatchObject({ code: 'invalid_option', message: expect.stringContaining('evaluateRetriever: reading `options` threw TypeError') });
    expect(await rejected(evaluateRetriever(() => ['a'], revoked(), { measures: ['P@1'] }))).toMatchObject({ code: 'invalid_option', message: expect.stringContaining('reading `goldenSet` threw TypeError') });
    expect(await rejected(evaluateRetriever(() => revoked(), golden, { measures: ['P@1'] }))).toMatchObject({
      code: 'invalid_ranking',
      message: expect.stringContaining('evaluateRetriever: reading the ranking retrieve returned for query "q" threw TypeError'),
    });
  });

  it('evaluateRunStream: options and source', async () => {
    expect(await rejected(evaluateRunStream('', { q: ['a'] }, revoked()))).toMatchObject({ code: 'invalid_option', message: expect.stringContaining('evaluateRunStream: reading `options` threw TypeError') });
    expect(await rejected(evaluateRunStream(revoked(), { q: ['a'] }, { measures: ['P@1'] }))).toMatchObject({ code: 'invalid_option', message: expect.stringContaining('evaluateRunStream: reading `source` threw TypeError') });
  });

  it('whatever is thrown is described without throwing again: an Error without a message, a revoked Proxy', () => {
    const bare = { get id(): string { throw new RangeError(); }, score: 1 };
    expect(caught(() => evaluate([bare as never], ['a']))).toMatchObject({ code: 'invalid_ranking', message: 'evaluate: reading the ranking threw RangeError' });
    const proxied = { get id(): string { throw revoked(); }, score: 1 };
    expect(caught(() => evaluate([proxied as never], ['a']))).toMatchObject({ code: 'invalid_ranking', message: 'evaluate: reading the ranking threw `an uninspectable object` (object)' });
  });

  it('an aspect function refuses a ranking that is not an array', () => {
    expect(caught(() => aspectRecall('a' as never, new Map(), 1))).toMatchObject({ code: 'invalid_ranking', message: 'aspectRecall: expected the ranking to be an array of document ids, got `"a"` (string)' });
  });

  it('a source that is no iterable is refused as before', async () => {
    expect(await rejected(evaluateRunStream({} as never, { q: ['a'] }, { measures: ['P@1'] }))).toMatchObject({ code: 'invalid_option', message: expect.stringContaining('`source` to be a string, a Uint8Array, or an iterable') });
  });

  it('a getter or an iterator that throws is named likewise, with what it threw', () => {
    const throwing = {
      *[Symbol.iterator]() {
        yield 'a';
        throw new RangeError('disk gone');
      },
    };
    expect(caught(() => evaluateRun({ q: ['a'] }, { q: throwing }, { measures: ['P@1'] }))).toMatchObject({ code: 'invalid_qrels', message: 'evaluateRun: reading `qrels`["q"] threw RangeError: disk gone' });
    const entry = { get id(): string { throw 0; }, score: 1 };
    expect(caught(() => evaluate([entry as never], ['a']))).toMatchObject({ code: 'invalid_ranking', message: 'evaluate: reading the ranking threw `0` (number)' });
    const options = { get measures(): string[] { throw new Error('no measures'); } };
    expect(caught(() => evaluateRun({}, {}, options))).toMatchObject({ code: 'invalid_option', message: 'evaluateRun: reading `options` threw Error: no measures' });
  });
});

// --------------------------------------------------------------------------- the retriever's failures as they are

describe('evaluateRetriever describes each failure by what was thrown', () => {
  const golden = { qrels: { q1: ['a'] }, questions: { q1: 'one?' } };
  const now = (): number => 0;

  it.each([
    ['rejects with null', () => Promise.reject(null), 'retrieve rejected with `null` (null)'],
    ['rejects with undefined', () => Promise.reject(undefined), 'retrieve rejected with `undefined` (undefined)'],
    ['rejects with 0', () => Promise.reject(0), 'retrieve rejected with `0` (number)'],
    ['throws a string', () => { throw 'down'; }, 'retrieve threw `"down"` (string)'],
    ['throws an Error', () => { throw new Error('index down'); }, 'index down'],
  ])('a retriever that %s: the failure says so', async (_, retrieve, message) => {
    const result = await evaluateRetriever(retrieve as never, golden, { measures: ['P@1'], now });
    expect(result.failures).toEqual([{ queryId: 'q1', message }]);
  });

  it.each([
    ['rejects with 0', () => Promise.reject(0), 0, 'evaluateRetriever: retrieve rejected with `0` (number) for query "q1"'],
    ['rejects with null', () => Promise.reject(null), null, 'evaluateRetriever: retrieve rejected with `null` (null) for query "q1"'],
    ['throws a TypeError', () => { throw new TypeError('bad'); }, new TypeError('bad'), 'evaluateRetriever: retrieve threw TypeError: bad for query "q1"'],
  ])('with failOnError, a retriever that %s rejects with a RankevalError retrieval_failed, the thrown value its cause', async (_, retrieve, cause, message) => {
    const error = await rejected(evaluateRetriever(retrieve as never, golden, { measures: ['P@1'], now, failOnError: true }));
    expect(error).toMatchObject({ name: 'RankevalError', code: 'retrieval_failed', message });
    expect(error.cause).toEqual(cause);
  });

  it('a retriever that rejects with a revoked Proxy: described, never a second throw', async () => {
    const result = await evaluateRetriever(() => Promise.reject(revoked()), golden, { measures: ['P@1'], now });
    expect(result.failures).toEqual([{ queryId: 'q1', message: 'retrieve rejected with `an uninspectable object` (object)' }]);
    const error = await rejected(evaluateRetriever(() => Promise.reject(revoked()), golden, { measures: ['P@1'], now, failOnError: true }));
    expect(error).toMatchObject({ code: 'retrieval_failed', message: 'evaluateRetriever: retrieve rejected with `an uninspectable object` (object) for query "q1"' });
  });

  it('`options.id` or `options.score` that throws: the message says it threw, and what', async () => {
    const id = (): string => {
      throw new Error('no metadata');
    };
    const error = await rejected(evaluateRetriever(() => [{}] as never, golden, { measures: ['P@1'], now, id }));
    expect(error).toMatchObject({ code: 'invalid_ranking', message: 'evaluateRetriever: `options.id` threw Error: no metadata on entry 1 of the ranking retrieve returned for query "q1"' });
    expect(error.cause).toEqual(new Error('no metadata'));
    const score = (): number => {
      throw 7;
    };
    const scored = await rejected(evaluateRetriever(() => [{}] as never, golden, { measures: ['P@1'], now, id: () => 'a', score }));
    expect(scored).toMatchObject({ code: 'invalid_ranking', message: 'evaluateRetriever: `options.score` threw `7` (number) on entry 1 of the ranking retrieve returned for query "q1"' });
  });

  it('an `onProgress` that throws rejects with a RankevalError saying so', async () => {
    const onProgress = (): void => {
      throw 'full';
    };
    const error = await rejected(evaluateRetriever(() => ['a'], golden, { measures: ['P@1'], now, onProgress }));
    expect(error).toMatchObject({ name: 'RankevalError', code: 'invalid_option', message: 'evaluateRetriever: `onProgress` threw `"full"` (string)', cause: 'full' });
    expect(error).toMatchObject({ subject: { kind: 'option', option: 'onProgress' } });
  });
});

// ------------------------------------------------------------------------------ a stream that gives nothing

describe('evaluateRunStream names a source that gives nothing for what it is', () => {
  const qrels = { q1: ['a'] };
  const options = { measures: ['P@1'] };

  it('an iterator already read to its end: the run gave no records, not "the run file is empty"', async () => {
    const chunks = (function* () {
      yield 'q1 Q0 a 1 1 r\n';
    })();
    expect((await evaluateRunStream(chunks, qrels, options)).mean).toEqual({ 'P@1': 1 });
    const error = await rejected(evaluateRunStream(chunks, qrels, options));
    expect(error).toMatchObject({
      name: 'RankevalError',
      code: 'invalid_run',
      message: 'evaluateRunStream: the run gave no records: `source` is an iterator that gave nothing: read to its end already, or empty (to read a run again, give a function that opens it: () => createReadStream(path))',
    });
    expect(error.cause).toMatchObject({ code: 'parse_error' });
  });

  it('a Node stream read to its end already says so; a fresh stream of an empty file, a string, are an empty file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rankeval-boundary-'));
    writeFileSync(join(dir, 'run.trec'), 'q1 Q0 a 1 1 r\n');
    writeFileSync(join(dir, 'empty.trec'), '');
    const stream = createReadStream(join(dir, 'run.trec'));
    expect((await evaluateRunStream(stream, qrels, { ...options, file: 'run.trec' })).mean).toEqual({ 'P@1': 1 });
    expect(await rejected(evaluateRunStream(stream, qrels, { ...options, file: 'run.trec' }))).toMatchObject({
      code: 'invalid_run',
      message: expect.stringMatching(/^evaluateRunStream: the run gave no records: `source` is a stream already read to its end \(or destroyed\) before this read/),
    });
    const empty = { code: 'parse_error', message: 'empty.trec:1: the run file is empty' };
    expect(await rejected(evaluateRunStream(createReadStream(join(dir, 'empty.trec')), qrels, { ...options, file: 'empty.trec' }))).toMatchObject(empty);
    expect(await rejected(evaluateRunStream('', qrels, { ...options, file: 'empty.trec' }))).toMatchObject(empty);
    expect(await rejected(evaluateRunStream(() => [], qrels, { ...options, file: 'empty.trec' }))).toMatchObject(empty);
  });
});
