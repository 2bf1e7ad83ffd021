import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { measureDefinitions } from '../../src/measures/catalogue.js';

describe('the counts of the set (num_ret, num_rel, num_rel_ret, num_nonrel_judged_ret)', () => {
  // q1: a, b relevant, n judged non-relevant, s pooled-unjudged, x not pooled; q2 judged, not answered
  const qrels = { q1: { a: 1, b: 2, c: 1, n: 0, s: -1 }, q2: { d: 1, e: 0 } };
  const run = { q1: ['a', 'n', 's', 'x', 'b'] };
  const measures = ['num_ret', 'num_rel', 'num_rel_ret', 'num_nonrel_judged_ret'];

  test('count per query, and are summed over queries', () => {
    const result = evaluateRun(run, qrels, { measures });
    expect(result.perQuery.q1).toEqual({ num_ret: 5, num_rel: 3, num_rel_ret: 2, num_nonrel_judged_ret: 5 - 1 - 1 - 2 });
    expect(result.perQuery.q2).toEqual({ num_ret: 0, num_rel: 1, num_rel_ret: 0, num_nonrel_judged_ret: 0 });
    expect(result.mean).toEqual({ num_ret: 5 + 0, num_rel: 3 + 1, num_rel_ret: 2 + 0, num_nonrel_judged_ret: 1 + 0 });
  });

  test('follow the relevance threshold: a grade-1 document is judged non-relevant at threshold 2', () => {
    const result = evaluateRun(run, qrels, { measures, relevanceThreshold: 2 });
    expect(result.perQuery.q1).toEqual({ num_ret: 5, num_rel: 1, num_rel_ret: 1, num_nonrel_judged_ret: 5 - 1 - 1 - 1 });
  });
});

describe('the catalogue', () => {
  test('gives the 0 / 0 rule only where a measure has one', () => {
    expect(measureDefinitions.filter((definition) => definition.whenUndefined !== undefined).map((definition) => definition.name)).toEqual(['Rndcg']);
  });
});
