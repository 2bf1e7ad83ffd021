import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { parseRun, readRun, type RunFormat } from '../../src/index.js';
import { MAX_LINE_BYTES } from '../../src/formats/lines.js';
import { byteChunks, errorOf, reusedBufferChunks } from '../helpers/files.js';

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

  test.prop([fc.constantFrom(...Object.values(SAME_RUN)), fc.integer({ min: 1, max: 48 })])(
    'reads chunks that reuse one buffer (the CLI reads a file so) as it reads the whole text',
    async (content, size) => {
      expect(plain(await readRun(reusedBufferChunks(content, size)))).toEqual(plain(parseRun(content)));
    },
  );

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

  it('keeps each score-ordered query as the file lists it, with its scores, for ties: given and average', () => {
    const run = parseRun('q1 Q0 a 1 2 r\nq1 Q0 b 2 2 r\nq1 Q0 z 3 3 r\n');
    expect(run.rankings.get('q1')).toEqual(['z', 'b', 'a']);
    expect(run.scored.get('q1')).toEqual({ ids: ['a', 'b', 'z'], scores: [2, 2, 3] });
    // A rank column orders the results itself: nothing to keep.
    expect(parseRun('qid,docid,rank\nq1,a,2\nq1,b,1\n').scored.size).toBe(0);
  });

  it('reads JSON rankings given as lists of {id, score}', () => {
    expect(plain(parseRun('{"q1": [{"id": "a", "score": 1}, {"id": "b", "score": 5}]}')).rankings).toEqual({ q1: ['b', 'a'] });
  });
});

