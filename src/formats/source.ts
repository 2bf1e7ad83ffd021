// The front doors every golden-set, run and lengths reader shares: chunks in any form, the options read once
// into settings, the format named or told from the first line of content, and the sync (`parse…`) and
// streaming (`read…`) entries.
import { argument, fail } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { createDetectingReader, withoutByteOrderMark } from './detect-format.js';
import type { FileKind, FormatReader } from './reader.js';

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

/** The keys of `ReadOptions`, which every reader takes; a kind of file may take more (`FileKind.options`). */
export const READ_OPTION_KEYS: readonly string[] = ['file', 'format', 'onProgress'];

/** The options of one read, resolved: `extra` is what the kind's own options resolve to. */
interface ReadSettings<Format extends string, Extra> {
  readonly file: string;
  readonly format: Format | 'auto';
  readonly onProgress: ((bytesRead: number) => void) | undefined;
  readonly extra: Extra;
}

/**
 * The options read once, at the entry `fn`: no key but the reading options and the kind's own, each of
 * its type, the format one of the kind's.
 */
function readSettings<Format extends string, T, Extra>(kind: FileKind<Format, T, Extra>, options: ReadOptions<Format> | undefined, fn: string): ReadSettings<Format, Extra> {
  const keys = kind.options === undefined ? READ_OPTION_KEYS : [...READ_OPTION_KEYS, ...kind.options.keys];
  const own: ReadOptions<Format> = options === undefined ? {} : ownOptions(options, keys, fn);
  const extra = kind.options?.resolve(own as Readonly<Record<string, unknown>>, fn) as Extra;
  const { file = '<input>', format = 'auto', onProgress } = own;
  if (onProgress !== undefined && typeof onProgress !== 'function') fail('invalid_option', fn, { kind: 'option', option: 'onProgress' }, 'a function', onProgress);
  if (typeof file !== 'string') fail('invalid_option', fn, { kind: 'option', option: 'file' }, 'a string', file);
  if (format !== 'auto' && !kind.formats.includes(format)) {
    fail('invalid_option', fn, { kind: 'option', option: 'format' }, `'auto' or one of ${kind.formats.map((name) => `'${name}'`).join(', ')}`, format);
  }
  return { file, format, onProgress, extra };
}

/** A reader of `kind` in the format the settings name, or the one the content shows. */
function createReader<Format extends string, T, Extra>(kind: FileKind<Format, T, Extra>, { file, format, extra }: ReadSettings<Format, Extra>): FormatReader<T> {
  return withoutByteOrderMark(format === 'auto' ? createDetectingReader(kind, file, extra) : kind.open(format, file, extra));
}

/**
 * A file of one format's options with that format named, so that an empty file is an empty file rather than
 * one of no format; anything not an object is passed on for the entry to refuse.
 */
export function oneFormat<Format extends string>(options: object | undefined, format: Format): ReadOptions<Format> | undefined {
  return options === undefined ? { format } : typeof options === 'object' && options !== null ? { ...options, format } : (options as ReadOptions<Format>);
}

const encoder = new TextEncoder();
const toBytes = (chunk: Chunk): Uint8Array => (typeof chunk === 'string' ? encoder.encode(chunk) : chunk);

/** Reads a whole file's content at once. */
export function parseWith<Format extends string, T, Extra>(kind: FileKind<Format, T, Extra>, content: Chunk, options: ReadOptions<Format> | undefined, fn: string): T {
  if (typeof content !== 'string' && !(content instanceof Uint8Array)) fail('invalid_option', fn, { kind: 'argument', argument: 'content' }, 'a string or a Uint8Array', content);
  const reader = createReader(kind, readSettings(kind, options, fn));
  reader.push(toBytes(content));
  return reader.end();
}

/** Reads a file's chunks as they come, in memory bounded by what is kept. */
export async function readWith<Format extends string, T, Extra>(kind: FileKind<Format, T, Extra>, source: Source, options: ReadOptions<Format> | undefined, fn: string): Promise<T> {
  const settings = readSettings(kind, options, fn);
  const reader = createReader(kind, settings);
  const { onProgress } = settings;
  let bytesRead = 0;
  const take = (chunk: unknown): void => {
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) fail('invalid_option', fn, 'every chunk of `source`', 'a string or a Uint8Array', chunk, argument('source'));
    const bytes = toBytes(chunk);
    reader.push(bytes);
    bytesRead += bytes.length;
    onProgress?.(bytesRead);
  };
  if (typeof source === 'string' || source instanceof Uint8Array) take(source);
  else if (typeof source === 'object' && source !== null && Symbol.asyncIterator in source) for await (const chunk of source) take(chunk);
  else if (typeof source === 'object' && source !== null && Symbol.iterator in source) for (const chunk of source) take(chunk);
  else fail('invalid_option', fn, { kind: 'argument', argument: 'source' }, 'a string, a Uint8Array, or an iterable or async iterable of them', source);
  return reader.end();
}
