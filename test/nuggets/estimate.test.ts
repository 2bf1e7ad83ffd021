import { describe, expect, it } from 'vitest';
import { estimateNuggetScore } from '../../src/nuggets/estimate.js';
import { estimateMean } from '../../src/stats/ppi.js';
import type { NuggetAnswer, NuggetSupport } from '../../src/formats/nuggets.js';

/** An answer to topic `queryId` with one vital nugget per assignment given. */
const answer = (runId: string, queryId: string, ...assignments: NuggetSupport[]): NuggetAnswer => ({ runId, queryId, nuggets: assignments.map((assignment, i) => ({ text: `n${i}`, importance: 'vital', assignment })) });

// r1: the LLM assigns five topics, people check three. r2: people check one topic only.
const llm = [
  answer('r1', 't1', 'support', 'support'),
  answer('r1', 't2', 'partial_support', 'not_support'),
  answer('r1', 't3', 'support', 'not_support'),
  answer('r1', 't4', 'support', 'partial_support'),
  answer('r1', 't5', 'not_support', 'not_support'),
  answer('r2', 't1', 'support', 'support'),
  answer('r2', 't2', 'not_support', 'not_support'),
];
const people = [answer('r1', 't3', 'support', 'support'), answer('r1', 't1', 'support', 'partial_support'), answer('r1', 't2', 'not_support', 'not_support'), answer('r2', 't1', 'support', 'support')];

describe('estimateNuggetScore', () => {
  const result = estimateNuggetScore(llm, people, { score: 'vital' });

  it("is estimateMean of the checked answers' scores under people and under the LLM, and of the LLM's others", () => {
    // vital: (supported + 0.5 · partly supported) / 2 nuggets, topic by topic in topic-id order.
    const data = {
      human: [(1 + 0.5) / 2, 0 / 2, (1 + 1) / 2], // t1, t2, t3 under people
      judgeOnHuman: [(1 + 1) / 2, 0.5 / 2, 1 / 2], // the same under the LLM
      judgeOnRest: [(1 + 0.5) / 2, 0 / 2], // t4, t5: the LLM's only
    };
    expect(result.runs.r1).toEqual({ estimates: { vital: estimateMean(data) }, humanQueries: ['t1', 't2', 't3'], judgeOnlyQueries: ['t4', 't5'] });
    expect(estimateNuggetScore(llm, people, { score: 'vital', run: 'r1', lambda: 1, alpha: 0.1 }).runs.r1!.estimates.vital).toEqual(estimateMean(data, { lambda: 1, alpha: 0.1 }));
  });

  it('leaves out, with a warning as data, a run people did not check enough', () => {
    expect(Object.keys(result.runs)).toEqual(['r1']);
    expect(result.warnings).toEqual([{ code: 'not_estimated', run: 'r2', humanAnswers: 1, llmOnlyAnswers: 1, message: 'the estimate needs at least 2 answers of run "r2" people assigned, got 1; it is left out' }]);
    const everyAnswer = [...people, answer('r2', 't2', 'not_support', 'not_support')];
    expect(estimateNuggetScore(llm, everyAnswer, { score: 'vital' }).warnings).toEqual([{ code: 'not_estimated', run: 'r2', humanAnswers: 2, llmOnlyAnswers: 0, message: 'people assigned every answer of run "r2": the LLM\'s assignments have nothing to add; it is left out' }]);
  });

  it('refuses the run asked for when it cannot be estimated, and an unknown run', () => {
    expect(() => estimateNuggetScore(llm, people, { score: 'vital', run: 'r2' })).toThrowError(expect.objectContaining({ code: 'no_queries', subject: { kind: 'run', run: 'r2' }, received: 1 }));
    expect(() => estimateNuggetScore(llm, people, { score: 'vital', run: 'r9' })).toThrowError(expect.objectContaining({ code: 'invalid_option', subject: { kind: 'option', option: 'run' }, received: 'r9', message: 'estimateNuggetScore: expected `run` to be a run of `llmAssignments` ("r1", "r2"), got `"r9"` (string)' }));
    expect(() => estimateNuggetScore(llm, people.slice(3), { score: 'vital' })).toThrowError(expect.objectContaining({ code: 'no_queries', message: expect.stringContaining('no run has 2 answers people assigned') }));
  });

  it('refuses an answer people checked that the LLM did not assign, naming it', () => {
    expect(() => estimateNuggetScore(llm, [...people, answer('r1', 't9', 'support')], { score: 'vital' })).toThrowError(
      expect.objectContaining({ code: 'invalid_nuggets', at: { run: 'r1', query: 't9' }, message: 'estimateNuggetScore: people assigned run "r1"\'s answer to topic "t9", which the LLM did not: every answer people checked needs the LLM\'s assignments too' }),
    );
    expect(() => estimateNuggetScore(llm, [...people, answer('r7', 't1', 'support')], { score: 'vital' })).toThrowError(expect.objectContaining({ at: { run: 'r7', query: 't1' } }));
  });

  it('refuses bad options and answers as typed errors naming them', () => {
    expect(() => estimateNuggetScore(llm, people, { score: 'nope' as never })).toThrowError(expect.objectContaining({ code: 'invalid_option', subject: { kind: 'option', option: 'score' } }));
    expect(() => estimateNuggetScore(llm, people, { score: 'vital', run: 3 as never })).toThrowError(expect.objectContaining({ code: 'invalid_option', received: 3 }));
    expect(() => estimateNuggetScore(llm, people, { score: 'vital', alpha: 2 })).toThrowError(expect.objectContaining({ code: 'invalid_option', fn: 'estimateNuggetScore', received: 2 }));
    expect(() => estimateNuggetScore(llm, people, { score: 'vital', seed: 1 } as never)).toThrowError(expect.objectContaining({ code: 'invalid_option', received: 'seed' }));
    expect(() => estimateNuggetScore(llm, [{ runId: 'r1' }] as never, { score: 'vital' })).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', message: expect.stringContaining('humanAssignments[0].queryId') }));
    expect(() => estimateNuggetScore([...llm, llm[0]!], people, { score: 'vital' })).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', fn: 'estimateNuggetScore', message: expect.stringMatching(/^estimateNuggetScore: `llmAssignments`: run "r1" answers topic "t1" twice/) }));
  });
});
