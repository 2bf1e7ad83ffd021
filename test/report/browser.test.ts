// The report of the bundled RAG example, opened from a file:// URL in real headless Chromium (Debian's
// chromium; .ci/run installs it): no console errors, no network requests, every chart drawn with a size,
// and, with RANKEVAL_SCREENSHOTS=1, screenshots under test-output/ for a person to look at.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateNuggets, nuggetComparisonScores, parseGoldenSet, parseNuggetAssignments, parseNuggetBank, parseRun } from '../../src/index.js';
import { renderOverlapReport, renderReport, renderReportData, reportData } from '../../src/report/index.js';
import { chromiumForTests, launchChromium, problemsOf, saveScreenshot } from '../helpers/chromium.js';
import { manyQueries } from '../helpers/report.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const output = join(root, 'test-output');

// Skipped, with one line on stderr, when there is no browser outside CI (test/helpers/chromium.ts).
describe.skipIf(chromiumForTests.skip)('the report in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** The page written to test-output/`name` and opened from its file:// URL, after checking it logged no error and fetched nothing else. */
  async function openedOffline(html: string, name: string): Promise<Page> {
    mkdirSync(output, { recursive: true });
    const file = join(output, name);
    writeFileSync(file, html);
    const page = await browser.newPage({ viewport: { width: 1250, height: 900 } });
    const problems = problemsOf(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const url = pathToFileURL(file).href;
    await page.goto(url, { waitUntil: 'load' });
    expect(problems).toEqual([]);
    expect(requests).toEqual([url]);
    return page;
  }

  it('opens offline with no console error and no request, and draws every chart', async () => {
    const read = (path: string) => readFileSync(join(root, path));
    const golden = parseGoldenSet(read('examples/rag/golden.jsonl'));
    const runs = new Map(['keyword', 'bm25'].map((name) => [name, parseRun(read(`examples/rag/runs/${name}.jsonl`)).rankings]));
    const html = await renderReport({ qrels: golden.qrels, slices: golden.tags, questions: golden.questions, runs }, { measures: ['ndcg@10', 'recall@5'] });
    const page = await openedOffline(html, 'report.html');
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
    const geometry = await chartGeometry(page);
    expect(geometry).toEqual(geometry.map(({ name }) => ({ name, widthGap: 0, collisions: [] })));
    await saveScreenshot(page, join(output, 'report.png'));
    await page.close();
  }, 60_000);

  it('opens the report of nugget scores (examples/nuggets): means and differences drawn, what needs rankings said to be left out', async () => {
    const read = (path: string) => readFileSync(join(root, path));
    const answers = parseNuggetAssignments(read('examples/nuggets/assignments.jsonl'), { file: 'assignments.jsonl' });
    const bank = parseNuggetBank(read('examples/nuggets/nuggets.jsonl'), { file: 'nuggets.jsonl' });
    const scores = nuggetComparisonScores(evaluateNuggets(answers, { topics: bank }));
    const html = await renderReport({ scores }, { measures: ['vital_score', 'all_score'], test: 'randomization' });
    const page = await openedOffline(html, 'nuggets-report.html');
    // 2 measures: 2 mean charts and 2 difference charts; no curve.
    const charts = await page.locator('figure.chart').all();
    expect(charts).toHaveLength(4);
    for (const chart of charts) {
      const box = await chart.locator('svg').last().boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.height).toBeGreaterThan(150);
    }
    expect(await page.locator('table.comparison tbody tr').count()).toBe(4);
    expect(await page.locator('p.left-out').innerText()).toMatch(/^Left out: this report was made from per-query scores/);
    // dense-gpt lost q07 on vital_score (0.5 − 0.5 → 0) and q07 and q09 on all_score; the baseline's score, the candidate's, Δ.
    const lost = await page.locator('table.lost-scores').first().locator('tbody tr').allInnerTexts();
    expect(lost.map((row) => row.split('\t'))).toEqual([['q07', '0.5000', '0.0000', '−0.5000']]);
    expect(await page.locator('header').innerText()).toContain('3 queries · runs: bm25-gpt (baseline), dense-gpt · measures: vital_score, all_score');
    const geometry = await chartGeometry(page);
    expect(geometry).toEqual(geometry.map(({ name }) => ({ name, widthGap: 0, collisions: [] })));
    await saveScreenshot(page, join(output, 'nuggets-report.png'));
    await page.close();
  }, 60_000);

  it('keeps long tag names and a third run’s name clear of each other and of the axis labels', async () => {
    // Tag names long enough to collide at the default width, and three runs: the middle run's tick label sits
    // where a centred axis label goes.
    const tags = ['installation-and-setup', 'troubleshooting-the-firmware', 'battery', 'warranty-and-returns'];
    const queries = Array.from({ length: 8 }, (_, i) => `q${i}`);
    const qrels = Object.fromEntries(queries.map((qid) => [qid, { [`${qid}-a`]: 1, [`${qid}-b`]: 1 }]));
    const run = (shift: number) => Object.fromEntries(queries.map((qid, i) => [qid, i % 3 === shift ? ['x', `${qid}-a`] : [`${qid}-b`, 'y', `${qid}-a`]]));
    const html = await renderReport(
      { qrels, slices: Object.fromEntries(queries.map((qid, i) => [qid, tags[i % tags.length]!])), runs: { 'baseline-retriever': run(0), 'hybrid-retriever': run(1), 'reranked-retriever': run(2) } },
      { measures: ['ndcg@10'] },
    );
    const page = await browser.newPage({ viewport: { width: 1250, height: 900 } });
    await page.setContent(html, { waitUntil: 'load' });
    const geometry = await chartGeometry(page);
    expect(geometry.map(({ name }) => name)).toEqual(expect.arrayContaining(['means ndcg@10', 'tags ndcg@10']));
    expect(geometry).toEqual(geometry.map(({ name }) => ({ name, widthGap: 0, collisions: [] })));
    await page.close();
  }, 60_000);

  it('shows a query id with a right-to-left override escaped, the Δ after it reading left to right', async () => {
    // Written raw, U+202E turned the rest of the heading around: "q0000.1− Δ live".
    const evil = 'q\u202eevil';
    const html = await renderReport(
      { qrels: { q1: { d1: 1 }, [evil]: { d2: 1 } }, runs: { a: { q1: ['x', 'd1'], [evil]: ['d2'] }, b: { q1: ['x', 'd1'], [evil]: ['x'] } } },
      { measures: ['P@1'], title: 'Nightly \u202eevil 2' },
    );
    const page = await browser.newPage({ viewport: { width: 1250, height: 900 } });
    await page.setContent(html, { waitUntil: 'load' });
    // The left edge of each character of the heading's text, in the order read: left to right on screen too.
    const positions = (selector: string) =>
      page.locator(selector).first().evaluate((element) => {
        const doc = element.ownerDocument;
        const walker = doc.createTreeWalker(element, 4);
        const lefts: { char: string; left: number }[] = [];
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          for (let i = 0; i < node.textContent!.length; i++) {
            const range = doc.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const box = range.getBoundingClientRect();
            if (box.width > 0) lefts.push({ char: node.textContent![i]!, left: box.left });
          }
        }
        return lefts;
      });
    for (const selector of ['article.lost h3', 'h1']) {
      const chars = await positions(selector);
      expect(chars.map(({ char }) => char).join(''), selector).toBe(selector === 'h1' ? 'Nightly \\u202eevil 2' : 'q\\u202eevil Δ −1.0000');
      expect(chars.map(({ left }) => left), selector).toEqual(chars.map(({ left }) => left).sort((x, y) => x - y));
    }
    await page.close();
  }, 60_000);

  it('keeps long run names and ten runs readable at 900 px: ticks cut, titles wrapped, distinct colours, no sideways scroll', async () => {
    const queries = Array.from({ length: 8 }, (_, i) => `q${i}`);
    const qrels = Object.fromEntries(queries.map((qid) => [qid, { [`${qid}-a`]: 1, [`${qid}-b`]: 1 }]));
    const run = (shift: number) => Object.fromEntries(queries.map((qid, i) => [qid, (i + shift) % 3 === 0 ? ['x', `${qid}-a`] : (i + shift) % 3 === 1 ? [`${qid}-b`, 'y', `${qid}-a`] : ['y', `${qid}-a`, `${qid}-b`]]));
    const longNames = ['a-very-long-run-name-for-the-baseline-system', 'bm25-with-a-long-name-too', 'k2', 'b2'];
    const pages = {
      'long names': await renderReport({ qrels, slices: Object.fromEntries(queries.map((qid, i) => [qid, i % 2 === 0 ? 'even' : 'odd'])), runs: Object.fromEntries(longNames.map((name, i) => [name, run(i)])) }, { measures: ['ndcg@10', 'P@1'], losses: 2 }),
      'ten runs': await renderReport({ qrels, runs: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`run${i}`, run(i)])) }, { measures: ['ndcg@10'], losses: 1 }),
    };
    for (const [name, html] of Object.entries(pages)) {
      const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
      await page.setContent(html, { waitUntil: 'load' });
      const geometry = await chartGeometry(page);
      expect(geometry.length, name).toBeGreaterThan(3);
      expect(geometry, name).toEqual(geometry.map(({ name }) => ({ name, widthGap: 0, collisions: [] })));
      // No element of the page runs past the window, but for the insides of a table that scrolls on its own.
      const overflow = await page.locator('html').evaluate((root) => {
        const width = root.clientWidth;
        const outside = [...root.querySelectorAll('body *')].filter((element) => element.closest('.scroll') === null && element.getBoundingClientRect().right > width + 0.5);
        return { scrollWidth: root.scrollWidth, width, outside: outside.map((element) => `${element.tagName} ${element.textContent?.slice(0, 40)}`) };
      });
      expect(overflow, name).toEqual({ scrollWidth: overflow.width, width: overflow.width, outside: [] });
      const fills = await page.locator('figure.chart[data-chart^="means"]').first().locator('g[aria-label="bar"] rect').evaluateAll((rects) => rects.map((rect) => rect.getAttribute('fill')));
      expect(new Set(fills).size, name).toBe(name === 'ten runs' ? 10 : 4);
      if (name === 'long names') {
        const ticks = await page.locator('figure.chart[data-chart="means ndcg@10"] g[aria-label="x-axis tick label"] text').evaluateAll((texts) => texts.map((text) => text.firstChild?.textContent));
        expect(ticks).toEqual(['a-very-long-ru…', 'bm25-with-a-lo…', 'k2', 'b2']);
      }
      await saveScreenshot(page, join(output, `report-${name.replace(' ', '-')}-900.png`));
      await page.close();
    }
  }, 60_000);

  it('draws degenerate reports readably: ties, one document deep, differences of a millionth', async () => {
    const qrels = { q1: { d1: 1, d2: 0 }, q2: { d3: 2, d4: 1 } };
    const oneDeep = { q1: ['d1'], q2: ['d3'] };
    const deeper = { q1: ['d2', 'd1', 'dx'], q2: ['d4', 'd3'] };
    const measures = ['ndcg@10', 'map'];
    // Differences too small for two decimals: the y tick labels need more room than usual.
    const tiny = reportData({ qrels, runs: { a: deeper, b: { q1: ['d1', 'd2'], q2: ['d3'] } } }, { measures });
    const pages = {
      'every query ties, one document deep': await renderReport({ qrels, runs: { a: oneDeep, b: oneDeep } }, { measures }),
      'every query ties': await renderReport({ qrels, runs: { a: deeper, b: deeper } }, { measures }),
      'differences of a millionth': await renderReportData({
        ...tiny,
        deltas: tiny.deltas.map((series) => ({ ...series, deltas: series.deltas.map((entry, i) => ({ ...entry, delta: i === 0 ? 3e-6 : -1.5e-6, outcome: i === 0 ? 'win' : 'loss' })) })),
      }),
    };
    for (const [name, html] of Object.entries(pages)) {
      const page = await browser.newPage({ viewport: { width: 1250, height: 900 } });
      const problems = problemsOf(page);
      await page.setContent(html, { waitUntil: 'load' });
      expect(problems, name).toEqual([]);
      const geometry = await chartGeometry(page);
      expect(geometry, name).toEqual(geometry.map(({ name }) => ({ name, widthGap: 0, collisions: [] })));
      if (name === 'differences of a millionth') expect(geometry.map(({ name }) => name)).toContain('differences b ndcg@10');
      await page.close();
    }
  }, 60_000);

  it('draws whiskers cut to 0–1 with arrowheads inside the chart, and query ids under 40 bars clear of each other', async () => {
    // mrr@10 on 15 queries: nearly ranks the relevant document first on 14 queries (its t interval runs past 1),
    // rarely on one (below 0).
    const ids = Array.from({ length: 15 }, (_, i) => `q${i + 1}`);
    const qrels = Object.fromEntries(ids.map((qid) => [qid, { [`${qid}-r`]: 1 }]));
    const nearly = Object.fromEntries(ids.map((qid, i) => [qid, i === 0 ? ['x', `${qid}-r`] : [`${qid}-r`, 'x']]));
    const rarely = Object.fromEntries(ids.map((qid, i) => [qid, i === 0 ? [`${qid}-r`] : ['x', 'y']]));
    const pages = {
      'cut whiskers': await renderReport({ qrels, runs: { nearly, rarely } }, { measures: ['mrr@10'] }),
      '40 queries': await renderReport(manyQueries(40), { measures: ['ndcg@10'] }),
      '60 queries': await renderReport(manyQueries(60), { measures: ['ndcg@10'] }),
    };
    mkdirSync(output, { recursive: true });
    for (const [name, html] of Object.entries(pages)) {
      const page = await browser.newPage({ viewport: { width: 1250, height: 900 } });
      await page.setContent(html, { waitUntil: 'load' });
      const geometry = await chartGeometry(page);
      expect(geometry, name).toEqual(geometry.map(({ name }) => ({ name, widthGap: 0, collisions: [] })));
      await saveScreenshot(page, join(output, `report-${name.replace(' ', '-')}.png`));
      if (name === 'cut whiskers') {
        const chart = page.locator('figure.chart[data-chart="means mrr@10"] > figure > svg');
        const frame = (await chart.boundingBox())!;
        const heads = await chart.locator('g[aria-label="dot"] path').evaluateAll((paths) => paths.map((path) => path.getBoundingClientRect().toJSON() as { top: number; bottom: number }));
        expect(heads).toHaveLength(2);
        for (const head of heads) expect(head.top >= frame.y && head.bottom <= frame.y + frame.height, JSON.stringify(head)).toBe(true);
      } else {
        const labels = await page.locator('figure.chart[data-chart^="differences"] g[aria-label="x-axis tick label"] text').count();
        expect(labels, name).toBe(name === '40 queries' ? 24 : 0);
        expect(await page.locator('figure.chart[data-chart^="differences"] .extremes li').count(), name).toBe(name === '40 queries' ? 0 : 2);
      }
      await page.close();
    }
  }, 60_000);

  it('draws a 7,000-query report’s differences as one area of wins and one of losses, clear of the axes', async () => {
    const html = await renderReportData(reportData(manyQueries(7000), { measures: ['ndcg@10', 'map'] }));
    mkdirSync(output, { recursive: true });
    const page = await browser.newPage({ viewport: { width: 1250, height: 900 } });
    const problems = problemsOf(page);
    await page.setContent(html, { waitUntil: 'load' });
    expect(problems).toEqual([]);
    const geometry = await chartGeometry(page);
    expect(geometry).toEqual(geometry.map(({ name }) => ({ name, widthGap: 0, collisions: [] })));
    for (const measure of ['ndcg@10', 'map']) {
      const areas = page.locator(`figure.chart[data-chart="differences candidate ${measure}"] g[aria-label="area"] path`);
      // An SVGRect does not cross from the page: its sizes, copied.
      const boxes = await areas.evaluateAll((paths) =>
        paths.map((path) => {
          const { width, height } = (path as unknown as { getBBox(): { width: number; height: number } }).getBBox();
          return { width, height };
        }),
      );
      expect(boxes, measure).toHaveLength(2);
      for (const box of boxes) expect(box.width * box.height, measure).toBeGreaterThan(100);
    }
    await saveScreenshot(page, join(output, 'report-7000-queries.png'));
    await page.close();
  }, 60_000);

  it('opens the overlap report of two runs at 900 px: its chart clear of its labels, nothing fetched, no sideways scroll', async () => {
    const read = (name: string) => {
      const run = parseRun(readFileSync(join(root, `examples/rag/runs/${name}.jsonl`)));
      return new Map([...run.scored].map(([qid, { ids, scores }]) => [qid, ids.map((id, i) => ({ id, score: scores[i]! }))]));
    };
    const html = await renderOverlapReport({ runs: { bm25: read('bm25'), keyword: read('keyword') } }, { depth: 10 });
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    const problems = problemsOf(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.setContent(html, { waitUntil: 'load' });
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
    const geometry = await chartGeometry(page);
    expect(geometry).toEqual([{ name: 'rbo per query', widthGap: 0, collisions: [] }]);
    // A dot per query (24), each drawn with a size.
    const dots = await page.locator('figure.chart g[aria-label="dot"] circle').evaluateAll((circles) => circles.map((circle) => circle.getBoundingClientRect().width));
    expect(dots).toHaveLength(24);
    expect(Math.min(...dots)).toBeGreaterThan(4);
    expect(await page.locator('article.moved').count()).toBe(10);
    const scrollWidth = await page.locator('html').evaluate((root) => root.scrollWidth - root.clientWidth);
    expect(scrollWidth).toBe(0);
    await saveScreenshot(page, join(output, 'report-overlap.png'));
    await page.close();
  }, 60_000);
});

