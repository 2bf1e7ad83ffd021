// A query's lines as the run reader hands them over: the room they are read into, and the copy kept.
import { describe, expect, test } from 'vitest';
import { appendBlock, emptyBlock, growDocBytes, growLines, type RunBlock } from '../../src/formats/run-block.js';
import { createRunReader } from '../../src/formats/trec-run-reader.js';
import { latin1 } from '../../src/core/latin1.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const ids = (block: RunBlock): string[] => Array.from({ length: block.count }, (_, i) => latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!));

/** A block of the documents `docs` (ASCII ids), scored 10, 9, … and on lines 1, 2, … */
function blockOf(qid: string, docs: readonly string[]): RunBlock {
  const block = emptyBlock(docs.length, docs.join('').length);
  let used = 0;
  docs.forEach((doc, i) => {
    block.docBytes.set(bytes(doc), used);
    block.docStart[i] = used;
    block.docEnd[i] = used += doc.length;
    block.score[i] = 10 - i;
    block.line[i] = i + 1;
  });
  return { ...block, qid, count: docs.length };
}

describe('growing a block', () => {
  test('growLines doubles the room for lines and keeps those read', () => {
    const block = blockOf('q', ['a', 'b']);
    growLines(block);
    expect(block.docStart.length).toBe(4);
    expect(block.score.length).toBe(4);
    expect(ids(block)).toEqual(['a', 'b']);
    expect([...block.score.subarray(0, 2)]).toEqual([10, 9]);
  });

  test('growDocBytes makes room for the bytes needed, at least twice the room there was', () => {
    const block = blockOf('q', ['ab']);
    growDocBytes(block, 2, 3);
    expect(block.docBytes.length).toBe(4);
    growDocBytes(block, 2, 100);
    expect(block.docBytes.length).toBe(100);
    expect(ids(block)).toEqual(['ab']);
  });
});

describe('appendBlock', () => {
  test('copies a block, whose arrays the reader reuses', () => {
    const block = blockOf('q', ['x', 'yy']);
    const kept = appendBlock(undefined, block);
    block.docBytes.fill(0);
    expect({ qid: kept.qid, count: kept.count, ids: ids(kept), score: [...kept.score], line: [...kept.line] }).toEqual({ qid: 'q', count: 2, ids: ['x', 'yy'], score: [10, 9], line: [1, 2] });
  });

  test('extends a kept block, offsetting the new ids past the kept bytes', () => {
    const kept = appendBlock(appendBlock(undefined, blockOf('q', ['x'])), blockOf('q', ['yy', 'z']));
    expect(ids(kept)).toEqual(['x', 'yy', 'z']);
    expect([...kept.docStart]).toEqual([0, 1, 3]);
    expect([...kept.score]).toEqual([10, 10, 9]);
  });

  test('is ASCII only when both blocks are', () => {
    expect(appendBlock(blockOf('q', ['a']), { ...blockOf('q', ['b']), ascii: false }).ascii).toBe(false);
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
    expect(ids(kept!)).toEqual(['x', 'zz']);
    expect([...kept!.score]).toEqual([3, 2]);
    expect([...kept!.line]).toEqual([1, 3]);
  });
});
