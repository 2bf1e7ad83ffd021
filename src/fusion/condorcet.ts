// Condorcet fusion (Montague & Aslam 2002): the candidates ordered by the runs' pairwise majority.
import { compareUtf8 } from '../core/ordering.js';
import { candidatesOf } from './values.js';
import type { ScoredDocument } from '../core/types.js';

/**
 * Condorcet fusion of one query: document a goes before b when more runs rank a above b than b above a (a
 * run that ranks one of them and not the other ranks it above; a run that ranks neither abstains; equal
 * votes: id descending). The candidates, taken in id-descending order, are merge-sorted by that rule, and
 * the i-th (0-based) of the N scores N − i. When the majority goes round in a circle, the order is the
 * merge sort's; a Condorcet winner is always first, and a majority that is a total order is kept.
 */
export function condorcet(lists: readonly ScoredDocument[][]): ScoredDocument[] {
  const candidates = candidatesOf(lists);
  const positions = lists.map((list) => new Map(list.map(({ id }, i) => [id, i])));
  // Negative when a goes first: more runs rank a above b than b above a, or as many and a's id is larger.
  const order = (a: string, b: string): number => {
    let balance = 0;
    for (const position of positions) {
      const pa = position.get(a) ?? Infinity;
      const pb = position.get(b) ?? Infinity;
      if (pa < pb) balance--;
      else if (pb < pa) balance++;
    }
    return balance !== 0 ? balance : compareUtf8(b, a);
  };
  const sorted = mergeSort([...candidates].sort((a, b) => compareUtf8(b, a)), order);
  return sorted.map((id, i) => ({ id, score: sorted.length - i }));
}

/**
 * A top-down merge sort, written out rather than Array.prototype.sort: with a rule that can go round in a
 * circle the result depends on the algorithm, and this one is the same on every engine.
 */
function mergeSort<T>(items: readonly T[], order: (a: T, b: T) => number): T[] {
  if (items.length <= 1) return [...items];
  const middle = items.length >> 1;
  const left = mergeSort(items.slice(0, middle), order);
  const right = mergeSort(items.slice(middle), order);
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) merged.push(order(right[j]!, left[i]!) < 0 ? right[j++]! : left[i++]!);
  while (i < left.length) merged.push(left[i++]!);
  while (j < right.length) merged.push(right[j++]!);
  return merged;
}
