import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { parseJudgments } from '../../src/formats/judgments.js';
import { judge } from '../../src/judging/judge.js';
import type { JudgeFunction, JudgeRequest } from '../../src/judging/judge-settings.js';

const dir = mkdtempSync(join(tmpdir(), 'rankeval-judge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let stores = 0;
const freshStore = (): string => join(dir, `store-${stores++}.jsonl`);
const linesOf = (store: string) => parseJudgments(readFileSync(store)).judgments.map(({ query_id, doc_id, grade, judge: who }) => `${who} ${query_id} ${doc_id} ${grade}`);

const pool = { q1: ['d1', 'd2', 'd3'], q2: ['d4', 'd1'] };
// A grade for each pair that any run gives alike.
const gradeOf = (queryId: string, docId: string): number => (Number(queryId.slice(1)) + Number(docId.slice(1))) % 4;
const steady: JudgeFunction = async ({ queryId, docId }) => ({ grade: gradeOf(queryId, docId), usage: { prompt_tokens: 100, completion_tokens: 5 } });
const fast = { retryDelayMs: 0 };

describe('judge', () => {
  it('judges every pair of the pool into the store, and returns the qrels and the summed usage', async () => {
    const store = freshStore();
    const result = await judge(pool, steady, { store, judge: 'llm', ...fast });
    expect(result).toMatchObject({ judged: 5, failures: [], usage: { prompt_tokens: 500, completion_tokens: 25 }, aborted: false, tornLine: undefined });
    expect([...result.qrels].map(([qid, docs]) => [qid, [...docs]])).toEqual([['q1', [['d1', 2], ['d2', 3], ['d3', 0]]], ['q2', [['d4', 2], ['d1', 3]]]]);
    expect(linesOf(store).sort()).toEqual(['llm q1 d1 2', 'llm q1 d2 3', 'llm q1 d3 0', 'llm q2 d1 3', 'llm q2 d4 2']);
    const line = parseJudgments(readFileSync(store)).judgments[0]!;
    expect(Object.keys(line)).toEqual(['query_id', 'doc_id', 'grade', 'judge', 'usage', 'at']);
    expect(Date.parse(line.at)).toBeGreaterThan(0);
  });

  it('asks only what the store lacks for this judge: a second call judges nothing, another judge everything', async () => {
    const store = freshStore();
    await judge({ q1: ['d1'] }, steady, { store, judge: 'llm', ...fast });
    const asked: string[] = [];
    const counting: JudgeFunction = (request) => (asked.push(`${request.queryId} ${request.docId}`), steady(request));
    const again = await judge(pool, counting, { store, judge: 'llm', ...fast });
    expect(asked).toEqual(['q1 d2', 'q1 d3', 'q2 d4', 'q2 d1']);
    expect(again.judged).toBe(4);
    expect(again.qrels.get('q1')!.get('d1')).toBe(2); // judged before, still in the qrels
    expect((await judge(pool, counting, { store, judge: 'llm', ...fast })).judged).toBe(0);
    expect((await judge(pool, steady, { store, judge: 'alice', ...fast })).judged).toBe(5);
    expect(linesOf(store)).toHaveLength(10);
  });

  it('hands the judge the texts of the query and document, and a signal', async () => {
    const requests: JudgeRequest[] = [];
    await judge({ q1: ['d1', 'd2'] }, (request) => (requests.push(request), 1), { store: freshStore(), judge: 'llm', queries: { q1: 'boiled eggs' }, corpus: new Map([['d1', 'Boil for 7 minutes.']]), concurrency: 1 });
    expect(requests.map(({ signal, ...request }) => ({ ...request, signal: signal instanceof AbortSignal }))).toEqual([
      { queryId: 'q1', docId: 'd1', query: 'boiled eggs', text: 'Boil for 7 minutes.', signal: true },
      { queryId: 'q1', docId: 'd2', query: 'boiled eggs', signal: true },
    ]);
  });

  it('retries a failure, and reports a pair that fails every attempt without writing it', async () => {
    const store = freshStore();
    const calls = new Map<string, number>();
    const flaky: JudgeFunction = ({ queryId, docId }) => {
      const call = (calls.get(`${queryId} ${docId}`) ?? 0) + 1;
      calls.set(`${queryId} ${docId}`, call);
      if (queryId === 'q1' && docId === 'd1' && call < 3) throw new Error('rate limited'); // answers at the last retry
      if (docId === 'd2') return Promise.reject(new Error('server error'));
      if (docId === 'd3') return 'Grade: banana' as never;
      if (docId === 'd4') return new Promise(() => {}); // never answers
      return gradeOf(queryId, docId);
    };
    const result = await judge(pool, flaky, { store, judge: 'llm', retries: 2, retryDelayMs: 0, timeoutMs: 5 });
    expect(result.failures.map(({ cause, ...failure }) => failure)).toEqual([
      { queryId: 'q1', docId: 'd2', attempts: 3, reason: 'threw', message: 'the judge threw Error: server error' },
      { queryId: 'q1', docId: 'd3', attempts: 3, reason: 'invalid_answer', message: 'the judge answered `"Grade: banana"` (string), not a grade (a whole number from 0 to 3) or { grade, rationale?, usage? }' },
      { queryId: 'q2', docId: 'd4', attempts: 3, reason: 'timeout', message: 'no answer within 5 ms' },
    ].sort((a, b) => a.docId.localeCompare(b.docId)));
    expect(calls.get('q1 d1')).toBe(3);
    expect(linesOf(store).sort()).toEqual(['llm q1 d1 2', 'llm q2 d1 3']);
    expect(result.judged).toBe(2);
    expect(result.usage).toEqual({});
  });

  it.each([
    ['a grade off the scale', 4],
    ['a fraction', 1.5],
    ['NaN', Number.NaN],
    ['a rationale that is not text', { grade: 1, rationale: 3 }],
    ['a negative token count', { grade: 1, usage: { tokens: -1 } }],
    ['null', null],
    ['an object whose grade cannot be read', { get grade(): number { throw new Error('no'); } }],
  ])('takes %s for a failure, not a grade', async (_, answer) => {
    const result = await judge({ q1: ['d1'] }, () => answer as never, { store: freshStore(), judge: 'llm', retries: 0 });
    expect(result.failures.map((failure) => failure.reason)).toEqual(['invalid_answer']);
    expect(result.judged).toBe(0);
  });

  it('keeps a rationale, and reads grades on the scale given', async () => {
    const store = freshStore();
    await judge({ q1: ['d1'] }, () => ({ grade: 1, rationale: 'names the dose' }), { store, judge: 'llm', scale: ['no', 'yes'] });
    expect(parseJudgments(readFileSync(store)).judgments[0]).toMatchObject({ grade: 1, rationale: 'names the dose' });
    const binary = await judge({ q1: ['d2'] }, () => 2, { store, judge: 'llm', scale: ['no', 'yes'], retries: 0 });
    expect(binary.failures[0]!.message).toContain('a whole number from 0 to 1');
  });

  it('stops when the signal aborts: nothing asked after, calls in flight dropped, the store whole', async () => {
    const store = freshStore();
    const controller = new AbortController();
    let answered = 0;
    const result = await judge(
      { q1: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'] },
      ({ docId }) => {
        if (++answered === 3) {
          controller.abort();
          return new Promise(() => {}); // in flight when the signal aborts: dropped
        }
        return Number(docId.slice(1)) % 4;
      },
      { store, judge: 'llm', concurrency: 1, signal: controller.signal },
    );
    expect(result).toMatchObject({ judged: 2, aborted: true, failures: [] });
    expect(linesOf(store)).toEqual(['llm q1 d1 1', 'llm q1 d2 2']);
  });

  it('stops during the wait before a retry', async () => {
    const controller = new AbortController();
    const result = await judge({ q1: ['d1'] }, () => (controller.abort(), Promise.reject(new Error('down'))), { store: freshStore(), judge: 'llm', retryDelayMs: 2 ** 30, signal: controller.signal });
    expect(result).toMatchObject({ judged: 0, aborted: true, failures: [] });
  });

  it('asks nothing when the signal has aborted already', async () => {
    const result = await judge(pool, () => {
      throw new Error('asked');
    }, { store: freshStore(), judge: 'llm', signal: AbortSignal.abort() });
    expect(result).toMatchObject({ judged: 0, aborted: true, failures: [] });
  });

  it('cuts a half-written last line off the store and judges its pair again', async () => {
    const store = freshStore();
    await judge({ q1: ['d1', 'd2'] }, steady, { store, judge: 'llm' });
    const whole = readFileSync(store, 'utf8');
    appendFileSync(store, '{"query_id":"q2","doc_id":"d4","gra');
    const result = await judge(pool, steady, { store, judge: 'llm' });
    expect(result.tornLine).toBe(3);
    expect(readFileSync(store, 'utf8').startsWith(whole)).toBe(true);
    expect(linesOf(store).sort()).toEqual(['llm q1 d1 2', 'llm q1 d2 3', 'llm q1 d3 0', 'llm q2 d1 3', 'llm q2 d4 2']);
  });

  it('refuses a store with a corrupt line before a half-written last line, naming its line, and leaves the file as it is', async () => {
    const store = freshStore();
    await judge({ q1: ['d1'] }, steady, { store, judge: 'llm' });
    appendFileSync(store, '{"query_id":"q1","do\n{"query_id":"q2","doc_id":"d4","gra');
    const before = readFileSync(store, 'utf8');
    await expect(judge(pool, steady, { store, judge: 'llm' })).rejects.toMatchObject({ code: 'parse_error', subject: { kind: 'file', file: store, line: 2 } });
    expect(readFileSync(store, 'utf8')).toBe(before);
  });

  it('refuses, and leaves as it is, a store whose last line, without its line end, is JSON but not a judgment', async () => {
    // Written whole (a leap second another tool wrote): cutting it off as a torn write would lose the grade.
    const store = freshStore();
    await judge({ q1: ['d1'] }, steady, { store, judge: 'llm' });
    appendFileSync(store, '{"query_id":"q1","doc_id":"d2","grade":1,"judge":"ann","at":"2016-12-31T23:59:60Z"}');
    const before = readFileSync(store, 'utf8');
    await expect(judge(pool, steady, { store, judge: 'llm' })).rejects.toMatchObject({ code: 'parse_error', subject: { kind: 'file', file: store, line: 2 } });
    expect(readFileSync(store, 'utf8')).toBe(before);
  });

  it('ends a whole last line that lost its line end before appending', async () => {
    const store = freshStore();
    await judge({ q1: ['d1'] }, steady, { store, judge: 'llm' });
    writeFileSync(store, readFileSync(store, 'utf8').trimEnd());
    await judge({ q1: ['d1', 'd2'] }, steady, { store, judge: 'llm' });
    expect(linesOf(store)).toEqual(['llm q1 d1 2', 'llm q1 d2 3']);
  });

  it('calls onProgress after each pair, and rejects with what it throws', async () => {
    const store = freshStore();
    await judge({ q1: ['d1'] }, steady, { store, judge: 'llm' });
    const seen: unknown[] = [];
    await judge({ q1: ['d1', 'd2', 'd3'] }, steady, { store, judge: 'llm', concurrency: 1, onProgress: (progress) => seen.push(progress) });
    expect(seen).toEqual([
      { done: 1, total: 2, failed: 0, before: 1 },
      { done: 2, total: 2, failed: 0, before: 1 },
    ]);
    const boom = new Error('progress bar broke');
    await expect(judge({ q1: ['d9'] }, steady, { store, judge: 'llm', onProgress: () => { throw boom; } })).rejects.toBe(boom);
  });

  it('refuses a store with a bad line that is not the last, naming it', async () => {
    const store = freshStore();
    writeFileSync(store, 'not json\n{}\n');
    await expect(judge(pool, steady, { store, judge: 'llm' })).rejects.toThrow(`${store}:1: invalid JSON`);
  });

  it('refuses bad options, pools and judges', async () => {
    const store = freshStore();
    await expect(judge(pool, steady, { store, judge: '' })).rejects.toThrow("judge: expected `judge` to be the judge's name, a non-empty string, got `\"\"` (string)");
    await expect(judge(pool, steady, { judge: 'llm' } as never)).rejects.toThrow("judge: expected `store` to be the judgments store's file name, got `undefined` (undefined)");
    await expect(judge(pool, steady, { store, judge: 'llm', concurrency: 0 })).rejects.toThrow('judge: expected `concurrency` to be a positive integer, got `0` (number)');
    await expect(judge(pool, steady, { store, judge: 'llm', retries: -1 })).rejects.toThrow('judge: expected `retries` to be an integer ≥ 0, got `-1` (number)');
    await expect(judge(pool, steady, { store, judge: 'llm', retryDelayMs: Number.NaN })).rejects.toThrow('judge: expected `retryDelayMs` to be a number of milliseconds from 0 to 2^31, got `NaN` (number)');
    await expect(judge(pool, steady, { store, judge: 'llm', timeoutMs: 0 })).rejects.toThrow('judge: expected `timeoutMs` to be a positive number of milliseconds below 2^31, got `0` (number)');
    await expect(judge(pool, steady, { store, judge: 'llm', signal: {} as AbortSignal })).rejects.toThrow('judge: expected `signal` to be an AbortSignal');
    await expect(judge(pool, steady, { store, judge: 'llm', onProgress: 1 as never })).rejects.toThrow('judge: expected `onProgress` to be a function');
    await expect(judge(pool, steady, { store, judge: 'llm', judges: 2 } as never)).rejects.toThrow('judge: expected every option to be one of `store`, `judge`');
    await expect(judge({ q1: 'd1' } as never, steady, { store, judge: 'llm' })).rejects.toThrow('judge: expected the documents of query "q1" in `pool` to be an array of document ids, got `"d1"` (string)');
    await expect(judge({ q1: [1] } as never, steady, { store, judge: 'llm' })).rejects.toThrow('judge: expected every id of the documents of query "q1" in `pool` to be a non-empty string, got `1` (number)');
    // A pool lists a document once per query, as pool() makes it and readPool reads it.
    await expect(judge({ q1: ['d1', 'd1'] }, steady, { store, judge: 'llm' })).rejects.toThrow('judge: expected the documents of query "q1" in `pool` to be each document once, got `"d1"` (string)');
    await expect(judge(pool, 'gpt' as never, { store, judge: 'llm' })).rejects.toThrow('judge: expected `judgeFn` to be a function, got `"gpt"` (string)');
  });
});
