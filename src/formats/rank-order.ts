// The rank order of a block of run lines, read from its bytes: trec_eval's order, for the two evaluators
// that read runs as bytes (`rankeval trec`, and the commands' scoring stream).
import { compareBytes } from './block-index.js';
import type { RunBlock } from './run-block.js';

/**
 * The rank order of blocks, one after another, for one user (an evaluation, a run reader): the order it
 * returns lives in a buffer it owns, valid until its next `of`, so two runs read at once need two of them.
 */
export class RankOrder {
  private buffer = new Int32Array(1024);

  /**
   * The documents' indices in rank order: score descending, ties by docno descending in byte order
   * (trec_eval's comp_sim_docno). Runs are usually written by score already, so that is checked first and
   * only groups of equal scores are put in order; anything else is sorted whole.
   */
  of(block: RunBlock): Int32Array {
    if (this.buffer.length < block.count) this.buffer = new Int32Array(Math.max(block.count, this.buffer.length * 2));
    return rankOrder(block, this.buffer);
  }
}

/** The rank order of `block` (RankOrder's `of`), in `buffer` when the scores come in order. */
function rankOrder(block: RunBlock, buffer: Int32Array): Int32Array {
  const { count, score, docBytes, docStart, docEnd } = block;
  const idDescending = (a: number, b: number): number => compareBytes(docBytes, docStart[b]!, docEnd[b]!, docBytes, docStart[a]!, docEnd[a]!);
  let byScore = true;
  for (let i = 1; i < count && byScore; i++) byScore = score[i - 1]! >= score[i]!;
  if (!byScore) {
    const compare = (a: number, b: number): number => {
      const scoreA = score[a]!;
      const scoreB = score[b]!;
      if (scoreA > scoreB) return -1;
      if (scoreA < scoreB) return 1;
      return idDescending(a, b);
    };
    return Int32Array.from(Array.from({ length: count }, (_, i) => i).sort(compare));
  }
  const order = buffer.subarray(0, count);
  for (let i = 0; i < count; i++) order[i] = i;
  for (let first = 0; first < count; ) {
    let last = first + 1;
    while (last < count && score[last] === score[first]) last++;
    if (last - first > 1) {
      let ordered = true;
      for (let i = first + 1; i < last && ordered; i++) ordered = idDescending(i - 1, i) <= 0;
      if (!ordered) order.set(Array.from({ length: last - first }, (_, i) => first + i).sort(idDescending), first);
    }
    first = last;
  }
  return order;
}
