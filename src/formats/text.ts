// Internal: the text layer under the readers — bytes cut at line ends with a limit on a line's length (all
// of them, TREC too), UTF-8 lines with their numbers, and delimited records (RFC 4180 quoting for CSV, none
// for TSV).
import { parseError } from '../core/errors.js';

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

// A byte order mark is kept where it stands: the readers drop the one that opens a file (source.ts), and
// one inside an id is part of the id, as it is to trec_eval (dropped at the start of every decoded piece,
// it made `\uFEFFa` the same id as `a` on some paths and not on others).
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * UTF-8 bytes as text, refusing invalid UTF-8: decoding it to U+FFFD would merge distinct ids. The error
 * names the line of the first invalid byte; `firstLine` is the line `bytes` starts on.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, firstLine: number, what = 'the line'): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    const at = Math.max(firstInvalidUtf8(bytes), 0);
    let line = firstLine;
    let lineStart = 0;
    for (let i = bytes.indexOf(NEWLINE); i !== -1 && i < at; i = bytes.indexOf(NEWLINE, i + 1)) {
      line++;
      lineStart = i + 1;
    }
    const byte = bytes[at]?.toString(16).padStart(2, '0') ?? 'end';
    throw parseError(file, line, `${what} is not valid UTF-8 (byte 0x${byte} at byte ${at - lineStart + 1}); files must be UTF-8 text`);
  }
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 character, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const continuations = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (continuations === 0) return i;
    // The second byte's range also rules out overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= continuations; k++) {
      const byte = bytes[i + k];
      if (byte === undefined || byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return i;
    }
    i += continuations + 1;
  }
  return -1;
}

/**
 * Reads delimited records line by line. With `quoted` (CSV), a field in double quotes may hold the
 * delimiter, `""` for a quote, and line breaks, so one record can span lines; it is reported at the line
 * where it starts. Unquoted fields are trimmed. Each line is read once, where it is fed, so a quote left
 * open costs no more than the lines after it; a record longer than MAX_LINE_BYTES is refused.
 */
export function createRecordReader(
  file: string,
  delimiter: string,
  quoted: boolean,
  onRecord: (fields: string[], line: number) => void,
): { line(text: string, line: number): void; end(): void } {
  // A record that goes on past the line it started on: the fields so far and the open quoted field.
  let fields: string[] = [];
  let value = '';
  let recordLine = 0; // 0: no record open
  let recordLength = 0;

  /** Reads `text` from `i`, inside a quoted field or at the start of one; true when the record ends. */
  const read = (text: string, i: number, inQuote: boolean): boolean => {
    for (;;) {
      if (inQuote) {
        const quote = text.indexOf('"', i);
        if (quote === -1) {
          value += text.slice(i);
          return false;
        }
        value += text.slice(i, quote);
        if (text.charCodeAt(quote + 1) === 34) {
          value += '"';
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        while (text[i] === ' ' || text[i] === '\t') i++;
        if (i < text.length && text[i] !== delimiter) {
          throw parseError(file, recordLine, `unexpected ${JSON.stringify(text[i])} after the closing quote of field ${fields.length + 1}`);
        }
        fields.push(value);
        value = '';
        if (i >= text.length) return true;
        i++; // the delimiter
        inQuote = false;
        continue;
      }
      while (text[i] === ' ' || text[i] === '\t') i++;
      if (text[i] === '"') {
        inQuote = true;
        i++;
        continue;
      }
      const end = text.indexOf(delimiter, i);
      fields.push(text.slice(i, end === -1 ? text.length : end).trim());
      if (end === -1) return true;
      i = end + 1;
    }
  };

  return {
    line(text, line) {
      let ended: boolean;
      if (recordLine === 0) {
        if (text.trim() === '') return;
        fields = [];
        recordLine = line;
        recordLength = text.length;
        if (quoted) ended = read(text, 0, false);
        else {
          fields = text.split(delimiter).map((field) => field.trim());
          ended = true;
        }
      } else {
        recordLength += text.length + 1;
        if (recordLength > MAX_LINE_BYTES) lineTooLong(file, recordLine, 'record');
        value += '\n';
        ended = read(text, 0, true);
      }
      if (!ended) return;
      const startLine = recordLine;
      recordLine = 0;
      onRecord(fields, startLine);
    },
    end() {
      if (recordLine !== 0) throw parseError(file, recordLine, 'a quoted field is not closed before the end of the file');
    },
  };
}

/** A string read one byte a character (as the TREC readers do) back to the UTF-8 text it encodes. */
export function utf8FromLatin1(text: string, file: string, line: number, what: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return decodeUtf8(Uint8Array.from(text, (char) => char.charCodeAt(0)), file, line, what);
}

/** The line (1-based) of a character offset in a text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Parses one JSON text, turning the parser's complaint into an error at the line where the text goes wrong. */
export function parseJson(text: string, file: string, firstLine: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8's message gives a position only in some versions, so the offset is found by a scan of our own.
    const detail = (error as Error).message.replace(/\s+/g, ' ');
    throw parseError(file, firstLine - 1 + lineAt(text, jsonErrorOffset(text)), `invalid JSON: ${detail.length > 120 ? `${detail.slice(0, 117)}...` : detail}`);
  }
}

/**
 * The offset of the first character that cannot continue a JSON text (its length when the text ends early).
 * It keeps the open objects and arrays on a stack of its own, so any depth of nesting is read.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const closers: string[] = []; // of the open objects and arrays, innermost last
  const literal = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const expect = (char: string): void => {
    if (text[i] !== char) fail();
    i++;
  };
  const string = (): void => {
    expect('"');
    for (;;) {
      if (i >= text.length || text.charCodeAt(i) < 0x20) fail();
      const char = text[i++];
      if (char === '"') return;
      if (char === '\\') {
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 5;
        } else if ('"\\/bfnrt'.includes(text[i] ?? 'x')) i++;
        else fail();
      }
    }
  };
  const key = (): void => {
    space();
    string();
    space();
    expect(':');
  };
  try {
    for (;;) {
      // A value starts here.
      space();
      const char = text[i];
      if (char === '{' || char === '[') {
        const close = char === '{' ? '}' : ']';
        i++;
        space();
        if (text[i] === close) i++;
        else {
          closers.push(close);
          if (close === '}') key();
          continue;
        }
      } else if (char === '"') string();
      else {
        literal.lastIndex = i;
        if (!literal.test(text)) fail();
        i = literal.lastIndex;
      }
      // The value has ended: close what it ends, until a comma starts the next value.
      for (;;) {
        space();
        const close = closers.at(-1);
        if (close === undefined) {
          if (i < text.length) fail();
          return text.length;
        }
        if (text[i] === ',') {
          i++;
          if (close === '}') key();
          break;
        }
        expect(close);
        closers.pop();
      }
    }
  } catch (error) {
    if (typeof error === 'number') return error;
    throw error;
  }
}
