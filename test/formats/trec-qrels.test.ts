// trec_eval's qrels reader on bytes: four fields a line, grades as atol reads them, errors at their line.
import { describe, expect, test } from 'vitest';
import { parseFailure } from '../helpers/trec-bytes.js';
import { hashBytes } from '../../src/formats/trec-fields.js';
import { parseQrels } from '../../src/formats/trec-qrels.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('parseQrels', () => {
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

  test('keeps each judgment as a byte range with its hash, grade and line', () => {
    const data = bytes('q1 0 dé 3\n');
    const query = parseQrels(data, 'qrels.txt').queries.get('q1')!;
    expect(query).toEqual({ qid: 'q1', docStart: [5], docEnd: [8], docHash: [hashBytes(data, 5, 8)], grade: [3], line: [1] });
  });

  test('with comments (trec_eval 10), skips a line starting with #, and takes the line after it as data', () => {
    const qrels = parseQrels(bytes('# judged by A\nq1 0 d1 1\n#\n#q2 0 d2 1\nq3 0 d3 2\n'), 'qrels.txt', true);
    expect([...qrels.queries.keys()]).toEqual(['q1', '#q2', 'q3']);
    expect(qrels.queries.get('q3')!.line).toEqual([5]);
  });

  test('without comments, a # line is data', () => {
    expect(parseFailure(() => parseQrels(bytes('# judged\n'), 'qrels.txt'))).toBe('qrels.txt:1: expected 4 fields (qid iter docno rel), got 2');
  });
});
