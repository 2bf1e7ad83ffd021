// The lines of a TREC run (`qid Q0 docno rank score runid`) read into blocks of one query each, as
// trec_eval 9.x reads them, from a stretch of bytes that ends with a newline. Chunking a file into such
// stretches is trec-run-reader.ts's part.
import { atofBytes, isSpace, plainDecimalBytes } from '../core/c-numbers.js';
import type { RankevalError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { latin1 } from '../core/latin1.js';
import { emptyBlock, growDocBytes, growLines, type RunBlock } from './run-block.js';
import { isDecimalNumber, NEWLINE, parseError } from './trec-fields.js';

/**
 * Reads run lines into one reused block per query: fields separated by any run of spaces, tabs, CR, VT or
 * FF, six of them at least (more are ignored); a blank line is skipped, and with `comments` (trec_eval 10)
 * a line whose first non-blank character is `#`. Each maximal block of lines with one qid is handed to
 * `onBlock` when the next qid starts (or at `flush`). Scores are read as atof reads them or, with
 * `decimalScores`, refused unless they are finite decimal numbers.
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

  constructor(
    private readonly file: string,
    private readonly onBlock: (block: RunBlock) => void,
    private readonly comments: boolean,
    private readonly decimalScores: boolean,
  ) {}

  /**
   * Reads the lines of `bytes[start, end)`, which ends with a newline: every inner loop stops at that
   * newline (a space to isSpace), so none needs a bounds check, and every byte is looked at once.
   */
  read(bytes: Uint8Array, start: number, end: number): void {
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
    if (n === block.docStart.length) growLines(block);
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
