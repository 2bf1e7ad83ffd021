import { describe, expect, it } from 'vitest';
import { renderReport, renderReportData, reportData } from '../../src/report/index.js';

const qrels = { q1: { a: 1 }, q2: { b: 1 } };
const runs = { base: { q1: ['a'], q2: ['x', 'b'] } };
const KNOWN = '`measures`, `noRelevant`, `relevanceThreshold`, `gain`, `apDenominator`, `test`, `alpha`, `correction`, `permutations`, `seed`, `baseline`, `interval`, `losses`, `title`, `subtitle`';

describe('renderReport', () => {
  it.each(['lossess', 'tset', 'titel'])('refuses the option %s, naming it, its own options and those of reportData', async (key) => {
    const rendering = renderReport({ qrels, runs }, { measures: ['mrr'], [key]: 'x' } as never);
    await expect(rendering).rejects.toThrow(`renderReport: expected every option to be one of ${KNOWN}, got \`"${key}"\` (string)`);
    await expect(renderReport({ qrels, runs }, { measures: ['mrr'], [key]: 'x' } as never)).rejects.toMatchObject({ name: 'RankevalError', code: 'invalid_option', received: key });
  });

  it('refuses a field of the input that is not one', async () => {
    await expect(renderReport({ qrels, runs, tgas: {} } as never, { measures: ['mrr'] })).rejects.toThrow(
      'renderReport: expected every field of `input` to be one of `qrels`, `tags`, `questions`, `runs`, got `"tgas"` (string)',
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
