// The built `rankeval eval` as CI runs it: exit statuses, and output on stdout apart from messages on stderr.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-e2e-'));
  // x and y are judged not relevant: every document the runs retrieve is judged.
  writeFileSync(join(dir, 'golden.jsonl'), '{"query_id": "q1", "relevant": {"a": 1, "b": 1, "x": 0}, "tags": ["en"]}\n{"query_id": "q2", "relevant": {"c": 1, "y": 0}}\n');
  writeFileSync(join(dir, 'run.csv'), 'query_id,doc_id,score\nq1,a,0.9\nq1,x,0.5\nq2,y,0.8\nq2,c,0.7\n');
  writeFileSync(join(dir, 'broken.csv'), 'query_id,doc_id,score\nq1,a,0.9\nq1,x,high\n');
});

const FOOTER = '\nconventions: ties trec · gain linear · IDCG all judged · relevant grade ≥ 1 · unanswered 0 · no-relevant zero · AP / R · trec_eval 9.0.8\n';

const rankeval = (...args: string[]) => {
  const result = spawnSync(process.execPath, [cli, 'eval', ...args], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('rankeval eval (built)', () => {
  it('exits 0 and prints the table on stdout only', () => {
    // q1: a at rank 1 of 2 relevant → recall@1 = 1/2; q2: c at rank 2 → recall@1 = 0.
    expect(rankeval('golden.jsonl', 'run.csv', '-m', 'recall@1,recall@2')).toEqual({
      status: 0,
      stdout: `scope  name  queries  recall@1  recall@2\nall                2    0.2500    0.7500\n${FOOTER}`,
      stderr: '',
    });
  });

  it.each([
    ['markdown', `| scope | name | queries | recall@2 |\n| --- | --- | ---: | ---: |\n| all |  | 2 | 0.7500 |\n${FOOTER}`],
    ['csv', 'scope,name,queries,recall@2\nall,,2,0.75\n'],
  ])('prints %s', (format, expected) => {
    expect(rankeval('golden.jsonl', 'run.csv', '-m', 'recall@2', '--format', format).stdout).toBe(expected);
  });

  it('prints JSON that parses', () => {
    expect(JSON.parse(rankeval('golden.jsonl', 'run.csv', '-m', 'recall@2', '--format', 'json', '--by-tag').stdout)).toEqual({
      mean: { 'recall@2': (1 / 2 + 1) / 2 },
      queries: 2,
      bySlice: { en: { mean: { 'recall@2': 1 / 2 }, queries: 1 } },
      unjudgedQueries: [],
      unansweredQueries: [],
      noRelevantQueries: [],
      conventions: expect.objectContaining({ ties: 'trec', aggregation: { 'recall@2': 'mean' } }),
      warnings: [],
    });
  });

  it('exits 1 when a gate fails, saying which', () => {
    const { status, stderr } = rankeval('golden.jsonl', 'run.csv', '--fail-under', 'recall@1=0.5');
    expect(status).toBe(1);
    // The default measures cut at 10 on rankings of 2: the cutoff check says so, and the gate still decides the exit.
    expect(stderr).toBe(
      "rankeval eval: warning: ndcg@10, recall@10, mrr@10: the cutoff exceeds the deepest ranking of the run (2 documents), so the measure's k is not the system's\n" +
        'rankeval eval: gate failed: recall@1 = 0.2500, below 0.5\n',
    );
  });

  it('exits 2 on bad arguments and 3 on a malformed file, naming file and line', () => {
    expect(rankeval('golden.jsonl', 'run.csv', '-m', 'nope')).toMatchObject({ status: 2, stdout: '', stderr: expect.stringMatching(/^rankeval eval: unknown measure `nope`/) });
    expect(rankeval('golden.jsonl', 'broken.csv')).toMatchObject({ status: 3, stdout: '', stderr: 'rankeval eval: broken.csv:3: the score "high" is not a finite number\n' });
  });
});

describe('a run that can be read once (a pipe, `<(…)`, standard input)', () => {
  // q1's results in two stretches: the run is read a second time, collected, which a pipe cannot give.
  const interleaved = 'q1 Q0 x 1 0.9 r\nq2 Q0 c 1 0.8 r\nq1 Q0 a 2 0.5 r\n';
  const shell = (command: string) => spawnSync('bash', ['-c', command], { cwd: dir, encoding: 'utf8' });

  it('scores an interleaved run from a pipe as from a file', () => {
    writeFileSync(join(dir, 'interleaved.trec'), interleaved);
    const fromFile = rankeval('golden.jsonl', 'interleaved.trec', '-m', 'P@2,recall@2', '-q', '--format', 'csv');
    expect(fromFile.status).toBe(0);
    expect(fromFile.stdout).toContain('query,q1,1,0.5,0.5');
    for (const run of ['<(cat interleaved.trec)', '/dev/stdin < interleaved.trec', '- < interleaved.trec']) {
      const piped = shell(`"${process.execPath}" "${cli}" eval golden.jsonl ${run} -m P@2,recall@2 -q --format csv`);
      expect({ run, status: piped.status, stdout: piped.stdout }).toEqual({ run, status: 0, stdout: fromFile.stdout });
    }
  });

  it('checks a CSV golden set against a piped run without seeking in it', () => {
    writeFileSync(join(dir, 'golden.csv'), 'query_id,doc_id,relevance\nq1,a,1\nq2,c,1\nq1,x,0\nq2,y,0\n');
    const piped = shell(`"${process.execPath}" "${cli}" eval golden.csv <(cat interleaved.trec) -m P@2 --format csv`);
    expect({ status: piped.status, stdout: piped.stdout, stderr: piped.stderr }).toEqual({ status: 0, stdout: 'scope,name,queries,P@2\nall,,2,0.5\n', stderr: '' });
  });

  it('reports on piped runs, which the report looks into twice (scores, then the rankings of the queries lost most)', () => {
    writeFileSync(join(dir, 'better.trec'), 'q1 Q0 a 1 0.9 r\nq2 Q0 c 1 0.8 r\nq1 Q0 x 2 0.5 r\n');
    const piped = shell(`"${process.execPath}" "${cli}" report golden.jsonl <(cat better.trec) <(cat interleaved.trec) -m P@1 -o piped.html`);
    expect({ status: piped.status, stderr: piped.stderr }).toEqual({ status: 0, stderr: expect.stringMatching(/^rankeval report: wrote piped\.html/) });
    // q1 is lost by the second run (P@1 1 → 0): its ranking, read from the pipe, is shown.
    expect(readFileSync(join(dir, 'piped.html'), 'utf8')).toMatch(/q1[^]*x[^]*a/);
  });
});
