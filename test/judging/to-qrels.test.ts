import { describe, expect, it } from 'vitest';
import { labelAgreement } from '../../src/agreement/label-agreement.js';
import type { Judgment } from '../../src/formats/judgments.js';
import { toQrels, toQrelsByJudge } from '../../src/judging/to-qrels.js';

const at = '2026-12-05T02:00:00.000Z';
const j = (judge: string, query_id: string, doc_id: string, grade: number): Judgment => ({ query_id, doc_id, grade, judge, at });

// Three judges of one pool: alice and bob are people, gpt a model.
const store: Judgment[] = [
  j('alice', 'q1', 'd1', 2),
  j('gpt', 'q1', 'd1', 3),
  j('bob', 'q1', 'd1', 2),
  j('alice', 'q1', 'd2', 0),
  j('gpt', 'q1', 'd2', 1),
  j('bob', 'q1', 'd2', 1),
  j('alice', 'q2', 'd7', 3),
  j('gpt', 'q2', 'd7', 3),
  j('bob', 'q2', 'd7', 1),
  j('alice', 'q2', 'd8', 1), // alice alone judged d8
  j('alice', 'q1', 'd2', 1), // alice's later word on d2
];

const asObject = (qrels: Map<string, Map<string, number>>) => Object.fromEntries([...qrels].map(([qid, docs]) => [qid, Object.fromEntries(docs)]));

