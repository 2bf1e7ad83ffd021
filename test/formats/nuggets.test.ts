import { describe, expect, it } from 'vitest';
import { caught } from '../helpers/caught.js';
import { parseNuggetAssignments, parseNuggetBank, readNuggetAssignments, readNuggetBank } from '../../src/formats/nuggets.js';

const nugget = (importance: string, assignment?: string): Record<string, string> => ({ text: `${importance} fact`, importance, ...(assignment === undefined ? {} : { assignment }) });
const line = (fields: Record<string, unknown>): string =>
  `${JSON.stringify({ query: 'why?', qid: '1', answer_text: 'because', response_length: 1, run_id: 'run-a', nuggets: [nugget('vital', 'support')], ...fields })}\n`;

describe('parseNuggetAssignments', () => {
  it('reads one answer a line, in file order, with its run, topic, text and nuggets, skipping blank lines', () => {
    const text = line({}) + '\n' + line({ qid: 2, run_id: 'run-b', nuggets: [nugget('okay', 'partial_support'), nugget('vital', 'not_support')] });
    expect(parseNuggetAssignments(text)).toEqual([
      { runId: 'run-a', queryId: '1', query: 'why?', answerText: 'because', nuggets: [{ text: 'vital fact', importance: 'vital', assignment: 'support' }], line: 1 },
      {
        runId: 'run-b',
        queryId: '2',
        query: 'why?',
        answerText: 'because',
        nuggets: [
          { text: 'okay fact', importance: 'okay', assignment: 'partial_support' },
          { text: 'vital fact', importance: 'vital', assignment: 'not_support' },
        ],
        line: 3,
      },
    ]);
  });

  it('reads an empty file as no answers', () => {
    expect(parseNuggetAssignments('')).toEqual([]);
  });

  it('refuses an unknown importance or assignment, naming the file, the line and the value', () => {
    const importance = caught(() => parseNuggetAssignments(line({}) + line({ qid: '2', nuggets: [nugget('crucial', 'support')] }), { file: 'a.jsonl' }));
    expect(importance).toMatchObject({ code: 'parse_error', subject: { kind: 'file', file: 'a.jsonl', line: 2 }, received: 'crucial' });
    expect(importance.message).toBe('a.jsonl:2: "nuggets"[0].importance must be "vital" or "okay", got "crucial"');
    const assignment = caught(() => parseNuggetAssignments(line({ nuggets: [nugget('vital', 'supported')] }), { file: 'a.jsonl' }));
    expect(assignment).toMatchObject({ code: 'parse_error', subject: { kind: 'file', file: 'a.jsonl', line: 1 }, received: 'supported' });
    expect(assignment.message).toContain('"nuggets"[0].assignment must be "support", "partial_support" or "not_support", got "supported"');
  });

  it('refuses partial_support in a file read on 2 grades, at its line', () => {
    const text = line({}) + line({ qid: '2', nuggets: [nugget('okay', 'not_support'), nugget('vital', 'partial_support')] });
    expect(parseNuggetAssignments(text, { grades: 3 })).toHaveLength(2);
    const error = caught(() => parseNuggetAssignments(text, { file: 'two.jsonl', grades: 2 }));
    expect(error).toMatchObject({ code: 'parse_error', subject: { kind: 'file', file: 'two.jsonl', line: 2 }, received: 'partial_support' });
    expect(error.message).toBe('two.jsonl:2: "nuggets"[1].assignment is "partial_support" in a file of 2 grades (support, not_support)');
    expect(caught(() => parseNuggetAssignments(text, { grades: 4 as 3 }))).toMatchObject({ code: 'invalid_option', subject: { kind: 'option', option: 'grades' }, received: 4 });
  });

  it('refuses malformed JSON at its line', () => {
    const error = caught(() => parseNuggetAssignments(line({}) + '{"qid": "2", "run_id": \n', { file: 'a.jsonl' }));
    expect(error).toMatchObject({ code: 'parse_error', subject: { kind: 'file', file: 'a.jsonl', line: 2 } });
    expect(error.message).toMatch(/^a\.jsonl:2: invalid JSON/);
  });

  it('refuses a topic answered twice by one run, naming both lines', () => {
    const error = caught(() => parseNuggetAssignments(line({}) + line({ run_id: 'run-b' }) + line({ qid: 1 }), { file: 'a.jsonl' }));
    expect(error).toMatchObject({ code: 'parse_error', subject: { kind: 'file', file: 'a.jsonl', line: 3 }, received: '1' });
    expect(error.message).toBe('a.jsonl:3: run "run-a" answers topic "1" twice (lines 1 and 3)');
  });

  it('refuses a line without its run, topic or nuggets', () => {
    expect(caught(() => parseNuggetAssignments(line({ run_id: undefined }))).message).toBe('<input>:1: "run_id" must be a non-empty string, got nothing');
    expect(caught(() => parseNuggetAssignments(line({ qid: '' }))).message).toBe('<input>:1: "qid" must be a non-empty string, got ""');
    expect(caught(() => parseNuggetAssignments(line({ nuggets: 'none' }))).message).toBe('<input>:1: "nuggets" must be an array, got "none"');
    expect(caught(() => parseNuggetAssignments(line({ nuggets: [null] }))).message).toMatch(/^<input>:1: "nuggets"\[0\] must be an object/);
    expect(caught(() => parseNuggetAssignments(line({ nuggets: [{ importance: 'vital', assignment: 'support' }] }))).message).toBe('<input>:1: "nuggets"[0].text must be a string, got nothing');
  });
});

describe('parseNuggetBank', () => {
  it('reads topic id → question and nuggets, a topic with none included', () => {
    const text = `${JSON.stringify({ query: 'why?', qid: '7', nuggets: [nugget('vital'), nugget('okay')] })}\n${JSON.stringify({ qid: 8, nuggets: [] })}\n`;
    expect(parseNuggetBank(text)).toEqual({
      '7': { query: 'why?', nuggets: [{ text: 'vital fact', importance: 'vital' }, { text: 'okay fact', importance: 'okay' }] },
      '8': { nuggets: [] },
    });
  });

  it('refuses a topic given twice and an unknown importance, at their lines', () => {
    const once = `${JSON.stringify({ qid: '7', nuggets: [] })}\n`;
    expect(caught(() => parseNuggetBank(once + once, { file: 'b.jsonl' })).message).toBe('b.jsonl:2: query "7" appears twice (lines 1 and 2)');
    expect(caught(() => parseNuggetBank(`${JSON.stringify({ qid: '7', nuggets: [nugget('high')] })}\n`, { file: 'b.jsonl' }))).toMatchObject({ subject: { file: 'b.jsonl', line: 1 }, received: 'high' });
  });
});

describe('readNuggetAssignments and readNuggetBank', () => {
  it('read a stream of chunks cut anywhere as the parse functions read the whole', async () => {
    const text = line({}) + line({ qid: '2', nuggets: [nugget('okay', 'partial_support')] });
    const chunks = [text.slice(0, 7), text.slice(7, 60), text.slice(60)];
    expect(await readNuggetAssignments(chunks, { file: 'a.jsonl' })).toEqual(parseNuggetAssignments(text));
    await expect(readNuggetAssignments(chunks, { grades: 2, file: 'a.jsonl' })).rejects.toMatchObject({ subject: { file: 'a.jsonl', line: 2 } });
    const bank = `${JSON.stringify({ qid: '7', nuggets: [nugget('vital')] })}\n`;
    expect(await readNuggetBank([bank.slice(0, 5), bank.slice(5)])).toEqual(parseNuggetBank(bank));
  });
});
