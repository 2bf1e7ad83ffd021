// Settings resolved once and derived for another use: other measures (remeasured), another tie rule or
// other checks (adjusted), some of the queries (forQueries); each scored as evaluateRun scores the options.
import { describe, expect, it } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { scoreRunOn } from '../../src/engine/evaluate-run.js';
import { adjusted, forQueries, readRunSettings, remeasured, resolveRunSettings } from '../../src/engine/settings.js';

// q1 ranks its relevant document second, q2 first; q3 is judged and not answered.
const qrels = { q1: { a: 1 }, q2: { b: 1 }, q3: { c: 1 } };
const run = { q1: ['x', 'a'], q2: ['b'] };

describe('resolveRunSettings', () => {
  it('reads only the scoring options of an entry whose own options it is given', () => {
    const settings = resolveRunSettings(qrels, { measures: ['P@1'], test: 't' } as never, 'compare');
    expect(settings.fn).toBe('compare');
    expect(scoreRunOn(run, settings)).toStrictEqual(evaluateRun(run, qrels, { measures: ['P@1'] }));
  });

  it('reads own keys only: an inherited key is no option', () => {
    const options = Object.assign(Object.create({ noRelevant: 'drop', slices: { q1: 'x' } }), { measures: ['P@1'] });
    const settings = resolveRunSettings(qrels, options, 'compare');
    expect([settings.noRelevant, settings.slices]).toStrictEqual(['zero', undefined]);
  });

  it('names the entry in its errors', () => {
    expect(() => resolveRunSettings(qrels, { measures: ['P@1'], noRelevant: 'drop' as never }, 'compare')).toThrow(/^compare: expected `noRelevant`/);
  });
});

describe('remeasured', () => {
  it('scores other measures with every check off, no system k and no slices', () => {
    const settings = readRunSettings(qrels, { measures: ['P@1'], systemK: 1, slices: { q1: 'a' }, checks: 'error' }, 'evaluateRun');
    // recall@2 is deeper than the system's k: refused there, scored here; q2's one result would trip cutoffBeyondRun.
    const result = scoreRunOn(run, remeasured(settings, ['recall@2']));
    expect(result.mean).toEqual({ 'recall@2': (1 + 1 + 0) / 3 });
    expect(result.bySlice).toEqual({});
    // q3, judged and unanswered, and q1's unjudged x are said whatever the checks: no option turns those warnings off.
    expect(result.warnings.map((warning) => warning.code)).toStrictEqual(['unanswered_queries', 'unjudged_documents']);
  });

  it('checks the new measures against the options, as the first ones were', () => {
    expect(() => remeasured(readRunSettings(qrels, { measures: ['P@1'] }, 'evaluateRun'), ['tokens@2'])).toThrow(/tokens@2 reads document lengths/);
    expect(() => remeasured(readRunSettings(qrels, { measures: ['P@1'], ties: 'average' }, 'evaluateRun'), ['tokens@2'])).toThrow(/for tokens@2 \(it has no tie-averaged form\)/);
  });
});

describe('adjusted', () => {
  it('scores under another tie rule and other checks, the rest as resolved', () => {
    const tied = { q1: [{ id: 'a', score: 1 }, { id: 'x', score: 1 }] };
    const settings = readRunSettings({ q1: { a: 1 } }, { measures: ['P@1'] }, 'evaluateRun');
    // trec_eval's order puts x before a; the given order keeps a first.
    expect(scoreRunOn(tied, settings).mean['P@1']).toBe(0);
    const given = adjusted(settings, { ties: 'given', checks: 'off' });
    expect(scoreRunOn(tied, given).mean['P@1']).toBe(1);
    expect(scoreRunOn(tied, given).warnings).toStrictEqual([]);
    // x, first under trec_eval's order, is P@1's top 1 and unjudged; in the given order it is second, beyond it.
    expect(scoreRunOn(tied, settings).warnings.map((warning) => warning.code)).toStrictEqual(['unjudged_documents', 'all_scores_tied']);
  });
});

describe('forQueries', () => {
  it('scores a part of a run as a run of its own, on its queries alone', () => {
    const settings = readRunSettings(qrels, { measures: ['P@1'] }, 'evaluateRun');
    const part = scoreRunOn({ q2: ['b'] }, forQueries(settings, ['q2']));
    expect(part.perQuery).toStrictEqual(evaluateRun({ q2: ['b'] }, { q2: { b: 1 } }, { measures: ['P@1'] }).perQuery);
    expect(part.unansweredQueries).toStrictEqual([]);
  });
});
