// C's atol and atof as trec_eval's C library reads numbers: on the fields of a qrels or run file (grades,
// scores) and on command-line arguments (-l, -M, -N, and measure parameters such as `-m P.5,10`). Nothing is
// refused: whatever is not a number reads as its numeric prefix, or 0.
import { latin1 } from './latin1.js';

const encoder = new TextEncoder();

/** C's isspace in the C locale: space, \t, \n, \v, \f, \r (not the Unicode spaces of JavaScript's trim). */
export const isSpace = (byte: number): boolean => byte === 32 || (byte >= 9 && byte <= 13);

/** The argument's bytes (C sees UTF-8 bytes) and where its number starts, after C's leading spaces. */
function bytesOf(text: string): { bytes: Uint8Array; start: number } {
  const bytes = encoder.encode(text);
  let start = 0;
  while (start < bytes.length && isSpace(bytes[start]!)) start++;
  return { bytes, start };
}

// A long's range: strtol saturates to these.
const LONG_MAX = 2n ** 63n - 1n;
const LONG_MIN = -(2n ** 63n);

/**
 * C's atol (strtol in base 10): leading spaces, an optional sign, then digits; the number ends at the first
 * other byte. No digits: 0 (`abc`, `''`, `0x10` → 0; `1.5` → 1; ` -1` → -1). Beyond a 64-bit long it
 * saturates at LONG_MAX or LONG_MIN. Exact, as a bigint: trec_eval prints the long it read (`P_<k>`).
 */
export function atolExact(text: string): bigint {
  const { bytes, start } = bytesOf(text);
  let i = start;
  const negative = bytes[i] === 45;
  if (bytes[i] === 45 || bytes[i] === 43) i++;
  const digitsStart = i;
  while (i < bytes.length && bytes[i]! >= 48 && bytes[i]! <= 57) i++;
  if (i === digitsStart) return 0n;
  const magnitude = BigInt(String.fromCharCode(...bytes.subarray(digitsStart, i)));
  const value = negative ? -magnitude : magnitude;
  return value > LONG_MAX ? LONG_MAX : value < LONG_MIN ? LONG_MIN : value;
}

/** atolExact as the nearest double (exact up to 2^53; LONG_MAX reads as 2^63). */
export const atol = (text: string): number => Number(atolExact(text));

/** C's atof (strtod): leading spaces, then the longest numeric prefix (decimal, hex, inf, nan), else 0. */
export function atof(text: string): number {
  const { bytes, start } = bytesOf(text);
  return atofBytes(bytes, start, bytes.length);
}

/** C's atol on a field of a file (no leading spaces): optional sign, then digits; anything else ends the number (no digits: 0). */
export function atolBytes(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  let sign = 1;
  if (bytes[i] === 45 || bytes[i] === 43) sign = bytes[i++] === 45 ? -1 : 1;
  let value = 0;
  for (; i < end; i++) {
    const digit = bytes[i]! - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return sign * value;
}

// Exact powers of ten: a decimal whose digits make an integer below 2^53 and |exponent| ≤ 22 converts with one
// correctly rounded operation (Clinger's fast path), giving the same double as strtod.
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));
const EXACT_INTEGERS = 2 ** 53;

/** C's atof on a field of a file (no leading spaces): the value of its longest numeric prefix (0 when there is none). */
export function atofBytes(bytes: Uint8Array, start: number, end: number): number {
  const value = plainDecimalBytes(bytes, start, end);
  return value === value ? value : atofSlowly(latin1(bytes, start, end));
}

/**
 * A field that is wholly a plain decimal (`[+-]digits[.digits][e[+-]digits]`, digits on at least one side
 * of the point) whose digits and exponent convert with one correctly rounded operation, as strtod would:
 * its value. NaN for anything else (another form, a prefix, more digits): atofBytes then reads it slowly.
 */
export function plainDecimalBytes(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (bytes[i] === 45 || bytes[i] === 43) negative = bytes[i++] === 45;
  // The digits' value, exact while below 2^53: it only grows, digit after digit, and the first sum past
  // 2^53 rounds to 2^53 at least, so a final value below 2^53 was exact at every step.
  let mantissa = 0;
  let scale = 0;
  const digitsStart = i;
  for (; i < end; i++) {
    const digit = bytes[i]! - 48;
    if (digit < 0 || digit > 9) break;
    mantissa = mantissa * 10 + digit;
  }
  let sawDigit = i > digitsStart;
  if (bytes[i] === 46 && i < end) {
    const fractionStart = i + 1;
    for (i++; i < end; i++) {
      const digit = bytes[i]! - 48;
      if (digit < 0 || digit > 9) break;
      mantissa = mantissa * 10 + digit;
    }
    scale = fractionStart - i;
    sawDigit ||= i > fractionStart;
  }
  if (sawDigit && i < end && (bytes[i] === 101 || bytes[i] === 69)) {
    let j = i + 1;
    let exponentSign = 1;
    if (bytes[j] === 45 || bytes[j] === 43) exponentSign = bytes[j++] === 45 ? -1 : 1;
    let exponent = 0;
    let exponentDigits = 0;
    for (; j < end; j++) {
      const digit = bytes[j]! - 48;
      if (digit < 0 || digit > 9) break;
      exponent = Math.min(exponent * 10 + digit, 100_000);
      exponentDigits++;
    }
    if (exponentDigits > 0) {
      scale += exponentSign * exponent;
      i = j;
    }
  }
  if (!sawDigit || i !== end || mantissa >= EXACT_INTEGERS || scale < -22 || scale > 22) return NaN;
  const value = scale < 0 ? mantissa / POWERS_OF_TEN[-scale]! : mantissa * POWERS_OF_TEN[scale]!;
  return negative ? -value : value;
}

const DECIMAL_PREFIX = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const SPECIAL_PREFIX = /^([+-]?)(?:(infinity|inf)|(nan))/i;
const HEX_PREFIX = /^([+-]?)0x([0-9a-f]*)(?:\.([0-9a-f]*))?(?:p([+-]?\d+))?/i;

/** strtod's hex, inf and nan forms, and decimals off the fast path. */
function atofSlowly(text: string): number {
  const hex = HEX_PREFIX.exec(text);
  if (hex && (hex[2] || hex[3])) {
    const digits = `${hex[2] ?? ''}${hex[3] ?? ''}`;
    const value = Number.parseInt(digits, 16) * 2 ** (Number(hex[4] ?? 0) - 4 * (hex[3]?.length ?? 0));
    return hex[1] === '-' ? -value : value;
  }
  const decimal = DECIMAL_PREFIX.exec(text);
  if (decimal) return Number(decimal[0]);
  const special = SPECIAL_PREFIX.exec(text);
  if (special) return special[3] ? NaN : special[1] === '-' ? -Infinity : Infinity;
  return 0;
}
