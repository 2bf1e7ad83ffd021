import { describe, expect, test } from 'vitest';
import { evaluate, evaluateRun, precisionAtK, reciprocalRank } from '../../src/index.js';
import { compareUtf8, rankedIds } from '../../src/core/ordering.js';

describe('scored rankings', () => {
  test('are ordered by score descending whatever the array order', () => {
    const scored = [
      { id: 'x', score: 0.1 },
      { id: 'G', score: 0.9 },
      { id: 'T', score: 0.5 },
    ];
    expect(rankedIds(scored, 'test')).toEqual(['G', 'T', 'x']);
    expect(reciprocalRank(scored, { T: 1 })).toBe(1 / 2);
  });

  test('break score ties by id descending, as trec_eval', () => {
    const tied = [
      { id: 'a', score: 1 },
      { id: 'c', score: 1 },
      { id: 'b', score: 1 },
      { id: 'z', score: 2 },
    ];
    expect(rankedIds(tied, 'test')).toEqual(['z', 'c', 'b', 'a']);
    expect(rankedIds([{ id: 'p', score: 0 }, { id: 'q', score: -0 }], 'test')).toEqual(['q', 'p']);
  });

  test('compare ids in UTF-8 byte order, where astral characters follow U+E000–U+FFFF', () => {
    expect(compareUtf8('a', 'b')).toBeLessThan(0);
    expect(compareUtf8('ab', 'a')).toBeGreaterThan(0);
    expect(compareUtf8('same', 'same')).toBe(0);
    // UTF-16 puts U+1F600 (surrogates D83D DE00) before U+FF5E; UTF-8 (F0… vs EF…) puts it after.
    expect('\u{1F600}' < '\uFF5E').toBe(true);
    expect(compareUtf8('\u{1F600}', '\uFF5E')).toBeGreaterThan(0);
    expect(compareUtf8('\uFF5E', '\u{1F600}')).toBeLessThan(0);
    expect(compareUtf8('\u{1F600}', '\u{1F601}')).toBeLessThan(0);
  });

  test('are not mutated', () => {
    const scored = [
      { id: 'a', score: 1 },
      { id: 'b', score: 2 },
    ];
    const copy = structuredClone(scored);
    precisionAtK(scored, ['a'], 1);
    expect(scored).toEqual(copy);
  });
});

describe('numeric ids', () => {
  const measures = { measures: ['mrr@10'] as const };

  test('a ranking of numbers is told that ids are strings', () => {
    expect(() => evaluate([1, 2] as never, { d1: 1 }, measures)).toThrow(
      'evaluate: expected the ranking[0] to be a string id or an {id, score} object, got `1` (number); ids are strings: use `String(id)`',
    );
    expect(() => evaluateRun({ q1: [1, 2] } as never, { q1: { d1: 1 } }, measures)).toThrow(
      'evaluateRun: expected run["q1"][0] to be a string id or an {id, score} object, got `1` (number); ids are strings: use `String(id)`',
    );
  });

  test('{id, score} objects with numeric ids, and a number among string ids, alike', () => {
    expect(() => evaluateRun({ q1: [{ id: 1, score: 2 }] } as never, { q1: { d1: 1 } }, measures)).toThrow(
      'evaluateRun: expected run["q1"][0].id to be a string, got `1` (number); ids are strings: use `String(id)`',
    );
    expect(() => evaluate([{ id: 'd1', score: 2 }, 5] as never, { d1: 1 }, measures)).toThrow(
      'evaluate: expected the ranking[1] to be an {id, score} object like the first entry, got `5` (number); ids are strings: use `String(id)`',
    );
    expect(() => evaluate(['d1', 2] as never, { d1: 1 }, measures)).toThrow(
      'evaluate: expected every id in the ranking to be a string, got `2` (number); ids are strings: use `String(id)`',
    );
  });

  test('a tie group (an array of ids), first or later, is said not to be taken, with its fields', () => {
    const hint = 'a tie group is not taken here: give tied documents as {id, score} objects of equal score';
    expect(() => evaluateRun({ q1: [['d1', 'd2'], 'd3'] } as never, { q1: { d1: 1 } }, measures)).toThrow(
      `evaluateRun: expected run["q1"][0] to be a string id or an {id, score} object, got \`array of 2\` (array); ${hint}`,
    );
    expect(() => evaluate(['d1', ['d2', 'd3']] as never, { d1: 1 }, measures)).toThrow(`evaluate: expected every id in the ranking to be a string, got \`array of 2\` (array); ${hint}`);
    try {
      evaluate([['d1']] as never, { d1: 1 }, measures);
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_ranking', fn: 'evaluate', what: 'the ranking[0]', expected: 'a string id or an {id, score} object', received: ['d1'] });
    }
    expect.assertions(3);
  });

  test('a first entry that is neither an id nor an object names both forms, without the hint', () => {
    expect(() => evaluate([true] as never, { d1: 1 }, measures)).toThrow('evaluate: expected the ranking[0] to be a string id or an {id, score} object, got `true` (boolean)');
  });
});

describe('{id, score} objects with a key that is a slip for `id` or `score`', () => {
  const measures = { measures: ['mrr@10'] as const };

  test('the missing field names the key given for it', () => {
    expect(() => evaluateRun({ q1: [{ doc_id: 'd1', score: 1 }] } as never, { q1: { d1: 1 } }, measures)).toThrow(
      'evaluateRun: expected run["q1"][0].id to be a string, got `undefined` (undefined); the entry has "doc_id": did you mean `id`?',
    );
    expect(() => evaluate([{ id: 'd1', similarity: 0.3 }] as never, { d1: 1 }, measures)).toThrow(
      'evaluate: expected the ranking[0].score to be a finite number, got `undefined` (undefined); the entry has "similarity": did you mean `score`?',
    );
  });

  test('a key far from both, or a slip for the other field, adds nothing', () => {
    expect(() => evaluate([{ text: 'd1', score: 1 }] as never, { d1: 1 }, measures)).toThrow(/^evaluate: expected the ranking\[0\]\.id to be a string, got `undefined` \(undefined\)$/);
    expect(() => evaluate([{ doc_id: 'd1', id: 'd1' }] as never, { d1: 1 }, measures)).toThrow(/^evaluate: expected the ranking\[0\]\.score to be a finite number, got `undefined` \(undefined\)$/);
  });
});
