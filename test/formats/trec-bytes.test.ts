import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fc, test as propTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { isRankevalError } from '../../src/index.js';
import { appendBlock, createRunReader, isDecimalNumber, parseQrels, type RunBlock } from '../../src/formats/trec-bytes.js';
import { atofBytes, atolBytes } from '../../src/core/c-numbers.js';
import { latin1 } from '../../src/core/latin1.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

interface Line {
  qid: string;
  doc: string;
  score: number;
  line: number;
}

/** Reads a run fed in chunks of the given sizes (cycled), returning its lines as plain data. */
function readRun(text: string | Uint8Array, chunkSizes: readonly number[] = [1 << 20]): { lines: Line[]; blocks: string[]; runId: string } {
  const data = typeof text === 'string' ? bytes(text) : text;
  const lines: Line[] = [];
  const blocks: string[] = [];
  const reader = createRunReader('run.txt', (block: RunBlock) => {
    blocks.push(block.qid);
    for (let i = 0; i < block.count; i++) {
      lines.push({ qid: block.qid, doc: latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!), score: block.score[i]!, line: block.line[i]! });
    }
  });
  let position = 0;
  for (let i = 0; position < data.length; i++) {
    const size = chunkSizes[i % chunkSizes.length]!;
    reader.push(data.subarray(position, position + size), false);
    position += size;
  }
  reader.push(new Uint8Array(0), true);
  return { lines, blocks, runId: reader.runId() };
}

function parseFailure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isRankevalError(error) && error.code === 'parse_error') return error.message;
    throw error;
  }
  throw new Error('expected a parse error');
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

  test('a kept block can be extended by a later block of the same query', () => {
    const seen: RunBlock[] = [];
    let kept: RunBlock | undefined;
    const reader = createRunReader('run', (block) => {
      if (block.qid === 'a') kept = appendBlock(kept, block);
      seen.push(block);
    });
    reader.push(bytes('a Q0 x 1 3 r\nb Q0 y 1 1 r\na Q0 zz 2 2 r\n'), true);
    expect(kept!.count).toBe(2);
    expect([0, 1].map((i) => latin1(kept!.docBytes, kept!.docStart[i]!, kept!.docEnd[i]!))).toEqual(['x', 'zz']);
    expect([...kept!.score]).toEqual([3, 2]);
    expect([...kept!.line]).toEqual([1, 3]);
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
    const reader = createRunReader('run.txt', () => {}, false, 'atof', {
      maxBytes: 20,
      refuse: (line) => {
        refused = line;
        throw new Error('refused');
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
      const reader = createRunReader('run.txt', () => {}, false, 'atof', { maxBytes: 20, refuse: () => { throw new Error('refused'); } });
      const data = bytes(short);
      for (let i = 0; i < data.length; i += size) reader.push(data.subarray(i, i + size), false);
      expect(() => reader.push(new Uint8Array(0), true)).not.toThrow();
    }
  });
});

describe('qrels reader', () => {
  test('reads qid iter docno grade, with trailing whitespace and no final newline', () => {
    const qrels = parseQrels(bytes('q1 0 d1 2\nq1\tQ0\td2\t0 \r\nq2 0 d1 -1'), 'qrels.txt');
    expect([...qrels.queries.keys()]).toEqual(['q1', 'q2']);
    expect(qrels.queries.get('q1')!.grade).toEqual([2, 0]);
    expect(qrels.queries.get('q2')!.grade).toEqual([-1]);
    expect(qrels.queries.get('q1')!.line).toEqual([1, 2]);
  });

  test.each([
    ['q1 0 d1\n', 'qrels.txt:1: expected 4 fields (qid iter docno rel), got 3'],
    ['q1 0 d1 1 extra\n', 'qrels.txt:1: expected 4 fields (qid iter docno rel), got more'],
    ['q1 0 d1 1\n\nq2 0 d 1\n', 'qrels.txt:2: expected 4 fields (qid iter docno rel), got 0'],
    ['', 'qrels.txt:1: the qrels file is empty'],
  ])('refuses %j with the file and line', (qrels, message) => {
    expect(parseFailure(() => parseQrels(bytes(qrels), 'qrels.txt'))).toBe(message);
  });
});

describe('numbers as C reads them', () => {
  const score = (text: string): number => atofBytes(bytes(text), 0, bytes(text).length);
  test.each([
    ['15.5824', 15.5824],
    ['-3', -3],
    ['+4', 4],
    ['.5', 0.5],
    ['5.', 5],
    ['1e-07', 1e-7],
    ['1.0000000199999999e-07', 1.0000000199999999e-7],
    ['0.300000000002', 0.300000000002],
    ['0.30000000000000004', 0.30000000000000004],
    ['3.141592653589793238462643', 3.141592653589793],
    ['12345678901234567890', 12345678901234567000],
    ['2abc', 2],
    ['7e', 7],
    ['1.5e+', 1.5],
    ['1e400', Infinity],
    ['-1e400', -Infinity],
    ['inf', Infinity],
    ['-Infinity', -Infinity],
    ['0x1p1', 2],
    ['0x1.8p1', 3],
    ['abc', 0],
    ['-', 0],
  ])('atof(%j) = %d', (text, value) => {
    expect(score(text)).toBe(value);
  });

  // Number() rounds correctly, as strtod does: the fast path and the slow one must both agree with it.
  propTest.prop([fc.stringMatching(/^[+-]?\d{0,20}(\.\d{0,20})?([eE][+-]?\d{1,3})?$/).filter((text) => /\d/.test(text.split(/[eE]/)[0]!))])(
    'a decimal number reads as the double nearest its value',
    (text) => {
      expect(score(text)).toBe(Number(text));
    },
  );

  test('atof of nan is NaN and of -0 is -0', () => {
    expect(score('nan')).toBeNaN();
    expect(Object.is(score('-0'), -0)).toBe(true);
  });

  // The decimal numbers of a CSV score (src/formats/columns.ts), which `rankeval eval` takes in TREC runs.
  const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
  test.each(['1', '-2.5', '+.5', '5.', '1e-07', '1E+3', '0.30000000000000004'])('%j is a decimal number', (text) => {
    expect(isDecimalNumber(bytes(text), 0, text.length)).toBe(true);
  });
  test.each(['0x10', 'abc', '2abc', '7e', '1.5e+', '.', '-', '+', '', 'inf', 'nan', '1e3.5', '--1', '1..2'])('%j is not a decimal number', (text) => {
    expect(isDecimalNumber(bytes(text), 0, text.length)).toBe(false);
  });
  propTest.prop([fc.stringMatching(/^[-+.eE0-9x]{0,8}$/)])('isDecimalNumber agrees with the CSV readers’ pattern', (text) => {
    expect(isDecimalNumber(bytes(text), 0, text.length)).toBe(DECIMAL.test(text));
  });
  propTest.prop([fc.double({ noNaN: true, noDefaultInfinity: true })])('every finite double as JavaScript writes it is a decimal number', (value) => {
    const text = String(value);
    expect(isDecimalNumber(bytes(text), 0, text.length)).toBe(true);
  });

  test.each([
    ['3', 3],
    ['+2', 2],
    ['-2', -2],
    ['1.7', 1],
    ['x', 0],
    ['12abc', 12],
  ])('atol(%j) = %d', (text, value) => {
    expect(atolBytes(bytes(text), 0, text.length)).toBe(value);
  });
});
