// src/cli/input.ts: the one boundary every read of every command goes through, and the reading of a file that
// can be read once (a FIFO here, written by a child process) kept up to a bound for another pass.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openInput, readFailure, readWhole, reading } from '../../../src/cli/shared/input.js';
import { CliError } from '../../../src/cli/shared/command.js';
import { parseError } from '../../../src/core/errors.js';
import { errorOf } from '../../helpers/files.js';

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, readSync: vi.fn(actual.readSync) };
});

const dir = mkdtempSync(join(tmpdir(), 'rankeval-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (chunks: Iterable<Uint8Array>): string => [...chunks].map((chunk) => Buffer.from(chunk).toString('latin1')).join('');
const failure = (call: () => unknown): { status: number; message: string } => {
  const error = errorOf(call);
  if (!(error instanceof CliError)) throw error;
  return { status: error.status, message: error.message };
};

describe('readFailure, the one boundary', () => {
  it('passes a CliError on as it is', () => {
    const error = new CliError('x', 1);
    expect(readFailure('f', error, 3)).toBe(error);
  });

  it('keeps a parse error, which names the file and line, with the status asked for', () => {
    expect(readFailure('f', parseError('f', 4, 'expected 6 fields'), 2)).toMatchObject({ status: 2, message: 'f:4: expected 6 fields' });
  });

  it('names the file for a system error, an allocation that failed, or a thrown value', () => {
    expect(readFailure('run', Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }), 3)).toMatchObject({ status: 3, message: 'cannot read run: EIO: i/o error, read' });
    expect(readFailure('run', new RangeError('Array buffer allocation failed'), 2).message).toBe('cannot read run: Array buffer allocation failed');
    expect(readFailure('<stdin>', 42, 3).message).toBe('cannot read <stdin>: 42');
  });

  it('reading() runs the read through it', () => {
    expect(reading('f', 3, () => 7)).toBe(7);
    expect(failure(() => reading('f', 2, () => { throw new Error('boom'); }))).toEqual({ status: 2, message: 'cannot read f: boom' });
  });
});

describe('openInput', () => {
  it('a missing file, or a directory: one line naming it, with the status asked for', () => {
    expect(failure(() => openInput(join(dir, 'nothing'), 2))).toEqual({ status: 2, message: `cannot read ${join(dir, 'nothing')}: ENOENT: no such file or directory, open '${join(dir, 'nothing')}'` });
    const directory = join(dir, 'a-directory');
    mkdirSync(directory);
    expect(failure(() => openInput(directory, 3))).toEqual({ status: 3, message: `cannot read ${directory}: EISDIR: illegal operation on a directory, read` });
  });

  it('reads a regular file afresh on each pass, in chunks of the size asked for, with its size and head', () => {
    const path = join(dir, 'regular');
    writeFileSync(path, 'abcdefghij');
    const input = openInput(path, 3, 4);
    expect(input).toMatchObject({ name: path, size: 10, status: 3 });
    expect([...input.chunks()].map((chunk) => chunk.length)).toEqual([4, 4, 2]);
    writeFileSync(path, 'ABCDEFGHIJ');
    expect(text(input.chunks())).toBe('ABCDEFGHIJ');
    expect(Buffer.from(input.head(3)).toString()).toBe('ABC');
    expect(input.head(100).length).toBe(10);
    rmSync(path);
    expect(failure(() => [...input.chunks()])).toEqual({ status: 3, message: `cannot read ${path}: ENOENT: no such file or directory, open '${path}'` });
    expect(failure(() => input.head(3)).message).toMatch(/^cannot read .*regular: ENOENT/);
  });

  it('with reuse, reads a regular file into one buffer, each chunk valid until the next', () => {
    const path = join(dir, 'reused');
    writeFileSync(path, 'abcdefghij');
    const seen: string[] = [];
    const buffers = new Set<ArrayBufferLike>();
    for (const chunk of openInput(path, 2, 4).chunks(true)) {
      seen.push(Buffer.from(chunk).toString());
      buffers.add(chunk.buffer);
    }
    expect({ seen, buffers: buffers.size }).toEqual({ seen: ['abcd', 'efgh', 'ij'], buffers: 1 });
  });

  it('waits out EAGAIN (a standard input left non-blocking) rather than failing', () => {
    const path = join(dir, 'again');
    writeFileSync(path, 'abc');
    const input = openInput(path, 3);
    vi.mocked(fs.readSync).mockImplementationOnce(() => {
      throw Object.assign(new Error('EAGAIN: resource temporarily unavailable, read'), { code: 'EAGAIN' });
    });
    expect(text(input.chunks())).toBe('abc');
  });

  it('a read that fails half-way (EIO) is one line naming the file', () => {
    const path = join(dir, 'failing');
    writeFileSync(path, 'abcdefgh');
    const chunks = openInput(path, 2, 4).chunks();
    expect(text([chunks.next().value!])).toBe('abcd');
    vi.mocked(fs.readSync).mockImplementationOnce(() => {
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    });
    expect(failure(() => chunks.next())).toEqual({ status: 2, message: `cannot read ${path}: EIO: i/o error, read` });
  });

  it('the head of an empty file is empty', () => {
    const path = join(dir, 'empty');
    writeFileSync(path, '');
    expect(openInput(path, 3).head(10).length).toBe(0);
  });
});

