// The built `rankeval` as shells and CI run it: version and help, exit statuses, one-line messages,
// standard input, pipes and FIFOs, closed and full outputs, swapped files and the report's -o.
// What the bin decides itself (help, version, unknown commands, standard input, pipes, closed or full outputs)
// runs the built binary; what a command decides (its options, files and output) runs in process, as
// src/cli/index.ts runs it, and a sample of those runs through the binary too, which must print the same.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, cpSync, createReadStream, createWriteStream, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCompare } from '../../src/cli/compare.js';
import { runEval } from '../../src/cli/eval.js';
import { runMerge } from '../../src/cli/merge.js';
import { runOverlap } from '../../src/cli/overlap.js';
import { runPool } from '../../src/cli/pool.js';
import { runReport } from '../../src/cli/report.js';
import { CliError } from '../../src/cli/shared/command.js';
import { runTrec, trecUsage } from '../../src/cli/trec.js';
import { messageText } from '../../src/text/escape.js';

const root = join(import.meta.dirname, '../..');
const cli = join(root, 'dist/cli.js');
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const cwd = process.cwd();
let dir = '';

// Queries in file order 1, 2, 1: an interleaved run, which trec_eval's streaming cannot take in one pass.
const QRELS = 'q1 0 a 1\nq1 0 b 1\nq2 0 c 1\nq1 0 x 0\n';
const INTERLEAVED = 'q1 Q0 a 1 3 r\nq2 Q0 c 1 3 r\nq1 Q0 x 2 2 r\n';
const GROUPED = 'q1 Q0 a 1 3 r\nq1 Q0 x 2 2 r\nq2 Q0 c 1 3 r\n';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-habits-'));
  const files: Record<string, string> = {
    'golden.jsonl': '{"query_id": "q1", "relevant": {"a": 1, "b": 1, "x": 0}}\n{"query_id": "q2", "relevant": {"c": 1, "y": 0}}\n',
    'run.jsonl': '{"query_id": "q1", "results": ["a", "x"]}\n{"query_id": "q2", "results": ["y", "c"]}\n',
    'run-q1.jsonl': '{"query_id": "q1", "results": ["a", "x"]}\n',
    'golden-q1.jsonl': '{"query_id": "q1", "relevant": ["a"]}\n',
    'golden.csv': 'query_id,doc_id,relevance\nq1,a,1\nq1,b,1\nq2,c,1\nq1,x,0\nq2,y,0\n',
    'run.csv': 'query_id,doc_id,score\nq1,a,0.9\nq1,x,0.5\nq2,y,0.8\nq2,c,0.7\n',
    qrels: QRELS,
    run: GROUPED,
    interleaved: INTERLEAVED,
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  // Enough output (1000 queries × 26 lines of -q, about 900 kB) to fill a pipe's buffer (64 KiB) many times over.
  let bigQrels = '';
  let bigRun = '';
  for (let q = 0; q < 1000; q++) {
    bigQrels += `${q} 0 d1 1\n`;
    for (let d = 0; d < 5; d++) bigRun += `${q} Q0 d${d} ${d + 1} ${10 - d} r\n`;
  }
  writeFileSync(join(dir, 'big-qrels'), bigQrels);
  writeFileSync(join(dir, 'big-run'), bigRun);
});

