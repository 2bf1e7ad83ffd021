import { describe, expect, it } from 'vitest';
import { parseGoldenSet } from '../../src/formats/golden-set.js';
import { qrelsText, writeGoldenSet } from '../../src/formats/write-qrels.js';

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

  it('refuses in TREC a whole grade past 2^53 − 1, which would print as 1e+21 (read by trec_eval as 1, refused on reading)', () => {
    for (const grade of [1e21, -(2 ** 53)]) {
      expect(() => qrelsText(new Map([['q1', new Map([['d1', grade]])]]), 'trec')).toThrowError(
        expect.objectContaining({ code: 'invalid_qrels', received: grade, message: `query "q1", document "d1": the grade ${grade} is beyond ±(2^53 − 1), the whole numbers a TREC grade may be; TREC qrels cannot hold it (JSONL can)` }),
      );
    }
    const largest = qrelsText(new Map([['q1', new Map([['d1', 2 ** 53 - 1]])]]), 'trec');
    expect(parseGoldenSet(largest).qrels.get('q1')?.get('d1')).toBe(2 ** 53 - 1);
  });
});

describe('writeGoldenSet', () => {
  const questions = { q1: 'how to prime a pump', q2: 'how long is the warranty', q9: 'not judged' };
  const tags = new Map([['q2', ['en', 'numeric']], ['q1', []], ['q9', ['x']]]);

  it("writes each judged query's question and tags, as the README's golden.jsonl, and reads back as it is", () => {
    const text = writeGoldenSet(qrels, { questions, tags });
    expect(text).toBe(
      '{"query_id":"q2","query":"how long is the warranty","relevant":{"d9":0,"d1":3},"tags":["en","numeric"]}\n' +
        '{"query_id":"q1","query":"how to prime a pump","relevant":{"d4":1}}\n',
    );
    const golden = parseGoldenSet(text, { file: 'golden.jsonl' });
    expect(golden).toMatchObject({
      format: 'jsonl',
      qrels: new Map([...qrels].filter(([, judged]) => judged.size > 0)),
      questions: new Map([['q2', questions.q2], ['q1', questions.q1]]),
      tags: new Map([['q2', ['en', 'numeric']]]),
    });
  });

  it('writes what qrelsText writes as JSONL when given no questions or tags', () => {
    expect(writeGoldenSet({ q2: { d9: 0, d1: 3 }, q1: new Map([['d4', 1]]) })).toBe(qrelsText(qrels, 'jsonl'));
  });

  it('refuses qrels, questions and tags that a golden set cannot hold, and qrels of no judgment', () => {
    const refused = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refused(() => writeGoldenSet({ q1: { d1: Number.NaN } }))).toMatchObject({ code: 'invalid_qrels', message: 'writeGoldenSet: expected qrels["q1"]["d1"] to be a finite number, got `NaN` (number)' });
    expect(refused(() => writeGoldenSet({ '': { d1: 1 } }))).toMatchObject({ code: 'invalid_qrels', received: '' });
    expect(refused(() => writeGoldenSet({ q1: { '': 1 } }))).toMatchObject({ code: 'invalid_qrels', received: '' });
    expect(refused(() => writeGoldenSet([['q1', {}]] as never))).toMatchObject({ code: 'invalid_qrels' });
    expect(refused(() => writeGoldenSet({ q1: {} }))).toMatchObject({ code: 'invalid_qrels', subject: { kind: 'argument', argument: 'qrels' } });
    expect(refused(() => writeGoldenSet(qrels, { questions: { q1: 3 as never } }))).toMatchObject({ code: 'invalid_option', message: 'writeGoldenSet: expected questions["q1"] to be a string, got `3` (number)' });
    expect(refused(() => writeGoldenSet(qrels, { tags: { q1: 'en' as never } }))).toMatchObject({ code: 'invalid_option', received: 'en' });
    expect(refused(() => writeGoldenSet(qrels, { tag: {} } as never))).toMatchObject({ code: 'invalid_option' });
  });
});
