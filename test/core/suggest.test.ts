import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../src/core/suggest.js';

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
