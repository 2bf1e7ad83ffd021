// The `ties` option of the metric functions, evaluate and evaluateRun (src/core/ordering.ts: orderRanking;
// src/metrics/expected-counts.ts: expectedCountsFromHits): a hand-worked example, and the laws that make
// 'average' and 'given' worth having.
import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  averagePrecision,
  dcgAtK,
  evaluate,
  evaluateRun,
  ndcgAtK,
  precisionAtK,
  reciprocalRank,
  type ScoredDocument,
} from '../../src/index.js';
import { caught } from '../helpers/caught.js';

// d1 first (judged non-relevant), then d2, d3, d4 tied, then d5. Relevant: d2 (grade 2), d4 (grade 1) and
// d9, never retrieved: R = 3. The tie group is ranks 2–4, holding r = 2 relevant of n = 3.
const ranking: ScoredDocument[] = [
  { id: 'd3', score: 2 },
  { id: 'd1', score: 3 },
  { id: 'd5', score: 1 },
  { id: 'd2', score: 2 },
  { id: 'd4', score: 2 },
];
const qrels = { d1: 0, d2: 2, d4: 1, d9: 1 };
const average = { ties: 'average' } as const;

describe("ties: 'average', worked by hand", () => {
  test('P@3: ranks 2 and 3 each hold a relevant document with probability 2/3', () => {
    expect(precisionAtK(ranking, qrels, 3, average)).toBeCloseTo((2 / 3 + 2 / 3) / 3, 15);
  });

  test('AP: E[rel_i · relevant in top i] / i = ((2/3)·1 + (i − 2)·(2·1)/(3·2)) / i at ranks i = 2, 3, 4, over R = 3', () => {
    const expected = ((2 / 3) / 2 + (2 / 3 + 1 / 3) / 3 + (2 / 3 + 2 / 3) / 4) / 3;
    expect(averagePrecision(ranking, qrels, Infinity, average)).toBeCloseTo(expected, 15);
    // The same from the three equally likely pairs of relevant ranks: {2, 3}, {2, 4}, {3, 4}.
    expect(expected).toBeCloseTo((1 / 2 + 2 / 3 + (1 / 2 + 2 / 4) + (1 / 3 + 2 / 4)) / 3 / 3, 15);
  });

  test('nDCG@3: the group’s mean gain (2 + 0 + 1)/3 at ranks 2 and 3, over the ideal 2, 1, 1', () => {
    const dcg = ((2 + 0 + 1) / 3) * (1 / Math.log2(3) + 1 / Math.log2(4));
    const idcg = 2 / Math.log2(2) + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(ndcgAtK(ranking, qrels, 3, average)).toBeCloseTo(dcg / idcg, 15);
  });

  test('RR: the first relevant document is at rank 2 with probability 2/3, at rank 3 with 1/3', () => {
    expect(reciprocalRank(ranking, qrels, Infinity, average)).toBeCloseTo((2 / 3) / 2 + (1 / 3) / 3, 15);
    // trec order breaks the tie by id descending: d4, d3, d2, so its first relevant document is at rank 2.
    expect(reciprocalRank(ranking, qrels)).toBe(1 / 2);
  });

  test('evaluate, evaluateRun and the metric functions agree', () => {
    const one = evaluate(ranking, qrels, { k: 3, ties: 'average' });
    const run = evaluateRun({ q: ranking }, { q: qrels }, { measures: ['P@3', 'ndcg@3', 'map', 'mrr'], ties: 'average' });
    expect(one.precision).toBe(precisionAtK(ranking, qrels, 3, average));
    expect(run.mean['P@3']).toBe(one.precision);
    expect(run.mean['ndcg@3']).toBe(one.ndcg);
    expect(run.mean['map']).toBe(averagePrecision(ranking, qrels, Infinity, average));
    expect(run.mean['mrr']).toBe(reciprocalRank(ranking, qrels, Infinity, average));
  });

  test('a measure with no tie-averaged form is refused by name', () => {
    const error = caught(() => evaluateRun({ q: ranking }, { q: qrels }, { measures: ['P@3', 'bpref'], ties: 'average' }));
    expect(error.code).toBe('invalid_option');
    expect(error.message).toContain('bpref');
    expect(caught(() => precisionAtK(ranking, qrels, 3, { ties: 'random' as never })).code).toBe('invalid_option');
  });
});

