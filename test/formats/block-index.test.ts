// The table of a block's documents (DocumentTable): repeats found as documents go in, a document found by
// its bytes, and each table answering for its own block whatever another table indexed since.
import { describe, expect, test } from 'vitest';
import { compareBytes, DocumentTable } from '../../src/formats/block-index.js';
import { hashBytes } from '../../src/formats/trec-bytes.js';
import { blocksOf } from '../helpers/trec-bytes.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const noRepeat = (): never => {
  throw new Error('no document repeats here');
};
/** The key `table` holds the document `id` of `block` under, or −1. */
const keyOf = (table: DocumentTable, block: Parameters<DocumentTable['find']>[0], id: string): number => {
  const text = bytes(id);
  return table.find(block, text, 0, text.length, hashBytes(text, 0, text.length));
};

const [first, second] = blocksOf('q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r\nq1 Q0 d3 3 1 r\nq2 Q0 e1 1 2 r\nq2 Q0 d2 2 1 r\n');

describe('DocumentTable', () => {
  test('finds each document under its key (its position in the order given), and −1 for the others', () => {
    const table = new DocumentTable();
    table.index(first!, 3, [2, 0, 1], noRepeat);
    expect(['d1', 'd2', 'd3', 'e1', ''].map((id) => keyOf(table, first!, id))).toEqual([1, 2, 0, -1, -1]);
  });

  test('reports a repeat with the keys of both documents', () => {
    const [twice] = blocksOf('q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r\nq1 Q0 d1 3 1 r\n');
    const table = new DocumentTable();
    expect(() =>
      table.index(twice!, 3, null, (earlier, key) => {
        throw new Error(`${earlier} and ${key}`);
      }),
    ).toThrow('0 and 2');
  });

  test('two tables used in turns each answer for the block it indexed last', () => {
    const [one, other] = [new DocumentTable(), new DocumentTable()];
    one.index(first!, first!.count, null, noRepeat);
    other.index(second!, second!.count, null, noRepeat);
    expect(['d1', 'd2', 'd3', 'e1'].map((id) => keyOf(one, first!, id))).toEqual([0, 1, 2, -1]);
    expect(['d1', 'd2', 'd3', 'e1'].map((id) => keyOf(other, second!, id))).toEqual([-1, 1, -1, 0]);
    one.index(second!, second!.count, [1, 0], noRepeat);
    expect(['d1', 'd2', 'd3', 'e1'].map((id) => keyOf(other, second!, id))).toEqual([-1, 1, -1, 0]);
    expect(['d1', 'd2', 'd3', 'e1'].map((id) => keyOf(one, second!, id))).toEqual([-1, 0, -1, 1]);
  });

  test('compareBytes orders byte ranges as strcmp does', () => {
    const text = bytes('abcabd');
    expect(Math.sign(compareBytes(text, 0, 3, text, 3, 6))).toBe(-1);
    expect(compareBytes(text, 0, 2, text, 3, 5)).toBe(0);
    expect(Math.sign(compareBytes(text, 0, 2, text, 0, 3))).toBe(-1);
  });
});
