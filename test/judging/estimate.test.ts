// estimateRun and estimateDifference on a tiny run whose per-query values are worked by hand: the expected
// results are estimateMean applied to those values.
import { describe, expect, it } from 'vitest';
import { estimateDifference, estimateMean, estimateRun, isRankevalError, type Judgment } from '../../src/index.js';

const run = { q1: ['a', 'b'], q2: ['a', 'b'], q3: ['a', 'b'], q4: ['a', 'b'], q5: ['a', 'b'] };
const swapped = { q1: ['b', 'a'], q2: ['b', 'a'], q3: ['b', 'a'], q4: ['b', 'a'], q5: ['b', 'a'] };
// People judged q1–q3; the judge all five.
const human = { q1: { a: 1, b: 1 }, q2: { a: 1 }, q3: { c: 1 } };
const judge = { q1: { a: 1, b: 1 }, q2: { a: 1 }, q3: { b: 1 }, q4: { a: 1, b: 1 }, q5: { c: 1 } };

// P@2 of `run`: human q1 2/2, q2 1/2, q3 0/2; judge q1 2/2, q2 1/2, q3 1/2 | q4 2/2, q5 0/2.
const precision = { human: [2 / 2, 1 / 2, 0 / 2], judgeOnHuman: [2 / 2, 1 / 2, 1 / 2], judgeOnRest: [2 / 2, 0 / 2] };
// mrr@2 of `run`: human q1 1/1, q2 1/1, q3 0; judge q1 1/1, q2 1/1, q3 1/2 | q4 1/1, q5 0.
const reciprocal = { human: [1, 1, 0], judgeOnHuman: [1, 1, 1 / 2], judgeOnRest: [1, 0] };
// mrr@2 of `swapped` ([b, a]): human q1 1, q2 1/2, q3 0; judge q1 1, q2 1/2, q3 1 | q4 1, q5 0; A − B = run − swapped.
const difference = { human: [1 - 1, 1 - 1 / 2, 0 - 0], judgeOnHuman: [1 - 1, 1 - 1 / 2, 1 / 2 - 1], judgeOnRest: [1 - 1, 0 - 0] };

const judgments: Judgment[] = [
  ...Object.entries(human).flatMap(([qid, docs]) => Object.entries(docs).map(([doc, grade]) => ({ query_id: qid, doc_id: doc, judge: 'ann', grade }) as Judgment)),
  ...Object.entries(judge).flatMap(([qid, docs]) => Object.entries(docs).map(([doc, grade]) => ({ query_id: qid, doc_id: doc, judge: 'llm', grade }) as Judgment)),
];

function refusal(call: () => unknown): { code: string; subject: unknown; received: unknown; message: string } {
  try {
    call();
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    return { code: error.code, subject: error.subject, received: error.received, message: error.message };
  }
  throw new Error('expected a RankevalError');
}

describe('estimateRun, worked by hand', () => {
  it('is estimateMean of the per-query values under each label set, per measure', () => {
    const result = estimateRun(run, { human, judge }, { measures: ['P@2', 'mrr@2'] });
    expect(result.estimates['P@2']).toEqual(estimateMean(precision));
    expect(result.estimates['mrr@2']).toEqual(estimateMean(reciprocal));
    expect(result.humanQueries).toEqual(['q1', 'q2', 'q3']);
    expect(result.judgeOnlyQueries).toEqual(['q4', 'q5']);
    // The judge-only queries are not in the human qrels by design: no unjudged_queries warning for them.
    expect(new Set(result.warnings.map((entry) => `${entry.labels} ${entry.warning.code}`))).toEqual(new Set(['human unjudged_documents', 'judge unjudged_documents']));
  });

  it('passes alpha, alternative and lambda to estimateMean', () => {
    const options = { alpha: 0.1, alternative: 'larger', lambda: 1 } as const;
    expect(estimateRun(run, { human, judge }, { measures: ['P@2'], ...options }).estimates['P@2']).toEqual(estimateMean(precision, options));
  });

  it('reads a judgments store’s judges by name as their qrels', () => {
    const byName = estimateRun(run, { human: { store: { judgments, tornLine: undefined }, judge: 'ann' }, judge: { store: judgments, judge: 'llm' } }, { measures: ['P@2'] });
    expect(byName.estimates['P@2']).toEqual(estimateMean(precision));
  });

  it('gives evaluateRun’s warnings as data, with the labels they came from', () => {
    const result = estimateRun(run, { human, judge }, { measures: ['P@5'] });
    expect(result.warnings.filter((entry) => entry.warning.code === 'cutoff_beyond_run').map((entry) => [entry.labels, entry.warning.code])).toEqual([
      ['human', 'cutoff_beyond_run'],
      ['judge', 'cutoff_beyond_run'],
    ]);
  });
});

