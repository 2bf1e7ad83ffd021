// The values a query can score on each measure (the catalogue's `values`, read by src/measures/values.ts):
// hand-worked cases of each step, and the law that makes them safe to enforce — every value evaluateRun
// gives, on any input, under any parameters and conventions, is one the catalogue allows, so that
// mergeEvaluations never refuses a real result.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evaluateRun, isRankevalError, mergeEvaluations, type EvaluateRunOptions, type RunEvaluation } from '../../src/index.js';
import { averagesTies, measureDefinitions, valuesOf, type MeasureDefinition } from '../../src/measures/catalogue.js';
import type { MeasureParams } from '../../src/measures/context.js';
import type { Ranking } from '../../src/core/types.js';
import { formatMeasure, parseMeasure } from '../../src/measures/registry.js';
import { canScore, describeValues, emptyRankingValue, noRelevantValue, possibleValues } from '../../src/measures/values.js';

describe('canScore', () => {
  test('P@k takes i/k for i = 0…k, to within rounding; without a cutoff or with a budget any share', () => {
    expect([0, 1].map((v) => canScore(v, parseMeasure('P@1'), 'trec'))).toEqual([true, true]);
    expect(canScore(0.123456, parseMeasure('P@1'), 'trec')).toBe(false);
    expect(canScore(0.5, parseMeasure('P@1'), 'trec')).toBe(false);
    expect(canScore(3 / 7, parseMeasure('P@7'), 'trec')).toBe(true);
    // 0.1 + 0.2 is 0.30000000000000004: a sum of tenths is a multiple of 1/10 to within rounding.
    expect(canScore(0.1 + 0.2, parseMeasure('P@10'), 'given')).toBe(true);
    expect(canScore(0.35, parseMeasure('P@10'), 'trec')).toBe(false);
    expect(canScore(0.123456, parseMeasure('P'), 'trec')).toBe(true);
    expect(canScore(0.123456, parseMeasure('P@budget=100'), 'trec')).toBe(true);
    expect(canScore(42, parseMeasure('P@1'), 'trec')).toBe(false);
    expect(canScore(-0.5, parseMeasure('P'), 'trec')).toBe(false);
  });

  test('under ties average a value is an expectation over orders: no step, save the counts', () => {
    expect(canScore(0.123456, parseMeasure('P@1'), 'average')).toBe(true);
    expect(canScore(0.5, parseMeasure('success@3'), 'average')).toBe(true);
    expect(canScore(0.4, parseMeasure('mrr'), 'average')).toBe(true);
    expect(canScore(2.5, parseMeasure('num_ret'), 'average')).toBe(false);
    expect(canScore(1.5, parseMeasure('P@1'), 'average')).toBe(false);
  });

  test('success and all_aspects are 0 or 1; RR is 0 or 1/r for a rank r within the cutoff', () => {
    expect([0, 1, 0.5].map((v) => canScore(v, parseMeasure('success@5'), 'trec'))).toEqual([true, true, false]);
    expect([0, 1, 0.5].map((v) => canScore(v, parseMeasure('all_aspects@5'), 'trec'))).toEqual([true, true, false]);
    expect([0, 1, 1 / 2, 1 / 3, 1 / 10, 1 / 11, 0.4].map((v) => canScore(v, parseMeasure('mrr@10'), 'trec'))).toEqual([true, true, true, true, true, false, false]);
    expect(canScore(1 / 1000, parseMeasure('recip_rank'), 'trec')).toBe(true);
    expect(canScore(1e-300, parseMeasure('recip_rank'), 'trec')).toBe(false);
  });

  test('counts are integers ≥ 0 no larger than 2^53 − 1; sums of gains any finite number ≥ 0; utility any finite number', () => {
    expect([0, 7, 2.5, -1, 2 ** 53].map((v) => canScore(v, parseMeasure('num_ret'), 'trec'))).toEqual([true, true, false, false, false]);
    expect([0, 4.76, 1e308, -1].map((v) => canScore(v, parseMeasure('dcg@10'), 'trec'))).toEqual([true, true, true, false]);
    expect([-1e308, 0, 1e308].map((v) => canScore(v, parseMeasure('utility'), 'trec'))).toEqual([true, true, true]);
    expect([Infinity, NaN].map((v) => canScore(v, parseMeasure('utility'), 'trec'))).toEqual([false, false]);
  });

  test('NDCG is in [0, 1] on the grades; ≥ 0 with a gain table (the ideal it walks can be beaten), any number with a negative gain', () => {
    expect([-5, 1.5, 0.7].map((v) => canScore(v, parseMeasure('ndcg@10'), 'trec'))).toEqual([false, false, true]);
    expect(canScore(-0.96, parseMeasure('ndcg(gains={0:0,1:-1,2:-3})@3'), 'trec')).toBe(true);
    expect(canScore(-0.96, parseMeasure('ndcg(gains={0:0,1:1,2:3})@3'), 'trec')).toBe(false);
    expect(canScore(1.44, parseMeasure('ndcg(gains={0:0,1:1,2:3})@3'), 'trec')).toBe(true);
  });

  test('the values in words, for messages', () => {
    expect(describeValues(parseMeasure('P@5'), 'trec')).toBe('a multiple of 1/5 in [0, 1]');
    expect(describeValues(parseMeasure('P@5'), 'average')).toBe('a number in [0, 1]');
    expect(describeValues(parseMeasure('success@5'), 'trec')).toBe('0 or 1');
    expect(describeValues(parseMeasure('mrr@10'), 'trec')).toBe('0 or 1/r for a rank r ≤ 10');
    expect(describeValues(parseMeasure('mrr'), 'trec')).toBe('0 or 1/r for a rank r');
    expect(describeValues(parseMeasure('num_ret'), 'trec')).toBe('an integer in [0, 9007199254740991]');
    expect(describeValues(parseMeasure('dcg@10'), 'trec')).toBe('a finite number ≥ 0');
    expect(describeValues(parseMeasure('utility'), 'trec')).toBe('a finite number');
  });

  test('a query without relevant document scores 0 on the shares of the relevant, where the measure reads the threshold or a higher level', () => {
    expect(noRelevantValue(parseMeasure('P@1'), 1)).toBe(0);
    expect(noRelevantValue(parseMeasure('P(rel=2)@1'), 1)).toBe(0);
    expect(noRelevantValue(parseMeasure('P(rel=0)@1'), 1)).toBeUndefined();
    expect(noRelevantValue(parseMeasure('P(rel=-1)@1'), 0)).toBe(0);
    expect(noRelevantValue(parseMeasure('num_ret'), 1)).toBeUndefined();
    expect(noRelevantValue(parseMeasure('num_ret(rel=1)'), 1)).toBe(0);
    // Grades below the threshold still have gain, and fall-out counts the non-relevant.
    expect(noRelevantValue(parseMeasure('ndcg@10'), 1)).toBeUndefined();
    expect(noRelevantValue(parseMeasure('fall_out@10'), 1)).toBeUndefined();
  });

  test('an empty ranking (a query the run does not answer) scores 0, save judged@k (1 − unj@k), and what reads the judgments', () => {
    expect(['P@5', 'ndcg@10', 'ndcg(gains={0:0,1:-1})', 'dcg', 'num_ret', 'tokens@5', 'rbp_resid', 'err_ia@5'].map((name) => emptyRankingValue(parseMeasure(name)))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(emptyRankingValue(parseMeasure('judged@10'))).toBe(1);
    expect(['idcg', 'num_rel', 'miss@5', 'utility'].map((name) => emptyRankingValue(parseMeasure(name)))).toEqual([undefined, undefined, undefined, undefined]);
  });

  test("the catalogue's `bounded` is read from `values`: in [0, 1] under the default parameters", () => {
    for (const definition of measureDefinitions) {
      const { min, max } = valuesOf(definition, { ...definition.defaults, cutoff: Infinity });
      expect(definition.bounded, definition.name).toBe(min >= 0 && max <= 1);
    }
  });
});

// ------------------------------------------------------------------------------------------ the law

const DOCUMENTS = Array.from({ length: 10 }, (_, i) => `d${i}`);
const QUERIES = ['q1', 'q2', 'q3', 'q4', '10'];
const document = fc.constantFrom(...DOCUMENTS);
/** A ranking of ids, or of scored documents whose scores often tie. */
const ranking = fc.oneof(
  fc.uniqueArray(document, { maxLength: 10 }),
  fc.uniqueArray(fc.record({ id: document, score: fc.integer({ min: 0, max: 2 }) }), { selector: (d) => d.id, maxLength: 10 }),
);
/** Grades −1 … 3, and a fractional one (below a threshold of 1, it has gain but is not relevant). */
const judgments = fc.dictionary(document, fc.constantFrom(-1, 0, 0.5, 1, 2, 3), { maxKeys: 8 });

/**
 * A relevance level: the grades' own (0 … 3), below every grade (negative: read as 0, never as taking the
 * unjudged for relevant), between grades, and above them all (nothing relevant).
 */
const level = fc.oneof(fc.integer({ min: -3, max: 4 }), fc.constantFrom(-0.5, 0.5, 1.5, 2.5, 1e6));

/** Every parameter a measure may take, drawn; those it does not take are dropped (`paramsFor`). */
const drawnParams = fc.record({
  cutoff: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(Infinity)),
  rel: fc.option(level, { nil: undefined }),
  judgedOnly: fc.option(fc.boolean(), { nil: undefined }),
  gain: fc.constantFrom(undefined, 'linear' as const, 'exponential' as const),
  gains: fc.option(fc.array(fc.integer({ min: -2, max: 4 }), { minLength: 4, maxLength: 4 }), { nil: undefined }),
  p: fc.constantFrom(undefined, 0.5, 0.95),
  beta: fc.constantFrom(undefined, 0, 0.5, 2),
  alpha: fc.constantFrom(undefined, 0, 0.5, 1),
  desiredGain: fc.constantFrom(undefined, 1, 3),
  coefficients: fc.constantFrom(undefined, [2, -1, 0.5, 0]),
  points: fc.constantFrom(undefined, [0, 0.5]),
  budget: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
  point: fc.constantFrom(0, 0.3, 0.5, 1),
  multiple: fc.constantFrom(0.5, 1, 2),
});