describe("ties: 'given'", () => {
  test('keeps the array order, but still checks the scores', () => {
    expect(reciprocalRank(ranking, qrels, Infinity, { ties: 'given' })).toBe(1 / 4);
    const bad = [{ id: 'a', score: 1 }, { id: 'b', score: Number.NaN }];
    expect(caught(() => precisionAtK(bad, qrels, 1, { ties: 'given' })).code).toBe('invalid_ranking');
  });
});

const POOL = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const MEASURES = ['P@3', 'recall@2', 'f1@4', 'success@1', 'mrr@3', 'map', 'map@2', 'R-prec', 'dcg@3', 'ndcg', 'ndcg@2', 'context_precision@3', 'num_rel_ret'];

const scoredRun = fc.record({
  ranking: fc.uniqueArray(fc.constantFrom(...POOL), { maxLength: 8 }).chain((ids) =>
    fc.tuple(...ids.map((id) => fc.integer({ min: 1, max: 3 }).map((score): ScoredDocument => ({ id, score })))),
  ),
  qrels: fc.dictionary(fc.constantFrom(...POOL), fc.integer({ min: -1, max: 3 }), { minKeys: 1, maxKeys: 8 }),
  names: fc.shuffledSubarray(['p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y'], { minLength: 8, maxLength: 8 }),
});

describe('ties laws', () => {
  test.prop([scoredRun])("renaming documents never changes an 'average' score", ({ ranking, qrels, names }) => {
    const rename = (id: string): string => names[POOL.indexOf(id)]!;
    const renamed = ranking.map(({ id, score }) => ({ id: rename(id), score }));
    const renamedQrels = Object.fromEntries(Object.entries(qrels).map(([id, grade]) => [rename(id), grade]));
    const options = { measures: MEASURES, ties: 'average' as const, gain: 'exponential' as const };
    expect(evaluateRun({ q: renamed }, { q: renamedQrels }, options).perQuery).toEqual(evaluateRun({ q: ranking }, { q: qrels }, options).perQuery);
  });

  test.prop([scoredRun])("'given' scores a scored ranking as the array of its ids", ({ ranking, qrels }) => {
    const ids = ranking.map(({ id }) => id);
    const given = evaluateRun({ q: ranking }, { q: qrels }, { measures: MEASURES, ties: 'given' });
    expect(given.perQuery).toEqual(evaluateRun({ q: ids }, { q: qrels }, { measures: MEASURES }).perQuery);
  });

  test.prop([scoredRun])("without tied scores, 'average' is 'trec'", ({ ranking, qrels }) => {
    const distinct = ranking.map(({ id }, i) => ({ id, score: i * 0.5 }));
    const options = { measures: MEASURES };
    expect(evaluateRun({ q: distinct }, { q: qrels }, { ...options, ties: 'average' }).perQuery).toEqual(evaluateRun({ q: distinct }, { q: qrels }, options).perQuery);
  });
});

// scikit-learn's dcg_score / ndcg_score average tied gains the same way; values from
// test/fixtures/ties/sklearn_dcg.py (the command is in the fixture's `made_by`). sklearn's gain is linear
// and its ideal is built from the scored documents, so each case ranks every judged document.
describe("ties: 'average' agrees with scikit-learn's tie-averaged DCG", () => {
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/ties/sklearn-dcg.json', import.meta.url), 'utf8')) as {
    cases: { grades: number[]; scores: number[]; k: number | null; dcg: number; ndcg: number }[];
  };
  test.each(fixture.cases.map((c, i) => [i, c] as const))('case %i', (_, { grades, scores, k, dcg, ndcg }) => {
    const ranking = scores.map((score, i) => ({ id: `d${i}`, score }));
    const judged = Object.fromEntries(grades.map((grade, i) => [`d${i}`, grade]));
    const cutoff = k ?? Infinity;
    expect(Math.abs(dcgAtK(ranking, judged, cutoff, average) - dcg)).toBeLessThanOrEqual(1e-12);
    expect(Math.abs(ndcgAtK(ranking, judged, cutoff, average) - ndcg)).toBeLessThanOrEqual(1e-12);
  });
});
