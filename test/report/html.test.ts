import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderReport, renderReportData, reportData } from '../../src/report/index.js';
import { chartSvg, manyQueries, tickLabels } from '../helpers/report.js';

const qrels = new Map(['q1', 'q2', 'q3'].map((q) => [q, new Map([[`${q}-a`, 2], [`${q}-b`, 1]])]));
const runs = new Map([
  ['old <b>', new Map([['q1', ['x', 'q1-a']], ['q2', ['q2-b']], ['q3', ['q3-a', 'q3-b']]])],
  ['new', new Map([['q1', ['q1-a', 'q1-b']], ['q2', ['q2-a', 'q2-b']], ['q3', ['q3-b', 'x']]])],
]);
const slices = new Map([['q1', ['en']], ['q2', ['en']], ['q3', ['ru']]]);
const questions = new Map([['q3', 'Where is "a" & why?']]);
const html = await renderReport({ qrels, runs, slices, questions }, { measures: ['ndcg@5', 'recall@2'], title: 'Release 1.2 <rc>' });

describe('renderReport', () => {
  it('is one self-contained page: inline style, no script, nothing fetched', () => {
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|\bhref=|url\(|@import/i);
  });

  it('has every chart, each with axis labels and a caption saying how to read it', () => {
    const charts = [...html.matchAll(/<figure class="chart" data-chart="([^"]+)">/g)].map((match) => match[1]);
    expect(charts).toEqual([
      'means ndcg@5',
      'means recall@2',
      'recall curve',
      'precision curve',
      'differences new ndcg@5',
      'differences new recall@2',
      'tags ndcg@5',
      'tags recall@2',
    ]);
    expect(html.match(/<figcaption>[^<]{40,}/g)).toHaveLength(8);
    for (const label of ['mean ndcg@5 (0–1)', 'cutoff k (documents retrieved, log scale)', 'mean recall@k (0–1)', 'mean precision@k (0–1)', 'Δ ndcg@5', 'Δ ndcg@5: <bdi>new</bdi> − <bdi>old &lt;b&gt;</bdi>', 'tag (queries)']) {
      expect(html).toContain(label);
    }
    expect(html.match(/<svg/g)!.length).toBeGreaterThanOrEqual(8);
  });

  it('shows the comparison table, the tag table and the queries lost most with both rankings', () => {
    expect(html).toContain('<table class="comparison">');
    expect(html).toContain('<table class="slices">');
    expect(html).toMatch(/<h2>Queries new lost most on ndcg@5<\/h2><article class="lost"><h3><bdi>q3<\/bdi>: Where is &quot;a&quot; &amp; why\? <span class="tags">ru<\/span>/);
    // A query lost on each measure, each with both rankings.
    expect(html).toContain('<h2>Queries new lost most on recall@2</h2>');
    expect(html.match(/<table class="ranking">/g)).toHaveLength(4);
  });

  it('shows a budget measure\'s lost query as the window each run\'s budget held, and the document that would pass it', async () => {
    // q1: base ranks a (60) b (70) c (150): 60 + 70 = 130 ≤ 200 < 280; next ranks c a b: 150 ≤ 200 < 150 + 60 = 210.
    const page = await renderReport(
      { qrels: { q1: { a: 1, b: 2 }, q2: { d: 1 } }, runs: { base: { q1: ['a', 'b', 'c'], q2: ['d'] }, next: { q1: ['c', 'a', 'b'], q2: ['d'] } } },
      { measures: ['recall@budget=200'], lengths: { a: 60, b: 70, c: 150, d: 10 } },
    );
    const lost = page.slice(page.indexOf('<article class="lost">'));
    expect(lost).toContain('<p class="budget">the budget of 200 tokens held the first 2 documents (130 tokens); the 3rd (c, 150 tokens) would pass it (280)</p>');
    expect(lost).toContain('<p class="budget">the budget of 200 tokens held the first document (150 tokens); the 2nd (a, 60 tokens) would pass it (210)</p>');
    // The window's rows with their running totals, then below the cut the document that would pass it.
    expect(lost).toContain(
      '<tbody><tr><td class="number">1</td><td class="number">-</td><td></td><td>c</td><td class="number">150</td><td class="number">150</td></tr><tr class="relevant past"><td class="number">2</td><td class="number">1</td><td>✓</td><td>a</td><td class="number">60</td><td class="number">210</td></tr></tbody>',
    );
    expect(lost).toContain('<p class="missed">missed relevant within 200 tokens (2 of 2): b (grade 2, at rank 3), a (grade 1, at rank 2)</p>');
  });

  it('writes the charts’ coordinates to at most two decimals', () => {
    const numbers = [...html.matchAll(/\s(?:d|x|y|x1|x2|y1|y2|cx|cy|r|width|height|transform|viewBox)="([^"]*)"/g)].flatMap((match) => match[1]!.match(/-?\d*\.?\d+/g) ?? []);
    expect(numbers.length).toBeGreaterThan(500);
    expect(numbers.filter((number) => /\.\d{3}/.test(number))).toEqual([]);
  });

  it('draws a small report’s differences a bar per query, named in its tooltip, and ties without one', () => {
    const { deltas } = reportData({ qrels, runs, slices, questions }, { measures: ['ndcg@5', 'recall@2'] });
    for (const { measure, deltas: series } of deltas) {
      const chart = chartSvg(html, `differences new ${measure}`);
      const drawn = series.filter((entry) => entry.outcome !== 'tie');
      expect(drawn.length, measure).toBeGreaterThan(0);
      const signed = (delta: number) => `${delta < 0 ? '−' : '+'}${Math.abs(delta).toFixed(4)}`;
      expect([...chart.matchAll(/<rect [^>]*><title>([^<]*)<\/title><\/rect>/g)].map((match) => match[1])).toEqual(drawn.map((entry) => `${entry.query}: Δ ${signed(entry.delta)}`));
      // The legend names what is drawn: wins and losses.
      expect([...chart.matchAll(/<\/svg>(win|tie|loss)<\/span>/g)].map((match) => match[1])).toEqual(['win', 'loss']);
    }
  });

  it('counts a small report’s wins, losses and ties in the difference chart’s caption', () => {
    // ndcg@5: new ranks q1's documents a and b first (a win), q2's b and a (a win), and q3's b above nothing (a loss).
    expect(html).toMatch(/<figcaption>One bar per query: new's ndcg@5 minus old &lt;b&gt;'s, sorted\. Bars up are wins, bars down losses: 2 wins \(largest \+0\.\d{4}\), 1 loss \(largest −0\.\d{4}\); 0 ties have no bar\./);
  });

  it('takes plain objects as it takes Maps', async () => {
    const object = <T>(map: ReadonlyMap<string, T>) => Object.fromEntries(map);
    const plain = {
      qrels: Object.fromEntries([...qrels].map(([qid, grades]) => [qid, object(grades)])),
      runs: Object.fromEntries([...runs].map(([name, run]) => [name, object(run)])),
      slices: object(slices),
      questions: object(questions),
    };
    expect(await renderReport(plain, { measures: ['ndcg@5', 'recall@2'], title: 'Release 1.2 <rc>' })).toBe(html);
  });

  it('escapes names, titles and questions', () => {
    expect(html).toContain('<title>Release 1.2 &lt;rc&gt;</title>');
    expect(html).toContain('old &lt;b&gt;');
    expect(html).not.toContain('old <b>');
    expect(html).toContain('Where is &quot;a&quot; &amp; why?');
    expect(html).not.toContain('Where is "a" & why?');
  });
});

