import { describe, expect, it } from 'vitest';
import { overlapReportData, renderOverlapReport, renderReport, renderReportData, reportData } from '../../src/report/index.js';

const qrels = { q1: { a: 1 }, q2: { b: 1 } };
const runs = { base: { q1: ['a'], q2: ['x', 'b'] } };
const KNOWN = '`measures`, `noRelevant`, `checks`, `systemK`, `lengths`, `aspects`, `scoreOrder`, `relevanceThreshold`, `gain`, `apDenominator`, `ties`, `test`, `alpha`, `correction`, `permutations`, `seed`, `baseline`, `interval`, `losses`, `title`, `subtitle`';

describe('renderReport', () => {
  it.each(['lossess', 'tset', 'titel'])('refuses the option %s, naming it, its own options and those of reportData', async (key) => {
    const rendering = renderReport({ qrels, runs }, { measures: ['mrr'], [key]: 'x' } as never);
    await expect(rendering).rejects.toThrow(`renderReport: expected every option to be one of ${KNOWN}, got \`"${key}"\` (string)`);
    await expect(renderReport({ qrels, runs }, { measures: ['mrr'], [key]: 'x' } as never)).rejects.toMatchObject({ name: 'RankevalError', code: 'invalid_option', received: key });
  });

  it('refuses a field of the input that is not one', async () => {
    await expect(renderReport({ qrels, runs, tgas: {} } as never, { measures: ['mrr'] })).rejects.toThrow(
      'renderReport: expected every field of `input` to be one of `qrels`, `slices`, `questions`, `runs`, `latency`, `tags`, got `"tgas"` (string)',
    );
  });

  it('takes its own options and those of reportData, and draws the title', async () => {
    const html = await renderReport({ qrels, runs }, { measures: ['mrr'], losses: 0, title: 'Nightly', subtitle: ['base.txt'] });
    expect(html).toContain('<title>Nightly</title>');
    expect(html).toContain('base.txt');
  });
});

describe('renderReportData', () => {
  const data = reportData({ qrels, runs }, { measures: ['mrr'] });

  it('refuses an option that is not `title` or `subtitle`', async () => {
    await expect(renderReportData(data, { titel: 'x' } as never)).rejects.toThrow('renderReportData: expected every option to be one of `title`, `subtitle`, got `"titel"` (string)');
    await expect(renderReportData(data, { measures: ['mrr'] } as never)).rejects.toMatchObject({ code: 'invalid_option', received: 'measures' });
    await expect(renderReportData(data, null as never)).rejects.toThrow('renderReportData: expected `options` to be an object, got `null` (null)');
  });
});

describe('renderReport and renderReportData on a bad title, subtitle, data or measures', () => {
  const data = reportData({ qrels, runs }, { measures: ['mrr'] });

  it.each([
    ['title', 5, '`title` to be a string, got `5` (number)'],
    ['title', {}, '`title` to be a string, got `{}` (object)'],
    ['subtitle', ['one', 5], '`subtitle[1]` to be a string, got `5` (number)'],
    // A string would have been drawn one character a line: refused, as an array of lines is what it takes.
    ['subtitle', 'abc', '`subtitle` to be an array of strings (one a line), got `"abc"` (string)'],
  ])('refuses %s %j, naming the function and the value', async (key, value, message) => {
    const render = {
      renderReport: () => renderReport({ qrels, runs }, { measures: ['P@1'], [key]: value } as never),
      renderReportData: () => renderReportData(data, { [key]: value } as never),
    };
    for (const [fn, rendering] of Object.entries(render)) {
      await expect(rendering()).rejects.toThrow(`${fn}: expected ${message}`);
      await expect(rendering()).rejects.toMatchObject({ name: 'RankevalError', code: 'invalid_option' });
    }
  });

  it.each([
    [null, '`data` to be the report data `reportData` returns, got `null` (null)'],
    [{}, '`data.runs` to be an array, got `undefined` (undefined)'],
    [{ ...data, bars: 'x' }, '`data.bars` to be an array, got `"x"` (string)'],
  ])('renderReportData refuses bad data (case %#)', async (value, message) => {
    await expect(renderReportData(value as never)).rejects.toThrow(`renderReportData: expected ${message}`);
    await expect(renderReportData(value as never)).rejects.toMatchObject({ name: 'RankevalError', code: 'invalid_option' });
  });

  it.each([[{}], [{ measures: 'P@1' }], [{ measures: [] }]])('renderReport names itself for the measures of %j', async (options) => {
    await expect(renderReport({ qrels, runs }, options as never)).rejects.toThrow(/^renderReport: expected `measures` to be a non-empty array of measure names/);
    expect(() => reportData({ qrels, runs }, options as never)).toThrow(/^reportData: expected `measures`/);
  });
});

