// The pieces of a TREC line that trec_eval's byte readers (qrels, runs, preferences) share: the newline
// that ends a line, the loop over lines of a fixed number of fields, a document id's hash, the check of a
// decimal score, and the error naming a bad line.
import { isSpace } from '../core/c-numbers.js';
import { parseError as locatedError, type RankevalError } from '../core/errors.js';

export const NEWLINE = 10;

/** 32-bit FNV-1a of a byte range. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash;
}

/** A TREC file's line that cannot be read, as `file:line: message`. */
export const parseError = (file: string, line: number, message: string): RankevalError =>
  locatedError(file, line, message, 'a well-formed TREC file');

/**
 * Whether a field is a decimal number, the whole field (`[+-]digits[.digits][e[+-]digits]`): what the
 * golden-set and run readers of `rankeval eval` take, where atof would read `0x10` as 16 and `abc` as 0.
 */
export function isDecimalNumber(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start;
  if (bytes[i] === 45 || bytes[i] === 43) i++;
  const isDigit = (at: number): boolean => at < end && bytes[at]! >= 48 && bytes[at]! <= 57;
  let digits = 0;
  for (; isDigit(i); i++) digits++;
  if (i < end && bytes[i] === 46) for (i++; isDigit(i); i++) digits++;
  if (digits === 0) return false;
  if (i < end && (bytes[i] === 101 || bytes[i] === 69)) {
    i++;
    if (i < end && (bytes[i] === 45 || bytes[i] === 43)) i++;
    if (!isDigit(i)) return false;
    while (isDigit(i)) i++;
  }
  return i === end;
}

/** The shape of a file of fixed fields: its field names (`qid iter docno rel`), what the file is called. */
export interface FieldsLayout {
  /** The fields' names, separated by spaces: their number is the number of fields of every line. */
  readonly names: string;
  /** The file's kind, for the message of an empty file (`qrels`, `preferences`). */
  readonly what: string;
  /** trec_eval 10 skips a line starting with `#`, one at a time (the line after a comment is data). */
  readonly comments: boolean;
}

/**
 * Calls `onLine` with the (start, end) pairs of the fields of every line, and its line number, as trec_eval's
 * qrels-shaped readers split them (`qid iter docno rel`, `qid ujg docno rel`, `qid ujg ujsubg docno
 * rel_level`): exactly as many fields as `names` has, separated by blanks; the last may end the file
 * without a newline. An empty file, a blank line and a line of another number of fields are refused.
 */
export function forEachFieldsLine(bytes: Uint8Array, file: string, layout: FieldsLayout, onLine: (fields: readonly number[], line: number) => void): void {
  if (bytes.length === 0) throw parseError(file, 1, `the ${layout.what} file is empty`);
  const count = layout.names.split(' ').length;
  const length = bytes.length;
  const at = (i: number): number => (i < length ? bytes[i]! : NEWLINE);
  const wrongCount = (line: number, got: string): RankevalError => parseError(file, line, `expected ${count} fields (${layout.names}), got ${got}`);
  const fields: number[] = []; // start, end pairs
  let position = 0;
  let line = 0;
  while (position < length) {
    line++;
    if (layout.comments && bytes[position] === 35) {
      const end = bytes.indexOf(NEWLINE, position);
      position = end === -1 ? length : end + 1;
      line++;
      if (position >= length) break;
    }
    fields.length = 0;
    let i = position;
    for (let field = 0; field < count; field++) {
      while (at(i) !== NEWLINE && isSpace(at(i))) i++;
      const start = i;
      while (!isSpace(at(i))) i++;
      // The last field may end the line; the fields before it may not.
      if (start === i || (field < count - 1 && at(i) === NEWLINE)) throw wrongCount(line, String(field + (start === i ? 0 : 1)));
      fields.push(start, i);
    }
    while (at(i) !== NEWLINE && isSpace(at(i))) i++;
    if (at(i) !== NEWLINE) throw wrongCount(line, 'more');
    position = i + 1;
    onLine(fields, line);
  }
}
