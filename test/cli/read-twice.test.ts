// Every command that reads a file twice (an interleaved run read again, a CSV golden set's header looked at
// after loading) says so in one line, with its exit status, when the file is gone by the second read. The
// deletion is made deterministic by a hook on node:fs: a file is deleted just before it is opened again
// after its bytes were first read — no race.
import * as fs from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCompare } from '../../src/cli/compare.js';
import { runEval } from '../../src/cli/eval.js';
import { runFuse } from '../../src/cli/fuse.js';
import { runReport } from '../../src/cli/report.js';
import { CliError } from '../../src/cli/shared/command.js';
import { runTrec } from '../../src/cli/trec.js';
import { runCommand } from '../helpers/cli.js';

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, openSync: vi.fn(actual.openSync), readSync: vi.fn(actual.readSync) };
});

const actual = await vi.importActual<typeof import('node:fs')>('node:fs');

/** Deletes `path` when it is opened again after some of its bytes were read. */
function deleteOnSecondRead(path: string): void {
  const fds = new Set<number>();
  let read = false;
  vi.mocked(fs.openSync).mockImplementation((file, flags, mode) => {
    if (file === path && read) rmSync(path);
    const fd = actual.openSync(file, flags, mode);
    if (file === path) fds.add(fd);
    return fd;
  });
  vi.mocked(fs.readSync).mockImplementation(((fd: number, ...rest: []) => {
    const bytes = (actual.readSync as (fd: number, ...args: unknown[]) => number)(fd, ...rest);
    if (fds.has(fd) && bytes > 0) read = true;
    return bytes;
  }) as typeof fs.readSync);
}

const QRELS = 'q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 1\n';
// q1's results are split by q2's: the run is read again, collected.
const INTERLEAVED = 'q1 Q0 d1 1 2 r\nq2 Q0 d3 1 2 r\nq1 Q0 d2 2 1 r\n';

let dir: string;
const cwd = process.cwd();
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-read-twice-'));
  writeFileSync(join(dir, 'g.qrels'), QRELS);
  writeFileSync(join(dir, 'run'), INTERLEAVED);
  writeFileSync(join(dir, 'grouped'), 'q1 Q0 d1 1 2 r\nq1 Q0 d2 2 1 r\nq2 Q0 d3 1 2 r\n');
  writeFileSync(join(dir, 'golden.csv'), 'query_id,doc_id,relevance\nq1,d1,1\nq2,d3,1\n');
  process.chdir(dir);
});
afterEach(() => {
  process.chdir(cwd);
  vi.mocked(fs.openSync).mockImplementation(actual.openSync);
  vi.mocked(fs.readSync).mockImplementation(actual.readSync);
  rmSync(dir, { recursive: true, force: true });
});

const gone = (file: string) => `cannot read ${file}: ENOENT: no such file or directory, open '${file}'`;

describe('a file deleted between its two reads', () => {
  it('reads whole when nothing is deleted (the hook itself changes nothing)', () => {
    expect(runTrec(['-m', 'map', 'g.qrels', 'run']).stdout).toBe('map                   \tall\t1.0000\n');
  });

  it('rankeval trec: one line naming the run, exit 2 as trec_eval, no stack trace', () => {
    deleteOnSecondRead('run');
    let thrown: unknown;
    try {
      runTrec(['-m', 'map', 'g.qrels', 'run']);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CliError);
    expect({ status: (thrown as CliError).status, message: (thrown as CliError).message }).toEqual({ status: 2, message: gone('run') });
  });

  it.each([
    ['eval', runEval, ['g.qrels', 'run', '-m', 'map']],
    ['compare', runCompare, ['g.qrels', 'run', 'grouped', '-m', 'map']],
    ['report', runReport, ['g.qrels', 'run', 'grouped', '-m', 'map', '-o', 'out.html']],
  ] as const)('rankeval %s: one line naming the run, exit 3', async (_name, command, args) => {
    deleteOnSecondRead('run');
    expect(await runCommand(command, args)).toMatchObject({ status: 3, stderr: expect.stringMatching(new RegExp(`${gone('run').replace(/[()]/g, '\\$&')}$`)) });
  });

  it.each([
    ['eval', runEval, ['golden.csv', 'grouped', '-m', 'map']],
    ['fuse --optimize', runFuse, ['grouped', 'run', '--method', 'rrf', '--optimize', 'map', '--qrels', 'golden.csv']],
  ] as const)("rankeval %s: a CSV golden set gone before its header is looked at again is one line, exit 3", async (_name, command, args) => {
    deleteOnSecondRead('golden.csv');
    expect(await runCommand(command, args)).toMatchObject({ status: 3, stderr: expect.stringMatching(new RegExp(`${gone('golden.csv')}$`)) });
  });
});
