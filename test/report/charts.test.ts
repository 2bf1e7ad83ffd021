import { describe, expect, it } from 'vitest';
import { renderReport, reportData } from '../../src/report/index.js';
import { chartSvg, tickLabels } from '../helpers/report.js';

describe('the means chart of intervals that run past the measure’s range', () => {
  // mrr@10 on 4 queries of one relevant document each. nearly: ranks it first on q1–q3, second on q4 (RR 1, 1,
  // 1, 1/2); rarely: second on q1, never on the others (RR 1/2, 0, 0, 0).
  const ids = ['q1', 'q2', 'q3', 'q4'];
  const qrels = Object.fromEntries(ids.map((qid) => [qid, { [`${qid}-r`]: 1 }]));
  const nearly = Object.fromEntries(ids.map((qid, i) => [qid, i === 3 ? ['x', `${qid}-r`] : [`${qid}-r`]]));
  const rarely = Object.fromEntries(ids.map((qid, i) => [qid, i === 0 ? ['x', `${qid}-r`] : ['x']]));
  const input = { qrels, runs: { nearly, rarely } };
  const rendered = renderReport(input, { measures: ['mrr@10'] });
  // t(0.975, 3) = 3.182446, R's qt(0.975, 3); the standard error of both runs' scores is 0.25 / √4 = 0.125.
  const margin = 3.182446305284263 * 0.125;
  // The plot's frame: y = 240 − 210 · value (a margin of 30 px above it, of 40 px below, in 280 px).
  const y = (value: number) => 240 - 210 * value;
  const lines = (chart: string, mark: 'rule' | 'tick', stroke: string) =>
    [...chart.matchAll(new RegExp(`stroke-width="\\d" stroke="${stroke}" aria-label="${mark}">(.*?)</g>`, 'g'))].map((group) => [...group[1]!.matchAll(/y2="([\d.]+)" y1="([\d.]+)"/g)].map((line) => [+line[2]!, +line[1]!]));

  it('keeps the interval as computed in the data', () => {
    const bars = reportData(input, { measures: ['mrr@10'] }).bars;
    expect(bars.map(({ run, mean }) => [run, mean])).toEqual([['nearly', 0.875], ['rarely', 0.125]]);
    expect(bars[0]!.high).toBeCloseTo(0.875 + margin, 10);
    expect(bars[1]!.low).toBeCloseTo(0.125 - margin, 10);
  });

  it('draws each whisker cut to 0–1, on an axis from 0 to 1', async () => {
    const chart = chartSvg(await rendered, 'means mrr@10');
    expect(tickLabels(await rendered, 'means mrr@10', 'y')).toEqual(['0.0', '0.2', '0.4', '0.6', '0.8', '1.0']);
    // nearly's from its low end to 1, rarely's from 0 to its high end: white under black.
    const whiskers = [[y(0.875 - margin), y(1)], [y(0), y(0.125 + margin)]].map((line) => line.map((end) => +end.toFixed(2)));
    for (const stroke of ['white', 'currentColor']) expect(lines(chart, 'rule', stroke), stroke).toEqual([whiskers]);
    // A cap only at the ends not cut: nearly's low end, rarely's high end.
    for (const stroke of ['white', 'currentColor']) expect(lines(chart, 'tick', stroke), stroke).toEqual([[[whiskers[0]![0]!, whiskers[0]![0]!]], [[whiskers[1]![1]!, whiskers[1]![1]!]]]);
  });

  it('marks each end cut with an arrowhead pointing past it, its tip at the end', async () => {
    const chart = chartSvg(await rendered, 'means mrr@10');
    const heads = [...chart.matchAll(/<g transform="translate\(([\d.]+),(-?[\d.]+)\)"[^>]*aria-label="dot"><path d="([^"]+)" transform="translate\(([\d.]+),([\d.]+)\)( rotate\(180\))?"/g)];
    expect(heads).toHaveLength(2);
    // A triangle's tip is 7.78 px from its centre (d3's symbolTriangle of r 5), the centre 7.5 px inside the frame.
    const [up, down] = heads.map((head) => ({ y: +head[5]! + +head[2]!, tip: +head[3]!.match(/^M0,(-[\d.]+)/)![1]!, rotated: head[6] !== undefined }));
    expect(up).toEqual({ y: y(1) + 7.5, tip: -7.78, rotated: false });
    expect(down).toEqual({ y: y(0) - 7.5, tip: -7.78, rotated: true });
  });

  it('says so in the tooltip, giving the interval as computed, and in the caption', async () => {
    const page = await rendered;
    expect(chartSvg(page, 'means mrr@10')).toContain(`<title>nearly: 0.8750 (95% interval ${(0.875 - margin).toFixed(4)} to ${(0.875 + margin).toFixed(4)}, drawn to 1)</title>`);
    expect(chartSvg(page, 'means mrr@10')).toContain(`<title>rarely: 0.1250 (95% interval ${(0.125 - margin).toFixed(4)} to ${(0.125 + margin).toFixed(4)}, drawn from 0)</title>`);
    expect(page).toContain(
      'In place of a cap, ▲ marks an interval that runs past 1, the highest value mrr@10 takes, cut there; ▼ marks an interval that runs below 0, the lowest value mrr@10 takes, cut there (the t interval takes no account of the bounds).</figcaption>',
    );
  });

  it('draws no arrowhead and says nothing of it where no interval is cut', async () => {
    // Bootstrap percentile intervals stay within the scores' range.
    const page = await renderReport(input, { measures: ['mrr@10'], interval: 'bootstrap' });
    expect(chartSvg(page, 'means mrr@10')).not.toContain('aria-label="dot"');
    expect(page).not.toContain('In place of a cap');
    expect(lines(chartSvg(page, 'means mrr@10'), 'tick', 'currentColor').flat()).toHaveLength(4);
  });

  it('cuts an unbounded measure’s interval at its least value only: dcg is never negative', async () => {
    const caption = (await renderReport(input, { measures: ['dcg@10'] })).match(/data-chart="means dcg@10".*?<figcaption>(.*?)<\/figcaption>/s)![1];
    expect(caption).toContain('▼ marks an interval that runs below 0, the lowest value dcg@10 takes, cut there');
    expect(caption).not.toContain('▲ marks');
  });
});
