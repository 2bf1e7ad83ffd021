import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fc, test as propTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { isRankevalError, parseGoldenSet } from '../../src/index.js';
import { allAspects, alphaNdcg, aspectRecall, errIa, pIa } from '../../src/metrics/diversity.js';
import { readAspectsOption, type QueryAspects } from '../../src/core/aspects.js';
import { errorOf } from '../helpers/files.js';

/** Aspects from plain objects: aspect → document → grade. */
const aspectsOf = (byAspect: Record<string, Record<string, number>>): QueryAspects => new Map(Object.entries(byAspect).map(([aspect, judged]) => [aspect, new Map(Object.entries(judged))]));

// The example of the doc comments: a is covered by d1 and d2, b by d3, c by d4; e by nothing relevant.
const three = aspectsOf({ a: { d1: 1, d2: 1 }, b: { d3: 2 }, c: { d4: 1 }, e: { d5: 0 } });

describe('aspectRecall', () => {
  test('the share of the covered aspects found in the top k (e, judged 0 only, is not counted)', () => {
    const ranking = ['d2', 'x', 'd3'];
    expect(aspectRecall(ranking, three, 1)).toBe(1 / 3);
    expect(aspectRecall(ranking, three, 2)).toBe(1 / 3);
    expect(aspectRecall(ranking, three, 3)).toBe(2 / 3);
    expect(aspectRecall(ranking, three, Infinity)).toBe(2 / 3);
    expect(aspectRecall(['d1', 'd2', 'd3', 'd4'], three, 4)).toBe(3 / 3);
  });

  test('a second document of an aspect already found adds nothing', () => {
    expect(aspectRecall(['d1', 'd2'], three, 2)).toBe(1 / 3);
  });

  test('level: only grades ≥ level cover, and the aspects counted are those covered at that level', () => {
    // At level 2 only b (d3, grade 2) counts.
    expect(aspectRecall(['d2', 'x', 'd3'], three, 2, 2)).toBe(0 / 1);
    expect(aspectRecall(['d2', 'x', 'd3'], three, 3, 2)).toBe(1 / 1);
  });

  test('negative grades never cover, whatever the level', () => {
    const negative = aspectsOf({ a: { d1: -1, d2: 1 }, b: { d3: -2 } });
    expect(aspectRecall(['d1', 'd3'], negative, 2, 0)).toBe(0 / 1);
    expect(aspectRecall(['d2'], negative, 1, 0)).toBe(1 / 1);
  });

  test('0 for a query with no aspect covered at the level, and for an empty ranking', () => {
    expect(aspectRecall(['d5'], aspectsOf({ e: { d5: 0 } }), 10)).toBe(0);
    expect(aspectRecall(['d1'], new Map(), 10)).toBe(0);
    expect(aspectRecall([], three, 10)).toBe(0);
  });
});

describe('allAspects', () => {
  test('1 once the top k covers every counted aspect, else 0', () => {
    const ranking = ['d1', 'x', 'd3', 'd4'];
    expect(allAspects(ranking, three, 3)).toBe(0);
    expect(allAspects(ranking, three, 4)).toBe(1);
    expect(allAspects(ranking, three, Infinity)).toBe(1);
    expect(allAspects(['d3'], three, 1, 2)).toBe(1);
  });

  test('0 for a query with no aspect covered at the level', () => {
    expect(allAspects(['d5'], aspectsOf({ e: { d5: 0 } }), 10)).toBe(0);
    expect(allAspects([], new Map(), 10)).toBe(0);
  });
});

// a: {d1, d2}, b: {d2}.
const pair = aspectsOf({ a: { d1: 1, d2: 1 }, b: { d2: 1 } });

