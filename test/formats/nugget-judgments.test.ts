import { describe, expect, it } from 'vitest';
import { parseJudgments } from '../../src/formats/judgments.js';
import { nuggetAssignmentsOf, parseNuggetJudgments, readNuggetJudgments, type NuggetJudgment } from '../../src/formats/nugget-judgments.js';
import { parseNuggetAssignments } from '../../src/formats/nuggets.js';
import { evaluateNuggets } from '../../src/nuggets/evaluate-nuggets.js';

const assignment = (fields: Partial<Record<keyof NuggetJudgment, unknown>> = {}): NuggetJudgment =>
  ({ topic_id: 't1', run_id: 'bm25-gpt', nugget: 'a', importance: 'vital', assignment: 'support', judge: 'gpt', at: '2026-12-07T23:30:00.000Z', ...fields }) as NuggetJudgment;
const line = (fields: Partial<Record<keyof NuggetJudgment, unknown>> = {}): string => `${JSON.stringify(assignment(fields))}\n`;
const judgmentLine = `${JSON.stringify({ query_id: 'q1', doc_id: 'd1', grade: 2, judge: 'alice', at: '2026-12-05T02:00:00.000Z' })}\n`;

describe('parseNuggetJudgments', () => {
  it('reads one assignment a line, in file order, skipping blank lines, rationale and usage kept', () => {
    const text = line() + '\n' + line({ nugget: 'b', assignment: 'partial_support', rationale: 'half of it', usage: { prompt_tokens: 812 } });
    expect(parseNuggetJudgments(text)).toEqual({
      judgments: [assignment(), assignment({ nugget: 'b', assignment: 'partial_support', rationale: 'half of it', usage: { prompt_tokens: 812 } })],
      tornLine: undefined,
    });
  });

  it('sets aside a half-written last line, and says which', async () => {
    const whole = line() + line({ nugget: 'b' });
    const torn = whole + line({ nugget: 'c' }).slice(0, 30);
    expect(parseNuggetJudgments(torn, { file: 'n.jsonl' })).toEqual({ judgments: parseNuggetJudgments(whole).judgments, tornLine: 3 });
    expect(await readNuggetJudgments([torn.slice(0, 50), torn.slice(50)])).toEqual({ judgments: parseNuggetJudgments(whole).judgments, tornLine: 3 });
  });

  it('refuses a bad line that is not the last, naming file and line', () => {
    expect(() => parseNuggetJudgments(line() + '{"topic_id":"t\n' + line(), { file: 'n.jsonl' })).toThrow(/^n\.jsonl:2: invalid JSON/);
  });

  it.each([
    [{ topic_id: '' }, '"topic_id" must be a non-empty string, got ""'],
    [{ run_id: 3 }, '"run_id" must be a non-empty string, got 3'],
    [{ nugget: null }, `"nugget" must be the nugget's text, a string, got null`],
    [{ importance: 'high' }, '"importance" must be "vital" or "okay", got "high"'],
    [{ assignment: 'supported' }, '"assignment" must be "support", "partial_support" or "not_support", got "supported"'],
    [{ judge: '' }, '"judge" must be a non-empty string, got ""'],
    [{ at: '2026-02-30' }, '"at" must be an ISO 8601 time of a real calendar date, got "2026-02-30"'],
    [{ usage: { tokens: -1 } }, '"usage" must be an object of counts (finite numbers ≥ 0), got {"tokens":-1}'],
  ])('refuses an assignment with %j at its line, even as the last line (written whole, no torn write)', (fields, message) => {
    expect(() => parseNuggetJudgments(line() + line(fields), { file: 'n.jsonl' })).toThrowError(expect.objectContaining({ code: 'parse_error', subject: { kind: 'file', file: 'n.jsonl', line: 2 }, message: `n.jsonl:2: ${message}` }));
    expect(() => parseNuggetJudgments(line() + line(fields).trimEnd(), { file: 'n.jsonl' })).toThrow(`n.jsonl:2: ${message}`);
  });
});

