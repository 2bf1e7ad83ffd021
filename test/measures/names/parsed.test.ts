// What the grammars share: rankeval's folding of names, and the error of a name, scoped to it.
import { describe, expect, test } from 'vitest';
import { fold, invalid, measureScope } from '../../../src/measures/names/parsed.js';

describe('parsed names', () => {
  test('fold: lower case, without - and _', () => {
    expect(['R-prec', 'r_precision', 'NDCG', 'context_Precision'].map(fold)).toEqual(['rprec', 'rprecision', 'ndcg', 'contextprecision']);
  });

  test('measureScope names the measure as written', () => {
    expect(measureScope('P.x')).toEqual({ subject: { kind: 'measure', measure: 'P.x' }, words: 'measure `P.x`' });
  });

  test('invalid throws a RankevalError scoped to the name, with its code', () => {
    let thrown: unknown;
    try {
      invalid('ndcg@0', 'expected a positive cutoff', 'a positive integer', 'invalid_cutoff');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'invalid_cutoff', message: 'measure `ndcg@0`: expected a positive cutoff', expected: 'a positive integer', received: 'ndcg@0' });
  });
});
