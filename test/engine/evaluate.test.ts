import { describe, expect, expectTypeOf, test } from 'vitest';
import {
  averagePrecision,
  contextPrecision,
  dcgAtK,
  evaluate,
  evaluateRun,
  f1AtK,
  idcgAtK,
  isRankevalError,
  ndcgAtK,
  precisionAtK,
  recallAtK,
  reciprocalRank,
  rPrecision,
  successAtK,
} from '../../src/index.js';
import { binaryQrels, binaryRanking, idealDcg, qrels, ranking, reranked } from '../helpers/examples.js';
import { caught } from '../helpers/caught.js';

describe('evaluate', () => {
  test('the worked example of DEVELOPERS.md', () => {
    expect(evaluate(ranking, qrels, 5)).toEqual({
      precision: 2 / 5,
      recall: 2 / 3,
      f1: (2 * (2 / 5) * (2 / 3)) / (2 / 5 + 2 / 3),
      success: 1,
      reciprocalRank: 1 / 1,
      averagePrecision: (1 / 1 + 2 / 3) / 3,
      rPrecision: 2 / 3,
      dcg: 1 / Math.log2(2) + 2 / Math.log2(4),
      idcg: idealDcg,
      ndcg: (1 / Math.log2(2) + 2 / Math.log2(4)) / idealDcg,
      contextPrecision: (1 / 1 + 2 / 3) / 2,
      retrieved: 5,
      relevant: 3,
      relevantRetrieved: 2,
    });
    expect(evaluate(ranking, qrels, 3).precision).toBeCloseTo(0.667, 3);
    expect(evaluate(ranking, qrels, 5).ndcg).toBeCloseTo(0.6388, 4);
    expect(evaluate(ranking, qrels, 5).averagePrecision).toBeCloseTo(0.5556, 4);
  });

  test('reranking moves NDCG only', () => {
    const before = evaluate(ranking, qrels, 5);
    const after = evaluate(reranked, qrels, 5);
    expect(after.ndcg).toBeCloseTo(0.8403, 4);
    expect(after.precision).toBe(before.precision);
    expect(after.recall).toBe(before.recall);
  });

  test('the binary exercise', () => {
    const result = evaluate(binaryRanking, binaryQrels, 5);
    expect(result.precision).toBe(2 / 5);
    expect(result.recall).toBeCloseTo(0.667, 3);
    expect(result.reciprocalRank).toBe(1 / 2);
    expect(result.ndcg).toBeCloseTo(0.498, 3);
  });

  test('a single correct document returned alone out of four relevant', () => {
    const result = evaluate(['d1'], ['d1', 'd2', 'd3', 'd4']);
    expect(result.precision).toBe(1);
    expect(result.recall).toBe(1 / 4);
  });

  test('the long form carries the options', () => {
    expect(evaluate(ranking, qrels, { k: 5, relevanceThreshold: 2 }).reciprocalRank).toBe(1 / 3);
    expect(evaluate(ranking, qrels, { k: 5, gain: 'exponential' }).dcg).toBe(1 / Math.log2(2) + 3 / Math.log2(4));
    expect(evaluate(ranking, qrels, {}).retrieved).toBe(5);
    expect(evaluate(ranking, qrels).retrieved).toBe(5);
  });

  test('agrees with every metric function', () => {
    for (const k of [1, 2, 3, 5, 10, Infinity]) {
      for (const options of [{}, { relevanceThreshold: 2 }, { gain: 'exponential' as const }, { apDenominator: 'min-relevant-k' as const }]) {
        const result = evaluate(ranking, qrels, { k, ...options });
        expect(result).toMatchObject({
          precision: precisionAtK(ranking, qrels, k, options),
          recall: recallAtK(ranking, qrels, k, options),
          f1: f1AtK(ranking, qrels, k, options),
          success: successAtK(ranking, qrels, k, options),
          reciprocalRank: reciprocalRank(ranking, qrels, k, options),
          averagePrecision: averagePrecision(ranking, qrels, k, options),
          rPrecision: rPrecision(ranking, qrels, k, options),
          dcg: dcgAtK(ranking, qrels, k, options),
          idcg: idcgAtK(ranking, qrels, k, options),
          ndcg: ndcgAtK(ranking, qrels, k, options),
          contextPrecision: contextPrecision(ranking, qrels, k, options),
        });
      }
    }
  });

  test('a cutoff beyond the ranking counts what is there', () => {
    expect(evaluate(ranking, qrels, 100)).toMatchObject({ retrieved: 5, relevantRetrieved: 2, precision: 2 / 100 });
    // A cutoff no measure name can write (`P@1e+21`) is still the catalogue measures' cutoff.
    expect(evaluate(ranking, qrels, 1e21)).toMatchObject({ retrieved: 5, relevantRetrieved: 2, precision: 2 / 1e21, recall: 2 / 3 });
  });

  test('the same cutoff twice, and many cutoffs in turn, give the same values', () => {
    const first = evaluate(ranking, qrels, 3);
    for (let k = 1; k <= 200; k++) evaluate(ranking, qrels, k);
    expect(evaluate(ranking, qrels, 3)).toEqual(first);
    expect(first).toMatchObject({ precision: 2 / 3, recall: 2 / 3, averagePrecision: (1 / 1 + 2 / 3) / 3 });
  });

  test('rejects a bad cutoff in either form', () => {
    expect(() => evaluate(ranking, qrels, 0)).toThrow('evaluate: expected `k` to be a positive integer or Infinity, got `0` (number)');
    expect(() => evaluate(ranking, qrels, { k: 2.5 })).toThrow(/got `2.5`/);
  });
});

