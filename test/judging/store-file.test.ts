// The store on disk: the file system's failures (a directory, a full disk) as RankevalErrors naming the store;
// each failed write rejects its own append only, and what it wrote of its line is cut off, so that the file
// holds whole lines and the appends after it are written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open, readFile, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Judgment } from '../../src/formats/judgments.js';
import type { NuggetJudgment } from '../../src/formats/nugget-judgments.js';
import { openNuggetStore, openStore, type StoreFileSystem } from '../../src/judging/store-file.js';
import { judge } from '../../src/judging/judge.js';
import { failingWrites, fileHandlePrototype } from '../helpers/failing-writes.js';

const dir = mkdtempSync(join(tmpdir(), 'rankeval-store-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const judgment = { query_id: 'q1', doc_id: 'd1', grade: 2, judge: 'llm', at: '2026-12-05T02:00:00.000Z' };
const enospc = (): NodeJS.ErrnoException => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });

/** The real file system, but a disk that is full: every write of an open store fails with ENOSPC. */
const fullDisk: StoreFileSystem = {
  stat,
  readFile,
  truncate,
  async open(path, flags) {
    const handle = await open(path, flags);
    return { write: () => Promise.reject(enospc()), datasync: () => handle.datasync(), stat: () => handle.stat(), read: (...args) => handle.read(...args), truncate: (length) => handle.truncate(length), close: () => handle.close() };
  },
};

describe('openStore and judge on a file system that fails', () => {
  it('refuses a store that is a directory as an io_error of judge naming the path, not a raw Node error', async () => {
    const error = await judge({ q1: ['d1'] }, () => 2, { store: dir, judge: 'llm' }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'RankevalError', code: 'io_error', fn: 'judge', subject: { kind: 'option', option: 'store' }, received: dir });
    expect((error as Error).message).toBe(`judge: the judgments store ${JSON.stringify(dir)} is a directory, not a regular file: the judgments written to it would not be kept`);
  });

  it.each([
    ['a FIFO (named pipe)', { isFIFO: () => true }],
    ['a device', { isCharacterDevice: () => true }],
    ['a socket', { isSocket: () => true }],
  ])('refuses a store that is %s, before reading it (a FIFO would wait for a writer) or writing to it', async (kind, is) => {
    const path = join(dir, 'special.jsonl');
    const never = (): Promise<never> => Promise.reject(new Error('not to be called'));
    const special: StoreFileSystem = {
      stat: async () => ({ isFile: () => false, isDirectory: () => false, isFIFO: () => false, isSocket: () => false, isCharacterDevice: () => false, ...is }),
      readFile: never,
      truncate: never,
      open: never,
    };
    await expect(openStore(path, 'judge', special)).rejects.toMatchObject({
      code: 'io_error',
      fn: 'judge',
      received: path,
      message: `judge: the judgments store ${JSON.stringify(path)} is ${kind}, not a regular file: the judgments written to it would not be kept`,
    });
  });

  it('refuses /dev/null, which would take every judgment and keep none', async () => {
    await expect(judge({ q1: ['d1'] }, () => 2, { store: '/dev/null', judge: 'llm' })).rejects.toMatchObject({ code: 'io_error', received: '/dev/null', message: expect.stringContaining('is a device, not a regular file') });
  });

  it('rejects an append on a full disk (ENOSPC) with an io_error naming the path, and every append after it', async () => {
    const path = join(dir, 'full.jsonl');
    const store = await openStore(path, 'judge', fullDisk);
    const error = await store.append(judgment).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'RankevalError', code: 'io_error', fn: 'judge', received: path, cause: { code: 'ENOSPC' } });
    expect((error as Error).message).toBe(`judge: cannot write the judgments store ${JSON.stringify(path)}: Error: ENOSPC: no space left on device, write`);
    await expect(store.append(judgment)).rejects.toMatchObject({ code: 'io_error' });
    await store.close();
    expect(readFileSync(path, 'utf8')).toBe('');
  });

  it('rejects the line end a whole last line lacks, on a full disk, as an io_error', async () => {
    const path = join(dir, 'unended.jsonl');
    writeFileSync(path, JSON.stringify(judgment));
    await expect(openStore(path, undefined, fullDisk)).rejects.toMatchObject({ code: 'io_error', fn: undefined, received: path, message: `cannot write the judgments store ${JSON.stringify(path)}: Error: ENOSPC: no space left on device, write` });
  });
});

