import { describe, expect, test } from 'vitest';
import { isRankevalError, ndcgAtK, precisionAtK, RankevalError, recallAtK, reciprocalRank } from '../../src/index.js';
import { caught } from '../helpers/caught.js';

describe('qrels forms', () => {
  const ranking = ['a', 'b', 'c'];
  test('a Map, an object and an iterable of ids give the same scores', () => {
    const asObject = recallAtK(ranking, { a: 1, d: 1 }, 2);
    expect(recallAtK(ranking, new Map([['a', 1], ['d', 1]]), 2)).toBe(asObject);
    expect(recallAtK(ranking, ['a', 'd'], 2)).toBe(asObject);
    expect(recallAtK(ranking, new Set(['a', 'd']), 2)).toBe(asObject);
    expect(asObject).toBe(1 / 2);
  });

  test('an iterable of ids counts each id once', () => {
    expect(recallAtK(ranking, ['a', 'a', 'd'])).toBe(1 / 2);
  });
});

describe('bad input', () => {
  test.each([0, -1, 1.5, NaN, '5', null])('a cutoff of %s is an invalid_cutoff error naming the function', (k) => {
    const error = caught(() => ndcgAtK(['a'], ['a'], k as number));
    expect(error.code).toBe('invalid_cutoff');
    expect(error.message).toMatch(/^ndcgAtK: expected `k` to be a positive integer or Infinity, got `/);
    expect(error.received).toBe(k);
  });

  test('the message quotes the value and its type', () => {
    expect(caught(() => ndcgAtK(['a'], ['a'], 0)).message).toBe(
      'ndcgAtK: expected `k` to be a positive integer or Infinity, got `0` (number)',
    );
  });

  test('a repeated id names the id and both ranks', () => {
    const error = caught(() => precisionAtK(['a', 'b', 'c', 'b'], ['a'], 2));
    expect(error.code).toBe('invalid_ranking');
    expect(error.message).toBe('precisionAtK: duplicate document id `"b"` (string) in the ranking at ranks 2 and 4');
  });

  test('a repeated id is found beyond the cutoff too', () => {
    expect(caught(() => precisionAtK(['a', 'b', 'c', 'c'], ['a'], 1)).code).toBe('invalid_ranking');
  });

  test('a non-string id is an error, not a silent miss', () => {
    const error = caught(() => precisionAtK(['a', 7 as unknown as string], ['a'], 2));
    expect(error.code).toBe('invalid_ranking');
    expect(error.message).toContain('got `7` (number)');
  });

  test.each([NaN, Infinity, '1', null])('a score of %s is an invalid_ranking error', (score) => {
    const error = caught(() => precisionAtK([{ id: 'a', score: 1 }, { id: 'b', score: score as number }], ['a'], 2));
    expect(error.code).toBe('invalid_ranking');
    expect(error.message).toMatch(/^precisionAtK: expected the ranking\[1\]\.score to be a finite number/);
  });

  test('scored entries need string ids and objects throughout', () => {
    expect(caught(() => precisionAtK([{ id: 1 as unknown as string, score: 1 }], ['a'])).message).toContain('ranking[0].id');
    expect(caught(() => precisionAtK([{ id: 'a', score: 1 }, 'b'] as never, ['a'])).code).toBe('invalid_ranking');
  });

  test('a ranking that is not an array is an error', () => {
    expect(caught(() => precisionAtK('abc' as never, ['a'])).code).toBe('invalid_ranking');
  });

  test.each([NaN, Infinity, '2', undefined])('a grade of %s is an invalid_qrels error naming the document', (grade) => {
    const error = caught(() => recallAtK(['a'], { a: 1, b: grade as number }));
    expect(error.code).toBe('invalid_qrels');
    expect(error.message).toMatch(/^recallAtK: expected the grade of "b" in the qrels to be a finite number/);
  });

  test('qrels must be a Map, an object or an iterable of string ids', () => {
    expect(caught(() => recallAtK(['a'], 'abc' as never)).code).toBe('invalid_qrels');
    expect(caught(() => recallAtK(['a'], null as never)).code).toBe('invalid_qrels');
    expect(caught(() => recallAtK(['a'], [1] as never)).code).toBe('invalid_qrels');
    expect(caught(() => recallAtK(['a'], new Map([[1, 1]]) as never)).code).toBe('invalid_qrels');
    expect(caught(() => recallAtK(['a'], new Map([['a', NaN]]))).code).toBe('invalid_qrels');
  });

  test('options are checked', () => {
    expect(caught(() => ndcgAtK(['a'], ['a'], 1, { gain: 'log' as never })).code).toBe('invalid_option');
    expect(caught(() => ndcgAtK(['a'], ['a'], 1, { relevanceThreshold: NaN })).code).toBe('invalid_option');
    expect(caught(() => ndcgAtK(['a'], ['a'], 1, { apDenominator: 'k' as never })).code).toBe('invalid_option');
    expect(caught(() => ndcgAtK(['a'], ['a'], 1, 'x' as never)).code).toBe('invalid_option');
  });

  test('errors are RankevalErrors with expected and received', () => {
    const error = caught(() => ndcgAtK(['a'], ['a'], -3));
    expect(error).toBeInstanceOf(RankevalError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('RankevalError');
    expect(error.expected).toBe('a positive integer or Infinity');
    expect(isRankevalError(new Error('plain'))).toBe(false);
    expect(isRankevalError('RankevalError')).toBe(false);
  });
});
