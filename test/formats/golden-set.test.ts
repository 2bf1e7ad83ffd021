import { describe, expect, it } from 'vitest';
import { parseGoldenSet, readGoldenSet, type GoldenSetFormat } from '../../src/index.js';
import { byteChunks, errorOf } from '../helpers/files.js';

const plain = (golden: ReturnType<typeof parseGoldenSet>) => ({
  format: golden.format,
  qrels: Object.fromEntries([...golden.qrels].map(([qid, judged]) => [qid, Object.fromEntries(judged)])),
  tags: Object.fromEntries(golden.tags),
  questions: Object.fromEntries(golden.questions),
});

// The same golden set in every format: q1 judges d1 (2), d7 (1) and d9 (0); q2 judges d3 (1).
const SAME_SET: Record<GoldenSetFormat, string> = {
  trec: 'q1 0 d1 2\nq1 0 d7 1\nq1 0 d9 0\nq2 0 d3 1\n',
  beir: 'query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td7\t1\nq1\td9\t0\nq2\td3\t1\n',
  jsonl: '{"query_id": "q1", "relevant": {"d1": 2, "d7": 1, "d9": 0}}\n{"query_id": "q2", "relevant": ["d3"]}\n',
  json: '{\n  "q1": {"d1": 2, "d7": 1, "d9": 0},\n  "q2": ["d3"]\n}\n',
  csv: 'query_id,doc_id,relevance\nq1,d1,2\nq1,d7,1\nq1,d9,0\nq2,d3,1\n',
};
const EXPECTED_QRELS = { q1: { d1: 2, d7: 1, d9: 0 }, q2: { d3: 1 } };

describe('parseGoldenSet', () => {
  it.each(Object.entries(SAME_SET))('reads %s and tells the format from the content', (format, content) => {
    expect(plain(parseGoldenSet(content))).toEqual({ format, qrels: EXPECTED_QRELS, tags: {}, questions: {} });
  });

  it.each(Object.entries(SAME_SET))('reads %s fed one byte at a time as it reads it whole', async (format, content) => {
    const golden = await readGoldenSet(byteChunks(content, 1), { format: format as GoldenSetFormat });
    expect(plain(golden)).toEqual(plain(parseGoldenSet(content)));
  });

  it('reads JSONL tags as slices, a tag string as one tag, and keeps queries without relevant documents', () => {
    const golden = parseGoldenSet(
      [
        '{"query_id": "q1", "query": "Сколько?", "relevant": {"d1": 2, "d7": 1}, "tags": ["ru", "numeric"]}',
        '',
        '{"query_id": 7, "relevant": [], "tags": "en"}',
      ].join('\n'),
    );
    expect(plain(golden)).toEqual({
      format: 'jsonl',
      qrels: { q1: { d1: 2, d7: 1 }, '7': {} },
      tags: { q1: ['ru', 'numeric'], '7': ['en'] },
      questions: { q1: 'Сколько?' },
    });
  });

  it('reads CSV quoting, a tags column, a missing grade column (grade 1), CRLF and a byte order mark', () => {
    const content = '\uFEFFqid,doc_id,tags,question\r\n"q,1","d ""1""","ru; numeric",Why?\r\nq2,"multi\nline",en|ru,\r\nq2,d3,\r\n';
    expect(plain(parseGoldenSet(content))).toEqual({
      format: 'csv',
      qrels: { 'q,1': { 'd "1"': 1 }, q2: { 'multi\nline': 1, d3: 1 } },
      tags: { 'q,1': ['ru', 'numeric'], q2: ['en', 'ru'] },
      questions: { 'q,1': 'Why?' },
    });
  });

  it('keeps UTF-8 ids whole when a character is cut between two chunks, in every format', async () => {
    const trec = 'вопрос 0 документ 1\n';
    const golden = await readGoldenSet(byteChunks(trec, 3));
    expect(plain(golden).qrels).toEqual({ вопрос: { документ: 1 } });
    const jsonl = '{"query_id": "вопрос", "relevant": ["документ"]}\n';
    expect(plain(await readGoldenSet(byteChunks(jsonl, 3))).qrels).toEqual({ вопрос: { документ: 1 } });
  });

  it('takes a forced format over what the content suggests', () => {
    expect(() => parseGoldenSet(SAME_SET.trec, { format: 'csv' })).toThrow(/has no query column/);
  });

  it('reads an async stream (as fs.createReadStream gives) and reports progress in bytes', async () => {
    async function* stream() {
      yield 'q1 0 d1 1\n';
      yield new TextEncoder().encode('q2 0 d2 1\n');
    }
    const progress: number[] = [];
    const golden = await readGoldenSet(stream(), { onProgress: (bytes) => progress.push(bytes) });
    expect(plain(golden).qrels).toEqual({ q1: { d1: 1 }, q2: { d2: 1 } });
    expect(progress).toEqual([10, 20]);
  });
});

