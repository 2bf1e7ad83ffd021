// trec_eval's reading of a run file in chunks of any size: the chunks are cut at their last newline, the
// whole lines read (trec-run-lines.ts), and an incomplete line carried to the next chunk.
import type { RunBlock } from './run-block.js';
import { NEWLINE, parseError } from './trec-fields.js';
import { RunLines, type RepeatWatch } from './trec-run-lines.js';

export interface RunReader {
  /** Feeds the next bytes of the file; `last` marks the end of the file. */
  push(chunk: Uint8Array, last: boolean): void;
  /** The run id of the file's last line (trec_eval prints it as `runid`). */
  runId(): string;
}

/** The longest line a reader takes, and what it does with a longer one (`refuse` throws). */
export interface LineLimit {
  readonly maxBytes: number;
  readonly refuse: (line: number) => never;
}

/** How a run reader reads (createRunReader). */
export interface RunReaderOptions {
  /** trec_eval 10's comments: a line whose first non-blank character is `#` is skipped. */
  readonly comments?: boolean;
  /** `atof` (default): scores as trec_eval reads them; `decimal` (rankeval eval): refused unless finite decimal numbers. */
  readonly scores?: 'atof' | 'decimal';
  /** The longest line taken, and what to do with a longer one. */
  readonly lineLimit?: LineLimit;
  /** A document listed twice refused at its second line in the blocks it watches. */
  readonly watch?: RepeatWatch | undefined;
  /**
   * A run's end as trec_eval reads it, a C string: a NUL byte starting a line ends the run (what follows is
   * not read), one anywhere else in a line is refused (trec_eval 9.0.8 crashes on it), and a run of blank
   * lines holds no query rather than being refused (an empty file is).
   */
  readonly trecEval?: boolean;
}

/**
 * Reads a run (`qid Q0 docno rank score runid` lines) in chunks of any size, in bounded memory beyond one
 * query's lines: each maximal block of lines with one qid is handed to `onBlock` when it ends. A missing
 * final newline is fine; a run without a result line is refused (with `trecEval`, only an empty one).
 */
export function createRunReader(file: string, onBlock: (block: RunBlock) => void, options: RunReaderOptions = {}): RunReader {
  const { comments = false, scores = 'atof', lineLimit, watch, trecEval = false } = options;
  return new ChunkedRunReader(file, new RunLines(file, onBlock, { comments, decimalScores: scores === 'decimal', watch, trecEval }), lineLimit);
}

class ChunkedRunReader implements RunReader {
  // An incomplete line from the previous chunks, as copies of its pieces: a line longer than many chunks
  // is joined once, when it ends, so reading it stays linear in its length.
  private carryParts: Uint8Array[] = [];
  private carryLength = 0;

  constructor(
    private readonly file: string,
    private readonly lines: RunLines,
    private readonly lineLimit: LineLimit | undefined,
  ) {}

  push(chunk: Uint8Array, last: boolean): void {
    const { lines, lineLimit } = this;
    // Past a NUL that ends the run (trecEval), nothing more is read.
    if (lines.ended) {
      if (last) lines.flush();
      return;
    }
    let from = 0;
    if (this.carryLength > 0) {
      const newline = chunk.indexOf(NEWLINE);
      if (newline === -1) {
        this.keep(chunk);
        from = chunk.length;
      } else {
        if (lineLimit !== undefined && this.carryLength + newline > lineLimit.maxBytes) lineLimit.refuse(lines.lineNumber + 1);
        this.readWithCarry(chunk, newline + 1);
        from = newline + 1;
      }
    }
    const end = chunk.lastIndexOf(NEWLINE) + 1;
    this.checkLines(chunk, from);
    if (end > from) lines.read(chunk, from, end);
    const tailStart = Math.max(from, end);
    if (tailStart < chunk.length) this.keep(chunk.subarray(tailStart));
    if (last) {
      // trec_eval adds the missing final newline.
      if (this.carryLength > 0) this.readWithCarry(Uint8Array.of(NEWLINE), 1);
      if (lines.lineCount === 0 && !(lines.trecEval && (lines.lineNumber > 0 || lines.ended))) throw parseError(this.file, Math.max(lines.lineNumber, 1), 'the run holds no result line');
      lines.flush();
    }
  }

  runId(): string {
    return this.lines.lastRunId;
  }

  /** Carries `bytes`, the start of a line not ended yet. */
  private keep(bytes: Uint8Array): void {
    if (this.lines.ended) return;
    // A copy: the caller may reuse the chunk's buffer for the next read.
    this.carryParts.push(bytes.slice());
    this.carryLength += bytes.length;
    const lineLimit = this.lineLimit;
    if (lineLimit !== undefined && this.carryLength > lineLimit.maxBytes) lineLimit.refuse(this.lines.lineNumber + 1);
  }

  /** With a line limit, a chunk longer than it may hold a line past it: each of its lines is measured. */
  private checkLines(chunk: Uint8Array, from: number): void {
    const lineLimit = this.lineLimit;
    if (lineLimit === undefined || chunk.length - from <= lineLimit.maxBytes || this.lines.ended) return;
    let lines = this.lines.lineNumber;
    for (let start = from, newline = chunk.indexOf(NEWLINE, from); newline !== -1; start = newline + 1, newline = chunk.indexOf(NEWLINE, start)) {
      if (newline - start > lineLimit.maxBytes) lineLimit.refuse(lines + 1);
      lines++;
    }
  }

  /** Reads the carried line and then `bytes` up to its end, as one stretch ending with a newline. */
  private readWithCarry(bytes: Uint8Array, end: number): void {
    const joined = new Uint8Array(this.carryLength + end);
    let offset = 0;
    for (const part of this.carryParts) {
      joined.set(part, offset);
      offset += part.length;
    }
    joined.set(bytes.subarray(0, end), offset);
    this.carryParts = [];
    this.carryLength = 0;
    this.lines.read(joined, 0, joined.length);
  }
}