function rankeval(args: readonly string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', ...(input === undefined ? {} : { input }) });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

type Outcome = { status: number | null; stdout: string; stderr: string };

/**
 * `rankeval COMMAND …` in process, in the test directory, as src/cli/index.ts runs a command: its output and
 * messages collected (a pipe is no terminal: no colour, no progress), a CliError as the bin's one line and status.
 */
async function inProcess(args: readonly string[]): Promise<Outcome> {
  const [command, ...rest] = args;
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  process.chdir(dir);
  try {
    let status: number;
    if (command === 'trec') {
      const result = runTrec(rest);
      // The bin writes trec's text as latin1 bytes (the usage as UTF-8); rankeval() reads stdout as UTF-8.
      stdout = Buffer.from(result.stdout, result.stdout === trecUsage ? 'utf8' : 'latin1').toString('utf8');
      status = result.status;
    } else if (command === 'eval') status = await runEval(rest, io);
    else if (command === 'compare') status = await runCompare(rest, { ...io, colour: false });
    else if (command === 'report') status = await runReport(rest, io);
    else if (command === 'merge') status = await runMerge(rest, io);
    else if (command === 'overlap') status = await runOverlap(rest, io);
    else if (command === 'pool') status = await runPool(rest, io);
    else throw new Error(`inProcess runs eval, compare, report, merge, overlap, pool or trec, not ${command}`);
    return { status, stdout, stderr };
  } catch (error) {
    if (error instanceof CliError) return { status: error.status, stdout, stderr: `${stderr}rankeval ${command}: ${messageText(error.message)}\n` };
    throw error;
  } finally {
    process.chdir(cwd);
  }
}

const exited = (child: ChildProcess): Promise<number | null> => new Promise((resolve) => child.on('close', (code) => resolve(code)));

describe('version and help', () => {
  it.each([['--version'], ['-V']])('%s prints the version of package.json', (flag) => {
    expect(rankeval([flag])).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('finds package.json from an installed copy (node_modules/rankeval/dist)', () => {
    const installed = join(dir, 'node_modules/rankeval');
    mkdirSync(installed, { recursive: true });
    cpSync(join(root, 'dist'), join(installed, 'dist'), { recursive: true });
    cpSync(join(root, 'package.json'), join(installed, 'package.json'));
    const result = spawnSync(process.execPath, [join(installed, 'dist/cli.js'), '--version'], { cwd: dir, encoding: 'utf8' });
    expect(result.stdout).toBe(`${version}\n`);
  });

  it.each([
    ['eval', /^Usage: rankeval eval --qrels GOLDEN/],
    ['compare', /^Usage: rankeval compare QRELS RUN_A RUN_B/],
    ['report', /^Usage: rankeval report QRELS RUN_A/],
    ['merge', /^Usage: rankeval merge PART\.json/],
    ['overlap', /^Usage: rankeval overlap RUN_A RUN_B/],
    ['pool', /^Usage: rankeval pool RUN …/],
    ['trec', /^Usage: rankeval trec \[flags\] QRELS RUN/],
  ])('help %s prints what %s --help prints', async (command, usage) => {
    const help = rankeval(['help', command]);
    expect(help).toMatchObject({ status: 0, stdout: expect.stringMatching(usage), stderr: '' });
    expect(help.stdout).toBe((await inProcess([command, '--help'])).stdout);
  });

  it('help alone prints the commands and the exit statuses', () => {
    const help = rankeval(['help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(rankeval(['--help']).stdout);
    expect(help.stdout).toContain('Exit status: 0 done, 1 a gate failed, 2 bad arguments, 3 a file cannot be read');
  });
});

describe('exit statuses and one-line messages', () => {
  it('an unknown command is a usage error (2, not the 1 of a failed gate), with a suggestion', () => {
    expect(rankeval(['evl', 'golden.jsonl', 'run.jsonl'])).toEqual({ status: 2, stdout: '', stderr: "rankeval: unknown command 'evl'; did you mean eval? (see rankeval --help)\n" });
    expect(rankeval(['frobnicate'])).toMatchObject({ status: 2, stderr: "rankeval: unknown command 'frobnicate' (see rankeval --help)\n" });
    expect(rankeval(['help', 'evl'])).toMatchObject({ status: 2, stderr: expect.stringContaining("unknown command 'evl'; did you mean eval?") });
  });

  it('no command prints the usage on stderr and exits 2', () => {
    expect(rankeval([])).toMatchObject({ status: 2, stdout: '', stderr: expect.stringMatching(/^Usage: rankeval <command>/) });
  });

  it.each([
    [['eval', 'golden.jsonl', 'run.jsonl', '--meausre', 'P@1'], 'rankeval eval: unknown option --meausre; did you mean --measure? (see rankeval eval --help)\n'],
    [['compare', 'golden.jsonl', 'run.jsonl', 'run.jsonl', '--fromat=csv'], 'rankeval compare: unknown option --fromat; did you mean --format? (see rankeval compare --help)\n'],
    [['eval', 'golden.jsonl', 'run.jsonl', '--colour'], 'rankeval eval: unknown option --colour (see rankeval eval --help)\n'],
    [['eval', 'golden.jsonl', 'run.jsonl', '--depth', '-1'], "rankeval eval: --depth takes a positive integer; got '-1' (see rankeval eval --help)\n"],
    [['report', 'golden.jsonl', 'run.jsonl', '--losses', '-1'], "rankeval report: --losses takes a whole number; got '-1' (see rankeval report --help)\n"],
    [['eval', 'golden.jsonl', 'run.jsonl', '-l', '-1', '--depth'], 'rankeval eval: --depth needs a value (see rankeval eval --help)\n'],
    [['eval', 'golden.jsonl', 'run.jsonl', '--format', '-q'], "rankeval eval: --format needs a value; write --format=VALUE for one that starts with '-' (see rankeval eval --help)\n"],
    [['eval', 'golden.jsonl', 'run.jsonl', '--fail-under', 'ndcg@10=0x1'], "rankeval eval: --fail-under takes MEASURE=VALUE such as recall@5=0.9 (a decimal number); got 'ndcg@10=0x1' (see rankeval eval --help)\n"],
  ])('%j: one line, exit 2', async (args, stderr) => {
    expect(await inProcess(args)).toEqual({ status: 2, stdout: '', stderr });
  });

  it.each([
    [['trec', '--meausre', 'P.5', 'qrels', 'run'], 'rankeval trec: unknown option --meausre; did you mean --measure? (see rankeval trec --help)\n'],
    [['trec', '--version', 'qrels', 'run'], 'rankeval trec: unknown option --version; the version is rankeval --version (see rankeval trec --help)\n'],
    [['trec', '-v', 'qrels', 'run'], 'rankeval trec: unknown option -v; the version is rankeval --version (see rankeval trec --help)\n'],
    [['trec', '--nosummary=1', 'qrels', 'run'], 'rankeval trec: option --nosummary takes no value (see rankeval trec --help)\n'],
  ])('%j: the option named, exit 1 as trec_eval', async (args, stderr) => {
    expect(await inProcess(args)).toEqual({ status: 1, stdout: '', stderr });
  });

  it("rankeval trec takes trec_eval's long flags", async () => {
    const expected = await inProcess(['trec', '-q', '-n', '-m', 'P.1', 'qrels', 'run']);
    expect(expected).toMatchObject({ status: 0, stderr: '' });
    expect(await inProcess(['trec', '--query_eval_wanted', '--nosummary', '--measure', 'P.1', 'qrels', 'run'])).toEqual(expected);
    expect(await inProcess(['trec', '--query_eval_wanted', '--nosummary', '--measure=P.1', 'qrels', 'run'])).toEqual(expected);
  });

  it('rankeval -v suggests -V', () => {
    expect(rankeval(['-v'])).toEqual({ status: 2, stdout: '', stderr: 'rankeval: unknown option -v; did you mean -V? (see rankeval --help)\n' });
  });

  it('rankeval trec QRELS DIR: one line, exit 2 (trec_eval: cannot read)', async () => {
    expect(await inProcess(['trec', 'qrels', '.'])).toEqual({ status: 2, stdout: '', stderr: 'rankeval trec: cannot read .: EISDIR: illegal operation on a directory, read\n' });
  });
});

describe('standard input', () => {
  it('- reads the run or the golden set from standard input', async () => {
    const expected = await inProcess(['eval', 'golden.jsonl', 'run.jsonl', '-m', 'recall@1,P@2']);
    expect(expected.status).toBe(0);
    expect(rankeval(['eval', 'golden.jsonl', '-', '-m', 'recall@1,P@2'], readFileSync(join(dir, 'run.jsonl'), 'utf8'))).toEqual(expected);
    expect(rankeval(['eval', '--qrels', '-', '--run', 'run.jsonl', '-m', 'recall@1,P@2'], readFileSync(join(dir, 'golden.jsonl'), 'utf8'))).toEqual(expected);
  });

  it('- names standard input in messages', () => {
    expect(rankeval(['eval', 'golden.jsonl', '-'], '{"query_id": "q1", "results": ["a", "a"]}\n')).toMatchObject({ status: 3, stderr: expect.stringMatching(/^rankeval eval: <stdin>:1: /) });
  });

  it('refuses - for both files, which would read one input twice', () => {
    expect(rankeval(['eval', '-', '-'], '')).toMatchObject({ status: 2, stderr: 'rankeval eval: only one file can be - (standard input) (see rankeval eval --help)\n' });
    expect(rankeval(['compare', 'golden.jsonl', '-', '-'], '')).toMatchObject({ status: 2, stderr: expect.stringContaining('only one file can be -') });
    expect(rankeval(['trec', '-', '-'], '')).toMatchObject({ status: 1, stderr: 'rankeval trec: only one of QRELS and RUN can be - (standard input)\n' });
  });

  it('rankeval trec reads an interleaved run from a pipe as from a file', async () => {
    const expected = rankeval(['trec', '-q', 'qrels', 'interleaved']);
    expect(expected).toMatchObject({ status: 0, stderr: '' });
    expect(expected.stdout).toBe((await inProcess(['trec', '-q', 'qrels', 'run'])).stdout); // the same results, grouped
    expect(rankeval(['trec', '-q', 'qrels', '-'], INTERLEAVED)).toEqual(expected);
    // A shell pipe (spawnSync's input is a socket, which /dev/stdin cannot open).
    const piped = spawnSync('sh', ['-c', `cat interleaved | "${process.execPath}" "${cli}" trec -q qrels /dev/stdin`], { cwd: dir, encoding: 'utf8' });
    expect({ status: piped.status, stdout: piped.stdout, stderr: piped.stderr }).toEqual(expected);
    expect(rankeval(['trec', '-q', '-', 'interleaved'], QRELS)).toEqual(expected);
  });

  it('rankeval trec reads an interleaved run from a FIFO once (no second open that would wait forever)', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    // killed if it hangs as it used to, so that a failure leaves no process behind
    const child = spawn(process.execPath, [cli, 'trec', '-q', 'qrels', fifo], { cwd: dir, timeout: 50_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('latin1')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createWriteStream(fifo).end(INTERLEAVED);
    const status = await exited(child);
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    expect(stdout).toBe((await inProcess(['trec', '-q', 'qrels', 'interleaved'])).stdout);
  }, 60_000);
});

describe('output', () => {
  it('a reader that closes the pipe early (| head -1) ends the command quietly, status 0', async () => {
    const child = spawn(process.execPath, [cli, 'trec', '-q', 'big-qrels', 'big-run'], { cwd: dir });
    let stderr = '';
    let chunks = 0;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', () => {
      chunks++;
      child.stdout.destroy();
    });
    const status = await exited(child);
    expect(chunks).toBeGreaterThan(0);
    expect(stderr).toBe('');
    expect(status).toBe(0);
  }, 60_000);

  it.skipIf(!existsSync('/dev/full'))('a full disk is one line and exit 3', () => {
    // -m recall@2: the default measures, cut at 10, would add the cutoff check's warning on these 2-document rankings.
    for (const args of [['trec', '-q', 'big-qrels', 'big-run'], ['eval', 'golden.jsonl', 'run.jsonl', '-m', 'recall@2']]) {
      const full = openSync('/dev/full', 'w');
      try {
        const result = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', stdio: ['ignore', full, 'pipe'] });
        expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 3, stderr: 'rankeval: cannot write output: ENOSPC: no space left on device, write\n' });
      } finally {
        closeSync(full);
      }
    }
  });
});

describe('standard input that is a directory', () => {
  it('is named as one (EISDIR), as rankeval trec names it, not read as an empty file', () => {
    const directory = openSync(dir, 'r');
    try {
      const result = spawnSync(process.execPath, [cli, 'eval', 'golden.jsonl', '-'], { cwd: dir, encoding: 'utf8', stdio: [directory, 'pipe', 'pipe'] });
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 3, stderr: 'rankeval eval: cannot read <stdin>: EISDIR: illegal operation on a directory, read\n' });
    } finally {
      closeSync(directory);
    }
  });
});

