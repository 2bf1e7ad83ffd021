// Delimited records read line by line: RFC 4180 quoting for CSV, none for TSV.
import { parseError } from '../core/errors.js';
import { lineTooLong, MAX_LINE_BYTES } from './lines.js';

const QUOTE = 34;

/** A record being read: its fields so far, the quoted field still open, and the line it started on. */
interface OpenRecord {
  readonly file: string;
  readonly delimiter: string;
  fields: string[];
  value: string;
  line: number;
}

/**
 * Reads the rest of a quoted field from `from` (after its opening quote, or after a line break inside it):
 * the index of the delimiter that ends it (the text's length at the record's end), or -1 when the field
 * goes on past the line.
 */
function readQuotedField(record: OpenRecord, text: string, from: number): number {
  let i = from;
  let quote = text.indexOf('"', i);
  for (;;) {
    if (quote === -1) {
      record.value += text.slice(i);
      return -1;
    }
    record.value += text.slice(i, quote);
    if (text.charCodeAt(quote + 1) !== QUOTE) break;
    record.value += '"';
    i = quote + 2;
    quote = text.indexOf('"', i);
  }
  i = quote + 1;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (i < text.length && text[i] !== record.delimiter) {
    throw parseError(record.file, record.line, `unexpected ${JSON.stringify(text[i])} after the closing quote of field ${record.fields.length + 1}`);
  }
  record.fields.push(record.value);
  record.value = '';
  return i;
}

/** Reads `text` from `from`, inside a quoted field or at the start of a field; true when the record ends. */
function readFields(record: OpenRecord, text: string, from: number, inQuote: boolean): boolean {
  let i = from;
  for (;;) {
    if (inQuote) {
      i = readQuotedField(record, text, i);
      if (i === -1) return false;
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
    const end = text.indexOf(record.delimiter, i);
    record.fields.push(text.slice(i, end === -1 ? text.length : end).trim());
    if (end === -1) return true;
    i = end + 1;
  }
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
  // line 0: no record open.
  const record: OpenRecord = { file, delimiter, fields: [], value: '', line: 0 };
  let recordLength = 0;
  return {
    line(text, line) {
      let ended: boolean;
      if (record.line === 0) {
        if (text.trim() === '') return;
        record.line = line;
        recordLength = text.length;
        if (quoted) {
          record.fields = [];
          ended = readFields(record, text, 0, false);
        } else {
          record.fields = text.split(delimiter).map((field) => field.trim());
          ended = true;
        }
      } else {
        recordLength += text.length + 1;
        if (recordLength > MAX_LINE_BYTES) lineTooLong(file, record.line, 'record');
        record.value += '\n';
        ended = readFields(record, text, 0, true);
      }
      if (!ended) return;
      const startLine = record.line;
      record.line = 0;
      onRecord(record.fields, startLine);
    },
    end() {
      if (record.line !== 0) throw parseError(file, record.line, 'a quoted field is not closed before the end of the file');
    },
  };
}