describe('a file that can be read once (a FIFO)', () => {
  let writer: ChildProcess | undefined;
  afterEach(() => writer?.kill());

  /** A FIFO that a child process writes `content` to (the open waits for it: no race). */
  const fifo = (name: string, content: string): string => {
    const path = join(dir, name);
    execFileSync('mkfifo', [path]);
    writer = spawn('sh', ['-c', 'printf %s "$1" > "$2"', 'sh', content, path], { stdio: 'ignore' });
    return path;
  };

  it('is read as it comes, and a second pass gives the same bytes from what was kept', () => {
    const input = openInput(fifo('twice', 'abcdefghijklmnopqrst'), 3, 4);
    expect(input.size).toBe(0);
    expect(text(input.chunks())).toBe('abcdefghijklmnopqrst');
    expect(text(input.chunks())).toBe('abcdefghijklmnopqrst');
    // Opened again by its name (as the swap check and header look do), it is the same kept file.
    expect(text(openInput(input.name, 3, 4).chunks())).toBe('abcdefghijklmnopqrst');
    expect(Buffer.from(input.head(6)).toString()).toBe('abcdef');
  });

  it('a pass left half-way is taken up by the next, which goes on reading where the first stopped', () => {
    const input = openInput(fifo('half', 'abcdefghijklmnopqrst'), 3, 4);
    const first = input.chunks();
    expect(text([first.next().value!, first.next().value!])).toBe('abcdefgh');
    first.return(undefined);
    expect(Buffer.from(input.head(6)).toString()).toBe('abcdef');
    expect(text(input.chunks())).toBe('abcdefghijklmnopqrst');
  });

  it('keeps at most maxKept bytes: then another pass is refused, saying to save the input to a file; the head stays', () => {
    const input = openInput(fifo('bounded', 'abcdefghijklmnopqrst'), 3, 4, 8);
    expect(text(input.chunks())).toBe('abcdefghijklmnopqrst');
    expect(failure(() => [...input.chunks()])).toEqual({
      status: 3,
      message: `${input.name} can be read only once (standard input or a pipe), and reading it again (its queries are not together, or it is checked for swapped files) would keep more than 8 bytes of it in memory: save it to a file and give the file`,
    });
    expect(Buffer.from(input.head(6)).toString()).toBe('abcdef');
    expect(Buffer.from(input.head(100)).toString()).toBe('abcdefgh');
  });

  it('head reads on as far as it needs', () => {
    const input = openInput(fifo('head', 'abcdefghij'), 3, 4);
    expect(Buffer.from(input.head(6)).toString()).toBe('abcdef');
    expect(Buffer.from(input.head(100)).toString()).toBe('abcdefghij');
    expect(text(input.chunks())).toBe('abcdefghij');
  });
});

describe('readWhole', () => {
  it('refuses a regular file larger than the bound before reading it, and one that can be read once as it passes it', () => {
    const path = join(dir, 'large');
    writeFileSync(path, 'abcdefghijklmnopqrst');
    expect(failure(() => readWhole(openInput(path, 3), 10, 'the most a part may hold'))).toEqual({ status: 3, message: `${path} is larger than 10 bytes, the most a part may hold` });
    expect(Buffer.from(readWhole(openInput(path, 3, 4), 20, '')).toString()).toBe('abcdefghijklmnopqrst');
    const mebibyte = join(dir, 'mebibyte');
    writeFileSync(mebibyte, Buffer.alloc(2 ** 20 + 1, 0x0a));
    expect(failure(() => readWhole(openInput(mebibyte, 3), 2 ** 20, 'the most a part may hold')).message).toBe(`${mebibyte} is larger than 1 MiB, the most a part may hold`);
  });

  it('refuses a file that can be read once as it passes the bound', () => {
    const path = join(dir, 'long-fifo');
    execFileSync('mkfifo', [path]);
    const writer = spawn('sh', ['-c', 'printf %s abcdefghijklmnopqrst > "$1"', 'sh', path], { stdio: 'ignore' });
    try {
      expect(failure(() => readWhole(openInput(path, 2, 4), 10, 'the most a qrels file may hold'))).toEqual({ status: 2, message: `${path} is larger than 10 bytes, the most a qrels file may hold` });
    } finally {
      writer.kill();
    }
  });

  it('refuses a line past MAX_LINE_BYTES at its line, and holds the rest whole', () => {
    const path = join(dir, 'lines');
    writeFileSync(path, Buffer.concat([Buffer.from('a\nb\n'), Buffer.alloc(64 * 1024 * 1024 + 1, 0x78)]));
    expect(failure(() => readWhole(openInput(path, 2), 1 << 30, ''))).toEqual({ status: 2, message: `${path}:3: the line is longer than 64 MiB, the most one line may hold` });
    rmSync(path);
  });
});
