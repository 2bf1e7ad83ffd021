// Run lines read into one block per query, from stretches that end with a newline (trec-run-lines.ts).
import { describe, expect, test } from 'vitest';
import type { RunBlock } from '../../src/formats/run-block.js';
import { RunLines } from '../../src/formats/trec-run-lines.js';
import { latin1 } from '../../src/core/latin1.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The blocks handed over (copied as plain data), reading `stretches` in turn and then flushing. */
function readBlocks(stretches: readonly string[], comments = false, decimal = false): { blocks: object[]; lines: RunLines } {
  const blocks: object[] = [];
  const lines = new RunLines('run.txt', (block: RunBlock) => {
    const docs = Array.from({ length: block.count }, (_, i) => latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!));
    blocks.push({ qid: block.qid, docs, score: [...block.score.subarray(0, block.count)], line: [...block.line.subarray(0, block.count)], ascii: block.ascii });
  }, { comments, decimalScores: decimal, watch: undefined, trecEval: false });
  for (const stretch of stretches) lines.read(bytes(stretch), 0, bytes(stretch).length);
  lines.flush();
  return { blocks, lines };
}

describe('RunLines', () => {
  test('hands a query over when the next qid starts, and the last one at flush', () => {
    const { blocks, lines } = readBlocks(['q1 Q0 a 1 3 r\nq1 Q0 b 2 2 r\n', 'q2 Q0 é 1 1.5 last\n']);
    expect(blocks).toEqual([
      { qid: 'q1', docs: ['a', 'b'], score: [3, 2], line: [1, 2], ascii: true },
      { qid: 'q2', docs: ['\u00c3\u00a9'], score: [1.5], line: [3], ascii: false },
    ]);
    expect([lines.lineNumber, lines.lineCount, lines.lastRunId]).toEqual([3, 3, 'last']);
  });

  test('a query whose qid is a prefix of the current one is another query', () => {
    expect(readBlocks(['q10 Q0 a 1 1 r\nq1 Q0 b 1 1 r\n']).blocks.map((block) => (block as { qid: string }).qid)).toEqual(['q10', 'q1']);
  });

  test('counts blank and comment lines, and reads # as a qid without comments', () => {
    const withComments = readBlocks(['\n# a comment\nq Q0 a 1 1 r\n'], true);
    expect(withComments.blocks).toEqual([{ qid: 'q', docs: ['a'], score: [1], line: [3], ascii: true }]);
    expect([withComments.lines.lineNumber, withComments.lines.lineCount]).toEqual([3, 1]);
    expect(readBlocks(['# Q0 a 1 1 r\n']).blocks).toEqual([{ qid: '#', docs: ['a'], score: [1], line: [1], ascii: true }]);
  });

  test('reads scores as atof does, or refuses a score that is not a decimal number', () => {
    expect(readBlocks(['q Q0 a 1 2abc r\n']).blocks).toEqual([{ qid: 'q', docs: ['a'], score: [2], line: [1], ascii: true }]);
    expect(() => readBlocks(['q Q0 a 1 1 r\nq Q0 b 2 2abc r\n'], false, true)).toThrow('run.txt:2: the score "2abc" is not a finite number');
    expect(() => readBlocks(['q Q0 a 1 1e999 r\n'], false, true)).toThrow('run.txt:1: the score "1e999" is not a finite number');
  });

  test('names a line of fewer than six fields by its number, blank lines included', () => {
    expect(() => readBlocks(['q Q0 a 1 1 r\n', '\nq Q0 b 2\n'])).toThrow('run.txt:3: expected 6 fields (qid Q0 docno rank score runid), got 4');
  });

  test('grows past its first room for lines and id bytes', () => {
    const many = Array.from({ length: 3000 }, (_, i) => `q Q0 ${'d'.repeat(40)}${i} ${i + 1} 0 r\n`).join('');
    const [block] = readBlocks([many]).blocks as { docs: string[]; line: number[] }[];
    expect(block!.docs.length).toBe(3000);
    expect(block!.docs[2999]).toBe(`${'d'.repeat(40)}2999`);
    expect(block!.line[2999]).toBe(3000);
  });
});
