import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  averagePrecision,
  evaluate,
  ndcgAtK,
  precisionAtK,
  reciprocalRank,
  recallAtK,
  successAtK,
} from '../../src/index.js';
import { cutoff, gain, isRelevantGrade, qrels, ranking, threshold } from './arbitraries.js';

const BOUNDED = ['precision', 'recall', 'f1', 'success', 'reciprocalRank', 'averagePrecision', 'rPrecision', 'ndcg', 'contextPrecision'] as const;

describe('metric laws', () => {
  test.prop([ranking, qrels, cutoff, threshold, gain, fc.constantFrom('relevant' as const, 'min-relevant-k' as const)])(
    'every bounded score lies in [0, 1]',
    (docs, judged, k, relevanceThreshold, gainKind, apDenominator) => {
      const result = evaluate(docs, judged, { k, relevanceThreshold, gain: gainKind, apDenominator });
      for (const name of BOUNDED) {
        expect(result[name]).toBeGreaterThanOrEqual(0);
        expect(result[name]).toBeLessThanOrEqual(1);
      }
    },
  );

  test.prop([ranking, qrels, cutoff, gain])('NDCG never exceeds 1', (docs, judged, k, gainKind) => {
    expect(ndcgAtK(docs, judged, k, { gain: gainKind })).toBeLessThanOrEqual(1);
  });

  test.prop([qrels, cutoff, gain])('NDCG is 1 for the ideal ranking of the judged documents', (judged, k, gainKind) => {
    fc.pre(Object.values(judged).some((grade) => grade > 0));
    const ideal = Object.keys(judged).sort((a, b) => judged[b]! - judged[a]!);
    expect(ndcgAtK(ideal, judged, k, { gain: gainKind })).toBe(1);
  });

  test.prop([ranking, qrels, fc.integer({ min: 1, max: 25 }), fc.func(fc.integer())])(
    'recall@k, precision@k and success@k ignore order inside the top k',
    (docs, judged, k, key) => {
      const top = docs.slice(0, k);
      const shuffled = [...top.map((id) => ({ id, key: key(id) })).sort((a, b) => a.key - b.key).map(({ id }) => id), ...docs.slice(k)];
      expect(recallAtK(shuffled, judged, k)).toBe(recallAtK(docs, judged, k));
      expect(precisionAtK(shuffled, judged, k)).toBe(precisionAtK(docs, judged, k));
      expect(successAtK(shuffled, judged, k)).toBe(successAtK(docs, judged, k));
    },
  );

  test.prop([ranking, qrels, fc.integer({ min: 1, max: 25 }), fc.integer({ min: 0, max: 25 })])(
    'recall@k and success@k never fall as k grows',
    (docs, judged, k, more) => {
      expect(recallAtK(docs, judged, k + more)).toBeGreaterThanOrEqual(recallAtK(docs, judged, k));
      expect(successAtK(docs, judged, k + more)).toBeGreaterThanOrEqual(successAtK(docs, judged, k));
      expect(recallAtK(docs, judged)).toBeGreaterThanOrEqual(recallAtK(docs, judged, k));
    },
  );

  test.prop([ranking, qrels, fc.integer({ min: 1, max: 25 }), threshold])(
    'precision@k is at most min(R, k) / k',
    (docs, judged, k, relevanceThreshold) => {
      const relevant = Object.values(judged).filter((grade) => isRelevantGrade(grade, relevanceThreshold)).length;
      expect(precisionAtK(docs, judged, k, { relevanceThreshold })).toBeLessThanOrEqual(Math.min(relevant, k) / k);
    },
  );

  test.prop([ranking, qrels, threshold])('RR is one over the rank of the first relevant document', (docs, judged, relevanceThreshold) => {
    const first = docs.findIndex((id) => isRelevantGrade(judged[id], relevanceThreshold));
    expect(reciprocalRank(docs, judged, Infinity, { relevanceThreshold })).toBe(first === -1 ? 0 : 1 / (first + 1));
  });

  test.prop([ranking, qrels, fc.integer({ min: 1, max: 20 }), fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { maxLength: 10 }), gain])(
    'appending non-relevant documents after position k changes nothing at k',
    (docs, judged, k, extra, gainKind) => {
      fc.pre(docs.length >= k);
      const top = docs.slice(0, k);
      const padded = [...top, ...extra.map((n) => `unjudged-${n}`)];
      expect(evaluate(padded, judged, { k, gain: gainKind })).toEqual(evaluate(top, judged, { k, gain: gainKind }));
    },
  );

  test.prop([ranking, qrels])(
    'uncut AP is 1 exactly when every relevant document is retrieved ahead of every other',
    (docs, judged) => {
      const relevant = Object.keys(judged).filter((id) => isRelevantGrade(judged[id]));
      fc.pre(relevant.length > 0);
      const leading = docs.slice(0, relevant.length);
      const allAhead = leading.length === relevant.length && leading.every((id) => isRelevantGrade(judged[id]));
      expect(averagePrecision(docs, judged) === 1).toBe(allAhead);
    },
  );

  test.prop([fc.array(fc.tuple(fc.nat(5), fc.nat(99)), { maxLength: 20 }).map((pairs) => [...new Map(pairs.map(([score, n]) => [`d${n}`, score]))]), qrels, fc.func(fc.integer())])(
    'scored rankings score the same whatever the order of the array',
    (entries, judged, key) => {
      const scored = entries.map(([id, score]) => ({ id, score }));
      const shuffled = [...scored].sort((a, b) => key(a.id) - key(b.id));
      expect(evaluate(shuffled, judged)).toEqual(evaluate(scored, judged));
    },
  );
});
