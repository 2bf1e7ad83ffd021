// Readers of TREC qrels and run files, working on bytes as trec_eval 9.x reads them. They take byte chunks
// (no Node import), so the same code reads a file, a stream or an in-memory buffer.
//
// What trec_eval accepts, and so what these accept: fields separated by any run of spaces, tabs, CR, VT or
// FF; a run line needs six fields (qid iter docno rank score runid; more are ignored), a qrels line exactly
// four (qid iter docno rel); blank lines are skipped in runs and refused in qrels; a missing final newline
// is fine. Scores are read as C's atof reads them (the longest numeric prefix), grades as atol.
import { atofBytes, atolBytes, isSpace } from '../core/c-numbers.js';
import { parseError as locatedError, type RankevalError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { latin1 } from '../core/latin1.js';

const NEWLINE = 10;

/** 32-bit FNV-1a of a byte range. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash;
}

export const parseError = (file: string, line: number, message: string): RankevalError =>
  locatedError(file, line, message, 'a well-formed TREC file');

// ---------------------------------------------------------------------------------------------- qrels

/** The judgments of one query: document ids as byte ranges into the qrels file, with their grades. */
export interface QrelsQuery {
  readonly qid: string;
  readonly docStart: number[];
  readonly docEnd: number[];
  readonly docHash: number[];
  readonly grade: number[];
  readonly line: number[];
}

export interface Qrels {
  readonly bytes: Uint8Array;
  readonly file: string;
  /** Query id → judgments, for every query in the file. */
  readonly queries: Map<string, QrelsQuery>;
}

/**
 * Reads a whole qrels file (`qid iter docno rel` lines). With `comments` (trec_eval 10), a line starting
 * with `#` is skipped — one at a time, as trec_eval 10 skips them: the line after a comment is data.
 */
export function parseQrels(bytes: Uint8Array, file: string, comments = false): Qrels {
  const queries = new Map<string, QrelsQuery>();
  if (bytes.length === 0) throw parseError(file, 1, 'the qrels file is empty');
  let position = 0;
  let line = 0;
  const length = bytes.length;
  const at = (i: number): number => (i < length ? bytes[i]! : NEWLINE);
  while (position < length) {
    line++;
    if (comments && bytes[position] === 35) {
      const end = bytes.indexOf(NEWLINE, position);
      position = end === -1 ? length : end + 1;
      line++;
      if (position >= length) break;
    }
    const fields: number[] = []; // start, end pairs
    let i = position;
    for (let field = 0; field < 4; field++) {
      while (at(i) !== NEWLINE && isSpace(at(i))) i++;
      const start = i;
      while (!isSpace(at(i))) i++;
      // The grade may end the line; the fields before it may not.
      if (start === i || (field < 3 && at(i) === NEWLINE)) {
        throw parseError(file, line, `expected 4 fields (qid iter docno rel), got ${field + (start === i ? 0 : 1)}`);
      }
      fields.push(start, i);
    }
    while (at(i) !== NEWLINE && isSpace(at(i))) i++;
    if (at(i) !== NEWLINE) throw parseError(file, line, 'expected 4 fields (qid iter docno rel), got more');
    position = i + 1;
    const qid = latin1(bytes, fields[0]!, fields[1]!);
    let query = queries.get(qid);
    if (query === undefined) {
      query = { qid, docStart: [], docEnd: [], docHash: [], grade: [], line: [] };
      queries.set(qid, query);
    }
    query.docStart.push(fields[4]!);
    query.docEnd.push(fields[5]!);
    query.docHash.push(hashBytes(bytes, fields[4]!, fields[5]!));
    query.grade.push(atolBytes(bytes, fields[6]!, fields[7]!));
    query.line.push(line);
  }
  return { bytes, file, queries };
}

/**
 * Whether a field is a decimal number, the whole field (`[+-]digits[.digits][e[+-]digits]`): what the
 * golden-set and run readers of `rankeval eval` take, where atof would read `0x10` as 16 and `abc` as 0.
 */
export function isDecimalNumber(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start;
  if (bytes[i] === 45 || bytes[i] === 43) i++;
  const isDigit = (at: number): boolean => at < end && bytes[at]! >= 48 && bytes[at]! <= 57;
  let digits = 0;
  for (; isDigit(i); i++) digits++;
  if (i < end && bytes[i] === 46) for (i++; isDigit(i); i++) digits++;
  if (digits === 0) return false;
  if (i < end && (bytes[i] === 101 || bytes[i] === 69)) {
    i++;
    if (i < end && (bytes[i] === 45 || bytes[i] === 43)) i++;
    if (!isDigit(i)) return false;
    while (isDigit(i)) i++;
  }
  return i === end;
}

// ----------------------------------------------------------------------------------------------- run

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

export interface RunReader {
  /** Feeds the next bytes of the file; `last` marks the end of the file. */
  push(chunk: Uint8Array, last: boolean): void;
  /** The run id of the file's last line (trec_eval prints it as `runid`). */
  runId(): string;
}

/**
 * Reads a run (`qid Q0 docno rank score runid` lines) in chunks of any size, in bounded memory beyond one
 * query's lines: each maximal block of lines with one qid is handed to `onBlock` when it ends. With
 * `comments` (trec_eval 10), a line whose first non-blank character is `#` is skipped. Scores are read as
 * trec_eval reads them (`atof`), or with `scores` `decimal` (`rankeval eval`) refused unless they are finite
 * decimal numbers.
 */
export function createRunReader(
  file: string,
  onBlock: (block: RunBlock) => void,
  comments = false,
  scores: 'atof' | 'decimal' = 'atof',
  lineLimit?: { readonly maxBytes: number; readonly refuse: (line: number) => never },
): RunReader {
  const decimalScores = scores === 'decimal';
  const block: RunBlock = {
    qid: '',
    count: 0,
    ascii: true,
    docBytes: new Uint8Array(1 << 16),
    docStart: new Int32Array(1024),
    docEnd: new Int32Array(1024),
    docHash: new Int32Array(1024),
    score: new Float64Array(1024),
    line: new Int32Array(1024),
  };
  let qidBytes = new Uint8Array(64);
  let qidLength = -1; // no query yet
  let docBytesUsed = 0;
  // An incomplete line from the previous chunks, as copies of its pieces: a line longer than many chunks
  // is joined once, when it ends, so reading it stays linear in its length.
  let carryParts: Uint8Array[] = [];
  let carryLength = 0;
  let lineNumber = 0; // lines read
  let lineCount = 0; // result lines read
  let lastRunId = '';
  const fieldBounds = new Int32Array(10);

  const grow = (): void => {
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
  };

  const flush = (): void => {
    if (qidLength >= 0 && block.count > 0) onBlock(block);
    block.count = 0;
    block.ascii = true;
    docBytesUsed = 0;
  };

  /**
   * Reads the lines of `bytes[start, end)`, which ends with a newline: every inner loop stops at that
   * newline (a space to isSpace), so none needs a bounds check, and every byte is looked at once.
   */
  const readLines = (bytes: Uint8Array, start: number, end: number): void => {
    let position = start;
    let lastLineRunId = -1;
    let byte = 0;
    const fields = fieldBounds;
    while (position < end) {
      // Leading blanks; a line of blanks only is skipped.
      while ((byte = bytes[position]!) !== NEWLINE && byte <= 32 && isSpace(byte)) position++;
      if (byte === NEWLINE || (comments && byte === 35)) {
        while (bytes[position] !== NEWLINE) position++;
        position++;
        lineNumber++;
        continue;
      }
      for (let field = 0; field < 5; field++) {
        if (field > 0) {
          while ((byte = bytes[position]!) !== NEWLINE && byte <= 32 && isSpace(byte)) position++;
          if (byte === NEWLINE) throw malformed(lineNumber + 1, field);
        }
        fields[2 * field] = position;
        while ((byte = bytes[position]!) > 32 || !isSpace(byte)) position++;
        fields[2 * field + 1] = position;
        if (byte === NEWLINE) throw malformed(lineNumber + 1, field + 1);
      }
      // The sixth field (run id) must be there; only the last line's is kept, so it is measured at the end.
      while ((byte = bytes[position]!) !== NEWLINE && byte <= 32 && isSpace(byte)) position++;
      if (byte === NEWLINE) throw malformed(lineNumber + 1, 5);
      lastLineRunId = position;
      // The rest of the line (more columns) is ignored.
      while (bytes[position] !== NEWLINE) position++;
      position++;
      lineNumber++;
      lineCount++;
      addLine(bytes, fields);
    }
    if (lastLineRunId !== -1) {
      let runIdEnd = lastLineRunId;
      while ((byte = bytes[runIdEnd]!) > 32 || !isSpace(byte)) runIdEnd++;
      lastRunId = latin1(bytes, lastLineRunId, runIdEnd);
    }
  };

  const malformed = (line: number, fields: number): RankevalError =>
    parseError(file, line, `expected 6 fields (qid Q0 docno rank score runid), got ${fields}`);

  /** Adds one line, whose fields are (start, end) pairs in `fields`, to the current query's block. */
  const addLine = (bytes: Uint8Array, fields: Int32Array): void => {
    const qidStart = fields[0]!;
    const qidEnd = fields[1]!;
    // A new query starts when the qid differs from the current one.
    const qidBytesLength = qidEnd - qidStart;
    let sameQuery = qidBytesLength === qidLength;
    for (let j = 0; sameQuery && j < qidBytesLength; j++) sameQuery = qidBytes[j] === bytes[qidStart + j];
    if (!sameQuery) {
      flush();
      if (qidBytes.length < qidBytesLength) qidBytes = new Uint8Array(qidBytesLength * 2);
      qidBytes.set(bytes.subarray(qidStart, qidEnd));
      qidLength = qidBytesLength;
      block.qid = latin1(bytes, qidStart, qidEnd);
    }
    const n = block.count;
    if (n === block.docStart.length) grow();
    const docStart = fields[4]!;
    const docEnd = fields[5]!;
    if (docBytesUsed + docEnd - docStart > block.docBytes.length) {
      const bigger = new Uint8Array(Math.max(block.docBytes.length * 2, docBytesUsed + docEnd - docStart));
      bigger.set(block.docBytes.subarray(0, docBytesUsed));
      block.docBytes = bigger;
    }
    const docBytes = block.docBytes;
    let hash = 0x811c9dc5;
    let out = docBytesUsed;
    let high = 0;
    for (let j = docStart; j < docEnd; j++) {
      const byte = bytes[j]!;
      docBytes[out++] = byte;
      high |= byte;
      hash = Math.imul(hash ^ byte, 0x01000193);
    }
    if (high >= 0x80) block.ascii = false;
    block.docStart[n] = docBytesUsed;
    block.docEnd[n] = out;
    block.docHash[n] = hash;
    const score = atofBytes(bytes, fields[8]!, fields[9]!);
    if (decimalScores && !(Number.isFinite(score) && isDecimalNumber(bytes, fields[8]!, fields[9]!))) {
      throw parseError(file, lineNumber, `the score ${quoteJson(new TextDecoder().decode(bytes.subarray(fields[8]!, fields[9]!)))} is not a finite number`);
    }
    block.score[n] = score;
    block.line[n] = lineNumber;
    block.count = n + 1;
    docBytesUsed = out;
  };

  const keep = (bytes: Uint8Array): void => {
    // A copy: the caller may reuse the chunk's buffer for the next read.
    carryParts.push(bytes.slice());
    carryLength += bytes.length;
    if (lineLimit !== undefined && carryLength > lineLimit.maxBytes) lineLimit.refuse(lineNumber + 1);
  };

  /** With a line limit, a chunk longer than it may hold a line past it: each of its lines is measured. */
  const checkLines = (chunk: Uint8Array, from: number): void => {
    if (lineLimit === undefined || chunk.length - from <= lineLimit.maxBytes) return;
    let lines = lineNumber;
    for (let start = from, newline = chunk.indexOf(NEWLINE, from); newline !== -1; start = newline + 1, newline = chunk.indexOf(NEWLINE, start)) {
      if (newline - start > lineLimit.maxBytes) lineLimit.refuse(lines + 1);
      lines++;
    }
  };

  /** Reads the carried line and then `bytes` up to its end, as one stretch ending with a newline. */
  const readWithCarry = (bytes: Uint8Array, end: number): void => {
    const joined = new Uint8Array(carryLength + end);
    let offset = 0;
    for (const part of carryParts) {
      joined.set(part, offset);
      offset += part.length;
    }
    joined.set(bytes.subarray(0, end), offset);
    carryParts = [];
    carryLength = 0;
    readLines(joined, 0, joined.length);
  };

  return {
    push(chunk, last) {
      let from = 0;
      if (carryLength > 0) {
        const newline = chunk.indexOf(NEWLINE);
        if (newline === -1) {
          keep(chunk);
          from = chunk.length;
        } else {
          if (lineLimit !== undefined && carryLength + newline > lineLimit.maxBytes) lineLimit.refuse(lineNumber + 1);
          readWithCarry(chunk, newline + 1);
          from = newline + 1;
        }
      }
      const end = chunk.lastIndexOf(NEWLINE) + 1;
      checkLines(chunk, from);
      if (end > from) readLines(chunk, from, end);
      const tailStart = Math.max(from, end);
      if (tailStart < chunk.length) keep(chunk.subarray(tailStart));
      if (last) {
        // trec_eval adds the missing final newline.
        if (carryLength > 0) readWithCarry(Uint8Array.of(NEWLINE), 1);
        if (lineCount === 0) throw parseError(file, Math.max(lineNumber, 1), 'the run holds no result line');
        flush();
      }
    },
    runId: () => lastRunId,
  };
}

/** A run's lines for one query, kept (a block is reused by the reader, so collecting needs copies). */
export function appendBlock(kept: RunBlock | undefined, block: RunBlock): RunBlock {
  const count = (kept?.count ?? 0) + block.count;
  const used = kept ? kept.docEnd[kept.count - 1]! : 0;
  const blockBytes = block.docEnd[block.count - 1]!;
  const merged: RunBlock = {
    qid: block.qid,
    count,
    ascii: (kept?.ascii ?? true) && block.ascii,
    docBytes: new Uint8Array(used + blockBytes),
    docStart: new Int32Array(count),
    docEnd: new Int32Array(count),
    docHash: new Int32Array(count),
    score: new Float64Array(count),
    line: new Int32Array(count),
  };
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
