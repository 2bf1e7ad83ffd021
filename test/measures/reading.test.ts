import { describe, expect, it } from 'vitest';
import { measureDefinitions } from '../../src/measures/catalogue.js';
import { higherIsBetter, higherIsBetterScore, isBounded, towardsBetter, valueRange } from '../../src/measures/reading.js';

describe('higherIsBetter', () => {
  it('reads the catalogue’s `better` through any name or result key of the measure', () => {
    for (const name of ['ndcg@10', 'nDCG@10', 'ndcg_cut_10', 'ndcg_cut.10', 'P_5', 'recall@budget=2000', 'judged@5', 'map']) expect(higherIsBetter(name)).toBe(true);
    for (const name of ['miss@5', 'miss_rate@5', 'tokens@3', 'fall_out@10', 'fallout@10', 'unj@10', 'unj_10', 'unj.10', 'rbp_resid', 'miss@budget=500']) expect(higherIsBetter(name)).toBe(false);
  });

  it('declares lower-is-better exactly the miss rate, the context cost, fall-out and the shares left open by the judgments', () => {
    expect(measureDefinitions.filter((definition) => definition.better === 'lower').map((definition) => definition.name)).toEqual(['miss', 'tokens', 'rbp_resid', 'unj', 'fall_out']);
  });

  it('turns a difference so that positive is better', () => {
    expect(towardsBetter('ndcg@10', 0.25)).toBe(0.25);
    expect(towardsBetter('miss@5', -0.25)).toBe(0.25);
    expect(towardsBetter('tokens@3', 120)).toBe(-120);
  });

  it('refuses a name that is no measure, as the registry does', () => {
    expect(() => higherIsBetter('ndgc@10')).toThrow(/ndgc@10/);
  });
});

describe('higherIsBetterScore', () => {
  it('reads a measure as higherIsBetter does, and a score of the caller’s own (no measure’s name) as higher is better', () => {
    expect(['ndcg@10', 'miss@5', 'unj_10'].map(higherIsBetterScore)).toEqual([true, false, false]);
    expect(['strict_vital_score', 'faithfulness', 'ndgc@10'].map(higherIsBetterScore)).toEqual([true, true, true]);
    expect(towardsBetter('vital_score', -0.25)).toBe(-0.25);
  });
});

describe('isBounded', () => {
  it('is the catalogue’s `bounded` of the name’s entry', () => {
    expect([isBounded('ndcg@10'), isBounded('miss@5'), isBounded('P_5')]).toEqual([true, true, true]);
    expect([isBounded('tokens@3'), isBounded('dcg@5'), isBounded('idcg'), isBounded('utility')]).toEqual([false, false, false, false]);
  });
});

describe('valueRange', () => {
  it('is the catalogue’s range of the values of the name’s entry, through any name or result key', () => {
    for (const name of ['ndcg@10', 'mrr@10', 'recip_rank', 'P_5', 'miss@5', 'recall@budget=2000']) expect(valueRange(name), name).toEqual({ min: 0, max: 1 });
    for (const name of ['dcg@5', 'tokens@3']) expect(valueRange(name), name).toEqual({ min: 0, max: Number.MAX_VALUE });
    expect(valueRange('num_ret')).toEqual({ min: 0, max: Number.MAX_SAFE_INTEGER });
    expect(valueRange('utility')).toEqual({ min: -Number.MAX_VALUE, max: Number.MAX_VALUE });
  });

  it('refuses a name that is no measure, as the registry does', () => {
    expect(() => valueRange('ndgc@10')).toThrow(/ndgc@10/);
  });
});
