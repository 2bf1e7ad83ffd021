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
 */
export async function openStore(path: string): Promise<OpenStore> {
  const bytes = await bytesOf(path);
  const read = parseJudgments(bytes, { file: path });
  const ended = bytes.length === 0 || bytes[bytes.length - 1] === NEWLINE;
  if (read.tornLine !== undefined) await truncate(path, bytes.lastIndexOf(NEWLINE) + 1);
  const handle = await open(path, 'a');
  const encoder = new TextEncoder();
  const write = async (data: Uint8Array): Promise<void> => {
    for (let at = 0; at < data.length; ) at += (await handle.write(data, at)).bytesWritten;
    await handle.datasync();
  };
  if (!ended && read.tornLine === undefined) await write(encoder.encode('\n'));
  // One write at a time: two lines never interleave, whatever the judges' concurrency.
  let writing = Promise.resolve();
  return {
    ...read,
    append: (judgment: Judgment) => (writing = writing.then(() => write(encoder.encode(`${JSON.stringify(judgment)}\n`)))),
    close: () => handle.close(),
  };
}
