import { describe, expect, it } from 'vitest';
import { overlapReportData, renderOverlapReport, renderReportData } from '../../src/report/index.js';
import { chartSvg, tickLabels } from '../helpers/report.js';

// q1: d2 and d3 swapped; q2: nothing in common; q3 only A ranks. Hostile ids, a hostile run name and question.
const hostile = '<script>alert(1)</script>';
const runs = new Map([
  ['old <b>', { q1: ['d1', 'd2', 'd3'], q2: ['d4'], [hostile]: ['<img src=x onerror=alert(1)>', 'd9'], q3: ['x'] }],
  ['new', { q1: ['d1', 'd3', 'd2'], q2: ['d5'], [hostile]: ['d9', '<img src=x onerror=alert(1)>'] }],
]);
const input = { runs, questions: { q1: 'Where is "a" & why?' } };
const data = overlapReportData(input, { p: 0.5 });
const html = await renderOverlapReport(input, { p: 0.5, title: 'Embeddings <v2>' });

describe('the overlap report', () => {
  it('is one self-contained page: inline style, no script, nothing fetched', () => {
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).not.toMatch(/<script|<img|<link|<iframe|url\(|@import/i);
    // No attribute that fetches (the hostile id's `src=` is text).
    expect(html).not.toMatch(/<[^>]*\s(?:src|href)=/i);
    expect(html).toContain('<title>Embeddings &lt;v2&gt;</title>');
    expect(html).toContain('<p class="subtitle">3 queries both runs rank · runs: old &lt;b&gt;, new · p 0.5, ties a, depth whole rankings</p>');
  });

  it('escapes ids, run names and questions', () => {
    expect(html).toContain('<h3><bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi> ');
    expect(html).toContain('<td>&lt;img src=x onerror=alert(1)&gt;</td>');
    expect(html).toContain('<h4><bdi>old &lt;b&gt;</bdi> · 3 documents</h4>');
    expect(html).toContain('<h3><bdi>q1</bdi>: Where is &quot;a&quot; &amp; why? ');
  });

  it('gives the mean RBO with its bounds and the Jaccard index, with the settings and the queries one run ranks', () => {
    const { mean } = data;
    const f = (value: number) => value.toFixed(4);
    expect(html).toContain(`<tr><td>RBO (ext, the estimate)</td><td class="number">${f(mean.ext)}</td></tr><tr><td>RBO bounds (min – max)</td><td class="number">${f(mean.min)} – ${f(mean.max)}</td></tr><tr><td>Jaccard (whole rankings)</td><td class="number">${f(mean.jaccard)}</td></tr>`);
    // q1's 0.875 (see overlap-data.test.ts), q2's 0 and the hostile query's: d9 and the other swapped, 2 long.
    // RBO_EXT = (1 − p)/p · (A_1 p + A_2 p²) + A_2 p² with A_1 = 0, A_2 = 1: 0.25 + 0.25.
    expect(mean.ext).toBeCloseTo((0.875 + 0 + (0.25 + 0.25)) / 3, 12);
    expect(mean.jaccard).toBeCloseTo((1 + 0 + 1) / 3, 12);
    expect(html).toContain('<th>mean over 3 queries</th>');
    // At p = 0.5, RBO reads 1/(1 − p) = 2 ranks: 1 − 0.5² = 75% of the weight.
    expect(html).toContain('p 0.5 (the first 2 ranks carry 75% of the weight) · ties a (a tie shares its ranks among its documents, as Corsi and Urbano define) · depth whole rankings');
    expect(html).toContain('<p class="only">1 query only <bdi>old &lt;b&gt;</bdi> ranks, left out of the means: <bdi>q3</bdi>.</p>');
  });

  it('draws each query’s RBO sorted from the lowest, a dot on its bounds’ band, each named under the axis', () => {
    const chart = chartSvg(html, 'rbo per query');
    expect(data.queries.map((row) => row.query)).toEqual(['q2', hostile, 'q1']);
    // A long id cut to 16 characters (whole in its tooltip).
    expect(tickLabels(html, 'rbo per query', 'x')).toEqual(['q2', '&lt;script&gt;alert(1…', 'q1']);
    const dots = [...chart.matchAll(/<circle [^>]*><title>([^<]*)<\/title><\/circle>/g)].map((match) => match[1]);
    expect(dots).toEqual(data.queries.map((row) => expect.stringContaining(`RBO ${row.ext.toFixed(4)} (bounds ${row.min.toFixed(4)} – ${row.max.toFixed(4)}), Jaccard ${row.jaccard.toFixed(4)}`)));
    expect(chart).toContain('RBO (0–1)');
    expect(html).toContain(`The dashed line is the mean, ${data.mean.ext.toFixed(4)}.</figcaption>`);
  });

  it('shows the queries that moved most, both rankings side by side, the documents both rank marked with their rank in the other run', () => {
    const articles = html.split('<article class="moved">').slice(1);
    expect(articles).toHaveLength(3);
    const q1 = articles[2]!;
    expect(q1).toContain('<span class="figures">RBO 0.8750');
    expect(q1).toContain('<th>rank in <bdi>new</bdi></th>');
    expect(q1).toContain('<tr class="shared"><td class="number">2</td><td>d2</td><td class="number">3</td></tr>');
    const q2 = articles[0]!;
    expect(q2).toContain('<tr><td class="number">1</td><td>d4</td><td class="number">–</td></tr>');
  });

  it('shows a tie as the span of its ranks', async () => {
    const page = await renderOverlapReport({ runs: { a: { q1: [['d1', 'd2'], 'd3'] }, b: { q1: ['d3', 'd1'] } } });
    expect(page).toContain('<tr class="shared"><td class="number">1–2</td><td>d1</td><td class="number">2</td></tr><tr><td class="number">1–2</td><td>d2</td><td class="number">–</td></tr>');
    expect(page).toContain('<tr class="shared"><td class="number">2</td><td>d1</td><td class="number">1–2</td></tr>');
  });

  it('renders the data read back from JSON as renderReportData', async () => {
    expect(await renderReportData(JSON.parse(JSON.stringify(data)), { title: 'Embeddings <v2>' })).toBe(await renderOverlapReport(input, { p: 0.5, title: 'Embeddings <v2>' }));
  });

  it('draws at most 200 queries, spread over the sorted order, named under the axis up to 40', async () => {
    const many = (n: number, shift: number) => Object.fromEntries(Array.from({ length: 250 }, (_, q) => [`q${q}`, Array.from({ length: n }, (_, i) => `d${(i + (q % 7) * shift) % 30}`)]));
    const page = await renderOverlapReport({ runs: { a: many(10, 0), b: many(10, 1) } }, { moved: 0 });
    const chart = chartSvg(page, 'rbo per query');
    expect(chart.match(/<circle /g)).toHaveLength(200);
    expect(chart).not.toContain('x-axis tick label');
    expect(page).toContain(' 200 of the 250 queries are drawn, spread evenly over the sorted order.</figcaption>');
    expect(page).not.toContain('Queries that moved most');
  });
});
