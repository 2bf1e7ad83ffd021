import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { parseGoldenSet, readGoldenSet, type EvaluateRunOptions, type GoldenSetFormat } from '../../src/index.js';
import { MAX_LINE_BYTES } from '../../src/formats/lines.js';
import { byteChunks, errorOf, reusedBufferChunks } from '../helpers/files.js';

const plain = (golden: ReturnType<typeof parseGoldenSet>) => ({
  format: golden.format,
  qrels: Object.fromEntries([...golden.qrels].map(([qid, judged]) => [qid, Object.fromEntries(judged)])),
  tags: Object.fromEntries(golden.tags),
  questions: Object.fromEntries(golden.questions),
});

/** The formats told from the content (`trec-diversity` must be named). */
type DetectedFormat = Exclude<GoldenSetFormat, 'trec-diversity'>;

// The same golden set in every format: q1 judges d1 (2), d7 (1) and d9 (0); q2 judges d3 (1).
const SAME_SET: Record<DetectedFormat, string> = {
  trec: 'q1 0 d1 2\nq1 0 d7 1\nq1 0 d9 0\nq2 0 d3 1\n',
  beir: 'query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td7\t1\nq1\td9\t0\nq2\td3\t1\n',
  jsonl: '{"query_id": "q1", "relevant": {"d1": 2, "d7": 1, "d9": 0}}\n{"query_id": "q2", "relevant": ["d3"]}\n',
  json: '{\n  "q1": {"d1": 2, "d7": 1, "d9": 0},\n  "q2": ["d3"]\n}\n',
  csv: 'query_id,doc_id,relevance\nq1,d1,2\nq1,d7,1\nq1,d9,0\nq2,d3,1\n',
};
const EXPECTED_QRELS = { q1: { d1: 2, d7: 1, d9: 0 }, q2: { d3: 1 } };

