// Bytes cut at line ends with a limit on a line's length (what every reader, TREC's too, is fed), and UTF-8
// lines with their numbers.
import { parseError } from '../core/errors.js';
import { decodeUtf8 } from './utf8.js';

/**
 * The longest line (and CSV record) the text readers take, in bytes: enough for any sensible line, while a
 * file with no line breaks fails early instead of filling memory.
 */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;
const LIMIT_TEXT = `${MAX_LINE_BYTES / 1024 / 1024} MiB`;
const NEWLINE = 10;

/** Refuses a line (or CSV record) past MAX_LINE_BYTES, at the line where it starts. */
export const lineTooLong = (file: string, line: number, what = 'line'): never => {
  throw parseError(file, line, `the ${what} is longer than ${LIMIT_TEXT}, the most one ${what} may hold`);
};

/**
 * A watch on bytes, fed in chunks of any size, that calls `refuse` with the line (1-based) of the first
 * line longer than `maxBytes` (without its newline) as soon as its bytes show it, across chunk boundaries:
 * for a reader that keeps a whole file, before the bytes are kept.
 */
export function createLineLimit(refuse: (line: number) => never, maxBytes = MAX_LINE_BYTES): (chunk: Uint8Array) => void {
  let open = 0; // bytes of the line not ended yet
  let lines = 0; // newlines seen
  return (chunk) => {
    let start = -open;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, newline + 1)) {
      if (newline - start > maxBytes) refuse(lines + 1);
      lines++;
      start = newline + 1;
    }
    open = chunk.length - start;
    if (open > maxBytes) refuse(lines + 1);
  };
}

/**
 * Hands on bytes, fed in chunks of any size, cut at line ends (the last piece at `end` may have no newline),
 * refusing a line longer than `maxBytes` (MAX_LINE_BYTES) as soon as its bytes arrive, before they are
 * kept: what the TREC readers, which take bytes, are fed, so that they never join a long line piece by piece.
 * A line's pieces are each copied once and joined once, when it ends.
 */
export function createLineChunker(file: string, onBytes: (bytes: Uint8Array) => void, maxBytes = MAX_LINE_BYTES): { push(chunk: Uint8Array): void; end(): void } {
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  let lines = 0; // newlines handed on
  const hold = (bytes: Uint8Array): void => {
    if (bytes.length === 0) return;
    heldBytes += bytes.length;
    if (heldBytes > maxBytes) lineTooLong(file, lines + 1);
    held.push(new Uint8Array(bytes)); // a copy (a Buffer's slice is not one): the caller may reuse its buffer
  };
  return {
    push(chunk) {
      const last = chunk.lastIndexOf(NEWLINE);
      if (last === -1) return hold(chunk);
      // Count the lines, and check those that start and end in this chunk.
      let start = -heldBytes;
      for (let newline = chunk.indexOf(NEWLINE); newline !== -1 && newline <= last; newline = chunk.indexOf(NEWLINE, newline + 1)) {
        if (newline - start > maxBytes) lineTooLong(file, lines + 1);
        lines++;
        start = newline + 1;
      }
      const whole = chunk.subarray(0, last + 1);
      if (held.length === 0) onBytes(whole);
      else {
        held.push(whole);
        onBytes(concatBytes(held, heldBytes + whole.length));
        held.length = 0;
        heldBytes = 0;
      }
      hold(chunk.subarray(last + 1));
    },
    end() {
      if (heldBytes > 0) onBytes(concatBytes(held, heldBytes));
      held.length = 0;
      heldBytes = 0;
    },
  };
}

/**
 * Splits UTF-8 bytes, fed in chunks of any size, into lines without their `\n` or `\r\n`. Invalid UTF-8
 * and lines longer than `maxBytes` (MAX_LINE_BYTES) are refused at their line.
 */
export function createLineSplitter(file: string, onLine: (text: string, line: number) => void, maxBytes = MAX_LINE_BYTES): { push(chunk: Uint8Array): void; end(): void } {
  let line = 0;
  const emit = (text: string): void => {
    line++;
    if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte order mark, as spreadsheets write
    onLine(text.endsWith('\r') ? text.slice(0, -1) : text, line);
  };
  // Lines are cut on bytes (a newline byte is never inside a UTF-8 character), then decoded whole.
  return createLineChunker(file, (bytes) => {
    const text = decodeUtf8(bytes, file, line + 1);
    let from = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', from)) {
      emit(text.slice(from, newline));
      from = newline + 1;
    }
    if (from < text.length) emit(text.slice(from)); // the last line, when the file does not end with a newline
  }, maxBytes);
}

/** Joins byte chunks into one array (the chunk itself when there is one). */
export function concatBytes(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
