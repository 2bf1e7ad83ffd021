// Which column of a CSV or BEIR header is the X column: one candidate or a refusal, never a guess; and JSON
// numbers beyond a double's range quoted as written.
import { describe, expect, it } from 'vitest';
import { evaluateRun, parseGoldenSet, parseRun, readGoldenSet, type RankevalError } from '../../src/index.js';
import { errorOf } from '../helpers/files.js';

const golden = (text: string, options: Record<string, unknown> = {}) => parseGoldenSet(text, { file: 'g.csv', ...options });
const grades = (text: string, options: Record<string, unknown> = {}) => Object.fromEntries([...golden(text, options).qrels.get('q1')!]);
const messageOf = (call: () => unknown): string => (errorOf(call) as RankevalError).message;
const PICK = 'name the one to read with the `gradeColumn` option (--grade-column NAME on the command line)';

describe('golden set columns: two candidates for the grade are refused, naming both and the option', () => {
  it('refuses score and label (score was taken as the grade: P@1 1 where the labels give 0)', () => {
    const text = 'query_id,doc_id,score,label\nq1,a,1,0\nq1,b,1,0\n';
    const error = errorOf(() => golden(text)) as RankevalError;
    expect(error.code).toBe('parse_error');
    expect(error.message).toBe(`g.csv:1: the header "query_id,doc_id,score,label" has 2 grade columns, "score" (column 3) and "label" (column 4); ${PICK}`);
    expect(error.subject).toEqual({ kind: 'file', file: 'g.csv', line: 1 });
  });

  it.each([
    ['grade and relevance', 'query_id,doc_id,grade,relevance', '"grade" (column 3) and "relevance" (column 4)'],
    ['three of them', 'qid,docid,rel,judgment,Grade', '3 grade columns, "rel" (column 3) and "judgment" (column 4) and "Grade" (column 5)'],
  ])('refuses %s', (_, header, named) => {
    expect(messageOf(() => golden(`${header}\nq1,a,1,0${header.split(',').length === 5 ? ',0' : ''}\n`))).toContain(named);
  });

  it('BEIR likewise', () => {
    expect(messageOf(() => parseGoldenSet('query-id\tcorpus-id\tscore\tlabel\nq1\ta\t1\t0\n', { file: 'g.tsv' }))).toBe(
      `g.tsv:1: the header "query-id,corpus-id,score,label" has 2 grade columns, "score" (column 3) and "label" (column 4); ${PICK}`,
    );
  });

  it('gradeColumn picks one, by its name in the header (case and blanks aside), and may name any column', async () => {
    const text = 'query_id,doc_id,score,label,human\nq1,a,1,0,2\nq1,b,1,3,0\n';
    expect(grades(text, { gradeColumn: 'label' })).toEqual({ a: 0, b: 3 });
    expect(grades(text, { gradeColumn: ' SCORE ' })).toEqual({ a: 1, b: 1 });
    expect(grades(text, { gradeColumn: 'human' })).toEqual({ a: 2, b: 0 });
    expect(Object.fromEntries((await readGoldenSet(text, { gradeColumn: 'label' })).qrels.get('q1')!)).toEqual({ a: 0, b: 3 });
    // Scored with the labels, P@1 is 0.
    const run = { q1: ['a', 'b'] };
    expect(evaluateRun(run, golden(text, { gradeColumn: 'label' }).qrels, { measures: ['P@1'] }).mean['P@1']).toBe(0);
  });

  it('gradeColumn naming a column the header lacks, or a file without a header, is refused', async () => {
    expect(messageOf(() => golden('query_id,doc_id,score\nq1,a,1\n', { gradeColumn: 'label' }))).toBe(
      'g.csv:1: the header "query_id,doc_id,score" has no column "label" (named by the `gradeColumn` option (--grade-column NAME on the command line))',
    );
    expect(messageOf(() => golden('q1 0 a 1\n', { gradeColumn: 'label' }))).toBe(
      'g.csv:1: a grade column is named ("label", the `gradeColumn` option (--grade-column NAME on the command line)), but the golden set is trec, which has no header; only CSV and BEIR files have one',
    );
    await expect(readGoldenSet('{"query_id": "q1", "relevant": ["a"]}\n', { file: 'g', gradeColumn: 'label' })).rejects.toThrow(/^g:1: a grade column is named .* the golden set is jsonl/);
  });

  it.each([[''], ['  '], [3], [null]])('refuses gradeColumn %j (not a column name)', (gradeColumn) => {
    const error = errorOf(() => golden('query_id,doc_id\nq1,a\n', { gradeColumn })) as RankevalError;
    expect(error.code).toBe('invalid_option');
    expect(error.message).toMatch(/^parseGoldenSet: expected `gradeColumn` to be the name of a column of the header \(a non-blank string\), got /);
  });

  it('reads gradeColumn as an own key only (an inherited one is no option given)', () => {
    const inherited = Object.create({ gradeColumn: 'label' }) as Record<string, unknown>;
    expect(messageOf(() => parseGoldenSet('query_id,doc_id,score,label\nq1,a,1,0\n', inherited))).toMatch(/has 2 grade columns/);
  });

  it('an unambiguous header reads as before', () => {
    expect(grades('query_id,doc_id,score\nq1,a,2\n')).toEqual({ a: 2 });
    expect(grades('query_id,doc_id,label,notes,notes\nq1,a,2,x,y\n')).toEqual({ a: 2 });
  });
});

