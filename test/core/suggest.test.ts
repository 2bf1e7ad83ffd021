import { describe, expect, it, test } from 'vitest';
import { closest, editDistance, meantKey, misnamedKey } from '../../src/core/suggest.js';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['measure', 'measure', 0],
    ['', 'abc', 3],
    ['evl', 'eval', 1], // one insertion
    ['meausre', 'measure', 1], // two neighbours swapped count as one edit
    ['kitten', 'sitting', 3],
    ['ab', 'ba', 1],
    ['ca', 'abc', 3], // optimal string alignment: no edit of a swapped pair
  ])('%j → %j is %i edits', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(editDistance('𝑥a', 'ya')).toBe(1);
  });
});

describe('closest', () => {
  const flags = ['measure', 'format', 'fail-under', 'depth', 'explain'];

  it('suggests the candidate a slip away', () => {
    expect(closest('meausre', flags)).toBe('measure');
    expect(closest('fromat', flags)).toBe('format');
    expect(closest('evl', ['eval', 'compare', 'report', 'trec', 'help'])).toBe('eval');
  });

  it('suggests nothing when every candidate is far', () => {
    expect(closest('colour', flags)).toBeUndefined();
    expect(closest('x', ['ab'])).toBeUndefined();
  });

  it('prefers the nearer candidate, then the earlier one', () => {
    expect(closest('deptx', ['depth', 'dept'])).toBe('depth');
    expect(closest('abcx', ['abcy', 'abcz'])).toBe('abcy');
  });
});

// The keys of a JSONL golden-set line, a run line and a run's result, as the readers give them.
const GOLDEN_LINE = { keys: ['query_id', 'query', 'question', 'relevant', 'aspects', 'tags', 'tokens'] };
const RUN_LINE = { keys: ['query_id', 'results', 'latency_ms', 'failed'] };
const RESULT_KEYS = ['id', 'score'];

describe('meantKey: the known key a slip meant', () => {
  test('a name other tools give the key, case aside', () => {
    expect(meantKey('qid', GOLDEN_LINE.keys)).toBe('query_id');
    expect(meantKey('QID', RUN_LINE.keys)).toBe('query_id');
    expect(meantKey('doc_id', RESULT_KEYS)).toBe('id');
    expect(meantKey('hits', RUN_LINE.keys)).toBe('results');
  });

  test('a misspelling within a third of its letters', () => {
    // relevance → relevant: 2 edits of 9 letters (at most 3).
    expect(meantKey('relevance', GOLDEN_LINE.keys)).toBe('relevant');
    expect(meantKey('tag', GOLDEN_LINE.keys)).toBe('tags');
    expect(meantKey('scroe', RESULT_KEYS)).toBe('score');
  });

  test('no key for a name far from every known one, nor for an alias of a key the line does not read', () => {
    expect(meantKey('answer', GOLDEN_LINE.keys)).toBeUndefined();
    // `hits` means `results`, which a golden-set line has not.
    expect(meantKey('hits', GOLDEN_LINE.keys)).toBeUndefined();
    expect(meantKey('constructor', GOLDEN_LINE.keys)).toBeUndefined();
  });
});

describe('misnamedKey: the first key that is a slip for a key the record does not give', () => {
  test('a slip, with the key meant', () => {
    expect(misnamedKey({ qid: 'q1', relevant: ['d1'] }, GOLDEN_LINE.keys)).toEqual(['qid', 'query_id']);
    expect(misnamedKey({ query_id: 'q1', note: 'x', relevance: {} }, GOLDEN_LINE.keys)).toEqual(['relevance', 'relevant']);
  });

  test('none when the key meant is there too, or when no key is a slip', () => {
    expect(misnamedKey({ query_id: 'q1', qid: 7, relevant: ['d1'], relevance: 'high' }, GOLDEN_LINE.keys)).toBeUndefined();
    expect(misnamedKey({ query_id: 'q1', results: [], system: 'bm25' }, RUN_LINE.keys)).toBeUndefined();
  });
});
