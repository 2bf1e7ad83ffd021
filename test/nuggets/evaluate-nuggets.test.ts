import { describe, expect, it } from 'vitest';
import { caught } from '../helpers/caught.js';
import type { AssignedNugget, NuggetAnswer, NuggetImportance, NuggetSupport } from '../../src/formats/nuggets.js';
import { evaluateNuggets, nuggetComparisonScores, nuggetScoresByRun } from '../../src/nuggets/evaluate-nuggets.js';
import { compareScores } from '../../src/analysis/compare.js';

const n = (importance: NuggetImportance, assignment: NuggetSupport): AssignedNugget => ({ text: `${importance}/${assignment}`, importance, assignment });
const answer = (runId: string, queryId: string, nuggets: readonly AssignedNugget[]): NuggetAnswer => ({ runId, queryId, nuggets });

// Topic 1: vital supported, vital partly, vital not, okay supported, okay partly.
const MIXED = [n('vital', 'support'), n('vital', 'partial_support'), n('vital', 'not_support'), n('okay', 'support'), n('okay', 'partial_support')];

describe('evaluateNuggets: one answer', () => {
  const { scores } = evaluateNuggets([answer('r', '1', MIXED)]).perAnswer[0]!;

  it('scores strict vital as supported vital / vital nuggets', () => {
    expect(scores.strictVital).toBe(1 / 3);
  });
  it('scores vital as (supported vital + 0.5·partly supported vital) / vital nuggets', () => {
    expect(scores.vital).toBe((1 + 0.5 * 1) / 3);
  });
  it('scores strict all and all over every nugget', () => {
    expect(scores.strictAll).toBe(2 / 5);
    expect(scores.all).toBe((2 + 0.5 * 2) / 5);
  });
  it('weighs vital 1 and okay 0.5 in the weighted scores', () => {
    // strict: (1 vital supported · 1 + 1 okay supported · 0.5) / (3 · 1 + 2 · 0.5)
    expect(scores.strictWeighted).toBe((1 * 1 + 1 * 0.5) / (3 * 1 + 2 * 0.5));
    // partial credit 0.5 on top: vital 1 + 0.5, okay 0.5·(1 + 0.5)
    expect(scores.weighted).toBe((1 * (1 + 0.5) + 0.5 * (1 + 0.5)) / (3 * 1 + 2 * 0.5));
  });
  it('scores 0 where a denominator is 0 (no vital nuggets; no nuggets), as nuggetizer does', () => {
    const okayOnly = evaluateNuggets([answer('r', '1', [n('okay', 'support')])]).perAnswer[0]!.scores;
    expect(okayOnly).toEqual({ strictVital: 0, vital: 0, strictAll: 1, all: 1, strictWeighted: 0.5 / 0.5, weighted: 0.5 / 0.5 });
    expect(evaluateNuggets([answer('r', '1', [])]).perAnswer[0]!.scores).toEqual({ strictVital: 0, vital: 0, strictAll: 0, all: 0, strictWeighted: 0, weighted: 0 });
  });
});

describe('evaluateNuggets: means', () => {
  const answers = [
    answer('a', '1', [n('vital', 'support'), n('okay', 'not_support')]), // vital 1
    answer('b', '1', [n('vital', 'partial_support'), n('okay', 'support')]), // vital 0.5
    answer('a', '2', [n('okay', 'support')]), // vital 0 (no vital nugget)
  ];
  const result = evaluateNuggets(answers);

  it('gives each run the means over its own answers, and its topics’ scores', () => {
    expect(result.byRun['a']!.mean.vital).toBe((1 + 0) / 2);
    expect(result.byRun['b']!.mean.vital).toBe(0.5 / 1);
    expect(Object.keys(result.byRun)).toEqual(['a', 'b']);
    expect(result.byRun['a']!.queries['2']!.all).toBe(1);
  });
  it('gives one mean over every answer whatever its run, as nuggetizer’s global metrics, a 0 by convention included', () => {
    expect(result.mean!.vital).toBe((1 + 0.5 + 0) / 3);
    expect(result.mean!.all).toBe((1 / 2 + (0.5 + 1) / 2 + 1) / 3);
  });
  it('has no mean for no answers (nuggetizer’s mean raises)', () => {
    expect(evaluateNuggets([])).toEqual({ perAnswer: [], byRun: {}, mean: undefined });
  });
});

