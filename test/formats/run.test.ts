import { describe, expect, it } from 'vitest';
import { parseRun, readRun, type RunFormat } from '../../src/index.js';
import { byteChunks, errorOf } from '../helpers/files.js';

const plain = (run: ReturnType<typeof parseRun>) => ({ format: run.format, rankings: Object.fromEntries(run.rankings) });

// The same run in every format: q1 ranks d2 (score 3), then d1 and d9 tied at 2 (ties go by id
// descending, as trec_eval orders them: d9 before d1); q2 ranks d3 alone.
const SAME_RUN: Record<RunFormat, string> = {
  trec: 'q1 Q0 d1 1 2 bm25\nq1 Q0 d2 2 3 bm25\nq1 Q0 d9 3 2 bm25\nq2 Q0 d3 1 0.5 bm25\n',
  jsonl:
    '{"query_id": "q1", "results": [{"id": "d1", "score": 2}, {"id": "d2", "score": 3}, {"id": "d9", "score": 2}]}\n' +
    '{"query_id": "q2", "results": ["d3"]}\n',
  json: '{\n  "q1": {"d1": 2, "d2": 3, "d9": 2},\n  "q2": ["d3"]\n}\n',
  csv: 'query_id,doc_id,score\nq1,d1,2\nq1,d2,3\nq1,d9,2\nq2,d3,0.5\n',
};
const EXPECTED = { q1: ['d2', 'd9', 'd1'], q2: ['d3'] };

describe('parseRun', () => {
  it.each(Object.entries(SAME_RUN))('reads %s, tells the format from the content, and orders as trec_eval', (format, content) => {
    expect(plain(parseRun(content))).toEqual({ format, rankings: EXPECTED });
  });

  it.each(Object.entries(SAME_RUN))('reads %s fed one byte at a time as it reads it whole', async (format, content) => {
    expect(plain(await readRun(byteChunks(content, 1), { format: format as RunFormat }))).toEqual(plain(parseRun(content)));
  });

  it('joins the lines of a TREC query that comes back later, and ignores the rank column', () => {
    const run = parseRun('q1 Q0 a 9 1 r\nq2 Q0 b 1 1 r\nq1 Q0 c 1 2 r\n');
    expect(plain(run).rankings).toEqual({ q1: ['c', 'a'], q2: ['b'] });
  });

  it('orders CSV by rank when there is no score, and keeps file order with neither', () => {
    expect(plain(parseRun('qid,docid,rank\nq1,a,2\nq1,b,1\nq1,c,3\n')).rankings).toEqual({ q1: ['b', 'a', 'c'] });
    expect(plain(parseRun('query_id,id\nq1,c\nq1,a\n')).rankings).toEqual({ q1: ['c', 'a'] });
  });

  it('keeps a JSONL query with no results as an empty ranking', () => {
    expect(plain(parseRun('{"query_id": "q1", "results": []}\n')).rankings).toEqual({ q1: [] });
  });

  it('reads JSON rankings given as lists of {id, score}', () => {
    expect(plain(parseRun('{"q1": [{"id": "a", "score": 1}, {"id": "b", "score": 5}]}')).rankings).toEqual({ q1: ['b', 'a'] });
  });
});

describe('parseRun on malformed files names the file and line', () => {
  const cases: [string, string, RegExp][] = [
    ['TREC line with 5 fields', 'q1 Q0 d1 1 2 r\nq1 Q0 d2 2 1\n', /^r:2: expected 6 fields/],
    ['TREC document twice for a query', 'q1 Q0 d1 1 2 r\nq1 Q0 d2 2 1 r\nq1 Q0 d1 3 0 r\n', /^r:3: document "d1" appears twice for query "q1" \(lines 1 and 3\)$/],
    ['CSV score not a number', 'query_id,doc_id,score\nq1,d1,0.5\nq1,d2,n/a\n', /^r:3: the score "n\/a" is not a finite number$/],
    ['CSV header without a document column', 'query_id,score\nq1,1\n', /^r:1: cannot tell the run format/],
    ['CSV forced, header without a document column', 'query_id,score\nq1,1\n', /^r:1: the header "query_id,score" has no document column/],
    ['JSONL results with an id and a number', '{"query_id": "q1", "results": ["d1", 2]}\n', /^r:1: "results" of query "q1" must be all ids \(strings\) like its first entry, got 2 at position 2$/],
    ['JSONL result without a score', '{"query_id": "q1", "results": [{"id": "d1", "score": 1}]}\n{"query_id": "q2", "results": [{"id": "d1"}]}\n', /^r:2: "results" of query "q2" entry 1 must have a finite number "score"/],
    ['JSONL result without an id', '{"query_id": "q1", "results": [{"score": 1}]}\n', /^r:1: "results" of query "q1" entry 1 must have a non-empty string "id"/],
    ['JSONL results not a list', '{"query_id": "q1", "results": "d1"}\n', /^r:1: "results" of query "q1" must be a list of ids or of \{"id", "score"\} objects, got "d1"$/],
    ['JSONL same id twice', '{"query_id": "q1", "results": ["a", "b", "a"]}\n', /^r:1: document "a" appears twice for query "q1" \(line 1\)$/],
    ['JSONL query twice', '{"query_id": "q1", "results": []}\n{"query_id": "q1", "results": []}\n', /^r:2: query "q1" appears twice \(lines 1 and 2\)$/],
    ['JSONL not an object', '{"query_id": "q1", "results": []}\n"q2"\n', /^r:2: expected a JSON object/],
    ['JSON score not a number', '{\n  "q1": {"a": 1},\n  "q2": {"b": "x"}\n}', /^r:3: the ranking of query "q2" must give each id a finite score, got "x" for "b"$/],
    ['JSON not an object of rankings', '["q1"]\n', /^r:1: expected a JSON object of query id → ranking$/],
  ];
  it.each(cases)('%s', (name, content, message) => {
    const format = name.includes('forced') ? 'csv' : name.startsWith('JSON not') ? 'json' : 'auto';
    const error = errorOf(() => parseRun(content, { file: 'r', format }));
    expect(error).toMatchObject({ name: 'RankevalError', code: 'parse_error' });
    expect((error as Error).message).toMatch(message);
  });
});
