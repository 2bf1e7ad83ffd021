// The judging page end to end in headless Chromium (Debian's chromium): a person judges a pool by keyboard,
// undoes, skips, reloads mid-way, the server is stopped and started again on the same store, and a second
// judge judges beside the first; the store then holds exactly the keys pressed. With RANKEVAL_SCREENSHOTS=1,
// a screenshot under test-output/ for a person to look at.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseJudgments } from '../../src/formats/judgments.js';
import { nuggetAssignmentsOf, parseNuggetJudgments } from '../../src/formats/nugget-judgments.js';
import { parseNuggetBank } from '../../src/formats/nuggets.js';
import { evaluateNuggets } from '../../src/nuggets/evaluate-nuggets.js';
import { toQrels } from '../../src/judging/to-qrels.js';
import { loadJudgePage, loadNuggetPage, parseJudgePageArgs, parseNuggetPageArgs } from '../../src/cli/judge-page.js';
import { startJudgePage, type JudgePage } from '../../src/cli/judge-page-server.js';
import { chromiumForTests, launchChromium, problemsOf, saveScreenshot } from '../helpers/chromium.js';
import { failingWrites } from '../helpers/failing-writes.js';
import { judgePageFiles, MARKUP, nuggetPageFiles } from '../helpers/judge-page.js';

const output = fileURLToPath(new URL('../../test-output', import.meta.url));
const files = judgePageFiles('rankeval-judge-browser-');
const nuggetFiles = nuggetPageFiles('rankeval-nugget-browser-');

/** The judging page of `judge` on the shared files and a store (by default the shared one). */
async function start(judge: string, store = files.store): Promise<JudgePage> {
  const args = parseJudgePageArgs([files.pool, '--corpus', files.corpus, '--queries', files.queries, '--store', store, '--judge', judge]);
  return startJudgePage(await loadJudgePage(args));
}

/** The store's lines as `judge query doc grade`. */
const linesOf = (store: string): string[] => parseJudgments(readFileSync(store)).judgments.map(({ query_id, doc_id, grade, judge }) => `${judge} ${query_id} ${doc_id} ${grade}`);

/** Waits until the page has answered every key and shows `shown` (`q1 d2`, or `done`). */
const showing = (page: Page, shown: string) => page.waitForSelector(`body[data-busy="false"][data-shown="${shown}"]`, { state: 'attached', timeout: 10_000 });

/** Presses `key` and waits for the pair it leads to. */
async function press(page: Page, key: string, then: string): Promise<void> {
  await page.keyboard.press(key);
  await showing(page, then);
}

const text = (page: Page, selector: string) => page.locator(selector).evaluate((element) => element.textContent);