describe('evaluate with { measures }', () => {
  // The worked example, [G, x, T, y, z] with T grade 2, G and F grade 1: P@5 0.4, R@5 0.667, RR 1,
  // NDCG@5 0.6388, AP 0.5556, through the catalogue's names.
  test('the worked example, by name', () => {
    const scores = evaluate(ranking, qrels, { measures: ['P@5', 'recall@5', 'mrr', 'ndcg@5', 'map'] });
    expect(scores).toEqual({
      'P@5': 2 / 5,
      'recall@5': 2 / 3,
      mrr: 1 / 1,
      'ndcg@5': (1 / Math.log2(2) + 2 / Math.log2(4)) / idealDcg,
      map: (1 / 1 + 2 / 3) / 3,
    });
    expect(scores['ndcg@5']).toBeCloseTo(0.6388, 4);
    expect(scores.map).toBeCloseTo(0.5556, 4);
    expectTypeOf(scores).toEqualTypeOf<Record<'P@5' | 'recall@5' | 'mrr' | 'ndcg@5' | 'map', number>>();
  });

  test('each of the classic set is its catalogue measure at the same k, to the last digit', () => {
    for (const k of [1, 3, 5, 10]) {
      for (const options of [{}, { gain: 'exponential' as const }, { relevanceThreshold: 2 }, { apDenominator: 'min-relevant-k' as const }]) {
        const classic = evaluate(ranking, qrels, { k, ...options });
        const named = evaluate(ranking, qrels, {
          measures: [`P@${k}`, `recall@${k}`, `f1@${k}`, `success@${k}`, `mrr@${k}`, `map@${k}`, `R-prec@${k}`, `dcg@${k}`, `idcg@${k}`, `ndcg@${k}`, `context_precision@${k}`],
          ...options,
        });
        expect(Object.values(named)).toEqual([
          classic.precision,
          classic.recall,
          classic.f1,
          classic.success,
          classic.reciprocalRank,
          classic.averagePrecision,
          classic.rPrecision,
          classic.dcg,
          classic.idcg,
          classic.ndcg,
          classic.contextPrecision,
        ]);
      }
    }
  });

  test('names in every grammar, and measures the classic set does not hold', () => {
    const scores = evaluate(ranking, qrels, { measures: ['nDCG@5', 'P_5', 'bpref', 'num_rel_ret', 'recip_rank'] });
    expect(scores['nDCG@5']).toBe(evaluate(ranking, qrels, 5).ndcg);
    expect(scores.P_5).toBe(2 / 5);
    expect(scores.num_rel_ret).toBe(2);
    expect(Object.keys(scores)).toEqual(['nDCG@5', 'P_5', 'bpref', 'num_rel_ret', 'recip_rank']);
  });

  test('a query without relevant documents scores 0, as in the classic form', () => {
    expect(evaluate(['a', 'b'], {}, { measures: ['P@2', 'ndcg@2'] })).toEqual({ 'P@2': 0, 'ndcg@2': 0 });
  });

  test('a bad ranking or bad qrels are worded as a single ranking’s', () => {
    expect(() => evaluate(['a', 'a'], qrels, { measures: ['P@5'] })).toThrow(/^evaluate: duplicate document id `"a"` \(string\) in the ranking/);
    expect(() => evaluate(ranking, { a: 'x' } as never, { measures: ['P@5'] })).toThrow(/^evaluate: .*the qrels/);
  });

  test('an unknown measure or option is refused', () => {
    expect(() => evaluate(ranking, qrels, { measures: ['ndgc@5'] as never })).toThrow(/unknown measure `ndgc@5`: did you mean `ndcg@5`/);
    expect(() => evaluate(ranking, qrels, { measures: ['P@5'], k: 5 } as never)).toThrow(/^evaluate: expected every option to be one of `measures`, `lengths`, `aspects`, .*, got `"k"` \(string\)$/);
  });
});