describe('a store of the other kind', () => {
  it('is refused as wrong_file_kind where a nugget-assignment store is read, naming what it is', () => {
    expect(() => parseNuggetJudgments(judgmentLine, { file: 'j.jsonl' })).toThrowError(
      expect.objectContaining({ code: 'wrong_file_kind', subject: { kind: 'file', file: 'j.jsonl', line: 1 }, expected: 'a nugget-assignment store', message: 'j.jsonl:1: this looks like a judgments store (read it with parseJudgments or readJudgments), not a nugget-assignment store' }),
    );
  });

  it('is refused as wrong_file_kind where a judgments store is read, naming what it is', () => {
    expect(() => parseJudgments(judgmentLine + line(), { file: 'n.jsonl' })).toThrowError(expect.objectContaining({ code: 'wrong_file_kind', subject: { kind: 'file', file: 'n.jsonl', line: 2 }, expected: 'a judgments store' }));
    expect(() => parseJudgments(line(), { file: 'n.jsonl' })).toThrow(/^n\.jsonl:1: this looks like a nugget-assignment store \(read it with parseNuggetJudgments/);
  });

  it('is refused as wrong_file_kind where nuggetizer assignments are read, a nugget store or a judgments store', () => {
    for (const store of [line(), judgmentLine]) {
      expect(() => parseNuggetAssignments(store, { file: 's.jsonl' })).toThrowError(expect.objectContaining({ code: 'wrong_file_kind', subject: { kind: 'file', file: 's.jsonl', line: 1 }, expected: "a nugget assignments file (nuggetizer's assign output)" }));
    }
    expect(() => parseNuggetAssignments(line())).toThrow(/nuggetAssignmentsOf turns it into nuggetizer's assignments/);
  });
});

describe('nuggetAssignmentsOf', () => {
  const bank = { t1: { query: 'why?', nuggets: [{ text: 'a', importance: 'vital' as const }, { text: 'b', importance: 'okay' as const }] } };

  it('gives one answer per (run, topic) in order of first line, the last line of a nugget counting', () => {
    const store = parseNuggetJudgments(line({ nugget: 'b', importance: 'okay', assignment: 'not_support' }) + line({ run_id: 'bm25' }) + line() + line({ assignment: 'partial_support' }));
    expect(nuggetAssignmentsOf(store)).toEqual([
      { runId: 'bm25-gpt', queryId: 't1', nuggets: [{ text: 'b', importance: 'okay', assignment: 'not_support' }, { text: 'a', importance: 'vital', assignment: 'partial_support' }] },
      { runId: 'bm25', queryId: 't1', nuggets: [{ text: 'a', importance: 'vital', assignment: 'support' }] },
    ]);
  });

  it("puts each answer's nuggets in the bank's order and gives the topic's question", () => {
    const store = [assignment({ nugget: 'b', importance: 'okay', assignment: 'not_support' }), assignment()];
    expect(nuggetAssignmentsOf(store, { bank })).toEqual([
      { runId: 'bm25-gpt', queryId: 't1', query: 'why?', nuggets: [{ text: 'a', importance: 'vital', assignment: 'support' }, { text: 'b', importance: 'okay', assignment: 'not_support' }] },
    ]);
  });

  it('scores as the same assignments written by nuggetizer score', () => {
    const store = [assignment({ nugget: 'b', importance: 'okay', assignment: 'partial_support' }), assignment()];
    const nuggetizer = parseNuggetAssignments('{"qid": "t1", "run_id": "bm25-gpt", "nuggets": [{"text": "a", "importance": "vital", "assignment": "support"}, {"text": "b", "importance": "okay", "assignment": "partial_support"}]}\n');
    expect(evaluateNuggets(nuggetAssignmentsOf(store, { bank }))).toEqual(evaluateNuggets(nuggetizer.map(({ line: _, ...answer }) => ({ ...answer, query: 'why?' }))));
    // all_score of the one answer: (1 + 0.5) / 2 nuggets.
    expect(evaluateNuggets(nuggetAssignmentsOf(store, { bank })).mean!.all).toBe((1 + 0.5) / 2);
  });

  it('takes one judge of several when named, and asks for a name when none is given', () => {
    const store = [assignment(), assignment({ judge: 'alice', assignment: 'not_support' })];
    expect(nuggetAssignmentsOf(store, { judge: 'alice' })[0]!.nuggets).toEqual([{ text: 'a', importance: 'vital', assignment: 'not_support' }]);
    expect(() => nuggetAssignmentsOf(store)).toThrowError(expect.objectContaining({ code: 'invalid_option', fn: 'nuggetAssignmentsOf', subject: { kind: 'option', option: 'judge' }, expected: `one of the store's judges ("gpt", "alice")` }));
  });

  it('refuses, with a bank, a topic or a nugget not in it, and an answer missing one of its nuggets', () => {
    expect(() => nuggetAssignmentsOf([assignment({ topic_id: 't9' })], { bank })).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', received: 't9', at: { run: 'bm25-gpt', query: 't9' } }));
    expect(() => nuggetAssignmentsOf([assignment(), assignment({ nugget: 'b' }), assignment({ nugget: 'z' })], { bank })).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', received: 'z' }));
    expect(() => nuggetAssignmentsOf([assignment()], { bank })).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', received: 'b', at: { run: 'bm25-gpt', query: 't1' } }));
  });

  it('refuses what is not a store or an assignment, naming the value', () => {
    expect(() => nuggetAssignmentsOf(7 as never)).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', subject: { kind: 'argument', argument: 'store' }, received: 7 }));
    expect(() => nuggetAssignmentsOf([assignment({ assignment: 'yes' })])).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', what: 'store.judgments[0].assignment', received: 'yes' }));
    expect(() => nuggetAssignmentsOf([assignment({ run_id: '' })])).toThrowError(expect.objectContaining({ code: 'invalid_nuggets', what: 'store.judgments[0].run_id' }));
    expect(() => nuggetAssignmentsOf([assignment()], { judge: '' })).toThrowError(expect.objectContaining({ code: 'invalid_option', subject: { kind: 'option', option: 'judge' } }));
  });
});
