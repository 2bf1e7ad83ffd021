import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReport } from '../../src/cli/report.js';
import { CliError } from '../../src/cli/trec.js';

const golden = 'examples/rag/golden.jsonl';
const keyword = 'examples/rag/runs/keyword.jsonl';
const bm25 = 'examples/rag/runs/bm25.jsonl';

async function run(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  try {
    return { status: await runReport(args, io), stdout, stderr };
  } catch (error) {
    if (error instanceof CliError) return { status: error.status, stdout, stderr: stderr + error.message };
    throw error;
  }
}

describe('rankeval report', () => {
  it('writes the report to -o and says so on stderr', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rankeval-report-')), 'report.html');
    const { status, stdout, stderr } = await run(golden, keyword, bm25, '-m', 'ndcg@10', '-o', file, '--title', 'RAG retrievers', '--losses', '3');
    expect(status).toBe(0);
    expect(stdout).toBe('');
    // The keyword run scores every document 0 where no keyword matches: the all-ties check names those queries.
    expect(stderr).toMatch(
      new RegExp(`^rankeval report: warning: run "keyword": 3 rankings give every document the same score, .*: q12, q14, q19\\nrankeval report: wrote ${file} \\(\\d+ KiB\\)\\n$`),
    );
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<title>RAG retrievers</title>');
    expect(html).toContain(`golden set ${golden} · keyword = ${keyword} · bm25 = ${bm25}`);
    expect(html.match(/<article class="lost">/g)).toHaveLength(3);
  });

  it('prints to stdout without -o, and makes a one-run report without comparison', async () => {
    const { status, stdout } = await run(golden, bm25, '-m', 'recall@5');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^<!DOCTYPE html>/);
    expect(stdout).not.toContain('<table class="comparison">');
    expect(stdout).toContain('data-chart="recall curve"');
  });

  it('takes the compare flags', async () => {
    const { stdout } = await run(golden, keyword, bm25, '-m', 'ndcg@10', '--test', 'sign', '--alpha', '0.1', '--correction', 'none');
    expect(stdout).toContain('sign test (two-sided) with no correction; 90% t interval of Δ');
  });

  it.each([
    [[golden], /expected a golden set and one or more runs/],
    [[golden, bm25, '--format', 'json'], /--format does not apply: the report is HTML/],
    [[golden, bm25, '--losses=-1'], /--losses takes a whole number; got '-1'/],
    [[golden, bm25, '-o', ''], /^-o takes a file name \(or - for standard output\); got ''/],
    [[golden, keyword, bm25, '--test', 'z'], /--test takes t, randomization/],
  ])('exits 2 for %j', async (args, message) => {
    expect(await run(...args)).toMatchObject({ status: 2, stderr: expect.stringMatching(message) });
  });

  it('exits 3 for a file it cannot read or write', async () => {
    expect(await run(golden, 'missing.jsonl')).toMatchObject({ status: 3, stderr: expect.stringMatching(/^cannot read missing\.jsonl/) });
    expect(await run(golden, bm25, '-o', '/nonexistent/dir/report.html')).toMatchObject({ status: 3, stderr: expect.stringMatching(/^cannot write \/nonexistent\/dir\/report\.html/) });
  });

  it('writes to a name as long as the directory takes, the temporary file having a short name of its own', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'rankeval-report-'));
    const file = join(directory, `${'r'.repeat(245)}.html`);
    const { status } = await run(golden, bm25, '-m', 'recall@5', '-o', file);
    expect(status).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    expect(readdirSync(directory)).toEqual([`${'r'.repeat(245)}.html`]);
  });

  it('leaves alone a file that sits where a temporary name would be', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'rankeval-report-'));
    const file = join(directory, 'report.html');
    writeFileSync(file, 'old');
    const strangers = ['.report.html.tmp', `.report.html.${process.pid}.tmp`, `.rankeval-${process.pid}.tmp`];
    for (const name of strangers) writeFileSync(join(directory, name), 'not ours');
    const { status } = await run(golden, bm25, '-m', 'recall@5', '-o', file);
    expect(status).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    for (const name of strangers) expect(readFileSync(join(directory, name), 'utf8')).toBe('not ours');
    expect(readdirSync(directory).sort()).toEqual([...strangers, 'report.html'].sort());
  });

  it('prints its help', async () => {
    expect((await run('--help')).stdout).toMatch(/^Usage: rankeval report QRELS RUN_A/);
  });
});