describe('estimateDifference, worked by hand', () => {
  it('is estimateMean of the per-query differences A − B', () => {
    const result = estimateDifference(run, swapped, { human, judge }, { measures: ['mrr@2'] });
    expect(result.estimates['mrr@2']).toEqual(estimateMean(difference));
    expect(result.judgeOnlyQueries).toEqual(['q4', 'q5']);
  });

  it('names the run of each warning', () => {
    const result = estimateDifference(run, swapped, { human, judge }, { measures: ['P@5'] });
    expect(result.warnings.filter((entry) => entry.warning.code === 'cutoff_beyond_run').map((entry) => [entry.labels, entry.run])).toEqual([
      ['human', 'a'],
      ['human', 'b'],
      ['judge', 'a'],
      ['judge', 'b'],
    ]);
  });
});

describe('estimateRun refuses bad input with a RankevalError naming the value', () => {
  it('a human-judged query the judge did not label', () => {
    const error = refusal(() => estimateRun(run, { human: { ...human, q6: { a: 1 } }, judge }, { measures: ['P@2'] }));
    expect(error).toMatchObject({ code: 'invalid_qrels', subject: { kind: 'query', query: 'q6' }, received: 'q6' });
    expect(error.message).toContain('query "q6" is judged by people but not by the judge');
  });

  it('a human-judged query that noRelevant: skip leaves out under the judge’s labels only', () => {
    // The judge calls nothing of q3 relevant (b: 0): skipped under its labels, scored under people's.
    const error = refusal(() => estimateRun(run, { human, judge: { ...judge, q3: { b: 0 } } }, { measures: ['P@2'], noRelevant: 'skip' }));
    expect(error).toMatchObject({ code: 'invalid_qrels', subject: { kind: 'query', query: 'q3' }, received: 'q3' });
  });

  it('fewer than 2 human-judged queries', () => {
    const error = refusal(() => estimateRun(run, { human: { q1: human.q1 }, judge }, { measures: ['P@2'] }));
    expect(error).toMatchObject({ code: 'no_queries', subject: { kind: 'argument', argument: 'human' }, received: 1 });
  });

  it('no query the judge alone labelled', () => {
    const error = refusal(() => estimateDifference(run, swapped, { human, judge: { q1: judge.q1, q2: judge.q2, q3: judge.q3 } }, { measures: ['P@2'] }));
    expect(error).toMatchObject({ code: 'no_queries', subject: { kind: 'argument', argument: 'judge' }, received: 0 });
  });

  it('a measure whose run figure is not a mean, as compare refuses it', () => {
    const error = refusal(() => estimateRun(run, { human, judge }, { measures: ['num_ret'] }));
    expect(error).toMatchObject({ code: 'invalid_option', received: 'num_ret' });
    expect(error.message).toContain('estimateRun');
  });

  it('an unknown option, a bad lambda, a store that is not one', () => {
    expect(refusal(() => estimateRun(run, { human, judge }, { measures: ['P@2'], lamda: 1 } as never))).toMatchObject({ code: 'invalid_option' });
    expect(refusal(() => estimateRun(run, { human, judge }, { measures: ['P@2'], lambda: 2 }))).toMatchObject({ code: 'invalid_option', received: 2 });
    expect(refusal(() => estimateRun(run, { human: { store: 3 as never, judge: 'ann' }, judge }, { measures: ['P@2'] }))).toMatchObject({ code: 'invalid_qrels', subject: { kind: 'argument', argument: 'human.store' } });
  });
});
