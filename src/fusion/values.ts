// What each run gives each candidate of a query under a method: its normalised score (score-based
// methods) or the points of its position (rank-based ones). The combination of those values is combine.ts.
import type { FusionMethod, FusionNorm } from './options.js';
import { normalise } from './normalise.js';
import { exponentOf } from '../stats/powers-of-two.js';
import type { ScoredDocument } from '../core/types.js';

/**
 * A query's candidates (the union of the runs' documents) and each run's value for each: the value of run i
 * for candidate c is values[i][c] · 2^exponents[i], NaN where the run does not hold the candidate.
 */
export interface QueryValues {
  readonly candidates: readonly string[];
  readonly values: readonly Float64Array[];
  /** The power of two each run's row is in: 0 but under `max`, whose quotients can pass Number.MAX_VALUE. */
  readonly exponents: readonly number[];
  /** ⌊log2⌋ of the largest |value| of each row (−Infinity for a row of zeros or of none). */
  readonly magnitudes: readonly number[];
}

/**
 * Each run's contribution to each candidate, for a ranking of n documents among N candidates, r its rank:
 * - `rrf`: 1 / (k + r);  `isr`, `log_isr`: 1 / r²;
 * - `bordafuse`: N − r + 1, and (N − n + 1) / 2 for a candidate the run leaves out;
 * - `borda` normalisation: 1 − (r − 1) / N, and 0.5 − (n − 1) / (2N) for a candidate the run leaves out
 *   (the mean of the points of the positions it leaves free);
 * - otherwise the normalised score (`normalise`), absent (NaN) for a candidate the run leaves out.
 */
export function queryValues(lists: readonly ScoredDocument[][], method: Exclude<FusionMethod, 'condorcet'>, norm: FusionNorm, k: number): QueryValues {
  const candidates = candidatesOf(lists);
  const position = new Map(candidates.map((id, c) => [id, c]));
  const exponents: number[] = [];
  const magnitudes: number[] = [];
  const values = lists.map((list) => {
    const { row, exponent } = runRow(list, position, method, norm, k);
    exponents.push(exponent);
    magnitudes.push(exponentOf(largestMagnitude(row)));
    return row;
  });
  return { candidates, values, exponents, magnitudes };
}

/** One run's row of values over the candidates (`position`: candidate id → its column). */
function runRow(list: readonly ScoredDocument[], position: ReadonlyMap<string, number>, method: Exclude<FusionMethod, 'condorcet'>, norm: FusionNorm, k: number): { row: Float64Array; exponent: number } {
  const n = list.length;
  const total = position.size;
  // NaN: the run does not hold the candidate; `unranked` gives the candidates it leaves out a value.
  const row = new Float64Array(total).fill(Number.NaN);
  const rank = (value: (i: number) => number, unranked = Number.NaN): { row: Float64Array; exponent: number } => {
    if (!Number.isNaN(unranked)) row.fill(unranked);
    for (let i = 0; i < n; i++) row[position.get(list[i]!.id)!] = value(i);
    return { row, exponent: 0 };
  };
  switch (method) {
    case 'rrf':
      return rank((i) => 1 / (k + i + 1));
    case 'isr':
    case 'log_isr':
      return rank((i) => 1 / (i + 1) ** 2);
    case 'bordafuse':
      return rank((i) => total - i, (total - n + 1) / 2);
  }
  if (norm === 'borda') return rank((i) => 1 - i / total, 0.5 - (n - 1) / (2 * total));
  if (n === 0) return { row, exponent: 0 };
  const normalised = normalise(list, norm);
  for (let i = 0; i < n; i++) row[position.get(list[i]!.id)!] = normalised.values[i]!;
  return { row, exponent: normalised.exponent };
}

/** The largest |value| of a row (NaN, a candidate the run leaves out, is skipped). */
function largestMagnitude(row: Float64Array): number {
  let largest = 0;
  for (let c = 0; c < row.length; c++) {
    const size = Math.abs(row[c]!);
    if (size > largest) largest = size;
  }
  return largest;
}

/** The documents of the runs' rankings of a query, each once, in the order they are first met. */
export function candidatesOf(lists: readonly ScoredDocument[][]): string[] {
  const seen = new Set<string>();
  for (const list of lists) for (const { id } of list) seen.add(id);
  return [...seen];
}
