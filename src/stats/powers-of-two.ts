// Internal: exact rescaling of doubles by powers of two, for fusion and the statistical tests. Multiplying
// by 2^n changes a double's exponent only, so it is exact (and undone exactly) while the result stays a
// normal number: sums, products and orders computed on rescaled values are those of the values themselves,
// without overflow.

// exponentOf's own scratch: written and read within one call that calls nothing in between, so no two
// users ever hold it (no state between calls, see core/README.md).
const bits = new DataView(new ArrayBuffer(8));

/** ⌊log2 |x|⌋, exactly, for a finite x ≠ 0 (−1074 … 1023); −Infinity for 0. */
export function exponentOf(x: number): number {
  if (x === 0) return -Infinity;
  bits.setFloat64(0, x);
  const biased = (bits.getUint16(0) & 0x7ff0) >> 4;
  if (biased !== 0) return biased - 1023;
  // A subnormal: 2^64 times it is normal (and exact).
  bits.setFloat64(0, x * 2 ** 64);
  return ((bits.getUint16(0) & 0x7ff0) >> 4) - 1023 - 64;
}

/**
 * x · 2^n, rounded once (C's `scalbn`, as musl writes it): the factor 2^n need not be a double (n beyond
 * −1022 … 1023), and a result among the subnormal numbers is not rounded twice.
 */
export function timesPowerOfTwo(x: number, n: number): number {
  if (n > 1023) {
    x *= 2 ** 1023;
    n -= 1023;
    if (n > 1023) {
      x *= 2 ** 1023;
      n -= 1023;
      if (n > 1023) n = 1023;
    }
  } else if (n < -1022) {
    // Down to 2^-969 first (2^-1022 · 2^53), so that the last step alone rounds.
    x *= 2 ** -969;
    n += 969;
    if (n < -1022) {
      x *= 2 ** -969;
      n += 969;
      if (n < -1022) n = -1022;
    }
  }
  return x * 2 ** n;
}

/** Every value of `values` times 2^n, into `into` (which may be `values`). */
export function scaleAll(values: ArrayLike<number>, n: number, into: Float64Array): Float64Array {
  if (n >= -1022 && n <= 1023) {
    const factor = 2 ** n;
    for (let i = 0; i < values.length; i++) into[i] = values[i]! * factor;
  } else for (let i = 0; i < values.length; i++) into[i] = timesPowerOfTwo(values[i]!, n);
  return into;
}

/**
 * 1, or, when some |value| is 2^400 or more, the power of two that brings the largest into [1, 2). The tests
 * and intervals sum, subtract and square values; on values multiplied by it none of that can overflow.
 * Multiplying by a power of two is exact, so a location (mean, interval bound) divided by it again, or a
 * scale-free number (p-value, Cohen's d), is the number the unscaled arithmetic gives when it does not overflow.
 */
export function overflowScale(values: ArrayLike<number>): number {
  let largest = 0;
  for (let i = 0; i < values.length; i++) largest = Math.max(largest, Math.abs(values[i]!));
  return largest < 2 ** 400 ? 1 : 2 ** -exponentOf(largest);
}
