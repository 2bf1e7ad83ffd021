// The pieces the TREC byte readers share: the FNV-1a hash of a document id, the decimal-number check of
// `rankeval eval`'s scores, the loop over lines of fixed fields, and the error naming a bad line.
import { fc, test as propTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { forEachFieldsLine, hashBytes, isDecimalNumber, parseError } from '../../src/formats/trec-fields.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('hashBytes', () => {
  // FNV-1a's published test vectors (32-bit): "" → 0x811c9dc5, "a" → 0xe40c292c, "foobar" → 0xbf9cf968.
  test.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('%j hashes to FNV-1a’s value', (text, hash) => {
    expect(hashBytes(bytes(text), 0, text.length) >>> 0).toBe(hash);
  });

  test('hashes the range only', () => {
    expect(hashBytes(bytes('xfoobarx'), 1, 7)).toBe(hashBytes(bytes('foobar'), 0, 6));
  });
});

describe('parseError', () => {
  test('names the file and the line', () => {
    const error = parseError('run.txt', 3, 'expected 6 fields (qid Q0 docno rank score runid), got 5');
    expect(error.code).toBe('parse_error');
    expect(error.message).toBe('run.txt:3: expected 6 fields (qid Q0 docno rank score runid), got 5');
  });
});

describe('isDecimalNumber', () => {
  // The decimal numbers of a CSV score (src/formats/columns.ts), which `rankeval eval` takes in TREC runs.
  const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
  test.each(['1', '-2.5', '+.5', '5.', '1e-07', '1E+3', '0.30000000000000004'])('%j is a decimal number', (text) => {
    expect(isDecimalNumber(bytes(text), 0, text.length)).toBe(true);
  });
  test.each(['0x10', 'abc', '2abc', '7e', '1.5e+', '.', '-', '+', '', 'inf', 'nan', '1e3.5', '--1', '1..2'])('%j is not a decimal number', (text) => {
    expect(isDecimalNumber(bytes(text), 0, text.length)).toBe(false);
  });
  propTest.prop([fc.stringMatching(/^[-+.eE0-9x]{0,8}$/)])('isDecimalNumber agrees with the CSV readers’ pattern', (text) => {
    expect(isDecimalNumber(bytes(text), 0, text.length)).toBe(DECIMAL.test(text));
  });
  propTest.prop([fc.double({ noNaN: true, noDefaultInfinity: true })])('every finite double as JavaScript writes it is a decimal number', (value) => {
    const text = String(value);
    expect(isDecimalNumber(bytes(text), 0, text.length)).toBe(true);
  });
});

describe('forEachFieldsLine', () => {
  /** Each line's fields as text, with its line number. */
  function lines(text: string, names: string, comments = false): [number, string[]][] {
    const read: [number, string[]][] = [];
    const data = bytes(text);
    forEachFieldsLine(data, 'f', { names, what: 'test', comments }, (fields, line) => {
      const words: string[] = [];
      for (let i = 0; i < fields.length; i += 2) words.push(new TextDecoder().decode(data.subarray(fields[i], fields[i + 1])));
      read.push([line, words]);
    });
    return read;
  }

  test('splits as many fields as the names, on any blanks; the last may end the file', () => {
    expect(lines('a b c\n\t a  b\tc \r\nx y z', 'p q r')).toEqual([[1, ['a', 'b', 'c']], [2, ['a', 'b', 'c']], [3, ['x', 'y', 'z']]]);
  });

  test('with comments, skips a line starting with # (one at a time) and counts it', () => {
    expect(lines('#c\na b\n#c\n', 'p q', true)).toEqual([[2, ['a', 'b']]]);
    expect(() => lines('#c\na b\n', 'p q')).toThrow('f:1: expected 2 fields (p q), got 1');
  });

  test.each([
    ['', 'f:1: the test file is empty'],
    ['a b\n\n', 'f:2: expected 2 fields (p q), got 0'],
    ['a\n', 'f:1: expected 2 fields (p q), got 1'],
    ['a b c\n', 'f:1: expected 2 fields (p q), got more'],
  ])('%j is refused naming the line', (text, message) => {
    expect(() => lines(text, 'p q')).toThrow(message);
  });
});
