// C's atol and atof on a command-line argument, as trec_eval reads its flags (-l, -M, -N) and its measures'
// parameters (`-m P.5,10`, `-m iprec_at_recall.0.5`): no argument is refused, whatever is not a number
// reads as its numeric prefix, or 0.
import { parseScore } from '../formats/trec-bytes.js';

const encoder = new TextEncoder();

/** C's isspace in the C locale: space, \t, \n, \v, \f, \r (not the Unicode spaces of JavaScript's trim). */
const isSpace = (byte: number): boolean => byte === 32 || (byte >= 9 && byte <= 13);

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
  return parseScore(bytes, start, bytes.length);
}
