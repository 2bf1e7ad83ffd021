// rankeval's grammar: names and aliases matched ignoring case, `-` and `_`.
import { describe, expect, test } from 'vitest';
import { rankevalDefinition, readRankeval } from '../../../src/measures/names/rankeval.js';

describe('readRankeval', () => {
  test('reads a name or an alias, whatever its case, - and _', () => {
    expect(readRankeval('NDCG@10')).toMatchObject({ definition: { name: 'ndcg' }, cutoff: 10 });
    expect(readRankeval('hit-rate@3')).toMatchObject({ definition: { name: 'success' }, cutoff: 3 });
    expect(readRankeval(' map ')?.definition.name).toBe('map');
  });

  test('reads parameters as words', () => {
    expect(readRankeval('ndcg(gain=exponential)@10')?.params.gain).toBe('exponential');
  });

  test('is undefined for a name that is none of rankeval’s', () => {
    expect(readRankeval('ndcg_cut.10')).toBeUndefined();
    expect(readRankeval('xyzzy@10')).toBeUndefined();
  });

  test('rankevalDefinition folds the name', () => {
    expect(rankevalDefinition('R_Prec')?.name).toBe('R-prec');
  });
});