describe('pIa', () => {
  test('documents × aspects covered in the top k, over k × aspects', () => {
    expect(pIa(['d2', 'x'], pair, 1)).toBe(2 / (1 * 2));
    expect(pIa(['d2', 'x'], pair, 2)).toBe((2 + 0) / (2 * 2));
    expect(pIa(['d1', 'd2'], pair, 2)).toBe((1 + 2) / (2 * 2));
  });

  test('divides by k even for a shorter ranking (as ndeval), by its length for k = Infinity', () => {
    expect(pIa(['d2', 'x'], pair, 5)).toBe(2 / (5 * 2));
    expect(pIa(['d2', 'x'], pair, Infinity)).toBe(2 / (2 * 2));
  });

  test('0 for a query with no aspect covered, and for an empty ranking', () => {
    expect(pIa(['d1'], aspectsOf({ a: { d1: 0 } }), 5)).toBe(0);
    expect(pIa([], pair, 5)).toBe(0);
    expect(pIa([], pair, Infinity)).toBe(0);
  });
});

const log2 = Math.log2;

describe('alphaNdcg', () => {
  test('the doc comment example: a repeat is worth 1 − alpha; the ideal puts d2 (both aspects) first', () => {
    // Ranking [d1, d2]: G = (1, 0.5 + 1). Greedy ideal [d2, d1]: G = (2, 0.5).
    expect(alphaNdcg(['d1', 'd2'], pair, 2)).toBeCloseTo((1 + 1.5 / log2(3)) / (2 + 0.5 / log2(3)), 14);
    expect(alphaNdcg(['d1', 'd2'], pair, 1)).toBeCloseTo(1 / 2, 14);
    expect(alphaNdcg(['d2', 'd1'], pair, 2)).toBeCloseTo(1, 14);
  });

  test('alpha: 0 counts every repeat in full, 1 counts only the first document of each aspect', () => {
    expect(alphaNdcg(['d1', 'd2'], pair, 2, 0)).toBeCloseTo((1 + 2 / log2(3)) / (2 + 1 / log2(3)), 14);
    expect(alphaNdcg(['d1', 'd2'], pair, 2, 1)).toBeCloseTo((1 + 1 / log2(3)) / 2, 14);
  });

  // A hand-built example in the manner of Clarke et al. 2008, section 5 (the paper's own table was not at
  // hand): three aspects (nuggets) n1–n3, five documents, alpha = 0.5.
  //   a: n1        b: n1, n2      c: n3      d: n1, n3      e: none (judged non-relevant)
  // Ranking a, b, c, d, e: G = (1, 0.5 + 1, 1, 0.25 + 0.5, 0).
  // Greedy ideal: b and d tie at 2 → d (the greater id); then b = 0.5 + 1 = 1.5 beats a = c = 0.5; then
  //   c = 0.5 beats a = 0.25; then a: G* = (2, 1.5, 0.5, 0.25), e adding nothing.
  const nuggets = aspectsOf({ n1: { a: 1, b: 1, d: 1, e: 0 }, n2: { b: 1, e: 0 }, n3: { c: 1, d: 1, e: 0 } });
  const ranking = ['a', 'b', 'c', 'd', 'e'];
  const dcg = (gains: readonly number[]): number => gains.reduce((sum, gain, i) => sum + gain / log2(i + 2), 0);
  test.each([1, 2, 3, 4, 5, 10])('a hand-worked five-document example at k = %i', (k) => {
    const run = [1, 1.5, 1, 0.75, 0].slice(0, k);
    const ideal = [2, 1.5, 0.5, 0.25, 0].slice(0, k);
    expect(alphaNdcg(ranking, nuggets, k)).toBeCloseTo(dcg(run) / dcg(ideal), 14);
  });

  test("ties in the greedy ideal go to the greatest id, and a ranking can then beat it (ndeval's greedy ideal)", () => {
    // p, q and r each cover four aspects: the greedy ideal takes r (greatest id), then q (p and q tie at 3),
    // so its top two gain 4 + 3 where p, q gain 4 + 4.
    const overlapping = aspectsOf({ a: { p: 1, r: 1 }, b: { p: 1, r: 1 }, c: { q: 1, r: 1 }, d: { q: 1, r: 1 }, e: { p: 1 }, f: { p: 1 }, g: { q: 1 }, h: { q: 1 } });
    expect(alphaNdcg(['p', 'q'], overlapping, 2)).toBeCloseTo((4 + 4 / log2(3)) / (4 + 3 / log2(3)), 14);
    expect(alphaNdcg(['p', 'q'], overlapping, 2)).toBeGreaterThan(1);
    expect(alphaNdcg(['r', 'q'], overlapping, 2)).toBeCloseTo(1, 14);
  });

  test('0 for a query with no aspect covered, and for a ranking that covers nothing', () => {
    expect(alphaNdcg(['e'], aspectsOf({ n: { e: 0 } }), 10)).toBe(0);
    expect(alphaNdcg(['x', 'e'], nuggets, 10)).toBe(0);
    expect(alphaNdcg([], nuggets, 10)).toBe(0);
  });

  test('k = Infinity: the whole ranking against the whole greedy ideal', () => {
    expect(alphaNdcg(ranking, nuggets, Infinity)).toBeCloseTo(dcg([1, 1.5, 1, 0.75]) / dcg([2, 1.5, 0.5, 0.25]), 14);
  });

  // Clarke et al. 2008, section 5 (the QA example, alpha = 1/2), figures as read in a translation of that
  // section (d0evi1/d0evi1.github.io, _posts/2019-05-08-alpha-ndcg.md, which links the paper at
  // plg.uwaterloo.ca/~gvcormac/novelty.pdf):
  //   ranking a, b, c, …:  G   = <2, 1/2, 1/4, 0, 2, 1/2, 1, 1/4, …>   DCG  = <2, 2.315, 2.440, …>
  //   ideal a-e-g-b-f-c-h-i-j:  G' = <2, 2, 1, 1/2, 1/2, 1/4, 1/4, …>   DCG' = <2, 3.262, 3.762, …>
  //   nDCG = <1, 0.710, 0.649, …>
  // The paper's Table 2 (which document holds which nugget) could not be read, so the nuggets below are
  // ours, chosen to give those gains: a, b, c, d, e are forced by G up to the nuggets' names (a two new, b
  // and c a repeat of one of a's, d none, e two new); f, g, h are one choice among several. i and j, whose
  // gains the paper elides, are left out: they come after h in the paper's ideal, so its G' for ranks 1-7
  // (and its G for ranks 1-8) is the same without them.
  //   a: n1, n2   b: n1   c: n1   d: —   e: n3, n4   f: n3   g: n5   h: n3
  const clarke = aspectsOf({ n1: { a: 1, b: 1, c: 1 }, n2: { a: 1 }, n3: { e: 1, f: 1, h: 1 }, n4: { e: 1 }, n5: { g: 1 } });
  const clarkeRanking = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const clarkeGains = [2, 1 / 2, 1 / 4, 0, 2, 1 / 2, 1, 1 / 4];
  const clarkeIdealGains = [2, 2, 1, 1 / 2, 1 / 2, 1 / 4, 1 / 4];

  test('the figures of Clarke et al. 2008 follow from their G and G′ with the log2(1 + k) discount', () => {
    // Checks our reading of the paper's discount (and of the translation's figures), not our code.
    expect(dcg(clarkeGains.slice(0, 2))).toBeCloseTo(2.315, 3);
    expect(dcg(clarkeGains.slice(0, 3))).toBeCloseTo(2.44, 3);
    expect(dcg(clarkeIdealGains.slice(0, 2))).toBeCloseTo(3.262, 3);
    expect(dcg(clarkeIdealGains.slice(0, 3))).toBeCloseTo(3.762, 3);
  });

  test('alphaNdcg reproduces Clarke et al. 2008\'s worked example', () => {
    // The paper's nDCG vector, to the three decimals it prints.
    expect(alphaNdcg(clarkeRanking, clarke, 1)).toBe(1);
    expect(alphaNdcg(clarkeRanking, clarke, 2)).toBeCloseTo(0.71, 3);
    expect(alphaNdcg(clarkeRanking, clarke, 3)).toBeCloseTo(0.649, 3);
    // Every rank whose G and G' the paper gives: DCG[k] / DCG'[k] from the paper's gain vectors. Our greedy
    // ideal breaks the ties at 2 (a, e) and at 1/2 (b, c, f, h) towards the greatest id (e-a-g-h-c-f-b),
    // not in the paper's order a-e-g-b-f-c-h, but the gains by rank are the paper's G'.
    for (let k = 1; k <= clarkeIdealGains.length; k++) {
      expect(alphaNdcg(clarkeRanking, clarke, k)).toBeCloseTo(dcg(clarkeGains.slice(0, k)) / dcg(clarkeIdealGains.slice(0, k)), 14);
    }
  });
});

