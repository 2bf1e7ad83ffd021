import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCompareArgs, runCompare } from '../../src/cli/compare.js';
import { runNuggets } from '../../src/cli/nuggets.js';
import type { CompareArgs } from '../../src/cli/shared/comparison.js';
import { compare } from '../../src/index.js';
import { runCommand, type CommandResult } from '../helpers/cli.js';

// Four judged queries, one relevant document each, and x judged not relevant on each. base finds the relevant
// one at rank 2 on q1–q3 and misses q4; better finds it first everywhere; TREC and JSONL forms of the runs.
// unjudged-x.txt is qrels.txt without the judgments of x.
const FILES: Record<string, string> = {
  'qrels.txt': 'q1 0 a 1\nq2 0 b 1\nq3 0 c 1\nq4 0 d 1\nq1 0 x 0\nq2 0 x 0\nq3 0 x 0\nq4 0 x 0\n',
  'unjudged-x.txt': 'q1 0 a 1\nq2 0 b 1\nq3 0 c 1\nq4 0 d 1\n',
  'base.txt': 'q1 Q0 x 1 2 base\nq1 Q0 a 2 1 base\nq2 Q0 x 1 2 base\nq2 Q0 b 2 1 base\nq3 Q0 x 1 2 base\nq3 Q0 c 2 1 base\nq4 Q0 x 1 1 base\n',
  'better.jsonl': ['q1', 'q2', 'q3', 'q4'].map((q, i) => JSON.stringify({ query_id: q, results: ['abcd'[i], 'x'] })).join('\n'),
  'partial.jsonl': '{"query_id": "q1", "results": ["a"]}\n{"query_id": "q9", "results": ["z"]}\n',
  'broken.jsonl': '{"query_id": "q1", "results": ["a"]}\n{"query_id": "q2", "results": "b"}\n',
  'one-query.txt': 'q1 0 a 1\n',
  'lengths.tsv': 'x\t300\na\t100\nb\t100\nc\t100\nd\t100\n',
  // q1's two scores tie: its order is the document ids'.
  'tied.txt': 'q1 Q0 x 1 0 tied\nq1 Q0 a 2 0 tied\nq2 Q0 b 1 2 tied\nq2 Q0 x 2 1 tied\n',
};

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-compare-'));
  for (const [name, content] of Object.entries(FILES)) writeFileSync(join(dir, name), content);
});

async function run(args: string[], colour = false): Promise<CommandResult> {
  return runCommand(runCompare, args.map((arg) => (arg in FILES ? join(dir, arg) : arg)), { colour, hide: dir });
}

