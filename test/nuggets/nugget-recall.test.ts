import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { caught } from '../helpers/caught.js';
import type { AssignedNugget, NuggetImportance, NuggetSupport } from '../../src/formats/nuggets.js';
import { nuggetRecall, nuggetRecallOfRun, type DocumentNuggets } from '../../src/nuggets/nugget-recall.js';

const n = (text: string, importance: NuggetImportance, assignment: NuggetSupport): AssignedNugget => ({ text, importance, assignment });

// One topic, nuggets V1 V2 V3 (vital) and O1 O2 (okay), each assigned to every document:
//   d1 supports V1, partly V2;  d2 supports O1, partly O2;  d3 supports V2, V3;  d4 supports nothing.
const ALL_NOT = (doc: Record<string, NuggetSupport>): AssignedNugget[] =>
  (['V1', 'V2', 'V3', 'O1', 'O2'] as const).map((text) => n(text, text.startsWith('V') ? 'vital' : 'okay', doc[text] ?? 'not_support'));
const DOCS: DocumentNuggets = {
  d1: ALL_NOT({ V1: 'support', V2: 'partial_support' }),
  d2: ALL_NOT({ O1: 'support', O2: 'partial_support' }),
  d3: ALL_NOT({ V2: 'support', V3: 'support' }),
  d4: ALL_NOT({}),
};
const RANKING = ['d1', 'd4', 'd2', 'd3'];

describe('nuggetRecall: hand-worked', () => {
  it('counts a nugget once, at the best support within k', () => {
    // top 1 = d1: V1 1, V2 0.5 of 5 nuggets
    expect(nuggetRecall(RANKING, DOCS, { k: 1 })).toBe((1 + 0.5) / 5);
    // top 3 = d1 d4 d2: V1 1, V2 0.5, O1 1, O2 0.5
    expect(nuggetRecall(RANKING, DOCS, { k: 3 })).toBe((1 + 0.5 + 1 + 0.5) / 5);
    // top 4 adds d3: V2 rises from 0.5 to 1, V3 1
    expect(nuggetRecall(RANKING, DOCS, { k: 4 })).toBe((1 + 1 + 1 + 1 + 0.5) / 5);
  });
  it('counts only the vital nuggets under vitalOnly', () => {
    expect(nuggetRecall(RANKING, DOCS, { k: 3, vitalOnly: true })).toBe((1 + 0.5) / 3);
    expect(nuggetRecall(RANKING, DOCS, { k: 4, vitalOnly: true })).toBe((1 + 1 + 1) / 3);
  });
  it('gives a partial support 0 when strict', () => {
    expect(nuggetRecall(RANKING, DOCS, { k: 3, strict: true })).toBe((1 + 1) / 5);
    expect(nuggetRecall(RANKING, DOCS, { k: 1, strict: true, vitalOnly: true })).toBe(1 / 3);
  });
  it('takes the whole ranking by default, and k beyond its length', () => {
    expect(nuggetRecall(RANKING, DOCS)).toBe(4.5 / 5);
    expect(nuggetRecall(RANKING, DOCS, { k: 100 })).toBe(4.5 / 5);
  });
  it('scores 0 for a topic without (vital) nuggets, nuggetizer’s 0 for a 0 denominator', () => {
    expect(nuggetRecall(['d1'], {})).toBe(0);
    expect(nuggetRecall(['d1'], { d1: [n('O1', 'okay', 'support')] }, { vitalOnly: true })).toBe(0);
  });
  it('counts a nugget no retrieved document supports in the denominator, and a document without assignments as supporting nothing', () => {
    expect(nuggetRecall(['x', 'd4'], DOCS)).toBe(0);
    expect(nuggetRecall(['d2'], { d2: [n('a', 'okay', 'support')], d9: [n('b', 'okay', 'not_support')] })).toBe(1 / 2);
  });
  it('orders a scored ranking by score before cutting at k', () => {
    expect(nuggetRecall([{ id: 'd3', score: 1 }, { id: 'd1', score: 2 }], DOCS, { k: 1 })).toBe((1 + 0.5) / 5);
  });
  it('accepts a Map of document nuggets', () => {
    expect(nuggetRecall(RANKING, new Map(Object.entries(DOCS)), { k: 1 })).toBe((1 + 0.5) / 5);
  });
});

