import { describe, expect, it } from 'vitest';
import { readTieGroups } from '../../src/agreement/tie-ranking.js';
import { argument } from '../../src/core/errors.js';

const A = { subject: argument('a') };

describe('readTieGroups', () => {
  it('makes an id a group of one and an array a group', () => {
    expect(readTieGroups(['d1', ['d2', 'd3'], 'd4'], 'f', '`a`', A)).toEqual({ groups: [['d1'], ['d2', 'd3'], ['d4']], length: 4, position: new Map([['d1', 0], ['d2', 1], ['d3', 2], ['d4', 3]]) });
  });

  it('groups scored documents by equal score, the higher first, 0 and −0 one score', () => {
    const scored = [{ id: 'd1', score: 0 }, { id: 'd2', score: 2 }, { id: 'd3', score: -0 }, { id: 'd4', score: 2 }];
    expect(readTieGroups(scored, 'f', '`a`', A)).toEqual({ groups: [['d2', 'd4'], ['d1', 'd3']], length: 4, position: new Map([['d2', 0], ['d4', 1], ['d1', 2], ['d3', 3]]) });
  });

  it('keeps the groups that begin within `depth`, a tie straddling it whole', () => {
    expect(readTieGroups(['d1', ['d2', 'd3'], 'd4'], 'f', '`a`', A, 2)).toEqual({ groups: [['d1'], ['d2', 'd3']], length: 3, position: new Map([['d1', 0], ['d2', 1], ['d3', 2]]) });
    expect(readTieGroups(['d1', ['d2', 'd3'], 'd4'], 'f', '`a`', A, 1)).toEqual({ groups: [['d1']], length: 1, position: new Map([['d1', 0]]) });
  });

  it('checks only what it keeps for ids listed twice', () => {
    expect(readTieGroups(['d1', 'd2', 'd1'], 'f', '`a`', A, 2).length).toBe(2);
    expect(() => readTieGroups(['d1', 'd2', 'd1'], 'f', '`a`', A)).toThrow(expect.objectContaining({ code: 'invalid_ranking', received: 'd1', subject: argument('a') }));
    expect(() => readTieGroups(['d1', 7], 'f', '`a`', A)).toThrow(expect.objectContaining({ subject: argument('a'), facts: { index: 1 } }));
  });
});