describe('errIa', () => {
  // a: {d1}, b: {d2}.
  const apart = aspectsOf({ a: { d1: 1 }, b: { d2: 1 } });

  test('Σ G(r) / r over the same sum for a ranking whose every document covers every aspect', () => {
    expect(errIa(['d1', 'd2'], apart, 2)).toBeCloseTo((1 / 1 + 1 / 2) / (2 / 1 + (2 * 0.5) / 2), 15);
    expect(errIa(['x', 'd1', 'd2'], apart, 3)).toBeCloseTo((1 / 2 + 1 / 3) / (2 / 1 + (2 * 0.5) / 2 + (2 * 0.25) / 3), 15);
    // One aspect found twice is that aspect's ideal: ERR-IA = 1.
    expect(errIa(['d1', 'd2'], aspectsOf({ a: { d1: 1, d2: 1 } }), 2)).toBeCloseTo((1 + 0.5 / 2) / (1 + 0.5 / 2), 15);
  });

  test('the normaliser depends on k, not on the ranking length', () => {
    const ideal10 = Array.from({ length: 10 }, (_, r) => (2 * 0.5 ** r) / (r + 1)).reduce((a, b) => a + b);
    expect(errIa(['d1', 'd2'], apart, 10)).toBeCloseTo((1 + 1 / 2) / ideal10, 15);
  });

  test('k = 1 is divided like any k (ndeval reports the undivided count there)', () => {
    expect(errIa(['d1'], apart, 1)).toBe(1 / 2);
  });

  test('k = Infinity divides by the limit of the ideal sum, m · ln(1/alpha) / (1 − alpha)', () => {
    expect(errIa(['d1', 'd2'], apart, Infinity)).toBeCloseTo((1 + 1 / 2) / ((2 * Math.log(2)) / 0.5), 15);
    expect(errIa(['d1', 'd2'], apart, Infinity, 1)).toBeCloseTo((1 + 1 / 2) / 2, 15);
    // At alpha 0 that sum never ends: refused, whatever the query.
    expect((errorOf(() => errIa(['d1'], apart, Infinity, 0)) as Error).message).toBe('errIa: expected `alpha` without a cutoff to be above 0 (at alpha 0 the ideal sum never ends), got `0` (number)');
    expect((errorOf(() => errIa([], new Map(), Infinity, 0)) as Error).message).toMatch(/^errIa: expected `alpha` without a cutoff/);
  });

  test('0 for a query with no aspect covered, and for an empty ranking', () => {
    expect(errIa(['d1'], aspectsOf({ a: { d1: 0 } }), 10)).toBe(0);
    expect(errIa([], apart, 10)).toBe(0);
  });
});