describe('nuggetRecall: bad input', () => {
  it('refuses a bad cutoff or option', () => {
    expect(caught(() => nuggetRecall(RANKING, DOCS, { k: 0 }))).toMatchObject({ code: 'invalid_cutoff', received: 0 });
    expect(caught(() => nuggetRecall(RANKING, DOCS, { vitalOnly: 'yes' as never }))).toMatchObject({ code: 'invalid_option', subject: { kind: 'option', option: 'vitalOnly' }, received: 'yes' });
    expect(caught(() => nuggetRecall(RANKING, DOCS, { strict: 1 as never }))).toMatchObject({ code: 'invalid_option', subject: { kind: 'option', option: 'strict' }, received: 1 });
    expect(caught(() => nuggetRecall(RANKING, DOCS, { partial: true } as never))).toMatchObject({ code: 'invalid_option', received: 'partial' });
  });
  it('refuses a ranking with a repeated id', () => {
    expect(caught(() => nuggetRecall(['d1', 'd1'], DOCS))).toMatchObject({ code: 'invalid_ranking' });
  });
  it('refuses nuggets outside the vocabulary, naming the document and the nugget', () => {
    expect(caught(() => nuggetRecall(['d1'], { d1: [{ text: 'a', importance: 'high', assignment: 'support' } as never] }))).toMatchObject({ code: 'invalid_nuggets', what: 'documentNuggets["d1"][0].importance', received: 'high' });
    expect(caught(() => nuggetRecall(['d1'], { d1: [n('a', 'vital', 'partial' as never)] }))).toMatchObject({ code: 'invalid_nuggets', what: 'documentNuggets["d1"][0].assignment', received: 'partial' });
    expect(caught(() => nuggetRecall(['d1'], { d1: 'a' as never }))).toMatchObject({ code: 'invalid_nuggets', what: 'documentNuggets["d1"]', received: 'a' });
    const assignment = caught(() => nuggetRecall(['d1'], { d1: [n('a', 'vital', 'partial' as never)] }));
    expect([assignment.subject, assignment.at, assignment.facts]).toEqual([{ kind: 'argument', argument: 'documentNuggets' }, undefined, { key: 'd1', choices: ['support', 'partial_support', 'not_support'] }]);
    const ofRun = caught(() => nuggetRecallOfRun({ q1: ['d1'] }, { q1: { d1: 'a' as never } }));
    expect([ofRun.subject, ofRun.at, ofRun.facts]).toEqual([{ kind: 'argument', argument: 'documentNuggets' }, { query: 'q1' }, { key: 'd1' }]);
    expect(caught(() => nuggetRecall(['d1'], [] as never))).toMatchObject({ code: 'invalid_nuggets' });
  });
  it('refuses one nugget given two importances', () => {
    const error = caught(() => nuggetRecall(['d1'], { d1: [n('a', 'vital', 'support')], d2: [n('a', 'okay', 'not_support')] }));
    expect(error).toMatchObject({ code: 'invalid_nuggets', what: 'documentNuggets["d2"][0].importance', received: 'okay' });
    expect([error.subject, error.facts]).toEqual([{ kind: 'argument', argument: 'documentNuggets' }, { key: 'd2', choices: ['vital'] }]);
  });
});

describe('nuggetRecallOfRun', () => {
  it('scores each topic of the assignments and their mean; an unranked topic scores 0', () => {
    const result = nuggetRecallOfRun({ q1: RANKING, q3: ['d1'] }, { q1: DOCS, q2: DOCS }, { k: 1 });
    expect(result.perQuery).toEqual({ q1: (1 + 0.5) / 5, q2: 0 });
    expect(result.mean).toBe(((1 + 0.5) / 5 + 0) / 2);
  });
  it('has no mean without topics', () => {
    expect(nuggetRecallOfRun({}, {}).mean).toBeUndefined();
  });
  it('refuses a bad option once, named for itself', () => {
    expect(caught(() => nuggetRecallOfRun({}, {}, { k: -1 }))).toMatchObject({ code: 'invalid_cutoff', fn: 'nuggetRecallOfRun' });
  });
});

// Properties over random topics: up to 6 nuggets, assigned to each of up to 8 documents.
const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const topic = fc
  .array(fc.constantFrom<NuggetImportance>('vital', 'okay'), { maxLength: 6 })
  .chain((importances) =>
    fc.tuple(
      fc.constant(importances),
      fc.array(fc.array(fc.constantFrom<NuggetSupport>('support', 'partial_support', 'not_support'), { minLength: importances.length, maxLength: importances.length }), { minLength: IDS.length, maxLength: IDS.length }),
      fc.shuffledSubarray(IDS),
    ),
  )
  .map(([importances, table, ranking]) => {
    const docs = Object.fromEntries(IDS.map((id, d) => [id, importances.map((importance, i) => n(`n${i}`, importance, table[d]![i]!))]));
    return { docs, ranking };
  });
const flags = fc.record({ vitalOnly: fc.boolean(), strict: fc.boolean() });

describe('nuggetRecall: properties', () => {
  test.prop([topic, flags, fc.integer({ min: 1, max: 10 })])('nugget recall@k lies in [0, 1]', ({ docs, ranking }, options, k) => {
    const value = nuggetRecall(ranking, docs, { ...options, k });
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(1);
  });
  test.prop([topic, flags, fc.integer({ min: 1, max: 9 })])('nugget recall@k never decreases with k', ({ docs, ranking }, options, k) => {
    expect(nuggetRecall(ranking, docs, { ...options, k: k + 1 })).toBeGreaterThanOrEqual(nuggetRecall(ranking, docs, { ...options, k }));
  });
  test.prop([topic, flags, fc.integer({ min: 1, max: 8 }), fc.integer()])('nugget recall@k ignores order inside the top k', ({ docs, ranking }, options, k, seed) => {
    const top = ranking.slice(0, k);
    const shuffled = [...top].sort((x, y) => ((x.charCodeAt(0) * 31 + seed) % 7) - ((y.charCodeAt(0) * 31 + seed) % 7));
    expect(nuggetRecall([...shuffled, ...ranking.slice(k)], docs, { ...options, k })).toBe(nuggetRecall(ranking, docs, { ...options, k }));
  });
  test.prop([topic, flags])('strict never exceeds partial credit', ({ docs, ranking }, { vitalOnly }) => {
    expect(nuggetRecall(ranking, docs, { vitalOnly, strict: true })).toBeLessThanOrEqual(nuggetRecall(ranking, docs, { vitalOnly }));
  });
});
