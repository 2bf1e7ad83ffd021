import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { evaluateRetriever, evaluateRun, evaluateRunStream, parseRun, writeRun } from '../../src/index.js';
import { caught } from '../helpers/caught.js';
import { runAndQrels } from '../properties/arbitraries.js';

// Ids only for q1, scores (out of order, with a tie) for q2, nothing for q3.
const run = new Map<string, string[] | { id: string; score: number }[]>([
  ['q1', ['d3', 'd1', 'd2']],
  ['q2', [{ id: 'a', score: 0.5 }, { id: 'c', score: 2.25 }, { id: 'b', score: 0.5 }, { id: 'e', score: -1e-7 }]],
  ['q3', []],
]);
// As trec_eval orders q2: score descending, ties by id descending.
const ranked = { q1: ['d3', 'd1', 'd2'], q2: ['c', 'b', 'a', 'e'], q3: [] };

describe('writeRun', () => {
  it("writes TREC lines in the ranking's own order (rank = position) with the given scores, and n … 1 for a ranking of ids", () => {
    expect(writeRun(run, { format: 'trec', runName: 'bm25' })).toBe(
      ['q1 Q0 d3 1 3 bm25', 'q1 Q0 d1 2 2 bm25', 'q1 Q0 d2 3 1 bm25', 'q2 Q0 a 1 0.5 bm25', 'q2 Q0 c 2 2.25 bm25', 'q2 Q0 b 3 0.5 bm25', 'q2 Q0 e 4 -1e-7 bm25', ''].join('\n'),
    );
    expect(writeRun({ q1: ['x'] }, { format: 'trec' })).toBe('q1 Q0 x 1 1 rankeval\n');
  });

  it('writes JSONL as the run readers read it, latency as latency_ms', () => {
    expect(writeRun(run, { format: 'jsonl', latency: { q1: 12.5, q2: 0.25, q3: 3 } })).toBe(
      '{"query_id":"q1","results":["d3","d1","d2"],"latency_ms":12.5}\n' +
        '{"query_id":"q2","results":[{"id":"a","score":0.5},{"id":"c","score":2.25},{"id":"b","score":0.5},{"id":"e","score":-1e-7}],"latency_ms":0.25}\n' +
        '{"query_id":"q3","results":[],"latency_ms":3}\n',
    );
  });

  it.each(['jsonl', 'trec'] as const)('round trip through parseRun (%s): the same rankings, the same scores', (format) => {
    const read = parseRun(writeRun(run, { format }));
    expect(read.format).toBe(format);
    // TREC cannot hold a query without results.
    expect(Object.fromEntries(read.rankings)).toEqual(format === 'trec' ? { q1: ranked.q1, q2: ranked.q2 } : ranked);
    const measures = ['ndcg@3', 'mrr@10', 'P@2'];
    const qrels = { q1: { d1: 1 }, q2: { b: 2, e: 1 }, q3: { z: 1 } };
    expect(evaluateRun(read.rankings, qrels, { measures }).mean).toEqual(evaluateRun(run, qrels, { measures }).mean);
  });

  it.each([
    ['given', 1 / 2],
    ['trec', 1],
  ] as const)('a TREC run read back with ties %s scores as the ranking in memory (tied a, b; b relevant)', async (ties, rr) => {
    const tied = { q1: [{ id: 'a', score: 1 }, { id: 'b', score: 1 }] };
    const text = writeRun(tied, { format: 'trec' });
    expect(text).toBe('q1 Q0 a 1 1 rankeval\nq1 Q0 b 2 1 rankeval\n');
    // given: a then b, as the array; trec: ties by id descending, b then a.
    expect(evaluateRun(tied, { q1: { b: 1 } }, { measures: ['RR'], ties }).mean).toEqual({ RR: rr });
    expect((await evaluateRunStream(() => text, { q1: { b: 1 } }, { measures: ['RR'], ties, format: 'trec' })).mean).toEqual({ RR: rr });
  });

  it('round trip of the latency through JSONL; a timed query the run lacks (a failed call) is not written, its time neither', () => {
    const latency = new Map([['q0', 5000], ['q1', 12.345678], ['q2', 0]]);
    const text = writeRun(new Map([['q2', ['x']], ['q1', ['y']]]), { format: 'jsonl', latency });
    expect(text).toBe('{"query_id":"q2","results":["x"],"latency_ms":0}\n{"query_id":"q1","results":["y"],"latency_ms":12.345678}\n');
    const read = parseRun(text);
    expect(Object.fromEntries(read.latency)).toEqual({ q2: 0, q1: 12.345678 });
    expect(Object.fromEntries(read.rankings)).toEqual({ q2: ['x'], q1: ['y'] });
  });

  it.each(['jsonl', 'trec'] as const)("an evaluateRetriever result saved as %s reads back with its failed query unanswered, as in the result", async (format) => {
    const golden = { qrels: { q1: { a: 1 }, q2: { b: 1 } }, questions: { q1: 'one?', q2: 'two?' } };
    const result = await evaluateRetriever((_, qid) => {
      if (qid === 'q2') throw new Error('index down');
      return ['a'];
    }, golden, { measures: ['P@1', 'miss@1'] });
    expect(result.unansweredQueries).toEqual(['q2']);
    const text = writeRun(result.run, format === 'jsonl' ? { format, latency: result.latency.perQuery } : { format });
    const read = evaluateRun(parseRun(text).rankings, golden.qrels, { measures: ['P@1', 'miss@1'] });
    expect(read.unansweredQueries).toEqual(['q2']);
    expect(read.perQuery).toEqual(result.perQuery);
    // An answer with no results would be answered: { q2: [] } is not what the retriever did.
    expect(evaluateRun({ q1: ['a'], q2: [] }, golden.qrels, { measures: ['P@1'] }).unansweredQueries).toEqual([]);
  });

  it.each([
    [{ q1: ['a b'] }, { format: 'trec' }, 'invalid_ranking', /run\["q1"\]\[0\] to be a non-empty id without whitespace/],
    [{ 'q 1': ['a'] }, { format: 'trec' }, 'invalid_run', /every query id of `run` to be a non-empty string without whitespace/],
    [{ q1: ['a', 'a'] }, { format: 'jsonl' }, 'invalid_ranking', /a document not listed before/],
    [{ q1: [{ id: 'a', score: Number.NaN }] }, { format: 'jsonl' }, 'invalid_ranking', /run\["q1"\]\[0\].score to be a finite number/],
    [{ q1: [{ id: 7, score: 1 }] }, { format: 'jsonl' }, 'invalid_ranking', /^writeRun: expected run\["q1"\]\[0\]\.id to be a non-empty string id, got `7` \(number\); ids are strings: use `String\(id\)`$/],
    [{ q1: ['a'] }, { format: 'trec', latency: { q1: 1 } }, 'invalid_option', /TREC runs have no field for it/],
    [{ q1: ['a'] }, { format: 'jsonl', latency: { q1: -1 } }, 'invalid_option', /latency\["q1"\]/],
    [{ q1: ['a'] }, { format: 'csv' }, 'invalid_option', /`format` to be 'jsonl' or 'trec'/],
    [{ q1: ['a'] }, { format: 'trec', runName: 'my run' }, 'invalid_option', /`runName`/],
    [{ q1: ['a'] }, { format: 'jsonl', name: 'x' }, 'invalid_option', /every option to be one of/],
  ])('refuses what the format cannot hold (%#)', (value, options, code, message) => {
    expect(() => writeRun(value as never, options as never)).toThrow(expect.objectContaining({ code, message: expect.stringMatching(message) }));
  });

  test.prop([runAndQrels], { numRuns: 60 })('writeRun then parseRun gives back the rankings, as JSONL and as TREC', ({ run }) => {
    const nonEmpty = Object.fromEntries(Object.entries(run).filter(([, ranking]) => ranking.length > 0));
    expect(Object.fromEntries(parseRun(writeRun(run, { format: 'jsonl' })).rankings)).toEqual(run);
    if (Object.keys(nonEmpty).length > 0) expect(Object.fromEntries(parseRun(writeRun(run, { format: 'trec' })).rankings)).toEqual(nonEmpty);
    else expect(() => writeRun(run, { format: 'trec' })).toThrow(expect.objectContaining({ code: 'invalid_run' }));
  });

  test('writes failed calls as `failed` lines: read back, unanswered, with their time', () => {
    const text = writeRun({ q1: ['d1'] }, { format: 'jsonl', latency: { q1: 12, q2: 5000 }, failures: [{ queryId: 'q2', message: 'timed out after 5000 ms' }] });
    expect(text).toBe('{"query_id":"q1","results":["d1"],"latency_ms":12}\n{"query_id":"q2","failed":"timed out after 5000 ms","latency_ms":5000}\n');
    const read = parseRun(text);
    expect(read.rankings).toEqual(new Map([['q1', ['d1']]]));
    expect(read.latency).toEqual(new Map([['q1', 12], ['q2', 5000]]));
    expect(read.failures).toEqual(new Map([['q2', 'timed out after 5000 ms']]));
    // Scored, the failed query is unanswered, as in the result it came from.
    expect(evaluateRun(read.rankings, { q1: { d1: 1 }, q2: { d2: 1 } }, { measures: ['P@1'] }).unansweredQueries).toEqual(['q2']);
  });

  test.each([
    [{ format: 'trec', failures: [] }, "`failures` to be left out with format 'trec'"],
    [{ format: 'jsonl', failures: [{ queryId: 'q1', message: 'x' }] }, 'the failure of query "q1" to be a query the run does not hold'],
    [{ format: 'jsonl', failures: [{ queryId: 'q9' }] }, 'every failure of `failures` to be { queryId, message }, two strings'],
    [{ format: 'jsonl', failures: 'q9' }, 'to be an array of { queryId, message }'],
  ])('refuses failures it cannot write back (%#)', (options, message) => {
    expect(() => writeRun({ q1: ['d1'] }, options as never)).toThrow(message);
  });

  test('reading refuses a failed line that also gives results, or a failure that is not a message', () => {
    expect(() => parseRun('{"query_id":"q1","failed":"x","results":["d1"]}\n', { file: 'r' })).toThrow('r:1: query "q1" has both "results" and "failed": a failed call has no ranking');
    expect(() => parseRun('{"query_id":"q1","failed":3}\n', { file: 'r' })).toThrow('r:1: "failed" of query "q1" must be the failure\'s message (a string), got 3');
  });

  test('refuses a run that would be an empty file, which no reader takes back', () => {
    expect(() => writeRun({ q1: [] }, { format: 'trec' })).toThrow('writeRun: expected `run` to be a run with a document in some ranking (a TREC file of no line reads as no run; JSONL keeps empty rankings)');
    expect(() => writeRun({}, { format: 'jsonl' })).toThrow('writeRun: expected `run` to be a run with a query');
    expect(parseRun(writeRun({ q1: [] }, { format: 'jsonl' })).rankings).toEqual(new Map([['q1', []]]));
  });

  // Scores from 0 to 2 only: most rankings hold ties, whose order is what the tie rules differ on.
  const scoredRunAndQrels = fc.tuple(runAndQrels, fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 20, maxLength: 20 })).map(([{ run, qrels }, scores]) => ({
    run: Object.fromEntries(Object.entries(run).map(([qid, ranking]) => [qid, ranking.map((id, i) => ({ id, score: scores[i]! }))])),
    qrels,
  }));
  test.prop([scoredRunAndQrels, fc.constantFrom('trec' as const, 'given' as const)], { numRuns: 60 })(
    'a scored run written as TREC and read back scores as the run in memory, under either tie rule',
    async ({ run: scored, qrels }, ties) => {
      // TREC has no line for a query without results: read back, it is unanswered, as it is left out here.
      const answered = Object.fromEntries(Object.entries(scored).filter(([, ranking]) => ranking.length > 0));
      // A run of empty rankings only has no TREC file (writeRun refuses it, tested above).
      fc.pre(Object.keys(answered).length > 0);
      const options = { measures: ['RR', 'ndcg@5', 'P@3', 'map'], ties, checks: 'off' as const };
      const read = await evaluateRunStream(() => writeRun(scored, { format: 'trec' }), qrels, { ...options, format: 'trec' });
      const inMemory = evaluateRun(answered, qrels, options);
      expect(read.perQuery).toEqual(inMemory.perQuery);
      expect(read.mean).toEqual(inMemory.mean);
    },
  );
});

describe("writeRun's errors are about the run, at the query, the entry's index a fact", () => {
  it('a score that is not finite; a latency below 0', () => {
    expect(caught(() => writeRun({ q1: [{ id: 'd1', score: 1 }, { id: 'd2', score: Number.NaN }] }, { format: 'jsonl' }))).toMatchObject({
      subject: { kind: 'argument', argument: 'run' },
      at: { query: 'q1' },
      facts: { index: 1 },
    });
    expect(caught(() => writeRun({ q1: ['d1'] }, { format: 'jsonl', latency: { q1: -1 } }))).toMatchObject({ subject: { kind: 'option', option: 'latency' }, at: { query: 'q1' }, facts: { limit: 0 } });
  });
});
