// The per-query difference chart at a size that does not grow with the queries: the sorted differences in
// at most a fixed number of columns of neighbouring queries, rather than a bar per query, however many.
import type { QueryDelta } from './types.js';

/** Neighbouring queries of one outcome, in the order of the differences, drawn as one column. */
export interface DeltaColumn {
  readonly outcome: 'win' | 'loss';
  /** Positions (from 1, in the order of `deltas`) of the column's first and last query. */
  readonly first: number;
  readonly last: number;
  /** The difference farthest from zero among its queries. */
  readonly delta: number;
}

/**
 * The wins and losses of `deltas` in columns of `size = ⌈n / maxColumns⌉` neighbouring queries (n the number
 * of queries, ties included): one query a column while n ≤ maxColumns. Ties are left out, and no column
 * mixes wins with losses. With the differences sorted largest first, as `reportData` gives them, that is at
 * most maxColumns + 1 columns, whatever n: at most ⌈W / size⌉ + ⌈L / size⌉ for W wins and L losses.
 *
 * Wins are grouped from their first query and losses from their last, so that the columns of the largest
 * differences are full and a part-filled one sits next to the ties. Each column stands at the difference
 * farthest from zero among its queries: the columns are the envelope of the per-query bars, and the largest
 * win and the largest loss are drawn at their size.
 *
 * @example
 * // Six queries, sorted, in at most 3 columns: columns of 2.
 * const deltas = [0.5, 0.25, 0.25, 0, -0.125, -1].map((delta, i) => ({ query: `q${i}`, delta, outcome: delta > 0 ? 'win' : delta < 0 ? 'loss' : 'tie' }));
 * deltaColumns(deltas, 3)
 * // => [{ outcome: 'win', first: 1, last: 2, delta: 0.5 }, { outcome: 'win', first: 3, last: 3, delta: 0.25 },
 * //     { outcome: 'loss', first: 5, last: 6, delta: -1 }]
 */
export function deltaColumns(deltas: readonly QueryDelta[], maxColumns: number): DeltaColumn[] {
  const size = Math.max(1, Math.ceil(deltas.length / maxColumns));
  const columns: DeltaColumn[] = [];
  let start = 0;
  while (start < deltas.length) {
    const outcome = deltas[start]!.outcome;
    let end = start + 1;
    while (end < deltas.length && deltas[end]!.outcome === outcome) end++;
    if (outcome !== 'tie') {
      // A run of losses is cut from its end, so its part-filled column is its first.
      let to = outcome === 'loss' ? start + ((end - start) % size || size) : Math.min(end, start + size);
      for (let from = start; from < end; from = to, to = Math.min(end, to + size)) {
        const farthest = deltas.slice(from, to).reduce((extreme, entry) => (Math.abs(entry.delta) > Math.abs(extreme) ? entry.delta : extreme), 0);
        columns.push({ outcome, first: from + 1, last: to, delta: farthest });
      }
    }
    start = end;
  }
  return columns;
}
