// The judgments store on disk (Node only): read whole when opened, its torn last line cut off, then
// appended to one whole line per write, each write flushed before the next judgment is counted.
import { open, readFile, truncate } from 'node:fs/promises';
import { parseJudgments, type Judgment, type JudgmentStore } from '../formats/judgments.js';
import type { JudgmentSink } from './judge-loop.js';

const NEWLINE = 10;

/** An open store: what it held, and a sink that appends to it. */
export interface OpenStore extends JudgmentStore, JudgmentSink {
  close(): Promise<void>;
}

/** The file's bytes, or none for a file that does not exist yet. */
async function bytesOf(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Uint8Array(0);
    throw error;
  }
}

/**
 * Opens the store at `path` (created if absent) for appending. A torn last line (a write a crash cut) is
 * cut off the file, so that the next line starts whole; a whole last line that only lost its line end gets
 * one. Each `append` writes one line with one write (the rest, rarely, with more) and waits for the data to
 * reach the disk, so that a crash at any moment leaves every earlier line whole and can cut only this one.
 * An append that fails (a full disk) rejects, and what it wrote of its line is cut off before the next
 * write: the file still ends with a whole line, and the appends after it are written as soon as they can be.
 */
export async function openStore(path: string): Promise<OpenStore> {
  const bytes = await bytesOf(path);
  const read = parseJudgments(bytes, { file: path });
  const ended = bytes.length === 0 || bytes[bytes.length - 1] === NEWLINE;
  if (read.tornLine !== undefined) await truncate(path, bytes.lastIndexOf(NEWLINE) + 1);
  const handle = await open(path, 'a+');
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
  const write = async (data: Uint8Array): Promise<void> => {
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
  };
  if (!ended && read.tornLine === undefined) await write(encoder.encode('\n'));
  // One write at a time: two lines never interleave, whatever the judges' concurrency. A failed write
  // rejects its own append only: the chain goes on from it.
  let writing: Promise<unknown> = Promise.resolve();
  return {
    ...read,
    append(judgment: Judgment) {
      const line = writing.then(() => write(encoder.encode(`${JSON.stringify(judgment)}\n`)));
      writing = line.catch(() => undefined);
      return line;
    },
    close: () => handle.close(),
  };
}
