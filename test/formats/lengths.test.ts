import { describe, expect, test } from 'vitest';
import { parseLengths, readLengths } from '../../src/index.js';
import { byteChunks } from '../helpers/files.js';

const FILE = 'lengths.tsv';
const parse = (text: string): Map<string, number> => parseLengths(text, { file: FILE });
/** The parse_error a content gets: its message and where it points. */
const refusal = (text: string): { code: string; message: string; subject: unknown } => {
  try {
    parse(text);
  } catch (error) {
    return error as { code: string; message: string; subject: unknown };
  }
  throw new Error('expected a parse error');
};

describe('parseLengths: id<TAB>tokens a line', () => {
  test('reads each document’s length in tokens, a decimal number ≥ 0', () => {
    expect(parse('c1\t120\nc4\t80.5\nc7\t0\n')).toEqual(new Map([['c1', 120], ['c4', 80.5], ['c7', 0]]));
  });

  test('skips a header: a first line whose second field names the column (tokens, length, …), in any case', () => {
    expect(parse('doc_id\ttokens\nc1\t120\n')).toEqual(new Map([['c1', 120]]));
    expect(parse('doc_id\ttokens\n')).toEqual(new Map());
    expect(parse('id\tLength\nc1\t120\n')).toEqual(new Map([['c1', 120]]));
    expect(parse('chunk\tn_tokens \nc1\t120\n')).toEqual(new Map([['c1', 120]]));
  });

  test('reads lengths up to 2^53 − 1', () => {
    expect(parse('c1\t9007199254740991\n')).toEqual(new Map([['c1', Number.MAX_SAFE_INTEGER]]));
  });

  test('skips blank lines, and reads CRLF line ends and a last line without one', () => {
    expect(parse('\nc1\t120\n\n  \nc4\t80\r\nc7\t3')).toEqual(new Map([['c1', 120], ['c4', 80], ['c7', 3]]));
  });

  test('drops the byte order mark that may open the file, before a header or a first id', () => {
    expect(parse('\uFEFFdoc_id\ttokens\nc1\t120\n')).toEqual(new Map([['c1', 120]]));
    expect(parse('\uFEFFc1\t120\n')).toEqual(new Map([['c1', 120]]));
  });

  test('keeps an id as written, whatever its characters', () => {
    expect(parse('chunk é/3\t12\n')).toEqual(new Map([['chunk é/3', 12]]));
  });
});

describe('parseLengths: bad lines name the file and the line', () => {
  test('a length that is not a number ≥ 0', () => {
    const error = refusal('c1\t120\nc4\tmany\n');
    expect(error.code).toBe('parse_error');
    expect(error.message).toBe('lengths.tsv:2: expected the length of document "c4" in tokens (a number from 0 to 9007199254740991), got "many"');
    expect(error.subject).toEqual({ kind: 'file', file: FILE, line: 2 });
    expect(refusal('c1\t120\nc4\t-3\n').message).toBe('lengths.tsv:2: expected the length of document "c4" in tokens (a number from 0 to 9007199254740991), got "-3"');
  });

  test('a first line whose length is no number is refused at line 1, not skipped as a header', () => {
    const error = refusal('c1\t12O\nc4\t80\n');
    expect(error.message).toBe(
      'lengths.tsv:1: expected the length of document "c1" in tokens (a number from 0 to 9007199254740991), got "12O" (a header names the column: tokens, length, len, …)',
    );
    expect(error.subject).toEqual({ kind: 'file', file: FILE, line: 1 });
    expect(refusal('doc_id\tsize\nc1\t120\n').message).toMatch(/^lengths\.tsv:1: .* got "size" \(a header names the column/);
    // The same word on a later line is a bad length.
    expect(refusal('c1\t120\nc4\ttokens\n').message).toBe('lengths.tsv:2: expected the length of document "c4" in tokens (a number from 0 to 9007199254740991), got "tokens"');
  });

  test.each(['1e308', '9007199254740992', '1e400'])('a length of %s is refused at its line: sums of such lengths overflow', (tokens) => {
    const error = refusal(`c1\t120\nc4\t${tokens}\n`);
    expect(error.code).toBe('parse_error');
    expect(error.message).toBe(
      `lengths.tsv:2: expected the length of document "c4" in tokens (a number from 0 to 9007199254740991), got "${tokens}" (no text is that long, and sums of such lengths overflow)`,
    );
  });

  test.each(['NaN', 'Infinity', '-0x1', ''])('a length of %j on a later line is refused', (tokens) => {
    expect(refusal(`c1\t120\nc4\t${tokens}\n`).message).toBe(`lengths.tsv:2: expected the length of document "c4" in tokens (a number from 0 to 9007199254740991), got "${tokens}"`);
  });

  test('a negative length on the first line is refused, not taken for a header', () => {
    expect(refusal('c1\t-5\nc4\t80\n').message).toBe('lengths.tsv:1: expected the length of document "c1" in tokens (a number from 0 to 9007199254740991), got "-5"');
  });

  test('a line without a tab, or with a third field', () => {
    expect(refusal('c1\t120\nc4 80\n').message).toBe('lengths.tsv:2: expected `id<TAB>tokens`, got "c4 80" (no tab)');
    expect(refusal('c1\t120\nc4\t80\tx\n').message).toBe('lengths.tsv:2: expected two fields, `id<TAB>tokens`, got "c4\\t80\\tx"');
    // On the first line too, where a second field that is no number would make it a header.
    expect(refusal('a\t10\t5\nc4\t80\n').message).toBe('lengths.tsv:1: expected two fields, `id<TAB>tokens`, got "a\\t10\\t5"');
    expect(refusal('c1\t120\nc4\t\t80\n').message).toBe('lengths.tsv:2: expected two fields, `id<TAB>tokens`, got "c4\\t\\t80"');
  });

  test('a line without an id', () => {
    expect(refusal('c1\t120\n\t80\n').message).toBe('lengths.tsv:2: expected a document id before the tab, got "\\t80"');
  });

  test('an id given twice, even with the same length', () => {
    expect(refusal('c1\t120\nc4\t80\nc1\t120\n').message).toBe('lengths.tsv:3: document "c1" has a length on lines 1 and 3');
  });

  test('an empty file', () => {
    expect(refusal('').message).toBe('lengths.tsv:1: the lengths file is empty');
  });

  test('without a file name, the input is <input>', () => {
    expect(() => parseLengths('c1\t1\nc2\tx\n')).toThrow('<input>:2: expected the length of document "c2"');
  });
});

describe('readLengths: a file read in chunks', () => {
  const content = '\uFEFFdoc_id\ttokens\nc1\t120\nchunk é\t7\n\nc4\t80.25\n';
  const expected = new Map([['c1', 120], ['chunk é', 7], ['c4', 80.25]]);

  test.each([1, 2, 3, 7, 64])('reads the same map from chunks of %i bytes (cutting the mark, lines and characters)', async (size) => {
    expect(await readLengths(byteChunks(content, size), { file: FILE })).toEqual(expected);
  });

  test('names the line of a bad length however the file is cut', async () => {
    await expect(readLengths(byteChunks('c1\t1\nc2\t2\nc3\tx\n', 2), { file: FILE })).rejects.toThrow('lengths.tsv:3: expected the length of document "c3"');
  });

  test('reads strings as well as bytes', async () => {
    expect(await readLengths(['c1\t1', '2\nc', '4\t8\n'], { file: FILE })).toEqual(new Map([['c1', 12], ['c4', 8]]));
  });
});
