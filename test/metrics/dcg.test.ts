import { describe, expect, test } from 'vitest';
import { dcgAtK, evaluate, evaluateRun, idcgAtK, ndcgAtK } from '../../src/index.js';
import { definitionNamed } from '../../src/measures/catalogue.js';
import { ndcgRel, ndcgWithGains, rndcg } from '../../src/metrics/dcg.js';
import { computeWith, contextOf, judgedRankingOf, scoresOf } from '../helpers/query-context.js';
import { caught } from '../helpers/caught.js';
import { binaryQrels, binaryRanking, idealDcg, qrels, ranking, reranked } from '../helpers/examples.js';

describe('dcgAtK', () => {
  test('sums grade / log2(rank + 1) over the top k', () => {
    expect(dcgAtK(ranking, qrels, 5)).toBe(1 / Math.log2(2) + 2 / Math.log2(4));
    expect(dcgAtK(reranked, qrels, 5)).toBe(2 / Math.log2(2) + 1 / Math.log2(3));
    expect(dcgAtK(ranking, qrels, 2)).toBe(1 / Math.log2(2));
  });

  test('exponential gain uses 2^grade − 1', () => {
    expect(dcgAtK(ranking, qrels, 5, { gain: 'exponential' })).toBe((2 ** 1 - 1) / Math.log2(2) + (2 ** 2 - 1) / Math.log2(4));
  });

  test('a grade too large for exponential gain is an error, not NaN', () => {
    expect(() => ndcgAtK(['a'], { a: 1024 }, 1, { gain: 'exponential' })).toThrow(
      'ndcgAtK: expected a grade under exponential gain to be at most 1023 (2^grade − 1 must be finite), got `1024` (number)',
    );
    expect(() => dcgAtK(['a'], { a: 5000 }, 1, { gain: 'exponential' })).toThrow(/at most 1023/);
    // The limit is a fact of the error, not only words: 2^1023 − 1 is the largest finite gain.
    expect(caught(() => ndcgAtK(['a'], { a: 1024 }, 1, { gain: 'exponential' }))).toMatchObject({ subject: { kind: 'argument', argument: 'qrels' }, facts: { limit: 1023 } });
    expect(ndcgAtK(['a'], { a: 1023 }, 1, { gain: 'exponential' })).toBe(1);
    expect(ndcgAtK(['a'], { a: 5000 }, 1)).toBe(1);
  });

  test('grades ≤ 0 add nothing', () => {
    expect(dcgAtK(['a', 'b', 'c'], { a: -2, b: 0, c: 3 })).toBe(3 / Math.log2(4));
    expect(dcgAtK(['a', 'b', 'c'], { a: -2, b: 0, c: 3 }, Infinity, { gain: 'exponential' })).toBe((2 ** 3 - 1) / Math.log2(4));
  });
});

describe('idcgAtK', () => {
  test('ranks every judged document ideally, retrieved or not', () => {
    expect(idcgAtK(ranking, qrels, 5)).toBe(idealDcg);
    expect(idcgAtK([], qrels, 2)).toBe(2 / Math.log2(2) + 1 / Math.log2(3));
  });
});

describe('ndcgAtK', () => {
  test('normalises DCG by the ideal over all judged documents', () => {
    expect(ndcgAtK(ranking, qrels, 5)).toBe((1 / Math.log2(2) + 2 / Math.log2(4)) / idealDcg);
    expect(ndcgAtK(ranking, qrels, 5)).toBeCloseTo(0.6388, 4);
    expect(ndcgAtK(reranked, qrels, 5)).toBeCloseTo(0.8403, 4);
  });

  test('the binary exercise: relevant at ranks 2 and 4 of three', () => {
    const dcg = 1 / Math.log2(3) + 1 / Math.log2(5);
    const ideal = 1 / Math.log2(2) + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(ndcgAtK(binaryRanking, binaryQrels, 5)).toBe(dcg / ideal);
    expect(ndcgAtK(binaryRanking, binaryQrels, 5)).toBeCloseTo(0.498, 3);
  });

  test('ignores the relevance threshold: gains are graded', () => {
    expect(ndcgAtK(ranking, qrels, 5, { relevanceThreshold: 2 })).toBe(ndcgAtK(ranking, qrels, 5));
  });

  test('is 0 when no judged document has a positive grade', () => {
    expect(ndcgAtK(ranking, { x: 0, y: -1 }, 5)).toBe(0);
  });
});