describe('evaluateNuggets: topics a run did not answer (trec_eval -c)', () => {
  const answers = [answer('a', '1', [n('vital', 'support')]), answer('a', '2', [n('vital', 'support')]), answer('b', '1', [n('vital', 'partial_support')])];

  it('leaves them out by default, as nuggetizer does', () => {
    expect(evaluateNuggets(answers).byRun['b']!.mean.vital).toBe(0.5 / 1);
  });
  it('scores them 0 when the topics are given, as a list or as a nugget bank, and the 0 enters the means', () => {
    for (const topics of [['1', '2', '3'], { '1': { nuggets: [] }, '2': { nuggets: [] }, '3': { nuggets: [] } }]) {
      const result = evaluateNuggets(answers, { topics });
      expect(result.byRun['b']!.mean.vital).toBe((0.5 + 0 + 0) / 3);
      expect(result.byRun['a']!.mean.vital).toBe((1 + 1 + 0) / 3);
      expect(result.byRun['b']!.queries['2']!.vital).toBe(0);
      expect(result.perAnswer.filter((entry) => entry.missing).map(({ runId, queryId }) => `${runId}/${queryId}`)).toEqual(['a/3', 'b/2', 'b/3']);
      expect(result.mean!.vital).toBe((1 + 1 + 0.5 + 0 + 0 + 0) / 6);
    }
  });
  it('refuses an answered topic that is not among the topics, naming run and topic', () => {
    const error = caught(() => evaluateNuggets(answers, { topics: ['1'] }));
    expect(error).toMatchObject({ code: 'invalid_option', subject: { kind: 'option', option: 'topics' }, at: { run: 'a', query: '2' }, received: '2' });
    expect(error.message).toBe('evaluateNuggets: run "a" answers topic "2", which is not one of `topics`');
  });
  it('refuses topics that are not ids', () => {
    expect(caught(() => evaluateNuggets(answers, { topics: 'all' as never })).subject).toEqual({ kind: 'option', option: 'topics' });
    expect(caught(() => evaluateNuggets(answers, { topics: ['1', 2 as never] }))).toMatchObject({ code: 'invalid_option', received: 2, subject: { kind: 'option', option: 'topics' }, facts: { index: 1 } });
  });
});

describe('evaluateNuggets: bad input', () => {
  it('refuses a run answering a topic twice', () => {
    const error = caught(() => evaluateNuggets([answer('a', '1', []), answer('a', '1', [])]));
    expect(error).toMatchObject({ code: 'invalid_nuggets', subject: { kind: 'argument', argument: 'assignments' }, at: { run: 'a', query: '1' }, facts: { index: 1 }, received: '1' });
    expect(error.message).toBe('evaluateNuggets: run "a" answers topic "1" twice (assignments[0] and assignments[1])');
  });
  it('refuses an unknown importance or assignment, naming where it is', () => {
    const importance = caught(() => evaluateNuggets([answer('a', '1', [{ text: 'x', importance: 'high' as never, assignment: 'support' }])]));
    expect(importance).toMatchObject({ code: 'invalid_nuggets', what: 'assignments[0].nuggets[0].importance', received: 'high' });
    expect([importance.subject, importance.facts]).toEqual([{ kind: 'argument', argument: 'assignments' }, { index: 0, choices: ['vital', 'okay'] }]);
    const assignment = caught(() => evaluateNuggets([answer('a', '1', []), answer('a', '2', [n('vital', 'support'), { text: 'x', importance: 'okay', assignment: 'partial' as never }])]));
    expect(assignment).toMatchObject({ code: 'invalid_nuggets', what: 'assignments[1].nuggets[1].assignment', received: 'partial' });
    expect([assignment.subject, assignment.facts]).toEqual([{ kind: 'argument', argument: 'assignments' }, { index: 1, choices: ['support', 'partial_support', 'not_support'] }]);
  });
  it('refuses what is not an array of answers', () => {
    expect(caught(() => evaluateNuggets('x' as never))).toMatchObject({ code: 'invalid_nuggets', subject: { kind: 'argument', argument: 'assignments' } });
    expect(caught(() => evaluateNuggets([null as never]))).toMatchObject({ code: 'invalid_nuggets', what: 'assignments[0]', subject: { kind: 'argument', argument: 'assignments' }, facts: { index: 0 } });
    expect(caught(() => evaluateNuggets([{ runId: 1, queryId: '1', nuggets: [] } as never]))).toMatchObject({ what: 'assignments[0].runId', received: 1 });
    expect(caught(() => evaluateNuggets([answer('a', '1', []), { runId: 'a', queryId: 1, nuggets: [] } as never]))).toMatchObject({ what: 'assignments[1].queryId', received: 1, subject: { kind: 'argument', argument: 'assignments' }, facts: { index: 1 } });
    expect(caught(() => evaluateNuggets([{ runId: 'a', queryId: '1' } as never]))).toMatchObject({ what: 'assignments[0].nuggets' });
    expect(caught(() => evaluateNuggets([answer('a', '1', [null as never])]))).toMatchObject({ what: 'assignments[0].nuggets[0]' });
    expect(caught(() => evaluateNuggets([], { topic: [] } as never))).toMatchObject({ code: 'invalid_option' });
  });
});

