import { fc, test as propTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { indexIds, rankOf, releaseIndex } from '../../src/core/id-index.js';
import { caught } from '../helpers/caught.js';

describe('the id index', () => {
  test('finds the rank of every id and 0 for absent ones', () => {
    const ids = Array.from({ length: 300 }, (_, i) => `doc-${i}`);
    const index = indexIds(ids, 'test', 'the ranking');
    expect(ids.every((id, i) => rankOf(index, id) === i + 1)).toBe(true);
    expect(rankOf(index, 'doc-300')).toBe(0);
    expect(rankOf(index, '')).toBe(0);
  });

  test('each index answers for its own ranking, whatever was indexed since', () => {
    const first = indexIds(['a', 'b'], 'test', 'the ranking');
    const second = indexIds(['b'], 'test', 'the ranking');
    expect(rankOf(first, 'a')).toBe(1);
    expect(rankOf(first, 'b')).toBe(2);
    expect(rankOf(second, 'a')).toBe(0);
    expect(rankOf(second, 'b')).toBe(1);
  });

  test('a released index is refused, and its table serves the next index', () => {
    const released = indexIds(['a', 'b', 'c'], 'test', 'the ranking');
    releaseIndex(released);
    expect(() => rankOf(released, 'a')).toThrow('read after releaseIndex');
    const next = indexIds(['c', 'd'], 'test', 'the ranking');
    expect(['a', 'b', 'c', 'd'].map((id) => rankOf(next, id))).toEqual([0, 0, 1, 2]);
    releaseIndex(next);
  });

  test('indexes built and released in turns each answer for their own ranking', () => {
    const rankings = [['a', 'b', 'c'], ['c', 'x'], ['y', 'a'], ['b']];
    const expected = (ids: string[]) => ['a', 'b', 'c', 'x', 'y'].map((id) => ids.indexOf(id) + 1);
    const first = indexIds(rankings[0]!, 'test', 'the ranking');
    const second = indexIds(rankings[1]!, 'test', 'the ranking');
    releaseIndex(first);
    // The third reuses the first's table (given back), while the second still holds its own.
    const third = indexIds(rankings[2]!, 'test', 'the ranking');
    expect(['a', 'b', 'c', 'x', 'y'].map((id) => rankOf(second, id))).toEqual(expected(rankings[1]!));
    expect(['a', 'b', 'c', 'x', 'y'].map((id) => rankOf(third, id))).toEqual(expected(rankings[2]!));
    releaseIndex(second);
    const fourth = indexIds(rankings[3]!, 'test', 'the ranking');
    expect(['a', 'b', 'c', 'x', 'y'].map((id) => rankOf(third, id))).toEqual(expected(rankings[2]!));
    expect(['a', 'b', 'c', 'x', 'y'].map((id) => rankOf(fourth, id))).toEqual(expected(rankings[3]!));
    releaseIndex(third);
    releaseIndex(fourth);
  });

  // Ids longer than 16 characters are fingerprinted from a sample (for 40 characters: positions 0, 1, 10,
  // 20, 30 and 33–39); these 40-character ids differ only at position 5, which the sample skips, so they all
  // share one fingerprint and force the collision path and then the Map fallback.
  const colliding = Array.from({ length: 200 }, (_, i) => `p-x--${String.fromCharCode(0x4e00 + i)}${'-'.repeat(26)}x-end-id`);
  test('ids built to collide still index correctly (Map fallback)', () => {
    const index = indexIds(colliding, 'test', 'the ranking');
    expect(colliding.every((id, i) => rankOf(index, id) === i + 1)).toBe(true);
    expect(colliding.every((id) => id.length === 40)).toBe(true);
    expect(rankOf(index, `p-x--Z${'-'.repeat(26)}x-end-id`)).toBe(0);
  });

  test('a repeat is found on both paths', () => {
    expect(() => indexIds(['a', 'b', 'a'], 'f', 'the ranking')).toThrow('f: duplicate document id `"a"` (string) in the ranking at ranks 1 and 3');
    const repeated = [...colliding, colliding[5]!];
    expect(() => indexIds(repeated, 'f', 'the ranking')).toThrow('at ranks 6 and 201');
    expect(() => indexIds([...colliding, 3], 'f', 'the ranking')).toThrow('got `3` (number)');
  });

  test('a repeat and a non-string id say what they are about as data, on both paths', () => {
    const repeat = caught(() => indexIds(['a', 'b', 'a'], 'f', 'the ranking'));
    expect([repeat.subject, repeat.at, repeat.facts]).toEqual([{ kind: 'argument', argument: 'ranking' }, { document: 'a' }, { index: 2 }]);
    const about = { subject: { kind: 'run', run: 'run' } as const, at: { query: 'q1' } };
    const late = caught(() => indexIds([...colliding, colliding[5]!], 'f', 'the ranking', about));
    expect([late.subject, late.at, late.facts]).toEqual([about.subject, { query: 'q1', document: colliding[5] }, { index: 200 }]);
    const number = caught(() => indexIds(['a', 3], 'f', 'the ranking', about));
    expect([number.subject, number.at, number.facts]).toEqual([about.subject, { query: 'q1' }, { index: 1 }]);
    expect(caught(() => indexIds([...colliding, 3], 'f', 'the ranking')).facts).toEqual({ index: 200 });
  });

  test('empty and one-character ids are ids like any other', () => {
    const index = indexIds(['', 'a', 'ab', 'abc', 'abcd', 'abcde', 'abcdef'], 'test', 'the ranking');
    expect(rankOf(index, '')).toBe(1);
    expect(rankOf(index, 'abcdef')).toBe(7);
    expect(() => indexIds(['', ''], 'f', 'the ranking')).toThrow('ranks 1 and 2');
  });

  // Seven-digit ids (MS MARCO passages) alike in all but their second and third digits: the first
  // fingerprint read only 6 of 7 characters and skipped exactly those two.
  const alikeButTwoDigits = Array.from({ length: 10_000 }, (_, i) => `1${String(i % 100).padStart(2, '0')}45${String(Math.floor(i / 100)).padStart(2, '0')}`);

  test('ids differing only in inner characters are found at their ranks', () => {
    const index = indexIds(alikeButTwoDigits, 'test', 'the ranking');
    expect(alikeButTwoDigits.every((id, i) => rankOf(index, id) === i + 1)).toBe(true);
    // Index = last two digits × 100 + second and third digits.
    expect(rankOf(index, '1234567')).toBe(67 * 100 + 23 + 1);
    expect(rankOf(index, '1244567')).toBe(67 * 100 + 24 + 1);
    expect(rankOf(index, '1234667')).toBe(0);
    expect(rankOf(index, '12345670')).toBe(0);
  });

  test('a repeat differing from its neighbours only in inner characters is found', () => {
    expect(() => indexIds([...alikeButTwoDigits, '1234567'], 'f', 'the ranking')).toThrow(`at ranks ${67 * 100 + 23 + 1} and ${10_000 + 1}`);
  });

  const alikeIds = fc.uniqueArray(fc.string({ unit: fc.constantFrom('0', '1'), maxLength: 40 }), { maxLength: 300 });
  const anyIds = fc.uniqueArray(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 300 });

  propTest.prop([alikeIds, fc.array(fc.string({ unit: fc.constantFrom('0', '1'), maxLength: 40 }))])(
    'rankOf gives every id its rank and 0 to any other string, for ids alike in most characters',
    (ids, probes) => {
      const index = indexIds(ids, 'test', 'the ranking');
      expect(ids.every((id, i) => rankOf(index, id) === i + 1)).toBe(true);
      const present = new Set(ids);
      expect(probes.every((probe) => present.has(probe) || rankOf(index, probe) === 0)).toBe(true);
    },
  );

  propTest.prop([anyIds, fc.array(fc.string({ unit: 'binary', maxLength: 40 }))])('rankOf gives every id its rank and 0 to any other string, for any strings', (ids, probes) => {
    const index = indexIds(ids, 'test', 'the ranking');
    expect(ids.every((id, i) => rankOf(index, id) === i + 1)).toBe(true);
    const present = new Set(ids);
    expect(probes.every((probe) => present.has(probe) || rankOf(index, probe) === 0)).toBe(true);
  });

  propTest.prop([alikeIds.filter((ids) => ids.length > 0), fc.nat(), fc.nat()])('a repeated id is reported at its two ranks', (ids, from, at) => {
    const first = from % ids.length;
    const position = first + 1 + (at % (ids.length - first));
    const repeated = [...ids.slice(0, position), ids[first]!, ...ids.slice(position)];
    expect(() => indexIds(repeated, 'f', 'the ranking')).toThrow(`at ranks ${first + 1} and ${position + 1}`);
  });
});
