// Internal: a seeded pseudo-random generator, so that a randomization or bootstrap test gives the same
// p-value every time it is run with the same seed (on every platform: it uses only 32-bit integer steps).
import { fail } from '../core/errors.js';

/**
 * Refuses a seed the generator cannot use as given: it takes 32 bits, so a larger or negative integer would
 * silently stand for another seed (2^32 for 0), and 2^60 is no longer an exact integer in a double.
 */
export function checkSeed(seed: unknown, fn: string): number {
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    fail('invalid_option', fn, { kind: 'option', option: 'seed' }, 'an integer from 0 to 4,294,967,295 (2^32 − 1)', seed);
  }
  return seed;
}

/** sfc32 (Chris Doty-Humphrey's small fast counting generator), seeded through splitmix32. */
export function seededRandom(seed: number): { uint32(): number; below(n: number): number } {
  let state = seed >>> 0;
  const splitmix = (): number => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = 1;
  const uint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) uint32();
  return {
    uint32,
    /** A uniform integer in [0, n), n ≤ 2^32, without modulo bias (rejection). */
    below(n: number): number {
      const limit = 0x100000000 - (0x100000000 % n);
      let x: number;
      do x = uint32();
      while (x >= limit);
      return x % n;
    },
  };
}
