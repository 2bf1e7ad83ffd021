import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createLineSplitter, firstInvalidUtf8, jsonErrorOffset, lineAt } from '../../src/formats/text.js';
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

  it('follows nesting 100k deep without running out of stack', () => {
    const depth = 100_000;
    expect(jsonErrorOffset(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toBe(2 * depth);
    expect(jsonErrorOffset(`${'{"a":['.repeat(depth)}1`)).toBe(6 * depth + 1);
    expect(jsonErrorOffset(`${'['.repeat(depth)}x`)).toBe(depth);
  });
});

describe('createLineSplitter', () => {
  test.prop([fc.array(fc.string({ unit: 'grapheme' })), fc.integer({ min: 1, max: 7 })])(
    'gives back the lines of a text however its bytes are cut',
    (lines, size) => {
      const text = lines.map((line) => line.replace(/[\r\n]/g, '')).join('\n');
      const seen: string[] = [];
      const splitter = createLineSplitter('t', (line, number) => {
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

  it('refuses invalid UTF-8 at its line, wherever the chunks cut it', () => {
    const bytes = Uint8Array.from([...new TextEncoder().encode('a\nbc\nd'), 0xe2, 0x82, 0x0a, 0x65]);
    for (const size of [1, 2, 3, 100]) {
      const splitter = createLineSplitter('t', () => {});
      const read = () => {
        for (let i = 0; i < bytes.length; i += size) splitter.push(bytes.subarray(i, i + size));
        splitter.end();
      };
      expect(read).toThrow(/^t:3: the line is not valid UTF-8 \(byte 0xe2 at byte 2\)/);
    }
  });

  it('drops the CR of CRLF line ends and a leading byte order mark', () => {
    const seen: string[] = [];
    const splitter = createLineSplitter('t', (line) => seen.push(line));
    splitter.push(new TextEncoder().encode('\uFEFFa\r\nb\r\n'));
    splitter.end();
    expect(seen).toEqual(['a', 'b']);
  });
});

describe('firstInvalidUtf8', () => {
  const valid = (bytes: Uint8Array): boolean => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return true;
    } catch {
      return false;
    }
  };
  test.prop([fc.uint8Array({ maxLength: 12 }), fc.string({ unit: 'binary' })])('agrees with a strict decoder on where valid UTF-8 ends', (noise, text) => {
    const encoded = new TextEncoder().encode(text);
    const bytes = new Uint8Array([...encoded, ...noise]);
    const at = firstInvalidUtf8(bytes);
    expect(at === -1).toBe(valid(bytes));
    if (at !== -1) {
      expect(at).toBeGreaterThanOrEqual(encoded.length);
      expect(valid(bytes.subarray(0, at))).toBe(true);
    }
  });

  it.each([
    [[0xc0, 0x80], 0], // overlong
    [[0x61, 0xed, 0xa0, 0x80], 1], // a surrogate
    [[0xf4, 0x90, 0x80, 0x80], 0], // past U+10FFFF
    [[0x61, 0xe2, 0x82], 1], // cut short
    [[0xe2, 0x82, 0xac, 0x80], 3], // a stray continuation byte
  ])('finds %j invalid at %i', (bytes, at) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(at);
  });
});

it('lineAt counts the newlines before an offset', () => {
  expect([0, 1, 2, 3, 4].map((offset) => lineAt('a\nb\nc', offset))).toEqual([1, 1, 2, 2, 3]);
});
