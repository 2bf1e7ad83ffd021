// Counting helpers over sorted positions, for the O(n log n) pair counts: a Fenwick tree of counts (agreement's
// rank pairs, the preference counts of metrics) and a binary search (the preference counts).

/** The index of the first of `sorted[0 … length − 1]` (ascending) that is not below `value`: `length` if none is. */
export function lowerBound(sorted: ArrayLike<number>, value: number, length = sorted.length): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A Fenwick (binary indexed) tree of counts at positions 0 … size − 1: `add` and `below` each touch at most
 * ⌊log₂ size⌋ + 1 cells.
 */
export class Fenwick {
  /** Cell k (1-based) holds the count of positions k − (k & −k) … k − 1. */
  readonly cells: Int32Array;

  constructor(size: number) {
    this.cells = new Int32Array(size + 1);
  }

  /** Adds one at `position`. */
  add(position: number): void {
    for (let k = position + 1; k < this.cells.length; k += k & -k) this.cells[k]!++;
  }

  /** The count at positions 0 … position − 1. */
  below(position: number): number {
    let sum = 0;
    for (let k = position; k > 0; k -= k & -k) sum += this.cells[k]!;
    return sum;
  }
}
