// The pool file: read (whole and in chunks) with every bad line located, written, and read back equal.
import { fc, test as prop } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { parsePool, poolLines, readPool } from '../../src/formats/pool.js';
import { byteChunks, rankevalFailureOf } from '../helpers/files.js';

const FILE = 'pool.jsonl';
const parse = (text: string) => parsePool(text, { file: FILE });
const refusal = (text: string): string => rankevalFailureOf(() => parse(text)).message;

describe('parsePool: {"query_id", "doc_id"} a line', () => {
  test('reads each query’s documents in line order, the queries in the order of their first lines', () => {
    const text = '{"query_id":"q2","doc_id":"d3"}\n{"query_id":"q1","doc_id":"d1"}\n{"query_id":"q2","doc_id":"d2"}\n';
    const pool = parse(text);
    expect(pool).toEqual({ q2: ['d3', 'd2'], q1: ['d1'] });
    expect(Object.keys(pool)).toEqual(['q2', 'q1']);
  });

  test('skips blank lines, reads CRLF, a last line without a newline, an integer query id and other keys', () => {
    expect(parse('\n{"query_id": 301, "doc_id": "d1", "rrf": 0.03}\r\n\n{"query_id":"301","doc_id":"d2"}')).toEqual({ 301: ['d1', 'd2'] });
    expect(parse('')).toEqual({});
  });

  test('refuses a bad line at its line', () => {
    expect(refusal('{"query_id":"q1","doc_id":"d1"}\n{"query_id":"q1","doc_id":"d1"}\n')).toBe('pool.jsonl:2: the pair ("q1", "d1") appears twice (lines 1 and 2)');
    expect(refusal('{"query_id":"q1"}\n')).toBe('pool.jsonl:1: "doc_id" must be a non-empty string, got nothing');
    expect(refusal('{"query_id":"q1","doc_id":7}\n')).toBe('pool.jsonl:1: "doc_id" must be a non-empty string, got 7');
    expect(refusal('{"query_id":"","doc_id":"d1"}\n')).toBe('pool.jsonl:1: "query_id" must be a non-empty string, got ""');
    expect(refusal('{"qid":"q1","doc_id":"d1"}\n')).toMatch(/^pool\.jsonl:1: unknown key "qid": did you mean "query_id"\?/);
    expect(refusal('["q1","d1"]\n')).toBe('pool.jsonl:1: expected a JSON object {"query_id", "doc_id"}');
    expect(refusal('{"query_id":"q1","doc_id":"d1","doc_id":"d2"}\n')).toMatch(/^pool\.jsonl:1: the key "doc_id" appears twice in one object/);
  });

  test('reads chunks as the whole content', async () => {
    const text = '{"query_id":"q1","doc_id":"d\u00e9"}\n{"query_id":"q1","doc_id":"d2"}\n';
    expect(await readPool(byteChunks(text, 3), { file: FILE })).toEqual(parse(text));
  });
});

describe('poolLines', () => {
  test('writes one pair a line in judging order', () => {
    expect(poolLines({ q1: ['d3', 'd1'], q2: ['d2'] })).toBe('{"query_id":"q1","doc_id":"d3"}\n{"query_id":"q1","doc_id":"d1"}\n{"query_id":"q2","doc_id":"d2"}\n');
    expect(poolLines(new Map([['q"1', ['d\n']]]) as never)).toBe('{"query_id":"q\\"1","doc_id":"d\\n"}\n');
  });

  test('refuses what a pool file cannot hold', () => {
    expect(rankevalFailureOf(() => poolLines({ q1: ['d1', ''] }))).toEqual({ code: 'invalid_option', message: 'poolLines: expected every id of the documents of query "q1" in `pool` to be a non-empty string, got `""` (string)' });
    expect(rankevalFailureOf(() => poolLines({ '': ['d1'] })).code).toBe('invalid_option');
    expect(rankevalFailureOf(() => poolLines([['q1', ['d1']]] as never)).code).toBe('invalid_option');
  });

  const ids = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 });
  prop.prop([fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), ids)], { numRuns: 100 })('is read back equal by parsePool', (pool) => {
    expect({ ...parsePool(poolLines(pool)) }).toEqual(pool);
  });
});
