// The pieces of a TREC line that both of trec_eval's byte readers (qrels and runs) share: the newline
// that ends a line, a document id's hash, the check of a decimal score, and the error naming a bad line.
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
