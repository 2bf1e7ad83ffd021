// Differential test: the catalogue's ERR, judged_retrieved, binary rbp, nerr8 and inst against ir_measures
// 0.4.3's values (test/fixtures/irm-new-measures, from ../shared/irm-oracle), to 1e-9; gdeval's ERR is
// printed to 5 decimals, so rankeval's per-query ERR is rounded the same way first and the mean allowed
// ±0.5e-5.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { MeasureParams } from '../../src/measures/context.js';
import { scoreRun } from '../helpers/query-context.js';
import { readQrels, readRun } from '../helpers/trec.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/irm-new-measures');
const TREC_CASES = join(import.meta.dirname, '../fixtures/trec-oracle/cases');

/** ir_measures' name → the catalogue entry and its parameters; `decimals` when the provider rounds. */
const MEASURES: Record<string, { name: string; params: MeasureParams; decimals?: number }> = {
  'ERR@10': { name: 'err', params: { cutoff: 10 }, decimals: 5 },
  'ERR@20': { name: 'err', params: { cutoff: 20 }, decimals: 5 },
  'Judged@10': { name: 'judged_retrieved', params: { cutoff: 10 } },
  'RBP(p=0.8,rel=1)': { name: 'rbp', params: { cutoff: Infinity, p: 0.8, rel: 1 } },
  'RBP(p=0.5,rel=1)': { name: 'rbp', params: { cutoff: Infinity, p: 0.5, rel: 1 } },
  'NERR8(max_rel=3)@10': { name: 'nerr8', params: { cutoff: 10, maxGrade: 3 } },
  'INST(max_rel=3)': { name: 'inst', params: { cutoff: Infinity, maxGrade: 3 } },
};

const inputOf = (caseId: string, file: string): string =>
  existsSync(join(FIXTURES, caseId, file)) ? join(FIXTURES, caseId, file) : join(TREC_CASES, caseId, file);

const round = (x: number, decimals: number): number => Number(x.toFixed(decimals));

describe('new measures against ir_measures 0.4.3', () => {
  const cases = readdirSync(FIXTURES).filter((entry) => existsSync(join(FIXTURES, entry, 'expected.tsv')));

  test('covers five cases and every measure', () => {
    expect(cases.sort()).toEqual(['000', '012', '020', 'g02', 'g05']);
    const names = new Set(cases.flatMap((caseId) => readFileSync(join(FIXTURES, caseId, 'expected.tsv'), 'utf8').trim().split('\n').map((line) => line.split('\t')[0]!)));
    expect([...names].sort()).toEqual(Object.keys(MEASURES).sort());
  });

  test.each(cases)('case %s: every per-query value and mean', (caseId) => {
    const run = readRun(inputOf(caseId, 'run'));
    const qrels = readQrels(inputOf(caseId, 'qrels'));
    const expected = readFileSync(join(FIXTURES, caseId, 'expected.tsv'), 'utf8').trim().split('\n').map((line) => line.split('\t'));
    const computed = new Map<string, Map<string, number>>();
    for (const [measure, qid, text] of expected) {
      const { name, params, decimals } = MEASURES[measure!]!;
      let values = computed.get(measure!);
      if (values === undefined) computed.set(measure!, (values = scoreRun(name, params, run, qrels)));
      const value = Number(text);
      if (qid === 'all') {
        const mean = [...values.values()].map((x) => (decimals === undefined ? x : round(x, decimals))).reduce((sum, x) => sum + x, 0) / values.size;
        expect(Math.abs(mean - value), `${measure} all`).toBeLessThanOrEqual(decimals === undefined ? 1e-9 : 0.5e-5);
      } else {
        const got = values.get(qid!);
        expect(got, `${measure} ${qid}`).toBeDefined();
        expect(Math.abs((decimals === undefined ? got! : round(got!, decimals)) - value), `${measure} ${qid}`).toBeLessThanOrEqual(1e-9);
      }
    }
  });
});
