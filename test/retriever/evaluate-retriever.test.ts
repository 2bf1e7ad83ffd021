import { fc, test } from '@fast-check/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evaluateRetriever, evaluateRun, isRankevalError, parseGoldenSet, percentile, type RetrieverProgress } from '../../src/index.js';
import { runAndQrels } from '../properties/arbitraries.js';

// Five judged questions; each stub call answers after its query's delay (fake timers: no test depends on
// this machine's speed) with its query's ranking.
const qrels = {
  q1: { a: 1 },
  q2: { b: 2, c: 1 },
  q3: { d: 1 },
  q4: { e: 1 },
  q5: { f: 1, g: 1 },
};
const questions = { q1: 'one?', q2: 'two?', q3: 'three?', q4: 'four?', q5: 'five?' };
const tags = { q1: 'en', q2: ['en', 'numeric'], q3: 'ru', q4: 'en', q5: 'ru' };
const golden = { qrels, questions, tags };
const rankings: Record<string, string[]> = {
  q1: ['a', 'x'],
  q2: ['x', 'b', 'c'],
  q3: ['y', 'z'],
  q4: ['e'],
  q5: ['g', 'x', 'f'],
};
const delays: Record<string, number> = { q1: 30, q2: 10, q3: 20, q4: 40, q5: 50 };
const measures = ['mrr@10', 'recall@2', 'ndcg@3'];
const question = (text: string) => Object.entries(questions).find(([, asked]) => asked === text)![0];

/** A stub retriever: answers each query after its delay, counting the calls in flight at once. */
function stub(behaviour: (qid: string) => 'answer' | 'throw' | 'reject' | 'hang' = () => 'answer') {
  const calls: string[] = [];
  const signals: AbortSignal[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const retrieve = (text: string, qid: string, { signal }: { signal: AbortSignal }): Promise<string[]> => {
    expect(question(text)).toBe(qid);
    calls.push(qid);
    signals.push(signal);
    const what = behaviour(qid);
    if (what === 'throw') throw new Error(`index down for ${qid}`);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        inFlight--;
        if (what === 'reject') reject(new Error(`no answer for ${qid}`));
        else resolve(rankings[qid]!);
      }, what === 'hang' ? 1e6 : delays[qid]!);
    });
  };
  return { retrieve, calls, signals, mostInFlight: () => mostInFlight };
}

/** The promise's outcome once every fake timer has run. */
async function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  await vi.runAllTimersAsync();
  return promise;
}

