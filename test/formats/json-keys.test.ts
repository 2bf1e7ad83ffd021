import { describe, expect, test } from 'vitest';
import { GOLDEN_LINE, meantKey, misnamedKey, misnamedKeyWords, RESULT_KEYS, RUN_LINE } from '../../src/formats/json-keys.js';

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

  test('its words name the key, the key meant and the keys read', () => {
    expect(misnamedKeyWords(['qid', 'query_id'], RUN_LINE.keys, "a run line's")).toBe(
      'unknown key "qid": did you mean "query_id"? (a run line\'s keys: query_id, results, latency_ms, failed)',
    );
  });
});
