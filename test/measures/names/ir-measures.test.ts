// ir_measures' grammar: names matched exactly, case included.
import { describe, expect, test } from 'vitest';
import { irMeasuresDefinition, readIrMeasures } from '../../../src/measures/names/ir-measures.js';

describe('readIrMeasures', () => {
  test('reads ir_measures’ names with their parameters and @x, ir_measures’ defaults applied', () => {
    expect(readIrMeasures("nDCG(dcg='exp-log2')@10")).toMatchObject({ definition: { name: 'ndcg' }, cutoff: 10, params: { gain: 'exponential', cutoff: 10 } });
    expect(readIrMeasures('RBP')?.params.p).toBe(0.8);
  });

  test('is undefined for a name that is not ir_measures’ exactly', () => {
    expect(readIrMeasures('ndcg@10')).toBeUndefined();
    expect(readIrMeasures('ndcg_cut.10')).toBeUndefined();
  });

  test('irMeasuresDefinition looks names up with their case', () => {
    expect(irMeasuresDefinition('nDCG')?.name).toBe('ndcg');
    expect(irMeasuresDefinition('ndcg')).toBeUndefined();
  });
});