describe('parseGoldenSet on malformed files names the file and line', () => {
  const cases: [string, string, RegExp][] = [
    ['empty file', '\n  \n', /^g:1: the golden set file is empty$/],
    ['unknown format', 'just some words here and there\n', /^g:1: cannot tell the golden set format from "just some/],
    ['TREC line with 3 fields', 'q1 0 d1 1\nq1 0 d2\n', /^g:2: expected 4 fields/],
    ['TREC document judged twice', 'q1 0 d1 1\nq2 0 d1 1\nq1 0 d1 0\n', /^g:3: document "d1" is judged twice for query "q1" \(lines 1 and 3\)$/],
    ['BEIR grade not a number', 'query-id\tcorpus-id\tscore\nq1\td1\thigh\n', /^g:2: the grade "high" is not a finite number$/],
    ['BEIR header without a grade column', 'query-id\tcorpus-id\nq1\td1\n', /^g:1: the header .* has no grade column/],
    ['BEIR row with a field missing', 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\n', /^g:3: expected a document id in column 2, but the line has 1 field$/],
    ['CSV empty document id', 'query_id,doc_id\nq1,\n', /^g:2: the document id in column 2 is empty$/],
    ['CSV quote left open', 'query_id,doc_id\nq1,"d1\nq2,d2\n', /^g:2: a quoted field is not closed/],
    ['CSV text after a closing quote', 'query_id,doc_id\nq1,"d1"x\n', /^g:2: unexpected "x" after the closing quote of field 2$/],
    ['JSONL invalid JSON', '{"query_id": "q1", "relevant": ["d1"]}\n{"query_id": "q2", "relevant": [}\n', /^g:2: invalid JSON/],
    ['JSONL query twice', '{"query_id": "q1", "relevant": ["d1"]}\n\n{"query_id": "q1", "relevant": ["d2"]}\n', /^g:3: query "q1" appears twice \(lines 1 and 3\)$/],
    ['JSONL grade not a number', '{"query_id": "q1", "relevant": {"d1": "2"}}\n', /^g:1: the grade of "d1" for query "q1" must be a finite number, got "2"$/],
    ['JSONL relevant missing', '{"query_id": "q1", "relevant": ["d1"]}\n{"query_id": "q2"}\n', /^g:2: "relevant" of query "q2" must be an object of id → grade or a list of ids, got nothing$/],
    ['JSONL id not a string', '{"query_id": "q1", "relevant": ["d1", 3]}\n', /^g:1: "relevant" of query "q1" must list non-empty string ids, got 3$/],
    ['JSONL empty query id', '{"query_id": "q1", "relevant": []}\n{"query_id": "", "relevant": []}\n', /^g:2: "query_id" must be a non-empty string, got ""$/],
    ['JSONL tags not strings', '{"query_id": "q1", "relevant": [], "tags": [1]}\n', /^g:1: "tags" must be a list of strings, got \[1\]$/],
    ['JSONL line not an object', '{"query_id": "q1", "relevant": []}\n[1, 2]\n', /^g:2: expected a JSON object/],
    ['JSON judgments of the wrong type', '{\n  "q1": ["d1"],\n  "q2": 5\n}\n', /^g:3: the judgments of query "q2" must be an object/],
    ['JSON syntax error', '{\n  "q1": ["d1"],\n  "q2": [\n}\n', /^g:4: invalid JSON/],
    ['a JSON array', '[]\n', /^g:1: cannot tell the golden set format/],
  ];
  it.each(cases)('%s', (_, content, message) => {
    const error = errorOf(() => parseGoldenSet(content, { file: 'g' }));
    expect(error).toMatchObject({ name: 'RankevalError', code: 'parse_error' });
    expect((error as Error).message).toMatch(message);
    expect((error as { received: { file: string; line: number } }).received.file).toBe('g');
  });

  it('refuses an unknown format name and a source that is not text or bytes', async () => {
    expect(() => parseGoldenSet('', { format: 'xml' as GoldenSetFormat })).toThrow(/expected `format` to be 'auto' or one of 'trec', 'beir', 'jsonl', 'json', 'csv', got `"xml"`/);
    await expect(readGoldenSet(42 as never)).rejects.toThrow(/expected `source` to be a string, a Uint8Array/);
    await expect(readGoldenSet([42] as never)).rejects.toThrow(/every chunk of `source`/);
    expect(() => parseGoldenSet(42 as never)).toThrow(/expected `content` to be a string or a Uint8Array/);
  });
});
