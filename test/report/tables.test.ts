// The report's tables as HTML: here, the latency table's rows by tag.
import { describe, expect, it } from 'vitest';
import { LATENCY_TAG_QUERIES, latencyTable } from '../../src/report/tables.js';

const row = (tag: string | null, queries: number) => ({ run: 'bm25', tag, queries, mean: 2, p50: 2, p90: 3, p95: 3, p99: 4, max: 5 });
const tagsShown = (html: string): string[] => [...html.matchAll(/<tr><td>bm25<\/td><td>([^<]+)<\/td>/g)].map((match) => match[1]!);

describe('latencyTable', () => {
  it(`shows a tag's row only for ${LATENCY_TAG_QUERIES} queries or more, and says how many tags it leaves out`, () => {
    const html = latencyTable([row(null, 15), row('en', 5), row('ru', 4), row('de', 1)]);
    expect(tagsShown(html)).toEqual(['all', 'en']);
    expect(html).toContain('2 tags of fewer than 5 timed queries are not shown.');
    expect(latencyTable([row(null, 6), row('en', 4)])).toContain('One tag of fewer than 5 timed queries is not shown.');
  });

  it('shows every row, and no word of tags left out, when each tag has enough queries', () => {
    const html = latencyTable([row(null, 10), row('en', 5), row('ru', 5)]);
    expect(tagsShown(html)).toEqual(['all', 'en', 'ru']);
    expect(html).not.toContain('not shown');
  });

  it('counts a tag left out once, whatever the number of runs', () => {
    const html = latencyTable([row(null, 10), row('ru', 2), { ...row(null, 10), run: 'dense' }, { ...row('ru', 2), run: 'dense' }]);
    expect(html).toContain('One tag of fewer than 5 timed queries is not shown.');
  });
});
