// Internal: what every golden-set and run reader shares — chunks in any form, the format named or told
// from the first line of content, and the sync (`parse…`) and streaming (`read…`) front doors.
import { fail, ownOptions, parseError, quoteJson } from '../core/errors.js';
import { concatBytes, createLineSplitter, lineTooLong, MAX_LINE_BYTES } from './lines.js';

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
export function lineReader<T>(file: string, onLine: (text: string, line: number) => void, finish: () => T): FormatReader<T> {
  const splitter = createLineSplitter(file, onLine);
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
const NEWLINE = 10;
// Enough of an over-long first line to tell a one-line JSON object from an over-long JSONL record.
const HEAD_BYTES = 256;

const BOM = [0xef, 0xbb, 0xbf];

/**
 * `reader` fed the file without the byte order mark that may open it (the only one a reader drops: one
 * elsewhere is part of the text), however the file is cut into chunks.
 */
function withoutByteOrderMark<T>(reader: FormatReader<T>): FormatReader<T> {
  // The first bytes, held while they may still be the mark's; null once they are known.
  let head: Uint8Array | null = new Uint8Array(0);
  return {
    push(chunk) {
      if (head === null) return reader.push(chunk);
      const bytes = head.length === 0 ? chunk : concatBytes([head, chunk], head.length + chunk.length);
      const prefix = Math.min(bytes.length, BOM.length);
      let matches = true;
      for (let i = 0; i < prefix && matches; i++) matches = bytes[i] === BOM[i];
      if (matches && bytes.length < BOM.length) {
        head = bytes.slice();
        return;
      }
      head = null;
      reader.push(matches ? bytes.subarray(BOM.length) : bytes);
    },
    end() {
      // A file of one or two bytes of a mark's start: the bytes themselves.
      if (head !== null && head.length > 0) reader.push(head);
      head = null;
      return reader.end();
    },
  };
}

/** A reader of `kind` that picks its format from the options or from the content. */
function createReader<Format extends string, T>(kind: FileKind<Format, T>, options: ReadOptions<Format>, fn: string): FormatReader<T> {
  return withoutByteOrderMark(createFormatReader(kind, options, fn));
}

function createFormatReader<Format extends string, T>(kind: FileKind<Format, T>, options: ReadOptions<Format>, fn: string): FormatReader<T> {
  const file = options.file ?? '<input>';
  const format = options.format ?? 'auto';
  if (typeof file !== 'string') fail('invalid_option', fn, '`file`', 'a string', file);
  if (format !== 'auto' && !kind.formats.includes(format)) {
    fail('invalid_option', fn, '`format`', `'auto' or one of ${kind.formats.map((name) => `'${name}'`).join(', ')}`, format);
  }
  if (format !== 'auto') return kind.open(format, file);
  let reader: FormatReader<T> | undefined;
  // Until the format is known: every chunk (to replay to its reader), and where the current line starts.
  const held: Uint8Array[] = [];
  let lineChunk = 0;
  let lineOffset = 0;
  let lineBytes = 0;
  let line = 1;
  const decoder = new TextDecoder('utf-8');

  /** The bytes of the current line, from its start to `end` in the last chunk. */
  const currentLine = (end: number, limit = Infinity): Uint8Array => {
    const pieces: Uint8Array[] = [];
    let length = 0;
    for (let c = lineChunk; c < held.length && length < limit; c++) {
      const piece = held[c]!.subarray(c === lineChunk ? lineOffset : 0, c === held.length - 1 ? end : undefined);
      pieces.push(piece);
      length += piece.length;
    }
    return concatBytes(pieces, length);
  };
  const open = (detected: Format): void => {
    reader = kind.open(detected, file);
    for (const chunk of held) reader.push(chunk);
    held.length = 0;
  };
  /** Tells the format from a whole line, if it is not blank. */
  const detectLine = (bytes: Uint8Array): boolean => {
    const text = decoder.decode(bytes).replace(/\r$/, '');
    if (text.trim() === '') return false;
    const detected = kind.detect(text);
    if (detected === undefined) {
      throw parseError(
        file,
        line,
        `cannot tell the ${kind.what} format from ${quoteJson(text, 80)}; expected ${kind.formats.join(', ')} (name the format to force one)`,
      );
    }
    open(detected);
    return true;
  };
  /** A first line past the line limit: only a JSON object on one line may be that long. */
  const detectLongLine = (): void => {
    const head = decoder.decode(currentLine(Infinity, HEAD_BYTES).subarray(0, HEAD_BYTES));
    const json = kind.formats.find((name) => name === 'json');
    if (json !== undefined && /^\s*\{/.test(head) && !/^\s*\{\s*"query_id"\s*:/.test(head)) open(json);
    else lineTooLong(file, line);
  };

  return {
    push(chunk) {
      if (reader !== undefined) return reader.push(chunk);
      held.push(chunk);
      for (let from = 0; ; ) {
        const newline = chunk.indexOf(NEWLINE, from);
        lineBytes += (newline === -1 ? chunk.length : newline) - from;
        if (lineBytes > MAX_LINE_BYTES) return detectLongLine();
        if (newline === -1) return;
        if (detectLine(currentLine(newline))) return;
        line++;
        lineChunk = held.length - 1;
        lineOffset = from = newline + 1;
        lineBytes = 0;
      }
    },
    end() {
      if (reader === undefined && !detectLine(currentLine(Infinity))) throw parseError(file, 1, `the ${kind.what} file is empty`);
      return reader!.end();
    },
  };
}

const READ_OPTION_KEYS: readonly string[] = ['file', 'format', 'onProgress'];

/** Refuses options that are not an object, or hold a key no reader takes, or an `onProgress` that is not a function. */
function readOptions<Format extends string>(options: ReadOptions<Format> | undefined, fn: string): ReadOptions<Format> {
  if (options === undefined) return {};
  const own = ownOptions(options, READ_OPTION_KEYS, fn);
  if (own.onProgress !== undefined && typeof own.onProgress !== 'function') fail('invalid_option', fn, '`onProgress`', 'a function', own.onProgress);
  return own;
}

/** Reads a whole file's content at once. */
export function parseWith<Format extends string, T>(kind: FileKind<Format, T>, content: Chunk, options: ReadOptions<Format> | undefined, fn: string): T {
  if (typeof content !== 'string' && !(content instanceof Uint8Array)) fail('invalid_option', fn, '`content`', 'a string or a Uint8Array', content);
  const reader = createReader(kind, readOptions(options, fn), fn);
  reader.push(toBytes(content));
  return reader.end();
}

/** Reads a file's chunks as they come, in memory bounded by what is kept. */
export async function readWith<Format extends string, T>(kind: FileKind<Format, T>, source: Source, options: ReadOptions<Format> | undefined, fn: string): Promise<T> {
  const checked = readOptions(options, fn);
  const reader = createReader(kind, checked, fn);
  const onProgress = checked.onProgress;
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