describe('golden set columns: the other roles, and a column twice', () => {
  it('refuses a column the reader reads written twice (which of the two holds the values is a guess)', () => {
    expect(messageOf(() => golden('query_id,doc_id,grade,grade\nq1,a,1,0\n'))).toBe('g.csv:1: the header "query_id,doc_id,grade,grade" has the column "grade" twice (columns 3 and 4); keep one');
    expect(messageOf(() => golden('query_id,doc_id,DOC_ID\nq1,a,b\n'))).toBe('g.csv:1: the header "query_id,doc_id,DOC_ID" has the column "DOC_ID" twice (columns 2 and 3); keep one');
  });

  it('refuses two document id or two query id columns', () => {
    expect(messageOf(() => golden('query_id,doc_id,docid\nq1,a,b\n'))).toBe(
      'g.csv:1: the header "query_id,doc_id,docid" has 2 document columns, "doc_id" (column 2) and "docid" (column 3); keep one (remove or rename the others)',
    );
    expect(messageOf(() => golden('qid,query_id,doc_id\nq1,q1,a\n'))).toMatch(/has 2 query columns, "qid" \(column 1\) and "query_id" \(column 2\)/);
  });

  it('a name two roles read (`query`) goes to the other role when one has a column of its own', () => {
    const both = golden('qid,query,doc_id\nq1,what is a?,a\n');
    expect([...both.qrels.keys()]).toEqual(['q1']);
    expect(both.questions.get('q1')).toBe('what is a?');
    expect([...golden('query,doc_id\nq1,a\n').qrels.keys()]).toEqual(['q1']);
    expect(messageOf(() => golden('qid,query,question,doc_id\nq1,x,y,a\n'))).toMatch(/has 2 question columns, "query" \(column 2\) and "question" \(column 3\)/);
  });

  it('JSONL: a line giving both "query" and "question" is refused (query was taken)', () => {
    expect(messageOf(() => parseGoldenSet('{"query_id": "q1", "relevant": ["a"], "query": "x", "question": "y"}\n', { file: 'g' }))).toBe(
      'g:1: query "q1" gives both "query" and "question" (the question\'s text); keep one',
    );
  });
});

describe('run columns: one score, rank, query id and document id column', () => {
  it.each([
    ['score and similarity', 'query_id,doc_id,score,similarity\nq1,a,1,2\n', '2 score columns, "score" (column 3) and "similarity" (column 4)'],
    ['rank and position', 'query_id,doc_id,rank,position\nq1,a,1,2\n', '2 rank columns, "rank" (column 3) and "position" (column 4)'],
    ['doc_id and id', 'query_id,id,doc_id,score\nq1,1,a,2\n', '2 document columns, "id" (column 2) and "doc_id" (column 3)'],
  ])('refuses %s (the first was taken)', (_, text, named) => {
    const error = errorOf(() => parseRun(text, { file: 'r.csv' })) as RankevalError;
    expect(error.code).toBe('parse_error');
    expect(error.message).toBe(`r.csv:1: the header ${JSON.stringify(text.split('\n')[0])} has ${named}; keep one (remove or rename the others)`);
  });

  it('refuses a score column twice', () => {
    expect(messageOf(() => parseRun('query_id,doc_id,score,score\nq1,a,1,2\n', { file: 'r.csv' }))).toBe('r.csv:1: the header "query_id,doc_id,score,score" has the column "score" twice (columns 3 and 4); keep one');
  });

  it('a score and a rank are two roles: the score orders, as trec_eval ignores the rank', () => {
    expect(parseRun('query_id,doc_id,rank,score\nq1,a,1,1\nq1,b,2,2\n').rankings.get('q1')).toEqual(['b', 'a']);
  });
});

