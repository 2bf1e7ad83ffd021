import { describe, expect, test } from 'vitest';
import { evaluateRun, precisionAtK } from '../../src/index.js';
import { relativePrecisions, setMap, setRelativePrecision } from '../../src/metrics/precision.js';
import { judgedRankingOf, scoresOf } from '../helpers/query-context.js';
import { binaryQrels, binaryRanking, qrels, ranking } from '../helpers/examples.js';

describe('precisionAtK', () => {
  test('counts relevant documents in the top k over k', () => {
    expect(precisionAtK(ranking, qrels, 5)).toBe(2 / 5);
    expect(precisionAtK(ranking, qrels, 3)).toBe(2 / 3);
    expect(precisionAtK(ranking, qrels, 1)).toBe(1 / 1);
    expect(precisionAtK(binaryRanking, binaryQrels, 5)).toBe(2 / 5);
  });

  test('divides by k even when fewer documents were retrieved (trec_eval P_k)', () => {
    expect(precisionAtK(ranking, qrels, 10)).toBe(2 / 10);
    expect(precisionAtK(['d1'], ['d1', 'd2', 'd3', 'd4'], 1)).toBe(1);
    expect(precisionAtK(['d1'], ['d1', 'd2', 'd3', 'd4'], 4)).toBe(1 / 4);
  });

  test('without a cutoff divides by the number retrieved (trec_eval set_P), 0 for an empty ranking', () => {
    expect(precisionAtK(ranking, qrels)).toBe(2 / 5);
    expect(precisionAtK(['d1'], ['d1', 'd2', 'd3', 'd4'])).toBe(1);
    expect(precisionAtK([], qrels)).toBe(0);
  });

  test('the relevance threshold decides what counts as relevant', () => {
    expect(precisionAtK(ranking, qrels, 5, { relevanceThreshold: 2 })).toBe(1 / 5);
    expect(precisionAtK(['a', 'b'], { a: 0, b: 1 }, 2, { relevanceThreshold: 0 })).toBe(2 / 2);
  });

  test('negative grades are never relevant, whatever the threshold', () => {
    expect(precisionAtK(['a', 'b'], { a: -1, b: 1 }, 2, { relevanceThreshold: -5 })).toBe(1 / 2);
  });
});

describe('relativePrecisions (relative_P)', () => {
  const two = { r1: 1, r2: 1, n: 0 };

  test('divides by min(k, R) (doc example)', () => {
    expect(relativePrecisions(judgedRankingOf(['r1', 'n', 'r2'], two), 1, [1, 2, 5])).toEqual([1 / 1, 1 / 2, 2 / Math.min(5, 2)]);
    const scores = scoresOf(['r1', 'n', 'r2'], two, ['relative_P@5', 'P@5', 'relative_P@1']);
    expect(scores).toEqual({ 'relative_P@5': 2 / 2, 'P@5': 2 / 5, 'relative_P@1': 1 / 1 });
  });

  test('cutoffs asked for in any order get their own value (not the deeper one’s count)', () => {
    const ranking = ['a', 'x', 'b', 'y', 'c'];
    const four = { a: 1, b: 1, c: 1, d: 1 };
    expect(scoresOf(ranking, four, ['relative_P@2', 'relative_P@1'])).toEqual({ 'relative_P@2': 1 / 2, 'relative_P@1': 1 / 1 });
  });

  test('without a cutoff it is relevant retrieved / R; 0 without relevant documents or ranking', () => {
    expect(scoresOf(['r1', 'n'], two, ['relative_P']).relative_P).toBe(1 / 2);
    expect(scoresOf(['n'], { n: 0 }, ['relative_P@5'])['relative_P@5']).toBe(0);
    expect(evaluateRun({}, { q: two }, { measures: ['relative_P@5'] }).perQuery.q!['relative_P@5']).toBe(0);
  });
});

describe('setRelativePrecision and setMap', () => {
  const three = { r1: 1, r2: 1, r3: 1, n: 0 };

  test('set_relative_P divides by min(retrieved, R) (doc example)', () => {
    expect(setRelativePrecision(judgedRankingOf(['r1', 'n', 'r2', 'x'], three))).toBe(2 / Math.min(4, 3));
    expect(scoresOf(['r1', 'n', 'r2', 'x'], three, ['set_relative_P']).set_relative_P).toBe(2 / Math.min(4, 3));
    expect(scoresOf(['r1', 'r2'], three, ['set_relative_P']).set_relative_P).toBe(2 / Math.min(2, 3));
  });

  test('set_map is set precision × set recall (doc example)', () => {
    expect(setMap(judgedRankingOf(['r1', 'n', 'r2', 'x'], three))).toBe((2 * 2) / (4 * 3));
    expect(scoresOf(['r1', 'n', 'r2', 'x'], three, ['set_map']).set_map).toBe((2 * 2) / (4 * 3));
  });

  test('both are 0 without relevant documents or without a ranking', () => {
    expect(scoresOf(['n'], { n: 0 }, ['set_relative_P', 'set_map'])).toEqual({ set_relative_P: 0, set_map: 0 });
    expect(evaluateRun({}, { q: three }, { measures: ['set_relative_P', 'set_map'] }).perQuery.q).toEqual({ set_relative_P: 0, set_map: 0 });
  });
});