describe('grades near the smallest number (subnormal gains)', () => {
  test('NDCG of a 5e-324 grade at rank 2 is 1/log2(3), as for any grade: the gains are scaled before they are summed', () => {
    // Before: 5e-324 / log2(3) rounded back to 5e-324 among the subnormal numbers, so DCG = IDCG and NDCG was 1.
    expect(ndcgAtK(['b', 'a'], { a: 5e-324, b: 0 }, 2)).toBe(1 / Math.log2(3));
    expect(ndcgAtK(['b', 'a'], { a: 5e-324, b: 0 }, 2)).toBe(ndcgAtK(['b', 'a'], { a: 1, b: 0 }, 2));
    // Gains a power of two apart give the same NDCG to the last bit.
    expect(ndcgAtK(['x', 'a', 'b'], { a: 2 ** -1070, b: 3 * 2 ** -1072 }, 3)).toBe(ndcgAtK(['x', 'a', 'b'], { a: 4, b: 3 }, 3));
    expect(evaluateRun({ q: ['b', 'a'] }, { q: { a: 5e-324 } }, { measures: ['ndcg@2'] }).mean['ndcg@2']).toBe(1 / Math.log2(3));
    expect(evaluate(['b', 'a'], { a: 5e-324 }, 2).ndcg).toBe(1 / Math.log2(3));
  });

  test('DCG and IDCG are the unscaled sums, to the nearest double', () => {
    expect(dcgAtK(['b', 'a'], { a: 5e-324 }, 2)).toBe(5e-324 / Math.log2(3));
    expect(idcgAtK(['b', 'a'], { a: 5e-324 }, 2)).toBe(5e-324);
    expect(dcgAtK(['a', 'b'], { a: 2 ** -1000, b: 2 ** -1001 }, 2)).toBe(2 ** -1000 + 2 ** -1001 / Math.log2(3));
    expect(evaluateRun({ q: ['b', 'a'] }, { q: { a: 2 ** -1000 } }, { measures: ['dcg@2', 'idcg@2'] }).mean).toEqual({ 'dcg@2': 2 ** -1000 / Math.log2(3), 'idcg@2': 2 ** -1000 });
  });
});

// trec_eval's gain-table variants: ndcg (with level=gain pairs), ndcg_rel, Rndcg. Pairs cannot be spelled in a
// measure name yet: the functions and the catalogue's compute with explicit `gains` are tested.
describe('ndcgWithGains (ndcg with a gain table)', () => {
  const pairs = [
    { name: '1', level: 1, gain: 1 },
    { name: '2', level: 2, gain: 3 },
  ];

  test('uses the pairs for gains, the ideal of every judged document (doc example)', () => {
    const expected = (1 / Math.log2(2) + 3 / Math.log2(4)) / (3 / Math.log2(2) + 1 / Math.log2(3) + 1 / Math.log2(4));
    expect(ndcgWithGains(judgedRankingOf(ranking, qrels), pairs)).toBe(expected);
    const [value] = computeWith(definitionNamed('ndcg'), contextOf([...ranking], qrels), [{ cutoff: Infinity, gains: pairs }]);
    expect(value).toBe(expected);
  });

  test('without pairs it is ndcgAtK with no cutoff (doc example)', () => {
    expect(ndcgWithGains(judgedRankingOf(ranking, qrels), [])).toBeCloseTo(ndcgAtK(ranking, qrels), 15);
    expect(ndcgAtK(ranking, qrels)).toBeCloseTo(2 / idealDcg, 15);
  });

  test('a pair can give an unjudged level a gain, and a grade a gain of 0', () => {
    // grade 1 gains nothing: only T (2 → 2) counts
    expect(ndcgWithGains(judgedRankingOf(ranking, qrels), [{ name: '1', level: 1, gain: 0 }])).toBe(2 / Math.log2(4) / (2 / Math.log2(2)));
  });

  test('is 0 without a positive gain and for an empty ranking', () => {
    expect(ndcgWithGains(judgedRankingOf(['a'], { a: 0 }), [])).toBe(0);
    expect(ndcgWithGains(judgedRankingOf([], qrels), pairs)).toBe(0);
  });
});

describe('ndcgRel', () => {
  test('averages NDCG at each relevant document retrieved, the final NDCG for those missed (doc example)', () => {
    // IDCG@1 = 2; IDCG@3 = 2 + 1/log2(3) + 1/log2(4); G at 1: 1/2; T at 3: 2/IDCG@3; F missed: 2/IDCG
    const expected = (1 / 2 + 2 / idealDcg + (1 * 2) / idealDcg) / 3;
    expect(ndcgRel(judgedRankingOf(ranking, qrels), [])).toBeCloseTo(expected, 15);
    expect(scoresOf([...ranking], qrels, ['ndcg_rel']).ndcg_rel).toBeCloseTo(expected, 15);
  });

  test('is 0 without a positive gain and for an empty ranking', () => {
    expect(scoresOf(['a'], { a: 0 }, ['ndcg_rel'], 0).ndcg_rel).toBe(0);
    expect(evaluateRun({}, { q: qrels }, { measures: ['ndcg_rel'] }).perQuery.q!.ndcg_rel).toBe(0);
  });
});

describe('rndcg (Rndcg)', () => {
  test('averages NDCG where the ideal gain changes and at the ranking’s end (doc example)', () => {
    // ideal gains 2 | 1, 1 | 0: NDCG@1 = 1/2, NDCG@3 = 2/IDCG@3, then at rank 5 the same DCG over IDCG@3
    const expected = (1 / 2 + 2 / idealDcg + 2 / idealDcg) / 3;
    expect(rndcg(judgedRankingOf(ranking, qrels), [])).toBeCloseTo(expected, 15);
    expect(scoresOf([...ranking], qrels, ['Rndcg']).Rndcg).toBeCloseTo(expected, 15);
  });

  test('is 0 without relevant documents', () => {
    expect(rndcg(judgedRankingOf(['a'], { a: 0 }), [])).toBe(0);
  });

  test('is 0 / 0 without a positive ideal gain at relevance level 0: NaN here (trec_eval prints -nan), 0 in evaluateRun', () => {
    expect(rndcg(judgedRankingOf(['a', 'b'], { a: 0, c: 0 }, 0), [])).toBeNaN();
    expect(scoresOf(['a', 'b'], { a: 0, c: 0 }, ['Rndcg'], 0).Rndcg).toBe(0);
  });
});
