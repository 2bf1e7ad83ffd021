import { describe, expect, it } from 'vitest';
import { readCorpus, readQueries, readQueryTexts } from '../../src/formats/corpus.js';

const lines = (...records: unknown[]): string => records.map((record) => `${JSON.stringify(record)}\n`).join('');

describe('readCorpus', () => {
  it("reads rankeval's, BEIR's and Pyserini's keys, the title when given and not empty", async () => {
    const corpus = await readCorpus(
      lines({ id: 'd1', text: 'Prime the pump.', title: 'Pumps' }, { _id: 'd2', title: '', text: 'Water first.', metadata: {} }, { doc_id: 3, contents: 'Two years.' }),
    );
    expect(corpus).toEqual(
      new Map<string, unknown>([
        ['d1', { text: 'Prime the pump.', title: 'Pumps' }],
        ['d2', { text: 'Water first.' }],
        ['3', { text: 'Two years.' }],
      ]),
    );
  });

  it('keeps only the wanted ids, and reads chunks as they come', async () => {
    const text = lines({ _id: 'd1', text: 'a' }, { _id: 'd2', text: 'b' }, { _id: 'd3', text: 'c' });
    const corpus = await readCorpus([text.slice(0, 10), text.slice(10)], { wanted: new Set(['d3', 'd1']) });
    expect([...corpus.keys()]).toEqual(['d1', 'd3']);
  });

  it.each([
    ['not an object', '[1]', 'corpus.jsonl:1: expected a JSON object {"id", "text", "title"}'],
    ['no id', '{"text":"a"}', 'corpus.jsonl:1: expected one of "id", "_id", "doc_id", got none'],
    ['two ids', '{"id":"d1","_id":"d1","text":"a"}', 'corpus.jsonl:1: expected one of "id", "_id", "doc_id", got 2: keep one'],
    ['an empty id', '{"id":"","text":"a"}', 'corpus.jsonl:1: "id" must be a non-empty string, got ""'],
    ['no text', '{"id":"d1","title":"a"}', 'corpus.jsonl:1: expected one of "text", "contents", got none'],
    ['a text not a string', '{"id":"d1","text":3}', 'corpus.jsonl:1: "text" must be a string, got 3'],
    ['a title not a string', '{"id":"d1","text":"a","title":null}', 'corpus.jsonl:1: "title" must be a string, got null'],
    ['a slip of a key', '{"id":"d1","txt":"a"}', 'corpus.jsonl:1: unknown key "txt": did you mean "text"?'],
    ['an id twice', '{"id":"d1","text":"a"}\n{"id":"d1","text":"b"}', 'corpus.jsonl:2: the id "d1" appears twice (lines 1 and 2)'],
  ])('refuses %s at its line', async (_what, text, message) => {
    await expect(readCorpus(text, { file: 'corpus.jsonl' })).rejects.toThrow(message);
  });

  it('lets an id outside the wanted ones appear twice: only the kept are checked for it', async () => {
    const corpus = await readCorpus('{"id":"d9","text":"a"}\n{"id":"d9","text":"b"}\n{"id":"d1","text":"c"}\n', { wanted: new Set(['d1']) });
    expect(corpus).toEqual(new Map([['d1', { text: 'c' }]]));
  });
});

describe('readQueries', () => {
  it("reads rankeval's, a golden set's and BEIR's keys", async () => {
    const queries = await readQueries(lines({ query_id: 'q1', query: 'how to prime' }, { query_id: 2, question: 'warranty?', relevant: ['d1'] }, { _id: 'q3', text: 'pumps', metadata: {} }));
    expect(queries).toEqual(
      new Map([
        ['q1', 'how to prime'],
        ['2', 'warranty?'],
        ['q3', 'pumps'],
      ]),
    );
  });

  it('refuses a line with two texts, or none', async () => {
    await expect(readQueries('{"query_id":"q1","query":"a","question":"b"}', { file: 'q.jsonl' })).rejects.toThrow('q.jsonl:1: expected one of "query", "question", "text", got 2: keep one');
    await expect(readQueries('{"query_id":"q1"}', { file: 'q.jsonl' })).rejects.toThrow('q.jsonl:1: expected one of "query", "question", "text", got none');
  });
});

describe('readQueryTexts', () => {
  it("reads each query's text and its tags, a golden set's line included", async () => {
    const queries = await readQueryTexts(lines({ query_id: 'q1', query: 'how to prime', relevant: { d1: 2 }, tags: ['howto', 'en'] }, { _id: 'q3', text: 'pumps' }, { query_id: 'q4', query: 'x', tags: 'ru' }));
    expect(queries).toEqual(
      new Map<string, unknown>([
        ['q1', { text: 'how to prime', tags: ['howto', 'en'] }],
        ['q3', { text: 'pumps' }],
        ['q4', { text: 'x', tags: ['ru'] }],
      ]),
    );
  });

  it('refuses tags that are not a list of strings, at their line', async () => {
    await expect(readQueryTexts('{"query_id":"q1","query":"a"}\n{"query_id":"q2","query":"b","tags":[1]}\n', { file: 'q.jsonl' })).rejects.toThrow('q.jsonl:2: "tags" must be a list of strings, got [1]');
  });
});
