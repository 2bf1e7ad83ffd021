// The one arithmetic mean of the library: run figures, latency, confidence intervals and the tests all
// take it from here, so that the same values give the same bits wherever a mean is shown.

/** The sum of values, left to right. */
export function sumOf(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  return total;
}

/**
 * The mean of finite values: their sum, left to right, divided by their number. Should the sum overflow
 * (values near Number.MAX_VALUE), they are summed again scaled by 2^-64 (exact but for values under
 * 2^-958, which cannot move such a sum), and the result is kept within [min, max], where the mean lies,
 * against rounding. NaN for no values.
 *
 * @example meanOf([1, 0.5, 0]) // => 0.5
 */
export function meanOf(values: ArrayLike<number>): number {
  const total = sumOf(values);
  if (Number.isFinite(total) || values.length === 0) return total / values.length;
  let scaled = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    scaled += value * 2 ** -64;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return Math.min(max, Math.max(min, (scaled / values.length) * 2 ** 64));
}