describe('evaluateRetriever', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const now = () => Date.now(); // faked: it moves only as the timers do

  it('scores the collected rankings as evaluateRun does, with the golden set tags as slices', async () => {
    const { retrieve, calls } = stub();
    const result = await settled(evaluateRetriever(retrieve, golden, { measures, now }));
    expect(calls).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    expect([...result.run]).toEqual(Object.entries(rankings));
    const { run, failures, latency, ...scores } = result;
    expect(scores).toEqual(evaluateRun(run, qrels, { measures, slices: tags }));
    expect(failures).toEqual([]);
    expect(result.mean['mrr@10']).toBeCloseTo((1 + 1 / 2 + 0 + 1 + 1) / 5, 12);
    expect(Object.keys(result.bySlice)).toEqual(['en', 'numeric', 'ru']);
  });

  it('gives the latency of each call and percentiles by linear interpolation, computed here by hand', async () => {
    const { retrieve } = stub();
    const { latency } = await settled(evaluateRetriever(retrieve, golden, { measures, now, concurrency: 2 }));
    expect({ ...latency.perQuery }).toEqual(delays);
    // Sorted: 10 20 30 40 50; position h = (5 − 1) · p / 100.
    expect(latency.mean).toBe((30 + 10 + 20 + 40 + 50) / 5);
    expect(latency.p50).toBe(30);
    expect(latency.p90).toBeCloseTo(40 + 0.6 * (50 - 40), 12);
    expect(latency.p95).toBeCloseTo(40 + 0.8 * (50 - 40), 12);
    expect(latency.p99).toBeCloseTo(40 + 0.96 * (50 - 40), 12);
    expect(latency.max).toBe(50);
    expect(latency.queries).toBe(5);
    // en: q1 30, q2 10, q4 40 → sorted 10 30 40; p90 at h = 1.8: 30 + 0.8 · 10.
    expect(latency.bySlice['en']).toEqual({ mean: 80 / 3, p50: 30, p90: 30 + 0.8 * 10, p95: 30 + 0.9 * 10, p99: expect.closeTo(30 + 0.98 * 10, 12), max: 40, queries: 3 });
    expect(latency.bySlice['numeric']).toEqual({ mean: 10, p50: 10, p90: 10, p95: 10, p99: 10, max: 10, queries: 1 });
  });

  describe('an in-process retriever: the time its answer waited behind the other calls, and its own', () => {
    // Each call's work moves a hand-driven clock: q1 takes 1 ms, q2 2 ms, … q5 5 ms.
    const work: Record<string, number> = { q1: 1, q2: 2, q3: 3, q4: 4, q5: 5 };
    const timed = async (concurrency: number, retrieve: (qid: string, clock: { ms: number }) => Promise<string[]>) => {
      const clock = { ms: 0 };
      const { latency } = await evaluateRetriever((_, qid) => retrieve(qid, clock), golden, { measures, now: () => clock.ms, concurrency });
      return { concurrency: latency.concurrency, time: { ...latency.perQuery }, waited: { ...latency.waited }, own: { ...latency.own.perQuery }, ownP50: latency.own.p50 };
    };
    // Its work before its first await runs while retrieve is called.
    const synchronous = async (qid: string, clock: { ms: number }) => {
      clock.ms += work[qid]!;
      return rankings[qid]!;
    };

    it('at concurrency 4, each answer is taken once the calls launched with it have run: their part is waited, the rest is its own', async () => {
      // q1..q4 launched at 0, 1, 3, 6 ms, all answered at 10 ms (when q4's work ends); q5 launched then, answered at 15.
      expect(await timed(4, synchronous)).toEqual({
        concurrency: 4,
        time: { q1: 10, q2: 9, q3: 7, q4: 4, q5: 5 },
        waited: { q1: 2 + 3 + 4, q2: 3 + 4, q3: 4, q4: 0, q5: 0 },
        own: work,
        ownP50: 3,
      });
    });

    it('at concurrency 1, nothing waits: the time is the call\'s own', async () => {
      expect(await timed(1, synchronous)).toEqual({ concurrency: 1, time: work, waited: { q1: 0, q2: 0, q3: 0, q4: 0, q5: 0 }, own: work, ownP50: 3 });
    });

    it('does not see work after an await (a lower bound of the wait): concurrency 1 times it alone', async () => {
      const afterAwait = async (qid: string, clock: { ms: number }) => {
        await null;
        clock.ms += work[qid]!;
        return rankings[qid]!;
      };
      // q1..q4 all launched at 0 and answered at 10 ms; q5 launched then, answered at 15.
      const at4 = await timed(4, afterAwait);
      expect(at4.time).toEqual({ q1: 10, q2: 10, q3: 10, q4: 10, q5: 5 });
      expect(at4.own).toEqual(at4.time);
      expect((await timed(1, afterAwait)).own).toEqual(work);
    });
  });

  it.each([1, 2, 3, 8])('never has more than concurrency %i calls in flight, and uses them all', async (concurrency) => {
    const { retrieve, mostInFlight } = stub();
    await settled(evaluateRetriever(retrieve, golden, { measures, now, concurrency }));
    expect(mostInFlight()).toBe(Math.min(concurrency, 5));
  });

  it('records throws, rejections and timeouts as failures that score 0, timing them (a timeout as the time waited)', async () => {
    const { retrieve, signals } = stub((qid) => (qid === 'q2' ? 'throw' : qid === 'q4' ? 'reject' : qid === 'q5' ? 'hang' : 'answer'));
    const result = await settled(evaluateRetriever(retrieve, golden, { measures, now, timeoutMs: 45 }));
    expect(result.failures).toEqual([
      { queryId: 'q2', message: 'index down for q2' },
      { queryId: 'q4', message: 'no answer for q4' },
      { queryId: 'q5', message: 'evaluateRetriever: retrieve did not answer query "q5" within 45 ms' },
    ]);
    for (const qid of ['q2', 'q4', 'q5']) expect(Object.values(result.perQuery[qid]!)).toEqual([0, 0, 0]);
    // Scored as an empty ranking, not 0 everywhere: an empty ranking misses every relevant document.
    const withMiss = await settled(evaluateRetriever(stub((qid) => (qid === 'q2' ? 'throw' : 'answer')).retrieve, golden, { measures: ['miss@2', 'recall@2'], now }));
    expect(withMiss.perQuery['q2']).toEqual({ 'miss@2': 1, 'recall@2': 0 });
    expect([...result.run.keys()]).toEqual(['q1', 'q3']);
    expect(result.unansweredQueries).toEqual(['q2', 'q4', 'q5']);
    expect(result.queries).toBe(5);
    const { run, failures, latency, warnings, ...scores } = result;
    const { warnings: runWarnings, ...runScores } = evaluateRun(run, qrels, { measures, slices: tags });
    expect(scores).toEqual(runScores);
    // The failed calls are said with their reasons, in place of evaluateRun's unanswered queries.
    expect(runWarnings.map((warning) => warning.code)).toEqual(['unanswered_queries', 'unjudged_documents', 'cutoff_beyond_run']);
    // Within mrr@10's top 10, the deepest cutoff, of the two answers: q1's x (1 of 2) and q3's y and z (2 of 2).
    expect(runWarnings[1]).toMatchObject({ unjudged: 1 + 2, retrieved: 2 + 2, share: 3 / 4, depth: 10, worst: [{ query: 'q3', unjudged: 2 }, { query: 'q1', unjudged: 1 }] });
    expect(warnings).toEqual([
      {
        code: 'failed_queries',
        message:
          '3 calls of the retriever failed and their queries score 0 (see `failures`): q2 (index down for q2), q4 (no answer for q4), q5 (evaluateRetriever: retrieve did not answer query "q5" within 45 ms)',
        queries: ['q2', 'q4', 'q5'],
        count: 3,
      },
      runWarnings[1],
      runWarnings[2],
    ]);
    expect({ ...latency.perQuery }).toEqual({ q1: 30, q2: 0, q3: 20, q4: 40, q5: 45 });
    // The timed-out call's signal is aborted, with the timeout as its reason.
    expect(signals[4]!.aborted).toBe(true);
    expect((signals[4]!.reason as { code?: string }).code).toBe('retrieval_timeout');
    expect(signals[0]!.aborted).toBe(false);
  });

  it("quotes each failure's first line in the warning, cut to 80 characters", async () => {
    const long = `${'x'.repeat(100)}\nat retrieve (file.ts:1:1)`;
    const result = await evaluateRetriever(() => {
      throw new Error(long);
    }, golden, { measures, checks: 'off' });
    const [warning] = result.warnings;
    expect(warning).toMatchObject({ code: 'failed_queries', count: 5, queries: ['q1', 'q2', 'q3', 'q4', 'q5'] });
    expect(warning!.message).toBe(`5 calls of the retriever failed and their queries score 0 (see \`failures\`): ${['q1', 'q2', 'q3', 'q4', 'q5'].map((qid) => `${qid} (${'x'.repeat(79)}…)`).join(', ')}`);
    expect(result.failures[0]!.message).toBe(long);
  });

  it('with failOnError, rejects with the first failure as retrieval_failed, the retriever\'s error as its cause', async () => {
    const { retrieve, calls } = stub((qid) => (qid === 'q2' ? 'reject' : 'answer'));
    const error = await settled(evaluateRetriever(retrieve, golden, { measures, now, concurrency: 1, failOnError: true })).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'RankevalError', code: 'retrieval_failed', message: 'evaluateRetriever: retrieve rejected with Error: no answer for q2 for query "q2"' });
    expect((error as Error).cause).toEqual(new Error('no answer for q2'));
    expect(error).toMatchObject({ subject: { kind: 'argument', argument: 'retrieve' }, at: { query: 'q2' }, facts: {} });
    expect(calls).toEqual(['q1', 'q2']);
  });

  it('with failOnError, a timeout rejects with retrieval_timeout', async () => {
    const { retrieve } = stub((qid) => (qid === 'q3' ? 'hang' : 'answer'));
    const error = await settled(evaluateRetriever(retrieve, golden, { measures, now, failOnError: true, timeoutMs: 100 })).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'RankevalError', code: 'retrieval_timeout', subject: { kind: 'option', option: 'timeoutMs' }, at: { query: 'q3' }, facts: { limit: 100 } });
  });

  it('reports progress after each call', async () => {
    const progress: RetrieverProgress[] = [];
    const { retrieve } = stub((qid) => (qid === 'q3' ? 'reject' : 'answer'));
    await settled(evaluateRetriever(retrieve, golden, { measures, now, concurrency: 5, onProgress: (step) => progress.push(step) }));
    // Calls end in the order of their delays: q2 (10), q3 (20, failed), q1 (30), q4 (40), q5 (50).
    expect(progress).toEqual([1, 2, 3, 4, 5].map((done) => ({ done, total: 5, failed: done >= 2 ? 1 : 0 })));
  });

  it('stops launching calls when aborted, aborts those in flight and rejects with aborted', async () => {
    const { retrieve, calls, signals } = stub();
    const controller = new AbortController();
    const promise = evaluateRetriever(retrieve, golden, { measures, now, concurrency: 2, signal: controller.signal, timeoutMs: 1000 });
    promise.catch(() => undefined);
    // q2 ends at 10 ms, q3 starts in its place; at 15 ms q1 and q3 are in flight.
    await vi.advanceTimersByTimeAsync(15);
    expect(vi.getTimerCount()).toBe(4); // the stub's two and their two timeouts
    controller.abort();
    const error = await promise.catch((thrown: unknown) => thrown);
    expect(vi.getTimerCount()).toBe(2); // the stub's own: no timeout is left to keep the process alive
    expect(error).toMatchObject({ name: 'RankevalError', code: 'aborted', message: 'evaluateRetriever: aborted after 1 of 5 calls ended' });
    expect(error).toMatchObject({ subject: { kind: 'option', option: 'signal' }, facts: { count: 1 } });
    await vi.runAllTimersAsync();
    expect(calls).toEqual(['q1', 'q2', 'q3']);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false, true]);
  });

  it.each([
    ['a string', () => 'x', /^evaluateRetriever: expected `now\(\)` to be a finite number of milliseconds, got `"x"` \(string\)$/],
    ['NaN', () => Number.NaN, /`now\(\)` to be a finite number of milliseconds, got `NaN` \(number\)/],
    ['a time going back', ((times) => () => times.shift() ?? 0)([10, 5]), /`now\(\)` to be a time not before 10, .* got `5` \(number\)/],
  ])('rejects a clock that returns %s (invalid_option naming the value), never a NaN latency', async (_, clock, message) => {
    await expect(evaluateRetriever(() => ['a'], golden, { measures, now: clock as () => number })).rejects.toMatchObject({ code: 'invalid_option', message: expect.stringMatching(message) });
  });

  it('rejects a clock going back when retrieve throws, read as it threw', async () => {
    const readings = [10, 5];
    const thrower = () => {
      throw new Error('index down');
    };
    await expect(evaluateRetriever(thrower, golden, { measures, now: () => readings.shift() ?? 0 })).rejects.toMatchObject({ code: 'invalid_option', message: expect.stringMatching(/`now\(\)` to be a time not before 10, .* got `5` \(number\)/) });
  });

  it('rejects, never hangs, when the clock throws where the call ends: in the timeout, or in a promise callback', async () => {
    // A call reads the clock when it starts, when retrieve returns, and when it ends: the third read throws.
    const broken = (): (() => number) => {
      let reads = 0;
      return () => {
        if (reads++ > 1) throw new Error('clock broke');
        return 0;
      };
    };
    const timedOut = evaluateRetriever(stub(() => 'hang').retrieve, { qrels: { q1: qrels.q1 }, questions }, { measures, now: broken(), timeoutMs: 10 });
    const expected = { name: 'RankevalError', code: 'invalid_option', message: 'evaluateRetriever: `now` threw (clock broke): give a clock that returns milliseconds' };
    await expect(settled(timedOut)).rejects.toMatchObject(expected);
    const answered = evaluateRetriever(stub().retrieve, { qrels: { q1: qrels.q1 }, questions }, { measures, now: broken() });
    await expect(settled(answered)).rejects.toMatchObject(expected);
    // The fifth read (q2 ends, at 10 ms) is NaN: q1, still in flight, is aborted and q3 never launched.
    const { retrieve, calls, signals } = stub();
    let reads = 0;
    const first = evaluateRetriever(retrieve, golden, { measures, concurrency: 2, now: () => (reads++ === 4 ? Number.NaN : 0) });
    await expect(settled(first)).rejects.toMatchObject({ code: 'invalid_option' });
    expect(calls).toEqual(['q1', 'q2']);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it('rejects at once, calling nothing, with a signal already aborted', async () => {
    const { retrieve, calls } = stub();
    await expect(evaluateRetriever(retrieve, golden, { measures, signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'aborted' });
    expect(calls).toEqual([]);
  });
});

describe('evaluateRetriever: what the retriever returns', () => {
  const one = { qrels: { q1: { d1: 1, d2: 1 } }, questions: { q1: 'How long does charging take?' } };

  it('reads LangChain.js-shaped documents through `id` (their order is the ranking)', async () => {
    const documents = [
      { pageContent: 'Charging takes four hours.', metadata: { id: 'd2', source: 'manual.pdf' } },
      { pageContent: 'Unrelated.', metadata: { id: 'd9' } },
      { pageContent: 'Use the supplied charger.', metadata: { id: 'd1' } },
    ];
    const result = await evaluateRetriever(async () => documents, one, { measures: ['P@3', 'mrr@10'], id: (doc) => doc.metadata.id });
    expect(result.run.get('q1')).toEqual(['d2', 'd9', 'd1']);
    expect(result.mean).toEqual({ 'P@3': 2 / 3, 'mrr@10': 1 });
  });

  it('reads LlamaIndex.TS-shaped NodeWithScore through `id` and `score` (ordered by score)', async () => {
    const nodes = [
      { node: { id_: 'd9', text: 'Unrelated.' }, score: 0.9 },
      { node: { id_: 'd1', text: 'Use the supplied charger.' }, score: 0.4 },
      { node: { id_: 'd2', text: 'Charging takes four hours.' }, score: 0.95 },
    ];
    const result = await evaluateRetriever(() => nodes, one, { measures: ['mrr@10', 'recall@2'], id: (n) => n.node.id_, score: (n) => n.score });
    expect(result.run.get('q1')).toEqual([
      { id: 'd9', score: 0.9 },
      { id: 'd1', score: 0.4 },
      { id: 'd2', score: 0.95 },
    ]);
    // By score: d2, d9, d1.
    expect(result.mean).toEqual({ 'mrr@10': 1, 'recall@2': 1 / 2 });
  });

  it('takes {id, score} objects without accessors', async () => {
    const result = await evaluateRetriever(() => [{ id: 'd1', score: 1 }, { id: 'd2', score: 3 }], one, { measures: ['mrr@1'] });
    expect(result.mean['mrr@1']).toBe(1);
  });

  it('refuses documents without an `id` accessor, naming the query and the value', async () => {
    const error = await evaluateRetriever(() => [{ pageContent: 'x', metadata: { id: 'd1' } }], one, { measures: ['P@1'] }).catch((thrown: unknown) => thrown);
    expect(isRankevalError(error) && error.code).toBe('invalid_ranking');
    expect((error as Error).message).toBe(
      'evaluateRetriever: entry 1 of the ranking retrieve returned for query "q1" is {"pageContent":"x","metadata":{"id":"d1"}}, not an id or an {id, score} with a finite score: give `options.id` (and `options.score`) to read your documents, e.g. LangChain.js (d) => d.metadata.id, LlamaIndex.TS (n) => n.node.id_',
    );
  });

  it.each([
    [{ id: (doc: { n: number }) => doc.n as unknown as string }, [{ n: 1 }], /`options.id` of entry 1 of the ranking retrieve returned for query "q1" to be a non-empty string, got `1` \(number\)/],
    [{ id: () => 'd1', score: () => Number.NaN }, [{}], /`options.score` of entry 1 .* to be a finite number, got `NaN`/],
    [{}, 'd1', /the ranking retrieve returned for query "q1" to be an array of ids/],
    [{}, ['d1', 2], /entry 2 of the ranking .* to be a non-empty string id, like the first entry, got `2`/],
    // Ids and objects mixed: the entry is named as JSON (never `[object Object]`).
    [{}, ['d1', { id: 'd2', score: 1 }], /^evaluateRetriever: entry 2 of the ranking retrieve returned for query "q1" is \{"id":"d2","score":1\} but the first is an id: a ranking is all ids or all \{id, score\} objects, not both$/],
    [{}, [{ id: 'd2', score: 1 }, 'd1'], /entry 2 of the ranking .* is "d1" but the first is an \{id, score\} object: a ranking is all ids or all/],
    [{}, ['d1', 'd1'], /^evaluateRetriever: duplicate document id `"d1"` \(string\) in run\["q1"\] at ranks 1 and 2$/],
  ])('refuses a bad ranking (%#)', async (accessors, returned, message) => {
    await expect(evaluateRetriever(() => returned as never, one, { measures: ['P@1'], ...(accessors as object) })).rejects.toMatchObject({ code: 'invalid_ranking', message: expect.stringMatching(message) });
  });

  it('names the key meant for an {id, score} whose key is a slip, before the accessors', async () => {
    const error = await evaluateRetriever(() => [{ doc_id: 'd1', score: 0.9 }], one, { measures: ['P@1'] }).catch((thrown: unknown) => thrown);
    expect((error as Error).message).toBe(
      'evaluateRetriever: entry 1 of the ranking retrieve returned for query "q1" is {"doc_id":"d1","score":0.9}, not an id or an {id, score} with a finite score: did you mean `id` for "doc_id"? Or give `options.id` (and `options.score`) to read your documents, e.g. LangChain.js (d) => d.metadata.id, LlamaIndex.TS (n) => n.node.id_',
    );
  });

  it('tells numeric ids, bare, in {id, score} objects or read by `options.id`, that ids are strings', async () => {
    const message = async (returned: unknown, accessors: object = {}): Promise<string> =>
      ((await evaluateRetriever(() => returned as never, one, { measures: ['P@1'], ...accessors }).catch((thrown: unknown) => thrown)) as Error).message;
    expect(await message([1, 2])).toBe(
      'evaluateRetriever: expected entry 1 of the ranking retrieve returned for query "q1" to be a string id or an {id, score} object, got `1` (number); ids are strings: use `String(id)`',
    );
    expect(await message([{ id: 'd1', score: 2 }, 2])).toBe(
      'evaluateRetriever: expected entry 2 of the ranking retrieve returned for query "q1" to be an {id, score} object, like the first entry, got `2` (number); ids are strings: use `String(id)`',
    );
    expect(await message([{ id: 1, score: 0.9 }])).toBe(
      'evaluateRetriever: expected the id of entry 1 of the ranking retrieve returned for query "q1" to be a non-empty string, got `1` (number); ids are strings: use `String(id)`',
    );
    expect(await message([{ n: 1 }], { id: (doc: { n: number }) => doc.n })).toBe(
      'evaluateRetriever: expected `options.id` of entry 1 of the ranking retrieve returned for query "q1" to be a non-empty string, got `1` (number); ids are strings: use `String(id)`',
    );
  });

  it("an entry's errors are about what retrieve returned, at its query, the entry's index a fact", async () => {
    const failure = async (returned: unknown): Promise<unknown> => evaluateRetriever(() => returned as never, one, { measures: ['P@1'] }).catch((thrown: unknown) => thrown);
    expect(await failure(['d1', { id: 'd2', score: 1 }])).toMatchObject({ subject: { kind: 'argument', argument: 'retrieve' }, at: { query: 'q1' }, facts: { index: 1 } });
    expect(await failure([{ doc_id: 'd1', score: 1 }])).toMatchObject({ facts: { index: 0, suggestions: ['id'] } });
  });

  it('refuses a judged query without a question before any call', async () => {
    const retrieve = vi.fn(() => []);
    const error = await evaluateRetriever(retrieve, { qrels: { q1: { a: 1 }, q2: { b: 1 }, q3: { c: 1 } }, questions: new Map([['q1', 'asked'], ['q3', ' ']]) }, { measures: ['P@1'] }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'missing_question', received: ['q2', 'q3'] });
    expect((error as Error).message).toMatch(/^evaluateRetriever: 2 judged queries have no question to ask in `goldenSet.questions` \("q2", "q3"\)/);
    expect(retrieve).not.toHaveBeenCalled();
  });

  it('takes what readGoldenSet returns, asks the judged queries only, in query-id order', async () => {
    const read = parseGoldenSet(
      '{"query_id": "b", "query": "second", "relevant": ["d1"], "tags": ["x"]}\n{"query_id": "a", "query": "first", "relevant": {"d2": 1}}\n',
    );
    const asked: string[] = [];
    const result = await evaluateRetriever((text, qid) => (asked.push(`${qid}:${text}`), ['d1']), read, { measures: ['P@1'], concurrency: 1 });
    expect(asked).toEqual(['a:first', 'b:second']);
    expect(result.perQuery).toEqual({ a: { 'P@1': 0 }, b: { 'P@1': 1 } });
    expect(Object.keys(result.bySlice)).toEqual(['x']);
  });

  it("scores a golden set's aspects and document lengths (JSONL \"aspects\", \"tokens\") with the aspect and budget measures", async () => {
    const read = parseGoldenSet(
      '{"query_id": "q1", "query": "discount and coupon?", "aspects": {"discount": ["c1"], "coupon": ["c7"]}, "tokens": {"c1": 300, "c7": 200, "c2": 100}}\n',
    );
    const result = await evaluateRetriever(() => ['c2', 'c1', 'c7'], read, { measures: ['aspect_recall@2', 'all_aspects@3', 'recall@budget=450', 'tokens@3'] });
    // c2 (100) + c1 (300) = 400 ≤ 450 < 400 + 200: the window holds c2 and c1, one of the two relevant.
    expect(result.perQuery['q1']).toEqual({ 'aspect_recall@2': 1 / 2, 'all_aspects@3': 1, 'recall@budget=450': 1 / 2, 'tokens@3': 100 + 300 + 200 });
  });

  it("passes evaluateRun's options through, and the caller's slices before the golden set's tags", async () => {
    const withEmpty = { qrels: { ...qrels, q6: { zz: 0 } }, questions: { ...questions, q6: 'six?' }, tags };
    const result = await evaluateRetriever((_, qid) => rankings[qid] ?? [], withEmpty, { measures: ['P@1'], noRelevant: 'skip', slices: { q1: 'mine' } });
    expect(result.queries).toBe(5);
    expect(result.noRelevantQueries).toEqual(['q6']);
    expect(Object.keys(result.bySlice)).toEqual(['mine']);
    expect(Object.keys(result.latency.bySlice)).toEqual(['mine']);
  });

  it("with noRelevant 'skip', does not ask the questions never scored: the latency is over the queries scored", async () => {
    // q6 has no relevant document (and no question: it is not needed); q7's only grade is below the threshold of 2.
    const withEmpty = { qrels: { ...qrels, q6: { zz: 0 }, q7: { a: 1 } }, questions: { ...questions, q7: 'seven?' } };
    const asked: string[] = [];
    const options = { measures: ['P@1'], noRelevant: 'skip' as const, relevanceThreshold: 1 };
    const result = await evaluateRetriever((_, qid) => (asked.push(qid), rankings[qid] ?? ['a']), withEmpty, options);
    expect(asked).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q7']);
    expect(result.queries).toBe(6);
    expect(Object.keys(result.latency.perQuery)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q7']);
    expect(result.latency.queries).toBe(6);
    expect(result.noRelevantQueries).toEqual(['q6']);
    const { run, failures, latency, ...scores } = result;
    expect(scores).toEqual(evaluateRun(run, withEmpty.qrels, options));
    // The threshold decides what is relevant: at 2, only q2 (b: 2) has a relevant document.
    asked.length = 0;
    const strict = await evaluateRetriever((_, qid) => (asked.push(qid), rankings[qid] ?? []), withEmpty, { ...options, relevanceThreshold: 2 });
    expect(asked).toEqual(['q2']);
    expect(strict.latency.queries).toBe(1);
    // Without 'skip', every judged query is asked, q6 too: it needs a question.
    await expect(evaluateRetriever(() => [], withEmpty, { measures: ['P@1'] })).rejects.toMatchObject({ code: 'missing_question', received: ['q6'] });
  });

  it('times calls with performance.now by default (real timers: only that the figures are times)', async () => {
    const result = await evaluateRetriever((_, qid) => rankings[qid]!, golden, { measures: ['P@1'] });
    for (const time of Object.values(result.latency.perQuery)) expect(time).toBeGreaterThanOrEqual(0);
    expect(result.latency.max).toBeGreaterThanOrEqual(result.latency.p50);
  });

  it.each([
    [{ concurrency: 0 }, 'invalid_option', /`concurrency` to be a positive integer, got `0`/],
    [{ concurrency: 1.5 }, 'invalid_option', /`concurrency`/],
    [{ timeoutMs: -1 }, 'invalid_option', /`timeoutMs`/],
    [{ signal: {} }, 'invalid_option', /`signal` to be an AbortSignal/],
    [{ score: () => 1 }, 'invalid_option', /`score` to be given with `id`/],
    [{ measure: ['P@1'] }, 'invalid_option', /^evaluateRetriever: expected every option to be one of/],
    // The options listed are evaluateRun's and the retriever's own.
    [{ concurency: 2 }, 'invalid_option', /one of `measures`, .*`ties`, `concurrency`, `timeoutMs`, `signal`, `onProgress`, `failOnError`, `id`, `score`, `now`, got `"concurency"`/],
    [{ measures: ['P@0'] }, 'invalid_cutoff', /measure `P@0`/],
  ])('refuses bad options before any call (%j)', async (options, code, message) => {
    const retrieve = vi.fn(() => []);
    await expect(evaluateRetriever(retrieve, golden, { measures: ['P@1'], ...(options as object) } as never)).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
    expect(retrieve).not.toHaveBeenCalled();
  });
});

describe('percentile', () => {
  it('interpolates linearly between the closest ranks (numpy.percentile default)', () => {
    // numpy.percentile([10, 20, 30, 40], [0, 25, 50, 90, 100]) → 10, 17.5, 25, 37, 40
    expect([0, 25, 50, 90, 100].map((p) => percentile([10, 20, 30, 40], p))).toEqual([10, 10 + 0.75 * 10, 25, 30 + 0.7 * 10, 40]);
    expect(percentile([7], 99)).toBe(7);
  });
});

describe('properties', () => {
  const sortedTimes = fc.array(fc.double({ min: 0, max: 1e4, noNaN: true }), { minLength: 1, maxLength: 30 }).map((times) => times.sort((a, b) => a - b));

  test.prop([sortedTimes, fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true })])(
    'a percentile lies between the least and the greatest time, and does not fall as p rises',
    (times, p, q) => {
      const [low, high] = p <= q ? [p, q] : [q, p];
      expect(percentile(times, low)).toBeGreaterThanOrEqual(times[0]!);
      expect(percentile(times, high)).toBeLessThanOrEqual(times.at(-1)!);
      expect(percentile(times, low)).toBeLessThanOrEqual(percentile(times, high));
    },
  );

  test.prop([runAndQrels, fc.uniqueArray(fc.constantFrom<string>('q1', 'q2', 'q3', 'q4', 'q5'))], { numRuns: 60 })(
    'the scores are evaluateRun’s on the run collected, and every failed query scores 0',
    async ({ run, qrels: judged }, failing) => {
      const questions = Object.fromEntries(Object.keys(judged).map((qid) => [qid, `question ${qid}`]));
      const result = await evaluateRetriever(
        (_, qid) => {
          if (failing.includes(qid)) throw new Error('down');
          return run[qid] ?? [];
        },
        { qrels: judged, questions },
        { measures: ['ndcg@5', 'recall@3', 'mrr@10'], checks: 'off' },
      );
      const { run: collected, failures, latency, warnings, ...scores } = result;
      const { warnings: runWarnings, ...runScores } = evaluateRun(collected, judged, { measures: ['ndcg@5', 'recall@3', 'mrr@10'], checks: 'off' });
      expect(scores).toStrictEqual(runScores);
      // The failed calls in place of the unanswered queries, the other warnings as they are.
      expect(warnings.filter((warning) => warning.code !== 'failed_queries')).toStrictEqual(runWarnings.filter((warning) => warning.code !== 'unanswered_queries'));
      expect(warnings.find((warning) => warning.code === 'failed_queries')?.count ?? 0).toBe(failures.length);
      expect(failures.map((failure) => failure.queryId)).toEqual(Object.keys(judged).filter((qid) => failing.includes(qid)).sort());
      for (const { queryId } of failures) expect(Object.values(result.perQuery[queryId] ?? {}).every((value) => value === 0)).toBe(true);
      expect(Object.keys(latency.perQuery).sort()).toEqual(Object.keys(judged).sort());
    },
  );
});
