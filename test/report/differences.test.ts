import { describe, expect, it } from 'vitest';
import { renderReport, renderReportData, reportData } from '../../src/report/index.js';
import type { QueryDelta } from '../../src/report/index.js';
import { chartSvg, manyQueries, tickLabels } from '../helpers/report.js';

/** The x of each bar's centre and of each label of the chart's x axis. */
function positions(chart: string) {
  const bars = [...chart.matchAll(/<rect [^>]*\bwidth="([\d.]+)"[^>]*\bx="([\d.]+)"><title>/g)].map((match) => +(+match[2]! + +match[1]! / 2).toFixed(1));
  const group = chart.match(/aria-label="x-axis tick label">(.*?)<\/g>/)![1]!;
  const labels = [...group.matchAll(/<text transform="translate\(([\d.]+),[\d.]+\) rotate\(-90\)"/g)].map((match) => +(+match[1]!).toFixed(1));
  const shift = Number(chart.match(/transform="translate\((-?[\d.]+),[\d.]+\)"[^>]*aria-label="x-axis tick label"/)?.[1] ?? 0);
  return { bars, labels: labels.map((x) => +(x + shift).toFixed(1)) };
}

describe('the per-query difference chart of at most 40 queries', () => {
  it('names each bar by its query id under it, read upwards, and a tie by none', async () => {
    // ndcg@10, 40 queries: wins, then ties, then losses.
    const input = manyQueries(40);
    const { deltas } = reportData(input, { measures: ['ndcg@10'] }).deltas[0]!;
    const drawn = deltas.filter((entry) => entry.outcome !== 'tie');
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(40);
    const page = await renderReport(input, { measures: ['ndcg@10'] });
    const chart = chartSvg(page, 'differences candidate ndcg@10');
    expect(tickLabels(page, 'differences candidate ndcg@10', 'x')).toEqual(drawn.map((entry) => entry.query));
    const { bars, labels } = positions(chart);
    expect(labels).toEqual(bars);
    // 14 px a query for its 10 px label: 40 × 14 + 50 + 20 px wide.
    expect(chart).toMatch(/<svg style="font-size:12px;background:white" viewBox="0 0 630 \d+"/);
    expect(chart).toMatch(/font-size="10" text-anchor="end" aria-label="x-axis tick label"/);
    expect(page).not.toContain('class="extremes"');
  });

  it('names them in 12 px where each has 16 px, a long id cut with its whole in the tooltip', async () => {
    const long = 'a-query-id-of-thirty-characters';
    const page = await renderReport({ qrels: { q1: { d1: 1 }, [long]: { d2: 1 } }, runs: { a: { q1: ['x', 'd1'], [long]: ['d2'] }, b: { q1: ['d1'], [long]: ['x', 'd2'] } } }, { measures: ['mrr@10'] });
    expect(tickLabels(page, 'differences b mrr@10', 'x')).toEqual(['q1', 'a-query-id-of-t…']);
    const chart = chartSvg(page, 'differences b mrr@10');
    expect(chart).toContain(`a-query-id-of-t…<title>${long}</title></text>`);
    expect(chart).toContain('y="0.32em">q1</text>');
    expect(chart).toMatch(/font-size="12" text-anchor="end" aria-label="x-axis tick label"/);
    expect(chart).toMatch(/viewBox="0 0 540 \d+"/);
  });
});

describe('the per-query difference chart of more than 40 queries', () => {
  const data = reportData(manyQueries(41), { measures: ['ndcg@10'] });
  const entry = (query: string, delta: number): QueryDelta => ({ query, delta, outcome: delta > 0 ? 'win' : delta < 0 ? 'loss' : 'tie' });
  // As reportData sorts them: the largest win first, equal differences by query id.
  const wins = [0.6, 0.5, 0.4, 0.3, 0.2, 0.1].map((delta, i) => entry(`w${i + 1}`, delta));
  const ties = Array.from({ length: 29 }, (_, i) => entry(`t${String(i).padStart(2, '0')}`, 0));
  const losses = [-0.1, -0.2, -0.3, -0.3, -0.5, -0.6].map((delta, i) => entry(`l${i + 1}`, delta));
  const pageOf = (deltas: QueryDelta[]) => renderReportData({ ...data, deltas: [{ measure: 'ndcg@10', candidate: 'candidate', deltas }] });
  const list = (page: string) => page.match(/<ul class="extremes">.*?<\/ul>/)?.[0];

  it('lists under it the five largest wins and the five largest losses, largest first, and names no bar', async () => {
    const page = await pageOf([...wins, ...ties, ...losses]);
    expect(list(page)).toBe(
      '<ul class="extremes"><li>Largest wins: <bdi>w1</bdi>&nbsp;(+0.6000), <bdi>w2</bdi>&nbsp;(+0.5000), <bdi>w3</bdi>&nbsp;(+0.4000), <bdi>w4</bdi>&nbsp;(+0.3000), <bdi>w5</bdi>&nbsp;(+0.2000)</li>' +
        '<li>Largest losses: <bdi>l6</bdi>&nbsp;(−0.6000), <bdi>l5</bdi>&nbsp;(−0.5000), <bdi>l3</bdi>&nbsp;(−0.3000), <bdi>l4</bdi>&nbsp;(−0.3000), <bdi>l2</bdi>&nbsp;(−0.2000)</li></ul>',
    );
    expect(chartSvg(page, 'differences candidate ndcg@10')).not.toContain('aria-label="x-axis tick label"');
  });

  it('lists what there is: one win, no loss', async () => {
    const page = await pageOf([wins[0]!, ...ties, ...ties.slice(0, 11)]);
    expect(list(page)).toBe('<ul class="extremes"><li>Largest win: <bdi>w1</bdi>&nbsp;(+0.6000)</li></ul>');
  });

  it('escapes the ids it lists', async () => {
    const page = await pageOf([entry('w\u202e1', 0.5), ...ties, ...ties.slice(0, 11)]);
    expect(list(page)).toBe('<ul class="extremes"><li>Largest win: <bdi>w\\u202e1</bdi>&nbsp;(+0.5000)</li></ul>');
  });
});
