// The error of a name no grammar reads: the closest names, or where to find them all.
import { describe, expect, test } from 'vitest';
import { unknownMeasure } from '../../../src/measures/names/unknown.js';

describe('unknownMeasure', () => {
  test('suggests the closest names, keeping what follows the word, with the nearest measure in each grammar', () => {
    expect(unknownMeasure('ndgc@10').message).toBe('unknown measure `ndgc@10`: did you mean `ndcg@10`? Names: rankeval `ndcg@10`, ir_measures `nDCG@10`, trec_eval `ndcg_cut.10`');
  });

  test('points to the measure table when nothing is near', () => {
    const error = unknownMeasure('xyzzy');
    expect(error.code).toBe('unknown_measure');
    expect(error.message).toMatch(/^unknown measure `xyzzy`: not a name of rankeval/);
    expect(error.message).toMatch(/all are listed at https:\/\/rankeval\.github\.io\/rankeval\/measures$/);
  });

  test('looks for nothing near a word of more than 40 characters', () => {
    expect(unknownMeasure(`${'n'.repeat(41)}`).message).toMatch(/not a name of rankeval/);
  });
});
