// The judging page over HTTP, in process: the token on every request, nothing served but the page and its
// API, the content types, and each grade in the store before its answer.
import dns from 'node:dns';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseJudgments, type Judgment } from '../../src/formats/judgments.js';
import { openStore } from '../../src/judging/store-file.js';
import { JUDGE_PAGE_HELP, loadJudgePage, parseJudgePageArgs, runJudgePage } from '../../src/cli/judge-page.js';
import { runJudge } from '../../src/cli/judge.js';
import { startJudgePage, type JudgePage } from '../../src/cli/judge-page-server.js';
import { runCommand } from '../helpers/cli.js';
import { failingWrites } from '../helpers/failing-writes.js';
import { judgePageFiles, raw, running } from '../helpers/judge-page.js';

const files = judgePageFiles('rankeval-judge-page-');
const args = (...more: string[]) => [files.pool, '--corpus', files.corpus, '--queries', files.queries, '--store', files.store, ...more];

const storeLines = (): unknown[] => (existsSync(files.store) ? parseJudgments(readFileSync(files.store)).judgments.map(({ doc_id, grade, judge }) => ({ doc_id, grade, judge })) : []);

describe('the judging page over HTTP', () => {
  let page: JudgePage;
  let token: string;
  const post = (action: string, body: unknown, headers = { 'x-rankeval-token': token }) => raw(page.url, `/api/${action}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

  beforeAll(async () => {
    const parsed = parseJudgePageArgs(args('--judge', 'ann', '--scale', 'no | partly | yes'));
    // A store whose writes take a while: an answer sent before its line is written would come first.
    const store = await openStore(files.store);
    const slow = { ...store, append: async (judgment: Judgment) => (await new Promise((resolve) => setTimeout(resolve, 30)), store.append(judgment)) };
    page = await startJudgePage({ ...(await loadJudgePage(parsed)), store: slow });
    token = new URL(page.url).searchParams.get('token')!;
  });

  afterAll(async () => {
    await page?.close();
  });

  it('listens on the loopback address only, with a random token of 128 bits in the URL', () => {
    expect(page.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{22}$/);
  });

  it('refuses every request without the token, or with another, with 403, and writes nothing', async () => {
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of ['/', '/api/view', `/?token=${other}`, '/?token=', `/api/view?token=${token}x`, '/../judgments.jsonl']) expect((await raw(page.url, path)).status, path).toBe(403);
    expect((await post('grade', { index: 0, grade: 1 }, { 'x-rankeval-token': other })).status).toBe(403);
    expect((await post('grade', { index: 0, grade: 1 }, {} as never)).status).toBe(403);
    expect(storeLines()).toEqual([]);
  });

  it('serves no file: any other path is 404, named files and paths out of the directory included', async () => {
    for (const path of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/pool.jsonl', '/judgments.jsonl', '/corpus.jsonl', '/favicon.ico', '/api/', '/api/view/x']) {
      expect((await raw(page.url, `${path}?token=${token}`)).status, path).toBe(404);
    }
    expect((await raw(page.url, `/api/grade?token=${token}`)).status).toBe(405);
    expect((await raw(page.url, `/?token=${token}`, { method: 'POST' })).status).toBe(405);
  });

  it('serves the page as HTML under a Content-Security-Policy that allows only its own script, and the state as JSON', async () => {
    const html = await raw(page.url, `/?token=${token}`);
    expect(html.status).toBe(200);
    expect(html.type).toBe('text/html; charset=utf-8');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.headers['cache-control']).toBe('no-store');
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(html.headers['content-security-policy']))![1]!;
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.body).toContain(`<script nonce="${nonce}">`);
    const view = await raw(page.url, '/api/view', { headers: { 'x-rankeval-token': token } });
    expect(view.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(view.body)).toMatchObject({ judge: 'ann', scale: ['no', 'partly', 'yes'], total: 5, judged: 0, pair: { queryId: 'q1', docId: 'd1', query: 'how to prime a pump', title: 'Pumps' } });
  });

  it('has each grade in the store when it answers, then shows the next pair', async () => {
    const graded = await post('grade', { queryId: 'q1', docId: 'd1', grade: 2 });
    expect(storeLines()).toEqual([{ doc_id: 'd1', grade: 2, judge: 'ann' }]);
    expect(JSON.parse(graded.body)).toMatchObject({ judged: 1, pair: { docId: 'd2' }, canUndo: true });
    expect(JSON.parse((await post('skip', { queryId: 'q1', docId: 'd2' })).body)).toMatchObject({ judged: 1, pair: { docId: 'd3' } });
    expect(JSON.parse((await post('undo', {})).body)).toMatchObject({ pair: { docId: 'd1', grade: 2 } });
    expect(JSON.parse((await post('grade', { queryId: 'q1', docId: 'd1', grade: 1 })).body)).toMatchObject({ judged: 1, pair: { docId: 'd2' } });
    expect(JSON.parse((await post('move', { index: 4 })).body)).toMatchObject({ pair: { queryId: 'q2', docId: 'd1' } });
    expect(storeLines()).toEqual([
      { doc_id: 'd1', grade: 2, judge: 'ann' },
      { doc_id: 'd1', grade: 1, judge: 'ann' },
    ]);
  });

  it('refuses (409) a grade or a skip of a pair other than the one shown, writing nothing; open goes where a restart goes', async () => {
    // Shown: q2 d1 (moved there). A page opened before, still showing q1 d2, sends its key.
    const before = storeLines();
    const stale = await post('grade', { queryId: 'q1', docId: 'd2', grade: 2 });
    expect([stale.status, stale.body]).toEqual([409, 'Not saved: this page showed "q1" / "d2", but the pair shown now is "q2" / "d1": the page was opened again (another tab, or a reload). Look at the pair shown, then press the key.\n']);
    expect((await post('skip', { queryId: 'q1', docId: 'd1' })).body).toMatch(/^Not skipped: this page showed "q1" \/ "d1", but the pair shown now is "q2" \/ "d1"/);
    expect(storeLines()).toEqual(before);
    // A page opened: the first unjudged pair after the last grade (d1), as a restart would show.
    expect(JSON.parse((await post('open', {})).body)).toMatchObject({ pair: { queryId: 'q1', docId: 'd2' } });
    expect((await post('grade', { queryId: 'q2', docId: 'd1', grade: 2 })).status).toBe(409);
    // Regrading a judged pair is explicit: the arrows (or undo) show it, then its grade is taken.
    expect(JSON.parse((await post('move', { index: 0 })).body)).toMatchObject({ pair: { docId: 'd1', grade: 1 } });
    expect(JSON.parse((await post('grade', { queryId: 'q1', docId: 'd1', grade: 0 })).body)).toMatchObject({ pair: { queryId: 'q1', docId: 'd2' } });
    expect(storeLines()).toEqual([...before, { doc_id: 'd1', grade: 0, judge: 'ann' }]);
    await post('move', { index: 5 });
    expect((await post('grade', { queryId: 'q1', docId: 'd2', grade: 0 })).body).toContain('but no pair is shown now (every pair after it is judged)');
    expect(storeLines()).toHaveLength(before.length + 1);
  });

  it.each([
    ['a grade off the scale', 'grade', { queryId: 'q1', docId: 'd2', grade: 3 }, '`grade` must be a grade of the scale'],
    ['a fractional grade', 'grade', { queryId: 'q1', docId: 'd2', grade: 0.5 }, '`grade` must be a grade of the scale'],
    ['a grade of no pair named', 'grade', { index: 1, grade: 1 }, '`queryId` and `docId` must name the pair shown'],
    ['an id not a string', 'skip', { queryId: 'q1', docId: 2 }, '`queryId` and `docId` must name the pair shown'],
    ['a negative move', 'move', { index: -1 }, '`index` must be an integer ≥ 0'],
    ['a body not JSON', 'grade', '{index: 1', 'the body must be a JSON object'],
    ['a body not an object', 'grade', '[1, 2]', 'the body must be a JSON object'],
    ['a body too long', 'grade', JSON.stringify({ queryId: 'q1', docId: 'd2', grade: 1, pad: 'x'.repeat(5000) }), 'the body must be a JSON object'],
  ])('refuses %s with 400 and writes nothing', async (_what, action, body, reason) => {
    const before = storeLines().length;
    const answer = await post(action, body);
    expect([answer.status, answer.body]).toEqual([400, `Bad request: ${reason}.\n`]);
    expect(storeLines()).toHaveLength(before);
  });
});

describe('the judging page when the store cannot be written', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses each grade while the disk is full (500, said on the page, once on the terminal), then saves again', async () => {
    const store = `${files.dir}/full.jsonl`;
    const page = await running([files.pool, '--corpus', files.corpus, '--queries', files.queries, '--store', store, '--judge', 'cy']);
    const grade = (docId: string, value: number) => page.post('grade', JSON.stringify({ queryId: 'q1', docId, grade: value }));
    expect((await grade('d1', 2)).status).toBe(200);
    // The disk fills: d2's line is cut short after 12 bytes, then every write fails, three grades long.
    failingWrites([12, 0, 0, 0]);
    for (let time = 0; time < 3; time++) {
      const answer = await grade('d2', 1);
      expect([answer.status, answer.body]).toEqual([500, 'Not saved: the store cannot be written (ENOSPC: no space left on device, write). The pair stays shown: press the grade again once the store can be written.\n']);
    }
    const failure = `rankeval judge: cannot write ${store}: ENOSPC: no space left on device, write; the grades pressed are not saved (the page says so) until it can be written\n`;
    expect(page.stderr().split(failure)).toHaveLength(2);
    expect(JSON.parse((await page.view()).body)).toMatchObject({ judged: 1, pair: { docId: 'd2' } });
    // Space is back: the same grade is saved, and the page goes on.
    expect(JSON.parse((await grade('d2', 1)).body)).toMatchObject({ judged: 2, pair: { docId: 'd3' } });
    // A second episode is a second line.
    failingWrites([0]);
    expect((await grade('d3', 0)).status).toBe(500);
    expect((await grade('d3', 0)).status).toBe(200);
    expect(page.stderr().split(failure)).toHaveLength(3);
    expect(await page.stop()).toBe(0);
    expect(parseJudgments(readFileSync(store)).judgments.map(({ doc_id, grade: value }) => `${doc_id} ${value}`)).toEqual(['d1 2', 'd2 1', 'd3 0']);
  });
});

describe('rankeval judge POOL (the page as a command)', () => {
  afterAll(() => rmSync(files.dir, { recursive: true, force: true }));

  it('prints the URL, serves until stopped, and resumes from the store when run again', async () => {
    const page = await running(args('--judge', 'bob', '--port', '0'));
    expect((await page.post('grade', '{"queryId": "q1", "docId": "d1", "grade": 3}')).status).toBe(200);
    expect(await page.stop()).toBe(0);
    expect(page.stderr()).toBe(`rankeval judge: "bob" has judged 0 of 5 pairs; the page is at\nEach grade is saved to ${files.store} as it is pressed. Ctrl-C stops the page.\n`);
    const again = await runCommand((argv, io2) => runJudgePage(argv, io2, AbortSignal.abort()), args('--judge', 'bob'));
    expect(again).toMatchObject({ status: 0, stderr: expect.stringContaining('"bob" has judged 1 of 5 pairs') });
  });

  it('warns of a half-written last line it cuts off, and refuses a corrupt line before one, leaving the store as it is', async () => {
    const whole = `${JSON.stringify({ query_id: 'q1', doc_id: 'd1', grade: 1, judge: 'cy', at: '2026-12-05T02:00:00.000Z' })}\n`;
    const run = (store: string) => runCommand((argv, io) => runJudgePage(argv, io, AbortSignal.abort()), [files.pool, '--corpus', files.corpus, '--queries', files.queries, '--store', store, '--judge', 'cy'], { hide: files.dir });
    const torn = `${files.dir}/torn.jsonl`;
    writeFileSync(torn, whole + whole.slice(0, 25));
    expect(await run(torn)).toMatchObject({ status: 0, stderr: expect.stringMatching(/^rankeval judge: warning: torn\.jsonl:2: a half-written last line \(a write cut short\) is cut off: its pair is to judge again\n/) });
    expect(readFileSync(torn, 'utf8')).toBe(whole);
    const corrupt = `${files.dir}/corrupt.jsonl`;
    writeFileSync(corrupt, whole + '{"query_id":"q1","do\n' + whole.slice(0, 25));
    expect(await run(corrupt)).toMatchObject({ status: 3, stdout: '', stderr: expect.stringMatching(/^corrupt\.jsonl:2: invalid JSON/) });
    expect(readFileSync(corrupt, 'utf8')).toBe(whole + '{"query_id":"q1","do\n' + whole.slice(0, 25));
  });

  it.each([
    ['no pool', [], 'expected a pool file to judge in the page (POOL --corpus CORPUS --queries QUERIES), or --export qrels|jsonl to write the store as a golden set (see rankeval judge --help)'],
    ['two pools', ['a.jsonl', 'b.jsonl'], "expected one pool file (POOL), got 2: 'a.jsonl b.jsonl' (see rankeval judge --help)"],
    ['no --queries', ['pool.jsonl', '--corpus', 'c.jsonl'], 'the judging page needs --corpus FILE and --queries FILE: the texts it shows (see rankeval judge --help)'],
    ['a scale of one grade', [...args(), '--scale', 'only one'], "--scale takes 2 to 10 meanings separated by |, lowest grade first; got 'only one' (see rankeval judge --help)"],
    ['a blank grade', [...args(), '--scale', 'a||b'], "--scale takes 2 to 10 meanings separated by |, lowest grade first; got 'a||b' (see rankeval judge --help)"],
    ['a port past 65535', [...args(), '--port', '70000'], "--port takes an integer from 0 to 65535; got '70000' (see rankeval judge --help)"],
    ['a blank name', [...args(), '--judge', ' '], "--judge takes a name; got ' ' (see rankeval judge --help)"],
    // Node would listen on every interface for ''.
    ['an empty host', [...args(), '--host', ''], "--host takes an IP address or a host name, such as 127.0.0.1, ::1 or localhost; got '' (see rankeval judge --help)"],
    ['a blank host', [...args(), '--host', ' '], "--host takes an IP address or a host name, such as 127.0.0.1, ::1 or localhost; got ' ' (see rankeval judge --help)"],
    ['a URL for a host', [...args(), '--host', 'http://localhost'], "--host takes an IP address or a host name, such as 127.0.0.1, ::1 or localhost; got 'http://localhost' (see rankeval judge --help)"],
    ['an address of three numbers', [...args(), '--host', '127.0.1'], "--host takes an IP address or a host name, such as 127.0.0.1, ::1 or localhost; got '127.0.1' (see rankeval judge --help)"],
    ['a label ending in a hyphen', [...args(), '--host', 'judge-.example'], "--host takes an IP address or a host name, such as 127.0.0.1, ::1 or localhost; got 'judge-.example' (see rankeval judge --help)"],
  ])('refuses %s with exit 2', async (_what, argv, message) => {
    expect(await runCommand((a, io) => runJudgePage(a, io, AbortSignal.abort()), argv)).toEqual({ status: 2, stdout: '', stderr: message });
  });

  it('refuses a corpus or queries without a text of the pool, and a port taken, with exit 3', async () => {
    const short = `${files.dir}/short.jsonl`;
    writeFileSync(short, '{"id":"d1","text":"a"}\n');
    const run = (argv: string[]) => runCommand((a, io) => runJudgePage(a, io, AbortSignal.abort()), argv, { hide: files.dir });
    expect(await run([files.pool, '--corpus', short, '--queries', files.queries])).toEqual({ status: 3, stdout: '', stderr: 'short.jsonl lacks the text of 3 documents of the pool: "d2", "d3", "d4"' });
    expect(await run([files.pool, '--corpus', files.corpus, '--queries', short])).toMatchObject({ status: 3, stderr: 'short.jsonl lacks the text of 2 queries of the pool: "q1", "q2"' });
    writeFileSync(short, '{"id":"q1"}\n');
    expect(await run([files.pool, '--corpus', files.corpus, '--queries', short])).toMatchObject({ status: 3, stderr: 'short.jsonl:1: expected one of "query", "question", "text", got none' });
    const taken = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    const port = String((taken.address() as { port: number }).port);
    expect(await run([...args(), '--port', port])).toMatchObject({ status: 3, stderr: expect.stringMatching(new RegExp(`^cannot listen on 127\\.0\\.0\\.1 port ${port}: .*EADDRINUSE`)) });
    taken.close();
  });

  it('warns, on a line of its own, when it listens on an address other than the loopback', async () => {
    const page = await running(args('--judge', 'dee', '--host', '0.0.0.0'));
    expect(await page.stop()).toBe(0);
    expect(page.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\//);
    expect(page.stderr().split('\n')[0]).toBe('rankeval judge: warning: the page listens on every interface (--host 0.0.0.0), not this computer only: whoever can reach it and has its URL (its token) can read the texts and grade');
  });

  it('names the host that does not resolve (exit 3), not the store', async () => {
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((host: string, ...rest: unknown[]) => {
      const callback = rest.at(-1) as (error: Error) => void;
      process.nextTick(() => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: host })));
    }) as never);
    const run = await runCommand((a, io) => runJudgePage(a, io, AbortSignal.abort()), [...args(), '--host', 'judging.invalid']);
    expect(lookup.mock.calls.map((call) => call[0])).toEqual(['judging.invalid']);
    vi.restoreAllMocks();
    expect(run).toEqual({ status: 3, stdout: '', stderr: 'cannot listen on --host judging.invalid: the host name does not resolve to an address (getaddrinfo ENOTFOUND judging.invalid)' });
  });

  it('is what rankeval judge runs without --export, and its help is a part of rankeval judge --help', async () => {
    expect(await runCommand(runJudge, ['--store', files.store, '--judge', 'ann'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/^expected a pool file to judge in the page/) });
    expect(await runCommand(runJudge, [files.pool, '--corpus', files.corpus])).toMatchObject({ status: 2, stderr: expect.stringMatching(/^the judging page needs --corpus FILE and --queries FILE/) });
    const help = await runCommand(runJudge, ['-h']);
    expect(help.stdout).toMatch(/^Usage: rankeval judge POOL --corpus CORPUS --queries QUERIES \[--judge NAME\] \[flags\]\n {7}rankeval judge --export F/);
    expect(help.stdout).toContain(JUDGE_PAGE_HELP);
  });
});