describe('latency_ms in a JSONL run (writeRun keeps evaluateRetriever\'s latency there)', () => {
  const content = '{"query_id": "q1", "results": ["a", "b"], "latency_ms": 41.5}\n{"query_id": "q2", "results": []}\n{"query_id": "q3", "results": [{"id": "c", "score": 1}], "latency_ms": 0}\n';

  it('is kept per query in `latency`, beside the rankings', () => {
    const run = parseRun(content);
    expect(Object.fromEntries(run.rankings)).toEqual({ q1: ['a', 'b'], q2: [], q3: ['c'] });
    expect(Object.fromEntries(run.latency)).toEqual({ q1: 41.5, q3: 0 });
  });

  it('is read alike from chunks of one byte', async () => {
    expect(Object.fromEntries((await readRun(byteChunks(content, 1))).latency)).toEqual({ q1: 41.5, q3: 0 });
  });

  it('is empty for the other formats', () => {
    expect(parseRun(SAME_RUN.trec).latency.size).toBe(0);
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
    ['JSONL latency not a number', '{"query_id": "q1", "results": ["a"], "latency_ms": "12"}\n', /^r:1: "latency_ms" of query "q1" must be a finite number of milliseconds, 0 or more, got "12"$/],
    ['JSONL numeric ids', '{"query_id": "q1", "results": [1, 2]}\n', /^r:1: "results" of query "q1" entry 1 is 1: ids are strings, quote it \("1"\)$/],
    ['JSONL result with a numeric id', '{"query_id": "q1", "results": [{"id": 7, "score": 1}]}\n', /^r:1: "results" of query "q1" entry 1 has the id 7: ids are strings, quote it \("7"\)$/],
    ['JSONL result with doc_id', '{"query_id": "q1", "results": [{"doc_id": "d1", "score": 1}]}\n', /^r:1: "results" of query "q1" entry 1: unknown key "doc_id": did you mean "id"\? \(a result's keys: id, score\)$/],
    ['JSON result with docid and a misspelt score', '{"q1": [{"id": "d1", "score": 1}, {"docId": "d2", "scroe": 1}]}\n', /^r:1: the ranking of query "q1" entry 2: unknown key "docId": did you mean "id"\? \(a result's keys: id, score\)$/],
    ['JSONL result with a similarity', '{"query_id": "q1", "results": [{"id": "d1", "similarity": 0.8}]}\n', /^r:1: "results" of query "q1" entry 1: unknown key "similarity": did you mean "score"\? \(a result's keys: id, score\)$/],
    ['JSONL qid', '{"qid": "q1", "results": ["d1"]}\n{"qid": "q2", "results": ["d2"]}\n', /^r:1: unknown key "qid": did you mean "query_id"\? \(a run line's keys: query_id, results, latency_ms, failed\)$/],
    ['JSONL ranking', '{"query_id": "q1", "ranking": ["d1"]}\n', /^r:1: unknown key "ranking": did you mean "results"\? \(a run line's keys: query_id, results, latency_ms, failed\)$/],
    ['JSONL latency', '{"query_id": "q1", "results": ["d1"], "latency": 41.7}\n', /^r:1: unknown key "latency": did you mean "latency_ms"\? \(a run line's keys: query_id, results, latency_ms, failed\)$/],
    ['JSONL latency negative', '{"query_id": "q1", "results": [], "latency_ms": 0}\n{"query_id": "q2", "results": [], "latency_ms": -1}\n', /^r:2: "latency_ms" of query "q2" must be/],
  ];
  it.each(cases)('%s', (name, content, message) => {
    const format = name.includes('forced') ? 'csv' : name.startsWith('JSON not') ? 'json' : 'auto';
    const error = errorOf(() => parseRun(content, { file: 'r', format }));
    expect(error).toMatchObject({ name: 'RankevalError', code: 'parse_error' });
    expect((error as Error).message).toMatch(message);
  });
});

describe('parseRun and the keys of a JSON line', () => {
  it('reads a line or a result with keys of its own, far from any key it reads', () => {
    const run = parseRun('{"query_id": "q1", "results": [{"id": "d1", "score": 2, "text": "…"}], "system": "bm25", "qid": 1}\n');
    expect(run).toMatchObject({ format: 'jsonl', rankings: new Map([['q1', ['d1']]]) });
  });

  it('reads a one-line JSON run whose query is named like a key', () => {
    // `qid` holds a ranking here, not a query id: the file is a JSON run.
    expect(parseRun('{"qid": ["d1"]}\n')).toMatchObject({ format: 'json', rankings: new Map([['qid', ['d1']]]) });
  });
});

describe('parseRun on bad input', () => {
  it('refuses an unknown option key and a wrong option type', async () => {
    const content = 'q1 Q0 d1 1 2 r\n';
    expect(() => parseRun(content, { fromat: 'json' } as never)).toThrow(/^parseRun: expected every option to be one of `file`, `format`, `onProgress`, got `"fromat"`/);
    await expect(readRun(content, { fromat: 'json' } as never)).rejects.toThrow(/^readRun: expected every option to be one of `file`, `format`, `onProgress`, got `"fromat"`/);
    expect(() => parseRun(content, null as never)).toThrow(/^parseRun: expected `options` to be an object, got `null`/);
    await expect(readRun(content, { file: 5 } as never)).rejects.toThrow(/^readRun: expected `file` to be a string, got `5`/);
    expect(() => parseRun(content, { format: 5 } as never)).toThrow(/expected `format` to be 'auto' or one of/);
  });

  const messageOf = (content: string | Uint8Array, options: Parameters<typeof parseRun>[1] = {}) => (errorOf(() => parseRun(content, { file: 'r', ...options })) as Error).message;

  it(
    'reads a JSON object of 100k rankings in time linear in its size',
    () => {
      const content = `{\n${Array.from({ length: 100_000 }, (_, i) => `  "q${i}": ["d${i}", "e${i}", "f${i}"]`).join(',\n')}\n}\n`;
      const run = parseRun(content);
      expect(run.rankings.size).toBe(100_000);
      expect(run.rankings.get('q99999')).toEqual(['d99999', 'e99999', 'f99999']);
    },
    60_000,
  );

  it(
    'refuses a TREC line longer than 64 MiB at its line, and reads no further',
    async () => {
      const line = new Uint8Array(MAX_LINE_BYTES + 1).fill(0x78);
      const chunks = [new TextEncoder().encode('q1 Q0 d1 1 2 r\nq1 Q0 '), ...Array.from({ length: Math.ceil(line.length / 65_536) }, (_, i) => line.subarray(i * 65_536, (i + 1) * 65_536))];
      await expect(readRun(chunks, { file: 'r', format: 'trec' })).rejects.toThrow(/^r:2: the line is longer than 64 MiB, the most one line may hold$/);
    },
    60_000,
  );

  const id = fc.string({ unit: 'binary', minLength: 1, maxLength: 6 });
  const scores = fc.dictionary(id, fc.integer(), { maxKeys: 4 });
  test.prop([fc.dictionary(id, scores, { minKeys: 1, maxKeys: 5 }), fc.constantFrom(0, 2, '\t')])(
    'finds every key of a JSON object as written, whatever its strings hold, and refuses a key written twice',
    (rankings, indent) => {
      const text = JSON.stringify(rankings, null, indent);
      const run = parseRun(text, { format: 'json' });
      expect(new Set(run.rankings.keys())).toEqual(new Set(Object.keys(rankings)));
      for (const [qid, ranking] of run.rankings) expect(new Set(ranking)).toEqual(new Set(Object.keys(rankings[qid]!)));
      const [qid, judged] = Object.entries(rankings)[0]!;
      const twice = `{${JSON.stringify(qid)}: {}, ${text.slice(1)}`;
      expect(() => parseRun(twice, { format: 'json' })).toThrow(`query ${JSON.stringify(qid)} appears twice (line`);
      const ids = Object.keys(judged);
      if (ids.length > 0) {
        const inner = `{${JSON.stringify(qid)}: {${JSON.stringify(ids[0])}: 1, ${JSON.stringify(judged).slice(1)}}`;
        expect(() => parseRun(inner, { format: 'json' })).toThrow(/appears twice in one object \(line \d+\)/);
      }
    },
  );

  // \xff and \xfe both decode to U+FFFD: read leniently, two distinct ids became one.
  const invalid = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));
  it.each([
    ['trec', 'q1 Q0 d\xff 1 2 r\nq1 Q0 d\xfe 2 1 r\n', /^r:1: the document id is not valid UTF-8 \(byte 0xff at byte 2\)/],
    ['trec', 'q1 Q0 d1 1 2 r\nq\xc3 Q0 d1 1 2 r\n', /^r:2: the query id is not valid UTF-8 \(byte 0xc3 at byte 2\)/],
    ['csv', 'query_id,doc_id,score\nq1,d\xff,2\nq1,d\xfe,1\n', /^r:2: the line is not valid UTF-8/],
    ['jsonl', '{"query_id": "q1", "results": ["d\xff", "d\xfe"]}\n', /^r:1: the line is not valid UTF-8/],
    ['json', '{"q1": ["d\xff", "d\xfe"]}', /^r:1: the line is not valid UTF-8/],
  ])('refuses invalid UTF-8 in %s at its line instead of merging ids', (_, text, message) => {
    expect(messageOf(invalid(text))).toMatch(message);
  });

  it.each([
    ['a query twice in a JSON object', '{\n  "q1": ["d1"],\n  "q1": ["d2"]\n}', /^r:3: query "q1" appears twice \(lines 2 and 3\)$/],
    ['a document twice in a JSON object of scores', '{"q1": {"d1": 2, "d2": 1, "d1": 3}}', /^r:1: the key "d1" appears twice in one object \(line 1\)/],
    ['a repeated query_id in a JSONL record', '{"query_id": "q1", "query_id": "q2", "results": ["d1"]}\n', /^r:1: the key "query_id" appears twice in one object/],
    ['a repeated score in a JSONL result', '{"query_id": "q1", "results": [{"id": "d1", "score": 1, "score": 2}]}\n', /^r:1: the key "score" appears twice in one object/],
  ])('refuses %s (JSON.parse keeps the last silently)', (_, content, message) => {
    expect(messageOf(content)).toMatch(message);
  });

  it.each([
    ['jsonl', `{"query_id": "q1", "results": ${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`, /^r:1: "results" of query "q1" entry 1 must have a non-empty string "id", got \[{99}…$/],
    ['json', `{"q1": {"d1": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}\n`, /^r:1: the ranking of query "q1" must give each id a finite score, got \[{99}…/],
  ])('reads %s nested 100k deep to a located error, not a stack overflow', (format, content, message) => {
    expect(messageOf(content, { format: format as RunFormat })).toMatch(message);
  });

  it('refuses a numeric query id that a double cannot hold exactly, and says to quote it', () => {
    expect(messageOf('{"query_id": 12345678901234567890, "results": []}\n')).toMatch(/^r:1: a numeric "query_id" .*, got 12345678901234567000 \(as read\); quote it/);
  });

  it.each([['0x10'], ['Infinity'], ['1e999'], [' ']])('refuses the CSV score and rank %j (decimal numbers only)', (value) => {
    expect(messageOf(`query_id,doc_id,score\nq1,d1,1\nq1,d2,"${value}"\n`)).toMatch(/^r:3: the score .* is not a finite number$/);
    expect(messageOf(`query_id,doc_id,rank\nq1,d1,1\nq1,d2,"${value}"\n`)).toMatch(/^r:3: the rank .* is not a finite number$/);
  });

  // trec_eval's atof reads these as 0, 16, 2, 7, Infinity and NaN; `rankeval trec` still does (test/trec).
  it.each([['abc'], ['0x10'], ['2abc'], ['7e'], ['1e999'], ['nan'], ['inf'], ['-']])('refuses the TREC score %j, as the CSV reader does (decimal numbers only)', async (score) => {
    const content = `q1 Q0 d1 1 1 r\nq1 Q0 d2 2 ${score} r\n`;
    const message = `r:2: the score ${JSON.stringify(score)} is not a finite number`;
    expect(messageOf(content)).toBe(message);
    expect(messageOf(content, { format: 'trec' })).toBe(message);
    await expect(readRun(byteChunks(content, 3), { file: 'r', format: 'trec' })).rejects.toThrow(message);
  });

  it('reads TREC scores written as decimals in any form, ordered by their value', () => {
    const run = parseRun('q1 Q0 a 1 +.5 r\nq1 Q0 b 2 5. r\nq1 Q0 c 3 -1E+3 r\nq1 Q0 d 4 1e-07 r\nq1 Q0 e 5 0.30000000000000004 r\n', { file: 'r' });
    expect(run.rankings.get('q1')).toEqual(['b', 'a', 'e', 'd', 'c']);
  });

  const NAMES = ['__proto__', 'constructor', 'toString'];
  it.each(NAMES)('keeps %s as a query id and a document id in every format', (name) => {
    const contents: Record<RunFormat, string> = {
      trec: `${name} Q0 ${name} 1 2 r\n${name} Q0 d1 2 1 r\n`,
      jsonl: `{"query_id": "${name}", "results": [{"id": "${name}", "score": 2}, {"id": "d1", "score": 1}]}\n`,
      json: `{"${name}": {"${name}": 2, "d1": 1}}\n`,
      csv: `query_id,doc_id,score\n${name},${name},2\n${name},d1,1\n`,
    };
    for (const [format, content] of Object.entries(contents)) {
      const run = parseRun(content);
      expect(run.format).toBe(format);
      expect(plain(run).rankings).toEqual(Object.fromEntries([[name, [name, 'd1']]]));
      expect([...run.rankings.keys()]).toEqual([name]);
    }
    expect(parseRun(`{"${name}": ["${name}", "d1"]}`).rankings.get(name)).toEqual([name, 'd1']);
  });
});
