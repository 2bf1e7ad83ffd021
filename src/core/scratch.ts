// Internal: the library's one shared scratch space, typed arrays lent to one user at a time. Every other
// buffer reused from call to call belongs to the object that uses it (a run reader, an evaluation); this
// one is shared because the rankings of evaluateRun, createEvaluator and the metric functions are indexed
// by free functions with no object to keep a buffer in, and a fresh zeroed array for every ranking costs
// more than clearing one already in cache.

/** The array given back last (the larger of those given back), lent to the next borrower it fits. */
let spare: Int32Array | null = null;

/**
 * Lends an Int32Array of at least `length` entries, its content unspecified (clear what you read).
 *
 * The rule: a lent array is its borrower's alone until the borrower gives it back (`giveBackInt32`), and
 * from then on the borrower neither reads nor writes it. Two users at once hold two arrays, so neither sees
 * the other's data; a borrower that never gives an array back only loses the reuse.
 * @example
 * const table = lendInt32(1024).fill(0, 0, 1024);
 * // … use table …
 * giveBackInt32(table);
 */
export function lendInt32(length: number): Int32Array {
  if (spare === null || spare.length < length) return new Int32Array(length);
  const lent = spare;
  spare = null;
  return lent;
}

/** Takes back an array `lendInt32` lent (see its rule); the larger of it and the spare is kept. */
export function giveBackInt32(array: Int32Array): void {
  if (spare === null || array.length > spare.length) spare = array;
}
