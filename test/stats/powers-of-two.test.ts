// The exact rescaling fuse relies on: ⌊log2 |x|⌋ read from the bits, and x · 2^n rounded once.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { exponentOf, overflowScale, scaleAll, timesPowerOfTwo } from '../../src/stats/powers-of-two.js';

const MAX = Number.MAX_VALUE;
const TINY = 2 ** -1074;

describe('exponentOf', () => {
  it('is ⌊log2 |x|⌋ at the edges: powers of two, their neighbours, subnormals, the largest double', () => {
    expect(exponentOf(1)).toBe(0);
    expect(exponentOf(1 - Number.EPSILON / 2)).toBe(-1);
    expect(exponentOf(-3)).toBe(1);
    expect(exponentOf(MAX)).toBe(1023);
    expect(exponentOf(2 ** -1022)).toBe(-1022);
    expect(exponentOf(2 ** -1022 - TINY)).toBe(-1023);
    expect(exponentOf(TINY)).toBe(-1074);
    expect(exponentOf(-3 * TINY)).toBe(-1073);
    expect(exponentOf(0)).toBe(-Infinity);
    expect(exponentOf(-0)).toBe(-Infinity);
  });

  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => x !== 0)])('2^e ≤ |x| < 2^(e + 1)', (x) => {
    const e = exponentOf(x);
    expect(timesPowerOfTwo(1, e)).toBeLessThanOrEqual(Math.abs(x));
    if (e < 1023) expect(Math.abs(x)).toBeLessThan(timesPowerOfTwo(1, e + 1));
  });
});

/** x · 2^n rounded once to the nearest double (ties to even), worked out on the integer significand. */
function reference(x: number, n: number): number {
  if (x === 0) return x;
  const e = exponentOf(x);
  // x = m · 2^(e − 52), m an integer below 2^53 (two exact steps: 52 − e can pass 1023).
  const half = Math.trunc((52 - e) / 2);
  const m = Math.abs(x) * 2 ** half * 2 ** (52 - e - half);
  const sign = Math.sign(x);
  const t = e - 52 + n;
  if (e + n > 1023) return sign * Infinity;
  if (t >= -1022) return sign * m * 2 ** t;
  if (t >= -1074) return sign * m * 2 ** (t + 100) * 2 ** -100;
  const drop = BigInt(-1074 - t);
  const big = BigInt(m);
  let k = big >> drop;
  const rest = big - (k << drop);
  const halfway = drop > 0n ? 1n << (drop - 1n) : 0n;
  if (drop > 0n && (rest > halfway || (rest === halfway && (k & 1n) === 1n))) k += 1n;
  return sign * Number(k) * TINY;
}

describe('timesPowerOfTwo', () => {
  it('takes factors that are no double (2^±1100, 2^±2097), and saturates to ±Infinity or ±0 past the doubles', () => {
    expect(timesPowerOfTwo(TINY, 2000)).toBe(2 ** 926);
    expect(timesPowerOfTwo(TINY, 2097)).toBe(2 ** 1023);
    expect(timesPowerOfTwo(-TINY, 3000)).toBe(-Infinity);
    expect(timesPowerOfTwo(1, 5000)).toBe(Infinity);
    expect(timesPowerOfTwo(MAX, -1100)).toBe(reference(MAX, -1100));
    // (2 − 2^-52) · 2^-1074: the nearest double is 2^-1073.
    expect(timesPowerOfTwo(MAX, -2097)).toBe(2 ** -1073);
    expect(timesPowerOfTwo(MAX, -3000)).toBe(0);
    expect(timesPowerOfTwo(-MAX, -5000)).toBe(-0);
  });

  it('rounds once among the subnormals, where two steps would round twice', () => {
    // (1 + 2^-52 + …) · 2^-1075 is just above half of 2^-1074: it rounds up; halving twice would round to 0.
    const x = 1 + 2 ** -52;
    expect(timesPowerOfTwo(x, -1075)).toBe(TINY);
    expect(timesPowerOfTwo(1, -1075)).toBe(0); // exactly half: to even, 0
    expect(timesPowerOfTwo(3, -1076)).toBe(TINY); // 0.75 · 2^-1074
  });

  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -2300, max: 2300 })])('is x · 2^n rounded once to the nearest double', (x, n) => {
    expect(timesPowerOfTwo(x, n)).toBe(reference(x, n));
  });
});

describe('scaleAll', () => {
  it('multiplies every value by 2^n, with one factor or value by value beyond the doubles', () => {
    expect([...scaleAll([1, -3, 0.5], 10, new Float64Array(3))]).toEqual([1024, -3072, 512]);
    expect([...scaleAll([TINY, 2 * TINY], 2097, new Float64Array(2))]).toEqual([2 ** 1023, Infinity]);
    const values = new Float64Array([MAX, 1]);
    expect(scaleAll(values, -1100, values)).toBe(values);
    expect([...values]).toEqual([reference(MAX, -1100), 0]);
  });
});

describe('overflowScale', () => {
  it('is 1 while every |value| is below 2^400, else the power of two that brings the largest into [1, 2)', () => {
    expect(overflowScale([0.5, -3, 2 ** 399])).toBe(1);
    expect(overflowScale([])).toBe(1);
    expect(overflowScale([1, -(2 ** 400)])).toBe(2 ** -400);
    expect(overflowScale([MAX, 1e300])).toBe(2 ** -1023);
    expect(overflowScale([3 * 2 ** 500])).toBe(2 ** -501);
  });
});
