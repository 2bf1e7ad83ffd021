// rankeval pool: the pool file it writes (the library's pool of the runs as read), its summary on stderr,
// the flags, and what it refuses.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPool } from '../../src/cli/pool.js';
import { parsePool } from '../../src/formats/pool.js';
import { runCommand } from '../helpers/cli.js';

let dir = '';
const file = (name: string): string => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-pool-'));
  // bm25 (TREC, scored): q1 d1 3, then d2 and d3 tied at 2 (d3 first: id descending), d4 1; q2 d5.
  writeFileSync(file('bm25.trec'), ['q1 Q0 d1 1 3 bm25', 'q1 Q0 d2 2 2 bm25', 'q1 Q0 d3 3 2 bm25', 'q1 Q0 d4 4 1 bm25', 'q2 Q0 d5 1 1 bm25', ''].join('\n'));
  // dense (JSONL, ids in rank order): q1 d2 d6 d1; q3 d7.
  writeFileSync(file('dense.jsonl'), [{ query_id: 'q1', results: ['d2', 'd6', 'd1'] }, { query_id: 'q3', results: ['d7'] }].map((line) => JSON.stringify(line)).join('\n') + '\n');
  writeFileSync(file('judged.trec'), 'q1 0 d1 1\nq2 0 d5 0\n');
});

const RUNS = (): string[] => [file('bm25.trec'), file('dense.jsonl')];

describe('rankeval pool', () => {
  it('writes the pool as JSON Lines in judging order, the summary on stderr beside it', async () => {
    const result = await runCommand(runPool, [...RUNS(), '--depth', '2']);
    // Depth 2: bm25 q1 d1 d3, dense q1 d2 d6; best ranks d2 1, d1 1 (d2 first: id descending), d6 2, d3 2.
    expect(parsePool(result.stdout)).toEqual({ q1: ['d2', 'd1', 'd6', 'd3'], q2: ['d5'], q3: ['d7'] });
    expect(result.stdout.split('\n')[0]).toBe('{"query_id":"q1","doc_id":"d2"}');
    expect(result.stderr).toBe(
      [
        'scope  name   queries  pairs  judged@2  unique',
        'pool                3      6',
        'run    bm25         2           1.0000       3',
        'run    dense        2           1.0000       3',
        '',
        "depth 2, order rank; judged@2: the share of a run's top 2 that the pool or the qrels hold; unique: the pairs only that run brings in its top 2",
        '',
      ].join('\n'),
    );
  });

  it('leaves out what --qrels judge, orders by rrf, and writes -o, the summary then on stdout', async () => {
    const out = file('pool.jsonl');
    const result = await runCommand(runPool, [...RUNS(), '--depth', '2', '--qrels', file('judged.trec'), '--order', 'rrf', '-o', out, '-q', '--names', 'lex,vec'], { hide: dir });
    expect(result).toMatchObject({ status: 0, stderr: '' });
    // rrf: d2 1/61 (dense) and d1 1/61 (bm25) tie, d2 first; d6 1/62 and d3 1/62, d6 first. d1 and q2's d5 are judged.
    expect(readFileSync(out, 'utf8')).toBe(['q1 d2', 'q1 d6', 'q1 d3', 'q3 d7'].map((pair) => `{"query_id":"${pair.split(' ')[0]}","doc_id":"${pair.split(' ')[1]}"}\n`).join(''));
    // lex alone brings q1 d3 (d1 is judged); vec q1 d2, d6 and q3 d7. q2's only document is judged.
    expect(result.stdout).toBe(
      [
        'scope  name  queries  pairs  judged@2  unique',
        'pool               2      4',
        'run    lex         2           1.0000       1',
        'run    vec         2           1.0000       3',
        'query  q1          1      3    1.0000',
        'query  q2          1      0    1.0000',
        'query  q3          1      1    1.0000',
        '',
        "depth 2, order rrf; judged@2: the share of a run's top 2 that the pool or the qrels hold (a query: its lowest over the runs); unique: the pairs only that run brings in its top 2",
        'nothing left to judge: 1 query (q2)',
        '',
      ].join('\n'),
    );
  });

  it('--judged-depth reads the runs deeper than the pool: the holes show', async () => {
    const result = await runCommand(runPool, [...RUNS(), '--depth', '1', '--judged-depth', '3', '--format', 'json']);
    const summary = JSON.parse(result.stderr) as { pool: unknown; depth: number; runs: { run: string; judged: number; perQuery: Record<string, number> }[] };
    expect(summary.pool).toEqual({ depth: 1, order: 'rank' });
    expect(summary.depth).toBe(3);
    // Depth 1 pools q1 d1, d2; q2 d5; q3 d7. bm25's top 3 of q1 is d1 d3 d2: 2/3; dense's d2 d6 d1: 2/3.
    expect(summary.runs.map(({ run, perQuery }) => [run, perQuery])).toEqual([['bm25', { q1: 2 / 3, q2: 1 }], ['dense', { q1: 2 / 3, q3: 1 }]]);
  });

  it('refuses bad arguments before reading, and names a file it cannot read', async () => {
    expect(await runCommand(runPool, [])).toMatchObject({ status: 2, stderr: 'expected one run or more (RUN …) (see rankeval pool --help)' });
    expect((await runCommand(runPool, [...RUNS(), '--depth', '0'])).stderr).toBe("--depth takes a positive integer; got '0' (see rankeval pool --help)");
    expect((await runCommand(runPool, [...RUNS(), '--depth', ' 3'])).stderr).toBe("--depth takes a positive integer; got ' 3' (see rankeval pool --help)");
    expect((await runCommand(runPool, [...RUNS(), '--order', 'borda'])).stderr).toBe("--order takes rank, rrf; got 'borda' (see rankeval pool --help)");
    expect((await runCommand(runPool, [...RUNS(), '-o', file('dense.jsonl')], { hide: dir })).stderr).toBe('-o dense.jsonl is a run; the pool would overwrite it (see rankeval pool --help)');
    expect((await runCommand(runPool, [file('missing.trec')], { hide: dir })).status).toBe(3);
  });

  it('prints its help', async () => {
    const result = await runCommand(runPool, ['--help']);
    expect(result.stdout).toMatch(/^Usage: rankeval pool RUN …/);
  });
});
