// `rankeval trec` against trec_eval: every variant of every case in test/fixtures/trec-oracle, trec-extra and
// trec-oracle-more (-J, -Z, yaap) must print the
// same bytes as trec_eval 9.0.8 (and, with --trec-eval 10, as 10.0), or fail where it fails (non-zero status, one stderr line).
// Every variant runs in process, through what the bin does with it (src/cli/index.ts: runTrec, its text written as
// latin1 bytes, a CliError as one `rankeval trec: ` line and its status); a sample of them, and standard input, a pipe and
// a missing file, run through the built binary itself, which must print what the in-process call gives.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CliError } from '../../src/cli/shared/command.js';
import { runTrec, trecUsage } from '../../src/cli/trec.js';
import { messageText } from '../../src/text/escape.js';

const root = join(import.meta.dirname, '../..');
const cli = join(root, 'dist/cli.js');
const FIXTURES = ['trec-oracle', 'trec-extra', 'trec-oracle-more'].map((set) => join(root, 'test/fixtures', set, 'cases'));
const cwd = process.cwd();

interface Variant {
  args: string[];
  rc: number;
  stderr: string;
}

interface Outcome {
  stdout: Buffer;
  stderr: string;
  status: number | null;
}

/** The built binary, in its own process. */
export function runCli(args: readonly string[], dir = root, input?: Buffer): Outcome {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: dir, maxBuffer: 1 << 28, ...(input === undefined ? {} : { input }) });
  return { stdout: result.stdout, stderr: result.stderr.toString('utf8'), status: result.status };
}

/** `rankeval trec ARGS` in process, run in `dir`: what src/cli/index.ts writes and returns for it. */
function runInProcess(args: readonly string[], dir: string): Outcome {
  process.chdir(dir);
  try {
    const { stdout, status } = runTrec(args);
    return { stdout: Buffer.from(stdout, stdout === trecUsage ? 'utf8' : 'latin1'), stderr: '', status };
  } catch (error) {
    if (error instanceof CliError) return { stdout: Buffer.alloc(0), stderr: `rankeval trec: ${messageText(error.message)}\n`, status: error.status };
    throw error;
  } finally {
    process.chdir(cwd);
  }
}

const cases = FIXTURES.flatMap((fixtures) => readdirSync(fixtures).sort().map((name) => join(fixtures, name)));

const argsOf = (file: string, variant: Variant): string[] => {
  // expected*_v10.txt hold trec_eval 10.0's output, the others 9.0.8's.
  const version = file.endsWith('_v10.txt') ? ['--trec-eval', '10'] : [];
  return ['trec', ...version, ...variant.args, 'qrels', 'run'];
};

const variantsOf = (dir: string): [string, Variant][] => Object.entries((JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { outputs: Record<string, Variant> }).outputs);

function expectLikeTrecEval({ stdout, stderr, status }: Outcome, dir: string, file: string, variant: Variant): void {
  if (variant.rc !== 0) {
    expect(status).not.toBe(0);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^rankeval trec: /);
    // A bad line or a repeated document is named by file and line.
    if (/Malformed|duplicate/.test(variant.stderr)) expect(stderr).toMatch(/^rankeval trec: (qrels|run):\d+: /);
    return;
  }
  expect(stderr).toBe('');
  expect(status).toBe(0);
  const expected = readFileSync(join(dir, file));
  // Compared as text first for a readable diff, then byte for byte.
  expect(stdout.toString('latin1')).toBe(expected.toString('latin1'));
  expect(Buffer.compare(stdout, expected)).toBe(0);
}

describe.each(cases.map((dir) => [relative(root, dir), dir] as const))('%s', (_name, dir) => {
  test.each(variantsOf(dir))('%s', (file, variant) => {
    const [, ...args] = argsOf(file, variant);
    expectLikeTrecEval(runInProcess(args, dir), dir, file, variant);
  });
});

