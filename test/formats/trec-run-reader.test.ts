import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fc, test as propTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { parseFailure } from '../helpers/trec-bytes.js';
import type { RunBlock } from '../../src/formats/run-block.js';
import { createRunReader } from '../../src/formats/trec-run-reader.js';
import { latin1 } from '../../src/core/latin1.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

interface Line {
  qid: string;
  doc: string;
  score: number;
  line: number;
}

/** Reads a run fed in chunks of the given sizes (cycled), returning its lines as plain data. */
function readRun(text: string | Uint8Array, chunkSizes: readonly number[] = [1 << 20], trecEval = false): { lines: Line[]; blocks: string[]; runId: string } {
  const data = typeof text === 'string' ? bytes(text) : text;
  const lines: Line[] = [];
  const blocks: string[] = [];
  const reader = createRunReader('run.txt', (block: RunBlock) => {
    blocks.push(block.qid);
    for (let i = 0; i < block.count; i++) {
      lines.push({ qid: block.qid, doc: latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!), score: block.score[i]!, line: block.line[i]! });
    }
  }, { trecEval });
  let position = 0;
  for (let i = 0; position < data.length; i++) {
    const size = chunkSizes[i % chunkSizes.length]!;
    reader.push(data.subarray(position, position + size), false);
    position += size;
  }
  reader.push(new Uint8Array(0), true);
  return { lines, blocks, runId: reader.runId() };
}

describe('run reader', () => {
  test('reads fields separated by any whitespace, CRLF, extra columns and blank lines', () => {
    const run = 'q1 Q0 d1 1 2.5 runA\r\nq1\tQ0\td2\t2\t-1e-3\trunA extra columns\n\n   \t\nq2 Q0 d1 1 7 runB';
    expect(readRun(run)).toEqual({
      lines: [
        { qid: 'q1', doc: 'd1', score: 2.5, line: 1 },
        { qid: 'q1', doc: 'd2', score: -1e-3, line: 2 },
        { qid: 'q2', doc: 'd1', score: 7, line: 5 },
      ],
      blocks: ['q1', 'q2'],
      runId: 'runB',
    });
  });

  test('keeps UTF-8 ids byte for byte', () => {
    const { lines } = readRun('q Q0 dé€𝄞 1 1 r\n');
    expect(new Uint8Array(Buffer.from(lines[0]!.doc, 'latin1'))).toEqual(bytes('dé€𝄞'));
  });

  test('hands each contiguous block of a query over when it ends', () => {
    expect(readRun('a Q0 x 1 1 r\na Q0 y 2 1 r\nb Q0 x 1 1 r\na Q0 z 3 1 r\n').blocks).toEqual(['a', 'b', 'a']);
  });

  const sample = readFileSync(join(import.meta.dirname, '../fixtures/trec-oracle/cases/011/run'));
  propTest.prop([fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 8 })], { numRuns: 40 })(
    'gives the same lines whatever the chunk boundaries',
    (chunkSizes) => {
      expect(readRun(sample, chunkSizes)).toEqual(readRun(sample));
    },
  );

  test.each([
    ['q1 Q0 d1 1 2.5\n', 'run.txt:1: expected 6 fields (qid Q0 docno rank score runid), got 5'],
    ['q1 Q0 d1 1 2.5 r\n\nq1 Q0 d2\n', 'run.txt:3: expected 6 fields (qid Q0 docno rank score runid), got 3'],
    ['q1\n', 'run.txt:1: expected 6 fields (qid Q0 docno rank score runid), got 1'],
    ['q1 Q0 d1 1 2.5 \r\n', 'run.txt:1: expected 6 fields (qid Q0 docno rank score runid), got 5'],
    ['', 'run.txt:1: the run holds no result line'],
    ['\n  \n', 'run.txt:2: the run holds no result line'],
  ])('refuses %j with the file and line', (run, message) => {
    expect(parseFailure(() => readRun(run))).toBe(message);
  });

  // A line carried over many chunks is joined once, when it ends: joined at every chunk instead (as it was),
  // this 32 MiB line in 8 KiB chunks copies about 64 GB and runs past the timeout.
  test('reads a line that spans thousands of chunks in time linear in its length', () => {
    const docno = 32 << 20;
    const line = new Uint8Array(docno + 16).fill(100); // 'd'
    line.set(bytes('q1 Q0 '), 0);
    line.set(bytes(' 1 2.5 r\n'), 6 + docno);
    const { lines } = readRun(line.subarray(0, 6 + docno + 9), [8 << 10]);
    expect(lines.map(({ qid, doc, score }) => ({ qid, length: doc.length, score }))).toEqual([{ qid: 'q1', length: docno, score: 2.5 }]);
  }, 30_000);
});