const line = (doc_id: string, grade: number): Judgment => ({ query_id: 'q1', doc_id, grade, judge: 'ann', at: '2026-12-07T20:00:00Z' });

describe('openStore: appends after a failed write', () => {
  it('rejects the failed append only, cuts off the part of its line written, and writes the appends after it', async () => {
    const path = join(dir, 'full.jsonl');
    const store = await openStore(path);
    await store.append(line('d1', 1));
    // The disk fills mid-line: 9 bytes of d2's line are written, then ENOSPC; then d3's write fails at once.
    failingWrites([9, 0, 0]);
    const appends = [store.append(line('d2', 2)), store.append(line('d3', 3)), store.append(line('d4', 0))];
    const settled = await Promise.allSettled(appends);
    expect(settled.map((result) => (result.status === 'rejected' ? (result.reason as { cause: NodeJS.ErrnoException }).cause.code : 'written'))).toEqual(['ENOSPC', 'ENOSPC', 'written']);
    await store.append(line('d2', 2));
    await store.close();
    expect(readFileSync(path, 'utf8')).toBe([line('d1', 1), line('d4', 0), line('d2', 2)].map((judgment) => `${JSON.stringify(judgment)}\n`).join(''));
  });

  it('cuts off a whole line whose sync to the disk failed: it was answered as not saved', async () => {
    const path = join(dir, 'sync.jsonl');
    const store = await openStore(path);
    const sync = vi.spyOn(fileHandlePrototype, 'datasync').mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await expect(store.append(line('d1', 1))).rejects.toMatchObject({ code: 'io_error', cause: { code: 'EIO' } });
    expect(sync).toHaveBeenCalledOnce();
    await store.append(line('d2', 2));
    await store.close();
    expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(line('d2', 2))}\n`);
  });
});

describe('openNuggetStore: the nugget-assignment store on the same machinery', () => {
  const assignment = (nugget: string): NuggetJudgment => ({ topic_id: 't1', run_id: 'r', nugget, importance: 'vital', assignment: 'support', judge: 'llm', at: '2026-12-07T23:30:00.000Z' });

  it('appends whole lines, and cuts a torn last line off when opened again, naming it', async () => {
    const path = join(dir, 'nuggets.jsonl');
    const store = await openNuggetStore(path);
    await store.append(assignment('a'));
    await store.close();
    writeFileSync(path, `${readFileSync(path, 'utf8')}${JSON.stringify(assignment('b')).slice(0, 25)}`);
    const again = await openNuggetStore(path);
    expect({ judgments: again.judgments, tornLine: again.tornLine }).toEqual({ judgments: [assignment('a')], tornLine: 2 });
    await again.append(assignment('c'));
    await again.close();
    expect(readFileSync(path, 'utf8')).toBe([assignment('a'), assignment('c')].map((line) => `${JSON.stringify(line)}\n`).join(''));
  });

  it('refuses a judgments store as wrong_file_kind, and leaves it as it is', async () => {
    const path = join(dir, 'judgments-not-nuggets.jsonl');
    writeFileSync(path, `${JSON.stringify(judgment)}\n`);
    await expect(openNuggetStore(path, 'assignNuggets')).rejects.toMatchObject({ code: 'wrong_file_kind', subject: { kind: 'file', file: path, line: 1 } });
    await expect(openStore(join(dir, 'nuggets.jsonl'))).rejects.toMatchObject({ code: 'wrong_file_kind', expected: 'a judgments store' });
    expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(judgment)}\n`);
  });

  it('names the nugget-assignment store in its io_error', async () => {
    await expect(openNuggetStore(dir, 'assignNuggets')).rejects.toMatchObject({
      code: 'io_error',
      message: `assignNuggets: the nugget-assignment store ${JSON.stringify(dir)} is a directory, not a regular file: the assignments written to it would not be kept`,
    });
  });
});