describe('nuggetScoresByRun', () => {
  it('gives one score of each run topic by topic: run id → topic id → score', () => {
    const result = evaluateNuggets([answer('a', '1', [n('vital', 'partial_support')]), answer('b', '1', [n('vital', 'support')]), answer('a', '2', [])]);
    expect(nuggetScoresByRun(result, 'vital')).toEqual({ a: { '1': 0.5, '2': 0 }, b: { '1': 1 } });
    expect(nuggetScoresByRun(result, 'strictVital')).toEqual({ a: { '1': 0, '2': 0 }, b: { '1': 1 } });
  });
  it('refuses an unknown score and what is not an evaluation', () => {
    const result = evaluateNuggets([]);
    expect(caught(() => nuggetScoresByRun(result, 'vital_score' as never))).toMatchObject({ code: 'invalid_option', received: 'vital_score' });
    expect(caught(() => nuggetScoresByRun({} as never, 'vital'))).toMatchObject({ code: 'invalid_nuggets' });
  });
});

describe('nuggetComparisonScores', () => {
  const answer = (runId: string, queryId: string, assignment: NuggetSupport): NuggetAnswer => ({ runId, queryId, nuggets: [{ text: 'v', importance: 'vital', assignment }, { text: 'o', importance: 'okay', assignment: 'support' }] });
  const answers = [answer('a', '1', 'partial_support'), answer('a', '2', 'support'), answer('b', '1', 'support')];

  it('gives every score of every run and topic, named as rankeval nuggets names them', () => {
    const scores = nuggetComparisonScores(evaluateNuggets(answers, { topics: ['1', '2'] }));
    // a on topic 1: vital 0.5/1, all (0.5 + 1)/2, strict vital 0, weighted (0.5 + 0.5)/1.5. b skipped topic 2: 0 on all.
    expect(scores['a']!['1']).toEqual({ strict_vital_score: 0, strict_all_score: 1 / 2, vital_score: 0.5, all_score: (0.5 + 1) / 2, strict_weighted_score: 0.5 / 1.5, weighted_score: (0.5 + 0.5) / 1.5 });
    expect(scores['b']!['2']).toEqual({ strict_vital_score: 0, strict_all_score: 0, vital_score: 0, all_score: 0, strict_weighted_score: 0, weighted_score: 0 });
    expect(Object.keys(scores)).toEqual(['a', 'b']);
  });

  it('makes comparing two generators one line: b against a on vital_score, topic 2 unanswered by b scored 0', () => {
    const { rows } = compareScores(nuggetComparisonScores(evaluateNuggets(answers, { topics: ['1', '2'] })), { measures: ['vital_score'] });
    // Differences b − a: topic 1, 1 − 0.5; topic 2, 0 − 1.
    expect(rows[1]).toMatchObject({ run: 'b', mean: (1 + 0) / 2, delta: (0.5 - 1) / 2, wins: 1, ties: 0, losses: 1 });
  });

  it('leaves each run its answered topics without `topics`, which compareScores refuses to pair', () => {
    const scores = nuggetComparisonScores(evaluateNuggets(answers));
    expect(Object.keys(scores['b']!)).toEqual(['1']);
    expect(caught(() => compareScores(scores))).toMatchObject({ code: 'invalid_run', at: { run: 'b', query: '2' } });
    expect(caught(() => nuggetComparisonScores({} as never))).toMatchObject({ code: 'invalid_nuggets', fn: 'nuggetComparisonScores' });
  });
});