describe('run reader line limit', () => {
  // A limit of 20 bytes: line 2 is 40 bytes long, its 21st byte the file's 36th (line 1 is 15 bytes with its newline).
  const run = `q1 Q0 d1 1 1 r\nq1 Q0 ${'x'.repeat(27)} 1 1 r\nq1 Q0 d3 3 1 r\n`;
  const refusedAt = (size: number): { line: number; bytes: number } => {
    const data = bytes(run);
    let refused = -1;
    const reader = createRunReader('run.txt', () => {}, {
      lineLimit: {
        maxBytes: 20,
        refuse: (line) => {
          refused = line;
          throw new Error('refused');
        },
      },
    });
    for (let i = 0; i < data.length; i += size) {
      try {
        reader.push(data.subarray(i, i + size), false);
      } catch {
        return { line: refused, bytes: Math.min(i + size, data.length) };
      }
    }
    return { line: refused, bytes: -1 };
  };

  test('refuses a line past the limit at its line, in the chunk that brings its first byte too many', () => {
    for (const size of [1, 2, 3, 5, 7, 15, 16, 20, 21, 35, 36, 37]) {
      expect({ size, ...refusedAt(size) }).toEqual({ size, line: 2, bytes: Math.min(Math.ceil(36 / size) * size, run.length) });
    }
  });

  test('refuses it when a chunk longer than the limit holds it whole', () => {
    expect(refusedAt(1000)).toEqual({ line: 2, bytes: run.length });
  });

  test('takes lines of up to the limit, however they are cut', () => {
    const short = 'q1 Q0 d1 1 1 r\nq1 Q0 dddddddd 2 1 r\n'; // line 2: 20 bytes
    for (const size of [1, 3, 16, 100]) {
      const reader = createRunReader('run.txt', () => {}, { lineLimit: { maxBytes: 20, refuse: () => { throw new Error('refused'); } } });
      const data = bytes(short);
      for (let i = 0; i < data.length; i += size) reader.push(data.subarray(i, i + size), false);
      expect(() => reader.push(new Uint8Array(0), true)).not.toThrow();
    }
  });
});

describe('run reader repeat watch', () => {
  /** Feeds `text` without ending the file, returning where a watched repeat was refused (file-order indexes and lines), or undefined. */
  function refused(text: string, watches: (qid: string) => boolean = () => true): { qid: string; earlier: number; later: number; lines: number[] } | undefined {
    let found: { qid: string; earlier: number; later: number; lines: number[] } | undefined;
    const reader = createRunReader('run.txt', () => {}, {
      watch: {
        watches: (block) => watches(block.qid),
        repeated(block, earlier, later) {
          found = { qid: block.qid, earlier, later, lines: [block.line[earlier]!, block.line[later]!] };
          throw new Error('repeated');
        },
      },
    });
    try {
      reader.push(bytes(text), false);
    } catch {
      return found;
    }
    return undefined;
  }

  test('refuses a repeat at its second line, before the query ends (a run repeating one line)', () => {
    expect(refused('q1 Q0 d1 1 1 r\nq1 Q0 d1 1 1 r\n')).toEqual({ qid: 'q1', earlier: 0, later: 1, lines: [1, 2] });
  });

  test('finds a repeat however many documents came between (the table grows past 1024 lines)', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `q1 Q0 d${i} 1 1 r\n`).join('');
    expect(refused(`${lines}\nq1 Q0 d7 1 1 r\n`)).toEqual({ qid: 'q1', earlier: 7, later: 3000, lines: [8, 3002] });
  });

  test('a document of another query, or of a query it does not watch, is no repeat', () => {
    expect(refused('q1 Q0 d1 1 1 r\nq2 Q0 d1 1 1 r\n')).toBeUndefined();
    expect(refused('q9 Q0 d1 1 1 r\nq9 Q0 d1 1 1 r\n', (qid) => qid !== 'q9')).toBeUndefined();
    expect(refused('q9 Q0 d1 1 1 r\nq9 Q0 d1 1 1 r\nq1 Q0 d2 1 1 r\nq1 Q0 d2 1 1 r\n', (qid) => qid !== 'q9')).toEqual({ qid: 'q1', earlier: 0, later: 1, lines: [3, 4] });
  });
});

// trec_eval 9.0.8's get_trec_results reads the run as a C string: its line count stops at a NUL starting a
// line (the run ends there: later lines are not read, malformed or not), and runs off the string at a NUL
// inside a line (a crash, exit 139; 10.0 overruns its line table). Checked against trec_eval 9.0.8 and 10.0.
describe('run reader, as trec_eval reads a run (trecEval)', () => {
  test('a NUL starting a line ends the run, in any chunks', () => {
    const run = 'q1 Q0 d1 1 2 r\nq1 Q0 d2 2 1 s\n\0q1 Q0 d3 3 1 x\nmalformed\n';
    for (const sizes of [[1 << 20], [1], [3, 7], [15], [16], [17]]) {
      const { lines, runId } = readRun(run, sizes, true);
      expect({ sizes, docs: lines.map((line) => line.doc), runId }).toEqual({ sizes, docs: ['d1', 'd2'], runId: 's' });
    }
  });

  test.each([
    ['q1 Q0 d1 1 2 ru\0n\n', 1],
    ['q1 Q0 d1 1 2 r\nq1\0x Q0 d2 2 1 r\n', 2],
    ['q1 Q0 d1 1 2 r\n  \0\n', 2],
  ])('a NUL inside a line (%j) is refused at its line', (run, line) => {
    for (const sizes of [[1 << 20], [1], [5]]) {
      expect(parseFailure(() => readRun(run, sizes, true))).toBe(`run.txt:${line}: a NUL byte inside a line, where trec_eval 9.0.8 crashes (one starting a line ends the run)`);
    }
  });

  test('a run of blank lines, or one ended by a NUL at once, holds no query; only an empty file is refused', () => {
    for (const run of ['\n  \n', ' ', '\n', '\0q1 Q0 d1 1 2 r\n']) expect(readRun(run, [1 << 20], true)).toEqual({ lines: [], blocks: [], runId: '' });
    expect(parseFailure(() => readRun('', [1 << 20], true))).toBe('run.txt:1: the run holds no result line');
  });

  test('without trecEval, a NUL is a byte of its field', () => {
    expect(readRun('q1 Q0 d\0 1 2 r\n').lines.map((line) => line.doc)).toEqual(['d\0']);
  });
});