describe('rankeval compare', () => {
  it('says on stderr, for each run, the documents within the deepest cutoff that the qrels do not judge, and the worst queries', async () => {
    const { status, stderr } = await run(['unjudged-x.txt', 'base.txt', 'better.jsonl', '-m', 'P@1,recall@2']);
    expect(status).toBe(0);
    // Within the top 2: base retrieves x on every query (2 + 2 + 2 + 1 documents), better x second on every query (4 × 2).
    expect(stderr).toBe(
      `rankeval compare: warning: 4 of the ${2 + 2 + 2 + 1} documents in the top 2 of run "base" (57.1 %) are not in unjudged-x.txt and count as not relevant, in 4 queries: q1 (1), q2 (1), q3 (1), q4 (1) (judged_retrieved@2 gives the share judged per query)\n` +
        `rankeval compare: warning: 4 of the ${4 * 2} documents in the top 2 of run "better" (50 %) are not in unjudged-x.txt and count as not relevant, in 4 queries: q1 (1), q2 (1), q3 (1), q4 (1) (judged_retrieved@2 gives the share judged per query)\n`,
    );
    // The same runs on qrels that judge x: nothing to say.
    expect((await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'P@1,recall@2'])).stderr).toBe('');
  });

  it('prints a row per measure and run with Δ, corrected p, interval, W/T/L and d, and how to read them', async () => {
    const { status, stdout, stderr } = await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'mrr,P@1']);
    expect(status).toBe(0);
    expect(stderr).toBe('');
    // mrr: base 1/2 on q1–q3 and 0 on q4, mean 3/8; better 1 everywhere: Δ = 5/8, differences (½, ½, ½, 1).
    expect(stdout).toMatchInlineSnapshot(`
      "measure  run       mean        Δ       Δ%  p (holm)   95% CI              W/T/L      d
      mrr      base    0.3750
      mrr      better  1.0000  +0.6250  +166.7%  0.0154 *   [+0.2272, +1.0228]  4/0/0  +2.50
      P@1      base    0.0000
      P@1      better  1.0000  +1.0000        —  <0.0001 *  [+1.0000, +1.0000]  4/0/0      —

      4 queries, baseline base; paired t-test (two-sided) with Holm–Bonferroni correction over 2 comparisons; 95% t interval of Δ; W/T/L = queries won/tied/lost against the baseline; d = Cohen's d of the per-query differences; * = corrected p < 0.05
      "
    `);
  });

  it('prints compare() as JSON, and CSV with every digit', async () => {
    const json = JSON.parse((await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'mrr', '--format', 'json', '--test', 'sign'])).stdout);
    expect(Object.keys(json)).toEqual(['baseline', 'runs', 'measures', 'test', 'alpha', 'correction', 'interval', 'permutations', 'seed', 'queries', 'rows', 'conventions', 'warnings']);
    // Sign test: 4 wins of 4, p = 2 · (1/2)^4.
    expect(json.rows[1]).toMatchObject({ run: 'better', pValue: 2 / 16, wins: 4, ties: 0, losses: 0 });
    const csv = (await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'mrr', '--format', 'csv'])).stdout.split('\n');
    expect(csv[0]).toBe('measure,run,mean,delta,relativeDelta,pValue,pValueCorrected,ciLow,ciHigh,wins,ties,losses,effectSize,significant');
    expect(csv[1]).toBe('mrr,base,0.375,,,,,,,,,,,');
    expect(csv[2]).toMatch(/^mrr,better,1,0\.625,1\.6666666666666667,0\.0153\d*,0\.0153\d*,0\.227\d*,1\.022\d*,4,0,0,2\.5,true$/);
  });

  it('prints Markdown with the legend under the table', async () => {
    const { stdout } = await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'mrr', '--format', 'markdown', '--test', 'randomization']);
    expect(stdout).toContain('| measure | run | mean | Δ | Δ% | p (holm) | 95% CI | W/T/L | d |\n| --- | --- | ---: | ---: | ---: | --- | --- | ---: | ---: |\n');
    // Exact: 2^4 = 16 sign flips; only all-plus and all-minus reach |Σ| = 2.5, so p = 2/16.
    expect(stdout).toContain('| mrr | better | 1.0000 | +0.6250 | +166.7% | 0\\.1250 |');
    expect(stdout).toContain('paired randomization test \\(two\\-sided\\) with Holm–Bonferroni correction over 1 comparison\\, 10000 permutations\\, seed 42');
  });

  it('gives the numbers of compare() on the same files, whatever the baseline', async () => {
    // On the qrels that leave x unjudged, so that the warnings about it are compare()'s too.
    const json = JSON.parse((await run(['unjudged-x.txt', 'base.txt', 'better.jsonl', '-m', 'mrr', '--format', 'json', '--baseline', 'better'])).stdout);
    const direct = compare(
      { better: { q1: ['a', 'x'], q2: ['b', 'x'], q3: ['c', 'x'], q4: ['d', 'x'] }, base: { q1: ['x', 'a'], q2: ['x', 'b'], q3: ['x', 'c'], q4: ['x'] } },
      { q1: ['a'], q2: ['b'], q3: ['c'], q4: ['d'] },
      { measures: ['mrr'] },
    );
    expect(json).toEqual(direct);
  });

  it('colours significant rows on a terminal only', async () => {
    const coloured = (await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'mrr'], true)).stdout;
    expect(coloured).toContain('\x1b[32mmrr      better');
    expect((await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'mrr'])).stdout).not.toContain('\x1b[');
  });

  it('compares a run with itself: Δ = 0 and p = 1', async () => {
    const json = JSON.parse((await run(['qrels.txt', 'base.txt', 'base.txt', '-m', 'mrr', '--format', 'json'])).stdout);
    expect(json.runs).toEqual([expect.stringMatching(/base\.txt$/), expect.stringMatching(/base\.txt \(2\)$/)]);
    expect(json.rows[1]).toMatchObject({ delta: 0, pValue: 1, ties: 4 });
  });

  it('warns on stderr about a run that misses judged queries or answers unjudged ones', async () => {
    const { status, stderr } = await run(['qrels.txt', 'base.txt', 'partial.jsonl', '-m', 'mrr']);
    expect(status).toBe(0);
    expect(stderr).toBe(
      'rankeval compare: warning: 3 judged queries have no results in run "partial" and score 0: q2, q3, q4\n' +
        'rankeval compare: warning: 1 query of run "partial" is not in qrels.txt and left out: q9\n',
    );
  });

  it('names runs by --names, and by path when file names clash', () => {
    expect((parseCompareArgs(['q', 'a/run.txt', 'b/run.txt']) as { runs: unknown }).runs).toEqual([
      { name: 'a/run.txt', path: 'a/run.txt' },
      { name: 'b/run.txt', path: 'b/run.txt' },
    ]);
    expect(parseCompareArgs(['q', 'a/run.txt', 'b/run.txt', '--names', 'old,new', '--baseline', 'b/run.txt'])).toMatchObject({
      runs: [{ name: 'old' }, { name: 'new' }],
      baseline: 'new',
    });
    expect((parseCompareArgs(['q', 'run.txt', 'run.txt']) as CompareArgs).runs.map((run) => run.name)).toEqual(['run.txt', 'run.txt (2)']);
    expect(parseCompareArgs(['--help'])).toBe('help');
  });

  it('exits 3 naming the file and line of a malformed run', async () => {
    expect(await run(['qrels.txt', 'base.txt', 'broken.jsonl'])).toMatchObject({
      status: 3,
      stderr: 'broken.jsonl:2: "results" of query "q2" must be a list of ids or of {"id", "score"} objects, got "b"',
    });
  });

  it('exits 3 naming the golden set, not the library function, when too few judged queries pair up', async () => {
    expect(await run(['one-query.txt', 'base.txt', 'better.jsonl'])).toMatchObject({
      status: 3,
      stderr: expect.stringMatching(/^one-query\.txt: a paired comparison needs at least 2 judged queries, got 1$/m),
    });
  });

  it.each([
    [['qrels.txt', 'base.txt'], /expected a golden set and two or more runs/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--test', 'z'], /--test takes t, randomization, bootstrap, wilcoxon, sign; got 'z'/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--alpha', '5'], /--alpha takes a number between 0 and 1; got '5'/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--seed', '0x2a'], /--seed takes an integer from 0 to 4294967295 \(2\^32 − 1\); got '0x2a'/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--seed', '4294967296'], /--seed takes an integer from 0 to 4294967295 \(2\^32 − 1\); got '4294967296'/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--seed', '-1'], /--seed takes an integer from 0 to 4294967295 \(2\^32 − 1\); got '-1'/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--permutations', '1.5'], /--permutations takes an integer/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--seed', ''], /--seed takes an integer from 0 to 4294967295 \(2\^32 − 1\); got ''/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--interval', 'bca'], /--interval takes t, bootstrap; got 'bca'/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--correction', 'fdr'], /--correction takes holm, bonferroni, none/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--baseline', 'nope'], /--baseline 'nope' is none of the runs \(base, better\)/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--names', 'a'], /--names gives 1 names for 2 runs/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--names', 'a,a'], /--names repeats a name/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--names', 'a,'], /^--names gives an empty name \(run 2\): 'a,'/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--names', ' ,b'], /^--names gives an empty name \(run 1\)/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'bleu'], /unknown measure `bleu`/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'num_ret'], /-m num_ret: its run figure is not a mean of per-query values/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'gm_map'], /-m gm_map: its run figure is not a mean/],
  ])('exits 2 for %j', async (args, message) => {
    const { status, stderr } = await run(args);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
  });
});

