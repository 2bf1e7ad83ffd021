// The command line's side of "which column is the grade" (--grade-column), of empty -m lists, and of bad
// numbers in the files (lengths too large, JSON numbers past a double), each named where it is.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCompare } from '../../src/cli/compare.js';
import { runEval } from '../../src/cli/eval.js';
import { runFuse } from '../../src/cli/fuse.js';
import { runReport } from '../../src/cli/report.js';
import { runCommand, type Command, type CommandResult } from '../helpers/cli.js';

const FILES: Record<string, string> = {
  // The labels judge a and b not relevant; the score column would judge both relevant.
  'golden.csv': 'query_id,doc_id,score,label\nq1,a,1,0\nq1,b,1,0\nq2,c,1,1\n',
  'qrels.txt': 'q1 0 a 1\nq1 0 b 0\nq2 0 c 1\n',
  'run.txt': 'q1 Q0 a 1 2 r\nq1 Q0 b 2 1 r\nq2 Q0 c 1 1 r\n',
  'other.txt': 'q1 Q0 b 1 2 s\nq1 Q0 a 2 1 s\nq2 Q0 c 1 1 s\n',
  'huge-lengths.tsv': 'a\t10\nb\t1e308\nc\t5\n',
  'bad-first-lengths.tsv': 'a\t1O\nb\t5\nc\t5\n',
  'overflow.jsonl': '{"query_id": "q1", "relevant": {"a": 1e400}}\n',
  'overflow-run.jsonl': '{"query_id": "q1", "results": [{"id": "a", "score": 1e400}]}\n',
};

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-columns-'));
  for (const [name, content] of Object.entries(FILES)) writeFileSync(join(dir, name), content);
});

const run = (command: Command, ...args: string[]): Promise<CommandResult> => runCommand(command, args.map((arg) => (arg in FILES ? join(dir, arg) : arg)), { hide: dir });

describe('an empty measure list or name is a usage error (it ran the default measures)', () => {
  it.each([
    [[''], "-m takes measure names; got '' (see rankeval eval --help)"],
    [[' '], "-m takes measure names; got ' ' (see rankeval eval --help)"],
    [[',,'], "-m ',,' has an empty measure name (names are separated by single commas) (see rankeval eval --help)"],
    [['P@1,,ndcg@10'], "-m 'P@1,,ndcg@10' has an empty measure name (names are separated by single commas) (see rankeval eval --help)"],
    [['P@1,'], "-m 'P@1,' has an empty measure name (names are separated by single commas) (see rankeval eval --help)"],
    [['P@1', ''], "-m takes measure names; got '' (see rankeval eval --help)"],
  ])('eval -m %j', async (values, message) => {
    const { status, stdout, stderr } = await run(runEval, 'qrels.txt', 'run.txt', ...values.flatMap((value) => ['-m', value]));
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(message);
  });

  it('compare, report and fuse --optimize alike', async () => {
    const compare = await run(runCompare, 'qrels.txt', 'run.txt', 'other.txt', '-m', '');
    expect([compare.status, compare.stderr]).toEqual([2, "-m takes measure names; got '' (see rankeval compare --help)"]);
    const report = await run(runReport, 'qrels.txt', 'run.txt', '-m', ',');
    expect(report.status).toBe(2);
    expect(report.stderr).toContain("-m ',' has an empty measure name");
    const fuse = await run(runFuse, 'run.txt', 'other.txt', '--method', 'wsum', '--optimize', '', '--qrels', 'qrels.txt');
    expect([fuse.status, fuse.stderr]).toEqual([2, "--optimize takes measure names; got '' (see rankeval fuse --help)"]);
    // A trailing comma was read as one measure.
    const comma = await run(runFuse, 'run.txt', 'other.txt', '--method', 'wsum', '--optimize', 'P@1,', '--qrels', 'qrels.txt');
    expect([comma.status, comma.stderr]).toEqual([2, "--optimize 'P@1,' has an empty measure name (names are separated by single commas) (see rankeval fuse --help)"]);
  });

  it('a trec_eval name with a parameter list is one name, as before', async () => {
    const { status, stdout } = await run(runEval, 'qrels.txt', 'run.txt', '-m', 'P.1,2', '--format', 'csv');
    expect(status).toBe(0);
    expect(stdout.split('\n')[0]).toContain('P_1,P_2');
  });
});