describe('evaluateRun', () => {
  const run = { q1: ['a', 'x'], q2: ['x', 'b'], q3: ['y'] };
  const judged = { q1: { a: 1 }, q2: { b: 1 }, q3: { c: 1 } };

  test('MRR over three queries with first relevant at ranks 1, 2 and none is 0.5', () => {
    const result = evaluateRun(run, judged, { measures: ['mrr'] });
    expect(result.mean).toEqual({ mrr: (1 / 1 + 1 / 2 + 0) / 3 });
    expect(result.perQuery).toEqual({ q1: { mrr: 1 }, q2: { mrr: 1 / 2 }, q3: { mrr: 0 } });
    expect(result.queries).toBe(3);
  });

  test('keys each measure as the caller wrote it, several cutoffs of one metric at once', () => {
    const result = evaluateRun({ q: ranking }, { q: qrels }, { measures: ['ndcg@5', 'nDCG@3', 'P@3', 'P@5', 'recall@5', 'map', 'map@2', 'R-prec', 'success@1', 'f1@5', 'mrr@10'] });
    expect(result.mean).toEqual({
      'ndcg@5': ndcgAtK(ranking, qrels, 5),
      'nDCG@3': ndcgAtK(ranking, qrels, 3),
      'P@3': 2 / 3,
      'P@5': 2 / 5,
      'recall@5': 2 / 3,
      map: (1 / 1 + 2 / 3) / 3,
      'map@2': 1 / 1 / 3,
      'R-prec': 2 / 3,
      'success@1': 1,
      'f1@5': f1AtK(ranking, qrels, 5),
      'mrr@10': 1,
    });
  });

  test('a judged query missing from the run scores zero and is listed; unjudged run queries are listed, not scored', () => {
    const result = evaluateRun({ q1: ['a'], extra: ['z'] }, { q1: ['a'], q2: ['b'] }, { measures: ['recall@10'] });
    expect(result.perQuery).toEqual({ q1: { 'recall@10': 1 }, q2: { 'recall@10': 0 } });
    expect(result.mean['recall@10']).toBe(1 / 2);
    expect(result.unjudgedQueries).toEqual(['extra']);
    expect(result.unansweredQueries).toEqual(['q2']);
  });

  test('a judged query without relevant documents scores 0 by default, as trec_eval', () => {
    const qrelsWithEmpty = { q1: ['a'], q2: { b: 0 } };
    const zero = evaluateRun({ q1: ['a'], q2: ['b'] }, qrelsWithEmpty, { measures: ['P@1'] });
    expect(zero.mean['P@1']).toBe(1 / 2);
    expect(zero.noRelevantQueries).toEqual(['q2']);
    const skipped = evaluateRun({ q1: ['a'], q2: ['b'] }, qrelsWithEmpty, { measures: ['P@1'], noRelevant: 'skip' });
    expect(skipped.mean['P@1']).toBe(1);
    expect(skipped.queries).toBe(1);
    expect(Object.keys(skipped.perQuery)).toEqual(['q1']);
    expect(skipped.noRelevantQueries).toEqual(['q2']);
    expect(() => evaluateRun({ q1: ['a'] }, qrelsWithEmpty, { measures: ['P@1'], noRelevant: 'error' })).toThrow(
      'evaluateRun: query `"q2"` (string) has no relevant document in the qrels',
    );
  });

  test('slices give means per label', () => {
    const result = evaluateRun(run, judged, {
      measures: ['mrr'],
      slices: { q1: 'en', q2: ['ru', 'numeric'], q3: ['en'], unjudged: 'en' },
    });
    expect(result.bySlice).toEqual({
      en: { mean: { mrr: (1 + 0) / 2 }, queries: 2 },
      numeric: { mean: { mrr: 1 / 2 }, queries: 1 },
      ru: { mean: { mrr: 1 / 2 }, queries: 1 },
    });
    expect(evaluateRun(run, judged, { measures: ['mrr'] }).bySlice).toEqual({});
  });

  test('takes Maps as well as objects, and scored rankings', () => {
    const result = evaluateRun(
      new Map([['q', [{ id: 'b', score: 1 }, { id: 'a', score: 2 }]]]),
      new Map([['q', new Map([['b', 1]])]]),
      { measures: ['mrr'] },
    );
    expect(result.mean.mrr).toBe(1 / 2);
  });

  test('is JSON-serialisable', () => {
    const result = evaluateRun(run, judged, { measures: ['ndcg@10', 'mrr'], slices: { q1: 'a' } });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  test('a repeated measure name is scored once', () => {
    expect(evaluateRun(run, judged, { measures: ['mrr', 'mrr'] }).mean).toEqual({ mrr: 1 / 2 });
  });

  test.each([
    [{ measures: ['ndgc@10'] }, 'unknown_measure', /^unknown measure `ndgc@10`: did you mean `ndcg@10`\? Names: rankeval `ndcg@10`, ir_measures `nDCG@10`, trec_eval `ndcg_cut.10`$/],
    [{ measures: ['ndcg@0'] }, 'invalid_cutoff', /^measure `ndcg@0`: expected the cutoff after `@` to be a positive integer, got `0`/],
    [{ measures: [] }, 'unknown_measure', /^evaluateRun: expected `measures` to be a non-empty array/],
    [{ measures: ['P@1'], noRelevant: 'ignore' }, 'invalid_option', /`noRelevant`/],
    [{ measures: ['P@1'], slices: { q1: 5 } }, 'invalid_option', /slices\["q1"\]/],
    [{ measures: ['P@1'], slices: 'x' }, 'invalid_option', /`slices`/],
  ])('rejects bad options %#', (options, code, message) => {
    try {
      evaluateRun(run, judged, options as never);
      expect.unreachable();
    } catch (error) {
      expect(isRankevalError(error) && error.code).toBe(code);
      expect((error as Error).message).toMatch(message);
    }
  });

  test('names the query of a bad ranking or bad qrels', () => {
    expect(() => evaluateRun({ q1: ['a', 'a'] }, judged, { measures: ['P@1'] })).toThrow(
      'evaluateRun: duplicate document id `"a"` (string) in run["q1"] at ranks 1 and 2',
    );
    const repeat = caught(() => evaluateRun({ q1: ['a', 'a'] }, judged, { measures: ['P@1'] }));
    expect([repeat.subject, repeat.at, repeat.facts]).toEqual([{ kind: 'argument', argument: 'run' }, { query: 'q1', document: 'a' }, { index: 1 }]);
    expect(() => evaluateRun(run, { q1: { a: NaN } }, { measures: ['P@1'] })).toThrow(
      'evaluateRun: expected the grade of "a" in qrels["q1"] to be a finite number, got `NaN` (number)',
    );
    expect(() => evaluateRun(['a'] as never, judged, { measures: ['P@1'] })).toThrow(/`run`/);
    expect(() => evaluateRun(run, null as never, { measures: ['P@1'] })).toThrow(/`qrels`/);
    expect(() => evaluateRun(run, judged, null as never)).toThrow(/`options`/);
  });

  test('refuses to average nothing', () => {
    expect(() => evaluateRun(run, {}, { measures: ['P@1'] })).toThrow('evaluateRun: no query to average: the qrels hold no query');
    expect(() => evaluateRun(run, { q: [] }, { measures: ['P@1'], noRelevant: 'skip' })).toThrow(/no query to average/);
  });
});

// Keys that an ordinary object treats specially: `__proto__` sets the prototype when assigned, and
// `constructor` and `toString` are found on Object.prototype when missing.
const SPECIAL_KEYS = ['__proto__', 'constructor', 'toString'] as const;
/** An object with own keys exactly as given, `__proto__` included (as JSON.parse makes them). */
const ownKeys = <T>(entries: readonly (readonly [string, T])[]): Record<string, T> => Object.fromEntries(entries);

describe('special keys as query ids, document ids and slice labels', () => {
  test('every query is in perQuery, and the means are over the queries listed there', () => {
    // Before: `perQuery.__proto__ = …` set perQuery's prototype, so the query was missing though counted.
    const run = ownKeys(SPECIAL_KEYS.map((qid, i) => [qid, i === 2 ? ['x', qid] : [qid]]));
    const qrels = ownKeys(SPECIAL_KEYS.map((qid) => [qid, ownKeys([[qid, 1]])]));
    const result = evaluateRun(run, qrels, { measures: ['mrr'], slices: ownKeys(SPECIAL_KEYS.map((qid) => [qid, [...SPECIAL_KEYS]])) });
    expect(Object.keys(result.perQuery).sort()).toEqual([...SPECIAL_KEYS].sort());
    expect(result.perQuery['__proto__']).toEqual({ mrr: 1 });
    expect(result.perQuery['toString']).toEqual({ mrr: 1 / 2 });
    expect(Object.getPrototypeOf(result.perQuery)).toBe(null);
    expect(result.mean.mrr).toBe((1 + 1 + 1 / 2) / 3);
    expect(Object.keys(result.bySlice).sort()).toEqual([...SPECIAL_KEYS].sort());
    for (const label of SPECIAL_KEYS) expect(result.bySlice[label]).toEqual({ mean: { mrr: (1 + 1 + 1 / 2) / 3 }, queries: 3 });
  });

  test('a query id missing from the results reads as undefined, not as an Object.prototype member', () => {
    const result = evaluateRun({ q: ['a'] }, { q: ['a'] }, { measures: ['P@1'] });
    for (const key of SPECIAL_KEYS) expect(result.perQuery[key]).toBeUndefined();
    expect(result.bySlice['constructor']).toBeUndefined();
    expect(result.mean['toString']).toBeUndefined();
  });

  test('a judged query named constructor that the run lacks scores 0, not Object', () => {
    const result = evaluateRun({ q: ['a'] }, ownKeys([['q', ['a']], ['constructor', ['b']]]), { measures: ['P@1'] });
    expect(result.perQuery['constructor']).toEqual({ 'P@1': 0 });
    expect(result.unansweredQueries).toEqual(['constructor']);
  });

  test('as document ids in a ranking and in qrels given as an object', () => {
    const qrels = ownKeys(SPECIAL_KEYS.map((id, i) => [id, i + 1]));
    const result = evaluate([...SPECIAL_KEYS], qrels, 3);
    expect(result).toMatchObject({ relevant: 3, relevantRetrieved: 3, dcg: 1 / Math.log2(2) + 2 / Math.log2(3) + 3 / Math.log2(4) });
    expect(ndcgAtK(['constructor'], { toString: 1 }, 1)).toBe(0);
  });
});

describe('overflow', () => {
  const huge = { a: 1e308, b: 1e308, c: 1e308 };

  test('NDCG of grades near Number.MAX_VALUE is computed: NDCG does not depend on the scale of the gains', () => {
    // Before: DCG and IDCG both overflowed to Infinity, and NDCG was Infinity / Infinity = NaN.
    expect(ndcgAtK(['a', 'b', 'c'], huge, 3)).toBe(1);
    // Gains a power of two apart give the same NDCG to the last bit; others the same to rounding.
    expect(ndcgAtK(['b', 'x'], { a: 3 * 2 ** 1021, b: 2 ** 1023 }, 2)).toBe(ndcgAtK(['b', 'x'], { a: 3, b: 4 }, 2));
    expect(ndcgAtK(['b', 'x'], { a: 1.5e308, b: 1e308 }, 2)).toBeCloseTo(1 / (1.5 + 1 / Math.log2(3)), 14);
    expect(ndcgAtK(['x', 'a'], { a: 1023, b: 1023 }, 2, { gain: 'exponential' })).toBe(ndcgAtK(['x', 'a'], { a: 1, b: 1 }, 2));
    expect(evaluateRun({ q: ['a', 'b', 'c'] }, { q: huge }, { measures: ['ndcg@3'] }).mean['ndcg@3']).toBe(1);
  });

  test('a DCG that exceeds Number.MAX_VALUE is refused, not Infinity', () => {
    const overflow = /DCG exceeds the largest number \(1\.7976931348623157e\+308\): the grades are too large to sum/;
    expect(() => dcgAtK(['a', 'b', 'c'], huge, 3)).toThrow(overflow);
    expect(() => idcgAtK([], huge, 3)).toThrow(/^idcgAtK: IDCG exceeds/);
    expect(() => evaluate(['a', 'b', 'c'], huge, 3)).toThrow(/^evaluate: DCG exceeds/);
    try {
      evaluateRun({ q: ['a', 'b', 'c'] }, { q: huge }, { measures: ['dcg@3'] });
      expect.unreachable();
    } catch (error) {
      expect(isRankevalError(error) && error.code).toBe('invalid_qrels');
      expect((error as Error).message).toMatch(/^evaluateRun: dcg@3 of query `"q"` \(string\) exceeds the largest number/);
    }
  });

  test('DCG below Number.MAX_VALUE is given exactly, whatever the grades', () => {
    expect(dcgAtK(['a', 'b'], { a: 1e308, b: 1e300 }, 2)).toBe(1e308 / Math.log2(2) + 1e300 / Math.log2(3));
    expect(idcgAtK([], { a: 2 ** 1000, b: 2 ** 999 }, 2)).toBe(2 ** 1000 + 2 ** 999 / Math.log2(3));
  });

  test('a mean over queries whose dcg sums past Number.MAX_VALUE is still the mean', () => {
    const result = evaluateRun({ q1: ['a'], q2: ['a'] }, { q1: { a: 1.5e308 }, q2: { a: 1.5e308 } }, { measures: ['dcg@1'] });
    expect(result.mean['dcg@1']).toBe(1.5e308);
  });
});

describe('what is not an option is refused', () => {
  test('an array in place of k is a bad cutoff, not k = Infinity', () => {
    // Before: evaluate(r, q, [5]) read the array as an options object without `k`, so k was Infinity.
    expect(() => evaluate(['a', 'b'], ['b'], [5] as never)).toThrow('evaluate: expected `k` to be a positive integer or Infinity, got `array of 1` (array)');
    expect(() => evaluate(['a', 'b'], ['b'], null as never)).toThrow(/^evaluate: expected `k`/);
    expect(evaluate(['a', 'b'], ['b']).precision).toBe(1 / 2);
  });

  test.each([
    ['evaluate', () => evaluate(['a'], ['a'], { tie: 'average' } as never), '`k`, `relevanceThreshold`, `gain`, `apDenominator`, `ties`'],
    ['precisionAtK', () => precisionAtK(['a'], ['a'], 1, { k: 1 } as never), '`relevanceThreshold`, `gain`, `apDenominator`'],
    ['ndcgAtK', () => ndcgAtK(['a'], ['a'], 1, { gains: 'exponential' } as never), '`relevanceThreshold`, `gain`, `apDenominator`'],
    ['evaluateRun', () => evaluateRun({ q: ['a'] }, { q: ['a'] }, { measures: ['P@1'], measure: 'P@2' } as never), '`measures`, `slices`, `noRelevant`, `checks`, `systemK`, `lengths`, `aspects`, `scoreOrder`, `relevanceThreshold`'],
  ])('%s names the unknown key and lists the known ones', (fn, call, known) => {
    try {
      call();
      expect.unreachable();
    } catch (error) {
      expect(isRankevalError(error) && error.code).toBe('invalid_option');
      expect((error as Error).message).toMatch(new RegExp(`^${fn}: expected every option to be one of .*${known.replace(/[`]/g, '.')}.*, got \`"\\w+"\` \\(string\\)$`));
    }
  });

  test('a Map whose query id is not a string is refused', () => {
    // Before: a null key reached the sort by query id and threw a TypeError there.
    const nullKey = new Map<string, readonly string[]>([[null as never, ['a']], ['q', ['a']], ['r', ['b']]]);
    expect(() => evaluateRun(nullKey, { q: ['a'] }, { measures: ['P@1'] })).toThrow('evaluateRun: expected every query id of `run` to be a string, got `null` (null)');
    expect(() => evaluateRun({ q: ['a'] }, nullKey, { measures: ['P@1'] })).toThrow('evaluateRun: expected every query id of `qrels` to be a string, got `null` (null)');
  });
});

