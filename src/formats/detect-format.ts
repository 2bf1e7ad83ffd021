// A reader that does not know its file's format yet: it holds the first bytes until the first non-blank line
// shows the format, then opens that format's reader and replays them. And the byte order mark that may
// open a file, dropped however the file is cut into chunks.
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { concatBytes, lineTooLong, MAX_LINE_BYTES } from './lines.js';
import type { FileKind, FormatReader } from './reader.js';

const NEWLINE = 10;
// Enough of an over-long first line to tell a one-line JSON object from an over-long JSONL record.
const HEAD_BYTES = 256;

const BOM = [0xef, 0xbb, 0xbf];

/**
 * `reader` fed the file without the byte order mark that may open it (the only one a reader drops: one
 * elsewhere is part of the text), however the file is cut into chunks.
 */
export function withoutByteOrderMark<T>(reader: FormatReader<T>): FormatReader<T> {
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

/** The chunks held while the format is not known, and where in them the current line starts. */
interface Held {
  readonly chunks: Uint8Array[];
  lineChunk: number;
  lineOffset: number;
}

/** The bytes of the current line, from its start to `end` in the last chunk (at least `limit` of them, when fewer are wanted). */
function currentLine(held: Held, end: number, limit = Infinity): Uint8Array {
  const { chunks, lineChunk, lineOffset } = held;
  const pieces: Uint8Array[] = [];
  let length = 0;
  for (let c = lineChunk; c < chunks.length && length < limit; c++) {
    const piece = chunks[c]!.subarray(c === lineChunk ? lineOffset : 0, c === chunks.length - 1 ? end : undefined);
    pieces.push(piece);
    length += piece.length;
  }
  return concatBytes(pieces, length);
}

const decoder = new TextDecoder('utf-8');

/** The format a whole line shows; undefined for a blank line, an error for a line of no format. */
function formatOfLine<Format extends string>(kind: Pick<FileKind<Format, unknown>, 'what' | 'formats' | 'detect'>, bytes: Uint8Array, file: string, line: number): Format | undefined {
  const text = decoder.decode(bytes).replace(/\r$/, '');
  if (text.trim() === '') return undefined;
  const detected = kind.detect(text);
  if (detected !== undefined) return detected;
  throw parseError(file, line, `cannot tell the ${kind.what} format from ${quoteJson(text, 80)}; expected ${kind.formats.join(', ')} (name the format to force one)`);
}

/** A first line past the line limit: only a JSON object on one line may be that long. */
function formatOfLongLine<Format extends string>(kind: Pick<FileKind<Format, unknown>, 'what' | 'formats' | 'detect'>, held: Held, file: string, line: number): Format {
  const head = decoder.decode(currentLine(held, Infinity, HEAD_BYTES).subarray(0, HEAD_BYTES));
  const json = kind.formats.find((name) => name === 'json');
  if (json !== undefined && /^\s*\{/.test(head) && !/^\s*\{\s*"query_id"\s*:/.test(head)) return json;
  return lineTooLong(file, line);
}

/** A reader of `kind` that tells the file's format from its first non-blank line, then reads it in that format. */
export function createDetectingReader<Format extends string, T, Extra>(kind: FileKind<Format, T, Extra>, file: string, extra: Extra): FormatReader<T> {
  let reader: FormatReader<T> | undefined;
  // Until the format is known: every chunk (to replay to its reader), and where the current line starts.
  const held: Held = { chunks: [], lineChunk: 0, lineOffset: 0 };
  let lineBytes = 0;
  let line = 1;
  const open = (detected: Format): void => {
    reader = kind.open(detected, file, extra);
    for (const chunk of held.chunks) reader.push(chunk);
    held.chunks.length = 0;
  };
  return {
    push(chunk) {
      if (reader !== undefined) return reader.push(chunk);
      held.chunks.push(chunk.slice()); // a copy: the caller may reuse its buffer for the next chunk
      for (let from = 0; ; ) {
        const newline = chunk.indexOf(NEWLINE, from);
        lineBytes += (newline === -1 ? chunk.length : newline) - from;
        if (lineBytes > MAX_LINE_BYTES) return open(formatOfLongLine(kind, held, file, line));
        if (newline === -1) return;
        const detected = formatOfLine(kind, currentLine(held, newline), file, line);
        if (detected !== undefined) return open(detected);
        line++;
        held.lineChunk = held.chunks.length - 1;
        held.lineOffset = from = newline + 1;
        lineBytes = 0;
      }
    },
    end() {
      if (reader === undefined) {
        const detected = formatOfLine(kind, currentLine(held, Infinity), file, line);
        if (detected === undefined) throw parseError(file, 1, `the ${kind.what} file is empty`);
        open(detected);
      }
      return reader!.end();
    },
  };
}
