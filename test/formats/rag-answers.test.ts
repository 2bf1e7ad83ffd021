import { describe, expect, it } from 'vitest';
import { parseNuggetAnswers, parseRagRun } from '../../src/formats/rag-answers.js';
import { caught } from '../helpers/caught.js';

const jsonl = (lines: readonly object[]): string => lines.map((line) => JSON.stringify(line)).join('\n') + '\n';

describe('parseNuggetAnswers', () => {
  it('reads one topic’s answer a line, its sentences joined by a space as nuggetizer joins them, the run named by the option or the line', () => {
    const text = jsonl([{ topic_id: 'q1', answer: [{ text: 'Four hours.' }, { text: 'Two with the fast charger.' }] }, { topic_id: 7, run_id: 'other', answer: [] }]);
    expect(parseNuggetAnswers(text, { runId: 'gpt' })).toEqual([
      { runId: 'gpt', queryId: 'q1', text: 'Four hours. Two with the fast charger.', sentences: [{ text: 'Four hours.', citations: [] }, { text: 'Two with the fast charger.', citations: [] }], references: [], line: 1 },
      { runId: 'other', queryId: '7', text: '', sentences: [], references: [], line: 2 },
    ]);
    expect(parseNuggetAnswers(jsonl([{ topic_id: 'q1', answer: [] }]))[0]!.runId).toBe('run');
  });

  it('refuses a topic answered twice, a missing answer or topic, and a bad runId, at the line', () => {
    const twice = jsonl([{ topic_id: 'q1', answer: [] }, { topic_id: 'q1', answer: [] }]);
    expect(caught(() => parseNuggetAnswers(twice, { file: 'a.jsonl' }))).toMatchObject({ code: 'parse_error', subject: { file: 'a.jsonl', line: 2 }, received: 'q1' });
    expect(caught(() => parseNuggetAnswers(jsonl([{ topic_id: 'q1' }]))).message).toBe('<input>:1: "answer" must be an array of {"text", "citations"}, got nothing');
    expect(caught(() => parseNuggetAnswers(jsonl([{ answer: [] }]))).message).toBe('<input>:1: "topic_id" must be a non-empty string, got nothing');
    expect(caught(() => parseNuggetAnswers(jsonl([{ topic_id: 'q1', answer: [{ txt: 'x' }] }]))).message).toMatch(/^<input>:1: /);
    expect(caught(() => parseNuggetAnswers(jsonl([{ topic_id: 'q1', run_id: 3, answer: [] }]))).received).toBe(3);
    expect(caught(() => parseNuggetAnswers('', { runId: '' }))).toMatchObject({ code: 'invalid_option', subject: { kind: 'option', option: 'runId' } });
  });
});

describe('parseRagRun', () => {
  const line = (topic: string, fields: object = {}) => ({
    metadata: { team_id: 'team', run_id: 'r1', topic_id: topic },
    references: ['doc-a', 'doc-b'],
    responses: [{ text: 'Four hours.', citations: [1] }, { text: 'Fast: two.', citations: [0, 1] }],
    ...fields,
  });

  it('reads one topic a line with the run and topic of its metadata, each sentence’s citations and the references', () => {
    expect(parseRagRun(jsonl([line('q1')]))).toEqual([
      { runId: 'r1', queryId: 'q1', text: 'Four hours. Fast: two.', sentences: [{ text: 'Four hours.', citations: [1] }, { text: 'Fast: two.', citations: [0, 1] }], references: ['doc-a', 'doc-b'], line: 1 },
    ]);
  });

  it('refuses a citation beyond the references, bad citations, missing metadata and a topic twice, at the line', () => {
    expect(caught(() => parseRagRun(jsonl([line('q1', { references: ['doc-a'] })]), { file: 'run.jsonl' }))).toMatchObject({ subject: { file: 'run.jsonl', line: 1 }, received: 1 });
    expect(caught(() => parseRagRun(jsonl([line('q1', { responses: [{ text: 'x', citations: [-1] }] })]))).received).toEqual([-1]);
    expect(caught(() => parseRagRun(jsonl([line('q1', { references: [1] })]))).received).toEqual([1]);
    expect(caught(() => parseRagRun(jsonl([{ responses: [] }]))).message).toBe('<input>:1: "metadata" must be an object {"team_id", "run_id", "topic_id"}, got nothing');
    expect(caught(() => parseRagRun(jsonl([line('q1', { metadata: { topic_id: 'q1' } })]))).message).toBe('<input>:1: "metadata.run_id" must be a non-empty string, got nothing');
    expect(caught(() => parseRagRun(jsonl([line('q1'), line('q2'), line('q1')])))).toMatchObject({ subject: { line: 3 }, received: 'q1' });
  });
});