/** The parameters drawn (the test below names one of each). */
interface Drawn {
  readonly cutoff: number;
  readonly rel: number | undefined;
  readonly judgedOnly: boolean | undefined;
  readonly gain: 'linear' | 'exponential' | undefined;
  readonly gains: readonly number[] | undefined;
  readonly p: number | undefined;
  readonly beta: number | undefined;
  readonly alpha: number | undefined;
  readonly desiredGain: number | undefined;
  readonly coefficients: readonly number[] | undefined;
  readonly points: readonly number[] | undefined;
  readonly budget: number | undefined;
  readonly point: number;
  readonly multiple: number;
}

/** The drawn parameters this measure takes, as a name: `P(rel=2,judged_only=True)@5`, `iprec@0.3`. */
function nameFor(definition: MeasureDefinition, drawn: Drawn): string {
  const takes = (key: string): boolean => (definition.params as readonly string[]).includes(key);
  const params: Record<string, unknown> = { ...definition.defaults };
  for (const key of ['rel', 'judgedOnly', 'gain', 'p', 'beta', 'alpha', 'desiredGain', 'coefficients', 'points'] as const) {
    if (takes(key) && drawn[key] !== undefined) params[key] = drawn[key];
  }

  if (takes('gains') && drawn.gains !== undefined) params['gains'] = drawn.gains.map((gain, level) => ({ name: String(level), level, gain }));
  // The grades drawn reach 3: the scale of ERR, NERR and INST.
  if (takes('maxGrade')) params['maxGrade'] = 3;
  let cutoff = definition.at === 'k' ? drawn.cutoff : Infinity;
  if (takes('budget') && drawn.budget !== undefined) {
    params['budget'] = drawn.budget;
    cutoff = Infinity;
  }
  if (definition.at === 'recall') params['point'] = drawn.point;
  if (definition.at === 'multiple') params['point'] = drawn.multiple;
  // ERR-IA with α = 0 needs a cutoff (see the catalogue's refuse).
  if (definition.name === 'err_ia' && params['alpha'] === 0 && cutoff === Infinity) cutoff = 5;
  return formatMeasure({ definition, cutoff, params: { ...params, cutoff } as MeasureParams });
}