describe('rankeval compare --fail-on-regression', () => {
  // better.jsonl finds every relevant document first; base.txt at rank 2 on q1–q3 and not at all on q4. With
  // better as the baseline, base loses on all 4 queries: mrr Δ = 3/8 − 1 = −0.625.
  const reversed = ['qrels.txt', 'better.jsonl', 'base.txt', '-m', 'mrr', '--fail-on-regression'];

  it('exits 0 when no run is significantly worse: a run against itself, a better run, and 4 losses under the randomization test', async () => {
    expect(await run(['qrels.txt', 'base.txt', 'base.txt', '-m', 'mrr', '--fail-on-regression'])).toMatchObject({ status: 0, stderr: '' });
    expect(await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'mrr,P@1', '--fail-on-regression'])).toMatchObject({ status: 0, stderr: '' });
    // The gate's test is randomization: exact over 2^4 sign flips, p = 2/16, which 4 queries cannot go below.
    const { status, stdout, stderr } = await run(reversed);
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    expect(stdout).toContain('mrr      base    0.3750  −0.6250  −62.5%  0.1250');
    expect(stdout).toContain('paired randomization test (two-sided)');
  });

  it('exits 1 naming the run, the measure, Δ, p and the queries lost most when one is', async () => {
    // Under the t-test the same 4 losses are significant: p = 0.0154 (the table above, the other way round).
    const { status, stderr } = await run([...reversed, '--test', 't']);
    expect(status).toBe(1);
    expect(stderr).toMatchInlineSnapshot(`
      "rankeval compare: regression: base against better, mrr: 1.0000 → 0.3750, Δ −0.6250, p (holm) 0.0154; lost most: q4 1.0000 → 0.0000 (Δ −1.0000), q1 1.0000 → 0.5000 (Δ −0.5000), q2 1.0000 → 0.5000 (Δ −0.5000)
      rankeval compare: 1 regression (regressed = Δ < 0 and p (holm) < 0.05; paired t-test (two-sided), Holm–Bonferroni over 1 comparison, over 4 queries)
      "
    `);
    // Without --fail-on-regression, the same comparison is no failure.
    expect((await run(['qrels.txt', 'better.jsonl', 'base.txt', '-m', 'mrr', '--test', 't'])).status).toBe(0);
  });

  it('on miss@k, where lower is better, fails a run that misses more and passes one that misses less', async () => {
    // miss@1: better 0 on every query; base 1 on every query. base against better: Δ +1 everywhere, a loss on
    // each query; better against base: Δ −1, a win on each. t-test: no spread, p = 0.
    const worse = await run(['qrels.txt', 'better.jsonl', 'base.txt', '-m', 'miss@1', '--fail-on-regression', '--test', 't']);
    expect(worse.status).toBe(1);
    expect(worse.stdout).toContain('miss@1   base    1.0000  +1.0000   —  <0.0001 *  [+1.0000, +1.0000]  0/0/4  —');
    expect(worse.stderr).toMatchInlineSnapshot(`
      "rankeval compare: regression: base against better, miss@1: 0.0000 → 1.0000, Δ +1.0000, p (holm) <0.0001; lost most: q1 0.0000 → 1.0000 (Δ +1.0000), q2 0.0000 → 1.0000 (Δ +1.0000), q3 0.0000 → 1.0000 (Δ +1.0000)
      rankeval compare: 1 regression (regressed = Δ < 0 (Δ > 0 for miss@1, where lower is better) and p (holm) < 0.05; paired t-test (two-sided), Holm–Bonferroni over 1 comparison, over 4 queries)
      "
    `);
    const improved = await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'miss@1', '--fail-on-regression', '--test', 't']);
    expect({ status: improved.status, stderr: improved.stderr }).toEqual({ status: 0, stderr: '' });
    expect(improved.stdout).toMatchInlineSnapshot(`
      "measure  run       mean        Δ       Δ%  p (holm)   95% CI              W/T/L  d
      miss@1   base    1.0000
      miss@1   better  0.0000  −1.0000  −100.0%  <0.0001 *  [−1.0000, −1.0000]  4/0/0  —

      4 queries, baseline base; paired t-test (two-sided) with Holm–Bonferroni correction over 1 comparison; 95% t interval of Δ; W/T/L = queries won/tied/lost against the baseline (lower is better for miss@1: a win is a lower value); d = Cohen's d of the per-query differences; * = corrected p < 0.05
      "
    `);
    // On a terminal, the fall of the miss rate is green (better), its rise red (worse).
    expect((await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'miss@1', '--test', 't'], true)).stdout).toContain('\x1b[32mmiss@1   better');
    expect((await run(['qrels.txt', 'better.jsonl', 'base.txt', '-m', 'miss@1', '--test', 't'], true)).stdout).toContain('\x1b[31mmiss@1   base');
  });

  it('passes a significant drop no larger than --margin', async () => {
    expect((await run([...reversed, '--test', 't', '--margin', '0.63'])).status).toBe(0);
    const { status, stderr } = await run([...reversed, '--test', 't', '--margin', '0.6']);
    expect(status).toBe(1);
    expect(stderr).toMatch(/\nrankeval compare: 1 regression \(regressed = Δ < −0\.6 and p \(holm\) < 0\.05; paired t-test/);
  });

  it('takes --alpha and --correction, and prints the comparison it decided on (JSON too)', async () => {
    // p = 0.0154: above 0.01.
    expect((await run([...reversed, '--test', 't', '--alpha', '0.01'])).status).toBe(0);
    const json = await run([...reversed, '--format', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ test: 'randomization', alpha: 0.05, correction: 'holm', seed: 42 });
  });

  it.each([
    [['qrels.txt', 'base.txt', 'better.jsonl', '--margin', '0.1'], /^--margin applies to --fail-on-regression, which is not given/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--fail-on-regression', '--margin', '-0.1'], /^--margin takes a number ≥ 0 \(the largest drop of a mean tolerated\); got '-0\.1'/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--fail-on-regression', '--margin', 'x'], /^--margin takes a number ≥ 0/],
    [['qrels.txt', 'base.txt', 'better.jsonl', '--fail-on-regression=yes'], /--fail-on-regression takes no value/],
  ])('exits 2 for %j', async (args, message) => {
    const { status, stderr } = await run(args);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
  });
});

