import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOverlap } from '../../src/cli/overlap.js';
import { runReport } from '../../src/cli/report.js';
import { runCommand, type CommandResult } from '../helpers/cli.js';

const golden = 'examples/rag/golden.jsonl';
const keyword = 'examples/rag/runs/keyword.jsonl';
const bm25 = 'examples/rag/runs/bm25.jsonl';
const dir = mkdtempSync(join(tmpdir(), 'rankeval-report-overlap-'));

const run = (...args: string[]): Promise<CommandResult> => runCommand(runReport, args);

describe('rankeval report --overlap', () => {
  it('writes the report of two runs, with the figures rankeval overlap gives', async () => {
    const file = join(dir, 'overlap.html');
    const { status, stdout, stderr } = await run('--overlap', bm25, keyword, '--depth', '10', '-o', file, '--title', 'BM25 or keywords', '--names', 'BM25,KW');
    expect({ status, stdout }).toEqual({ status: 0, stdout: '' });
    expect(stderr).toMatch(new RegExp(`^rankeval report: wrote ${file} \\(\\d+ KiB\\)\\n$`));
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<title>BM25 or keywords</title>');
    expect(html).toContain(`<p class="subtitle">BM25 = ${bm25} · KW = ${keyword}</p>`);
    expect(html).not.toMatch(/<script/i);
    // The same numbers as the command that prints them.
    const printed = JSON.parse((await runCommand(runOverlap, [bm25, keyword, '--depth', '10', '--format', 'json'])).stdout);
    expect(html).toContain(`<td>RBO (ext, the estimate)</td><td class="number">${printed.mean.ext.toFixed(4)}</td>`);
    expect(html).toContain(`<td>Jaccard (top 10)</td><td class="number">${printed.mean.jaccard.toFixed(4)}</td>`);
    const moved = [...html.matchAll(/<article class="moved"><h3><bdi>([^<]*)<\/bdi>/g)].map((match) => match[1]);
    expect(moved).toEqual(printed.moved.slice(0, 10));
    expect(html).toContain('<th>rank in <bdi>KW</bdi></th>');
  });

  it('prints to stdout without -o, and takes --p and --ties', async () => {
    const { status, stdout } = await run('--overlap', bm25, keyword, '--p', '0.5', '--ties', 'w');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^<!DOCTYPE html>/);
    expect(stdout).toContain('<p class="subtitle">24 queries both runs rank · runs: bm25, keyword · p 0.5, ties w, depth whole rankings</p>');
  });

  it.each([
    [['--overlap', bm25, keyword, '-m', 'ndcg@10'], '--measure (-m) does not apply with --overlap, which compares two runs without a golden set'],
    [['--overlap', bm25, keyword, '--losses', '3'], '--losses does not apply with --overlap'],
    [['--overlap', bm25, keyword, '--baseline', 'bm25'], '--baseline does not apply with --overlap'],
    [['--overlap', bm25], '--overlap takes two runs (RUN_A RUN_B), got 1 file'],
    [['--overlap', golden, bm25, keyword], '--overlap takes two runs (RUN_A RUN_B), got 3 files'],
    [['--overlap', '-', '-'], 'only one file can be - (standard input)'],
    [['--overlap', bm25, keyword, '--p', '1'], "--p takes a number between 0 and 1, both excluded; got '1'"],
    [['--overlap', bm25, keyword, '--ties', 'average'], "--ties takes a, b, w; got 'average'"],
    [['--overlap', bm25, keyword, '--names', 'x'], '--names gives 1 names for 2 runs'],
    [['--overlap', bm25, keyword, '-o', bm25], `-o ${bm25} is run A; the report would overwrite it`],
    [[golden, bm25, '--p', '0.5'], '--p applies only with --overlap, which compares two runs without a golden set'],
    [[golden, bm25, '--depth', '5'], '--depth applies only with --overlap'],
  ])('exits 2 for %j', async (args, message) => {
    const result = await run(...args);
    expect(result).toMatchObject({ status: 2, stdout: '' });
    expect(result.stderr).toContain(message);
  });

  it('exits 3 for runs that rank no query in common', async () => {
    const other = join(dir, 'other.jsonl');
    writeFileSync(other, '{"query_id": "q99", "results": ["d1"]}\n');
    expect(await run('--overlap', bm25, other)).toEqual({ status: 3, stdout: '', stderr: 'bm25 and other rank no query in common: nothing to compare' });
  });

  it('is pointed to when two runs are given without a golden set', async () => {
    expect(await run(bm25, keyword, '-m', 'ndcg@10')).toEqual({
      status: 3,
      stdout: '',
      stderr: `${bm25} reads as a run, not a golden set: to compare two runs without a golden set, rankeval report --overlap RUN_A RUN_B`,
    });
    // Three files: a golden set missing, not a pair of runs to compare.
    expect((await run(bm25, keyword, bm25)).stderr).not.toContain('--overlap');
  });
});
