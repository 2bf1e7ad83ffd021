// trec_eval's preference measures on hand-worked queries: a one-sub-group judgment group (levels as
// classes), a several-sub-group group closed transitively, groups in conflict, ranked / implied / not
// occurring preferences, and prefs_avgjg_Rnonrel's treatment of non-relevant documents. Every value here
// was confirmed with trec_eval 9.0.8 (-R prefs -m all_prefs).
import { describe, expect, test } from 'vitest';
import { evaluatePreferences } from '../../src/entries/preferences.js';
import type { PreferenceLine } from '../../src/core/types.js';
import { countPreferences, type PreferenceCounts } from '../../src/metrics/preference-counts.js';
import { preferenceRatio, preferenceTotals } from '../../src/metrics/preferences.js';

const lines = (group: string, subgroup: string, levels: Record<string, number>): PreferenceLine[] =>
  Object.entries(levels).map(([doc, level]) => ({ group, subgroup, doc, level }));

function counted(ranked: string[], judged: PreferenceLine[]): PreferenceCounts {
  const counts = countPreferences('q', ranked, judged);
  if ('error' in counts) throw counts.error;
  return counts;
}

test('the totals pool every group: a pair two groups prefer counts twice, and simp is their ratio', () => {
  // a: d1 > d2, ranked and fulfilled; b: d1 > d2 > d3, d1 > d2 ranked and fulfilled, d1 > d3 and d2 > d3 implied
  // (d3 unranked) and fulfilled; c: d2 > d1, ranked and not fulfilled.
  const counts = counted(['d1', 'd2'], [...lines('a', 's', { d1: 1, d2: 0 }), ...lines('b', 's', { d1: 2, d2: 1, d3: 0 }), ...lines('c', 's', { d2: 1, d1: 0 })]);
  expect(preferenceTotals(counts, 'all')).toEqual({ fulfilled: 1 + 3, possible: 1 + 3 + 1 });
  expect(preferenceTotals(counts, 'ret')).toEqual({ fulfilled: 1 + 1, possible: 1 + 1 + 1 });
  expect(preferenceRatio(counts, 'all')).toBe((1 + 3) / (1 + 3 + 1));
});

describe('a one-sub-group judgment group: its levels are classes', () => {
  // d1 > d2 > {d3, d4}; ranked d3, d1, x (unjudged), d2; d4 not ranked. Ids: d3 0, d1 1, d2 2, then d4 3.
  const alice = { alice: { s: [{ doc: 'd1', level: 2 }, { doc: 'd2', level: 1 }, { doc: 'd3', level: 0 }, { doc: 'd4', level: 0 }] } };
  const ranking = ['d3', 'd1', 'x', 'd2'];

  test('each preference is ranked (both documents ranked), implied (one) or not occurring (neither)', () => {
    const counts = counted(ranking, lines('alice', 's', { d1: 2, d2: 1, d3: 0, d4: 0 }));
    expect({ judged: counts.judged, judgedRet: counts.judgedRet }).toEqual({ judged: 4, judgedRet: 3 });
    // d1 > d2 fulfilled, d1 > d3 and d2 > d3 not (ranked); d1 > d4 and d2 > d4 fulfilled (implied).
    expect(counts.groups[0]).toMatchObject({ fulfilledRet: 1, possibleRet: 3, fulfilledImp: 2, possibleImp: 2, notOccurring: 0, rel: 2, relRet: 2, nonrel: 2, nonrelRet: 1 });
  });

  test('simp, pair and avgjg over every preference, the ranked ones (_ret) and those with a ranked document (_imp)', () => {
    const scores = evaluatePreferences(ranking, alice);
    expect(scores.prefs_num_prefs_poss).toBe(5);
    expect(scores.prefs_num_prefs_ful).toBe(3);
    expect(scores.prefs_num_prefs_ful_ret).toBe(1);
    expect(scores.prefs_simp).toBeCloseTo((1 + 2) / (3 + 2), 12);
    expect(scores.prefs_simp_ret).toBeCloseTo(1 / 3, 12);
    expect(scores.prefs_simp_imp).toBeCloseTo(3 / 5, 12);
    // One group: a pair carries one preference, so pair and avgjg equal simp.
    expect(scores.prefs_pair_ret).toBeCloseTo(1 / 3, 12);
    expect(scores.prefs_avgjg_imp).toBeCloseTo(3 / 5, 12);
    // R = N = 2: nothing added. Among the ranked, R = 2, N = 1: 1 · 2 fulfilled and 1 · 2 possible added.
    expect(scores.prefs_avgjg_Rnonrel).toBeCloseTo(3 / 5, 12);
    expect(scores.prefs_avgjg_Rnonrel_ret).toBeCloseTo((1 + 2) / (3 + 2), 12);
  });

  test('a preference whose documents are both unranked is possible, never fulfilled, and left out of _imp', () => {
    const scores = evaluatePreferences(['x'], { a: { s: [{ doc: 'd1', level: 1 }, { doc: 'd2', level: 0 }] } });
    expect({ poss: scores.prefs_num_prefs_poss, simp: scores.prefs_simp, imp: scores.prefs_simp_imp, pair: scores.prefs_pair }).toEqual({ poss: 1, simp: 0, imp: 0, pair: 0 });
  });

  test('a document listed twice at one level counts twice', () => {
    const counts = counted(['d1', 'd2'], [...lines('a', 's', { d1: 1, d2: 0 }), { group: 'a', subgroup: 's', doc: 'd1', level: 1 }]);
    expect(counts.groups[0]!.fulfilledRet).toBe(2);
  });
});

