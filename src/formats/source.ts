// Internal: what every golden-set and run reader shares — chunks in any form, the format named or told
// from the first line of content, and the sync (`parse…`) and streaming (`read…`) front doors.
import { fail, parseError } from '../errors.js';
import { createLineSplitter } from './text.js';

/** Bytes (UTF-8) or text. */
export type Chunk = Uint8Array | string;

/** A whole file's content, or its chunks — a Node `fs.ReadStream`, a web `ReadableStream`, an array… */
export type Source = Chunk | Iterable<Chunk> | AsyncIterable<Chunk>;

export interface ReadOptions<Format extends string> {
  /** The name used in error messages (`golden.jsonl:12: …`). Default `<input>`. */
  readonly file?: string;
  /** The file's format, or `auto` (default) to tell it from the first line of content. */
  readonly format?: Format | 'auto';
  /** Called after each chunk with the bytes read so far (streaming reads only). */
  readonly onProgress?: (bytesRead: number) => void;
}

/** Reads one format; `push` takes the file's bytes in order, `end` returns what was read. */
export interface FormatReader<T> {
  push(chunk: Uint8Array): void;
  end(): T;
}

/** A reader of text formats: each line to `onLine`, then what `finish` returns. */
export function lineReader<T>(onLine: (text: string, line: number) => void, finish: () => T): FormatReader<T> {
  const splitter = createLineSplitter(onLine);
  return {
    push: (chunk) => splitter.push(chunk),
    end() {
      splitter.end();
      return finish();
    },
  };
}

export interface FileKind<Format extends string, T> {
  /** `golden set` or `run`, for messages. */
  readonly what: string;
  readonly formats: readonly Format[];
  /** The format a first non-blank line of content shows, if any. */
  detect(line: string): Format | undefined;
  open(format: Format, file: string): FormatReader<T>;
}

const encoder = new TextEncoder();
const toBytes = (chunk: Chunk): Uint8Array => (typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
// Enough to hold any sensible first line; a longer one is detected from what was seen.
const DETECT_LIMIT = 1 << 20;

/** A reader of `kind` that picks its format from the options or from the content. */
function createReader<Format extends string, T>(kind: FileKind<Format, T>, options: ReadOptions<Format>, fn: string): FormatReader<T> {
  const file = options.file ?? '<input>';
  const format = options.format ?? 'auto';
  if (format !== 'auto' && !kind.formats.includes(format)) {
    fail('invalid_option', fn, '`format`', `'auto' or one of ${kind.formats.map((name) => `'${name}'`).join(', ')}`, format);
  }
  if (format !== 'auto') return kind.open(format, file);
  let reader: FormatReader<T> | undefined;
  let held: Uint8Array[] = [];
  let heldBytes = 0;

  const decide = (final: boolean): void => {
    const bytes = concat(held, heldBytes);
    const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
    const lines = text.split('\n');
    const complete = final || heldBytes >= DETECT_LIMIT ? lines.length : lines.length - 1;
    const index = lines.slice(0, complete).findIndex((line) => line.trim() !== '');
    if (index === -1) {
      if (final) throw parseError(file, 1, `the ${kind.what} file is empty`);
      return;
    }
    const line = lines[index]!.replace(/\r$/, '');
    const detected = kind.detect(line);
    if (detected === undefined) {
      throw parseError(
        file,
        index + 1,
        `cannot tell the ${kind.what} format from ${JSON.stringify(line.length > 80 ? `${line.slice(0, 77)}...` : line)}; ` +
          `expected ${kind.formats.join(', ')} (name the format to force one)`,
      );
    }
    reader = kind.open(detected, file);
    reader.push(bytes);
    held = [];
  };

  return {
    push(chunk) {
      if (reader !== undefined) return reader.push(chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      decide(false);
    },
    end() {
      if (reader === undefined) decide(true);
      return reader!.end();
    },
  };
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** Reads a whole file's content at once. */
export function parseWith<Format extends string, T>(kind: FileKind<Format, T>, content: Chunk, options: ReadOptions<Format> | undefined, fn: string): T {
  if (typeof content !== 'string' && !(content instanceof Uint8Array)) fail('invalid_option', fn, '`content`', 'a string or a Uint8Array', content);
  const reader = createReader(kind, options ?? {}, fn);
  reader.push(toBytes(content));
  return reader.end();
}

/** Reads a file's chunks as they come, in memory bounded by what is kept. */
export async function readWith<Format extends string, T>(kind: FileKind<Format, T>, source: Source, options: ReadOptions<Format> | undefined, fn: string): Promise<T> {
  const reader = createReader(kind, options ?? {}, fn);
  const onProgress = options?.onProgress;
  let bytesRead = 0;
  const take = (chunk: unknown): void => {
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) fail('invalid_option', fn, 'every chunk of `source`', 'a string or a Uint8Array', chunk);
    const bytes = toBytes(chunk);
    reader.push(bytes);
    bytesRead += bytes.length;
    onProgress?.(bytesRead);
  };
  if (typeof source === 'string' || source instanceof Uint8Array) take(source);
  else if (typeof source === 'object' && source !== null && Symbol.asyncIterator in source) for await (const chunk of source) take(chunk);
  else if (typeof source === 'object' && source !== null && Symbol.iterator in source) for (const chunk of source) take(chunk);
  else fail('invalid_option', fn, '`source`', 'a string, a Uint8Array, or an iterable or async iterable of them', source);
  return reader.end();
}