describe('measure names in three grammars', () => {
  const run = { q1: ['a', 'x', 'b'], q2: ['x', 'b'] };
  const judged = { q1: { a: 2, b: 1 }, q2: { b: 1, c: 2 } };

  test('rankeval, ir_measures and trec_eval names of one measure give one number, each keyed as written', () => {
    const result = evaluateRun(run, judged, { measures: ['ndcg@2', 'nDCG@2', 'ndcg_cut.2', 'ndcg_cut_2'] });
    const expected = (ndcgAtK(run.q1, judged.q1, 2) + ndcgAtK(run.q2, judged.q2, 2)) / 2;
    expect(result.mean).toEqual({ 'ndcg@2': expected, 'nDCG@2': expected, 'ndcg_cut.2': expected, 'ndcg_cut_2': expected });
  });

  test('a trec_eval name of several values gives a key per value, as trec_eval prints them', () => {
    const result = evaluateRun(run, judged, { measures: ['P.1,2', 'P_2', 'recip_rank'] });
    expect(result.mean).toEqual({ P_1: (1 + 0) / 2, P_2: (1 / 2 + 1 / 2) / 2, recip_rank: (1 + 1 / 2) / 2 });
    expect(Object.keys(result.perQuery.q1!)).toEqual(['P_1', 'P_2', 'recip_rank']);
  });

  test('parameters of one measure: P(rel=2)@3 counts grade ≥ 2 only', () => {
    const result = evaluateRun(run, judged, { measures: ['P(rel=2)@3', 'p(rel=2)@3'] });
    expect(result.mean).toEqual({ 'P(rel=2)@3': (1 / 3 + 0) / 2, 'p(rel=2)@3': (1 / 3 + 0) / 2 });
  });

  test('runid and the trec_eval groups are refused', () => {
    expect(() => evaluateRun(run, judged, { measures: ['runid'] as string[] })).toThrow(/not a score of a ranking/);
    expect(() => evaluateRun(run, judged, { measures: ['official'] as string[] })).toThrow(/a group of trec_eval measures/);
  });

  test('literal names type the result by those names; run-time strings by string', () => {
    const typed = evaluateRun(run, judged, { measures: ['ndcg@10', 'recall@5'] as const });
    expectTypeOf(typed.mean).toEqualTypeOf<Record<'ndcg@10' | 'recall@5', number>>();
    expectTypeOf(typed.mean['ndcg@10']).toEqualTypeOf<number>();
    expectTypeOf(typed.perQuery).toEqualTypeOf<Record<string, Record<'ndcg@10' | 'recall@5', number>>>();
    const inline = evaluateRun(run, judged, { measures: ['P@5', "nDCG(dcg='exp-log2')@10", 'ndcg_cut.10'] });
    expectTypeOf(inline.mean).toEqualTypeOf<Record<'P@5' | "nDCG(dcg='exp-log2')@10" | 'ndcg_cut.10', number>>();
    const several = evaluateRun(run, judged, { measures: ['P.5,10'] });
    expectTypeOf(several.mean).toEqualTypeOf<Record<string, number>>();
    const names: string[] = ['ndcg@10'];
    const loose = evaluateRun(run, judged, { measures: names });
    expectTypeOf(loose.mean).toEqualTypeOf<Record<string, number>>();
    expectTypeOf(loose.mean['ndcg@10']).toEqualTypeOf<number | undefined>();
    expect(typed.mean['ndcg@10']).toBe(loose.mean['ndcg@10']);
  });

  test('a misspelt literal name is a type error (and a run-time one)', () => {
    // @ts-expect-error 'ndgc@10' is not a measure name
    expect(() => evaluateRun(run, judged, { measures: ['ndgc@10'] })).toThrow(/did you mean `ndcg@10`/);
    // @ts-expect-error bpref takes no cutoff
    expect(() => evaluateRun(run, judged, { measures: ['recall@5', 'bpref@10'] as const })).toThrow(/bpref has no cutoff/);
  });
});

