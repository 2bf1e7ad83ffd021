import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { definitionNamed, measureDefinitions } from '../../src/measures/catalogue.js';
import { computeWith, contextOf } from '../helpers/query-context.js';

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
  test('a measure of the counts gives by `ofCounts` what its compute gives from the query\'s context', () => {
    // The worked example: [G, x, T, y, z], T grade 2, G and F grade 1.
    const ranking = ['G', 'x', 'T', 'y', 'z'];
    const qrels = { T: 2, G: 1, F: 1 };
    const ofCounts = measureDefinitions.filter((definition) => definition.ofCounts !== undefined);
    expect(ofCounts.map((definition) => definition.name)).toEqual(['P', 'recall', 'f1', 'success', 'mrr', 'map', 'gm_map', 'yaap', 'R-prec', 'dcg', 'idcg', 'ndcg', 'context_precision', 'miss']);
    for (const k of [1, 3, 5, Infinity]) {
      const context = contextOf(ranking, qrels, 1, [k]);
      for (const definition of ofCounts) {
        const params = { ...definition.defaults, cutoff: k };
        expect(definition.ofCounts!(context.countsAt(k), context.options, params)).toBe(computeWith(definition, context, [params])[0]);
      }
    }
    expect(definitionNamed('P').ofCounts!(contextOf(ranking, qrels, 1, [5]).countsAt(5), contextOf(ranking, qrels).options, { cutoff: 5 })).toBe(2 / 5);
  });

  test('gives the 0 / 0 rule only where a measure has one', () => {
    expect(measureDefinitions.filter((definition) => definition.whenUndefined !== undefined).map((definition) => definition.name)).toEqual(['Rndcg']);
  });
});

describe('measures computed in one walk for several points', () => {
  const ranking = ['r1', 'x', 'n', 'r2', 'y', 'n2', 'r3'];
  const judged = { r1: 1, r2: 1, r3: 2, r4: 1, n: 0, n2: 0 };
  const cases: [string, 'cutoff' | 'point', number[]][] = [
    ['unj', 'cutoff', [5, 2, 5, 7]],
    ['judged', 'cutoff', [3, 3, 1]],
    ['relative_P', 'cutoff', [4, 2, 4]],
    ['iprec', 'point', [0.5, 0, 0.5, 1]],
    ['Rprec_mult', 'point', [2, 0.5, 2]],
  ];
  test.each(cases)('%s: a point asked for twice, in any order, has the value it has alone', (name, field, points) => {
    const definition = definitionNamed(name);
    const context = contextOf(ranking, judged, 1, field === 'cutoff' ? points : [Infinity]);
    const instance = (value: number) => (field === 'cutoff' ? { cutoff: value } : { cutoff: Infinity, point: value });
    const together = computeWith(definition, context, points.map(instance));
    const alone = points.map((value) => computeWith(definition, contextOf(ranking, judged, 1, field === 'cutoff' ? [value] : [Infinity]), [instance(value)])[0]);
    expect(together).toEqual(alone);
  });

  test('unj@5 and unj.5 are one number (a repeat once gave the whole ranking’s share over k)', () => {
    const result = evaluateRun({ q: ['a', 'x', 'b', 'y', 'z', 'c', 'd'] }, { q: { a: 1, b: 0, c: 1, d: 0 } }, { measures: ['unj@5', 'unj.5'] });
    expect(result.perQuery.q!['unj.5']).toBe(3 / 5);
    expect(result.perQuery.q!['unj@5']).toBe(3 / 5);
  });
});
