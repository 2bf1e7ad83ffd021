// The measures asked for, planned: keys, groups by catalogue measure, value slots and shared cutoffs.
import { describe, expect, test } from 'vitest';
import { planMeasures } from '../../src/engine/plan.js';

describe('planMeasures', () => {
  test('groups the names by catalogue measure; each name’s slot is where its value goes', () => {
    const plan = planMeasures(['ndcg@10', 'P@5', 'ndcg@3', 'map'], 'test');
    expect(plan.names).toEqual(['ndcg@10', 'P@5', 'ndcg@3', 'map']);
    expect(plan.groups.map(({ definition, params, offset }) => [definition.name, params.map((p) => p.cutoff), offset])).toEqual([
      ['ndcg', [10, 3], 0],
      ['P', [5], 2],
      ['map', [Infinity], 3],
    ]);
    expect(plan.slots).toEqual([0, 2, 1, 3]);
    expect(plan.valueCount).toBe(4);
    expect(plan.cutoffs).toEqual([3, 5, 10, Infinity]);
    expect(plan.needsGain).toBe(true);
    expect(plan.needsDocuments).toBe(false);
  });

  test('a name of several values gives one key per value; a key asked for twice is one value', () => {
    const plan = planMeasures(['P.5,10', 'P_5', 'P.5,10'], 'test');
    expect(plan.names).toEqual(['P_5', 'P_10']);
    expect(plan.valueCount).toBe(2);
    expect(plan.needsGain).toBe(false);
  });

  test('knows when a measure reads document ids (a token budget)', () => {
    expect(planMeasures(['recall@budget=100'], 'test').needsDocuments).toBe(true);
  });

  test.each([[[]], ['ndcg@10'], [undefined]])('refuses %j: measures is a non-empty array', (given) => {
    expect(() => planMeasures(given, 'test')).toThrow('a non-empty array of measure names such as "ndcg@10"');
  });
});