describe('a several-sub-group judgment group: a partial order, closed transitively', () => {
  // s1: d1 > d2; s2: d2 > d3; so d1 > d3 too, though no sub-group says it.
  const bob = { bob: { s1: [{ doc: 'd1', level: 3 }, { doc: 'd2', level: 2 }], s2: [{ doc: 'd2', level: 5 }, { doc: 'd3', level: 4 }] } };

  test('the transitive preference counts as one of three', () => {
    const scores = evaluatePreferences(['d1', 'd3', 'd2'], bob);
    expect(scores.prefs_num_prefs_poss).toBe(3);
    // d1 > d2 and d1 > d3 fulfilled, d2 > d3 not.
    expect(scores.prefs_simp).toBeCloseTo(2 / 3, 12);
    expect(evaluatePreferences(['d3', 'd2', 'd1'], bob).prefs_num_prefs_ful).toBe(0);
  });

  test('avgjg_Rnonrel: three relevant documents and none non-relevant add R · R fulfilled of R · R possible', () => {
    expect(evaluatePreferences(['d1', 'd3', 'd2'], bob).prefs_avgjg_Rnonrel).toBeCloseTo((2 + 3 * 3) / (3 + 3 * 3), 12);
  });

  test('no preference between documents of different sub-groups that the closure does not link', () => {
    const scores = evaluatePreferences(['d1', 'd2', 'd3', 'd4'], { g: { s1: [{ doc: 'd1', level: 2 }, { doc: 'd2', level: 1 }], s2: [{ doc: 'd3', level: 2 }, { doc: 'd4', level: 1 }] } });
    expect(scores.prefs_num_prefs_poss).toBe(2);
  });
});

describe('several judgment groups, in conflict', () => {
  // a: d1 > d2 > d3; b: d2 > d1; c: d1 > d2. Ranked d1, d2, d3.
  const groups = {
    a: { s: [{ doc: 'd1', level: 2 }, { doc: 'd2', level: 1 }, { doc: 'd3', level: 0 }] },
    b: { s: [{ doc: 'd1', level: 1 }, { doc: 'd2', level: 2 }] },
    c: { s: [{ doc: 'd1', level: 1 }, { doc: 'd2', level: 0 }] },
  };
  const scores = evaluatePreferences(['d1', 'd2', 'd3'], groups);

  test('simp pools the preferences: 4 of 5', () => {
    expect(scores.prefs_simp).toBeCloseTo(4 / 5, 12);
  });

  test('pair scores each pair by the share of its preferences fulfilled: (d1, d2) 2 of 3', () => {
    expect(scores.prefs_pair).toBeCloseTo((2 / 3 + 1 + 1) / 3, 12);
  });

  test('avgjg weighs each group the same', () => {
    expect(scores.prefs_avgjg).toBeCloseTo((3 / 3 + 0 / 1 + 1 / 1) / 3, 12);
  });

  test('avgjg_Rnonrel adds R − N fulfilled preferences per ranked relevant document where N < R', () => {
    // a: R = 2, N = 1: (3 + 2) / (3 + 2); b: R = 2, N = 0: (0 + 4) / (1 + 4); c: R = N = 1: 1 / 1.
    expect(scores.prefs_avgjg_Rnonrel).toBeCloseTo((5 / 5 + 4 / 5 + 1) / 3, 12);
  });
});

