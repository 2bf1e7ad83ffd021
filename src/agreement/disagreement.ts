// How much two raters would disagree by chance, from their marginals over the values they give, without
// a table of every pair of values: the expected side of κ and α; and the power-of-two scale that keeps the
// distances of large finite values finite.

/** How far apart two values are: 1 when they differ (`'nominal'`), |x − y| (`'linear'`) or (x − y)² (`'quadratic'`). */
export type Distance = 'nominal' | 'linear' | 'quadratic';

/**
 * A power of two 2^−e that brings the largest magnitude of `values` into [1, 2) (at most 2^1022 up, for
 * subnormal values), so that their differences and squares stay finite. Multiplying by a power of two is
 * exact, and κ and α are ratios of two sums homogeneous in the values (of degree 1 for linear distances, 2
 * for quadratic ones, 0 for the ratio level): with every value times s, both sums scale by s (or s²) and
 * the ratio is unchanged.
 * @example unitScale([0, 3, -1.7e308]) // => 2 ** -1023
 */
export function unitScale(values: ArrayLike<number>): number {
  let largest = 0;
  for (let i = 0; i < values.length; i++) largest = Math.max(largest, Math.abs(values[i]!));
  return largest === 0 ? 1 : 2 ** Math.max(-1023, Math.min(1022, -Math.floor(Math.log2(largest))));
}

/** The distance of two different values (scaled by unitScale; two values that scale alike stay different for `'nominal'`). */
export function distanceOf(kind: Distance): (x: number, y: number) => number {
  if (kind === 'linear') return (x, y) => Math.abs(x - y);
  if (kind === 'quadratic') return (x, y) => (x - y) ** 2;
  return () => 1;
}

/**
 * Σ_g Σ_h a_g · b_h · d(v_g, v_h): the disagreement expected when one side's values, weighted `a`, are
 * paired with the other's, weighted `b`, at random — in O(k) for k values, ascending and distinct (scaled
 * by unitScale for the linear and quadratic distances):
 * - nominal: A·B − Σ_g a_g·b_g, with A = Σ a, B = Σ b;
 * - linear: Σ over the gaps between neighbouring values of the gap × (a's weight at or below it × b's
 *   above it + b's at or below it × a's above it);
 * - quadratic: B·Σ a_g (v_g − μ_a)² + A·Σ b_h (v_h − μ_b)² + A·B·(μ_a − μ_b)², with μ the weighted means.
 * Every term is ≥ 0, so nothing cancels. 0 with fewer than two values (no disagreement is possible).
 * @example chanceDisagreement([0, 1], [1, 1], [1, 1], 'linear') // => 1·1 + 1·1 = 2
 */
export function chanceDisagreement(values: ArrayLike<number>, a: ArrayLike<number>, b: ArrayLike<number>, kind: Distance): number {
  const k = values.length;
  if (k < 2) return 0;
  let totalA = 0;
  let totalB = 0;
  for (let g = 0; g < k; g++) {
    totalA += a[g]!;
    totalB += b[g]!;
  }
  if (kind === 'nominal') {
    let same = 0;
    for (let g = 0; g < k; g++) same += a[g]! * b[g]!;
    return totalA * totalB - same;
  }
  if (kind === 'linear') {
    let sum = 0;
    let belowA = 0;
    let belowB = 0;
    for (let g = 0; g < k - 1; g++) {
      belowA += a[g]!;
      belowB += b[g]!;
      sum += (values[g + 1]! - values[g]!) * (belowA * (totalB - belowB) + belowB * (totalA - belowA));
    }
    return sum;
  }
  const meanA = weightedMean(values, a, totalA);
  const meanB = weightedMean(values, b, totalB);
  let spreadA = 0;
  let spreadB = 0;
  for (let g = 0; g < k; g++) {
    spreadA += a[g]! * (values[g]! - meanA) ** 2;
    spreadB += b[g]! * (values[g]! - meanB) ** 2;
  }
  return totalB * spreadA + totalA * spreadB + totalA * totalB * (meanA - meanB) ** 2;
}

function weightedMean(values: ArrayLike<number>, weights: ArrayLike<number>, total: number): number {
  let sum = 0;
  for (let g = 0; g < values.length; g++) sum += weights[g]! * values[g]!;
  return sum / total;
}

/** The distinct values of labels, ascending, with each label's place among them: `index[i]` is the place of label i. */
export interface DistinctValues {
  readonly values: Float64Array;
  readonly index: Int32Array;
}

/** The distinct values of `labels` (−0 as 0), ascending, and each label's place among them: O(n + k log k). */
export function distinctValues(labels: ArrayLike<number>): DistinctValues {
  const seen = new Map<number, number>();
  const firstSeen: number[] = [];
  const index = new Int32Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!;
    let place = seen.get(label);
    if (place === undefined) {
      place = firstSeen.length;
      seen.set(label, place);
      firstSeen.push(label === 0 ? 0 : label);
    }
    index[i] = place;
  }
  const values = Float64Array.from(firstSeen).sort();
  const rank = new Int32Array(values.length);
  for (let r = 0; r < values.length; r++) rank[seen.get(values[r]!)!] = r;
  for (let i = 0; i < index.length; i++) index[i] = rank[index[i]!]!;
  return { values, index };
}
