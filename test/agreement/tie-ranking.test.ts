import { describe, expect, it } from 'vitest';
import { readTieGroups } from '../../src/agreement/tie-ranking.js';

describe('readTieGroups', () => {
  it('makes an id a group of one and an array a group', () => {
    expect(readTieGroups(['d1', ['d2', 'd3'], 'd4'], 'f', '`a`')).toEqual({ groups: [['d1'], ['d2', 'd3'], ['d4']], length: 4 });
  });

  it('groups scored documents by equal score, the higher first, 0 and −0 one score', () => {
    const scored = [{ id: 'd1', score: 0 }, { id: 'd2', score: 2 }, { id: 'd3', score: -0 }, { id: 'd4', score: 2 }];
    expect(readTieGroups(scored, 'f', '`a`')).toEqual({ groups: [['d2', 'd4'], ['d1', 'd3']], length: 4 });
  });

  it('keeps the groups that begin within `depth`, a tie straddling it whole', () => {
    expect(readTieGroups(['d1', ['d2', 'd3'], 'd4'], 'f', '`a`', 2)).toEqual({ groups: [['d1'], ['d2', 'd3']], length: 3 });
    expect(readTieGroups(['d1', ['d2', 'd3'], 'd4'], 'f', '`a`', 1)).toEqual({ groups: [['d1']], length: 1 });
  });

  it('checks only what it keeps for ids listed twice', () => {
    expect(readTieGroups(['d1', 'd2', 'd1'], 'f', '`a`', 2).length).toBe(2);
    expect(() => readTieGroups(['d1', 'd2', 'd1'], 'f', '`a`')).toThrow(expect.objectContaining({ code: 'invalid_ranking', received: 'd1' }));
  });
});
