import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import type { MeasureParams } from '../../src/measures/context.js';
import { scoreQuery, scoreRun } from '../helpers/query-context.js';
import { fixed, readExpected, readQrels, readRun } from '../helpers/trec.js';

describe('the condensed list (judgedOnly: Sakai 2007, trec_eval -J, ir_measures judged_only=True)', () => {
  // r1, r2 relevant; n judged non-relevant; x absent from the qrels; p pooled with a negative grade.
  const qrels = { r1: 1, r2: 2, n: 0, p: -1, r3: 1 };
  const ranking = ['x', 'r1', 'p', 'n', 'x2', 'r2'];
  const both = (name: string, params: Omit<MeasureParams, 'judgedOnly'>): number[] =>
    [false, true].map((judgedOnly) => scoreQuery(name, [{ ...params, judgedOnly }], ranking, qrels)[0]!);

  test('removes the documents absent from the qrels and those with a negative grade, the others moving up', () => {
    // Condensed: r1, n, r2 at ranks 1, 2, 3.
    expect(both('P', { cutoff: 3 })).toEqual([1 / 3, 2 / 3]);
    expect(both('map', { cutoff: Infinity })).toEqual([(1 / 2 + 2 / 6) / 3, (1 / 1 + 2 / 3) / 3]);
    expect(both('mrr', { cutoff: Infinity })).toEqual([1 / 2, 1 / 1]);
  });

  test('keeps the qrels whole: R and the ideal DCG count every judged document, retrieved or not', () => {
    const idcg = 2 / Math.log2(2) + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(both('ndcg', { cutoff: Infinity })).toEqual([(1 / Math.log2(3) + 2 / Math.log2(7)) / idcg, (1 / Math.log2(2) + 2 / Math.log2(4)) / idcg]);
    expect(both('recall', { cutoff: 3 })).toEqual([1 / 3, 2 / 3]);
  });

  test('applies with a measure relevance level too', () => {
    expect(both('P', { cutoff: 3, rel: 2 })).toEqual([0 / 3, 1 / 3]);
  });
});

describe('judgedOnly against trec_eval 9.0.8 -J (test/fixtures/trec-judged-only)', () => {
  const FIXTURES = join(import.meta.dirname, '../fixtures/trec-judged-only');
  const CASES = join(import.meta.dirname, '../fixtures/trec-oracle/cases');
  const MEASURES: Record<string, { name: string; params: MeasureParams }> = {
    P_5: { name: 'P', params: { cutoff: 5, judgedOnly: true } },
    map: { name: 'map', params: { cutoff: Infinity, judgedOnly: true } },
    ndcg_cut_10: { name: 'ndcg', params: { cutoff: 10, judgedOnly: true } },
  };
  const files = readdirSync(FIXTURES).filter((file) => file.endsWith('.txt'));

  test('covers three cases and a relevance level', () => {
    expect(files.sort()).toEqual(['000.txt', '001.txt', '032.txt', '032_l2.txt']);
  });

  test.each(files)('%s: every value prints as trec_eval -J prints it', (file) => {
    const caseId = file.slice(0, 3);
    const level = file.includes('_l2') ? 2 : 1;
    const expected = readExpected(join(FIXTURES, file));
    const run = readRun(join(CASES, caseId, 'run'));
    const qrels = readQrels(join(CASES, caseId, 'qrels'));
    // Without -c, trec_eval scores and averages the queries that are both judged and run.
    const scored = new Map([...qrels].filter(([qid]) => run.has(qid)));
    let compared = 0;
    for (const [trecName, { name, params }] of Object.entries(MEASURES)) {
      const values = scoreRun(name, params, run, scored, { relevanceThreshold: level });
      for (const [qid, value] of values) {
        expect(fixed(value, 4), `${trecName} ${qid}`).toBe(expected.get(`${trecName}\t${qid}`));
        compared++;
      }
      const mean = [...values.values()].reduce((sum, value) => sum + value, 0) / values.size;
      expect(fixed(mean, 4), `${trecName} all`).toBe(expected.get(`${trecName}\tall`));
      compared++;
    }
    expect(compared).toBe(expected.size);
  });
});
