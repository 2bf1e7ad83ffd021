// A parsed measure written back as its canonical name.
import { describe, expect, test } from 'vitest';
import { formatMeasure } from '../../../src/measures/names/format.js';
import { readRankeval } from '../../../src/measures/names/rankeval.js';

const canonical = (name: string): string => formatMeasure(readRankeval(name)!);

describe('formatMeasure', () => {
  test.each([
    ['NDCG@10', 'ndcg@10'],
    ['map', 'map'],
    ['p(rel=2)@5', 'P(rel=2)@5'],
    ['precision(judged_only=true)@5', 'P(judged_only=True)@5'],
    ['ndcg(gain=exponential)@10', 'ndcg(gain=exponential)@10'],
    ['iprec@0.5', 'iprec@0.5'],
    ['recall@budget=2000', 'recall@budget=2000'],
    ['utility(coefficients=[2,-1,0,0])', 'utility(coefficients=[2,-1,0,0])'],
  ])('%s → %s', (name, written) => {
    expect(canonical(name)).toBe(written);
  });

  test('leaves out parameters equal to the defaults', () => {
    expect(canonical('utility(coefficients=[1,-1,0,0])')).toBe('utility');
    expect(canonical('err(max_grade=4)@10')).toBe('err@10');
  });
});
