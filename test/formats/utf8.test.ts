import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8 } from '../../src/formats/utf8.js';

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
