// A store on disk (Node only), judgments or nugget assignments: read whole when opened, its torn last line
// cut off, then appended to one whole line per write, each write flushed before the next line is counted.
import { open, readFile, stat, truncate } from 'node:fs/promises';
import { isRankevalError, option, RankevalError } from '../core/errors.js';
import { describeThrown, quoteJson } from '../core/quoting.js';
import { parseJudgments, type Judgment } from '../formats/judgments.js';
import { parseNuggetJudgments, type NuggetJudgment } from '../formats/nugget-judgments.js';
import { JUDGMENTS_STORE, NUGGET_STORE, type StoreLines } from '../formats/store.js';

const NEWLINE = 10;

/** An open store of `T` lines: what it held, and a sink that appends to it. */
export interface OpenStoreOf<T> extends StoreLines<T> {
  /** Writes one line and waits for it to reach the disk. */
  append(line: T): Promise<void>;
  close(): Promise<void>;
}

/** An open judgments store. */
export type OpenStore = OpenStoreOf<Judgment>;

/** A kind of store on disk: its name and its lines' in messages, and its reader. */
export interface StoreFormat<T> {
  readonly what: string;
  /** What its lines are: `judgments`. */
  readonly lines: string;
  parse(bytes: Uint8Array, file: string): StoreLines<T>;
}

const JUDGMENTS: StoreFormat<Judgment> = { what: JUDGMENTS_STORE.what, lines: 'judgments', parse: (bytes, file) => parseJudgments(bytes, { file }) };
const NUGGETS: StoreFormat<NuggetJudgment> = { what: NUGGET_STORE.what, lines: 'assignments', parse: (bytes, file) => parseNuggetJudgments(bytes, { file }) };

/** What the file system may fail at: the small part of `fs/promises` the store uses (a test gives its own). */
export interface StoreFileSystem {
  readonly stat: (path: string) => Promise<{ isFile(): boolean; isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean }>;
  readonly readFile: (path: string) => Promise<Uint8Array>;
  readonly truncate: (path: string, length: number) => Promise<void>;
  readonly open: (path: string, flags: 'a+') => Promise<{
    write(data: Uint8Array, offset: number): Promise<{ bytesWritten: number }>;
    datasync(): Promise<void>;
    stat(): Promise<{ size: number }>;
    read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<unknown>;
    truncate(length: number): Promise<void>;
    close(): Promise<void>;
  }>;
}

const nodeFileSystem: StoreFileSystem = { stat, readFile, truncate, open };

/**
 * `action` on the store at `path`, a failure of the file system (EISDIR, ENOSPC, EACCES…) thrown as an
 * `io_error` naming the store (the option `store`, its path `received`) with the system's error as `cause`.
 */
async function onDiskOf<T>(what: string, path: string, doing: string, fn: string | undefined, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isRankevalError(error)) throw error;
    const problem = `cannot ${doing} the ${what} ${quoteJson(path)}: ${describeThrown(error)}`;
    throw new RankevalError({ code: 'io_error', fn, subject: option('store'), problem, expected: `a ${what} that can be read and appended to`, received: path }, { cause: error });
  }
}

/**
 * The file's bytes, or none for a file that does not exist yet. Anything but a regular file (a directory,
 * a FIFO, a socket, a device such as /dev/null) is refused: its lines would not be kept, or reading it
 * would wait for a writer.
 */
async function bytesOf({ what, lines }: StoreFormat<unknown>, fs: StoreFileSystem, path: string, fn: string | undefined): Promise<Uint8Array> {
  let kind: string | undefined;
  try {
    const stats = await fs.stat(path);
    if (!stats.isFile()) kind = stats.isDirectory() ? 'a directory' : stats.isFIFO() ? 'a FIFO (named pipe)' : stats.isSocket() ? 'a socket' : stats.isCharacterDevice() ? 'a device' : 'not a file';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Uint8Array(0);
    throw error;
  }
  if (kind !== undefined) {
    const problem = `the ${what} ${quoteJson(path)} is ${kind}, not a regular file: the ${lines} written to it would not be kept`;
    throw new RankevalError({ code: 'io_error', fn, subject: option('store'), problem, expected: 'a regular file, or a path where one can be created', received: path });
  }
  return fs.readFile(path);
}