// Skipped, with one line on stderr, when there is no browser outside CI (test/helpers/chromium.ts).
describe.skipIf(chromiumForTests.skip)('the judging page in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);

  afterEach(() => vi.restoreAllMocks());

  afterAll(async () => {
    await browser?.close();
    rmSync(files.dir, { recursive: true, force: true });
    rmSync(nuggetFiles.dir, { recursive: true, force: true });
  });

  it('keeps exactly the keys pressed through undo, skip, a reload, a restart and a second judge', async () => {
    let ann = await start('ann');
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    const problems = problemsOf(page);
    await page.goto(ann.url);
    await showing(page, 'q1 d1');
    expect(await text(page, '#query')).toBe('how to prime a pump');
    expect(await text(page, '#title')).toBe('Pumps');
    expect(await text(page, '#overall')).toBe('0 of 5 judged');
    await press(page, '2', 'q1 d2');
    expect(await text(page, '#query-place')).toBe('Query 1 of 2 (q1): 1 of 3 judged');

    // The passage's markup is shown as text: no element made of it, no script run.
    expect(await text(page, '#text')).toBe(MARKUP);
    expect(await page.locator('#passage script, #passage img, #passage b').count()).toBe(0);
    expect(await page.title()).toBe('rankeval judge');
    mkdirSync(output, { recursive: true });
    await saveScreenshot(page, join(output, 'judge-page.png'), false);

    await press(page, '0', 'q1 d3');
    await press(page, 'u', 'q1 d2'); // undo: back to d2, its grade 0 shown
    expect(await page.locator('#grades button[aria-pressed="true"] kbd').textContent()).toBe('0');
    await press(page, '1', 'q1 d3'); // d2 regraded
    await press(page, 's', 'q2 d4'); // d3 skipped
    await press(page, 'ArrowLeft', 'q1 d3');
    await press(page, 'ArrowLeft', 'q1 d2');
    expect(await page.locator('#grades button[aria-pressed="true"] kbd').textContent()).toBe('1');
    await press(page, 'ArrowRight', 'q1 d3');
    await press(page, 'ArrowRight', 'q2 d4');

    // Reloaded: where a restart goes, the first unjudged pair after the last grade (d2): d3, skipped before.
    await page.reload();
    await showing(page, 'q1 d3');
    await press(page, 's', 'q2 d4');
    await press(page, '3', 'q2 d1');

    // The server stopped and started again on the same store: a new token, and the judge resumes.
    await ann.close();
    ann = await start('ann');
    await page.goto(ann.url);
    await showing(page, 'q2 d1');
    expect(await text(page, '#overall')).toBe('3 of 5 judged');
    await press(page, '2', 'q1 d3'); // round again to the pair skipped
    await press(page, '1', 'done');
    expect(await text(page, '#done-text')).toBe('Every pair of the pool is judged: 5 pairs.');

    // Without the token, the page's own origin is refused too (the browser logs the 403).
    expect(problems).toEqual([]);
    expect(await page.evaluate(async () => (await fetch('/api/view')).status)).toBe(403);

    // A second judge, beside the first, on the same store; keys typed ahead are answered in turn.
    const bob = await start('bob');
    await page.goto(bob.url);
    await showing(page, 'q1 d1');
    await page.keyboard.press('3');
    await page.keyboard.press('0');
    await showing(page, 'q1 d3');
    await page.close();
    await bob.close();
    await ann.close();

    const { judgments, tornLine } = parseJudgments(readFileSync(files.store));
    expect(tornLine).toBeUndefined();
    expect(linesOf(files.store)).toEqual([
      'ann q1 d1 2',
      'ann q1 d2 0',
      'ann q1 d2 1',
      'ann q2 d4 3',
      'ann q2 d1 2',
      'ann q1 d3 1',
      'bob q1 d1 3',
      'bob q1 d2 0',
    ]);
    expect(toQrels(judgments, { judge: 'ann' })).toEqual(
      new Map([
        ['q1', new Map([['d1', 2], ['d2', 1], ['d3', 1]])],
        ['q2', new Map([['d4', 3], ['d1', 2]])],
      ]),
    );
  }, 60_000);

  it('never lets a page opened again, or a stale tab, grade a pair it does not show; a failed write is shown and then saved', async () => {
    const store = join(files.dir, 'tabs.jsonl');
    const ann = await start('ann', store);
    const first = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    const problems = problemsOf(first);
    await first.goto(ann.url);
    await showing(first, 'q1 d1');
    expect(await first.locator('#graded').isHidden()).toBe(true);
    await press(first, '2', 'q1 d2');
    await press(first, 'ArrowLeft', 'q1 d1');
    // Reloaded, the page goes where a restart goes (after the last grade), not to the pair graded.
    await first.reload();
    await showing(first, 'q1 d2');
    // A second tab: it grades d2; the first, still showing d2, is refused and shows the pair to grade.
    const second = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await second.goto(ann.url);
    await showing(second, 'q1 d2');
    await press(second, '1', 'q1 d3');
    await press(first, '0', 'q1 d3');
    expect(await text(first, '#status')).toBe('Not saved: this page showed "q1" / "d2", but the pair shown now is "q1" / "d3": the page was opened again (another tab, or a reload). Look at the pair shown, then press the key.');
    expect(await first.locator('#status').getAttribute('class')).toBe('error');
    // The disk is full for one write: the page says so and stays on the pair; the next press saves it.
    failingWrites([0]);
    await press(first, '3', 'q1 d3');
    expect(await text(first, '#status')).toBe('Not saved: the store cannot be written (ENOSPC: no space left on device, write). The pair stays shown: press the grade again once the store can be written.');
    mkdirSync(output, { recursive: true });
    await saveScreenshot(first, join(output, 'judge-page-not-saved.png'), false);
    await press(first, '3', 'q2 d4');
    expect(await text(first, '#status')).toBe('Saved: d3 graded 3.');
    // Back to d3 by the arrow: its grade is shown, and a key would change it.
    await press(first, 'ArrowLeft', 'q1 d3');
    expect(await text(first, '#graded')).toBe('Graded 3 — press a key to change it.');
    await saveScreenshot(first, join(output, 'judge-page-graded.png'), false);
    await press(first, '1', 'q2 d4');
    // The browser logged the refusals (409, 500) it was answered.
    expect(problems).toEqual([expect.stringContaining('409'), expect.stringContaining('500')]);
    // The server stopped: a key says so, and nothing is shown as saved.
    await ann.close();
    await press(first, '2', 'q2 d4');
    expect(await text(first, '#status')).toBe('No answer from the page’s server (is rankeval judge still running?): nothing was saved.');
    await first.close();
    await second.close();
    expect(linesOf(store)).toEqual(['ann q1 d1 2', 'ann q1 d2 1', 'ann q1 d3 3', 'ann q1 d3 1']);
  }, 60_000);

  /** The nugget page of `judge` on the nugget files (the RAG run, then nuggetizer's answers of run gpt). */
  async function startNuggets(judge: string, more: string[] = []): Promise<JudgePage> {
    const args = parseNuggetPageArgs(['--nuggets', nuggetFiles.bank, '--answers', nuggetFiles.rag, '--answers', nuggetFiles.answers, '--store', nuggetFiles.store, '--judge', judge, ...more]);
    return startJudgePage(await loadNuggetPage(args, { stdout: { write: () => true }, stderr: { write: () => true } }));
  }

  /** The nugget store's lines as `judge run topic nugget assignment`. */
  const nuggetLines = (): string[] => parseNuggetJudgments(readFileSync(nuggetFiles.store)).judgments.map(({ judge, run_id, topic_id, nugget, assignment }) => `${judge} ${run_id} ${topic_id} ${nugget} ${assignment}`);

  it('checks nuggets of answers by keyboard: the answer and its citations shown, every assignment kept through undo, a stale tab, a reload and a restart', async () => {
    let ann = await startNuggets('ann');
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    const problems = problemsOf(page);
    await page.goto(ann.url);
    await showing(page, 't1 bm25-gpt 0');
    expect(await text(page, '#question')).toBe('how to prime a pump');
    expect(await page.locator('#answer li').allTextContents()).toEqual(['Fill the casing first.[d1]', 'Then start it.']);
    expect(await text(page, '#answer li .cites')).toBe('[d1]');
    expect([await text(page, '#importance'), await text(page, '#nugget-text')]).toEqual(['vital', 'fill the casing with water']);
    expect(await page.locator('#labels kbd').allTextContents()).toEqual(['y', 'p', 'n']);
    expect(await page.locator('#partial-key').isVisible()).toBe(true);
    await press(page, 'p', 't1 bm25-gpt 1');
    expect(await text(page, '#overall')).toBe('1 of 5 assigned');
    expect(await text(page, '#query-place')).toBe('Answer 1 of 3 (run bm25-gpt, topic t1): 1 of 2 assigned');
    mkdirSync(output, { recursive: true });
    await saveScreenshot(page, join(output, 'judge-page-nuggets.png'), false);
    await press(page, 'n', 't2 bm25-gpt 0');
    // t2 has no question in the bank: none is shown.
    expect(await page.locator('#question').isHidden()).toBe(true);
    await press(page, 's', 't1 gpt 0'); // skipped: stays unassigned
    // nuggetizer's answer: its markup shown as text, no element made of it.
    expect(await page.locator('#answer li').first().textContent()).toBe(MARKUP);
    expect(await page.locator('#answer script, #answer img, #answer b').count()).toBe(0);
    expect(await page.title()).toBe('rankeval judge');
    await press(page, 'u', 't1 bm25-gpt 1'); // undo: back to the last assignment, shown
    expect(await text(page, '#assigned')).toBe('Assigned not_support — press a key to change it.');
    expect(await page.locator('#labels button[aria-pressed="true"] kbd').textContent()).toBe('n');
    await press(page, 'y', 't2 bm25-gpt 0'); // changed; on to the first unassigned after it

    // Reloaded: where a restart goes, the first unassigned nugget after the last line (t1 #1 of bm25-gpt).
    await page.reload();
    await showing(page, 't2 bm25-gpt 0');
    await press(page, 'y', 't1 gpt 0');

    // A second tab assigns the nugget shown; the first, still showing it, is refused and shows the next.
    const second = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await second.goto(ann.url);
    await showing(second, 't1 gpt 0');
    await press(second, 'n', 't1 gpt 1');
    await press(page, 'y', 't1 gpt 1');
    expect(await text(page, '#status')).toBe('Not saved: this page showed topic "t1", run "gpt", nugget 1, but the nugget shown now is topic "t1", run "gpt", nugget 2: the page was opened again (another tab, or a reload). Look at the nugget shown, then press the key.');
    await second.close();

    // The server stopped and started again on the same store: the judge resumes.
    await ann.close();
    ann = await startNuggets('ann');
    await page.goto(ann.url);
    await showing(page, 't1 gpt 1');
    expect(await text(page, '#overall')).toBe('4 of 5 assigned');
    await press(page, 'y', 'done');
    expect(await text(page, '#done-text')).toBe('Every nugget of every answer is assigned: 5 assignments.');
    expect(problems).toEqual([expect.stringContaining('409')]);

    // On 2 grades, p is no key: a second judge's p does nothing, y is saved.
    const bob = await startNuggets('bob', ['--grades', '2']);
    await page.goto(bob.url);
    await showing(page, 't1 bm25-gpt 0');
    expect(await page.locator('#labels kbd').allTextContents()).toEqual(['y', 'n']);
    expect(await page.locator('#partial-key').isHidden()).toBe(true);
    await page.keyboard.press('p');
    await press(page, 'y', 't1 bm25-gpt 1');
    await page.close();
    await bob.close();
    await ann.close();

    expect(nuggetLines()).toEqual([
      'ann bm25-gpt t1 fill the casing with water partial_support',
      'ann bm25-gpt t1 open the vent not_support',
      'ann bm25-gpt t1 open the vent support',
      'ann bm25-gpt t2 two years support',
      'ann gpt t1 fill the casing with water not_support',
      'ann gpt t1 open the vent support',
      'bob bm25-gpt t1 fill the casing with water support',
    ]);
    // The store scored as nuggetizer's output: ann's last line of each nugget, in the bank's order.
    const bank = parseNuggetBank(readFileSync(nuggetFiles.bank));
    const answers = nuggetAssignmentsOf(parseNuggetJudgments(readFileSync(nuggetFiles.store)), { judge: 'ann', bank });
    expect(answers.map(({ runId, queryId, nuggets }) => `${runId} ${queryId} ${nuggets.map((nugget) => nugget.assignment).join(' ')}`)).toEqual([
      'bm25-gpt t1 partial_support support',
      'bm25-gpt t2 support',
      'gpt t1 not_support support',
    ]);
    // bm25-gpt's vital nuggets: partly supported on t1, supported on t2.
    expect(evaluateNuggets(answers).byRun['bm25-gpt']?.mean.vital).toBe((0.5 / 1 + 1 / 1) / 2);
  }, 60_000);
});
