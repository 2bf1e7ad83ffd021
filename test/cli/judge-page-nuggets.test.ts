// The judging page's nugget mode over HTTP, in process: the same server as the grading page's (token,
// 409 for a stale page, each assignment in the store before its answer), its own item, labels and line;
// and `rankeval judge --nuggets` as a command.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runJudge } from '../../src/cli/judge.js';
import { parseNuggetJudgments } from '../../src/formats/nugget-judgments.js';
import { loadNuggetPage, NUGGET_PAGE_USAGE, parseNuggetPageArgs, runJudgePage } from '../../src/cli/judge-page.js';
import { startJudgePage, type JudgePage } from '../../src/cli/judge-page-server.js';
import { runCommand } from '../helpers/cli.js';
import { failingWrites } from '../helpers/failing-writes.js';
import { judgePageFiles, MARKUP, nuggetPageFiles, raw, running } from '../helpers/judge-page.js';

const files = nuggetPageFiles('rankeval-nugget-page-');
const nuggetPool = () => judgePageFiles('rankeval-nugget-page-pool-');
const args = (...more: string[]) => ['--nuggets', files.bank, '--answers', files.rag, '--answers', files.answers, ...more];

/** The store's lines as `judge run topic "nugget" importance assignment`. */
const storeLines = (store = files.store): string[] =>
  existsSync(store) ? parseNuggetJudgments(readFileSync(store)).judgments.map(({ judge, run_id, topic_id, nugget, importance, assignment }) => `${judge} ${run_id} ${topic_id} "${nugget}" ${importance} ${assignment}`) : [];