describe('parseGoldenSet', () => {
  test.prop([fc.constantFrom(...Object.values(SAME_SET)), fc.integer({ min: 1, max: 48 })])(
    'reads chunks that reuse one buffer (the CLI reads a file so) as it reads the whole text',
    async (content, size) => {
      expect(plain(await readGoldenSet(reusedBufferChunks(content, size)))).toEqual(plain(parseGoldenSet(content)));
    },
  );

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
    ['JSONL id not a string', '{"query_id": "q1", "relevant": ["d1", true]}\n', /^g:1: "relevant" of query "q1" must list non-empty string ids, got true$/],
    ['JSONL numeric id', '{"query_id": "q1", "relevant": ["d1", 3]}\n', /^g:1: "relevant" of query "q1" must list ids as strings, got 3: quote it \("3"\)$/],
    [
      'JSONL judgments as {id, grade} objects',
      '{"query_id": "q1", "relevant": [{"id": "d7", "grade": 2}]}\n',
      /^g:1: "relevant" of query "q1" must be an object of id → grade \(\{"d7": 2\}\) or a list of ids \(grade 1 each\), got a list holding \{"id":"d7","grade":2\}$/,
    ],
    [
      'JSON judgments as objects without an id',
      '{"q1": [{"doc": "d7"}]}\n',
      /^g:1: the judgments of query "q1" must be an object of id → grade \(\{"d1": 2\}\) or a list of ids \(grade 1 each\), got a list holding \{"doc":"d7"\}$/,
    ],
    ['JSONL qid', '{"qid": "q1", "relevant": ["d1"]}\n{"qid": "q2", "relevant": ["d2"]}\n', /^g:1: unknown key "qid": did you mean "query_id"\? \(a golden-set line's keys: query_id, query, question, relevant, aspects, tags, tokens\)$/],
    ['JSONL id', '{"id": "q1", "relevant": ["d1"]}\n', /^g:1: unknown key "id": did you mean "query_id"\?/],
    ['JSONL Query_ID', '{"query_id": "q1", "relevant": ["d1"]}\n{"Query_ID": "q2", "relevant": ["d1"]}\n', /^g:2: unknown key "Query_ID": did you mean "query_id"\?/],
    ['JSONL relevance', '{"query_id": "q1", "relevance": {"d1": 2}}\n', /^g:1: unknown key "relevance": did you mean "relevant"\? \(a golden-set line's keys: /],
    ['JSONL relevant_docs', '{"query_id": "q1", "relevant_docs": ["d1"]}\n', /^g:1: unknown key "relevant_docs": did you mean "relevant"\?/],
    ['JSONL tag', '{"query_id": "q1", "relevant": ["d1"], "tag": ["ru"]}\n', /^g:1: unknown key "tag": did you mean "tags"\?/],
    ['JSONL questoin', '{"query_id": "q1", "relevant": ["d1"], "questoin": "why?"}\n', /^g:1: unknown key "questoin": did you mean "question"\?/],
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
    expect((error as { subject: { file: string; line: number } }).subject.file).toBe('g');
  });

  it('refuses an unknown format name and a source that is not text or bytes', async () => {
    expect(() => parseGoldenSet('', { format: 'xml' as GoldenSetFormat })).toThrow(/expected `format` to be 'auto' or one of 'trec', 'beir', 'jsonl', 'json', 'csv', 'trec-diversity', got `"xml"`/);
    await expect(readGoldenSet(42 as never)).rejects.toThrow(/expected `source` to be a string, a Uint8Array/);
    await expect(readGoldenSet([42] as never)).rejects.toThrow(/every chunk of `source`/);
    expect(() => parseGoldenSet(42 as never)).toThrow(/expected `content` to be a string or a Uint8Array/);
  });

  it('refuses options that are not an object, an unknown option key and a wrong option type', async () => {
    const content = 'q1 0 d1 1\n';
    const known = /one of `file`, `format`, `onProgress`, `gradeColumn`/;
    expect(() => parseGoldenSet(content, null as never)).toThrow(/^parseGoldenSet: expected `options` to be an object, got `null`/);
    expect(() => parseGoldenSet(content, { fiel: 'x' } as never)).toThrow(/^parseGoldenSet: expected every option to be one of `file`, `format`, `onProgress`, `gradeColumn`, got `"fiel"`/);
    await expect(readGoldenSet(content, { fiel: 'x' } as never)).rejects.toThrow(known);
    await expect(readGoldenSet(content, { fiel: 'x' } as never)).rejects.toMatchObject({ code: 'invalid_option' });
    expect(() => parseGoldenSet(content, { file: 5 } as never)).toThrow(/^parseGoldenSet: expected `file` to be a string, got `5`/);
    await expect(readGoldenSet(content, { onProgress: 1 } as never)).rejects.toThrow(/expected `onProgress` to be a function, got `1`/);
  });
});

describe('parseGoldenSet and the keys of a JSONL line', () => {
  it('reads a line with keys of its own, far from any key it reads, or beside the key they resemble', () => {
    const golden = parseGoldenSet('{"query_id": "q1", "relevant": {"d1": 2}, "answer": "42", "source": "faq", "qid": 7, "relevance": "high"}\n');
    expect(golden).toMatchObject({ format: 'jsonl', qrels: new Map([['q1', new Map([['d1', 2]])]]) });
  });
});

describe('parseGoldenSet on a judgments store or a pool', () => {
  const STORE = '{"query_id": "q1", "doc_id": "d3", "grade": 2, "judge": "alice", "at": "2026-12-05T02:10:00.000Z"}\n';
  const POOL = '{"query_id": "q1", "doc_id": "d3"}\n{"query_id": "q1", "doc_id": "d1"}\n';

  it.each([
    ['a judgments store', STORE, { format: 'jsonl' as const }, 'judgments store', '`rankeval judge --export jsonl --store STORE`, or in code `toQrels(parseJudgments(text).judgments)`'],
    ['a judgments store after a blank line, its format told from it', `\n${STORE}`, {}, 'judgments store', '`toQrels(parseJudgments(text).judgments)`'],
    ['a store line without its judge (a slip), by its grade', '{"query_id": "q1", "doc_id": "d3", "grade": 1}\n', {}, 'judgments store', '`rankeval judge --export jsonl'],
    ['a pool', POOL, {}, 'pool', 'then export the judgments store with `rankeval judge --export jsonl`, or in code `toQrels(judgments)`'],
  ])('refuses %s as wrong_file_kind at its first record, naming what turns it into a golden set', async (_, content, options, kind, fix) => {
    for (const error of [errorOf(() => parseGoldenSet(content, { file: 'g.jsonl', ...options })), await readGoldenSet([content], { file: 'g.jsonl', ...options }).catch((e: unknown) => e)]) {
      expect(error).toMatchObject({ name: 'RankevalError', code: 'wrong_file_kind', subject: { kind: 'file', file: 'g.jsonl', line: content.startsWith('\n') ? 2 : 1 }, expected: 'a golden set' });
      expect((error as Error).message).toMatch(new RegExp(`^g\\.jsonl:\\d: this looks like a ${kind} \\(.*\\), not a golden set: `));
      expect((error as Error).message).toContain(fix);
      expect((error as { received: unknown }).received).toEqual(JSON.parse(content.trim().split('\n')[0]!));
    }
  });

  it('reads a golden-set line that also names a doc_id, and a doc_id on a later line is a golden set’s error', () => {
    expect(parseGoldenSet('{"query_id": "q1", "doc_id": "x", "relevant": ["d1"]}\n').qrels).toEqual(new Map([['q1', new Map([['d1', 1]])]]));
    expect(errorOf(() => parseGoldenSet(`{"query_id": "q0", "relevant": ["d1"]}\n${POOL}`, { file: 'g' }))).toMatchObject({ code: 'parse_error', message: expect.stringMatching(/^g:2: "relevant" of query "q1" must be/) });
  });
});

describe('parseGoldenSet on bad input', () => {
  const messageOf = (content: string | Uint8Array, options: Parameters<typeof parseGoldenSet>[1] = {}) => (errorOf(() => parseGoldenSet(content, { file: 'g', ...options })) as Error).message;

  it(
    'reads a JSON object of 100k queries in time linear in its size',
    () => {
      const content = `{\n${Array.from({ length: 100_000 }, (_, i) => `  "q${i}": {"d${i}": 1}`).join(',\n')}\n}\n`;
      const golden = parseGoldenSet(content);
      expect(golden.qrels.size).toBe(100_000);
      expect(golden.qrels.get('q99999')).toEqual(new Map([['d99999', 1]]));
      // The lines are still found, when there is something to report.
      expect(messageOf(content.replace('"q77777": {"d77777": 1}', '"q77777": 5'))).toMatch(/^g:77779: the judgments of query "q77777" must be an object/);
    },
    60_000,
  );

  it('keeps the queries of a JSON object in file order, numeric-looking ids too', () => {
    expect([...parseGoldenSet('{"b": ["d1"], "10": ["d1"], "a": ["d1"], "2": ["d1"]}').qrels.keys()]).toEqual(['b', '10', 'a', '2']);
  });

  it('tells JSONL from JSON by the whole first line, however long', async () => {
    const ids = Array.from({ length: 200_000 }, (_, i) => `"document-${i}"`).join(', ');
    const content = `{"query_id": "q1", "relevant": [${ids}]}\n{"query_id": "q2", "relevant": ["d1"]}\n`;
    expect(content.length).toBeGreaterThan(2 ** 21);
    const golden = parseGoldenSet(content);
    expect(golden.format).toBe('jsonl');
    expect(golden.qrels.get('q1')!.size).toBe(200_000);
    expect((await readGoldenSet(byteChunks(content, 65_536))).format).toBe('jsonl');
  });

  // \xff and \xfe both decode to U+FFFD: read leniently, two distinct ids became one.
  const invalid = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));
  it.each([
    ['trec', 'q1 0 ok 1\nq1 0 d\xff 1\nq1 0 d\xfe 0\n', /^g:2: the document id is not valid UTF-8 \(byte 0xff at byte 2\)/],
    ['trec', 'q1 0 d1 1\nq\xff 0 d1 1\n', /^g:2: the query id is not valid UTF-8 \(byte 0xff at byte 2\)/],
    ['beir', 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td\xff\t1\n', /^g:3: the line is not valid UTF-8 \(byte 0xff at byte 5\)/],
    ['csv', 'query_id,doc_id\nq1,d1\nq1,"d\xe2\x82"\n', /^g:3: the line is not valid UTF-8 \(byte 0xe2 at byte 6\)/],
    ['jsonl', '{"query_id": "q1", "relevant": ["d1"]}\n\n{"query_id": "q2", "relevant": ["d\xff", "d\xfe"]}\n', /^g:3: the line is not valid UTF-8/],
    ['json', '{\n  "q1": ["d1"],\n  "q2": ["d\xed\xa0\x80"]\n}\n', /^g:3: the line is not valid UTF-8 \(byte 0xed at byte 12\)/],
  ])('refuses invalid UTF-8 in %s at its line instead of merging ids', async (format, text, message) => {
    expect(messageOf(invalid(text))).toMatch(message);
    const streamed = await readGoldenSet([invalid(text).subarray(0, 7), invalid(text).subarray(7)], { file: 'g', format: format as GoldenSetFormat }).catch((caught: Error) => caught.message);
    expect(streamed).toMatch(message);
  });

  it.each([
    ['a query twice in a JSON object', '{\n  "q1": ["d1"],\n  "q2": ["d2"],\n  "q1": ["d3"]\n}\n', /^g:4: query "q1" appears twice \(lines 2 and 4\)$/],
    ['a document twice in a JSON object\'s judgments', '{\n  "q1": {"d1": 2,\n         "d1": 0}\n}\n', /^g:3: the key "d1" appears twice in one object \(lines 2 and 3\)/],
    ['a document twice in a JSONL record\'s judgments', '{"query_id": "q0", "relevant": []}\n{"query_id": "q1", "relevant": {"d1": 2, "d1": 0}}\n', /^g:2: the key "d1" appears twice in one object \(line 2\)/],
    ['a repeated query_id in a JSONL record', '{"query_id": "q1", "relevant": ["d1"], "query_id": "q2"}\n', /^g:1: the key "query_id" appears twice in one object \(line 1\)/],
    ['an escaped key written twice', '{"q\\u0031": ["d1"], "q1": ["d2"]}', /^g:1: query "q1" appears twice \(line 1\)$/],
  ])('refuses %s (JSON.parse keeps the last silently)', (_, content, message) => {
    expect(messageOf(content)).toMatch(message);
  });

  it('takes keys that only look alike as distinct, and quotes and colons inside strings as text', () => {
    const golden = parseGoldenSet('{"q1": {"d\\"1\\":": 1, "d1": 2, "x\\\\": 3}, "q\\"1": ["a:", "\\\\\\""]}');
    expect(plain(golden).qrels).toEqual({ q1: { 'd"1":': 1, d1: 2, 'x\\': 3 }, 'q"1': { 'a:': 1, '\\"': 1 } });
  });

  it(
    'reads an unclosed CSV quote in time linear in the lines after it',
    () => {
      const content = `query_id,doc_id\nq1,d1\nq1,"d2\n${'q2,d2\n'.repeat(300_000)}`;
      expect(messageOf(content)).toBe('g:3: a quoted field is not closed before the end of the file');
    },
    60_000,
  );

  it(
    'refuses a line longer than 64 MiB at its line, and reads no further',
    async () => {
      const line = new Uint8Array(MAX_LINE_BYTES + 1).fill(0x78); // x
      const spaces = new Uint8Array(MAX_LINE_BYTES + 1).fill(0x20);
      const chunked = (head: string, body: Uint8Array) => [new TextEncoder().encode(head), ...Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) => body.subarray(i * 65_536, (i + 1) * 65_536))];
      const tooLong = /^g:3: the line is longer than 64 MiB, the most one line may hold$/;
      await expect(readGoldenSet(chunked('{"query_id": "q1", "relevant": ["d1"]}\n\n{"query_id": "', line), { file: 'g' })).rejects.toThrow(tooLong);
      await expect(readGoldenSet(chunked('query_id,doc_id\nq1,d1\nq1,', line), { file: 'g', format: 'csv' })).rejects.toThrow(tooLong);
      await expect(readGoldenSet(chunked('\n\n', spaces), { file: 'g' })).rejects.toThrow(tooLong);
      // The first line of the file, where the format is told from, and a line inside one big chunk.
      await expect(readGoldenSet(chunked('', spaces), { file: 'g' })).rejects.toThrow(/^g:1: the line is longer than 64 MiB/);
      await expect(readGoldenSet(chunked('q1 0 d1 1\n\nq1 0 ', line), { file: 'g', format: 'trec' })).rejects.toThrow(tooLong);
      const head = new TextEncoder().encode('query_id,doc_id\nq1,d1\n');
      const whole = new Uint8Array(head.length + line.length + 1).fill(10);
      whole.set(head);
      whole.set(line, head.length);
      expect(messageOf(whole, { format: 'csv' })).toBe(
        'g:3: the line is longer than 64 MiB, the most one line may hold',
      );
    },
    60_000,
  );

  it(
    'reads a one-line JSON object past the line limit as json, and refuses a json file past 256 MiB',
    async () => {
      const encoder = new TextEncoder();
      const id = new Uint8Array(MAX_LINE_BYTES).fill(0x78);
      const golden = await readGoldenSet([encoder.encode('{"q1": ["'), id, encoder.encode('"]}')]);
      expect(golden.format).toBe('json');
      expect(golden.qrels.get('q1')!.keys().next().value).toHaveLength(MAX_LINE_BYTES);
      const spaces = new Uint8Array(1024 * 1024).fill(0x20);
      const tooBig = [encoder.encode('{\n"q1": ['), ...Array.from({ length: 256 }, () => spaces)];
      await expect(readGoldenSet(tooBig, { file: 'g' })).rejects.toThrow(/^g:2: the file is larger than 256 MiB, the most a json file may hold; write it as JSONL/);
    },
    60_000,
  );

  it.each([
    ['jsonl', `{"query_id": "q1", "relevant": ${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`, /^g:1: "relevant" of query "q1" must list non-empty string ids, got \[{99}…$/],
    ['json', `{"q1": ${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`, /^g:1: the judgments of query "q1" must list non-empty string ids, got \[{99}…$/],
    ['json', `{\n"q1": ${'['.repeat(100_000)}\n`, /^g:3: invalid JSON/],
    ['jsonl', `{"query_id": "q1", "relevant": ${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}\n`, /^g:1: the grade of "a" for query "q1" must be a finite number, got \{"a":\{"a":/],
  ])('reads %s nested 100k deep to a located error, not a stack overflow', (format, content, message) => {
    expect(messageOf(content, { format: format as GoldenSetFormat })).toMatch(message);
  });

  it('refuses a numeric query id that a double cannot hold exactly, and says to quote it', () => {
    const content = '{"query_id": 9007199254740992, "relevant": ["d1"]}\n{"query_id": 9007199254740993, "relevant": ["d2"]}\n';
    expect(messageOf(content)).toMatch(/^g:1: a numeric "query_id" must be an integer within ±\(2\^53 − 1\) to be read exactly, got 9007199254740992 \(as read\); quote it/);
    expect(messageOf('{"query_id": 1.5, "relevant": []}\n')).toMatch(/^g:1: a numeric "query_id" .*, got 1.5 \(as read\); quote it/);
    expect(plain(parseGoldenSet('{"query_id": -7, "relevant": []}\n{"query_id": 9007199254740991, "relevant": []}\n')).qrels).toEqual({ '-7': {}, '9007199254740991': {} });
  });

  it('cuts a long value quoted in a message to about 100 characters', () => {
    const long = 'x'.repeat(1_000_000);
    for (const content of [
      `query_id,doc_id,grade\nq1,d1,${long}\n`,
      `{"query_id": "${long}", "relevant": {"d1": "${long}"}}\n`,
      `{"query_id": "q1", "relevant": [["${long}"]]}\n`,
      `q1 0 ${long} 1\nq1 0 ${long} 1\n`,
      `{"query_id": "q1", "relevant": [{"k": "${long}"}]}\n`,
      `{"query_id": "q1", "relevant": [[${'"x", '.repeat(100_000)}"x"]]}\n`,
      `{"query_id": "q1", "relevant": [{${Array.from({ length: 100_000 }, (_, i) => `"x${i}": 1`).join(', ')}}]}\n`,
    ]) {
      const message = messageOf(content);
      expect(message.length).toBeLessThan(400);
      expect(message).toMatch(/…/);
    }
    expect(messageOf('{"query_id": "q1", "relevant": [], "tags": [{"a": [1, null, true]}, "b"]}\n')).toBe('g:1: "tags" must be a list of strings, got [{"a":[1,null,true]},"b"]');
  });

  it.each([['0x10'], [''], [' '], ['Infinity'], ['1e999'], ['0b1'], ['1_000'], ['2 3'], ['NaN']])('refuses the grade %j in CSV and BEIR (grades are decimal numbers)', (grade) => {
    expect(messageOf(`query_id,doc_id,grade\nq1,d1,"${grade}"\n`)).toMatch(/^g:2: the grade .* is (not a finite number|empty)$/);
    expect(messageOf(`query-id\tcorpus-id\tscore\nq1\td1\t${grade}\n`, { format: 'beir' })).toMatch(/^g:2: (the grade .* is not a finite number|expected a grade|the grade in column 3 is empty)/);
  });

  it('reads decimal grades in CSV and BEIR: signs, fractions and exponents', () => {
    expect(plain(parseGoldenSet('query_id,doc_id,grade\nq1,a,-1\nq1,b,+2\nq1,c,0.5\nq1,d,.5\nq1,e,1e1\nq1,f, 3 \n')).qrels).toEqual({ q1: { a: -1, b: 2, c: 0.5, d: 0.5, e: 10, f: 3 } });
  });

  it.each([['0x10', 0], ['1.5', 1], ['high', 0], ['1e3', 1], ['2x', 2]])('refuses the TREC grade %j, which trec_eval reads as %i', (grade, read) => {
    expect(messageOf(`q1 0 d1 1\nq1 0 d2 ${grade}\n`)).toBe(`g:2: the grade "${grade}" is not a whole decimal number (trec_eval would read it as ${read})`);
  });

  it('reads TREC grades with a sign', () => {
    expect(plain(parseGoldenSet('q1 0 d1 -1\nq1 0 d2 +3\n')).qrels).toEqual({ q1: { d1: -1, d2: 3 } });
  });

  // Object keys such as these meet Object.prototype's: the readers keep them as plain ids and tags.
  const NAMES = ['__proto__', 'constructor', 'toString'];
  it.each(NAMES)('keeps %s as a query id, a document id and a tag in every format', (name) => {
    const contents: Record<DetectedFormat, string> = {
      trec: `${name} 0 ${name} 2\n${name} 0 d1 1\n`,
      beir: `query-id\tcorpus-id\tscore\n${name}\t${name}\t2\n${name}\td1\t1\n`,
      jsonl: `{"query_id": "${name}", "relevant": {"${name}": 2, "d1": 1}, "tags": ["${name}"]}\n`,
      json: `{"${name}": {"${name}": 2, "d1": 1}}\n`,
      csv: `query_id,doc_id,grade,tags\n${name},${name},2,${name}\n${name},d1,1,${name}\n`,
    };
    for (const [format, content] of Object.entries(contents)) {
      const golden = parseGoldenSet(content);
      expect(golden.format).toBe(format);
      expect([...golden.qrels.keys()]).toEqual([name]);
      expect([...golden.qrels.get(name)!]).toEqual([[name, 2], ['d1', 1]]);
      if (format === 'jsonl' || format === 'csv') expect(golden.tags.get(name)).toEqual([name]);
    }
    expect([...parseGoldenSet(`{"${name}": ["${name}"]}`).qrels.get(name)!.keys()]).toEqual([name]);
  });
});

describe('aspects (trec-diversity qrels and JSONL "aspects")', () => {
  /** aspects as plain objects: query → aspect → document → grade. */
  const aspectsOf = (golden: ReturnType<typeof parseGoldenSet>) =>
    golden.aspects === undefined ? undefined : Object.fromEntries([...golden.aspects].map(([qid, byAspect]) => [qid, Object.fromEntries([...byAspect].map(([aspect, judged]) => [aspect, Object.fromEntries(judged)]))]));

  // Query 1: subtopic 1 covered by d1 and d2, subtopic 2 by d2 (grade 2), d9 judged 0; query 2: one
  // subtopic, on a line of tabs, two spaces and CRLF.
  const DIVERSITY = '1 1 d1 1\n1 1 d2 1\n1 2 d2 2\n1 2 d9 0\n2\t3  d4 1\r\n';

  it('reads trec-diversity qrels into aspects, and qrels at each document’s largest grade over its subtopics', () => {
    const golden = parseGoldenSet(DIVERSITY, { format: 'trec-diversity' });
    expect(golden.format).toBe('trec-diversity');
    expect(aspectsOf(golden)).toEqual({ '1': { '1': { d1: 1, d2: 1 }, '2': { d2: 2, d9: 0 } }, '2': { '3': { d4: 1 } } });
    expect(plain(golden).qrels).toEqual({ '1': { d1: 1, d2: 2, d9: 0 }, '2': { d4: 1 } });
  });

  it('never tells trec-diversity from the content: the same file read unnamed is ad hoc trec, without aspects', () => {
    const golden = parseGoldenSet('1 1 d1 1\n1 2 d3 1\n');
    expect(golden.format).toBe('trec');
    expect(golden.aspects).toBeUndefined();
  });

  it('reads trec-diversity fed one byte at a time as it reads it whole', async () => {
    const golden = await readGoldenSet(byteChunks(DIVERSITY, 1), { format: 'trec-diversity' });
    expect(aspectsOf(golden)).toEqual(aspectsOf(parseGoldenSet(DIVERSITY, { format: 'trec-diversity' })));
  });

  it.each([
    ['a document judged twice for one subtopic', '1 1 d1 1\n1 2 d1 1\n1 1 d1 0\n', 'g:3: document "d1" is judged twice for aspect "1" of query "1" (lines 1 and 3)'],
    ['a line of 3 fields', '1 1 d1 1\n1 1 d2\n', 'g:2: expected 4 fields (qid subtopic docno grade), got 3'],
    ['a line of 5 fields', '1 1 d1 1 x\n', 'g:1: expected 4 fields (qid subtopic docno grade), got 5'],
    ['a grade that is not a whole number', '1 1 d1 1.5\n', 'g:1: the grade "1.5" is not a whole decimal number'],
    ['an empty file', '', 'g:1: the qrels file is empty'],
  ])('refuses %s in trec-diversity qrels, naming file and line', (_, content, message) => {
    const error = errorOf(() => parseGoldenSet(content, { file: 'g', format: 'trec-diversity' }));
    expect(error).toMatchObject({ name: 'RankevalError', code: 'parse_error' });
    expect((error as Error).message).toBe(message);
  });

  it('reads JSONL aspects (a list: grade 1 each; or id → grade); qrels are the union with "relevant" at the largest grade', () => {
    const golden = parseGoldenSet(
      [
        '{"query_id": "combine", "relevant": {"c1": 2, "c9": 1}, "aspects": {"discount-rule": ["c1", "c4"], "coupon-rule": {"c7": 2}}}',
        '{"query_id": "aspects-only", "aspects": {"a": ["c2"]}}',
        '{"query_id": "plain", "relevant": ["c3"]}',
      ].join('\n'),
    );
    expect(golden.format).toBe('jsonl');
    expect(aspectsOf(golden)).toEqual({ combine: { 'discount-rule': { c1: 1, c4: 1 }, 'coupon-rule': { c7: 2 } }, 'aspects-only': { a: { c2: 1 } } });
    expect(plain(golden).qrels).toEqual({ combine: { c1: 2, c9: 1, c4: 1, c7: 2 }, 'aspects-only': { c2: 1 }, plain: { c3: 1 } });
    // The golden set's aspects are what evaluateRun's `aspects` option takes.
    const options: EvaluateRunOptions = { measures: ['ndcg@10'], aspects: golden.aspects! };
    expect(options.aspects).toBe(golden.aspects);
  });

  it('gives aspects only when the file does: none for a JSONL file without them, nor for the other formats', () => {
    expect(parseGoldenSet('{"query_id": "q1", "relevant": ["d1"]}\n').aspects).toBeUndefined();
    expect(parseGoldenSet('{"q1": ["d1"]}\n').aspects).toBeUndefined();
    expect(aspectsOf(parseGoldenSet('{"query_id": "q1", "relevant": ["d1"], "aspects": {}}\n'))).toEqual({ q1: {} });
  });

  it('reads JSONL "tokens" into lengths (document id → tokens, over every line), and refuses a document given two lengths', () => {
    const read = parseGoldenSet('{"query_id": "q1", "relevant": ["c1"], "tokens": {"c1": 120, "c4": 80}}\n{"query_id": "q2", "relevant": ["c4"], "tokens": {"c4": 80, "c9": 0}}\n');
    expect(read.lengths).toEqual(new Map([['c1', 120], ['c4', 80], ['c9', 0]]));
    expect(parseGoldenSet('{"query_id": "q1", "relevant": ["c1"]}\n').lengths).toBeUndefined();
    const twice = errorOf(() => parseGoldenSet('{"query_id": "q1", "relevant": ["c1"], "tokens": {"c1": 120}}\n{"query_id": "q2", "relevant": ["c1"], "tokens": {"c1": 121}}\n', { file: 'g' }));
    expect((twice as Error).message).toBe('g:2: document "c1" has 121 tokens here and 120 on line 1');
    const negative = errorOf(() => parseGoldenSet('{"query_id": "q1", "relevant": ["c1"], "tokens": {"c1": -1}}\n', { file: 'g' }));
    expect((negative as Error).message).toBe('g:1: the length of "c1" in "tokens" must be a length in tokens (a number from 0 to 9007199254740991), got -1');
    const notObject = errorOf(() => parseGoldenSet('{"query_id": "q1", "relevant": ["c1"], "tokens": [1]}\n', { file: 'g' }));
    expect((notObject as Error).message).toBe('g:1: "tokens" of query "q1" must be an object of document id → length in tokens, got [1]');
  });

  it.each([
    ['aspects not an object', '{"query_id": "q1", "aspects": ["c1"]}', 'g:2: "aspects" of query "q1" must be an object of aspect → a list of ids or an object of id → grade, got ["c1"]'],
    ['an aspect neither a list nor an object', '{"query_id": "q1", "aspects": {"a": "c1"}}', 'g:2: aspect "a" of query "q1" must be a list of ids or an object of id → grade, got "c1"'],
    ['a grade that is not a number', '{"query_id": "q1", "aspects": {"a": {"c7": "high"}}}', 'g:2: the grade of "c7" for aspect "a" of query "q1" must be a finite number, got "high"'],
    ['an id that is not a string', '{"query_id": "q1", "aspects": {"a": ["c1", 7]}}', 'g:2: aspect "a" of query "q1" must list non-empty string ids, got 7'],
    ['a document listed twice for one aspect', '{"query_id": "q1", "aspects": {"a": ["c1", "c1"]}}', 'g:2: document "c1" is judged twice for aspect "a" of query "q1" (line 2)'],
    ['an aspect that lists no document', '{"query_id": "q1", "aspects": {"a": ["c1"], "b": []}}', 'g:2: aspect "b" of query "q1" lists no document: no ranking could cover it (list the chunks that state it, or leave the aspect out)'],
    ['an aspect of no judged document', '{"query_id": "q1", "aspects": {"a": {}}}', 'g:2: aspect "a" of query "q1" lists no document: no ranking could cover it (list the chunks that state it, or leave the aspect out)'],
  ])('refuses %s in JSONL, naming file and line', (_, content, message) => {
    const error = errorOf(() => parseGoldenSet(`{"query_id": "q0", "relevant": []}\n${content}\n`, { file: 'g' }));
    expect(error).toMatchObject({ name: 'RankevalError', code: 'parse_error' });
    expect((error as Error).message).toBe(message);
  });
});
