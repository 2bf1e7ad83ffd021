// Several judges' qrels (trec_eval's qrels_jg: `qid judge docno grade`) read into judge → query → document → grade.
import { describe, expect, test } from 'vitest';
import { isRankevalError, parseQrelsByJudge, readQrelsByJudge } from '../../src/index.js';

const asObject = (byJudge: Map<string, Map<string, Map<string, number>>>) =>
  Object.fromEntries([...byJudge].map(([judge, qrels]) => [judge, Object.fromEntries([...qrels].map(([qid, grades]) => [qid, Object.fromEntries(grades)]))]));

describe('parseQrelsByJudge', () => {
  test('one set of qrels per judge, judges and queries in name order', () => {
    const byJudge = parseQrelsByJudge('q2 bob d1 1\nq1 bob d1 0\nq1 alice d1 2\nq1 alice d5 0');
    expect([...byJudge.keys()]).toEqual(['alice', 'bob']);
    expect([...byJudge.get('bob')!.keys()]).toEqual(['q1', 'q2']);
    expect(asObject(byJudge)).toEqual({ alice: { q1: { d1: 2, d5: 0 } }, bob: { q1: { d1: 0 }, q2: { d1: 1 } } });
  });

  test('UTF-8 ids and judges', () => {
    expect(asObject(parseQrelsByJudge('q1 zoë d\u00e9 1\n'))).toEqual({ zoë: { q1: { dé: 1 } } });
  });

  test.each([
    ['q1 alice d1 1.5\n', 'judges.txt:1: the grade "1.5" is not a whole decimal number (trec_eval would read it as 1)'],
    ['q1 alice d1\n', 'judges.txt:1: expected 4 fields (qid ujg docno rel), got 3'],
    ['q1 alice d1 1\nq1 alice d1 0\n', 'judges.txt:2: document "d1" is judged twice by "alice" for query q1 (lines 1 and 2)'],
    ['', "judges.txt:1: the several judges' qrels file is empty"],
  ])('refuses %j at its line', (text, message) => {
    try {
      parseQrelsByJudge(text, { file: 'judges.txt' });
      expect.unreachable();
    } catch (error) {
      expect(isRankevalError(error) && error.code).toBe('parse_error');
      expect((error as Error).message).toContain(message);
    }
  });

  test('readQrelsByJudge reads chunks as parseQrelsByJudge reads the whole', async () => {
    const text = 'q1 alice d1 2\nq1 bob d1 0\nq2 alice d3 1\n';
    const chunks = [text.slice(0, 7), text.slice(7, 20), text.slice(20)];
    expect(await readQrelsByJudge(chunks)).toEqual(parseQrelsByJudge(text));
  });
});