describe('toQrels', () => {
  it("takes one judge's grades, each judge's last line counting", () => {
    expect(asObject(toQrels(store, { judge: 'alice' }))).toEqual({ q1: { d1: 2, d2: 1 }, q2: { d7: 3, d8: 1 } });
    expect(asObject(toQrels(store, { judge: 'gpt' }))).toEqual({ q1: { d1: 3, d2: 1 }, q2: { d7: 3 } });
  });

  it('keeps the order in which queries and documents were first judged', () => {
    const qrels = toQrels([j('a', 'q9', 'z', 1), j('a', 'q1', 'b', 0), j('a', 'q9', 'a', 2)]);
    expect([...qrels.keys()]).toEqual(['q9', 'q1']);
    expect([...qrels.get('q9')!.keys()]).toEqual(['z', 'a']);
  });

  it('combines by majority, a tie going to the lowest grade tied', () => {
    // q1/d1: 2, 3, 2 → 2; q1/d2: alice 1 (her later word), gpt 1, bob 1 → 1; q2/d7: 3, 3, 1 → 3; q2/d8: alice alone.
    expect(asObject(toQrels(store, { combine: 'majority' }))).toEqual({ q1: { d1: 2, d2: 1 }, q2: { d7: 3, d8: 1 } });
    // Two judges, 3 against 1 on q2/d7: a tie, the lower grade.
    expect(toQrels(store, { judge: ['gpt', 'bob'], combine: 'majority' }).get('q2')!.get('d7')).toBe(1);
  });

  it('combines by the mean grade', () => {
    expect(asObject(toQrels(store, { combine: 'mean' }))).toEqual({ q1: { d1: (2 + 3 + 2) / 3, d2: (1 + 1 + 1) / 3 }, q2: { d7: (3 + 3 + 1) / 3, d8: 1 } });
  });

  it("takes, with 'prefer', the grade of the first judge in the list who graded the document", () => {
    // bob over gpt: bob graded q1/d1, q1/d2 and q2/d7; d8 only alice, who is not counted.
    expect(asObject(toQrels(store, { judge: ['bob', 'gpt'], combine: 'prefer' }))).toEqual({ q1: { d1: 2, d2: 1 }, q2: { d7: 1 } });
    // gpt over alice: gpt's grades, and alice's where gpt graded none (q2/d8).
    expect(asObject(toQrels(store, { judge: ['gpt', 'alice'], combine: 'prefer' }))).toEqual({ q1: { d1: 3, d2: 1 }, q2: { d7: 3, d8: 1 } });
    expect(asObject(toQrels(store, { judge: ['alice', 'gpt'], combine: 'prefer' }))).toEqual({ q1: { d1: 2, d2: 1 }, q2: { d7: 3, d8: 1 } });
  });

  it("keeps, with 'prefer', the person's higher grade where majority of two judges takes the lower", () => {
    const two = [j('ann', 'q1', 'd1', 3), j('llm', 'q1', 'd1', 1), j('llm', 'q1', 'd2', 2)];
    expect(asObject(toQrels(two, { judge: ['ann', 'llm'], combine: 'majority' }))).toEqual({ q1: { d1: 1, d2: 2 } });
    expect(asObject(toQrels(two, { judge: ['ann', 'llm'], combine: 'prefer' }))).toEqual({ q1: { d1: 3, d2: 2 } });
    expect(asObject(toQrels(two, { judge: ['llm', 'ann'], combine: 'prefer' }))).toEqual({ q1: { d1: 1, d2: 2 } });
  });

  it("refuses 'prefer' without the judges in order", () => {
    expect(() => toQrels(store, { combine: 'prefer' })).toThrowError(
      expect.objectContaining({ code: 'invalid_option', subject: { kind: 'option', option: 'judge' }, message: "toQrels: 'prefer' (`combine`) takes the judges in order of preference: name them (`judge`)" }),
    );
  });

  it('refuses to pick one judge among several', () => {
    expect(() => toQrels(store)).toThrow(`toQrels: the judgments are by 3 judges ("alice", "gpt", "bob"); name one (\`judge\`) or combine them (\`combine\`: 'majority', 'mean' or 'prefer')`);
  });

  it('reads a judge named but absent as no judgments', () => {
    expect(toQrels(store, { judge: 'carol' }).size).toBe(0);
  });

  it('feeds labelAgreement two judges of one store', () => {
    const agreement = labelAgreement(toQrels(store, { judge: 'alice' }), toQrels(store, { judge: 'gpt' }), { samples: 10 });
    // d1 2/3, d2 1/1, d7 3/3 judged by both; d8 by alice only.
    expect(agreement.judged).toBe(3);
    expect(agreement.exact).toBe(2 / 3);
    expect(agreement.onlyA).toEqual({ q2: ['d8'] });
  });

  it('refuses bad options and judgments', () => {
    expect(() => toQrels(store, { combine: 'median' as 'mean' })).toThrow("toQrels: expected `combine` to be 'judge', 'majority', 'mean' or 'prefer', got `\"median\"` (string)");
    expect(() => toQrels(store, { judge: 3 as unknown as string })).toThrow("toQrels: expected `judge` to be a judge's name or a list of names, got `3` (number)");
    expect(() => toQrels(store, { judges: 'a' } as never)).toThrow('toQrels: expected every option to be one of `judge`, `combine`, got `"judges"` (string)');
    expect(() => toQrels([{ ...store[0]!, grade: Number.NaN }])).toThrow('toQrels: expected the grade of judgments[0] to be a finite number, got `NaN` (number)');
    expect(() => toQrels([null as unknown as Judgment])).toThrow('toQrels: expected judgments[0] to be a judgment with string `query_id`, `doc_id` and `judge`, got `null` (null)');
  });

  it('refuses what is not a list of judgments, a store read whole the likely slip, as a RankevalError naming it', () => {
    const read = { judgments: store, tornLine: undefined }; // parseJudgments' answer, given for its `judgments`
    for (const fn of [toQrels, toQrelsByJudge] as const) {
      for (const judgments of [read, null, 5]) {
        expect(() => fn(judgments as unknown as Judgment[])).toThrowError(
          expect.objectContaining({ code: 'invalid_qrels', fn: fn.name, received: judgments, message: expect.stringContaining("expected `judgments` to be an iterable of judgments (a store's list: `store.judgments`)") }),
        );
      }
      const throwing = { [Symbol.iterator]: () => { throw new Error('no more'); } };
      expect(() => fn(throwing as unknown as Judgment[])).toThrowError(expect.objectContaining({ code: 'invalid_qrels', message: `${fn.name}: reading \`judgments\` threw Error: no more` }));
      const { proxy, revoke } = Proxy.revocable<Judgment[]>([], {});
      revoke();
      expect(() => fn(proxy)).toThrowError(expect.objectContaining({ code: 'invalid_qrels', message: expect.stringMatching(new RegExp(`^${fn.name}: reading \`judgments\` threw TypeError`)) }));
    }
  });
});

describe('toQrelsByJudge', () => {
  const byJudge = (qrels: Map<string, Map<string, Map<string, number>>>) => Object.fromEntries([...qrels].map(([judge, judged]) => [judge, asObject(judged)]));

  it("gives each judge's own qrels, the judge's last word on a document counting", () => {
    expect(byJudge(toQrelsByJudge(store))).toEqual({
      alice: { q1: { d1: 2, d2: 1 }, q2: { d7: 3, d8: 1 } },
      gpt: { q1: { d1: 3, d2: 1 }, q2: { d7: 3 } },
      bob: { q1: { d1: 2, d2: 1 }, q2: { d7: 1 } },
    });
  });

  it('keeps only the judges named', () => {
    expect([...toQrelsByJudge(store, { judge: ['bob', 'nobody'] }).keys()]).toEqual(['bob']);
    expect(toQrelsByJudge(store, { judge: 'alice' }).get('alice')).toEqual(toQrels(store, { judge: 'alice' }));
  });

  it('refuses a bad option', () => {
    expect(() => toQrelsByJudge(store, { judge: 3 as never })).toThrow("toQrelsByJudge: expected `judge` to be a judge's name or a list of names, got `3` (number)");
  });
});
