// trec_eval's grammar: the names -m takes and the names trec_eval prints, one value or several.
import { describe, expect, test } from 'vitest';
import { readTrecEval } from '../../../src/measures/names/trec-eval.js';

const values = (name: string) => readTrecEval(name)?.map(({ key, measure }) => [key, measure.definition.name, measure.cutoff]);

describe('readTrecEval', () => {
  test('a -m name and a printed name of one value are keyed as written', () => {
    expect(values('ndcg_cut.10')).toEqual([['ndcg_cut.10', 'ndcg', 10]]);
    expect(values('P_5')).toEqual([['P_5', 'P', 5]]);
  });

  test('several values are keyed as trec_eval prints them', () => {
    expect(values('P.5,10')).toEqual([
      ['P_5', 'P', 5],
      ['P_10', 'P', 10],
    ]);
  });

  test('is undefined for names with (…), @ or blanks, for unknown words, and for bare names read as one measure elsewhere', () => {
    expect(values('P(rel=2)@5')).toBeUndefined();
    expect(values('xyzzy')).toBeUndefined();
    expect(values('P')).toBeUndefined();
  });

  test('refuses what is not a score of a ranking, and parameters out of range', () => {
    expect(() => readTrecEval('official')).toThrow('`official` is a group of trec_eval measures');
    expect(() => readTrecEval('num_q')).toThrow("trec_eval's `num_q` is not a score of a ranking");
    expect(() => readTrecEval('prefs_simp_ret')).toThrow("trec_eval's `prefs_simp_ret` scores a ranking against preference judgments, not qrels: `evaluatePreferences` gives it");
    expect(() => readTrecEval('P.')).toThrow('expected parameters after `.`');
    expect(() => readTrecEval('set_F.abc')).toThrow('expected a decimal number, got `abc`');
    expect(() => readTrecEval('rbp.p=1.5')).toThrow('expected the persistence p to be between 0 and 1 (excluded), got 1.5');
  });
});