describe('--grade-column: the grade column of a CSV golden set with more than one candidate', () => {
  it('eval refuses score and label together, naming both and the flag (score was read: P@1 1.0 where the labels give 0.5)', async () => {
    const { status, stderr } = await run(runEval, 'golden.csv', 'run.txt', '-m', 'P@1');
    expect(status).toBe(3);
    expect(stderr).toBe(
      'golden.csv:1: the header "query_id,doc_id,score,label" has 2 grade columns, "score" (column 3) and "label" (column 4); name the one to read with the `gradeColumn` option (--grade-column NAME on the command line)',
    );
  });

  it('eval, compare and fuse --optimize read the column it names', async () => {
    const byLabel = await run(runEval, 'golden.csv', 'run.txt', '-m', 'P@1', '--grade-column', 'label', '--format', 'csv');
    expect(byLabel.status).toBe(0);
    expect(byLabel.stdout).toContain('all,,2,0.5');
    const byScore = await run(runEval, 'golden.csv', 'run.txt', '-m', 'P@1', '--grade-column=score', '--format', 'csv');
    expect(byScore.stdout).toContain('all,,2,1');
    const compare = await run(runCompare, 'golden.csv', 'run.txt', 'other.txt', '-m', 'P@1', '--grade-column', 'label', '--format', 'json');
    expect(compare.status).toBe(0);
    expect(JSON.parse(compare.stdout).rows.map((row: { mean: number }) => row.mean)).toEqual([0.5, 0.5]);
    const unnamed = await run(runFuse, 'run.txt', 'other.txt', '--method', 'rrf', '--optimize', 'P@1', '--qrels', 'golden.csv', '--folds', '1');
    expect([unnamed.status, unnamed.stderr]).toEqual([3, expect.stringMatching(/^golden\.csv:1: the header .* has 2 grade columns/)]);
    const fuse = await run(runFuse, 'run.txt', 'other.txt', '--method', 'rrf', '--optimize', 'P@1', '--qrels', 'golden.csv', '--grade-column', 'label', '--folds', '1');
    expect(fuse.status, fuse.stderr).toBe(0);
    const refused = await run(runReport, 'golden.csv', 'run.txt', 'other.txt', '-m', 'P@1', '-o', join(dir, 'report.html'));
    expect([refused.status, refused.stderr]).toEqual([3, expect.stringMatching(/^golden\.csv:1: the header .* has 2 grade columns/)]);
    const report = await run(runReport, 'golden.csv', 'run.txt', 'other.txt', '-m', 'P@1', '--grade-column', 'label', '-o', join(dir, 'report.html'));
    expect(report.status, report.stderr).toBe(0);
  });

  it('refuses a blank name, a name without --optimize, and a golden set that has no header', async () => {
    expect((await run(runEval, 'golden.csv', 'run.txt', '--grade-column', ' ')).stderr).toBe("--grade-column takes the name of the golden set's grade column; got ' ' (see rankeval eval --help)");
    const fuse = await run(runFuse, 'run.txt', 'other.txt', '--method', 'rrf', '--grade-column', 'label');
    expect([fuse.status, fuse.stderr]).toEqual([2, '--grade-column applies to --optimize, which is not given (see rankeval fuse --help)']);
    const trec = await run(runEval, 'qrels.txt', 'run.txt', '--grade-column', 'label');
    expect(trec.status).toBe(3);
    expect(trec.stderr).toMatch(/^qrels\.txt:1: a grade column is named \("label", .*\), but the golden set is trec, which has no header/);
  });

  it('is in the help of eval, compare, report and fuse', async () => {
    for (const command of [runEval, runCompare, runReport, runFuse]) expect((await run(command, '--help')).stdout).toContain('--grade-column');
  });
});

describe('numbers the files cannot hold are named where they are', () => {
  it('a length of 1e308 is refused in the lengths file at its line (it blamed the golden set and its grades)', async () => {
    const { status, stderr } = await run(runEval, 'qrels.txt', 'run.txt', '-m', 'tokens@2', '--lengths', 'huge-lengths.tsv');
    expect(status).toBe(3);
    expect(stderr).toBe(
      'huge-lengths.tsv:2: expected the length of document "b" in tokens (a number from 0 to 9007199254740991), got "1e308" (no text is that long, and sums of such lengths overflow)',
    );
  });

  it('a first line whose length is no number is refused at line 1 (it was skipped as a header)', async () => {
    const { status, stderr } = await run(runEval, 'qrels.txt', 'run.txt', '-m', 'tokens@2', '--lengths', 'bad-first-lengths.tsv');
    expect(status).toBe(3);
    expect(stderr).toMatch(/^bad-first-lengths\.tsv:1: expected the length of document "a" in tokens .* got "1O" \(a header names the column/);
  });

  it('a JSONL grade or score of 1e400 is quoted as written (it said "got null")', async () => {
    const grade = await run(runEval, 'overflow.jsonl', 'run.txt', '-m', 'P@1');
    expect([grade.status, grade.stderr]).toEqual([3, 'overflow.jsonl:1: the number 1e400 (the value of "a") is beyond the range of a double (about ±1.8e308): it would read as Infinity']);
    const score = await run(runEval, 'qrels.txt', 'overflow-run.jsonl', '-m', 'P@1');
    expect(score.status).toBe(3);
    expect(score.stderr).toContain('overflow-run.jsonl:1: the number 1e400 (the value of "score") is beyond the range of a double');
  });
});
