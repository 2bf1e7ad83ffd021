import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { nuggetLabelAgreement, nuggetSystemAgreement, SUPPORT_GRADES } from '../../src/nuggets/agreement.js';
import { labelAgreement } from '../../src/agreement/label-agreement.js';
import { systemAgreementOfScores } from '../../src/analysis/system-agreement.js';
import type { NuggetAnswer, NuggetImportance, NuggetSupport } from '../../src/formats/nuggets.js';

type Label = readonly [text: string, importance: NuggetImportance, assignment: NuggetSupport];
const answer = (runId: string, queryId: string, ...nuggets: Label[]): NuggetAnswer => ({ runId, queryId, nuggets: nuggets.map(([text, importance, assignment]) => ({ text, importance, assignment })) });

// The LLM assigns three topics of r1 and r2; people check t1 and t2 of each.
const llm = [
  answer('r1', 't1', ['v1', 'vital', 'support'], ['o1', 'okay', 'partial_support']),
  answer('r1', 't2', ['v2', 'vital', 'partial_support'], ['o2', 'okay', 'not_support']),
  answer('r1', 't3', ['v3', 'vital', 'support']),
  answer('r2', 't1', ['v1', 'vital', 'not_support'], ['o1', 'okay', 'support']),
  answer('r2', 't2', ['v2', 'vital', 'support'], ['o2', 'okay', 'support']),
  answer('r2', 't3', ['v3', 'vital', 'not_support']),
];
const people = [
  answer('r1', 't1', ['v1', 'vital', 'support'], ['o1', 'okay', 'not_support']),
  answer('r1', 't2', ['v2', 'vital', 'support'], ['o2', 'okay', 'not_support']),
  answer('r2', 't1', ['v1', 'vital', 'not_support'], ['o1', 'okay', 'support']),
  answer('r2', 't2', ['v2', 'vital', 'partial_support'], ['o2', 'okay', 'support']),
];

/** The documented mapping, written out: each answer a query, each nugget a document graded by SUPPORT_GRADES. */
const mapped = (answers: readonly NuggetAnswer[], importance?: NuggetImportance): Record<string, Record<string, number>> =>
  Object.fromEntries(
    answers
      .map(({ runId, queryId, nuggets }) => [JSON.stringify([runId, queryId]), Object.fromEntries(nuggets.filter((nugget) => importance === undefined || nugget.importance === importance).map((nugget) => [nugget.text, SUPPORT_GRADES[nugget.assignment]]))] as const)
      .filter(([, grades]) => Object.keys(grades).length > 0),
  );