describe('JSON numbers beyond a double are quoted as written, not as the Infinity they read as', () => {
  it.each([
    ['a JSONL grade', () => parseGoldenSet('{"query_id": "q1", "relevant": {"a": 1e400}}\n', { file: 'g' }), 'g:1: the number 1e400 (the value of "a") is beyond the range of a double (about ±1.8e308): it would read as Infinity'],
    ['a JSONL aspect grade', () => parseGoldenSet('{"query_id": "q1", "aspects": {"x": {"a": -2e999}}}\n', { file: 'g' }), 'g:1: the number -2e999 (the value of "a") is beyond the range of a double (about ±1.8e308): it would read as -Infinity'],
    ['a JSONL length in "tokens"', () => parseGoldenSet('{"query_id": "q1", "relevant": ["a"], "tokens": {"a": 1E+309}}\n', { file: 'g' }), 'g:1: the number 1E+309 (the value of "a") is beyond'],
    ['a JSON grade, on its line', () => parseGoldenSet('{\n  "q1": {"a": 1},\n  "q2": {"b": 10e400}\n}\n', { file: 'g' }), 'g:3: the number 10e400 (the value of "b") is beyond'],
    ['a JSONL run score', () => parseRun('{"query_id": "q1", "results": [{"id": "a", "score": 1e400}]}\n', { file: 'r' }), 'r:1: the number 1e400 (the value of "score") is beyond'],
    ['a JSONL latency', () => parseRun('{"query_id": "q1", "results": ["a"], "latency_ms": 1e400}\n', { file: 'r' }), 'r:1: the number 1e400 (the value of "latency_ms") is beyond'],
    ['a JSON run score', () => parseRun('{"q1": {"a": 1.5e400}}', { file: 'r' }), 'r:1: the number 1.5e400 (the value of "a") is beyond'],
    ['a number in a list', () => parseRun('{"query_id": "q1", "results": ["a"], "extra": [1, 2e400]}\n', { file: 'r' }), 'r:1: the number 2e400 (the value of "extra") is beyond'],
  ])('%s', (_, read, message) => {
    const error = errorOf(read) as RankevalError;
    expect(error.code).toBe('parse_error');
    expect(error.message.startsWith(message)).toBe(true);
  });

  it('a TREC grade past 2^53 − 1 is refused: atol saturates it, a double rounds it', () => {
    expect(messageOf(() => parseGoldenSet('q1 0 a 99999999999999999999999\n', { file: 'q' }))).toMatch(/^q:1: the grade 99999999999999999999999 is beyond ±\(2\^53 − 1\), the whole numbers a grade may be \(it would read as /);
    expect(messageOf(() => parseGoldenSet('q1 s1 a -9007199254740993\n', { file: 'q', format: 'trec-diversity' }))).toBe(
      'q:1: the grade -9007199254740993 is beyond ±(2^53 − 1), the whole numbers a grade may be',
    );
    expect(Object.fromEntries(parseGoldenSet('q1 0 a 9007199254740991\n').qrels.get('q1')!)).toEqual({ a: 9007199254740991 });
  });

  it('reads numbers that fit, and number-like text inside strings, as before', () => {
    const golden = parseGoldenSet('{"query_id": "q1", "relevant": {"1e400": 1.7e308, "b\\"-1e999": 0}}\n');
    expect(Object.fromEntries(golden.qrels.get('q1')!)).toEqual({ '1e400': 1.7e308, 'b"-1e999': 0 });
  });
});
