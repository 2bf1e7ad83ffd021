// trec_eval's -m arguments: groups, parameters, their order and their refusals.
import { describe, expect, test } from 'vitest';
import { selectMeasures } from '../../src/trec/select-measures.js';

describe('selectMeasures', () => {
  const names = (specs: string[], version: 9 | 10 = 9): string[] => selectMeasures(specs, version).flatMap((bound) => bound.names);

  test('defaults to trec_eval official measures, in trec_eval order', () => {
    expect(names([])).toEqual(names(['official']));
    expect(names(['P.10', 'map'])).toEqual(['map', 'P_10']);
  });

  test('cutoffs are sorted and named as trec_eval names them', () => {
    expect(names(['P.20,5'])).toEqual(['P_5', 'P_20']);
    expect(names(['iprec_at_recall.0.5,0.05'])).toEqual(['iprec_at_recall_0.05', 'iprec_at_recall_0.50']);
    expect(names(['set_F.0.25', 'ndcg.0=0,1=2', 'utility.1,-1,0,0'])).toEqual(['utility_1,-1,0,0', 'ndcg_0=0,1=2', 'set_F_0.25']);
  });

  test('the first parameters given for a measure win, as in trec_eval', () => {
    expect(names(['P.5', 'P.10'])).toEqual(['P_5']);
  });

  test('all_trec has trec_eval 10 measures only with --trec-eval 10; -m can ask for them either way', () => {
    expect(names(['all_trec'])).not.toContain('rbp');
    expect(names(['all_trec'], 10)).toEqual(expect.arrayContaining(['rbp', 'rbp_resid', 'unj_5', 'unj_10', 'unj_20']));
    expect(names(['rbp.p=0.8', 'unj.3'])).toEqual(['rbp_p=0.8', 'unj_3']);
  });

  test.each([
    [['foo'], "illegal measure 'foo' (every measure and group: rankeval trec --help)"],
    [['prefs_smp'], "illegal measure 'prefs_smp'; did you mean 'prefs_simp'? (every measure and group: rankeval trec --help)"],
    [['P.'], "improper measure parameters in 'P.'"],
    [['P.0,5'], "P: cutoffs must be positive, got '0,5'"],
    [['P.5,5'], "P: duplicate cutoffs in '5,5'"],
    [['iprec_at_recall.0.5,0.50'], "iprec_at_recall: duplicate cutoffs in '0.5,0.50'"],
    [['ndcg.1=2,=3'], "malformed pair parameters in '1=2,=3'"],
  ])('%j is refused', (specs, message) => {
    expect(() => selectMeasures(specs)).toThrow(message);
  });
});
