// How the commands read their input files (golden sets, runs, lengths, merge's parts, trec's qrels and run):
// the one error boundary every read goes through (`readFailure`), a regular file read afresh on each pass,
// and a file that can be read once (standard input, a pipe, a device) read as it comes, with its first
// MAX_KEPT_BYTES kept for a second pass. Nothing here waits for a file's end before handing on its bytes,
// so the readers' line limit stops `/dev/zero` as it stops a file with no line break.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isRankevalError } from '../../core/errors.js';
import { concatBytes, createLineLimit, lineTooLong } from '../../formats/lines.js';
import { CliError, foreignMessage } from './command.js';
import { cliMessage } from './wording.js';

/** `-` is standard input, for every command. */
export const STDIN = '-';

/** How messages name an input: its path, or `<stdin>` for `-`. */
export const inputName = (path: string): string => (path === STDIN ? '<stdin>' : path);

/**
 * The most bytes of a file that can be read once kept for a second pass (an interleaved run read again,
 * the check for swapped files): past it, a second pass is refused with a message to save the input to a file.
 */
export const MAX_KEPT_BYTES = 256 * 1024 * 1024;

const CHUNK = 1 << 20;

/** A limit as messages give it: `256 MiB`, or bytes below a MiB (a test's). */
const formatBytes = (bytes: number): string => (bytes >= 1 << 20 ? `${bytes / (1 << 20)} MiB` : `${bytes} bytes`);
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * The one boundary between reading a file and the command's message: any failure while `name` is opened,
 * read or parsed as one line with the command's exit status `status`. A parse error already names the file
 * and line; a system error (ENOENT, EISDIR, EIO, an allocation that failed) is `cannot read NAME: …`.
 */
export function readFailure(name: string, error: unknown, status: number): CliError {
  if (error instanceof CliError) return error;
  if (isRankevalError(error)) return new CliError(cliMessage(error, { withFunction: true }), status);
  return new CliError(`cannot read ${name}: ${foreignMessage(error)}`, status);
}

/** `read()`, with any failure turned into the command's one line by readFailure. */
export function reading<T>(name: string, status: number, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw readFailure(name, error, status);
  }
}

/** A file given to a command, readable from its start as often as asked. */
export interface InputFile {
  /** How messages name it: its path, or `<stdin>` for `-`. */
  readonly name: string;
  /** Its size in bytes for a regular file; 0 for one that can be read once (its size is not known). */
  readonly size: number;
  /** The exit status of a failure to read it. */
  readonly status: number;
  /**
   * Its bytes from the start, in fresh chunks a reader may keep (never change them: a kept chunk is
   * handed to every pass); each call reads the file again. Failures are readFailure's lines. With
   * `reuse`, a regular file is read into one buffer, each chunk valid until the next is asked for: for a
   * reader that copies what it keeps (rankeval trec's, and every reader of src/formats), which then leaves
   * no garbage per chunk and touches no fresh memory.
   */
  chunks(reuse?: boolean): Generator<Uint8Array>;
  /** Its first bytes, up to `length` (fewer when it is shorter). */
  head(length: number): Uint8Array;
}

/** What has been read of a file that can be read once, and the first MAX_KEPT_BYTES of it. */
interface Kept {
  readonly fd: number;
  /** MAX_KEPT_BYTES (less in tests). */
  readonly maxKept: number;
  readonly chunks: Uint8Array[];
  bytes: number;
  /** Bytes were read past MAX_KEPT_BYTES: a pass from the start cannot be made again. */
  dropped: boolean;
  ended: boolean;
}

// By path: the golden set's and runs' loading, the swap check and the header look all read one `-`.
const keptFiles = new Map<string, Kept>();

/**
 * Reads the next bytes of `fd` into `buffer` (at `position`, or where the file is), returning how many: 0
 * at its end. EAGAIN, a standard input left non-blocking by its parent with nothing yet, is waited out,
 * without spinning.
 */
function readInto(fd: number, buffer: Uint8Array, position: number | null): number {
  for (;;) {
    try {
      return readSync(fd, buffer, 0, buffer.length, position);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(PAUSE, 0, 0, 10);
    }
  }
}

/** The next chunk of a regular file, a fresh array of up to `size` bytes, or undefined at its end. */
function readChunk(fd: number, size: number, position: number | null): Uint8Array | undefined {
  const chunk = new Uint8Array(size);
  const read = readInto(fd, chunk, position);
  if (read === 0) return undefined;
  return read === size ? chunk : chunk.subarray(0, read);
}

function regularFile(path: string, name: string, size: number, status: number, chunkSize: number): InputFile {
  // Each pass opens the file again: one deleted or made unreadable since the last pass is a read failure.
  function* chunks(reuse = false): Generator<Uint8Array> {
    const fd = reading(name, status, () => openSync(path, 'r'));
    const buffer = reuse ? new Uint8Array(chunkSize) : undefined;
    try {
      for (;;) {
        const chunk = reading(name, status, () => (buffer === undefined ? readChunk(fd, chunkSize, null) : buffer.subarray(0, readInto(fd, buffer, null))));
        if (chunk === undefined || chunk.length === 0) return;
        yield chunk;
      }
    } finally {
      closeSync(fd);
    }
  }
  const head = (length: number): Uint8Array =>
    reading(name, status, () => {
      const fd = openSync(path, 'r');
      try {
        return readChunk(fd, length, 0) ?? new Uint8Array(0);
      } finally {
        closeSync(fd);
      }
    });
  return { name, size, status, chunks, head };
}

