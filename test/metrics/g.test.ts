import { describe, expect, test } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { binG, gMeasure } from '../../src/metrics/g.js';
import { judgedRankingOf, scoresOf } from '../helpers/query-context.js';

describe('gMeasure', () => {
  const qrels = { a: 2, b: 1 };

  test('discounts each gain by the ideal cost so far minus the gain so far (doc examples)', () => {
    expect(gMeasure(judgedRankingOf(['a', 'x'], qrels), [])).toBe(2 / Math.log2(2 + 2 - 2) / 3);
    expect(scoresOf(['a', 'x'], qrels, ['G']).G).toBe(2 / Math.log2(2 + 2 - 2) / 3);
    expect(scoresOf(['b', 'a'], qrels, ['G']).G).toBe((1 / Math.log2(2 + 2 - 1) + 2 / Math.log2(2 + 3 - 3)) / 3);
  });

  test('gain pairs replace the grades; a grade without a pair keeps gain = grade', () => {
    const pairs = [{ name: '2', level: 2, gain: 4 }];
    // ideal gains 4, 1 (sum 5); b first: cost 4, results 1; a second: cost 5, results 5
    expect(gMeasure(judgedRankingOf(['b', 'a'], qrels), pairs)).toBe((1 / Math.log2(2 + 4 - 1) + 4 / Math.log2(2 + 5 - 5)) / 5);
  });

  test('is 0 without a positive gain and for an empty ranking', () => {
    expect(scoresOf(['a'], { a: 0 }, ['G']).G).toBe(0);
    expect(evaluateRun({}, { q: qrels }, { measures: ['G'] }).perQuery.q!.G).toBe(0);
  });
});

describe('binG', () => {
  const qrels = { r1: 1, r2: 1, n1: 0 };

  test('adds 1 / log2(2 + not relevant above) per relevant document, divided by R (doc example)', () => {
    expect(binG(judgedRankingOf(['r1', 'n1', 'r2'], qrels), 1)).toBe((1 / Math.log2(2) + 1 / Math.log2(3)) / 2);
    expect(scoresOf(['r1', 'n1', 'r2'], qrels, ['binG']).binG).toBe((1 / Math.log2(2) + 1 / Math.log2(3)) / 2);
  });

  test('unjudged documents count as not relevant', () => {
    expect(scoresOf(['r1', 'x', 'r2'], qrels, ['binG']).binG).toBe((1 / Math.log2(2) + 1 / Math.log2(3)) / 2);
  });

  test('relevant documents not retrieved add 0; 0 without relevant documents', () => {
    expect(scoresOf(['n1', 'r1'], qrels, ['binG']).binG).toBe(1 / Math.log2(3) / 2);
    expect(scoresOf(['n1'], { n1: 0 }, ['binG']).binG).toBe(0);
  });
});