/** Opens the judgments store at `path` (created if absent) for appending, as openStoreOf does. */
export const openStore = (path: string, fn?: string, fs?: StoreFileSystem): Promise<OpenStore> => openStoreOf(JUDGMENTS, path, fn, fs);

/** Opens the nugget-assignment store at `path` (created if absent) for appending, as openStoreOf does. */
export const openNuggetStore = (path: string, fn?: string, fs?: StoreFileSystem): Promise<OpenStoreOf<NuggetJudgment>> => openStoreOf(NUGGETS, path, fn, fs);

/**
 * Opens the store of `format` at `path` (created if absent) for appending. A torn last line (a write a crash cut) is
 * cut off the file, so that the next line starts whole; a whole last line that only lost its line end gets
 * one. Each `append` writes one line with one write (the rest, rarely, with more) and waits for the data to
 * reach the disk, so that a crash at any moment leaves every earlier line whole and can cut only this one.
 * An append that fails (a full disk) rejects, and what it wrote of its line is cut off before the next
 * write: the file still ends with a whole line, and the appends after it are written as soon as they can be.
 * A store with any other bad line is refused (`parse_error`) and left as it is; a failure of the file
 * system, or a store that is not a regular file, is an `io_error` (of `fn`, the public function opening it, if any).
 */
export async function openStoreOf<T>(format: StoreFormat<T>, path: string, fn?: string, fs: StoreFileSystem = nodeFileSystem): Promise<OpenStoreOf<T>> {
  const onDisk = <R>(doing: string, action: () => Promise<R>): Promise<R> => onDiskOf(format.what, path, doing, fn, action);
  const bytes = await onDisk('read', () => bytesOf(format, fs, path, fn));
  const read = format.parse(bytes, path);
  const ended = bytes.length === 0 || bytes[bytes.length - 1] === NEWLINE;
  if (read.tornLine !== undefined) await onDisk('cut the torn last line off', () => fs.truncate(path, bytes.lastIndexOf(NEWLINE) + 1));
  const handle = await onDisk('open', () => fs.open(path, 'a+'));
  const encoder = new TextEncoder();
  // The bytes a failed write left at the end of the file: cut off before the next write, where they still end it.
  let left: Uint8Array | undefined;
  const cutLeft = async (): Promise<void> => {
    if (left === undefined) return;
    const { size } = await handle.stat();
    const tail = new Uint8Array(left.length);
    if (size >= left.length) await handle.read(tail, 0, tail.length, size - tail.length);
    if (size >= left.length && Buffer.compare(tail, left) === 0) await handle.truncate(size - left.length);
    left = undefined;
  };
  const write = (data: Uint8Array): Promise<void> =>
    onDisk('write', async () => {
      await cutLeft();
      let at = 0;
      try {
        while (at < data.length) at += (await handle.write(data, at)).bytesWritten;
        await handle.datasync();
      } catch (error) {
        if (at > 0) left = data.subarray(0, at);
        await cutLeft().catch(() => undefined);
        throw error;
      }
    });
  const close = (): Promise<void> => onDisk('close', () => handle.close());
  try {
    if (!ended && read.tornLine === undefined) await write(encoder.encode('\n'));
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  // One write at a time: two lines never interleave, whatever the judges' concurrency. A failed write
  // rejects its own append only: the chain goes on from it.
  let writing: Promise<unknown> = Promise.resolve();
  return {
    ...read,
    append(record: T) {
      const line = writing.then(() => write(encoder.encode(`${JSON.stringify(record)}\n`)));
      writing = line.catch(() => undefined);
      return line;
    },
    close,
  };
}