describe('rankeval eval with the files swapped', () => {
  it.each([
    ['run.jsonl', 'golden.jsonl'],
    ['run', 'qrels'],
    ['run.csv', 'golden.csv'], // CSV reads either way: without the check, this scores nonsense and exits 0
  ])('eval %s %s says the files look swapped', async (first, second) => {
    expect(await inProcess(['eval', first, second])).toEqual({
      status: 3,
      stdout: '',
      stderr: `rankeval eval: the files look swapped: ${first} reads as a run and ${second} as a golden set (the golden set comes first: GOLDEN RUN, or --qrels GOLDEN --run RUN)\n`,
    });
  });

  it('with one of them read from standard input', () => {
    const hint = '(the golden set comes first: GOLDEN RUN, or --qrels GOLDEN --run RUN)\n';
    expect(rankeval(['eval', 'run', '-'], QRELS)).toEqual({ status: 3, stdout: '', stderr: `rankeval eval: the files look swapped: run reads as a run and <stdin> as a golden set ${hint}` });
    expect(rankeval(['eval', '-', 'golden.jsonl'], readFileSync(join(dir, 'run.jsonl'), 'utf8'))).toEqual({
      status: 3,
      stdout: '',
      stderr: `rankeval eval: the files look swapped: <stdin> reads as a run and golden.jsonl as a golden set ${hint}`,
    });
    expect(rankeval(['eval', '-', 'golden.csv'], readFileSync(join(dir, 'run.csv'), 'utf8'))).toMatchObject({ status: 3, stderr: expect.stringContaining('the files look swapped: <stdin> reads as a run and golden.csv') });
  });

  it.each([
    [['compare', 'run', 'qrels', 'interleaved'], 'rankeval compare: the files look swapped: run reads as a run and qrels as a golden set (the golden set comes first: QRELS RUN_A RUN_B …)\n'],
    [['compare', 'run.jsonl', 'run.jsonl', 'golden.jsonl'], 'rankeval compare: the files look swapped: run.jsonl reads as a run and golden.jsonl as a golden set (the golden set comes first: QRELS RUN_A RUN_B …)\n'],
    [['report', 'run', 'qrels', '-o', '-'], 'rankeval report: the files look swapped: run reads as a run and qrels as a golden set (the golden set comes first: QRELS RUN_A …)\n'],
    [['report', 'run.csv', 'golden.csv', '-o', '-'], 'rankeval report: the files look swapped: run.csv reads as a run and golden.csv as a golden set (the golden set comes first: QRELS RUN_A …)\n'],
  ])('%j says the files look swapped', async (args, stderr) => {
    expect(await inProcess(args)).toEqual({ status: 3, stdout: '', stderr });
  });

  it.each([
    ['high', '"high" is not a finite number'],
    ['0x10', '"0x10" is not a finite number'],
    ['1e400', '"1e400" is not a finite number'],
    ['', 'the grade in column 3 is empty'],
  ])('a golden set with the grade %j names its line, not a swap', async (grade, message) => {
    writeFileSync(join(dir, 'bad-grade.csv'), `query_id,doc_id,grade\nq1,d1,${grade}\n`);
    writeFileSync(join(dir, 'r1.json'), '{"q1":["d1"],"q2":["d9"]}\n');
    const line = expect.stringMatching(new RegExp(`^rankeval (eval|compare|report): bad-grade\\.csv:2: .*${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n$`));
    for (const args of [
      ['eval', 'bad-grade.csv', 'r1.json'],
      ['eval', '--qrels', 'bad-grade.csv', '--run', 'r1.json'],
      ['eval', 'bad-grade.csv', 'r1.json', '--qrels-format', 'csv'],
      ['compare', 'bad-grade.csv', 'r1.json', 'r1.json'],
      ['report', 'bad-grade.csv', 'r1.json', '-o', '-'],
    ]) {
      expect(await inProcess(args)).toEqual({ status: 3, stdout: '', stderr: line });
    }
  });

  it('a forced format is never called a swap', async () => {
    writeFileSync(join(dir, 'g1.json'), '{"q1":["d1"],"q2":["d9"]}\n');
    writeFileSync(join(dir, 'r1.json'), '{"q1":["d1"],"q2":["d9"]}\n');
    const { status, stderr } = await inProcess(['eval', 'g1.json', 'r1.json', '--qrels-format', 'trec']);
    expect(status).toBe(3);
    expect(stderr).toMatch(/^rankeval eval: g1\.json:1: /);
    expect(stderr).not.toContain('swapped');
  });

  it('files in the right order are read as before', async () => {
    for (const [golden, run] of [['golden.jsonl', 'run.jsonl'], ['qrels', 'run'], ['golden.csv', 'run.csv']]) {
      // q1: a at rank 1 of 2 relevant; q2: c at rank 2 of 1 → recall@2 = (1/2 + 1) / 2.
      expect(await inProcess(['eval', golden!, run!, '-m', 'recall@2'])).toEqual({ status: 0, stdout: expect.stringMatching(`^scope  name  queries  recall@2\nall                2    ${((1 / 2 + 1) / 2).toFixed(4)}\n\nconventions: `), stderr: '' });
    }
  });
});

