// The docs site's playground (docs/playground.md), built by VitePress and served from 127.0.0.1 under the
// site's base, in real headless Chromium (Debian's chromium; .ci/run installs it): the quick start and two
// runs of the RAG example entered as a user would (a button, a file chosen, a file dropped), every figure
// shown equal to evaluateRun's and compare's on the same text, the library's own words for bad input, the
// report drawn, no request beyond 127.0.0.1 and no console error; screenshots with RANKEVAL_SCREENSHOTS=1.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, evaluateRun, parseGoldenSet, parseRun } from '../../src/index.js';
import { chromiumForTests, launchChromium, problemsOf, saveScreenshot } from '../helpers/chromium.js';
import { errorOf } from '../helpers/files.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const output = join(root, 'test-output');
const site = join(output, 'playground-site');
const BASE = '/rankeval/';
const MEASURES = ['ndcg@10', 'recall@5', 'mrr@10'];

/**
 * Builds the playground's page alone (not the guides nor the API reference, which `npm run docs:build`
 * builds): the site's own config, its page list cut to the playground, its links left unchecked (they lead
 * to pages not built here), no search index, and VitePress's temporary files under test-output/, not in
 * docs/.vitepress where `docs:build` writes its own. In a child process: the build sets NODE_ENV.
 */
const BUILD = `
import { resolve } from 'node:path';
import { build } from 'vitepress';
const [out, temp] = process.argv.slice(1);
await build('docs', {
  outDir: out,
  onAfterConfigResolve(config) {
    config.pages = ['playground.md'];
    config.tempDir = resolve(temp);
    config.ignoreDeadLinks = true;
    config.site.themeConfig.search = undefined;
  },
});
`;

/** The newest modification time of the files under `dir`, leaving out the folders named in `skip`. */
function newestUnder(dir: string, skip: readonly string[] = []): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (skip.includes(path)) continue;
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path, skip) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The whole site as `npm run docs:build` left it (CI builds it before the tests), when its playground page
 * is newer than every file it is built from — the guides, the theme, src/ and the lockfile — so that the
 * page under test is the one these files make; otherwise undefined, and the test builds the page itself.
 */
function freshSiteBuild(): string | undefined {
  const vitepress = join(root, 'docs/.vitepress');
  const dist = join(vitepress, 'dist');
  if (!existsSync(join(dist, 'playground.html'))) return undefined;
  // The API reference is generated from src/ by the same docs:build, just before the site: not an input.
  const generated = [dist, join(vitepress, 'cache'), join(root, 'docs/reference')];
  const inputs = Math.max(newestUnder(join(root, 'docs'), generated), newestUnder(join(root, 'src')), statSync(join(root, 'package-lock.json')).mtimeMs);
  return statSync(join(dist, 'playground.html')).mtimeMs > inputs ? dist : undefined;
}