describe('the nugget page over HTTP', () => {
  let page: JudgePage;
  let headers: Record<string, string>;
  const post = (action: string, body: unknown) => raw(page.url, `/api/${action}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const view = async () => JSON.parse((await raw(page.url, '/api/view', { headers })).body) as Record<string, unknown>;
  const named = (topicId: string, runId: string, nugget: number) => ({ topicId, runId, nugget });

  beforeAll(async () => {
    const parsed = parseNuggetPageArgs(args('--store', files.store, '--judge', 'ann'));
    page = await startJudgePage(await loadNuggetPage(parsed, { stdout: { write: () => true }, stderr: { write: () => true } }));
    headers = { 'x-rankeval-token': new URL(page.url).searchParams.get('token')! };
  });

  afterAll(async () => {
    await page?.close();
  });

  it('serves the page in its nugget mode, and refuses a request without the token', async () => {
    const html = await raw(page.url, new URL(page.url).pathname + new URL(page.url).search);
    expect(html.status).toBe(200);
    expect(html.body).toContain('<body data-busy="true" data-mode="nuggets">');
    expect((await raw(page.url, '/api/view')).status).toBe(403);
  });

  it('shows the topic’s question, one run’s answer sentence by sentence with its citations, and a nugget', async () => {
    expect(await view()).toEqual({
      judge: 'ann',
      labels: ['support', 'partial_support', 'not_support'],
      total: 5,
      judged: 0,
      answers: 3,
      nugget: {
        index: 0,
        topicId: 't1',
        runId: 'bm25-gpt',
        query: 'how to prime a pump',
        sentences: [
          { text: 'Fill the casing first.', citations: [0] },
          { text: 'Then start it.', citations: [] },
        ],
        references: ['d1', 'd2'],
        nugget: 0,
        text: 'fill the casing with water',
        importance: 'vital',
        answerNumber: 1,
        answerAssigned: 0,
        answerTotal: 2,
      },
      canUndo: false,
    });
  });

  it('has each assignment in the store when it answers, then shows the next nugget; an assignment can be changed', async () => {
    const first = await post('grade', { ...named('t1', 'bm25-gpt', 0), assignment: 'partial_support' });
    expect(storeLines()).toEqual(['ann bm25-gpt t1 "fill the casing with water" vital partial_support']);
    const line = JSON.parse(readFileSync(files.store, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(['topic_id', 'run_id', 'nugget', 'importance', 'assignment', 'judge', 'at']);
    expect(new Date(line['at'] as string).toISOString()).toBe(line['at']);
    expect(JSON.parse(first.body)).toMatchObject({ judged: 1, canUndo: true, nugget: { nugget: 1, text: 'open the vent', importance: 'okay', answerAssigned: 1 } });
    expect(JSON.parse((await post('skip', named('t1', 'bm25-gpt', 1))).body)).toMatchObject({ judged: 1, nugget: { runId: 'bm25-gpt', topicId: 't2', nugget: 0 } });
    // t2 has no question in the bank: none is shown.
    expect((await view())['nugget']).not.toHaveProperty('query');
    // Back by the arrow: the nugget's assignment shown, and a key changes it (a newer line).
    expect(JSON.parse((await post('move', { index: 0 })).body)).toMatchObject({ nugget: { index: 0, assignment: 'partial_support' } });
    expect(JSON.parse((await post('grade', { ...named('t1', 'bm25-gpt', 0), assignment: 'support' })).body)).toMatchObject({ judged: 1, nugget: { index: 1 } });
    expect(JSON.parse((await post('undo', {})).body)).toMatchObject({ nugget: { index: 0, assignment: 'support' } });
    expect(storeLines()).toEqual(['ann bm25-gpt t1 "fill the casing with water" vital partial_support', 'ann bm25-gpt t1 "fill the casing with water" vital support']);
  });

  it('refuses (409) an assignment or a skip of a nugget other than the one shown, writing nothing; open goes where a restart goes', async () => {
    const before = storeLines();
    // Shown: t1 nugget 1 of bm25-gpt (undo). A page left behind still shows gpt's answer.
    const stale = await post('grade', { ...named('t1', 'gpt', 0), assignment: 'support' });
    expect([stale.status, stale.body]).toEqual([409, 'Not saved: this page showed topic "t1", run "gpt", nugget 1, but the nugget shown now is topic "t1", run "bm25-gpt", nugget 1: the page was opened again (another tab, or a reload). Look at the nugget shown, then press the key.\n']);
    expect((await post('skip', named('t2', 'bm25-gpt', 0))).body).toMatch(/^Not skipped: this page showed topic "t2", run "bm25-gpt", nugget 1, but/);
    expect(storeLines()).toEqual(before);
    // A page opened: the first unassigned nugget after the last line (bm25-gpt t1 #0).
    expect(JSON.parse((await post('open', {})).body)).toMatchObject({ nugget: { runId: 'bm25-gpt', topicId: 't1', nugget: 1 } });
    await post('move', { index: 5 });
    expect((await post('grade', { ...named('t1', 'gpt', 1), assignment: 'support' })).body).toContain('but no nugget is shown now (every nugget after it is assigned)');
    expect(storeLines()).toEqual(before);
  });

  it.each([
    ['a word off the scale', { topicId: 't1', runId: 'gpt', nugget: 0, assignment: 'supported' }, '`assignment` must be one of support, partial_support, not_support'],
    ['a grade for an assignment', { topicId: 't1', runId: 'gpt', nugget: 0, grade: 2 }, '`assignment` must be one of support, partial_support, not_support'],
    ['a nugget named by its text', { topicId: 't1', runId: 'gpt', nugget: 'open the vent', assignment: 'support' }, '`topicId`, `runId` and `nugget` (a place) must name the nugget shown'],
    ['a pair for a nugget', { queryId: 't1', docId: 'd1', assignment: 'support' }, '`topicId`, `runId` and `nugget` (a place) must name the nugget shown'],
  ])('refuses %s with 400 and writes nothing', async (_what, body, reason) => {
    const before = storeLines().length;
    const answer = await post('grade', body);
    expect([answer.status, answer.body]).toEqual([400, `Bad request: ${reason}.\n`]);
    expect(storeLines()).toHaveLength(before);
  });
});

/** `rankeval judge --nuggets` running in process until `stop()`, its state and answers as JSON. */
async function runningNuggets(argv: string[]) {
  const page = await running(argv);
  return {
    ...page,
    view: async () => JSON.parse((await page.view()).body) as Record<string, unknown>,
    post: (action: string, body: unknown) => page.post(action, JSON.stringify(body)),
  };
}

describe('rankeval judge --nuggets (the nugget page as a command)', () => {
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => rmSync(files.dir, { recursive: true, force: true }));

  it('prints the URL, serves until stopped, and resumes from the store when run again', async () => {
    const store = `${files.dir}/bob.jsonl`;
    const page = await runningNuggets(args('--judge', 'bob', '--store', store));
    expect((await page.post('grade', { topicId: 't1', runId: 'bm25-gpt', nugget: 0, assignment: 'not_support' })).status).toBe(200);
    expect(await page.stop()).toBe(0);
    expect(page.stderr()).toBe(`rankeval judge: "bob" has assigned 0 of 5 nuggets of answers; the page is at\nEach assignment is saved to ${store} as it is pressed. Ctrl-C stops the page.\n`);
    const again = await runCommand((argv, io) => runJudgePage(argv, io, AbortSignal.abort()), args('--judge', 'bob', '--store', store));
    expect(again).toMatchObject({ status: 0, stderr: expect.stringContaining('"bob" has assigned 1 of 5 nuggets of answers') });
    expect(storeLines(store)).toEqual(['bob bm25-gpt t1 "fill the casing with water" vital not_support']);
  });

  it('shows nuggetizer’s answers under the file’s name as their run, their markup as text', async () => {
    const page = await runningNuggets(args('--judge', 'cy', '--store', `${files.dir}/cy.jsonl`));
    expect(await page.post('move', { index: 3 })).toMatchObject({ status: 200 });
    expect((await page.view())['nugget']).toMatchObject({ runId: 'gpt', topicId: 't1', sentences: [{ text: MARKUP, citations: [] }, { text: 'Open the vent.', citations: [] }], references: [] });
    expect(await page.stop()).toBe(0);
  });

  it('on 2 grades shows no partial support and refuses it (400)', async () => {
    const page = await runningNuggets(args('--judge', 'dee', '--grades', '2', '--store', `${files.dir}/dee.jsonl`));
    expect(await page.view()).toMatchObject({ labels: ['support', 'not_support'] });
    const partial = await page.post('grade', { topicId: 't1', runId: 'bm25-gpt', nugget: 0, assignment: 'partial_support' });
    expect([partial.status, partial.body]).toEqual([400, 'Bad request: `assignment` must be one of support, not_support.\n']);
    expect(await page.stop()).toBe(0);
  });

  it('refuses each assignment while the disk is full (500, once on the terminal), then saves again', async () => {
    const store = `${files.dir}/full.jsonl`;
    const page = await runningNuggets(args('--judge', 'eve', '--store', store));
    const assign = (nugget: number) => page.post('grade', { topicId: 't1', runId: 'bm25-gpt', nugget, assignment: 'support' });
    expect((await assign(0)).status).toBe(200);
    // The disk fills: the line is cut short after 12 bytes, then the next write fails: two assignments refused.
    failingWrites([12, 0, 0]);
    for (let time = 0; time < 2; time++) {
      const answer = await assign(1);
      expect([answer.status, answer.body]).toEqual([500, 'Not saved: the store cannot be written (ENOSPC: no space left on device, write). The nugget stays shown: press the assignment again once the store can be written.\n']);
    }
    expect(page.stderr().split(`rankeval judge: cannot write ${store}: ENOSPC: no space left on device, write; the assignments pressed are not saved (the page says so) until it can be written\n`)).toHaveLength(2);
    expect(await page.view()).toMatchObject({ judged: 1, nugget: { nugget: 1 } });
    expect(await assign(1)).toMatchObject({ status: 200 });
    expect(await page.stop()).toBe(0);
    expect(storeLines(store)).toEqual(['eve bm25-gpt t1 "fill the casing with water" vital support', 'eve bm25-gpt t1 "open the vent" okay support']);
  });

  it('warns of a half-written last line it cuts off, and refuses a corrupt line before one', async () => {
    const whole = `${JSON.stringify({ topic_id: 't1', run_id: 'bm25-gpt', nugget: 'open the vent', importance: 'okay', assignment: 'support', judge: 'cy', at: '2026-12-07T23:30:00.000Z' })}\n`;
    const run = (store: string) => runCommand((argv, io) => runJudgePage(argv, io, AbortSignal.abort()), args('--store', store, '--judge', 'cy'), { hide: files.dir });
    const torn = `${files.dir}/torn.jsonl`;
    writeFileSync(torn, whole + whole.slice(0, 25));
    expect(await run(torn)).toMatchObject({ status: 0, stderr: expect.stringMatching(/^rankeval judge: warning: torn\.jsonl:2: a half-written last line \(a write cut short\) is cut off: its nugget is to assign again\n/) });
    expect(readFileSync(torn, 'utf8')).toBe(whole);
    const corrupt = `${files.dir}/corrupt.jsonl`;
    writeFileSync(corrupt, `${whole}{"topic_id":"t1","ru\n${whole}`);
    expect(await run(corrupt)).toMatchObject({ status: 3, stdout: '', stderr: expect.stringMatching(/^corrupt\.jsonl:2: invalid JSON/) });
  });

  it('refuses a judgments store given as the nugget store, and the reverse, leaving them as they are', async () => {
    const judgments = `${files.dir}/judgments.jsonl`;
    const text = `${JSON.stringify({ query_id: 'q1', doc_id: 'd1', grade: 1, judge: 'cy', at: '2026-12-05T02:00:00.000Z' })}\n`;
    writeFileSync(judgments, text);
    const run = await runCommand((argv, io) => runJudgePage(argv, io, AbortSignal.abort()), args('--store', judgments), { hide: files.dir });
    expect(run).toEqual({ status: 3, stdout: '', stderr: 'judgments.jsonl:1: this looks like a judgments store (read it with parseJudgments or readJudgments), not a nugget-assignment store' });
    expect(readFileSync(judgments, 'utf8')).toBe(text);
    const pool = nuggetPool();
    const nuggetStore = `${files.dir}/assignments.jsonl`;
    const line = `${JSON.stringify({ topic_id: 't1', run_id: 'r', nugget: 'a', importance: 'okay', assignment: 'support', judge: 'cy', at: '2026-12-07T23:30:00.000Z' })}\n`;
    writeFileSync(nuggetStore, line);
    const grading = await runCommand((argv, io) => runJudgePage(argv, io, AbortSignal.abort()), [pool.pool, '--corpus', pool.corpus, '--queries', pool.queries, '--store', nuggetStore], { hide: files.dir });
    expect(grading).toMatchObject({ status: 3, stdout: '', stderr: expect.stringMatching(/^assignments\.jsonl:1: this looks like a nugget-assignment store/) });
    expect(readFileSync(nuggetStore, 'utf8')).toBe(line);
    rmSync(pool.dir, { recursive: true, force: true });
  });

  it('refuses an answer to a topic the bank lacks, the same answer twice, and a bank naming a nugget twice (exit 3)', async () => {
    const run = (argv: string[]) => runCommand((a, io) => runJudgePage(a, io, AbortSignal.abort()), argv, { hide: files.dir });
    const other = `${files.dir}/other.jsonl`;
    writeFileSync(other, `${JSON.stringify({ topic_id: 't9', answer: [{ text: 'x' }] })}\n`);
    expect(await run(['--nuggets', files.bank, '--answers', other])).toEqual({ status: 3, stdout: '', stderr: 'other.jsonl:1: topic "t9" is not in the nugget bank bank.jsonl (--nuggets)' });
    expect(await run(['--nuggets', files.bank, '--answers', files.rag, '--answers', files.rag])).toEqual({ status: 3, stdout: '', stderr: 'rag.jsonl:1: run "bm25-gpt" answers topic "t1" twice (rag.jsonl:1 and rag.jsonl:1)' });
    const twice = `${files.dir}/twice.jsonl`;
    writeFileSync(twice, `${JSON.stringify({ qid: 't1', nuggets: [{ text: 'a', importance: 'vital' }, { text: 'a', importance: 'okay' }] })}\n`);
    expect(await run(['--nuggets', twice, '--answers', files.rag])).toEqual({ status: 3, stdout: '', stderr: 'twice.jsonl: topic "t1" lists the nugget "a" twice: an assignment names its nugget by its text' });
    writeFileSync(other, '{"metadata": {"run_id": "r"}, "responses": []}\n');
    expect(await run(['--nuggets', files.bank, '--answers', other])).toMatchObject({ status: 3, stderr: expect.stringMatching(/^other\.jsonl:1: .*metadata\.topic_id/) });
  });

  it.each([
    ['no answers', ['--nuggets', 'bank.jsonl'], 'the nugget page needs --nuggets BANK and --answers FILE: the nuggets and the answers it shows (see rankeval judge --help)'],
    ['a pool beside the nuggets', ['pool.jsonl', '--nuggets', 'bank.jsonl', '--answers', 'a.jsonl'], "unexpected argument 'pool.jsonl': the nugget page reads the answers of --answers, not a pool (see rankeval judge --help)"],
    ['grades of 4', ['--nuggets', 'bank.jsonl', '--answers', 'a.jsonl', '--grades', '4'], "--grades takes 3, 2; got '4' (see rankeval judge --help)"],
    ['a corpus', ['--nuggets', 'bank.jsonl', '--answers', 'a.jsonl', '--corpus', 'c.jsonl'], expect.stringMatching(/^unknown option --corpus/)],
    ['standard input twice', ['--nuggets', '-', '--answers', '-'], 'only one file can be - (standard input) (see rankeval judge --help)'],
  ])('refuses %s with exit 2', async (_what, argv, message) => {
    expect(await runCommand((a, io) => runJudgePage(a, io, AbortSignal.abort()), argv)).toEqual({ status: 2, stdout: '', stderr: message });
  });

  it('is what rankeval judge runs with --nuggets, and its help is a part of rankeval judge --help', async () => {
    expect(await runCommand(runJudge, ['--nuggets', files.bank])).toMatchObject({ status: 2, stderr: expect.stringMatching(/^the nugget page needs --nuggets BANK and --answers FILE/) });
    const help = await runCommand(runJudge, ['-h']);
    expect(help.stdout).toContain(`\n       ${NUGGET_PAGE_USAGE}\n`);
    expect(help.stdout).toContain('--nuggets BANK      the nugget bank');
  });
});
