// The report of the bundled RAG example, opened from a file:// URL in real headless Chromium (Debian's
// chromium; .ci/run installs it): no console errors, no network requests, every chart drawn with a size,
// and a screenshot under test-output/ for a person to look at.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseGoldenSet, parseRun } from '../../src/index.js';
import { renderReport } from '../../src/report/index.js';

// Debian's chromium by default; RANKEVAL_CHROMIUM names another Chromium-based browser (GitHub's runners have Chrome).
const CHROMIUM = process.env['RANKEVAL_CHROMIUM'] ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('../..', import.meta.url));
const output = join(root, 'test-output');
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium), as .ci/run does, or set RANKEVAL_CHROMIUM`);
  // The flags this machine's closed network needs: no background connections, no sandbox as root.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

it('opens offline with no console error and no request, and draws every chart', async () => {
  const read = (path: string) => readFileSync(join(root, path));
  const golden = parseGoldenSet(read('examples/rag/golden.jsonl'));
  const runs = new Map(['keyword', 'bm25'].map((name) => [name, parseRun(read(`examples/rag/runs/${name}.jsonl`)).rankings]));
  const html = await renderReport({ qrels: golden.qrels, tags: golden.tags, questions: golden.questions, runs }, { measures: ['ndcg@10', 'recall@5'] });
  mkdirSync(output, { recursive: true });
  const file = join(output, 'report.html');
  writeFileSync(file, html);

  const page = await browser.newPage({ viewport: { width: 1250, height: 900 } });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => requests.push(request.url()));
  const url = pathToFileURL(file).href;
  await page.goto(url, { waitUntil: 'load' });

  expect(problems).toEqual([]);
  expect(requests).toEqual([url]);
  const charts = await page.locator('figure.chart').all();
  // 2 measures: 2 mean charts, 2 curves, 2 difference charts, 2 tag charts.
  expect(charts).toHaveLength(8);
  for (const chart of charts) {
    const svg = chart.locator('svg').last();
    const box = await svg.boundingBox();
    expect(box, await chart.getAttribute('data-chart') ?? '').not.toBeNull();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.height).toBeGreaterThan(150);
    expect(await svg.locator('rect, path, line, circle').count()).toBeGreaterThan(3);
  }
  expect(await page.locator('table.comparison tbody tr').count()).toBe(4);
  await page.screenshot({ path: join(output, 'report.png'), fullPage: true });
  expect(readFileSync(join(output, 'report.png')).subarray(1, 4).toString()).toBe('PNG');
  await page.close();
}, 60_000);
