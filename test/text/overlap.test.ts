import { describe, expect, it } from 'vitest';
import type { Overlap } from '../../src/agreement/overlap.js';
import { MOVED_SHOWN, renderOverlap } from '../../src/text/overlap.js';

const row = (ext: number) => ({ ext, min: ext / 2, max: 1, jaccard: 0.5 });
const ids = Array.from({ length: 12 }, (_, i) => `q${String(i).padStart(2, '0')}`);
const result: Overlap = {
  p: 0.9,
  ties: 'a',
  depth: 10,
  perQuery: new Map([['a|b', row(0)], ...ids.map((qid, i) => [qid, row((i + 1) / 20)] as const)]),
  mean: row(0.25),
  moved: ['a|b', ...ids],
  onlyA: [],
  onlyB: [],
};

describe('renderOverlap', () => {
  it('names the first ten queries that moved most, escaped for Markdown, after the table', () => {
    const text = renderOverlap(result, 'markdown', false);
    expect(text).toContain('| all |  | 13 | 0.2500 | 0.1250 | 1.0000 | 0.5000 |');
    expect(text).toContain(`moved most (lowest rbo): a\\|b 0.0000, q00 0.0500, q01 0.1000`);
    expect(text).not.toContain(`q${String(MOVED_SHOWN - 1).padStart(2, '0')} `);
    expect(text).toMatch(/ties a, depth 10\n$/);
  });

  it('leaves the rows of -q out of the JSON without it', () => {
    expect(JSON.parse(renderOverlap(result, 'json', false))).not.toHaveProperty('perQuery');
    expect(Object.keys(JSON.parse(renderOverlap(result, 'json', true)).perQuery)).toHaveLength(13);
  });
});
