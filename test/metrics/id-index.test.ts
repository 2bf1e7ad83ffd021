import { describe, expect, test } from 'vitest';
import { indexIds, rankOf } from '../../src/metrics/id-index.js';

describe('the id index', () => {
  test('finds the rank of every id and 0 for absent ones', () => {
    const ids = Array.from({ length: 300 }, (_, i) => `doc-${i}`);
    indexIds(ids, 'test', 'the ranking');
    expect(ids.every((id, i) => rankOf(id) === i + 1)).toBe(true);
    expect(rankOf('doc-300')).toBe(0);
    expect(rankOf('')).toBe(0);
  });

  test('a later ranking replaces the earlier one', () => {
    indexIds(['a', 'b'], 'test', 'the ranking');
    indexIds(['b'], 'test', 'the ranking');
    expect(rankOf('a')).toBe(0);
    expect(rankOf('b')).toBe(1);
  });

  // Ids equal in every character the fingerprint samples force the collision path and then the Map fallback.
  const colliding = Array.from({ length: 200 }, (_, i) => `p${String.fromCharCode(0x4e00 + i)}${'-'.repeat(20)}x-end`);

  test('ids built to collide still index correctly (Map fallback)', () => {
    indexIds(colliding, 'test', 'the ranking');
    expect(colliding.every((id, i) => rankOf(id) === i + 1)).toBe(true);
    expect(rankOf(`pZ${'-'.repeat(20)}x-end`)).toBe(0);
  });

  test('a repeat is found on both paths', () => {
    expect(() => indexIds(['a', 'b', 'a'], 'f', 'the ranking')).toThrow('f: duplicate document id `"a"` (string) in the ranking at ranks 1 and 3');
    const repeated = [...colliding, colliding[5]!];
    expect(() => indexIds(repeated, 'f', 'the ranking')).toThrow('at ranks 6 and 201');
    expect(() => indexIds([...colliding, 3], 'f', 'the ranking')).toThrow('got `3` (number)');
  });

  test('empty and one-character ids are ids like any other', () => {
    indexIds(['', 'a', 'ab', 'abc', 'abcd', 'abcde', 'abcdef'], 'test', 'the ranking');
    expect(rankOf('')).toBe(1);
    expect(rankOf('abcdef')).toBe(7);
    expect(() => indexIds(['', ''], 'f', 'the ranking')).toThrow('ranks 1 and 2');
  });
});
