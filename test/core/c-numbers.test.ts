// C's atol and atof on an argument, as trec_eval reads -l, -M, -N and measure parameters (values checked against
// glibc's strtol and strtod).
import { fc, test as propTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { atof, atofBytes, atol, atolBytes, atolExact, plainDecimalBytes } from '../../src/core/c-numbers.js';
import { isDecimalNumber } from '../../src/formats/trec-fields.js';

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

describe('atofBytes and atolBytes: a field of a TREC line, as trec_eval reads scores and grades', () => {
  const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
  const score = (text: string): number => atofBytes(bytes(text), 0, bytes(text).length);
  test.each([
    ['15.5824', 15.5824],
    ['-3', -3],
    ['+4', 4],
    ['.5', 0.5],
    ['5.', 5],
    ['1e-07', 1e-7],
    ['1.0000000199999999e-07', 1.0000000199999999e-7],
    ['0.300000000002', 0.300000000002],
    ['0.30000000000000004', 0.30000000000000004],
    ['3.141592653589793238462643', 3.141592653589793],
    ['12345678901234567890', 12345678901234567000],
    ['2abc', 2],
    ['7e', 7],
    ['1.5e+', 1.5],
    ['1e400', Infinity],
    ['-1e400', -Infinity],
    ['inf', Infinity],
    ['-Infinity', -Infinity],
    ['0x1p1', 2],
    ['0x1.8p1', 3],
    ['abc', 0],
    ['-', 0],
  ])('atof(%j) = %d', (text, value) => {
    expect(score(text)).toBe(value);
  });

  // Number() rounds correctly, as strtod does: the fast path and the slow one must both agree with it.
  propTest.prop([fc.stringMatching(/^[+-]?\d{0,20}(\.\d{0,20})?([eE][+-]?\d{1,3})?$/).filter((text) => /\d/.test(text.split(/[eE]/)[0]!))])(
    'a decimal number reads as the double nearest its value',
    (text) => {
      expect(score(text)).toBe(Number(text));
    },
  );

  const plain = (text: string): number => plainDecimalBytes(bytes(text), 0, bytes(text).length);
  test.each([
    ['28.5206', 28.5206],
    ['-3', -3],
    ['.5', 0.5],
    ['5.', 5],
    ['1e-07', 1e-7],
  ])('plainDecimalBytes(%j) = %d: a whole plain decimal, read in one pass', (text, value) => {
    expect(plain(text)).toBe(value);
  });

  test.each(['', '-', '.', '7e', '2abc', '0x10', 'inf', 'nan', '1e400', '12345678901234567890', '1e23'])(
    'plainDecimalBytes(%j) is NaN: not wholly a decimal, or past one exact operation (atof reads it slowly)',
    (text) => {
      expect(plain(text)).toBeNaN();
    },
  );

  // The run readers take a plain decimal's value without checking the field again.
  propTest.prop([fc.stringMatching(/^[+-]?[\d.eE+x-]{0,12}$/)])('plainDecimalBytes is atof of a field that is a decimal number, or NaN', (text) => {
    const value = plain(text);
    if (Number.isNaN(value)) return;
    expect(isDecimalNumber(bytes(text), 0, bytes(text).length)).toBe(true);
    expect(value).toBe(score(text));
  });

  test('atof of nan is NaN and of -0 is -0', () => {
    expect(score('nan')).toBeNaN();
    expect(Object.is(score('-0'), -0)).toBe(true);
  });

  test.each([
    ['3', 3],
    ['+2', 2],
    ['-2', -2],
    ['1.7', 1],
    ['x', 0],
    ['12abc', 12],
  ])('atol(%j) = %d', (text, value) => {
    expect(atolBytes(bytes(text), 0, text.length)).toBe(value);
  });
});