describe('checks on the parameters', () => {
  test.each([
    ['aspectRecall', () => aspectRecall([], pair, 0)],
    ['allAspects', () => allAspects([], pair, 1.5)],
    ['pIa', () => pIa([], pair, -1)],
    ['alphaNdcg', () => alphaNdcg([], pair, Number.NaN)],
    ['errIa', () => errIa([], pair, 0)],
  ])('%s refuses a cutoff that is not a positive integer or Infinity', (name, call) => {
    const error = errorOf(call);
    expect(isRankevalError(error) && error.code).toBe('invalid_cutoff');
    expect((error as Error).message).toMatch(new RegExp(`^${name}: expected \`k\``));
  });

  test('alpha must be from 0 to 1, the level a finite number', () => {
    expect((errorOf(() => alphaNdcg([], pair, 5, 1.5)) as Error).message).toBe('alphaNdcg: expected `alpha` to be a number from 0 to 1, got `1.5` (number)');
    expect((errorOf(() => errIa([], pair, 5, -0.1)) as Error).message).toMatch(/^errIa: expected `alpha`/);
    expect((errorOf(() => pIa([], pair, 5, Number.NaN)) as Error).message).toMatch(/^pIa: expected the relevance level to be a finite number/);
  });
});

describe('properties', () => {
  const pool = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7'];
  const arbitraryAspects = fc
    .array(fc.dictionary(fc.constantFrom(...pool), fc.integer({ min: -1, max: 2 }), { maxKeys: 5 }), { maxLength: 4 })
    .map((list): QueryAspects => new Map(list.map((judged, i) => [`a${i}`, new Map(Object.entries(judged))])));
  // Rankings mix judged ids with unjudged ones (u*).
  const arbitraryRanking = fc.uniqueArray(fc.constantFrom(...pool, 'u0', 'u1', 'u2'), { maxLength: 11 });
  const arbitraryK = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(Infinity));
  const arbitraryLevel = fc.integer({ min: 0, max: 2 });

  propTest.prop([arbitraryRanking, arbitraryAspects, fc.integer({ min: 1, max: 12 }), arbitraryLevel])('aspect recall never falls as k grows', (ranking, aspects, k, level) => {
    expect(aspectRecall(ranking, aspects, k + 1, level)).toBeGreaterThanOrEqual(aspectRecall(ranking, aspects, k, level));
    expect(aspectRecall(ranking, aspects, Infinity, level)).toBeGreaterThanOrEqual(aspectRecall(ranking, aspects, k, level));
  });

  propTest.prop([arbitraryRanking, arbitraryAspects, arbitraryK, arbitraryLevel])('aspect recall is 1 exactly when all aspects is 1', (ranking, aspects, k, level) => {
    expect(aspectRecall(ranking, aspects, k, level) === 1).toBe(allAspects(ranking, aspects, k, level) === 1);
  });

  propTest.prop([arbitraryRanking, arbitraryAspects, arbitraryK, arbitraryLevel])(
    'aspect recall, all aspects, P-IA and ERR-IA lie in [0, 1], alpha-nDCG is never negative',
    (ranking, aspects, k, level) => {
      for (const value of [aspectRecall(ranking, aspects, k, level), allAspects(ranking, aspects, k, level), pIa(ranking, aspects, k, level), errIa(ranking, aspects, k, 0.5, level)]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
      expect(alphaNdcg(ranking, aspects, k, 0.5, level)).toBeGreaterThanOrEqual(0);
    },
  );
});