describe('nuggetLabelAgreement', () => {
  const result = nuggetLabelAgreement(llm, people);

  it('grades not_support 0, partial_support 1, support 2', () => {
    expect(SUPPORT_GRADES).toEqual({ not_support: 0, partial_support: 1, support: 2 });
  });

  it('gives κ over the vital nuggets and over the okay ones apart (worked by hand)', () => {
    // vital (A, B): (2,2) (1,2) (0,0) (2,1): p_o = 2/4; both sides' marginals 1/4, 1/4, 2/4.
    const vitalExpected = 1 / 16 + 1 / 16 + 4 / 16;
    expect(result.vital!.judged).toBe(4);
    expect(result.vital!.kappa.unweighted).toBeCloseTo((2 / 4 - vitalExpected) / (1 - vitalExpected), 12);
    // okay (A, B): (1,0) (0,0) (2,2) (2,2): p_o = 3/4; A's marginals 1/4, 1/4, 2/4, B's 2/4, 0, 2/4.
    const okayExpected = (1 / 4) * (2 / 4) + 0 + (2 / 4) * (2 / 4);
    expect(result.okay!.kappa.unweighted).toBeCloseTo((3 / 4 - okayExpected) / (1 - okayExpected), 12);
    expect(result.all.judged).toBe(8);
    expect(result.all.exact).toBe(5 / 8);
  });

  it('is labelAgreement on the mapping: all, vital and okay', () => {
    expect(result.all).toEqual(labelAgreement(mapped(llm), mapped(people)));
    expect(result.vital).toEqual(labelAgreement(mapped(llm, 'vital'), mapped(people, 'vital')));
    expect(result.okay).toEqual(labelAgreement(mapped(llm, 'okay'), mapped(people, 'okay')));
    expect(nuggetLabelAgreement(llm, people, { samples: 10, seed: 7 }).all).toEqual(labelAgreement(mapped(llm), mapped(people), { samples: 10, seed: 7 }));
  });

  test.prop([fc.array(fc.tuple(fc.constantFrom('r1', 'r2'), fc.constantFrom('t1', 't2', '3'), fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c', 'constructor'), fc.constantFrom<NuggetSupport>('support', 'partial_support', 'not_support'), fc.constantFrom<NuggetSupport>('support', 'partial_support', 'not_support')), { selector: ([text]) => text, minLength: 1 })), { minLength: 1, maxLength: 6 })], { numRuns: 60 })(
    'equals labelAgreement on the mapping, whatever the answers',
    (drawn) => {
      const answers = [...new Map(drawn.map((entry) => [`${entry[0]} ${entry[1]}`, entry])).values()];
      // A nugget's importance follows its text, so that the sides agree on it.
      const side = (pick: 1 | 2) => answers.map(([runId, queryId, nuggets]) => ({ runId, queryId, nuggets: nuggets.map((nugget) => ({ text: nugget[0], importance: (nugget[0] === 'a' ? 'vital' : 'okay') as NuggetImportance, assignment: nugget[pick] })) }));
      const [a, b] = [side(1), side(2)];
      expect(nuggetLabelAgreement(a, b, { samples: 20 }).all).toEqual(labelAgreement(mapped(a), mapped(b), { samples: 20 }));
    },
  );

  it('counts and warns of the nuggets only one side labelled, listing them', () => {
    expect(result.all.onlyA).toEqual({ '["r1","t3"]': ['v3'], '["r2","t3"]': ['v3'] });
    expect(result.warnings).toEqual([{ code: 'unmatched_nuggets', onlyA: 2, onlyB: 0, message: '2 nuggets only assignmentsA labels and 0 only assignmentsB labels are left out (all.onlyA, all.onlyB)' }]);
    // Without people's r1/t1 (v1, o1) but with an r1/t1 of their own (x): A alone has v1, o1 and the two v3.
    const extra = [...people.slice(1), answer('r1', 't1', ['x', 'okay', 'support'])];
    expect(nuggetLabelAgreement(llm, extra).warnings[0]).toMatchObject({ onlyA: 4, onlyB: 1 });
  });

  it('leaves the okay figures null, and says so, when no okay nugget is labelled by both', () => {
    const vitalOnly = nuggetLabelAgreement([answer('r1', 't3', ['v3', 'vital', 'support'])], [answer('r1', 't3', ['v3', 'vital', 'not_support'], ['o9', 'okay', 'support'])]);
    expect(vitalOnly.vital!.judged).toBe(1);
    expect(vitalOnly.okay).toBeNull();
    expect(vitalOnly.warnings).toContainEqual({ code: 'no_nuggets', importance: 'okay', message: 'no okay nugget is labelled by both assigners: the okay figures are left out' });
  });

  it('refuses what it cannot match, naming the side, the run and the topic', () => {
    expect(() => nuggetLabelAgreement(llm, [answer('r9', 't9', ['z', 'vital', 'support'])])).toThrowError(expect.objectContaining({ code: 'undefined_statistic', fn: 'nuggetLabelAgreement' }));
    expect(() => nuggetLabelAgreement(llm, people, { grades: 2 })).toThrowError(
      expect.objectContaining({ code: 'invalid_nuggets', at: { run: 'r1', query: 't1' }, received: 'partial_support', message: 'nuggetLabelAgreement: in `assignmentsA`, the answer of run "r1" to topic "t1" assigns `partial_support` to "o1", which an assigner on 2 grades does not give (grades: 2)' }),
    );
    expect(() => nuggetLabelAgreement(llm, [answer('r1', 't1', ['v1', 'okay', 'support'])])).toThrowError(
      expect.objectContaining({ code: 'invalid_nuggets', at: { run: 'r1', query: 't1' }, received: 'okay', message: expect.stringContaining('is vital in `assignmentsA` and okay in `assignmentsB`') }),
    );
    expect(() => nuggetLabelAgreement(llm, [answer('r1', 't1', ['v1', 'vital', 'support'], ['v1', 'vital', 'support'])])).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', received: 'v1', message: expect.stringContaining('in `assignmentsB`, the answer of run "r1" to topic "t1" has the nugget "v1" twice') }));
    expect(() => nuggetLabelAgreement(llm, [people[0]!, people[0]!])).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', message: 'nuggetLabelAgreement: in `assignmentsB`, run "r1" answers topic "t1" twice' }));
    expect(() => nuggetLabelAgreement(llm, [{ runId: 'r1', queryId: 't1', nuggets: [{ text: 'v1', importance: 'vital', assignment: 'yes' }] }] as never)).toThrowError(
      expect.objectContaining({ code: 'invalid_nuggets', received: 'yes', message: expect.stringContaining('assignmentsB[0].nuggets[0].assignment') }),
    );
    expect(() => nuggetLabelAgreement(llm, people, { grades: 4 as never })).toThrowError(expect.objectContaining({ code: 'invalid_option', received: 4 }));
    expect(() => nuggetLabelAgreement(null as never, people)).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', received: null }));
  });
});

describe('nuggetSystemAgreement', () => {
  // r3 is added so that three runs are ordered; people check its t1 and t2 too.
  const llm3 = [...llm, answer('r3', 't1', ['v1', 'vital', 'partial_support']), answer('r3', 't2', ['v2', 'vital', 'support']), answer('r3', 't3', ['v3', 'vital', 'partial_support'])];
  const people3 = [...people, answer('r3', 't1', ['v1', 'vital', 'not_support']), answer('r3', 't2', ['v2', 'vital', 'support'])];
  const result = nuggetSystemAgreement(llm3, people3, { score: 'vital' });

  it('orders the runs by their vital score over the topics both assigned (worked by hand)', () => {
    // vital per topic, LLM: r1 1, 0.5 | r2 0, 1 | r3 0.5, 1; people: r1 1, 1 | r2 0, 0.5 | r3 0, 1.
    expect(result.measure).toBe('vital');
    expect(result.queries).toBe(2);
    expect(result.runs).toEqual([
      { run: 'r1', meanA: (1 + 0.5) / 2, meanB: (1 + 1) / 2 },
      { run: 'r3', meanA: (0.5 + 1) / 2, meanB: (0 + 1) / 2 },
      { run: 'r2', meanA: (0 + 1) / 2, meanB: (0 + 0.5) / 2 },
    ]);
    expect(result.warnings[0]).toMatchObject({ code: 'different_queries', onlyA: { count: 1, queries: ['t3'] }, onlyB: { count: 0 } });
    expect(result.warnings[0]!.message).toBe('assignmentsA and assignmentsB judge different queries: 1 only assignmentsA judges (t3), none only assignmentsB judges; the means are over the 2 both judge');
  });

  it('is systemAgreementOfScores on the per-topic scores', () => {
    const scoresA = { r1: { t1: 1, t2: 0.5, t3: 1 }, r2: { t1: 0, t2: 1, t3: 0 }, r3: { t1: 0.5, t2: 1, t3: 0.5 } };
    const scoresB = { r1: { t1: 1, t2: 1 }, r2: { t1: 0, t2: 0.5 }, r3: { t1: 0, t2: 1 } };
    const tables = systemAgreementOfScores(scoresA, scoresB, { measure: 'vital', topK: 2, test: 'sign' });
    const renamed = { ...tables, warnings: tables.warnings.map((warning) => ({ ...warning, message: warning.message.replaceAll('scores', 'assignments') })) };
    expect(nuggetSystemAgreement(llm3, people3, { score: 'vital', topK: 2, test: 'sign' })).toEqual(renamed);
  });

  it('scores a topic a run did not answer 0, on the topics of its file or of `topics`', () => {
    const withoutAnswer = llm3.filter((given) => !(given.runId === 'r2' && given.queryId === 't2'));
    expect(nuggetSystemAgreement(withoutAnswer, people3, { score: 'vital' }).runs.find(({ run }) => run === 'r2')!.meanA).toBe((0 + 0) / 2);
    // On every topic, people's unchecked t3 scores 0 for every run: the figures are over three topics.
    const onBank = nuggetSystemAgreement(llm3, people3, { score: 'vital', topics: ['t1', 't2', 't3'] });
    expect(onBank.queries).toBe(3);
    expect(onBank.runs[0]).toEqual({ run: 'r1', meanA: (1 + 0.5 + 1) / 3, meanB: (1 + 1 + 0) / 3 });
    expect(onBank.warnings.filter(({ code }) => code === 'different_queries')).toEqual([]);
  });

  it('refuses an unknown score, a run of one side only, and names the side whose answers are bad', () => {
    expect(() => nuggetSystemAgreement(llm3, people3, { score: 'recall' as never })).toThrowError(expect.objectContaining({ code: 'invalid_option', subject: { kind: 'option', option: 'score' }, received: 'recall' }));
    expect(() => nuggetSystemAgreement(llm3, people, { score: 'vital' })).toThrowError(expect.objectContaining({ code: 'invalid_option', subject: { kind: 'run', run: 'r3' }, message: expect.stringContaining('expected run "r3" to be a run `assignmentsB` scores too') }));
    expect(() => nuggetSystemAgreement(llm3, [...people3, people3[0]!], { score: 'vital' })).toThrowError(
      expect.objectContaining({ code: 'invalid_nuggets', fn: 'nuggetSystemAgreement', at: { run: 'r1', query: 't1' }, message: expect.stringMatching(/^nuggetSystemAgreement: `assignmentsB`: .*answers topic "t1" twice/) }),
    );
    expect(() => nuggetSystemAgreement(llm3, people3, { score: 'vital', topics: ['t1'] })).toThrowError(expect.objectContaining({ code: 'invalid_option', fn: 'nuggetSystemAgreement', subject: { kind: 'option', option: 'topics' } }));
    expect(() => nuggetSystemAgreement(llm3, people3, undefined as never)).toThrowError(expect.objectContaining({ code: 'invalid_option' }));
  });
});
