import { describe, expect, it } from 'vitest';
import { renderReport } from '../../src/report/index.js';

describe('the charts’ markup', () => {
  it('keeps the charting library’s style sheets as written: each legend’s swatch half an em from its label', async () => {
    const page = await renderReport({ qrels: { q1: { d1: 1 }, q2: { d2: 1 } }, runs: { a: { q1: ['d1'], q2: ['x'] }, b: { q1: ['x', 'd1'], q2: ['d2'] } } }, { measures: ['P@1'] });
    const sheets = [...page.matchAll(/<style>(.*?)<\/style>/gs)].map((match) => match[1]!);
    // The page's own, then one per legend and one per chart.
    expect(sheets.length).toBeGreaterThan(5);
    // Written with its line breaks escaped (`\n`), a rule loses its first declaration in a browser.
    for (const sheet of sheets) expect(sheet).not.toContain('\\n');
    expect(page).toMatch(/:where\(\.plot-\w+-swatch > svg\) \{\n {2}margin-right: 0\.5em;/);
    // In the charts' 12 px: the gap is 6 px.
    expect(sheets[0]).toContain('figure.chart figure > div { max-width: 540px; font-size: 12px; }');
  });
});
