// The shared scratch space: an array lent is its borrower's alone until given back.
import { describe, expect, test } from 'vitest';
import { giveBackInt32, lendInt32 } from '../../src/core/scratch.js';

describe('the scratch space', () => {
  test('two borrowers at once hold two arrays, and neither sees what the other writes', () => {
    // A spare to lend, from a borrower before them.
    giveBackInt32(lendInt32(64));
    const first = lendInt32(8).fill(1, 0, 8);
    const second = lendInt32(8).fill(2, 0, 8);
    expect(second).not.toBe(first);
    first.fill(3, 0, 8);
    expect([...second.subarray(0, 8)]).toEqual(Array(8).fill(2));
    expect([...first.subarray(0, 8)]).toEqual(Array(8).fill(3));
    giveBackInt32(first);
    giveBackInt32(second);
  });

  test('an array given back is lent again, once, to a borrower it fits', () => {
    const large = lendInt32(4096);
    giveBackInt32(large);
    const next = lendInt32(100);
    expect(next).toBe(large);
    // Lent already: the borrower after it gets an array of its own.
    const other = lendInt32(100);
    expect(other).not.toBe(large);
    expect(other.length).toBeGreaterThanOrEqual(100);
    giveBackInt32(next);
    // Too small a spare is not lent: a longer array is made.
    expect(lendInt32(8192).length).toBe(8192);
  });

  test('the larger of two arrays given back is kept', () => {
    const [small, large] = [lendInt32(1 << 14), lendInt32(1 << 16)];
    giveBackInt32(large);
    giveBackInt32(small);
    expect(lendInt32(1 << 15)).toBe(large);
  });
});