// Differential test: ir_measures 0.4.3 (pyndeval, i.e. ndeval 4.5) on the generated diversity cases
// d01–d06 of ../shared/irm-oracle, whose qrels, runs and expected.tsv are byte for byte those of
// test/fixtures/irm-oracle/dNN (the ad hoc differential test skips them).
describe.each(['d01', 'd02', 'd03', 'd04', 'd05', 'd06'])('ir_measures 0.4.3 (pyndeval) on case %s', (name) => {
  const dir = join(import.meta.dirname, '../fixtures/irm-oracle', name);
  const lines = (file: string): string[][] =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => line.trim().split(/\s+/));

  // qid subtopic docno grade, read as a golden set would be.
  const aspects = parseGoldenSet(readFileSync(join(dir, 'qrels')), { format: 'trec-diversity' }).aspects!;
  // TREC 6 columns; ordered as pyndeval orders them: score descending, ties by docno ascending.
  const scored = new Map<string, { id: string; score: number }[]>();
  for (const [qid, , docno, , score] of lines('run') as [string, string, string, string, string][]) {
    if (!scored.has(qid)) scored.set(qid, []);
    scored.get(qid)!.push({ id: docno, score: Number(score) });
  }
  const rankings = new Map([...scored].map(([qid, documents]) => [qid, documents.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((document) => document.id)]));

  const expected = new Map<string, Map<string, number>>();
  for (const [measure, qid, value] of lines('expected.tsv') as [string, string, string][]) {
    if (!expected.has(measure)) expected.set(measure, new Map());
    expected.get(measure)!.set(qid, Number(value));
  }

  const measures: Record<string, (ranking: readonly string[], query: QueryAspects) => number> = {
    'alpha_nDCG@10': (ranking, query) => alphaNdcg(ranking, query, 10),
    'ERR_IA@10': (ranking, query) => errIa(ranking, query, 10),
    'P_IA@10': (ranking, query) => pIa(ranking, query, 10),
    'StRecall@10': (ranking, query) => aspectRecall(ranking, query, 10),
  };

  test.each(Object.keys(measures))('%s: every query and the mean to 1e-9', (measure) => {
    const want = expected.get(measure)!;
    // A judged query missing from the run scores 0 (ir_measures' default); the mean is over judged queries.
    const perQuery = new Map([...aspects].map(([qid, query]) => [qid, measures[measure]!(rankings.get(qid) ?? [], query)]));
    expect(perQuery.size).toBe(want.size - 1);
    for (const [qid, value] of perQuery) expect(Math.abs(value - want.get(qid)!), `${measure} of ${qid}: ${value} vs ${want.get(qid)}`).toBeLessThanOrEqual(1e-9);
    const mean = [...perQuery.values()].reduce((sum, value) => sum + value, 0) / perQuery.size;
    expect(Math.abs(mean - want.get('all')!), `${measure} of all: ${mean} vs ${want.get('all')}`).toBeLessThanOrEqual(1e-9);
  });
});