/**
 * Per chart: how far the plot's width falls short of its card's content width (0 within 3 px), and which
 * texts collide — an axis label with a tick label, or two tick labels of one axis (boxes 1 px apart or closer) —,
 * which run past the chart's left or right edge, whether Plot drew its ⚠ of a warning, and which legend
 * swatches come closer than 4 px to their labels.
 */
function chartGeometry(page: Page) {
  type Box = { left: number; right: number; top: number; bottom: number };
  return page.locator('figure.chart').evaluateAll((figures) =>
    figures.map((figure) => {
      const svg = figure.querySelector(':scope > figure > svg, :scope > svg')!;
      // This runs in the page; the tests' type-check knows no DOM beyond what Playwright declares.
      const style = (globalThis as unknown as { getComputedStyle(element: typeof figure): { paddingLeft: string; paddingRight: string } }).getComputedStyle(figure);
      const content = figure.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const shortfall = content - svg.getBoundingClientRect().width;
      const texts = (selector: string) =>
        [...svg.querySelectorAll(`g[aria-label${selector}] text`)]
          .map((text) => ({ text: text.textContent ?? '', axis: text.closest('g[aria-label]')!.getAttribute('aria-label')!, box: text.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0);
      const frame = svg.getBoundingClientRect();
      const touch = (a: Box, b: Box) => a.left < b.right + 1 && b.left < a.right + 1 && a.top < b.bottom + 1 && b.top < a.bottom + 1;
      const labels = texts('$="axis label"');
      const ticks = texts('$="axis tick label"');
      const collisions = [
        ...labels.flatMap((label) => ticks.filter((tick) => touch(label.box, tick.box)).map((tick) => `${label.axis} "${label.text}" touches ${tick.axis} "${tick.text}"`)),
        ...ticks.flatMap((tick, i) => ticks.slice(i + 1).filter((other) => other.axis === tick.axis && touch(tick.box, other.box)).map((other) => `${tick.axis} "${tick.text}" touches "${other.text}"`)),
        ...[...labels, ...ticks].filter(({ box }) => box.left < frame.left - 0.5 || box.right > frame.right + 0.5).map(({ axis, text }) => `${axis} "${text}" is cut off by the chart's edge`),
        ...[...svg.querySelectorAll('text')].filter((text) => text.textContent === '⚠').map(() => 'a ⚠ of the charting library'),
        // A legend's swatch 4 px or more from its label.
        ...[...figure.querySelectorAll(':scope > figure > div > span')].flatMap((swatch) => {
          const [box, label] = [swatch.querySelector('svg'), [...swatch.childNodes].find((node) => node.nodeType === 3)];
          if (box === null || label === undefined) return [];
          const range = figure.ownerDocument.createRange();
          range.selectNodeContents(label);
          const gap = range.getBoundingClientRect().left - box.getBoundingClientRect().right;
          return gap < 4 ? [`the legend's swatch of "${label.textContent}" is ${gap.toFixed(1)} px from its label`] : [];
        }),
        ...[...figure.querySelectorAll('.chart-title, figcaption')]
          .filter((text) => text.getBoundingClientRect().right > figure.getBoundingClientRect().right + 0.5 || text.scrollWidth > text.clientWidth + 0.5)
          .map((text) => `"${text.textContent}" runs past the card`),
      ];
      return { name: figure.getAttribute('data-chart'), widthGap: Math.abs(shortfall) <= 3 ? 0 : Math.round(shortfall), collisions };
    }),
  );
}
