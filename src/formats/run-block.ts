// The lines of one query as the byte readers hand them over (a RunBlock): typed arrays over the run's
// bytes, grown in place while a query is read, and copied out when a caller keeps one.

/** The lines of one query as read from a run, in file order (reused between queries: copy to keep). */
export interface RunBlock {
  qid: string;
  count: number;
  /** Whether every byte of the document ids is below 0x80 (ASCII), so that they are UTF-8 as they are. */
  ascii: boolean;
  /** Document ids, back to back. */
  docBytes: Uint8Array;
  docStart: Int32Array;
  docEnd: Int32Array;
  docHash: Int32Array;
  score: Float64Array;
  /** File line of each document, for error messages. */
  line: Int32Array;
}

/** An empty block with room for `lines` lines and `bytes` bytes of document ids. */
export function emptyBlock(lines: number, bytes: number): RunBlock {
  return {
    qid: '',
    count: 0,
    ascii: true,
    docBytes: new Uint8Array(bytes),
    docStart: new Int32Array(lines),
    docEnd: new Int32Array(lines),
    docHash: new Int32Array(lines),
    score: new Float64Array(lines),
    line: new Int32Array(lines),
  };
}

/** Doubles the room for lines of `block`, keeping the lines it holds. */
export function growLines(block: RunBlock): void {
  const size = block.docStart.length * 2;
  const copy = <T extends Int32Array | Float64Array>(array: T, make: (n: number) => T): T => {
    const bigger = make(size);
    bigger.set(array);
    return bigger;
  };
  block.docStart = copy(block.docStart, (n) => new Int32Array(n));
  block.docEnd = copy(block.docEnd, (n) => new Int32Array(n));
  block.docHash = copy(block.docHash, (n) => new Int32Array(n));
  block.line = copy(block.line, (n) => new Int32Array(n));
  block.score = copy(block.score, (n) => new Float64Array(n));
}

/** Makes room for `needed` bytes of document ids in `block`, keeping its first `used` bytes. */
export function growDocBytes(block: RunBlock, used: number, needed: number): void {
  const bigger = new Uint8Array(Math.max(block.docBytes.length * 2, needed));
  bigger.set(block.docBytes.subarray(0, used));
  block.docBytes = bigger;
}

/** A run's lines for one query, kept (a block is reused by the reader, so collecting needs copies). */
export function appendBlock(kept: RunBlock | undefined, block: RunBlock): RunBlock {
  const count = (kept?.count ?? 0) + block.count;
  const used = kept ? kept.docEnd[kept.count - 1]! : 0;
  const blockBytes = block.docEnd[block.count - 1]!;
  const merged: RunBlock = { ...emptyBlock(count, used + blockBytes), qid: block.qid, count, ascii: (kept?.ascii ?? true) && block.ascii };
  const from = kept?.count ?? 0;
  if (kept) {
    merged.docBytes.set(kept.docBytes.subarray(0, used));
    for (const key of ['docStart', 'docEnd', 'docHash', 'score', 'line'] as const) merged[key].set(kept[key].subarray(0, from));
  }
  merged.docBytes.set(block.docBytes.subarray(0, blockBytes), used);
  for (let i = 0; i < block.count; i++) {
    merged.docStart[from + i] = block.docStart[i]! + used;
    merged.docEnd[from + i] = block.docEnd[i]! + used;
    merged.docHash[from + i] = block.docHash[i]!;
    merged.score[from + i] = block.score[i]!;
    merged.line[from + i] = block.line[i]!;
  }
  return merged;
}