describe('renderReport with many runs', () => {
  const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`run${i}`, { q1: ['a'], q2: ['b'] }]));

  it('draws 12 runs, each in a colour of its own', async () => {
    const html = await renderReport({ qrels, runs: many(12) }, { measures: ['P@1'], losses: 0 });
    const means = html.slice(html.indexOf('data-chart="means P@1"'), html.indexOf('</figure></figure>', html.indexOf('data-chart="means P@1"')));
    const fills = [...means.matchAll(/<rect fill="(#[0-9A-Fa-f]{6})"/g)].map((match) => match[1]);
    expect(fills).toHaveLength(12);
    expect(new Set(fills).size).toBe(12);
  });

  it('refuses a 13th run, which would repeat a colour, naming the count', async () => {
    await expect(renderReport({ qrels, runs: many(13) }, { measures: ['P@1'] })).rejects.toThrow(
      'renderReport: expected `runs` to be at most 12 runs, each drawn in a colour of its own (report fewer at a time), got `13` (number)',
    );
    await expect(renderReportData(reportData({ qrels, runs: many(13) }, { measures: ['P@1'] }))).rejects.toMatchObject({ code: 'invalid_option', received: 13 });
  });
});

describe('renderOverlapReport and renderReportData of an overlap', () => {
  const input = { runs: { a: { q1: ['d1', 'd2'] }, b: { q1: ['d2', 'd1'] } } };

  it('refuses an option neither overlapReportData nor the page takes, naming both sets', async () => {
    await expect(renderOverlapReport(input, { measures: ['mrr'] } as never)).rejects.toThrow(
      'renderOverlapReport: expected every option to be one of `p`, `depth`, `ties`, `moved`, `title`, `subtitle`, got `"measures"` (string)',
    );
    await expect(renderOverlapReport(input, { title: 5 } as never)).rejects.toThrow('renderOverlapReport: expected `title` to be a string, got `5` (number)');
    await expect(renderOverlapReport(input, { depth: 0 })).rejects.toThrow('renderOverlapReport: expected `depth` to be a positive integer, got `0` (number)');
    await expect(renderOverlapReport({ runs: { a: input.runs.a } })).rejects.toMatchObject({ code: 'invalid_option', message: 'renderOverlapReport: expected `runs` to be two runs, A and B, got `1` (number)' });
  });

  it('takes the title and subtitle', async () => {
    const html = await renderOverlapReport(input, { title: 'Nightly', subtitle: ['a.jsonl against b.jsonl'] });
    expect(html).toContain('<title>Nightly</title>');
    expect(html).toContain('<p class="subtitle">a.jsonl against b.jsonl</p>');
  });

  it.each([
    [{ kind: 'overlaps' }, '`data.kind` to be \'overlap\' (the data `overlapReportData` returns) or none, got `"overlaps"` (string)'],
    [{ ...overlapReportData(input), moved: undefined }, '`data.moved` to be an array, got `undefined` (undefined)'],
  ])('renderReportData refuses bad overlap data (case %#)', async (value, message) => {
    await expect(renderReportData(value as never)).rejects.toThrow(`renderReportData: expected ${message}`);
  });
});
