// C's atol and atof on an argument, as trec_eval reads -l, -M, -N and measure parameters (values checked against
// glibc's strtol and strtod).
import { describe, expect, test } from 'vitest';
import { atof, atol, atolExact } from '../../src/core/c-numbers.js';

describe('atol', () => {
  test.each([
    ['5', 5],
    ['+7', 7],
    ['-1', -1],
    [' \t\n\v\f\r-1', -1],
    ['1.5', 1],
    ['-1.9', -1],
    ['12abc', 12],
    ['abc', 0],
    ['', 0],
    ['-', 0],
    ['+-5', 0],
    ['0x10', 0],
    ['-0', 0],
    // Unicode spaces are not C's: a no-break space ends the number before it starts.
    ['\u00a05', 0],
    ['99999999999999999999', 2 ** 63],
    ['-99999999999999999999', -(2 ** 63)],
  ])('%j reads as %d', (text, value) => {
    expect(atol(text)).toBe(value);
  });

  test('is exact past 2^53 and saturates at a long', () => {
    expect(atolExact('9007199254740993')).toBe(9007199254740993n);
    expect(atolExact('99999999999999999999')).toBe(9223372036854775807n);
    expect(atolExact('-99999999999999999999')).toBe(-9223372036854775808n);
  });
});

describe('atof', () => {
  test.each([
    ['0.5', 0.5],
    [' .5', 0.5],
    ['5.', 5],
    ['1e-1x', 0.1],
    ['0x1p-1', 0.5],
    ['-inf', -Infinity],
    ['abc', 0],
    ['', 0],
    ['\u00a00.5', 0],
  ])('%j reads as %d', (text, value) => {
    expect(atof(text)).toBe(value);
  });
});
