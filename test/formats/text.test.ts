import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createLineSplitter, jsonErrorOffset, lineAt } from '../../src/formats/text.js';
import { byteChunks } from '../helpers/files.js';

describe('jsonErrorOffset', () => {
  test.prop([fc.json()])('a text JSON.parse accepts has no error before its end', (text) => {
    expect(jsonErrorOffset(text)).toBe(text.length);
  });

  test.prop([fc.json(), fc.nat()])('a text JSON.parse refuses has its error offset inside it or at its end', (text, cut) => {
    const truncated = text.slice(0, cut % (text.length + 1));
    let valid = true;
    try {
      JSON.parse(truncated);
    } catch {
      valid = false;
    }
    if (!valid) expect(jsonErrorOffset(truncated)).toBeLessThanOrEqual(truncated.length);
  });

  it.each([
    ['{"a": [1, 2,]}', 12],
    ['{"a" 1}', 5],
    ['[01]', 2],
    ['"\\x"', 2],
    ['"\\u12G4"', 2],
    ['[1] 2', 4],
    ['{"a": tru}', 6],
    ['[1, 2', 5],
  ])('finds the first bad character of %s at %i', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });
});

describe('createLineSplitter', () => {
  test.prop([fc.array(fc.string({ unit: 'grapheme' })), fc.integer({ min: 1, max: 7 })])(
    'gives back the lines of a text however its bytes are cut',
    (lines, size) => {
      const text = lines.map((line) => line.replace(/[\r\n]/g, '')).join('\n');
      const seen: string[] = [];
      const splitter = createLineSplitter((line, number) => {
        seen.push(line);
        expect(number).toBe(seen.length);
      });
      for (const chunk of byteChunks(text, size)) splitter.push(chunk);
      splitter.end();
      // A final newline ends the last line; it does not start an empty one.
      const expected = text.replace(/^\uFEFF/, '').split('\n');
      if (expected.at(-1) === '') expected.pop();
      expect(seen).toEqual(expected);
    },
  );

  it('drops the CR of CRLF line ends and a leading byte order mark', () => {
    const seen: string[] = [];
    const splitter = createLineSplitter((line) => seen.push(line));
    splitter.push(new TextEncoder().encode('\uFEFFa\r\nb\r\n'));
    splitter.end();
    expect(seen).toEqual(['a', 'b']);
  });
});

it('lineAt counts the newlines before an offset', () => {
  expect([0, 1, 2, 3, 4].map((offset) => lineAt('a\nb\nc', offset))).toEqual([1, 1, 2, 2, 3]);
});
