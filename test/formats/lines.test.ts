import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createLineChunker, createLineLimit, createLineSplitter } from '../../src/formats/lines.js';
import { byteChunks } from '../helpers/files.js';

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

// The line limit, with a limit of 5 bytes so that every place a chunk can cut a line is tried by hand.
describe('the line limit, checked as the bytes arrive', () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  /** Feeds `text` in chunks of `size` bytes to `push`; the number of bytes pushed when it threw, or -1. */
  const bytesWhenRefused = (text: string, size: number, push: (chunk: Uint8Array) => void): number => {
    const bytes = encode(text);
    for (let i = 0; i < bytes.length; i += size) {
      try {
        push(bytes.subarray(i, i + size));
      } catch {
        return Math.min(i + size, bytes.length);
      }
    }
    return -1;
  };

  it('createLineLimit refuses the first line past the limit at its line, as soon as its sixth byte arrives', () => {
    // Line 1 holds 5 bytes (the limit: taken), line 2 six: its sixth byte is the file's 12th.
    const text = 'abcde\nABCDEF-and-on\n';
    for (const size of [1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 100]) {
      const lines: number[] = [];
      const watch = createLineLimit((line) => {
        lines.push(line);
        throw new Error('refused');
      }, 5);
      const at = bytesWhenRefused(text, size, watch);
      expect(lines).toEqual([2]);
      // Refused in the chunk that holds the 12th byte, never later (not at the line's end, byte 20).
      expect(at).toBe(Math.min(Math.ceil(12 / size) * size, text.length));
    }
  });

  it('createLineLimit takes lines of up to the limit however they are cut, a newline not counted', () => {
    const text = 'abcde\n\n12345\nxyz';
    for (const size of [1, 2, 3, 5, 6, 100]) {
      const watch = createLineLimit(() => {
        throw new Error('refused');
      }, 5);
      expect(bytesWhenRefused(text, size, watch)).toBe(-1);
    }
  });

  it('createLineLimit counts the lines before a long one across chunks', () => {
    const lines: number[] = [];
    const watch = createLineLimit((line) => {
      lines.push(line);
      throw new Error('refused');
    }, 3);
    // 'long' is bytes 8 to 11: its fourth byte, the file's 11th, ends the last chunk.
    expect(bytesWhenRefused('a\nb\n\nc\nlong', 2, watch)).toBe(11);
    expect(lines).toEqual([5]);
  });

  it('createLineChunker refuses a long line before its end arrives, and hands on nothing of it', () => {
    const text = 'ab\ncd\nefghijklm\nop\n';
    for (const size of [1, 2, 3, 4, 7, 8, 100]) {
      const handed: string[] = [];
      const chunker = createLineChunker('t', (bytes) => handed.push(new TextDecoder().decode(bytes)), 5);
      let message = '';
      const at = bytesWhenRefused(text, size, (chunk) => {
        try {
          chunker.push(chunk);
        } catch (error) {
          message = (error as Error).message;
          throw error;
        }
      });
      expect(message).toMatch(/^t:3: the line is longer than /);
      // The sixth byte of line 3 ("j") is the file's 12th.
      expect(at).toBe(Math.min(Math.ceil(12 / size) * size, text.length));
      expect(handed.join('')).not.toContain('efghij');
    }
  });

  it('createLineSplitter gives lines of exactly the limit, and refuses one byte more at its line', () => {
    for (const size of [1, 2, 3, 6, 100]) {
      const seen: string[] = [];
      const splitter = createLineSplitter('t', (line) => seen.push(line), 5);
      for (let i = 0, bytes = encode('12345\nabcde'); i < bytes.length; i += size) splitter.push(bytes.subarray(i, i + size));
      splitter.end();
      expect(seen).toEqual(['12345', 'abcde']);
      const long = createLineSplitter('t', () => {}, 5);
      expect(bytesWhenRefused('12345\nabcdef\n', size, (chunk) => long.push(chunk))).toBe(Math.min(Math.ceil(12 / size) * size, 13));
    }
  });
});
