import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { definitionNamed, ELEVEN_POINTS } from '../../src/measures/catalogue.js';
import { elevenPointAverage, interpolatedPrecisions } from '../../src/metrics/interpolated-precision.js';
import { computeWith, contextOf, judgedRankingOf, scoresOf } from '../helpers/query-context.js';

const two = { r1: 1, r2: 1 };
const four = { r1: 1, r2: 1, r3: 1, r4: 1 };

// `iprec@0.5` does not parse until the measure grammar accepts recall levels: the function and the
// catalogue's compute with an explicit level are tested instead.
const iprecAt = (ranking: string[], qrels: Record<string, number>, point: number): number =>
  computeWith(definitionNamed('iprec'), contextOf(ranking, qrels), [{ cutoff: Infinity, point }])[0]!;

describe('interpolatedPrecisions', () => {
  test('is the best precision at or after the rank reaching the level (doc example)', () => {
    expect(interpolatedPrecisions(judgedRankingOf(['r1', 'n1', 'r2'], two), 1, [0.5, 1], 9)).toEqual([Math.max(1 / 1, 2 / 3), 2 / 3]);
    expect(iprecAt(['r1', 'n1', 'r2'], two, 0.5)).toBe(1);
    expect(iprecAt(['r1', 'n1', 'r2'], two, 1)).toBe(2 / 3);
  });

  test('trec_eval 9.0.8 asks for ⌊x·R + 0.9⌋ relevant documents, 10.0 for lround(x·R) (doc example)', () => {
    const query = judgedRankingOf(['r1', 'n1', 'n2', 'r2'], four);
    expect(interpolatedPrecisions(query, 1, [0.3], 9)).toEqual([2 / 4]); // ⌊1.2 + 0.9⌋ = 2
    expect(interpolatedPrecisions(query, 1, [0.3], 10)).toEqual([Math.max(1 / 1, 2 / 4)]); // lround(1.2) = 1
    expect(interpolatedPrecisions(query, 1, [0.375], 10)).toEqual([2 / 4]); // lround(1.5) = 2: halves away from 0
  });

  test('level 0 is the highest precision anywhere; an unreached level is 0', () => {
    const query = judgedRankingOf(['n1', 'r1', 'r2'], four);
    expect(interpolatedPrecisions(query, 1, [0, 0.75], 9)).toEqual([2 / 3, 0]); // 3 of 4 relevant never retrieved
  });

  test('is 0 without relevant documents and for an empty ranking (no 0 / 0)', () => {
    expect(interpolatedPrecisions(judgedRankingOf(['n1'], { n1: 0 }), 1, ELEVEN_POINTS, 9)).toEqual(ELEVEN_POINTS.map(() => 0));
    expect(interpolatedPrecisions(judgedRankingOf([], two), 1, ELEVEN_POINTS, 9)).toEqual(ELEVEN_POINTS.map(() => 0));
    expect(iprecAt([], two, 0)).toBe(0);
  });

  test('the catalogue computes levels asked for in any order', () => {
    const out = computeWith(definitionNamed('iprec'), contextOf(['r1', 'n1', 'r2'], two), [
      { cutoff: Infinity, point: 1 },
      { cutoff: Infinity, point: 0.5 },
    ]);
    expect(out).toEqual([2 / 3, 1]);
  });
});

describe('elevenPointAverage', () => {
  test('averages iprec at 0, 0.1, …, 1 (doc example)', () => {
    // ⌊x·2 + 0.9⌋ is 0 or 1 for x ≤ 0.5 (iprec 1) and 2 for x ≥ 0.6 (iprec 2/3)
    const expected = (6 * 1 + 5 * (2 / 3)) / 11;
    expect(elevenPointAverage(judgedRankingOf(['r1', 'n1', 'r2'], two), 1, ELEVEN_POINTS, 9)).toBeCloseTo(expected, 15);
    expect(scoresOf(['r1', 'n1', 'r2'], two, ['11pt_avg'])['11pt_avg']).toBeCloseTo(expected, 15);
  });

  test('is 0 for a judged query the run does not answer', () => {
    expect(evaluateRun({}, { q: two }, { measures: ['11pt_avg'] }).perQuery.q!['11pt_avg']).toBe(0);
  });
});
