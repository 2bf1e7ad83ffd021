// Internal: the text layer under the JSONL, JSON, CSV and BEIR readers — UTF-8 lines with their numbers,
// and delimited records (RFC 4180 quoting for CSV, none for TSV).
import { parseError } from '../errors.js';

/** Splits UTF-8 bytes, fed in chunks of any size, into lines without their `\n` or `\r\n`. */
export function createLineSplitter(onLine: (text: string, line: number) => void): {
  push(chunk: Uint8Array): void;
  end(): void;
} {
  // `stream: true` keeps a character cut between two chunks for the next one.
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  let line = 0;
  let started = false;
  const emit = (text: string): void => {
    line++;
    onLine(text.endsWith('\r') ? text.slice(0, -1) : text, line);
  };
  const take = (text: string): void => {
    if (!started && text.length > 0) {
      started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte order mark, as spreadsheets write
    }
    let from = 0;
    let newline: number;
    const joined = carry + text;
    while ((newline = joined.indexOf('\n', from)) !== -1) {
      emit(joined.slice(from, newline));
      from = newline + 1;
    }
    carry = joined.slice(from);
  };
  return {
    push: (chunk) => take(decoder.decode(chunk, { stream: true })),
    end() {
      take(decoder.decode());
      if (carry.length > 0) emit(carry);
      carry = '';
    },
  };
}

/**
 * Reads delimited records line by line. With `quoted` (CSV), a field in double quotes may hold the
 * delimiter, `""` for a quote, and line breaks, so one record can span lines; it is reported at the line
 * where it starts. Unquoted fields are trimmed.
 */
export function createRecordReader(
  file: string,
  delimiter: string,
  quoted: boolean,
  onRecord: (fields: string[], line: number) => void,
): { line(text: string, line: number): void; end(): void } {
  let pending = '';
  let pendingLine = 0;
  return {
    line(text, line) {
      if (pendingLine === 0) {
        if (text.trim() === '') return;
        pending = text;
        pendingLine = line;
      } else {
        pending += `\n${text}`;
      }
      const fields = quoted ? splitQuoted(pending, delimiter, file, pendingLine) : pending.split(delimiter).map((field) => field.trim());
      if (fields === undefined) return; // a quoted field goes on to the next line
      const startLine = pendingLine;
      pendingLine = 0;
      onRecord(fields, startLine);
    },
    end() {
      if (pendingLine !== 0) throw parseError(file, pendingLine, 'a quoted field is not closed before the end of the file');
    },
  };
}

/** The fields of one CSV record, or undefined when a quoted field is still open at the end of `text`. */
function splitQuoted(text: string, delimiter: string, file: string, line: number): string[] | undefined {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] === '"') {
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) return undefined;
        value += text.slice(from, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      while (text[i] === ' ' || text[i] === '\t') i++;
      if (i < text.length && text[i] !== delimiter) {
        throw parseError(file, line, `unexpected ${JSON.stringify(text[i])} after the closing quote of field ${fields.length + 1}`);
      }
      fields.push(value);
    } else {
      const end = text.indexOf(delimiter, i);
      fields.push(text.slice(i, end === -1 ? text.length : end).trim());
      i = end === -1 ? text.length : end;
    }
    if (i >= text.length) return fields;
    i++; // the delimiter
  }
}

/** A string read one byte a character (as the TREC readers do) back to the UTF-8 text it encodes. */
export function utf8FromLatin1(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return new TextDecoder('utf-8').decode(Uint8Array.from(text, (char) => char.charCodeAt(0)));
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

/** The offset of the first character that cannot continue a JSON text (its length when the text ends early). */
export function jsonErrorOffset(text: string): number {
  let i = 0;
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
  const value = (): void => {
    space();
    const char = text[i];
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (close === '}') {
          space();
          string();
          space();
          expect(':');
        }
        value();
        space();
        if (text[i] === ',') i++;
        else return expect(close);
      }
    }
    if (char === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (literal === null) fail();
    i += literal![0].length;
  };
  try {
    value();
    space();
    if (i < text.length) fail();
  } catch (offset) {
    return offset as number;
  }
  return text.length;
}
