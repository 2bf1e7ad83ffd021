// Input without end or without line breaks — /dev/zero as a file and through a pipe, and a 2 GiB sparse file
// (all NUL bytes, no newline) — stops at the 64 MiB line limit (or a whole-file bound) with one line naming the
// file and the command's exit status, as the built CLI in its own process under a memory limit of 1.5 GiB of
// address space (prlimit --as; Node 20 starts in well under 1 GiB). Before, these grew ~250 MB/s until V8
// aborted (exit 134 and a JS stack). The time limit only detects a hang: nothing here asserts speed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cli = join(import.meta.dirname, '../../dist/cli.js');
const prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => existsSync(path));
const ADDRESS_SPACE = 1.5 * 2 ** 30;
const HANG = 60_000;
const LINE = 'the line is longer than 64 MiB, the most one line may hold';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-unbounded-'));
  writeFileSync(join(dir, 'g.qrels'), 'q1 0 d1 1\n');
  writeFileSync(join(dir, 'run'), 'q1 Q0 d1 1 1 r\n');
  // Sparse: 2 GiB of NUL bytes that take no disk.
  writeFileSync(join(dir, 'sparse'), '');
  truncateSync(join(dir, 'sparse'), 2 ** 31);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * `rankeval ARGS` under the memory limit, its standard input `stdin` (a shell command piped in) unless `none`;
 * killed after `hang` ms, a safety net only.
 */
function limited(args: readonly string[], stdin: string, hang = HANG): { status: number | null; signal: string | null; stderr: string } {
  const command = [prlimit!, `--as=${ADDRESS_SPACE}`, process.execPath, cli, ...args].map((word) => `'${word}'`).join(' ');
  const result = spawnSync('sh', ['-c', stdin === 'none' ? command : `${stdin} | ${command}`], { cwd: dir, encoding: 'utf8', timeout: hang, stdio: ['ignore', 'ignore', 'pipe'] });
  return { status: result.status, signal: result.signal, stderr: result.stderr };
}

describe.skipIf(prlimit === undefined || !existsSync('/dev/zero'))('input without end or line breaks, under a memory limit', () => {
  it.each([
    [['eval', 'g.qrels', '/dev/zero'], 'none', 3, `rankeval eval: /dev/zero:1: ${LINE}`],
    [['trec', 'g.qrels', '/dev/zero'], 'none', 2, `rankeval trec: /dev/zero:1: ${LINE}`],
    [['trec', '/dev/zero', 'run'], 'none', 2, `rankeval trec: /dev/zero:1: ${LINE}`],
    [['merge', '/dev/zero'], 'none', 3, `rankeval merge: /dev/zero:1: ${LINE}`],
    [['eval', 'g.qrels', '-'], 'cat /dev/zero', 3, `rankeval eval: <stdin>:1: ${LINE}`],
    [['trec', 'g.qrels', '-'], 'cat /dev/zero', 2, `rankeval trec: <stdin>:1: ${LINE}`],
    [['merge', '-'], 'cat /dev/zero', 3, `rankeval merge: <stdin>:1: ${LINE}`],
    [['eval', 'g.qrels', 'sparse'], 'none', 3, `rankeval eval: sparse:1: ${LINE}`],
    [['eval', 'sparse', 'run'], 'none', 3, `rankeval eval: sparse:1: ${LINE}`],
    [['trec', 'g.qrels', 'sparse'], 'none', 2, `rankeval trec: sparse:1: ${LINE}`],
    [['trec', 'sparse', 'run'], 'none', 2, 'rankeval trec: sparse is larger than 512 MiB, the most a qrels file may hold'],
    [['merge', 'sparse'], 'none', 3, 'rankeval merge: sparse is larger than 256 MiB, the most a part may hold (merge smaller shards, or merge parts in steps)'],
  ] as const)('rankeval %j, standard input: %s — one line naming the file, exit %i', (args, stdin, status, message) => {
    expect(limited(args, stdin)).toEqual({ status, signal: null, stderr: `${message}\n` });
  }, HANG + 30_000);
});

// A run piped in without end is checked as it streams, as a file is: a line repeated forever (`yes`) is
// refused at line 2, where every command used to hold the query's lines until it ended (never), ~100 MB/s;
// distinct queries without end stop at MAX_RUN_QUERIES (2^22) and one query's results at MAX_QUERY_RESULTS
// (2^22), where they used to end in "Set maximum size exceeded" or exhausted memory. The generous kill is a
// safety net only: each case ends when the command exits with its error.
const ENDLESS = 10 * 60_000;
const REPEATED = "yes 'q1 Q0 d1 1 1 r'";
const QUERIES = "seq 1 1000000000 | awk '{ print $1 \" Q0 d1 1 1 r\" }'";
const TOO_MANY_QUERIES = "<stdin>:4194305: the run holds more than 4,194,304 queries, the most one run may hold: split it by query into smaller runs and evaluate each (rankeval merge adds up rankeval eval's parts)";

describe.skipIf(prlimit === undefined)('a run piped in without end, under a memory limit', () => {
  it.each([
    [['eval', 'g.qrels', '-'], REPEATED, 3, 'rankeval eval: <stdin>:2: document "d1" appears twice for query "q1" (lines 1 and 2)'],
    [['compare', 'g.qrels', '-', 'run'], REPEATED, 3, 'rankeval compare: <stdin>:2: document "d1" appears twice for query "q1" (lines 1 and 2)'],
    [['pool', '-'], REPEATED, 3, 'rankeval pool: <stdin>:2: document "d1" appears twice for query "q1" (lines 1 and 2)'],
    [['overlap', '-', 'run'], REPEATED, 3, 'rankeval overlap: <stdin>:2: document "d1" appears twice for query "q1" (lines 1 and 2)'],
    // A judged query's repeat is trec_eval's error (status 4); one nobody judged it ignores, so its lines
    // are held until MAX_QUERY_RESULTS.
    [['trec', 'g.qrels', '-'], REPEATED, 4, 'rankeval trec: <stdin>:2: document "d1" appears twice for query q1 (lines 1 and 2)'],
    [['trec', 'g.qrels', '-'], "yes 'q9 Q0 d1 1 1 r'", 2, 'rankeval trec: <stdin>:4194305: query "q9" holds more than 4,194,304 results, the most one query may hold: cut its ranking'],
    [['eval', 'g.qrels', '-'], QUERIES, 3, `rankeval eval: ${TOO_MANY_QUERIES}`],
    [['trec', 'g.qrels', '-'], QUERIES, 2, `rankeval trec: ${TOO_MANY_QUERIES}`],
  ] as const)('rankeval %j, standard input: %s — one line, exit %i', (args, stdin, status, message) => {
    expect(limited(args, stdin, ENDLESS)).toEqual({ status, signal: null, stderr: `${message}\n` });
  }, ENDLESS + 30_000);
});
