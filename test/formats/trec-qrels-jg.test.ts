// trec_eval's several-judges qrels reader (-R qrels_jg) on bytes: four fields a line, each query's judgments
// split by judgment group in byte order of the groups' names, a document judged twice by one group refused.
import { describe, expect, test } from 'vitest';
import { parseFailure } from '../helpers/trec-bytes.js';
import { parseQrelsJg } from '../../src/formats/trec-qrels-jg.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('parseQrelsJg', () => {
  test("splits each query's judgments by group, groups in byte order, each group's in file order", () => {
    const qrels = parseQrelsJg(bytes('q1 bob d2 1\nq1 alice d1 2\nq2 alice d1 0\nq1 bob d1 0\nq1 Zed d3 1'), 'qrels.jg');
    expect([...qrels.judges.keys()]).toEqual(['q1', 'q2']);
    const q1 = qrels.judges.get('q1')!;
    // 'Z' (0x5a) sorts before 'a' (0x61), as strcmp sorts.
    expect(q1.map((group) => group.judge)).toEqual(['Zed', 'alice', 'bob']);
    expect(q1.map((group) => group.judged.grade)).toEqual([[1], [2], [1, 0]]);
    expect(q1[2]!.judged.line).toEqual([1, 4]);
    // The query with every group's judgments: what -c counts queries and judgments over.
    expect(qrels.queries.get('q1')!.grade).toEqual([1, 2, 0, 1]);
    expect(qrels.queries.size).toBe(2);
  });

  test('one document judged by two groups is no repeat', () => {
    expect(parseQrelsJg(bytes('q1 a d1 1\nq1 b d1 0\n'), 'qrels.jg').judges.get('q1')!.length).toBe(2);
  });

  test.each([
    ['q1 a d1\n', 'qrels.jg:1: expected 4 fields (qid ujg docno rel), got 3'],
    ['q1 a d1 1 x\n', 'qrels.jg:1: expected 4 fields (qid ujg docno rel), got more'],
    ['q1 a d1 1\n\n', 'qrels.jg:2: expected 4 fields (qid ujg docno rel), got 0'],
    ['', 'qrels.jg:1: the qrels file is empty'],
    ['q1 a d1 1\nq1 b d1 1\nq1 a d2 0\nq1 a d1 0\n', 'qrels.jg:4: document "d1" is judged twice by "a" for query q1 (lines 1 and 4)'],
  ])('refuses %j with the file and line', (text, message) => {
    expect(parseFailure(() => parseQrelsJg(bytes(text), 'qrels.jg'))).toBe(message);
  });

  test('trec_eval 10 skips a comment line, one at a time', () => {
    const qrels = parseQrelsJg(bytes('# judges\nq1 a d1 1\n'), 'qrels.jg', true);
    expect(qrels.judges.get('q1')![0]!.judged.line).toEqual([2]);
    expect(parseFailure(() => parseQrelsJg(bytes('# judges\nq1 a d1 1\n'), 'qrels.jg'))).toBe('qrels.jg:1: expected 4 fields (qid ujg docno rel), got 2');
  });
});
