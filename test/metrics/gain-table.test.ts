import { describe, expect, test } from 'vitest';
import { gainLevels, gainOfRel, gainTable, idealWalk } from '../../src/metrics/gain-table.js';
import { NOT_POOLED } from '../../src/metrics/judged-ranking.js';
import { judgedRankingOf } from '../helpers/query-context.js';

const walk = (levels: ReturnType<typeof gainLevels>, steps: number): number[] => {
  const ideal = idealWalk(levels);
  return Array.from({ length: steps }, () => ideal.step());
};

describe("trec_eval's gain table", () => {
  const query = judgedRankingOf(['a', 'x'], { a: 2, b: 1, c: 1, n: 0 });

  test('pairs first, then the other grades with gain = grade, sorted by gain (doc example)', () => {
    const levels = gainLevels(query, [{ name: '2', level: 2, gain: 5 }]);
    expect(levels).toEqual([
      { level: 0, gain: 0, count: 1 },
      { level: 1, gain: 1, count: 2 },
      { level: 2, gain: 5, count: 1 },
    ]);
    expect(walk(levels, 4)).toEqual([5, 1, 1, 0]);
  });

  test('gains less than 1 apart compare equal and keep the pairs’ order (doc example: trec_eval’s ideal walk)', () => {
    const levels = gainLevels(query, [
      { name: '1', level: 1, gain: 1.5 },
      { name: '2', level: 2, gain: 1.2 },
    ]);
    expect(walk(levels, 3)).toEqual([1.2, 1.5, 1.5]);
  });

  test('a pair for a grade no document has is listed with count 0, and the walk steps over it', () => {
    const levels = gainLevels(query, [{ name: '3', level: 3, gain: 7 }]);
    expect(levels.find((entry) => entry.level === 3)).toEqual({ level: 3, gain: 7, count: 0 });
    expect(walk(levels, 4)).toEqual([2, 1, 1, 0]);
  });

  test('an ungraded rank gains nothing', () => {
    expect(gainOfRel(gainTable(gainLevels(query, [])), NOT_POOLED)).toBe(0);
    expect(gainOfRel(gainTable(gainLevels(query, [])), 2)).toBe(2);
  });
});