describe('rankeval compare (built)', () => {
  it('runs from the command line, writes the table to stdout and exits 0', () => {
    const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
    const result = spawnSync(process.execPath, [cli, 'compare', 'qrels.txt', 'base.txt', 'better.jsonl', '-m', 'mrr', '--format', 'csv'], { cwd: dir, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')[1]).toBe('mrr,base,0.375,,,,,,,,,,,');
  });

  it('exits 1 with --fail-on-regression when a run regressed, 0 when none did', () => {
    const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
    const gate = (...args: string[]) => spawnSync(process.execPath, [cli, 'compare', 'qrels.txt', 'better.jsonl', 'base.txt', '-m', 'mrr', '--fail-on-regression', ...args], { cwd: dir, encoding: 'utf8' });
    const failed = gate('--test', 't');
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/^rankeval compare: regression: base against better, mrr: /);
    expect(gate().status).toBe(0);
  });
});

describe('rankeval compare checks', () => {
  const TIED = "run \"tied\": 1 ranking gives every document the same score, so the order is the tie rule's alone (document ids descending), not the system's: q1";

  it("warns on stderr and in the JSON's warnings about a run file whose scores all tie for a query", async () => {
    const { status, stdout, stderr } = await run(['qrels.txt', 'base.txt', 'tied.txt', '-m', 'P@1', '--format', 'json']);
    expect(status).toBe(0);
    expect(stderr).toContain(`rankeval compare: warning: ${TIED}\n`);
    expect(JSON.parse(stdout).warnings).toContain(TIED);
  });

  it('refuses it with --checks error (exit 3, naming the file), and says nothing with --checks off', async () => {
    const refused = await run(['qrels.txt', 'base.txt', 'tied.txt', '-m', 'P@1', '--checks', 'error']);
    expect(refused).toMatchObject({ status: 3, stdout: '', stderr: expect.stringMatching(/^tied\.txt: 1 ranking gives every document the same score/) });
    const silent = await run(['qrels.txt', 'base.txt', 'tied.txt', '-m', 'P@1', '--checks', 'off']);
    expect(silent.stderr).not.toContain('same score');
  });
});

describe('rankeval compare --lengths and --system-k', () => {
  // base puts x (300 tokens) first: a window of 250 tokens holds nothing; better's first document (100) fits, x after it does not.
  it('compares token budgets and tokens@k, by the hand-worked sums', async () => {
    const { status, stdout } = await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'recall@budget=250,tokens@1', '--lengths', 'lengths.tsv', '--format', 'json']);
    expect(status).toBe(0);
    const json = JSON.parse(stdout);
    const means = json.rows.map(({ measure, run, mean }: { measure: string; run: string; mean: number }) => [measure, run, mean]);
    expect(means).toEqual([
      ['recall@budget=250', 'base', 0],
      ['recall@budget=250', 'better', 1],
      ['tokens@1', 'base', 300],
      ['tokens@1', 'better', 100],
    ]);
  });

  it('--system-k 1 refuses a measure cut deeper (exit 2)', async () => {
    const { status, stderr } = await run(['qrels.txt', 'base.txt', 'better.jsonl', '-m', 'recall@2', '--system-k', '1']);
    expect(status).toBe(2);
    expect(stderr).toContain('recall@2: measured beyond the 1 result the system passes on (systemK = 1)');
  });
});