const keptTooLong = (name: string, status: number, maxKept: number): CliError =>
  new CliError(
    `${name} can be read only once (standard input or a pipe), and reading it again (its queries are not together, or it is checked for swapped files) would keep more than ${formatBytes(maxKept)} of it in memory: save it to a file and give the file`,
    status,
  );

function readOnceFile(kept: Kept, path: string, name: string, status: number, chunkSize: number): InputFile {
  const state = kept;
  // A pipe gives a few KiB a read: each read is copied out of one buffer, to a chunk of its own size.
  let buffer: Uint8Array | undefined;
  /** The next chunk from the file itself, kept while the kept bytes stay within MAX_KEPT_BYTES. */
  const readOn = (): Uint8Array | undefined => {
    if (state.ended) return undefined;
    const chunk = reading(name, status, () => {
      buffer ??= new Uint8Array(chunkSize);
      const read = readInto(state.fd, buffer, null);
      return read === 0 ? undefined : buffer.slice(0, read);
    });
    if (chunk === undefined) {
      state.ended = true;
      if (path !== STDIN) closeSync(state.fd);
      return undefined;
    }
    if (!state.dropped && state.bytes + chunk.length <= state.maxKept) {
      state.chunks.push(chunk);
      state.bytes += chunk.length;
    } else state.dropped = true;
    return chunk;
  };
  function* chunks(): Generator<Uint8Array> {
    if (state.dropped) throw keptTooLong(name, status, state.maxKept);
    // What is kept is all that was read so far: after it, the pass goes on from where the file is.
    for (let i = 0; i < state.chunks.length; i++) yield state.chunks[i]!;
    for (let chunk = readOn(); chunk !== undefined; chunk = readOn()) yield chunk;
  }
  const head = (length: number): Uint8Array => {
    // The kept bytes always start the file, and hold more than a head once any were dropped.
    while (state.bytes < length && !state.ended && !state.dropped) readOn();
    const bytes = new Uint8Array(Math.min(length, state.bytes));
    let at = 0;
    for (const chunk of state.chunks) {
      if (at === bytes.length) break;
      const piece = chunk.subarray(0, bytes.length - at);
      bytes.set(piece, at);
      at += piece.length;
    }
    return bytes;
  };
  return { name, size: 0, status, chunks, head };
}

/**
 * The file at `path` (`-`: standard input), its failures with exit status `status` (the command's input
 * error: 3, or 2 for rankeval trec as for trec_eval), read in chunks of `chunkSize` bytes; of a file that
 * can be read once, the first `maxKept` bytes are kept for another pass.
 */
export function openInput(path: string, status: number, chunkSize = CHUNK, maxKept = MAX_KEPT_BYTES): InputFile {
  const name = inputName(path);
  const kept = keptFiles.get(path);
  if (kept !== undefined) return readOnceFile(kept, path, name, status, chunkSize);
  // Opened to be looked at (a FIFO's open waits for a writer), then closed if it is a regular file.
  const fd = reading(name, status, () => (path === STDIN ? 0 : openSync(path, 'r')));
  const stats = reading(name, status, () => fstatSync(fd));
  if (path !== STDIN && (stats.isFile() || stats.isDirectory())) closeSync(fd);
  // A directory (`< .` too): named as reading it would name it.
  if (stats.isDirectory()) throw readFailure(name, Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR' }), status);
  if (path !== STDIN && stats.isFile()) return regularFile(path, name, stats.size, status, chunkSize);
  const once: Kept = { fd, maxKept, chunks: [], bytes: 0, dropped: false, ended: false };
  keptFiles.set(path, once);
  return readOnceFile(once, path, name, status, chunkSize);
}

/**
 * A file held whole (trec's qrels, a merge part), read as it comes: a line longer than MAX_LINE_BYTES is
 * refused as soon as its bytes show it (so `/dev/zero` stops there), and a file larger than `maxBytes`,
 * with `tooLarge` saying what to do instead, as soon as it passes that size.
 */
export function readWhole(input: InputFile, maxBytes: number, tooLarge: string): Uint8Array {
  const refuse = (): never => {
    throw new CliError(`${input.name} is larger than ${formatBytes(maxBytes)}, ${tooLarge}`, input.status);
  };
  if (input.size > maxBytes) refuse();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const lines = createLineLimit((line) => reading(input.name, input.status, () => lineTooLong(input.name, line)));
  for (const chunk of input.chunks()) {
    lines(chunk);
    length += chunk.length;
    if (length > maxBytes) refuse();
    chunks.push(chunk);
  }
  return chunks.length === 0 ? new Uint8Array(0) : concatBytes(chunks, length);
}
