import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nuggetAssignmentsOf, parseNuggetJudgments } from '../../src/formats/nugget-judgments.js';
import { assignNuggets, type AssignFunction, type AssignRequest } from '../../src/nuggets/assign-nuggets.js';
import { evaluateNuggets } from '../../src/nuggets/evaluate-nuggets.js';
import { ANSWERS, BANK, fakeAssigner, labelOf, OPTIONS } from '../fixtures/nuggets/fake-assigner.mjs';

const dir = mkdtempSync(join(tmpdir(), 'rankeval-assign-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let stores = 0;
const freshStore = (): string => join(dir, `store-${stores++}.jsonl`);
const linesOf = (store: string) => parseNuggetJudgments(readFileSync(store)).judgments;
const fast = { retryDelayMs: 0 };
const ALL = 2 * (12 + 3); // two runs, each answering t1 (12 nuggets) and t2 (3)

/** An assigner that records each request's (run, topic, nugget texts). */
function recording(answer: AssignFunction = fakeAssigner) {
  const asked: AssignRequest[] = [];
  return { asked, assign: ((request) => (asked.push(request), answer(request))) as AssignFunction };
}

describe('assignNuggets', () => {
  it('asks each answer\'s nuggets in batches of batchSize (10 by default), with the topic\'s question and the answer\'s text', async () => {
    const { asked, assign } = recording();
    await assignNuggets(ANSWERS, BANK, assign, { store: freshStore(), judge: 'llm', concurrency: 1, ...fast });
    expect(asked.map(({ runId, topicId, nuggets }) => `${runId} ${topicId} ${nuggets.length}`)).toEqual(['bm25 t1 10', 'bm25 t1 2', 'bm25 t2 3', 'dense t1 10', 'dense t1 2', 'dense t2 3']);
    const { signal, ...first } = asked[0]!;
    expect(first).toEqual({ topicId: 't1', runId: 'bm25', query: 'how do tides work?', answer: "bm25's answer to t1", nuggets: BANK['t1']!.nuggets.slice(0, 10) });
    expect(signal).toBeInstanceOf(AbortSignal);
    const five = recording();
    await assignNuggets(ANSWERS.slice(0, 1), BANK, five.assign, { store: freshStore(), judge: 'llm', batchSize: 5, ...fast });
    expect(five.asked.map(({ nuggets }) => nuggets.map(({ text }) => text.split(' ').at(-1)).join(','))).toEqual(['1,2,3,4,5', '6,7,8,9,10', '11,12']);
  });

  it('stores one line per assignment and resolves what evaluateNuggets scores, in the order of the answers and the bank', async () => {
    const store = freshStore();
    const result = await assignNuggets(ANSWERS, BANK, fakeAssigner, { store, ...OPTIONS, ...fast });
    expect(result).toMatchObject({ assigned: ALL, failures: [], aborted: false, tornLine: undefined, usage: { tokens: 10 * (3 + 1) * 2 } }); // batches of 4: t1 in 3, t2 in 1
    expect(linesOf(store)).toHaveLength(ALL);
    expect(result.assignments.map(({ runId, queryId }) => `${runId} ${queryId}`)).toEqual(['bm25 t1', 'bm25 t2', 'dense t1', 'dense t2']);
    expect(result.assignments[0]).toEqual({
      runId: 'bm25',
      queryId: 't1',
      query: 'how do tides work?',
      answerText: "bm25's answer to t1",
      nuggets: BANK['t1']!.nuggets.map(({ text, importance }) => ({ text, importance, assignment: labelOf('bm25', text) })),
    });
    // The store read back gives the same scores.
    expect(evaluateNuggets(nuggetAssignmentsOf(parseNuggetJudgments(readFileSync(store)), { bank: BANK })).byRun).toEqual(evaluateNuggets(result.assignments).byRun);
  });

  it('writes a batch\'s rationale on each of its lines and its usage on the first only', async () => {
    const store = freshStore();
    const assign: AssignFunction = ({ nuggets }) => ({ assignments: nuggets.map(() => 'support'), rationale: 'all there', usage: { tokens: 7 } });
    const result = await assignNuggets(ANSWERS.slice(1, 2), BANK, assign, { store, judge: 'llm', ...fast });
    expect(linesOf(store).map(({ rationale, usage }) => [rationale, usage])).toEqual([['all there', { tokens: 7 }], ['all there', undefined], ['all there', undefined]]);
    expect(result.usage).toEqual({ tokens: 7 });
  });

  it('asks no assignment twice: a second call asks nothing, a partial store only what is missing', async () => {
    const store = freshStore();
    writeFileSync(store, ['tide fact 1', 'tide fact 2', 'tide fact 3'].map((nugget) => `${JSON.stringify({ topic_id: 't1', run_id: 'bm25', nugget, importance: 'okay', assignment: 'support', judge: 'llm', at: '2026-12-07T23:30:00.000Z' })}\n`).join(''));
    const { asked, assign } = recording();
    const result = await assignNuggets(ANSWERS, BANK, assign, { store, judge: 'llm', ...fast });
    expect(asked.map(({ runId, topicId, nuggets }) => `${runId} ${topicId} ${nuggets.length}`)).toEqual(['bm25 t1 9', 'bm25 t2 3', 'dense t1 10', 'dense t1 2', 'dense t2 3']);
    expect(result.assigned).toBe(ALL - 3);
    // The lines before are the store's word: tide fact 1 of bm25 stays `support`.
    expect(result.assignments[0]!.nuggets[0]).toEqual({ text: 'tide fact 1', importance: 'okay', assignment: 'support' });
    const again = recording();
    expect((await assignNuggets(ANSWERS, BANK, again.assign, { store, judge: 'llm', ...fast })).assigned).toBe(0);
    expect(again.asked).toEqual([]);
    expect(linesOf(store)).toHaveLength(ALL);
  });

  it("leaves another judge's assignments alone, and asks everything of this one", async () => {
    const store = freshStore();
    await assignNuggets(ANSWERS, BANK, fakeAssigner, { store, judge: 'alice', ...fast });
    const before = readFileSync(store, 'utf8');
    const result = await assignNuggets(ANSWERS, BANK, () => { throw new Error('down'); }, { store, judge: 'llm', retries: 0 });
    expect(result).toMatchObject({ assigned: 0, assignments: [] });
    expect(result.failures).toHaveLength(6);
    expect(readFileSync(store, 'utf8')).toBe(before);
  });

  it('retries an answer of the wrong length, or with a label off the scale, then reports it and writes nothing', async () => {
    const store = freshStore();
    let calls = 0;
    const short: AssignFunction = ({ nuggets }) => (calls++, nuggets.slice(1).map(() => 'support'));
    const result = await assignNuggets(ANSWERS.slice(1, 2), BANK, short, { store, judge: 'llm', retries: 2, ...fast });
    expect(calls).toBe(3);
    expect(result.failures).toEqual([
      { topicId: 't2', runId: 'bm25', nuggets: ['sky fact 1', 'sky fact 2', 'sky fact 3'], attempts: 3, reason: 'invalid_answer', message: 'the assigner answered `array of 2` (array), not 3 labels (support, partial_support, not_support), one per nugget asked, or { assignments, rationale?, usage? }', cause: ['support', 'support'] },
    ]);
    expect(result.assignments).toEqual([]);
    expect(existsSync(store) ? readFileSync(store, 'utf8') : '').toBe('');
    const partial: AssignFunction = ({ nuggets }) => nuggets.map(() => 'partial_support');
    const two = await assignNuggets(ANSWERS.slice(1, 2), BANK, partial, { store, judge: 'llm', grades: 2, retries: 0 });
    expect(two.failures.map(({ reason, message }) => [reason, message])).toEqual([['invalid_answer', expect.stringContaining('not 3 labels (support, not_support)')]]);
  });

  it('reports calls that throw or time out, after their retries, and the next call asks them again', async () => {
    const store = freshStore();
    const failing: AssignFunction = ({ topicId, nuggets }) => (topicId === 't1' ? new Promise(() => {}) : Promise.reject(new Error(`no ${nuggets.length}`)));
    const result = await assignNuggets(ANSWERS.slice(0, 2), BANK, failing, { store, judge: 'llm', timeoutMs: 5, retries: 1, retryDelayMs: 0 });
    expect(result.failures.map(({ topicId, attempts, reason, message }) => [topicId, attempts, reason, message]).sort()).toEqual([
      ['t1', 2, 'timeout', 'no answer within 5 ms'],
      ['t1', 2, 'timeout', 'no answer within 5 ms'],
      ['t2', 2, 'threw', 'the assigner threw Error: no 3'],
    ]);
    const { asked, assign } = recording();
    expect((await assignNuggets(ANSWERS.slice(0, 2), BANK, assign, { store, judge: 'llm', ...fast })).assigned).toBe(15);
    expect(asked).toHaveLength(3);
  });

  it('stops when the signal aborts: nothing asked after, the call in flight dropped, the lines written kept', async () => {
    const store = freshStore();
    const controller = new AbortController();
    let calls = 0;
    const assign: AssignFunction = (request) => {
      if (++calls === 2) {
        controller.abort();
        return new Promise(() => {});
      }
      return fakeAssigner(request);
    };
    const result = await assignNuggets(ANSWERS, BANK, assign, { store, judge: 'llm', concurrency: 1, signal: controller.signal, ...fast });
    expect(result).toMatchObject({ assigned: 10, aborted: true, failures: [], assignments: [] });
    expect(calls).toBe(2);
    expect(linesOf(store)).toHaveLength(10);
  });

  it('cuts a half-written last line off the store, names it, and asks its assignment again', async () => {
    const store = freshStore();
    await assignNuggets(ANSWERS.slice(1, 2), BANK, fakeAssigner, { store, judge: 'llm', ...fast });
    const whole = readFileSync(store, 'utf8').split('\n');
    writeFileSync(store, `${whole.slice(0, 2).join('\n')}\n${whole[2]!.slice(0, 30)}`);
    const { asked, assign } = recording();
    const result = await assignNuggets(ANSWERS.slice(1, 2), BANK, assign, { store, judge: 'llm', ...fast });
    expect(result).toMatchObject({ tornLine: 3, assigned: 1 });
    expect(asked.map(({ nuggets }) => nuggets.map(({ text }) => text))).toEqual([['sky fact 3']]);
    expect(linesOf(store)).toHaveLength(3);
  });

  it('refuses a judgments store as wrong_file_kind, leaving it as it is', async () => {
    const store = freshStore();
    const judgment = `${JSON.stringify({ query_id: 'q1', doc_id: 'd1', grade: 2, judge: 'llm', at: '2026-12-05T02:00:00.000Z' })}\n`;
    writeFileSync(store, judgment);
    await expect(assignNuggets(ANSWERS, BANK, fakeAssigner, { store, judge: 'llm' })).rejects.toMatchObject({ code: 'wrong_file_kind', subject: { kind: 'file', file: store, line: 1 } });
    expect(readFileSync(store, 'utf8')).toBe(judgment);
  });

  it.each([
    [{ batchSize: 0 }, 'invalid_option', { kind: 'option', option: 'batchSize' }],
    [{ grades: 4 }, 'invalid_option', { kind: 'option', option: 'grades' }],
    [{ judge: '' }, 'invalid_option', { kind: 'option', option: 'judge' }],
    [{ colour: 'red' }, 'invalid_option', undefined],
  ])('refuses the option %j before asking anything', async (bad, code, subject) => {
    const { asked, assign } = recording();
    const error = await assignNuggets(ANSWERS, BANK, assign, { store: freshStore(), judge: 'llm', ...bad } as never).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'RankevalError', code, fn: 'assignNuggets', ...(subject === undefined ? {} : { subject }) });
    expect(asked).toEqual([]);
  });

  it('refuses answers, a bank or an answer that are not what the readers give, and a topic naming a nugget twice', async () => {
    const options = { store: freshStore(), judge: 'llm' };
    await expect(assignNuggets('answers' as never, BANK, fakeAssigner, options)).rejects.toMatchObject({ code: 'invalid_nuggets', subject: { kind: 'argument', argument: 'answers' } });
    await expect(assignNuggets(ANSWERS, null as never, fakeAssigner, options)).rejects.toMatchObject({ code: 'invalid_nuggets', subject: { kind: 'argument', argument: 'bank' } });
    await expect(assignNuggets([{ runId: 'r', queryId: 't1' } as never], BANK, fakeAssigner, options)).rejects.toMatchObject({ code: 'invalid_nuggets', what: 'answers[0]' });
    const twice = { t1: { nuggets: [{ text: 'a', importance: 'vital' as const }, { text: 'a', importance: 'okay' as const }] } };
    await expect(assignNuggets(ANSWERS.slice(0, 1), twice, fakeAssigner, options)).rejects.toMatchObject({ code: 'invalid_nuggets', received: 'a' });
    await expect(assignNuggets(ANSWERS, BANK, 'gpt' as never, options)).rejects.toMatchObject({ code: 'invalid_option', subject: { kind: 'argument', argument: 'assignFn' } });
  });

  it('takes a reply whose fields cannot be read as an invalid answer, never a crash', async () => {
    const unreadable: AssignFunction = () => ({ get assignments(): never { throw new Error('no'); } });
    const result = await assignNuggets(ANSWERS.slice(1, 2), BANK, unreadable, { store: freshStore(), judge: 'llm', retries: 0 });
    expect(result.failures.map(({ reason }) => reason)).toEqual(['invalid_answer']);
  });

  it('refuses an answer to a topic not in the bank, or a run answering a topic twice, naming it', async () => {
    const stray = { ...ANSWERS[0]!, queryId: 't9' };
    await expect(assignNuggets([stray], BANK, fakeAssigner, { store: freshStore(), judge: 'llm' })).rejects.toMatchObject({ code: 'invalid_nuggets', received: 't9' });
    await expect(assignNuggets([ANSWERS[0]!, ANSWERS[0]!], BANK, fakeAssigner, { store: freshStore(), judge: 'llm' })).rejects.toMatchObject({ code: 'invalid_nuggets', what: 'answers[1]' });
  });
});