describe('rankeval compare --nuggets', () => {
  const example = join(fileURLToPath(new URL('.', import.meta.url)), '../../examples/nuggets');
  const assignments = join(example, 'assignments.jsonl');
  const bank = join(example, 'nuggets.jsonl');

  it('compares answer generators as rankeval nuggets --compare does, byte for byte', async () => {
    const flags = ['--topics', bank, '-m', 'vital_score,all_score', '--test', 'randomization', '--format', 'json'];
    const viaCompare = await runCommand(runCompare, ['--nuggets', assignments, ...flags]);
    const viaNuggets = await runCommand(runNuggets, [assignments, '--compare', ...flags]);
    expect(viaCompare).toMatchObject({ status: 0, stderr: '' });
    expect(viaCompare.stdout).toBe(viaNuggets.stdout);
    expect(JSON.parse(viaCompare.stdout)).toMatchObject({ baseline: 'bm25-gpt', measures: ['vital_score', 'all_score'], queries: 3 });
  });

  it('refuses the flags that read rankings, and nugget flags without --nuggets (exit 2)', async () => {
    const refused = await runCommand(runCompare, ['--nuggets', assignments, '--fail-on-regression']);
    expect(refused).toMatchObject({ status: 2, stderr: '--fail-on-regression does not apply with --nuggets, which compares answers by their nugget scores (see rankeval compare --help)' });
    expect((await runCommand(runCompare, ['--nuggets'])).stderr).toBe('--nuggets takes one assignments file or more (ASSIGNMENTS…) (see rankeval compare --help)');
    expect((await runCommand(runCompare, ['q', 'a', 'b', '--topics', bank])).stderr).toBe('--topics applies only with --nuggets, which compares answers by their nugget scores (see rankeval compare --help)');
    expect((await runCommand(runCompare, ['--nuggets', assignments, '-m', 'ndcg@10'])).status).toBe(2);
  });
});