describe('readAspectsOption', () => {
  test('reads Maps and objects at every level; a list of ids is grade 1 each', () => {
    const read = readAspectsOption({ q1: { discount: ['c1', 'c4'], coupon: { c7: 2 } }, q2: new Map([['x', new Set(['c2'])]]) }, 'evaluateRun');
    expect(read).toEqual(
      new Map([
        ['q1', new Map([['discount', new Map([['c1', 1], ['c4', 1]])], ['coupon', new Map([['c7', 2]])]])],
        ['q2', new Map([['x', new Map([['c2', 1]])]])],
      ]),
    );
    expect(readAspectsOption(new Map([['q', new Map([['a', new Map([['d', 3]])]])]]), 'f')).toEqual(new Map([['q', new Map([['a', new Map([['d', 3]])]])]]));
  });

  test('names the query, the aspect and the value that is wrong', () => {
    const top = errorOf(() => readAspectsOption(['q1'], 'evaluateRun'));
    expect(isRankevalError(top) && top.code).toBe('invalid_option');
    expect((top as Error).message).toMatch(/^evaluateRun: expected `aspects` to be a Map or an object of query id → aspect id → judgments/);
    const query = errorOf(() => readAspectsOption({ q1: ['c1'] }, 'evaluateRun'));
    expect((query as Error).message).toMatch(/^evaluateRun: expected aspects\["q1"\] to be a Map or an object of aspect id → judgments, got `array of 1`/);
    const grade = errorOf(() => readAspectsOption({ q1: { coupon: { c7: 'high' } } }, 'evaluateRun'));
    expect(isRankevalError(grade) && grade.code).toBe('invalid_qrels');
    expect((grade as Error).message).toBe('evaluateRun: expected the grade of "c7" in aspects["q1"]["coupon"] to be a finite number, got `"high"` (string)');
    const judged = errorOf(() => readAspectsOption({ q1: { coupon: 7 } }, 'evaluateRun'));
    expect((judged as Error).message).toMatch(/aspects\["q1"\]\["coupon"\] to be a Map, an object of id → grade or an iterable of ids, got `7`/);
    const key = errorOf(() => readAspectsOption(new Map([[1, {}]]), 'evaluateRun'));
    expect((key as Error).message).toMatch(/every key of `aspects` to be a string/);
  });
});
