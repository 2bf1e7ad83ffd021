// The lines of a TREC run (`qid Q0 docno rank score runid`) read into blocks of one query each, as
// trec_eval 9.x reads them, from a stretch of bytes that ends with a newline. Chunking a file into such
// stretches is trec-run-reader.ts's part.
import { atofBytes, isSpace, plainDecimalBytes } from '../core/c-numbers.js';
import type { RankevalError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { latin1 } from '../core/latin1.js';
import { DocumentTable } from './block-index.js';
import { checkResultCount } from './run-limits.js';
import { emptyBlock, growDocBytes, growLines, type RunBlock } from './run-block.js';
import { isDecimalNumber, NEWLINE, parseError } from './trec-fields.js';

/**
 * Documents listed twice refused as their lines are read, not when the query's block ends, so that a run
 * repeating one line (`yes`) stops at its second line: `watches` is asked at each query's first line, and
 * `repeated` (which throws) is given the block and the file-order indexes of the two lines of a repeat.
 */
export interface RepeatWatch {
  watches(block: RunBlock): boolean;
  repeated(block: RunBlock, earlier: number, later: number): never;
}

/**
 * Reads run lines into one reused block per query: fields separated by any run of spaces, tabs, CR, VT or
 * FF, six of them at least (more are ignored); a blank line is skipped, and with `comments` (trec_eval 10)
 * a line whose first non-blank character is `#`. Each maximal block of lines with one qid is handed to
 * `onBlock` when the next qid starts (or at `flush`). Scores are read as atof reads them or, with
 * `decimalScores`, refused unless they are finite decimal numbers. With `watch`, a repeat in a block it
 * watches is refused at its second line; with `trecEval`, a NUL byte is read as trec_eval reads it
 * (RunReaderOptions).
 */
export class RunLines {
  /** Lines read, blank and comment lines included. */
  lineNumber = 0;
  /** Result lines read. */
  lineCount = 0;
  /** The run id of the last result line read. */
  lastRunId = '';
  private readonly block: RunBlock = emptyBlock(1024, 1 << 16);
  private docBytesUsed = 0;
  private qidBytes = new Uint8Array(64);
  private qidLength = -1; // no query yet
  /** The (start, end) pairs of a line's first five fields. */
  private readonly fields = new Int32Array(10);
  /** The current block's documents, when `watch` watches it. */
  private readonly repeats = new DocumentTable();
  private watching = false;

  /** A NUL byte started a line (`trecEval`): the run ended there. */
  ended = false;
  readonly trecEval: boolean;
  private readonly comments: boolean;
  private readonly decimalScores: boolean;
  private readonly watch: RepeatWatch | undefined;

  constructor(
    private readonly file: string,
    private readonly onBlock: (block: RunBlock) => void,
    { comments, decimalScores, watch, trecEval }: { readonly comments: boolean; readonly decimalScores: boolean; readonly watch: RepeatWatch | undefined; readonly trecEval: boolean },
  ) {
    this.comments = comments;
    this.decimalScores = decimalScores;
    this.watch = watch;
    this.trecEval = trecEval;
  }

  /**
   * Reads the lines of `bytes[start, end)`, which ends with a newline: every inner loop stops at that
   * newline (a space to isSpace), so none needs a bounds check, and every byte is looked at once.
   */
  read(bytes: Uint8Array, start: number, end: number): void {
    if (this.ended) return;
    // trec_eval reads the run as a C string: a NUL starting a line ends it, and one inside a line crashes
    // trec_eval 9.0.8 (its line count runs off the string), so it is refused at its line.
    const nul = this.trecEval ? bytes.indexOf(0, start) : -1;
    if (nul !== -1 && nul < end) {
      const lineStart = nul === start ? start : bytes.lastIndexOf(NEWLINE, nul - 1) + 1;
      const from = Math.max(lineStart, start);
      if (from > start) this.read(bytes, start, from);
      if (from < nul) throw parseError(this.file, this.lineNumber + 1, 'a NUL byte inside a line, where trec_eval 9.0.8 crashes (one starting a line ends the run)');
      this.ended = true;
      return;
    }
    let position = start;
    let lastLineRunId = -1;
    let byte = 0;
    const fields = this.fields;
    while (position < end) {
      // Leading blanks; a line of blanks only is skipped.
      while ((byte = bytes[position]!) !== NEWLINE && byte <= 32 && isSpace(byte)) position++;
      if (byte === NEWLINE || (this.comments && byte === 35)) {
        while (bytes[position] !== NEWLINE) position++;
        position++;
        this.lineNumber++;
        continue;
      }
      for (let field = 0; field < 5; field++) {
        if (field > 0) {
          while ((byte = bytes[position]!) !== NEWLINE && byte <= 32 && isSpace(byte)) position++;
          if (byte === NEWLINE) throw this.malformed(field);
        }
        fields[2 * field] = position;
        while ((byte = bytes[position]!) > 32 || !isSpace(byte)) position++;
        fields[2 * field + 1] = position;
        if (byte === NEWLINE) throw this.malformed(field + 1);
      }
      // The sixth field (run id) must be there; only the last line's is kept, so it is measured at the end.
      while ((byte = bytes[position]!) !== NEWLINE && byte <= 32 && isSpace(byte)) position++;
      if (byte === NEWLINE) throw this.malformed(5);
      lastLineRunId = position;
      // The rest of the line (more columns) is ignored.
      while (bytes[position] !== NEWLINE) position++;
      position++;
      this.lineNumber++;
      this.lineCount++;
      this.addLine(bytes, fields);
    }
    if (lastLineRunId !== -1) {
      let runIdEnd = lastLineRunId;
      while ((byte = bytes[runIdEnd]!) > 32 || !isSpace(byte)) runIdEnd++;
      this.lastRunId = latin1(bytes, lastLineRunId, runIdEnd);
    }
  }

  /** Hands the current query's block over, if it holds lines, and empties it. */
  flush(): void {
    const block = this.block;
    if (this.qidLength >= 0 && block.count > 0) this.onBlock(block);
    block.count = 0;
    block.ascii = true;
    this.docBytesUsed = 0;
  }

  /** The error for the line being read, which has only `fields` fields. */
  private malformed(fields: number): RankevalError {
    return parseError(this.file, this.lineNumber + 1, `expected 6 fields (qid Q0 docno rank score runid), got ${fields}`);
  }

  /** Adds one line, whose fields are (start, end) pairs in `fields`, to the current query's block. */
  private addLine(bytes: Uint8Array, fields: Int32Array): void {
    const block = this.block;
    if (!this.isCurrentQuery(bytes, fields[0]!, fields[1]!)) this.startQuery(bytes, fields[0]!, fields[1]!);
    const n = block.count;
    // Room grows by doubling from 1024 lines, so the limit is met when the block grows.
    if (n === block.docStart.length) {
      checkResultCount(n, block.qid, this.file, this.lineNumber);
      growLines(block);
    }
    const docStart = fields[4]!;
    const docEnd = fields[5]!;
    const used = this.docBytesUsed;
    if (used + docEnd - docStart > block.docBytes.length) growDocBytes(block, used, used + docEnd - docStart);
    const docBytes = block.docBytes;
    let hash = 0x811c9dc5;
    let out = used;
    let high = 0;
    for (let j = docStart; j < docEnd; j++) {
      const byte = bytes[j]!;
      docBytes[out++] = byte;
      high |= byte;
      hash = Math.imul(hash ^ byte, 0x01000193);
    }
    if (high >= 0x80) block.ascii = false;
    block.docStart[n] = used;
    block.docEnd[n] = out;
    block.docHash[n] = hash;
    block.score[n] = this.score(bytes, fields[8]!, fields[9]!);
    block.line[n] = this.lineNumber;
    block.count = n + 1;
    this.docBytesUsed = out;
    if (this.watching) this.checkRepeat(block, n);
  }

  /** Refuses line `n` of the block when it repeats a document of the block's earlier lines. */
  private checkRepeat(block: RunBlock, n: number): void {
    const repeats = this.repeats;
    if (!repeats.fits(n + 1)) {
      repeats.reset(2 * (n + 1), null);
      for (let k = 0; k < n; k++) repeats.add(block, k);
    }
    const earlier = repeats.add(block, n);
    if (earlier !== -1) this.watch!.repeated(block, earlier, n);
  }

  /** Whether the qid `bytes[start, end)` is the current query's. */
  private isCurrentQuery(bytes: Uint8Array, start: number, end: number): boolean {
    const length = end - start;
    if (length !== this.qidLength) return false;
    const qidBytes = this.qidBytes;
    for (let j = 0; j < length; j++) if (qidBytes[j] !== bytes[start + j]) return false;
    return true;
  }

  /** Hands the current query over and starts the one of qid `bytes[start, end)`. */
  private startQuery(bytes: Uint8Array, start: number, end: number): void {
    this.flush();
    const length = end - start;
    if (this.qidBytes.length < length) this.qidBytes = new Uint8Array(length * 2);
    this.qidBytes.set(bytes.subarray(start, end));
    this.qidLength = length;
    this.block.qid = latin1(bytes, start, end);
    this.watching = this.watch?.watches(this.block) === true;
    if (this.watching) this.repeats.reset(1024, null);
  }

  /** The score field `bytes[start, end)`: atof's reading, refused when decimal scores are required and it is not one. */
  private score(bytes: Uint8Array, start: number, end: number): number {
    if (!this.decimalScores) return atofBytes(bytes, start, end);
    // Most scores are plain decimals, read and checked in one pass; the rest are checked on their own.
    const plain = plainDecimalBytes(bytes, start, end);
    if (plain === plain) return plain;
    const score = atofBytes(bytes, start, end);
    if (!(Number.isFinite(score) && isDecimalNumber(bytes, start, end))) {
      throw parseError(this.file, this.lineNumber, `the score ${quoteJson(new TextDecoder().decode(bytes.subarray(start, end)))} is not a finite number`);
    }
    return score;
  }
}
