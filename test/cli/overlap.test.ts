import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { overlap } from '../../src/agreement/overlap.js';
import { runOverlap } from '../../src/cli/overlap.js';
import { runCommand } from '../helpers/cli.js';

let dir = '';
const file = (name: string): string => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-overlap-'));
  // bm25: q1 d1, then d2 and d3 tied; q2 d4 d5; q3 only here. dense (JSONL): q1 d2 d1 d3; q2 d6; q4 only here.
  writeFileSync(file('bm25.trec'), ['q1 Q0 d1 1 3 bm25', 'q1 Q0 d2 2 2 bm25', 'q1 Q0 d3 3 2 bm25', 'q2 Q0 d4 1 2 bm25', 'q2 Q0 d5 2 1 bm25', 'q3 Q0 d9 1 1 bm25', ''].join('\n'));
  writeFileSync(
    file('dense.jsonl'),
    [{ query_id: 'q1', results: ['d2', 'd1', 'd3'] }, { query_id: 'q2', results: ['d6'] }, { query_id: 'q4', results: ['d7'] }].map((line) => JSON.stringify(line)).join('\n') + '\n',
  );
  writeFileSync(file('other.trec'), 'q9 Q0 d1 1 1 x\n');
});

// What the library gives on the same rankings: the CLI reads the TREC run's scores, so d2 and d3 tie.
const expected = (options = {}) =>
  overlap(
    { q1: [{ id: 'd1', score: 3 }, { id: 'd2', score: 2 }, { id: 'd3', score: 2 }], q2: [{ id: 'd4', score: 2 }, { id: 'd5', score: 1 }], q3: [{ id: 'd9', score: 1 }] },
    { q1: ['d2', 'd1', 'd3'], q2: ['d6'], q4: ['d7'] },
    options,
  );

describe('rankeval overlap', () => {
  it('prints the mean RBO and Jaccard over the queries both runs rank, the queries that moved most, and its settings', async () => {
    const result = await runCommand(runOverlap, [file('bm25.trec'), file('dense.jsonl')], { hide: dir });
    const mean = expected().mean;
    const q1 = expected().perQuery.get('q1')!;
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      [
        'scope  name  queries     rbo  rbo_min  rbo_max  jaccard',
        `all                2  ${mean.ext.toFixed(4)}   ${mean.min.toFixed(4)}   ${mean.max.toFixed(4)}   ${mean.jaccard.toFixed(4)}`,
        '',
        `moved most (lowest rbo): q2 0.0000, q1 ${q1.ext.toFixed(4)}`,
        'p 0.9 (rbo is ext, the estimate; rbo_min and rbo_max its bounds), ties a, depth whole rankings',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('rankeval overlap: warning: 1 query only bm25 ranks, left out: q3\nrankeval overlap: warning: 1 query only dense ranks, left out: q4\n');
  });

  it('-q adds a row per query; --format csv prints every digit', async () => {
    const result = await runCommand(runOverlap, [file('bm25.trec'), file('dense.jsonl'), '-q', '--format', 'csv', '--p', '0.8', '--ties', 'b']);
    const want = expected({ p: 0.8, ties: 'b' });
    const row = (scope: string, name: string, n: number, r: { ext: number; min: number; max: number; jaccard: number }) => `${scope},${name},${n},${r.ext},${r.min},${r.max},${r.jaccard}`;
    expect(result.stdout).toBe(
      ['scope,name,queries,rbo,rbo_min,rbo_max,jaccard', row('all', '', 2, want.mean), row('query', 'q1', 1, want.perQuery.get('q1')!), row('query', 'q2', 1, want.perQuery.get('q2')!), ''].join('\n'),
    );
  });

  it('--format json holds the whole result, per query with -q; --depth reads the top K', async () => {
    const result = await runCommand(runOverlap, [file('bm25.trec'), file('dense.jsonl'), '--format', 'json', '-q', '--depth', '1']);
    const want = expected({ depth: 1 });
    expect(JSON.parse(result.stdout)).toEqual({ p: 0.9, ties: 'a', depth: 1, mean: want.mean, moved: want.moved, onlyA: ['q3'], onlyB: ['q4'], perQuery: Object.fromEntries(want.perQuery) });
  });

  it('names its bad arguments, with exit status 2', async () => {
    for (const [args, message] of [
      [['a'], 'expected two runs (RUN_A RUN_B), got 1 (see rankeval overlap --help)'],
      [['a', 'b', '--p', '1'], "--p takes a number between 0 and 1, both excluded; got '1' (see rankeval overlap --help)"],
      [['a', 'b', '--depth', '0'], "--depth takes a positive integer; got '0' (see rankeval overlap --help)"],
      [['a', 'b', '--ties', 'x'], "--ties takes a, b, w; got 'x' (see rankeval overlap --help)"],
      [['-', '-'], 'only one file can be - (standard input) (see rankeval overlap --help)'],
    ] as const) {
      expect(await runCommand(runOverlap, args)).toEqual({ status: 2, stdout: '', stderr: message });
    }
  });

  it('exits 3 when the runs rank no query in common', async () => {
    expect(await runCommand(runOverlap, [file('bm25.trec'), file('other.trec')])).toEqual({ status: 3, stdout: '', stderr: 'bm25 and other rank no query in common: nothing to compare' });
  });

  it('--help prints its usage', async () => {
    const result = await runCommand(runOverlap, ['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: rankeval overlap RUN_A RUN_B/);
  });
});
