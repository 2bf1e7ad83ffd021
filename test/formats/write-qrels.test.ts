import { describe, expect, it } from 'vitest';
import { parseGoldenSet } from '../../src/formats/golden-set.js';
import { qrelsText } from '../../src/formats/write-qrels.js';

const qrels = new Map([
  ['q2', new Map([['d9', 0], ['d1', 3]])],
  ['q1', new Map([['d4', 1]])],
  ['q3', new Map<string, number>()],
]);

describe('qrelsText', () => {
  it('writes TREC qrels in the qrels’ order, a query without judgments left out, and reads back', () => {
    const text = qrelsText(qrels, 'trec');
    expect(text).toBe('q2 0 d9 0\nq2 0 d1 3\nq1 0 d4 1\n');
    expect(parseGoldenSet(text).qrels).toEqual(new Map([...qrels].filter(([, judged]) => judged.size > 0)));
  });

  it('writes a JSONL golden set, which holds any id and fractional grades, and reads back', () => {
    const odd = new Map([['how to boil', new Map([['d 1', 2.5]])]]);
    expect(qrelsText(odd, 'jsonl')).toBe('{"query_id":"how to boil","relevant":{"d 1":2.5}}\n');
    expect(parseGoldenSet(qrelsText(qrels, 'jsonl')).qrels).toEqual(new Map([...qrels].filter(([, judged]) => judged.size > 0)));
  });

  it('refuses in TREC an id with whitespace and a fractional grade', () => {
    expect(() => qrelsText(new Map([['q 1', new Map([['d1', 1]])]]), 'trec')).toThrow('query "q 1", document "d1": an id is empty or has whitespace; TREC qrels cannot hold it (JSONL can)');
    expect(() => qrelsText(new Map([['q1', new Map([['d1', 0.5]])]]), 'trec')).toThrow('query "q1", document "d1": the grade 0.5 is not a whole number; TREC qrels cannot hold it (JSONL can)');
  });
});