describe('renderReport of a measure where lower is better (miss@k)', () => {
  // miss@2: old 1/2, 1/2, 0; new 0, 0, 1/2 (new − old: −1/2, −1/2, +1/2): new wins q1 and q2, loses q3.
  it('says so in the difference chart: its bars down are the wins', async () => {
    const page = await renderReport({ qrels, runs, slices }, { measures: ['miss@2'] });
    expect(page).toContain(
      "<figcaption>One bar per query: new's miss@2 minus old &lt;b&gt;'s, sorted. Lower is better for miss@2: bars up are losses, bars down wins: 2 wins (largest −0.5000), 1 loss (largest +0.5000); 0 ties have no bar.",
    );
    // The query lost is the one whose miss rate rose, shown with its rise.
    expect(page).toMatch(/<h2>Queries new lost most on miss@2<\/h2><article class="lost"><h3><bdi>q3<\/bdi> <span class="tags">ru<\/span> <span class="delta">Δ \+0\.5000<\/span>/);
    expect(page).toContain('W/T/L = queries won/tied/lost against the baseline (lower is better for miss@2: a win is a lower value)');
  });

  it('shades a significant fall of the miss rate as better, a rise as worse', async () => {
    // Six queries: `finds` ranks each relevant document first, `misses` never retrieves it.
    const judged = Object.fromEntries(['q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map((q) => [q, { [`${q}-r`]: 1 }]));
    const finds = Object.fromEntries(Object.keys(judged).map((q) => [q, [`${q}-r`, 'x']]));
    const misses = Object.fromEntries(Object.keys(judged).map((q) => [q, ['x', 'y']]));
    const rowClass = (page: string, run: string) => page.match(new RegExp(`<tr( class="[^"]*")?><td>miss@1</td><td>${run}</td>`))![1];
    expect(rowClass(await renderReport({ qrels: judged, runs: { misses, finds } }, { measures: ['miss@1'], test: 't' }), 'finds')).toBe(' class="significant better"');
    expect(rowClass(await renderReport({ qrels: judged, runs: { finds, misses } }, { measures: ['miss@1'], test: 't' }), 'misses')).toBe(' class="significant worse"');
  });
});

describe('renderReport of a measure whose values are not in [0, 1] (tokens@k, dcg)', () => {
  // tokens@2 with lengths of 100 to 500 tokens: means in the hundreds.
  const lengths = { 'q1-a': 100, 'q1-b': 200, 'q2-a': 300, 'q2-b': 400, 'q3-a': 500, 'q3-b': 100, x: 250 };
  const pageOf = () => renderReport({ qrels, runs, slices }, { measures: ['tokens@2', 'dcg@2', 'ndcg@2'], lengths });

  it('labels its means without “(0–1)”, and keeps the label of a bounded measure', async () => {
    const page = await pageOf();
    expect(page).toContain('mean tokens@2<');
    expect(page).not.toContain('mean tokens@2 (0–1)');
    expect(page).not.toContain('mean dcg@2 (0–1)');
    expect(page).toContain('mean ndcg@2 (0–1)');
  });

  it('draws every bar of the means and per-tag charts inside the chart, on an axis reaching the largest value', async () => {
    const page = await pageOf();
    const data = reportData({ qrels, runs, slices }, { measures: ['tokens@2'], lengths });
    const largestMean = Math.max(...data.bars.map((bar) => bar.high), ...data.slices.map((slice) => slice.mean));
    expect(largestMean).toBeGreaterThan(300);
    for (const chart of ['means tokens@2', 'tags tokens@2', 'means dcg@2', 'tags dcg@2']) {
      const svg = chartSvg(page, chart);
      // The chart's own svg is the tallest (the legend's swatches are svgs too).
      const height = Math.max(...[...svg.matchAll(/<svg[^>]* height="([\d.]+)"/g)].map((match) => Number(match[1])));
      const attribute = (rect: string, name: string) => Number(rect.match(new RegExp(` ${name}="(-?[\\d.]+)"`))?.[1]);
      const bars = (svg.match(/<rect [^>]*>/g) ?? []).filter((rect) => / y="/.test(rect)).map((rect) => [attribute(rect, 'y'), attribute(rect, 'height')] as const);
      expect(bars.length, chart).toBeGreaterThan(0);
      for (const [y, barHeight] of bars) {
        expect(y, chart).toBeGreaterThanOrEqual(0);
        expect(y + barHeight, chart).toBeLessThanOrEqual(height);
      }
    }
    // The y axis of tokens@2 goes past its largest mean (round ends), in tokens.
    const ticks = tickLabels(page, 'tags tokens@2', 'y').map((label) => Number(label.replace(/,/g, '')));
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(Math.max(...data.slices.map((slice) => slice.mean)));
  });
});

describe('renderReport on degenerate input', () => {
  // Two queries; `oneDeep` retrieves one document each (depth 1).
  const judged = { q1: { d1: 1, d2: 0 }, q2: { d3: 2, d4: 1 } };
  const oneDeep = { q1: ['d1'], q2: ['d3'] };
  const deeper = { q1: ['d2', 'd1', 'dx'], q2: ['d4', 'd3'] };
  const measures = ['ndcg@10', 'recall@10', 'mrr@10', 'map'];
  afterEach(() => vi.restoreAllMocks());

  it('lets no warning of the charting library reach the console, nor its ⚠ into a chart', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pages = [
      await renderReport({ qrels: judged, runs: { a: oneDeep, b: oneDeep } }, { measures }),
      await renderReport({ qrels: judged, runs: { a: oneDeep, b: deeper } }, { measures }),
      await renderReport({ qrels: judged, runs: { a: deeper, b: deeper } }, { measures }),
      await renderReport({ qrels: { q1: judged.q1 }, runs: { a: { q1: ['d1', 'd2'] } } }, { measures }),
    ];
    expect(warn).not.toHaveBeenCalled();
    for (const page of pages) expect(page).not.toContain('⚠');
  });

  it('says that no query differs instead of drawing a chart of nothing when every query ties', async () => {
    for (const run of [oneDeep, deeper]) {
      const page = await renderReport({ qrels: judged, runs: { a: run, b: run } }, { measures });
      expect(page).not.toContain('data-chart="differences');
      expect(page).toContain('<p class="no-difference">b scores the same as a on every one of the 2 queries on ndcg@10, recall@10, mrr@10 and map: no query differs, so there is no chart.</p>');
    }
  });

  it('draws only the measures on which some query differs, and names the others', async () => {
    // b finds q1's relevant document at rank 2 instead of 1: ndcg and mrr differ, recall@10 does not.
    const page = await renderReport(
      { qrels: { q1: { d1: 1 }, q2: { d3: 1 } }, runs: { a: { q1: ['d1', 'x'], q2: ['d3'] }, b: { q1: ['x', 'd1'], q2: ['d3'] } } },
      { measures: ['ndcg@10', 'recall@10', 'mrr@10'] },
    );
    expect([...page.matchAll(/data-chart="(differences [^"]+)"/g)].map((match) => match[1])).toEqual(['differences b ndcg@10', 'differences b mrr@10']);
    expect(page).toContain('b scores the same as a on every one of the 2 queries on recall@10: no query differs');
    expect(tickLabels(page, 'differences b ndcg@10', 'y').every((label) => /^[−-]?\d+(\.\d{1,2})?$/.test(label))).toBe(true);
  });

  it('shows recall@1 and precision@1 plainly when every ranking is one document deep: there is no curve', async () => {
    const page = await renderReport({ qrels: judged, runs: { a: oneDeep, b: { q1: ['d2'], q2: ['d3'] } } }, { measures });
    expect(page).not.toContain('data-chart="recall curve"');
    expect(page).not.toContain('data-chart="precision curve"');
    expect(page).toContain('No ranking goes deeper than one document, so there is one cutoff and no curve to draw');
    // recall@1: a finds q1's one relevant document and one of q2's two; b only the latter. precision@1: 1 and 1/2.
    expect(page).toContain(`<tr><td>a</td><td class="number">${((1 + 1 / 2) / 2).toFixed(4)}</td><td class="number">${((1 + 1) / 2).toFixed(4)}</td></tr>`);
    expect(page).toContain(`<tr><td>b</td><td class="number">${((0 + 1 / 2) / 2).toFixed(4)}</td><td class="number">${((0 + 1) / 2).toFixed(4)}</td></tr>`);
  });

  it('puts the curves’ ticks on whole cutoffs at every depth, 1 and the last power of ten labelled', async () => {
    for (const depth of [2, 3, 4, 7, 10, 15, 50, 100, 1000]) {
      const ranking = Array.from({ length: depth }, (_, i) => `d${i}`);
      const page = await renderReport({ qrels: { q1: { d0: 1 } }, runs: { a: { q1: ranking } } }, { measures: ['ndcg@10'] });
      for (const chart of ['recall curve', 'precision curve']) {
        const shown = tickLabels(page, chart, 'x').filter((label) => label !== '');
        expect(shown.every((label) => /^[1-9]\d*$/.test(label)), `depth ${depth}: ${shown.join(' ')}`).toBe(true);
        expect(shown[0]).toBe('1');
        expect(shown).toContain(String(10 ** Math.floor(Math.log10(depth))));
        // A tick at each of 1–9 × 10ⁿ up to the depth, as on log paper.
        const decades = Math.floor(Math.log10(depth));
        const ticks = chartSvg(page, chart).match(/aria-label="x-axis tick">(.*?)<\/g>/)![1]!.match(/<path/g)!;
        expect(ticks, `depth ${depth}`).toHaveLength(9 * decades + Math.floor(depth / 10 ** decades));
      }
    }
  });
});

describe('renderReport with bidi controls in user text', () => {
  // A right-to-left override in a query id turned the Δ after it around ("q0000.1− Δ live").
  const evil = 'q\u202eevil';
  const input = {
    qrels: { q1: { d1: 1 }, [evil]: { d2: 1 } },
    runs: { 'a\u2066': { q1: ['x', 'd1'], [evil]: ['d2'] }, 'b\u2028': { q1: ['x', 'd1'], [evil]: ['x'] } },
    slices: { q1: ['t\u200f'], [evil]: ['t\u061c'] },
    questions: { [evil]: 'why\u2067?' },
  };

  it('writes no control, bidi or line-separator character into the page, showing each escaped', async () => {
    const page = await renderReport(input, { measures: ['P@1'], title: 'T\u202eitle', subtitle: ['s\u202a'] });
    expect(page).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/);
    expect(page).toContain('<title>T\\u202eitle</title>');
    expect(page).toContain('<h1>T\\u202eitle</h1>');
    expect(page).toContain('<h3><bdi>q\\u202eevil</bdi>: why\\u2067?');
    for (const shown of ['a\\u2066', 'b\\u2028', 't\\u200f', 'why\\u2067?', 's\\u202a']) expect(page).toContain(shown);
  });
});

describe('renderReport with long run names', () => {
  const long = 'a-very-long-run-name-for-the-baseline-system';
  const input = {
    qrels: { q1: { d1: 1 }, q2: { d2: 1 } },
    runs: { [long]: { q1: ['x', 'd1'], q2: ['d2'] }, 'bm25-with-a-long-name-too': { q1: ['d1'], q2: ['x'] }, k2: { q1: ['d1'], q2: ['d2'] }, b2: { q1: ['x'], q2: ['d2'] } },
  };

  it('cuts a long name in the means chart’s ticks, whole in its tooltip, the legend and the table', async () => {
    const page = await renderReport(input, { measures: ['P@1'] });
    const means = page.slice(page.indexOf('data-chart="means P@1"'), page.indexOf('<figcaption>', page.indexOf('data-chart="means P@1"')));
    const ticks = means.slice(means.indexOf('aria-label="x-axis tick label"'));
    expect(ticks).toMatch(/>a-very-long-ru…<title>a-very-long-run-name-for-the-baseline-system<\/title><\/text>/);
    expect(ticks).toMatch(/>k2<title>k2<\/title><\/text>/);
    expect(means).toContain(`<title>${long}: 0.5000`);
    expect(page).toContain(`<td>${long}</td>`);
  });

  it('draws every whisker over a white one, so that it shows on a black bar', async () => {
    const page = await renderReport(input, { measures: ['P@1'] });
    const rules = [...page.matchAll(/<g [^>]*stroke-width="(\d)" stroke="([^"]+)" aria-label="rule"/g)].map((match) => `${match[2]} ${match[1]}`);
    expect(rules.slice(0, 2)).toEqual(['white 4', 'currentColor 2']);
  });

  it('names the pair of a difference chart above it, where a long pair wraps, and lets wide tables scroll on their own', async () => {
    const page = await renderReport(input, { measures: ['P@1'] });
    expect(page).toContain(`<p class="chart-title">Δ P@1: <bdi>bm25-with-a-long-name-too</bdi> − <bdi>${long}</bdi></p>`);
    expect(page).toContain('<div class="scroll"><table class="comparison">');
  });
});

describe('renderReportData on many queries', () => {
  const measures = ['ndcg@10', 'recall@10', 'mrr@10', 'map'];
  const data = reportData(manyQueries(7000), { measures });
  const page = renderReportData(data);

  /** The numbers of an SVG path's `d`, as [x, y] pairs. */
  const corners = (d: string) => [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((match) => [+match[1]!, +match[2]!] as const);

  it('stays under 400 KB for 7,000 queries, 2 runs and 4 measures, with every chart', async () => {
    const html = await page;
    expect(html.length).toBeLessThan(400_000);
    expect([...html.matchAll(/<figure class="chart" data-chart="([^"]+)">/g)].map((match) => match[1])).toEqual([
      ...measures.map((measure) => `means ${measure}`),
      'recall curve',
      'precision curve',
      ...measures.map((measure) => `differences candidate ${measure}`),
    ]);
  });

  it('does not grow with the queries: 7,000 make a page at most 5 % larger than 1,000', async () => {
    const smaller = await renderReportData(reportData(manyQueries(1000), { measures }));
    expect((await page).length).toBeLessThan(smaller.length * 1.05);
  });

  it('draws each difference chart as one area of wins and one of losses, spanning their share of the queries', async () => {
    const html = await page;
    for (const { measure, deltas } of data.deltas) {
      const chart = chartSvg(html, `differences candidate ${measure}`);
      expect(chart).not.toMatch(/<rect(?! height="100%")/);
      const areas = [...chart.matchAll(/<path d="([^"]+)" fill="(#[0-9A-F]{6})"><title>([^<]*)<\/title>/g)];
      expect(areas.map((match) => match[2])).toEqual(['#0072B2', '#D55E00']);
      // The zero line runs across the plot: its ends are query 0.5 and query n + 0.5.
      const [, zero, right, left] = chart.match(/aria-label="rule"[^>]*><line y2="[\d.]+" y1="([\d.]+)" x2="([\d.]+)" x1="([\d.]+)"/)!.map(Number);
      const x = (position: number) => left! + ((right! - left!) * (position - 0.5)) / deltas.length;
      const wins = deltas.filter((entry) => entry.outcome === 'win');
      const losses = deltas.filter((entry) => entry.outcome === 'loss');
      const [winCorners, lossCorners] = areas.map((match) => corners(match[1]!));
      expect(Math.min(...winCorners!.map(([cx]) => cx))).toBeCloseTo(x(0.5), 1);
      expect(Math.max(...winCorners!.map(([cx]) => cx))).toBeCloseTo(x(wins.length + 0.5), 1);
      expect(Math.min(...lossCorners!.map(([cx]) => cx))).toBeCloseTo(x(deltas.length - losses.length + 0.5), 1);
      expect(Math.max(...lossCorners!.map(([cx]) => cx))).toBeCloseTo(x(deltas.length + 0.5), 1);
      // Wins above the zero line, losses below it, and each area closed along it.
      expect(winCorners!.every(([, cy]) => cy <= zero!)).toBe(true);
      expect(lossCorners!.every(([, cy]) => cy >= zero!)).toBe(true);
      for (const area of [winCorners!, lossCorners!]) expect(area.filter(([, cy]) => cy === zero).length).toBeGreaterThanOrEqual(2);
      // The caption and the tooltips count the queries as the data does.
      const caption = html.slice(html.indexOf('<figcaption>', html.indexOf(`data-chart="differences candidate ${measure}"`))).split('</figcaption>')[0]!;
      const ties = deltas.length - wins.length - losses.length;
      const largest = (entries: typeof deltas) => Math.max(...entries.map((entry) => Math.abs(entry.delta))).toFixed(4);
      expect(caption).toContain(`${wins.length} wins (largest +${largest(wins)}), ${losses.length} losses (largest −${largest(losses)}); the ${ties} ties are the blank between them`);
      expect(caption).toContain(`for each of the 7000 queries, sorted, in groups of ${7000 / 200} neighbouring queries, each drawn at its largest difference.`);
      expect(areas.map((match) => match[3])).toEqual([`${wins.length} wins, largest +${largest(wins)}`, `${losses.length} losses, largest −${largest(losses)}`]);
    }
  });

  it('lists under each difference chart the ids of its five largest wins and five largest losses', async () => {
    const html = await page;
    for (const { measure, deltas } of data.deltas) {
      const figure = html.slice(html.indexOf(`data-chart="differences candidate ${measure}"`)).split('</figure>\n')[0]!.split('<figcaption>')[0]!;
      const named = (entries: typeof deltas) => entries.map((entry) => `<bdi>${entry.query}</bdi>&nbsp;(${entry.delta < 0 ? '−' : '+'}${Math.abs(entry.delta).toFixed(4)})`).join(', ');
      // Largest first, equal differences by query id (all ids here are ASCII).
      const largestLosses = deltas.filter((entry) => entry.outcome === 'loss').sort((a, b) => a.delta - b.delta || (a.query < b.query ? -1 : 1)).slice(0, 5);
      expect(figure, measure).toContain(`<ul class="extremes"><li>Largest wins: ${named(deltas.slice(0, 5))}</li><li>Largest losses: ${named(largestLosses)}</li></ul>`);
    }
  });

  it('draws the largest win and the largest loss at their size on the y axis', async () => {
    const html = await page;
    for (const { measure, deltas } of data.deltas) {
      const chart = chartSvg(html, `differences candidate ${measure}`);
      // The y scale, read from two of its tick labels (Plot writes "−0.5" with a minus sign).
      const ticks = [...chart.match(/aria-label="y-axis tick label".*?<\/g>/)![0].matchAll(/translate\([\d.]+,([\d.]+)\)"[^>]*>([^<]+)</g)].map((match) => [+match[2]!.replace('−', '-'), +match[1]!] as const);
      const [[v0, y0], [v1, y1]] = [ticks[0]!, ticks.at(-1)!];
      const y = (value: number) => y0 + ((value - v0) * (y1 - y0)) / (v1 - v0);
      const areas = [...chart.matchAll(/<path d="([^"]+)" fill="#/g)].map((match) => corners(match[1]!));
      expect(Math.min(...areas[0]!.map(([, cy]) => cy))).toBeCloseTo(y(deltas[0]!.delta), 1);
      expect(Math.max(...areas[1]!.map(([, cy]) => cy))).toBeCloseTo(y(deltas.at(-1)!.delta), 1);
    }
  });
});
