import { describe, expect, it } from 'vitest';
import type { PoolStats } from '../../src/judging/pool-stats.js';
import { EMPTY_SHOWN, renderPoolStats } from '../../src/text/pool.js';

const empty = Array.from({ length: 12 }, (_, i) => `q${String(i).padStart(2, '0')}`);
const stats: PoolStats = {
  depth: 20,
  queries: 1,
  pairs: 3,
  perQuery: new Map([['a|b', 3], ...empty.map((qid) => [qid, 0] as const)]),
  empty,
  runs: [
    { run: 'bm25', judged: 0.75, perQuery: new Map([['a|b', 0.5], ['q00', 1]]), unique: 2 },
    { run: 'dense', judged: null, perQuery: new Map(), unique: 0 },
  ],
};

describe('renderPoolStats', () => {
  it('names the first ten queries with nothing left to judge, escaped for Markdown, after the table', () => {
    const text = renderPoolStats(stats, { depth: 10, order: 'rrf' }, 'markdown', true);
    expect(text).toContain('| pool |  | 1 | 3 |  |  |\n| run | bm25 | 2 |  | 0.7500 | 2 |\n| run | dense | 0 |  |  | 0 |\n');
    // A query's judged@k: the lowest over the runs that rank it; none: empty.
    expect(text).toContain('| query | a\\|b | 1 | 3 | 0.5000 |  |\n| query | q00 | 1 | 0 | 1.0000 |  |\n| query | q01 | 1 | 0 |  |  |\n');
    expect(text).toContain('depth 10, order rrf; judged@20:');
    expect(text).toMatch(/nothing left to judge: 12 queries \(q00, q01, .*, q09, …\)\n$/);
    expect(text).not.toContain(`q${String(EMPTY_SHOWN).padStart(2, '0')},`);
  });

  it('writes CSV without the notes, and JSON with the pool’s settings and every per-query figure', () => {
    expect(renderPoolStats(stats, { depth: 10, order: 'rank' }, 'csv', false)).toBe('scope,name,queries,pairs,judged@20,unique\npool,,1,3,,\nrun,bm25,2,,0.75,2\nrun,dense,0,,,0\n');
    const json = JSON.parse(renderPoolStats(stats, { depth: 10, order: 'rank' }, 'json', false));
    expect(json).toMatchObject({ pool: { depth: 10, order: 'rank' }, depth: 20, pairs: 3, runs: [{ run: 'bm25', perQuery: { 'a|b': 0.5, q00: 1 } }, { run: 'dense', judged: null }] });
  });
});