describe('evaluateRun: mergeable', () => {
  test('holds every query the checks found, the deepest ranking, the modes and the labels of the scored queries', () => {
    // q1 and q2 rank their own ids; q3's scores all tie; q4 is judged but not answered; q5 has no relevant document.
    const run = {
      q1: ['q1', 'a', 'b'],
      q2: ['x', 'q2'],
      q3: [
        { id: 'c', score: 1 },
        { id: 'd', score: 1 },
      ],
      q9: ['a', 'b', 'c', 'd', 'e', 'f'],
    };
    const qrels = { q1: { a: 1 }, q2: { x: 1 }, q3: { c: 1 }, q4: { a: 1 }, q5: { a: 0 } };
    const slices = { q1: 'en', q2: [], q3: ['en', 'ru'], q5: 'ru', q8: 'de' };
    const result = evaluateRun(run, qrels, { measures: ['P@5'], slices, noRelevant: 'skip', checks: { queryInRanking: 'off' } });
    expect(result.mergeable).toEqual({
      // q9's six documents are not scored (q9 is not judged): the deepest scored ranking is q1's.
      deepestRanking: 3,
      queriesInRanking: ['q1', 'q2'],
      tiedQueries: ['q3'],
      checks: { queryInRanking: 'off', cutoffBeyondRun: 'warn', allScoresTied: 'warn' },
      // q2 has no label, q5 is skipped, q8 is not judged.
      slices: { q1: ['en'], q3: ['en', 'ru'] },
      // Within P@5's top 5 of the scored queries (3 + 2 + 2 documents): q1's q1 and b, q2's q2, q3's d are unjudged.
      unjudgedDocuments: { depth: 5, retrieved: 3 + 2 + 2, byQuery: { q1: 2, q2: 1, q3: 1 } },
    });
    expect(Object.getPrototypeOf(result.mergeable.slices)).toBe(null);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['unanswered_queries', 'unjudged_queries', 'no_relevant_queries', 'unjudged_documents', 'cutoff_beyond_run', 'all_scores_tied']);
  });

  test("under ties: 'given' no ranking is tied (scores order nothing)", () => {
    const result = evaluateRun({ q: [{ id: 'a', score: 1 }, { id: 'b', score: 1 }] }, { q: { a: 1 } }, { measures: ['P@1'], ties: 'given' });
    expect(result.mergeable.tiedQueries).toEqual([]);
  });
});

describe('evaluate, called at many cutoffs in turns', () => {
  // Each cutoff's plan is kept (the 64 latest): calls at 70 cutoffs, forwards then backwards, cycle past
  // that, and every call must give what the metric functions give at its own k.
  test('gives at each cutoff what the metric functions give there, whatever cutoff came before', () => {
    const ranks = Array.from({ length: 70 }, (_, i) => i + 1);
    for (const k of [...ranks, ...ranks.reverse()]) {
      const values = evaluate(ranking, qrels, k);
      expect([values.precision, values.recall, values.ndcg, values.dcg, values.averagePrecision]).toStrictEqual([
        precisionAtK(ranking, qrels, k),
        recallAtK(ranking, qrels, k),
        ndcgAtK(ranking, qrels, k),
        dcgAtK(ranking, qrels, k),
        averagePrecision(ranking, qrels, k),
      ]);
    }
  });
});