describe('the built binary', () => {
  test("says nothing of unjudged documents, as trec_eval does not: eval's unjudged_documents warning is not the trec path's", () => {
    // Case 000's run retrieves 179 documents its qrels do not judge (rankeval eval warns of them).
    const dir = join(root, 'test/fixtures/trec-oracle/cases/000');
    const { stdout, stderr, status } = runCli(['trec', '-q', '-m', 'all_trec', 'qrels', 'run'], dir);
    expect({ stderr, status }).toEqual({ stderr: '', status: 0 });
    expect(stdout.toString('latin1')).toBe(readFileSync(join(dir, 'expected.txt'), 'latin1'));
    expect(runCli(['eval', 'qrels', 'run', '-m', 'map'], dir).stderr).toMatch(/^rankeval eval: warning: 179 of the 207 documents retrieved by run /m);
  });

  // One variant of each kind: grouped and interleaved runs, 9.0.8 and 10.0, flags -c -l -M -N -n and parameters,
  // non-ASCII ids written back as their bytes, and each failure: a malformed line (2), a duplicate document (4),
  // a query of the run not in the qrels under 10.0 (4); preferences (-R prefs, and -R qrels_prefs under 10.0: 4);
  // several judges (-R qrels_jg with -c under 10.0, a missing query scored on the stand-in ranking; and a
  // measure of qrels from it: 4).
  const sample: [string, string][] = [
    ['trec-oracle/cases/000', 'expected.txt'],
    ['trec-oracle/cases/000', 'expected_l2_c_v10.txt'],
    ['trec-oracle/cases/006', 'expected_v10.txt'],
    ['trec-oracle/cases/015', 'expected_c.txt'],
    ['trec-oracle/cases/039', 'expected.txt'],
    ['trec-extra/cases/008', 'expected_0.txt'],
    ['trec-extra/cases/008', 'expected_3_v10.txt'],
    ['trec-extra/cases/008', 'expected_5.txt'],
    ['trec-extra/cases/008', 'expected_6_v10.txt'],
    ['trec-oracle-more/cases/001p', 'expected_prefs.txt'],
    ['trec-oracle-more/cases/019', 'expected_qrels_prefs_v10.txt'],
    ['trec-oracle-more/cases/006j', 'expected_jg_c_l2_M20_v10.txt'],
    ['trec-oracle-more/cases/006j', 'expected_jg_official.txt'],
  ];

  test.each(sample)('%s %s: prints what runs in process, as trec_eval', (name, file) => {
    const dir = join(root, 'test/fixtures', name);
    const variant = Object.fromEntries(variantsOf(dir))[file]!;
    const outcome = runCli(argsOf(file, variant), dir);
    expectLikeTrecEval(outcome, dir, file, variant);
    const [, ...args] = argsOf(file, variant);
    expect(outcome).toEqual(runInProcess(args, dir));
  });

  test('reads an interleaved run from standard input (a pipe, read once, kept for the second pass)', () => {
    const dir = join(root, 'test/fixtures/trec-extra/cases/008');
    const outcome = runCli(['trec', '-q', '-m', 'all_trec', 'qrels', '-'], dir, readFileSync(join(dir, 'run')));
    expect({ stderr: outcome.stderr, status: outcome.status }).toEqual({ stderr: '', status: 0 });
    expect(Buffer.compare(outcome.stdout, readFileSync(join(dir, 'expected_0.txt')))).toBe(0);
  });

  test('reads the qrels from standard input', () => {
    const dir = join(root, 'test/fixtures/trec-oracle/cases/000');
    const outcome = runCli(['trec', '-q', '-c', '-m', 'all_trec', '-', 'run'], dir, readFileSync(join(dir, 'qrels')));
    expect({ stderr: outcome.stderr, status: outcome.status }).toEqual({ stderr: '', status: 0 });
    expect(Buffer.compare(outcome.stdout, readFileSync(join(dir, 'expected_c.txt')))).toBe(0);
  });

  test('a missing file: one line naming it, exit 2 as trec_eval', () => {
    const dir = join(root, 'test/fixtures/trec-oracle/cases/000');
    const outcome = runCli(['trec', 'qrels', 'no-such-run'], dir);
    expect(outcome.status).toBe(2);
    expect(outcome.stdout.length).toBe(0);
    expect(outcome.stderr).toBe("rankeval trec: cannot read no-such-run: ENOENT: no such file or directory, open 'no-such-run'\n");
    expect(outcome).toEqual(runInProcess(['qrels', 'no-such-run'], dir));
  });

  test('bad arguments exit 1 and --help prints the usage, as in process', () => {
    const dir = join(root, 'test/fixtures/trec-oracle/cases/000');
    const usage = runCli(['trec', 'qrels'], dir);
    expect(usage).toMatchObject({ status: 1, stderr: 'rankeval trec: expected QRELS and RUN files, got 1 file (see rankeval trec --help)\n' });
    expect(usage).toEqual(runInProcess(['qrels'], dir));
    const help = runCli(['trec', '--help'], dir);
    expect({ status: help.status, stderr: help.stderr, stdout: help.stdout.toString('utf8') }).toEqual({ status: 0, stderr: '', stdout: trecUsage });
    expect(help).toEqual(runInProcess(['--help'], dir));
  });
});