describe('rankeval report -o', () => {
  it('replaces the old report by renaming a complete new one over it, leaving no temporary file', async () => {
    const out = join(dir, 'out');
    mkdirSync(out);
    const report = join(out, 'report.html');
    writeFileSync(report, 'the old report');
    const before = statSync(report).ino;
    expect(await inProcess(['report', 'golden.jsonl', 'run.jsonl', '-m', 'recall@2', '-o', report])).toMatchObject({ status: 0, stdout: '' });
    // A new file renamed into place: an interrupted write could only ever have left the old one whole.
    expect(statSync(report).ino).not.toBe(before);
    expect(readFileSync(report, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    expect(readdirSync(out)).toEqual(['report.html']);
  });

  it('refuses an output that is one of the inputs, which it would overwrite', async () => {
    const golden = readFileSync(join(dir, 'golden.jsonl'), 'utf8');
    for (const [output, role] of [['golden.jsonl', 'the golden set (QRELS)'], ['./golden.jsonl', 'the golden set (QRELS)'], [join(dir, 'run.jsonl'), 'one of the runs']]) {
      expect(await inProcess(['report', 'golden.jsonl', 'run.jsonl', '-o', output!])).toEqual({
        status: 2,
        stdout: '',
        stderr: `rankeval report: -o ${output} is ${role}; the report would overwrite it (see rankeval report --help)\n`,
      });
    }
    expect(readFileSync(join(dir, 'golden.jsonl'), 'utf8')).toBe(golden);
  });
  it('writes to standard output with -o -, leaving no file called -', async () => {
    const { status, stdout } = await inProcess(['report', 'golden.jsonl', 'run.jsonl', '-m', 'recall@2', '-o', '-']);
    expect({ status, start: stdout.slice(0, 15) }).toEqual({ status: 0, start: '<!DOCTYPE html>' });
    expect(readdirSync(dir)).not.toContain('-');
  });
});

describe('report -o writes as > would', () => {
  const report = (output: string): Promise<Outcome> => inProcess(['report', 'golden.jsonl', 'run.jsonl', '-m', 'recall@2', '-o', output]);

  it('writes into a FIFO (what is not a regular file), which stays a FIFO', async () => {
    const fifo = join(mkdtempSync(join(dir, 'o-')), 'fifo.html');
    execFileSync('mkfifo', [fifo]);
    const child = spawn(process.execPath, [cli, 'report', 'golden.jsonl', 'run.jsonl', '-m', 'recall@2', '-o', fifo], { cwd: dir, timeout: 50_000 });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let read = '';
    const reader = createReadStream(fifo, 'utf8');
    reader.on('data', (chunk) => (read += chunk));
    const readerClosed = new Promise<void>((resolve) => reader.on('close', () => resolve()));
    const status = await exited(child);
    // Replaced by a regular file, the FIFO would never see a writer: fail here rather than wait for one.
    expect(statSync(fifo).isFIFO()).toBe(true);
    await readerClosed;
    expect({ status, stderr: stderr.replace(/\(\d+ KiB\)/, '(N KiB)') }).toEqual({ status: 0, stderr: `rankeval report: wrote ${fifo} (N KiB)\n` });
    expect(read).toMatch(/^<!DOCTYPE html>[^]*<\/html>\s*$/);
  }, 60_000);

  it('follows a link: the target is replaced, the link stays', async () => {
    const out = mkdtempSync(join(dir, 'o-'));
    writeFileSync(join(out, 'target.html'), 'the old report');
    symlinkSync('target.html', join(out, 'link.html'));
    expect(await report(join(out, 'link.html'))).toMatchObject({ status: 0, stdout: '' });
    expect(lstatSync(join(out, 'link.html')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(out, 'link.html'))).toBe('target.html');
    expect(readFileSync(join(out, 'target.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
    expect(readdirSync(out).sort()).toEqual(['link.html', 'target.html']);
  });

  it("keeps the old file's permission bits", async () => {
    const out = join(mkdtempSync(join(dir, 'o-')), 'report.html');
    writeFileSync(out, 'the old report');
    chmodSync(out, 0o640);
    expect(await report(out)).toMatchObject({ status: 0 });
    expect(statSync(out).mode & 0o777).toBe(0o640);
    expect(readFileSync(out, 'utf8')).toMatch(/^<!DOCTYPE html>/);
  });

  it('refuses a directory before writing anything (exit 2)', async () => {
    const out = mkdtempSync(join(dir, 'o-'));
    mkdirSync(join(out, 'reports'));
    expect(await report(join(out, 'reports'))).toEqual({
      status: 2,
      stdout: '',
      stderr: `rankeval report: -o ${join(out, 'reports')} is a directory; give the report's file name (see rankeval report --help)\n`,
    });
    expect(readdirSync(out)).toEqual(['reports']);
    expect(readdirSync(join(out, 'reports'))).toEqual([]);
  });

  it('names the directory that does not exist, not a temporary file (exit 3)', async () => {
    const missing = join(dir, 'nodir');
    expect(await report(join(missing, 'x.html'))).toEqual({
      status: 3,
      stdout: '',
      stderr: `rankeval report: cannot write ${join(missing, 'x.html')}: the directory ${missing} does not exist\n`,
    });
  });

  it('says which exit status a missing plotting library gives: 3', async () => {
    const { stdout } = await inProcess(['report', '--help']);
    expect(stdout).toContain('3 a file cannot be read or is malformed, the\nreport cannot be written, or @observablehq/plot or linkedom is not installed');
    expect(stdout).not.toMatch(/\b1 @observablehq/);
  });
});

describe('stderr', () => {
  it('a stderr that cannot be written (not EPIPE) ends with exit 3, not the 1 of a failed gate', () => {
    // A file opened read-only: every write to it fails (EBADF), as one to a full disk would.
    writeFileSync(join(dir, 'read-only'), '');
    const readOnly = openSync(join(dir, 'read-only'), 'r');
    try {
      // q2 of the run is unjudged: a warning goes to stderr.
      const result = spawnSync(process.execPath, [cli, 'eval', 'golden-q1.jsonl', 'run.jsonl', '-m', 'P@1'], { cwd: dir, input: '', stdio: ['pipe', 'pipe', readOnly] });
      expect(result.status).toBe(3);
    } finally {
      closeSync(readOnly);
    }
  });

  it('a reader of stderr that went away (EPIPE) changes nothing: the output and the status stand', async () => {
    const child = spawn(process.execPath, [cli, 'eval', 'golden-q1.jsonl', 'run.jsonl', '-m', 'P@1', '--fail-under', 'P@1=0.5'], { cwd: dir });
    child.stderr.destroy();
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    expect(await exited(child)).toBe(0);
    expect(stdout).toContain('P@1');
  }, 60_000);
});

describe('messages stay short whatever the input', () => {
  const huge = 'x'.repeat(5_000_000);
  const longest = (text: string): number => Math.max(...text.split('\n').map((line) => line.length));

  it('a 5 MB document id repeated in a TREC run (rankeval trec)', () => {
    writeFileSync(join(dir, 'hugedup'), `q1 Q0 ${huge} 1 1 r\nq1 Q0 ${huge} 2 0.5 r\n`);
    const { status, stderr } = rankeval(['trec', 'qrels', 'hugedup']);
    expect(status).toBe(4);
    expect(stderr).toMatch(/^rankeval trec: hugedup:2: document "x{119}…\(4,999,842 characters left out\)…x{39}" appears twice/);
    expect(longest(stderr)).toBeLessThan(400);
  });

  it('a 5 MB query id in a warning (rankeval eval)', () => {
    writeFileSync(join(dir, 'hugeq'), `{"query_id": "${huge}", "relevant": ["a"]}\n`);
    const { status, stderr } = rankeval(['eval', '-m', 'P@1', 'hugeq', 'run.jsonl']);
    expect(status).toBe(0);
    expect(stderr).toContain(`and score 0: ${'x'.repeat(120)}…(4,999,840 characters left out)…${'x'.repeat(40)}\n`);
    expect(longest(stderr)).toBeLessThan(400);
  });

  it.each([
    [['eval', 'golden.jsonl', 'run.jsonl', '-m']],
    [['eval', 'golden.jsonl', 'run.jsonl', '--explain']],
    [['eval', 'golden.jsonl', 'run.jsonl', '--fail-under']],
    [['trec', 'qrels', 'run', '-m']],
  ])('a 100 KB value given to %j is cut', (args) => {
    const { status, stderr } = rankeval([...args, 'y'.repeat(100_000)]);
    expect(status).not.toBe(0);
    expect(stderr).toMatch(/characters left out/);
    expect(longest(stderr)).toBeLessThan(800);
  });
});

describe('names and prefixes', () => {
  it('warnings start with the command, as errors do', async () => {
    expect((await inProcess(['eval', 'golden-q1.jsonl', 'run.jsonl', '-m', 'P@1'])).stderr).toMatch(/^rankeval eval: warning: /);
    expect((await inProcess(['compare', 'golden.jsonl', 'run.jsonl', 'run-q1.jsonl', '-m', 'P@1'])).stderr).toMatch(/^rankeval compare: warning: /);
    expect((await inProcess(['report', 'golden.jsonl', 'run.jsonl', 'run-q1.jsonl', '-m', 'P@1', '-o', '-'])).stderr).toMatch(/^rankeval report: warning: /);
  });

  it('a run read from standard input is <stdin> in the table, unless --names names it', () => {
    const run = readFileSync(join(dir, 'run.jsonl'), 'utf8');
    const { stdout } = rankeval(['compare', 'golden.jsonl', '-', 'run.jsonl', '-m', 'P@1'], run);
    expect(stdout).toMatch(/^P@1 +<stdin> /m);
    expect(stdout).toContain('baseline <stdin>;');
    expect(rankeval(['compare', 'golden.jsonl', '-', 'run.jsonl', '-m', 'P@1', '--names', 'a,b'], run).stdout).toMatch(/^P@1 +a /m);
  });
});

describe('the built binary runs a command as it runs in process', () => {
  it.each([
    [['eval', 'golden.jsonl', 'run.jsonl', '--meausre', 'P@1']],
    [['compare', 'golden.jsonl', 'run.jsonl', 'run.jsonl', '--fromat=csv']],
    [['report', 'golden.jsonl', 'run.jsonl', '--losses', '-1']],
    [['trec', '--meausre', 'P.5', 'qrels', 'run']],
    [['trec', '-q', '-n', '-m', 'P.1', 'qrels', 'run']],
    [['eval', 'run', 'qrels']],
    [['eval', 'golden.jsonl', 'run.jsonl', '-m', 'recall@2']],
    [['eval', 'golden-q1.jsonl', 'run.jsonl', '-m', 'P@1']],
    [['compare', 'golden.jsonl', 'run.jsonl', 'run-q1.jsonl', '-m', 'P@1']],
    [['report', 'run.csv', 'golden.csv', '-o', '-']],
  ])('%j', async (args) => {
    expect(rankeval(args)).toEqual(await inProcess(args));
  });
});