describe('prefs_avgjg_Rnonrel with more non-relevant documents than relevant ones', () => {
  test('keeps only the first R non-relevant documents by rank, like bpref', () => {
    // d1 relevant, ranked below d2 (non-relevant), above d3 and d4: avgjg 2/3, but only d2 is kept.
    const scores = evaluatePreferences(['d2', 'd1', 'd3', 'd4'], { u: { s: [{ doc: 'd1', level: 1 }, { doc: 'd2', level: 0 }, { doc: 'd3', level: 0 }, { doc: 'd4', level: 0 }] } });
    expect(scores.prefs_avgjg).toBeCloseTo(2 / 3, 12);
    // trec_eval pairs the lowest level with its kept documents too (d2 with itself, d3 and d4 with d2): 0 of 4.
    expect(scores.prefs_avgjg_Rnonrel).toBe(0);
  });

  test('counts the lowest level against its kept documents, as trec_eval does', () => {
    // d1 > d2 fulfilled; then d2 with d2 and d3 with d2, both possible, not fulfilled: 1 / 3.
    const scores = evaluatePreferences(['d1', 'd2', 'd3'], { u: { s: [{ doc: 'd1', level: 1 }, { doc: 'd2', level: 0 }, { doc: 'd3', level: 0 }] } });
    expect(scores.prefs_avgjg_Rnonrel).toBeCloseTo(1 / 3, 12);
    expect(scores.prefs_avgjg_Rnonrel_ret).toBeCloseTo(1 / 3, 12);
  });
});

describe('contradictions', () => {
  const failureOf = (judged: PreferenceLine[]): string => {
    const counts = countPreferences('q1', ['d1', 'd2'], judged);
    return 'kind' in counts ? counts.kind : 'none';
  };

  test('a document at two levels of a one-sub-group group', () => {
    expect(failureOf([...lines('g', 's', { d1: 2, d2: 0 }), { group: 'g', subgroup: 's', doc: 'd1', level: 1 }])).toBe('two_levels');
  });

  test('a document at level 0 in one sub-group and above 0 in another', () => {
    expect(failureOf([...lines('g', 's1', { d1: 2, d2: 1 }), ...lines('g', 's2', { d1: 0, d3: 1 })])).toBe('zero_and_nonzero');
  });

  test('a cycle through two sub-groups, told apart for trec_eval’s abort', () => {
    const judged = [...lines('g', 's1', { d1: 2, d2: 1 }), ...lines('g', 's2', { d2: 2, d1: 1 })];
    expect(failureOf(judged)).toBe('cycle');
    const counts = countPreferences('q1', ['d1'], judged);
    // Its own code, which rankeval trec reads for trec_eval's abort (134), and the query, a document and the group as fields.
    expect('error' in counts && counts.error).toMatchObject({ code: 'preference_cycle', subject: { kind: 'query', query: 'q1' }, at: { document: 'd1' }, received: 'g' });
    expect(() => evaluatePreferences(['d1'], { g: { s1: [{ doc: 'd1', level: 2 }, { doc: 'd2', level: 1 }], s2: [{ doc: 'd2', level: 2 }, { doc: 'd1', level: 1 }] } })).toThrow(
      'judgment group "g": the preferences form a cycle: "d1" is preferred to "d2" and "d2" to "d1"',
    );
  });

  test('groups may disagree with each other: no error', () => {
    expect(failureOf([...lines('a', 's', { d1: 2, d2: 1 }), ...lines('b', 's', { d1: 1, d2: 2 })])).toBe('none');
  });
});