// Skipped, with one line on stderr, when there is no browser outside CI (test/helpers/chromium.ts).
describe.skipIf(chromiumForTests.skip)('the playground in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    let built = freshSiteBuild();
    if (built === undefined) {
      await promisify(execFile)(process.execPath, ['--input-type=module', '-e', BUILD, join(site, 'dist'), join(site, 'temp')], { cwd: root });
      built = join(site, 'dist');
    }
    server = await serve(built);
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  /** The playground opened, with what it logs and requests collected; a request beyond `origin` is refused. */
  async function open(): Promise<{ page: Page; problems: string[]; requests: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems = problemsOf(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.route('**/*', (route) => (route.request().url().startsWith(`${origin}/`) ? route.continue() : route.abort()));
    await page.goto(`${origin}${BASE}playground`, { waitUntil: 'networkidle' });
    return { page, problems, requests };
  }

  it('shows the quick start’s scores, evaluateRun’s, trec_eval’s names as -m reads them, and the library’s words for a misspelt measure and a bad golden set', async () => {
    const { page, problems, requests } = await open();
    await page.getByRole('button', { name: 'Load the quick start' }).click();
    await page.locator('iframe.report[data-state="done"]').waitFor();
    const golden = await page.getByLabel('Golden set: content').inputValue();
    const run = await page.getByLabel('Run 1: content').inputValue();
    expect(await page.getByLabel('measures').inputValue()).toBe('ndcg@10, recall@5, mrr@10');
    const evaluation = evaluateRun(parseRun(run).rankings, parseGoldenSet(golden).qrels, { measures: MEASURES });
    const shown = await figures(page);
    expect(shown.filter(({ table }) => table === 'means')).toEqual(MEASURES.map((measure) => cell('means', 'quickstart', measure, evaluation.mean[measure]!)));
    const perQuery = Object.entries(evaluation.perQuery).flatMap(([query, scores]) => MEASURES.map((measure) => cell('per-query', 'quickstart', measure, scores[measure]!, query)));
    expect(shown.filter(({ table }) => table === 'per-query')).toEqual(perQuery);
    // The quick start's figures, worked by hand: linear gain, q3 unanswered (0).
    const ndcgQ1 = (2 + 1 / Math.log2(4)) / (2 + 1 / Math.log2(3));
    expect(evaluation.mean['ndcg@10']).toBeCloseTo((ndcgQ1 + 1 / Math.log2(3) + 0) / 3, 12);
    expect(shown.filter(({ table }) => table === 'means').map(({ text }) => text)).toEqual(['0.5271', '0.6667', '0.5000']);
    await expect.poll(() => page.locator('ul.warnings li').allTextContents()).toEqual(evaluation.warnings.map(({ message }) => `run "quickstart": ${message}`));

    // trec_eval's names, split as -m splits them: `P.5,10` is one name of two measures.
    await page.getByLabel('measures').fill('ndcg_cut.10, P.5,10');
    const trecNames = evaluateRun(parseRun(run).rankings, parseGoldenSet(golden).qrels, { measures: ['ndcg_cut.10', 'P.5,10'] as string[] });
    expect(Object.keys(trecNames.mean)).toEqual(['ndcg_cut.10', 'P_5', 'P_10']);
    await expect
      .poll(async () => (await figures(page)).filter(({ table }) => table === 'means'))
      .toEqual(Object.entries(trecNames.mean).map(([measure, value]) => cell('means', 'quickstart', measure, value)));

    await page.getByLabel('measures').fill('ndgc@10, recall@5');
    const measureError = (() => {
      try {
        // Names as typed in the page, strings of run time: the types would refuse the literal.
        evaluateRun(parseRun(run).rankings, parseGoldenSet(golden).qrels, { measures: ['ndgc@10', 'recall@5'] as string[] });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(measureError).toMatch(/^unknown measure `ndgc@10`: did you mean `ndcg@10`\?/);
    await expect.poll(() => page.locator('.measure-error').textContent()).toBe(measureError);
    await saveScreenshot(page, join(output, 'playground-measure-error.png'), false);

    const badGolden = golden.replace('"query_id": "q2"', '"qid": "q2"');
    await page.getByLabel('Golden set: content').fill(badGolden);
    const goldenError = (() => {
      try {
        parseGoldenSet(badGolden, { file: 'golden.jsonl' });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(goldenError).toMatch(/^golden\.jsonl:2: unknown key "qid": did you mean "query_id"\?/);
    await expect.poll(() => page.locator('.source.failed .error').textContent()).toBe(goldenError);
    expect(await page.locator('table.means').count()).toBe(0);
    await saveScreenshot(page, join(output, 'playground-golden-error.png'), false);

    // A judgments store pasted as the golden set: named as such, with what turns it into one.
    const store = '{"query_id": "q1", "doc_id": "d1", "grade": 2, "judge": "alice", "at": "2026-12-05T02:10:00.000Z"}\n';
    await page.getByLabel('Golden set: content').fill(store);
    const storeError = (errorOf(() => parseGoldenSet(store, { file: 'golden.jsonl' })) as Error).message;
    expect(storeError).toMatch(/^golden\.jsonl:1: this looks like a judgments store .*`rankeval judge --export jsonl --store STORE`, or in code `toQrels\(parseJudgments\(text\)\.judgments\)`$/);
    await expect.poll(() => page.locator('.source.failed .error').textContent()).toBe(storeError);

    expect(problems).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    await page.close();
  }, 120_000);

  it('compares two runs chosen and dropped as files: means, per-query scores and p-values are compare’s, the report drawn', async () => {
    const { page, problems, requests } = await open();
    const text = (path: string) => readFileSync(join(root, 'examples/rag', path), 'utf8');
    await page.getByLabel('Golden set: file').setInputFiles({ name: 'golden.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(text('golden.jsonl')) });
    await page.getByLabel('Run 1: file').setInputFiles({ name: 'keyword.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(text('runs/keyword.jsonl')) });
    await page.getByRole('button', { name: '+ add a run' }).click();
    const dropped = await page.evaluateHandle((content) => {
      // This runs in the page; the tests' type-check knows no DOM beyond what Playwright declares.
      const { DataTransfer, File } = globalThis as unknown as { DataTransfer: new () => { items: { add(file: unknown): void } }; File: new (parts: string[], name: string) => unknown };
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], 'bm25.jsonl'));
      return transfer;
    }, text('runs/bm25.jsonl'));
    await page.locator('section.source').nth(2).dispatchEvent('drop', { dataTransfer: dropped });
    // The first run alone may have been scored and drawn already: the comparison comes with the second, and
    // with it the report of both is drawn afresh.
    await page.locator('table.comparison').waitFor();
    await page.locator('iframe.report[data-state="done"]').waitFor();
    expect(await page.getByLabel('Run 2: name').inputValue()).toBe('bm25');

    const { qrels } = parseGoldenSet(text('golden.jsonl'));
    const runs = new Map(['keyword', 'bm25'].map((name) => [name, parseRun(text(`runs/${name}.jsonl`)).rankings]));
    const evaluations = [...runs].map(([name, rankings]) => [name, evaluateRun(rankings, qrels, { measures: MEASURES })] as const);
    const comparison = compare(runs, qrels, { measures: MEASURES });
    const shown = await figures(page);
    expect(shown.filter(({ table }) => table === 'means')).toEqual(evaluations.flatMap(([name, { mean }]) => MEASURES.map((measure) => cell('means', name, measure, mean[measure]!))));
    const queries = Object.keys(evaluations[0]![1].perQuery);
    expect(queries).toHaveLength(24);
    expect(shown.filter(({ table }) => table === 'per-query')).toEqual(
      queries.flatMap((query) => MEASURES.flatMap((measure) => evaluations.map(([name, { perQuery }]) => cell('per-query', name, measure, perQuery[query]![measure]!, query)))),
    );
    const rows = shown.filter(({ table }) => table === 'comparison');
    const expected = comparison.rows.flatMap((row) =>
      (['mean', 'delta', 'pValue', 'pValueCorrected'] as const).filter((field) => row[field] !== null).map((field) => ({ table: 'comparison', run: row.run, measure: row.measure, field, value: row[field]! })),
    );
    expect(rows.map(({ text: _, ...rest }) => rest)).toEqual(expected);
    // The texts: four decimals, a difference with its sign.
    const candidate = comparison.rows.find((row) => row.run === 'bm25' && row.measure === 'ndcg@10')!;
    expect(rows.filter(({ run, measure }) => run === 'bm25' && measure === 'ndcg@10').map(({ text }) => text)).toEqual([
      candidate.mean.toFixed(4),
      `${candidate.delta! < 0 ? '−' : '+'}${Math.abs(candidate.delta!).toFixed(4)}`,
      candidate.pValue!.toFixed(4),
      `${candidate.pValueCorrected!.toFixed(4)}${candidate.significant ? ' *' : ''}`,
    ]);

    // The report: the library's, drawn in the page (2 runs, 3 measures: means, curves, differences, tags).
    const report = page.frameLocator('iframe.report');
    expect(await report.locator('table.comparison tbody tr').count()).toBe(6);
    const charts = await report.locator('figure.chart').all();
    expect(charts.length).toBeGreaterThanOrEqual(8);
    for (const chart of charts) {
      const box = await chart.locator('svg').last().boundingBox();
      expect(box, (await chart.getAttribute('data-chart')) ?? '').not.toBeNull();
      expect(box!.width).toBeGreaterThan(200);
    }
    await saveScreenshot(page, join(output, 'playground.png'));
    expect(problems).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(requests.length).toBeGreaterThan(3);
    await page.close();
  }, 120_000);
});

interface Figure {
  readonly table: string;
  readonly run: string;
  readonly measure: string;
  readonly query?: string;
  readonly field?: string;
  readonly value: number;
  readonly text: string;
}

/** A figure as the page should show it: its exact value, and four decimals. */
const cell = (table: string, run: string, measure: string, value: number, query?: string): Figure => ({ table, run, measure, ...(query === undefined ? {} : { query }), value, text: value.toFixed(4) });

/** Every figure the page shows in its tables, in page order: its table, run, measure, query, exact value and text. */
function figures(page: Page): Promise<Figure[]> {
  return page.locator('table td[data-value]').evaluateAll((cells) =>
    cells.map((td) => {
      const { run, measure, query, field, value } = (td as unknown as { dataset: Record<string, string> }).dataset;
      return {
        table: td.closest('table')!.className,
        run: run!,
        measure: measure!,
        ...(query === undefined ? {} : { query }),
        ...(field === undefined ? {} : { field }),
        value: Number(value),
        text: td.textContent!.trim(),
      };
    }),
  );
}

/** Serves the built site's files under BASE on 127.0.0.1 (an ephemeral port), `/playground` from `playground.html`. */
async function serve(dir: string): Promise<Server> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.woff2': 'font/woff2', '.svg': 'image/svg+xml' };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = !path.startsWith(BASE) ? undefined : path.endsWith('/') ? `${path}index.html` : extname(path) === '' ? `${path}.html` : path;
    try {
      if (file === undefined) throw new Error('outside the base');
      const body = readFileSync(join(dir, normalize(file.slice(BASE.length)).replace(/^(\.\.[/\\])+/, '')));
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