// The built package's assignNuggets in a child process, killed (SIGKILL: no handler runs) after a seeded
// number of assignments, a torn line appended, then resumed in process until done: every assignment is in
// the store once, with the label an uninterrupted run gives.
describe('assignNuggets killed and resumed', () => {
  const child = join(import.meta.dirname, '../fixtures/nuggets/assign-child.mjs');
  const childEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_EXTRA_CA_CERTS'));

  /** Runs the child on `store` and kills it once it reports `after` assignments stored; resolves with the number it last reported. */
  const killedRun = (store: string, after: number): Promise<number> =>
    new Promise((resolve, reject) => {
      const assigning = spawn(process.execPath, [child, store], { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv });
      let stderr = '';
      let stored = 0;
      assigning.stderr.on('data', (data: Buffer) => (stderr += data));
      assigning.stdout.on('data', (data: Buffer) => {
        stored = Math.max(stored, ...data.toString().trim().split('\n').map(Number));
        if (stored >= after) assigning.kill('SIGKILL');
      });
      assigning.on('error', reject);
      assigning.on('exit', (code, signal) => (signal === 'SIGKILL' || code === 0 ? resolve(stored) : reject(new Error(`the assigning exited ${code}: ${stderr}`))));
    });

  const keys = (store: string) => linesOf(store).map(({ run_id, topic_id, nugget, assignment }) => `${run_id} ${topic_id} ${nugget} ${assignment}`);
  const every = ANSWERS.flatMap(({ runId, queryId }) => BANK[queryId]!.nuggets.map(({ text }) => `${runId} ${queryId} ${text} ${labelOf(runId, text)}`)).sort();

  it.each([4, 13, 22])('after %i assignments stored, keeps them and asks only the rest', async (after) => {
    const store = join(dir, `killed-${after}.jsonl`);
    const stored = await killedRun(store, after);
    const kept = existsSync(store) ? keys(store) : [];
    expect(kept.length).toBeGreaterThanOrEqual(stored); // nothing reported stored is lost
    appendFileSync(store, '{"topic_id":"t1","run_id":"bm25","nug'); // a write cut by the crash
    const { asked, assign } = recording();
    const result = await assignNuggets(ANSWERS, BANK, assign, { store, ...OPTIONS, ...fast });
    expect(result.tornLine).toBe(kept.length + 1);
    expect(result.assigned).toBe(ALL - kept.length);
    expect(asked.reduce((sum, { nuggets }) => sum + nuggets.length, 0)).toBe(ALL - kept.length);
    expect(keys(store).sort()).toEqual(every);
  });
});
