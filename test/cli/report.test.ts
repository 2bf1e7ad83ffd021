import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPARE_OPTIONS, readCompareArgs } from '../../src/cli/shared/comparison.js';
import { parseCommandArgs } from '../../src/cli/shared/args.js';
import { usageError } from '../../src/cli/shared/command.js';
import { runReport, scoreReport } from '../../src/cli/report.js';
import { reportData } from '../../src/report/data.js';
import { runCommand, type CommandResult } from '../helpers/cli.js';

const golden = 'examples/rag/golden.jsonl';
const keyword = 'examples/rag/runs/keyword.jsonl';
const bm25 = 'examples/rag/runs/bm25.jsonl';

async function run(...args: string[]): Promise<CommandResult> {
  return runCommand(runReport, args);
}

describe('rankeval report', () => {
  it('writes the report to -o and says so on stderr', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rankeval-report-')), 'report.html');
    const { status, stdout, stderr } = await run(golden, keyword, bm25, '-m', 'ndcg@10', '-o', file, '--title', 'RAG retrievers', '--losses', '3');
    expect(status).toBe(0);
    expect(stdout).toBe('');
    // The keyword run scores every document 0 where no keyword matches: the all-ties check names those queries.
    // The example's golden set judges about a quarter of each run's top 10 (122 of 159 and 126 of 164 not, counted apart from
    // the files with a script): the rest is said, per run.
    expect(stderr).toMatch(
      new RegExp(
        `^rankeval report: warning: 122 of the 159 documents in the top 10 of run "keyword" \\(76\\.7 %\\) are not in ${golden} and count as not relevant, in 22 queries: q01 \\(9\\), .*\\n` +
          `rankeval report: warning: run "keyword": 3 rankings give every document the same score, .*: q12, q14, q19\\n` +
          `rankeval report: warning: 126 of the 164 documents in the top 10 of run "bm25" \\(76\\.8 %\\) are not in ${golden} .*\\n` +
          `rankeval report: wrote ${file} \\(\\d+ KiB\\)\\n$`,
      ),
    );
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<title>RAG retrievers</title>');
    expect(html).toContain(`golden set ${golden} · keyword = ${keyword} · bm25 = ${bm25}`);
    expect(html.match(/<article class="lost">/g)).toHaveLength(3);
  });

  it("words the runs' warnings as eval does, naming the run and the golden set's file", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rankeval-report-'));
    const partial = join(dir, 'partial.jsonl');
    writeFileSync(partial, readFileSync(bm25, 'utf8').split('\n').filter((line) => line.includes('"q01"')).join('\n'));
    const { status, stderr } = await run(golden, bm25, partial, '-m', 'ndcg@10', '-o', join(dir, 'report.html'));
    expect(status).toBe(0);
    expect(stderr).toMatch(/^rankeval report: warning: \d+ judged queries have no results in run "partial" and score 0: q02, q03, /m);
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

describe('rankeval report under a token budget', () => {
  it('shows the windows of the queries lost most as reportData does, from a TREC run and a JSONL run', async () => {
    // q1: base ranks a (60) b (70) c (150): 60 + 70 = 130 ≤ 200 < 280; next ranks c a b: 150 ≤ 200 < 150 + 60 = 210.
    const dir = mkdtempSync(join(tmpdir(), 'rankeval-report-budget-'));
    const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
    // q3, deeper than the 20 documents a report keeps of a ranking: base ranks e1 … e22 (1 token each, e22
    // relevant), all 22 held; next ranks big (190) first: 190 + 10 × 1 = 200, so e1 … e10 are held, not e22.
    const deep = Array.from({ length: 22 }, (_, i) => `e${i + 1}`);
    const qrels = file('qrels.txt', 'q1 0 a 1\nq1 0 b 2\nq2 0 d 1\nq3 0 e22 1\n');
    const trecLines = (ids: readonly string[], qid: string) => ids.map((id, i) => `${qid} Q0 ${id} ${i + 1} ${ids.length - i} base\n`).join('');
    const base = file('base.txt', trecLines(['a', 'b', 'c'], 'q1') + trecLines(['d'], 'q2') + trecLines(deep, 'q3'));
    const next = file('next.jsonl', ['{"query_id": "q1", "results": ["c", "a", "b"]}', '{"query_id": "q2", "results": ["d"]}', JSON.stringify({ query_id: 'q3', results: ['big', ...deep] })].join('\n'));
    const lengthOf: Record<string, number> = { a: 60, b: 70, c: 150, d: 10, big: 190, ...Object.fromEntries(deep.map((id) => [id, 1])) };
    const lengths = file('lengths.tsv', Object.entries(lengthOf).map(([id, tokens]) => `${id}\t${tokens}\n`).join(''));
    const argv = [qrels, base, next, '-m', 'recall@budget=200', '--lengths', lengths, '--names', 'base,next'];
    const { values, positionals } = parseCommandArgs(argv, COMPARE_OPTIONS, usageError('report'));
    const silent = { stdout: { write: () => true }, stderr: { write: () => true } };
    const { data: fromFiles } = await scoreReport(readCompareArgs(values, positionals, 1, usageError('report')), 10, silent);
    const inMemory = reportData(
      {
        qrels: { q1: { a: 1, b: 2 }, q2: { d: 1 }, q3: { e22: 1 } },
        runs: { base: { q1: ['a', 'b', 'c'], q2: ['d'], q3: deep }, next: { q1: ['c', 'a', 'b'], q2: ['d'], q3: ['big', ...deep] } },
      },
      { measures: ['recall@budget=200'], lengths: lengthOf },
    );
    expect(fromFiles.losses).toStrictEqual(inMemory.losses);
    const q3 = fromFiles.losses[0]!.queries.find(({ query }) => query === 'q3')!;
    // 22 held, 20 shown: e22 is held but beyond the rows shown.
    expect(q3.baseline).toMatchObject({ score: 1, window: { held: 22, tokens: 22 * 1, next: null, beyondSystemK: 0 }, missed: [{ id: 'e22', grade: 1, rank: 22 }] });
    expect(q3.baseline.top).toHaveLength(20);
    expect(q3.candidate).toMatchObject({ score: 0, window: { held: 1 + 10, tokens: 190 + 10 * 1, next: { rank: 12, id: 'e11', total: 190 + 11 * 1 } } });
    expect(fromFiles.losses[0]!.queries[0]!.candidate).toMatchObject({ score: 0, window: { held: 1, tokens: 150, next: { id: 'a', total: 150 + 60 } } });
    const { stdout } = await run(...argv);
    expect(stdout).toContain('<p class="budget">the budget of 200 tokens held the first 2 documents (130 tokens); the 3rd (c, 150 tokens) would pass it (280)</p>');
  });
});

describe('rankeval report --nuggets', () => {
  const assignments = 'examples/nuggets/assignments.jsonl';
  const bank = 'examples/nuggets/nuggets.jsonl';

  it('writes the report of reportData from the nugget scores of examples/nuggets, saying what needs rankings is left out', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rankeval-report-')), 'nuggets.html');
    const result = await runCommand(runReport, ['--nuggets', assignments, '--topics', bank, '-m', 'vital_score,all_score', '--test', 'randomization', '-o', file, '--title', 'Generators']);
    expect(result).toMatchObject({ status: 0, stdout: '' });
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<title>Generators</title>');
    expect(html).toContain('Left out: this report was made from per-query scores');
    expect(html).toContain('3 queries · runs: bm25-gpt (baseline), dense-gpt · measures: vital_score, all_score');
    // dense-gpt lost q07 on vital_score: 0.5 against 0.
    expect(html).toContain('<tr><td><bdi>q07</bdi></td><td class="number">0.5000</td><td class="number">0.0000</td><td class="number">−0.5000</td></tr>');
    // The comparison's cells, as rankeval nuggets --compare prints them: Δ −0.5/3, W/T/L 0/2/1, the exact p of 1.
    expect(html).toMatch(/<td>vital_score<\/td><td>dense-gpt<\/td><td class="number">0\.5000<\/td><td class="number">−0\.1667<\/td><td class="number">−25\.0%<\/td><td class="number">1\.0000<\/td>/);
  });

  it('refuses runs scored on different topics (exit 3), and flags of other reports (exit 2)', async () => {
    const different = await runCommand(runReport, ['--nuggets', assignments]);
    expect(different.status).toBe(3);
    expect(different.stderr).toMatch(/^examples\/nuggets\/assignments\.jsonl: run "bm25-gpt" scores query "q07" and run "dense-gpt" does not: .*; give --topics BANK/);
    expect(await runCommand(runReport, ['--nuggets', assignments, '--topics', bank, '--ties', 'given'])).toMatchObject({ status: 2, stderr: '--ties does not apply with --nuggets, which compares answers by their nugget scores (see rankeval report --help)' });
    expect(await runCommand(runReport, ['--nuggets', '--overlap', assignments])).toMatchObject({ status: 2 });
    expect(await runCommand(runReport, ['--nuggets'])).toMatchObject({ status: 2 });
    expect(await runCommand(runReport, [golden, keyword, '--topics', bank])).toMatchObject({ status: 2, stderr: '--topics applies only with --nuggets, which compares answers by their nugget scores (see rankeval report --help)' });
    expect(await runCommand(runReport, ['--nuggets', assignments, '--losses', 'x'])).toMatchObject({ status: 2 });
  });
});