// Runs trec_eval reads as a C string, the built binary on standard input (confirmed with trec_eval 9.0.8 and
// 10.0, built from their tags: statuses and output bytes as below). A run of blank lines holds no query: 9.0.8
// exits 7 (no queries with both results and relevance info), 10.0 4 (a judged query without results, no -c);
// only an empty file is one that cannot be read (2). A NUL byte starting a line ends the run for both; one
// inside a line (a run id `ru\0n`) crashes 9.0.8 (139) and overruns 10.0's line table (134): refused (2).
describe('rankeval trec, runs read as trec_eval reads a C string', () => {
  const dir = join(root, 'test/fixtures/trec-oracle/cases/000');
  const qrels = readFileSync(join(dir, 'qrels'), 'latin1');
  const qid = qrels.split(/\s/)[0]!;
  const stdin = (run: string, args: readonly string[] = []): Outcome => runCli(['trec', ...args, 'qrels', '-'], dir, Buffer.from(run, 'latin1'));

  test.each([
    ['\n\n  \n', [], 7, 'rankeval trec: no queries with both results and relevance info\n'],
    [' ', [], 7, 'rankeval trec: no queries with both results and relevance info\n'],
    ['\0q1 Q0 d1 1 2 r\n', [], 7, 'rankeval trec: no queries with both results and relevance info\n'],
    ['\n\n  \n', ['--trec-eval', '10'], 4, `rankeval trec: query ${qid} of the qrels has no results in <stdin> (trec_eval 10 needs -c for that)\n`],
    ['', [], 2, 'rankeval trec: <stdin>:1: the run holds no result line\n'],
  ])('the run %j (%j): exit %i', (run, args, status, stderr) => {
    expect(stdin(run, args)).toEqual({ stdout: Buffer.alloc(0), stderr, status });
  });

  test('a NUL starting a line ends the run: what follows is not read, malformed or not', () => {
    const run = `${qid} Q0 d1 1 2 r\n${qid} Q0 d2 2 1 s\n\0${qid} Q0 d3 3 1 x\nmalformed\n`;
    const outcome = stdin(run, ['-q', '-m', 'runid', '-m', 'num_ret']);
    expect({ stderr: outcome.stderr, status: outcome.status }).toEqual({ stderr: '', status: 0 });
    // trec_eval 9.0.8 prints these bytes for it: two documents, the run id of the last line read.
    expect(outcome.stdout.toString('latin1')).toBe(`num_ret               \t${qid}\t2\nrunid                 \tall\ts\nnum_ret               \tall\t2\n`);
  });

  test('a NUL inside a line, in a run id, is refused at its line', () => {
    const run = `${qid} Q0 d1 1 2 r\n${qid} Q0 d2 2 1 ru\0n\n`;
    expect(stdin(run)).toEqual({ stdout: Buffer.alloc(0), stderr: 'rankeval trec: <stdin>:2: a NUL byte inside a line, where trec_eval 9.0.8 crashes (one starting a line ends the run)\n', status: 2 });
  });
});