const scenario = fc.record({
  queries: fc.array(fc.tuple(fc.option(ranking, { nil: undefined }), fc.option(judgments, { nil: undefined }), fc.subarray(['en', 'ru'])), {
    minLength: QUERIES.length,
    maxLength: QUERIES.length,
  }),
  measures: fc.array(fc.tuple(fc.constantFrom(...measureDefinitions), drawnParams), { minLength: 1, maxLength: 6 }),
  ties: fc.constantFrom('trec' as const, 'given' as const, 'average' as const),
  gain: fc.constantFrom('linear' as const, 'exponential' as const),
  relevanceThreshold: level,
  noRelevant: fc.constantFrom('zero' as const, 'skip' as const, 'error' as const),
  apDenominator: fc.constantFrom('relevant' as const, 'min-relevant-k' as const),
  systemK: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
});

/** Every measure in the catalogue appears among the names drawn (so a measure added later is drawn too). */
const everyMeasure = measureDefinitions.map((definition) => definition.name);

describe('the values evaluateRun gives are those the catalogue declares', () => {
  test.prop([scenario], { numRuns: 300 })(
    'any evaluateRun result, and its JSON, merges without refusal (every measure, relevance levels and thresholds negative, fractional or above every grade, cutoffs, budgets, gain tables, tie rules, no-relevant modes, tags, systemK)',
    ({ queries, measures, ties, gain, relevanceThreshold, noRelevant, apDenominator, systemK }) => {
      const run: Record<string, Ranking> = {};
      const qrels: Record<string, Record<string, number>> = {};
      const slices: Record<string, string[]> = {};
      const aspects: Record<string, Record<string, Record<string, number>>> = {};
      queries.forEach(([queryRanking, queryJudgments, tags], i) => {
        const qid = QUERIES[i]!;
        if (queryRanking !== undefined) run[qid] = queryRanking;
        if (queryJudgments !== undefined) {
          qrels[qid] = queryJudgments;
          slices[qid] = tags;
          // Two aspects of the judged documents (by parity), for every other query.
          if (i % 2 === 0) {
            const [even, odd] = [{} as Record<string, number>, {} as Record<string, number>];
            for (const [id, grade] of Object.entries(queryJudgments)) (Number(id.slice(1)) % 2 === 0 ? even : odd)[id] = grade;
            aspects[qid] = { even, odd };
          }
        }
      });
      // Under ties: 'average', only the measures with a tie-averaged form (evaluateRun refuses the others).
      const names = [
        ...new Set(
          measures
            .map(([definition, drawn]) => nameFor(definition, drawn))
            .filter((name) => ties !== 'average' || averagesTies(parseMeasure(name).definition, parseMeasure(name).params)),
        ),
      ];
      fc.pre(names.length > 0);
      const options: EvaluateRunOptions = {
        measures: names,
        ties,
        gain,
        relevanceThreshold,
        noRelevant,
        apDenominator,
        slices,
        aspects,
        lengths: Object.fromEntries(DOCUMENTS.map((id, i) => [id, 5 + 3 * i])),
        ...(systemK === undefined ? {} : { systemK: { k: systemK, mode: 'warn' as const } }),
      };
      let result: RunEvaluation;
      try {
        result = evaluateRun(run, qrels, options);
      } catch (error) {
        // Inputs evaluateRun rightly refuses: nothing judged or left to average, a query without relevant document under 'error'.
        if (isRankevalError(error) && ['no_queries', 'no_relevant'].includes(error.code)) return;
        throw error;
      }
      expect(() => mergeEvaluations([result])).not.toThrow();
      expect(() => mergeEvaluations([JSON.parse(JSON.stringify(result)) as RunEvaluation])).not.toThrow();
    },
  );

  test('the names drawn reach every measure of the catalogue, each parsed back', () => {
    const drawn = { cutoff: 5, rel: 2, judgedOnly: true, gain: 'exponential' as const, gains: [0, 1, 2, 3], p: 0.5, beta: 0.5, alpha: 0.5, desiredGain: 1, coefficients: [2, -1, 0.5, 0], points: [0, 0.5], budget: 20, point: 0.5, multiple: 2 };
    const names = measureDefinitions.map((definition) => nameFor(definition, drawn));
    expect(names.map((name) => parseMeasure(name).definition.name)).toEqual(everyMeasure);
    expect(names.every((name) => possibleValues(parseMeasure(name), 'trec').max >= 1)).toBe(true);
  });
});
