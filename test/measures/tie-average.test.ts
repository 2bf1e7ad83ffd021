// `ties: 'average'` through the catalogue and the shared context: every measure marked `tieAverage` gives,
// from the tie groups, the mean of its values over every order of each tie group (brute force).
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { averagesTies, measureDefinitions, type MeasureDefinition } from '../../src/measures/catalogue.js';
import { createQueryContext, type ContextSettings, type MeasureParams, type QueryContext } from '../../src/measures/context.js';
import { judgedHits } from '../../src/metrics/counts.js';
import { indexIds } from '../../src/core/id-index.js';
import { orderRanking, type TieGroup } from '../../src/core/ordering.js';
import { readJudgments } from '../../src/core/judgments.js';
import { resolveOptions } from '../../src/core/metric-options.js';
import { tieAveragedErr } from '../../src/metrics/expected-reciprocal-rank.js';
import type { Gain, ScoredDocument } from '../../src/core/types.js';

const POOL = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

/** Up to 7 scored documents, scores from three values so that ties are common; grades −1 … 3 over a wider pool. */
const tiedQuery = fc.record({
  ranking: fc.uniqueArray(fc.constantFrom(...POOL.slice(0, 8)), { minLength: 1, maxLength: 7 }).chain((ids) =>
    fc.tuple(...ids.map((id) => fc.integer({ min: 1, max: 3 }).map((score): ScoredDocument => ({ id, score })))),
  ),
  qrels: fc.dictionary(fc.constantFrom(...POOL), fc.integer({ min: -1, max: 3 }), { maxKeys: 9 }),
});

/** Every arrangement of the ranking (in its averaged rank order) that permutes documents within tie groups only. */
function arrangements(ranking: readonly ScoredDocument[]): ScoredDocument[][] {
  const { ids, tieGroups } = orderRanking(ranking, 'test', 'the ranking', 'average');
  const byId = new Map(ranking.map((document) => [document.id, document]));
  const ordered = (ids as string[]).map((id) => byId.get(id)!);
  let all: ScoredDocument[][] = [ordered];
  for (const { start, size } of tieGroups ?? []) {
    all = all.flatMap((arrangement) =>
      permutations(arrangement.slice(start - 1, start - 1 + size)).map((group) => [...arrangement.slice(0, start - 1), ...group, ...arrangement.slice(start - 1 + size)]),
    );
  }
  return all;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const CUTOFFS = [1, 2, 3, 5, Infinity];

function contextOf(ranking: readonly ScoredDocument[], qrels: Record<string, number>, ties: 'given' | 'average', gain: Gain): QueryContext {
  const options = resolveOptions({ gain, ties }, 'test');
  const judgments = readJudgments(qrels, 1, 'test');
  const { ids, tieGroups } = orderRanking(ranking, 'test', 'the ranking', ties);
  const hits = judgedHits(indexIds(ids, 'test', 'the ranking'), judgments);
  const settings: ContextSettings = { options, relevanceLevel: 1, cutoffs: CUTOFFS, numDocsInColl: 0, version: 9, needsGain: true, fn: 'test' };
  const grades = [...judgments.grades.values()];
  return createQueryContext(tieGroups === undefined ? { length: ids.length, hits, grades } : { length: ids.length, hits, grades, tieGroups }, settings);
}

/** The parameterisations tried: every cutoff, a second relevance level, and the condensed list. */
function paramsFor(definition: MeasureDefinition): MeasureParams[] {
  const cutoffs = definition.at === 'k' ? CUTOFFS : [Infinity];
  const variants: MeasureParams[] = cutoffs.map((cutoff) => ({ ...definition.defaults, cutoff }));
  if (definition.params.includes('rel')) variants.push(...cutoffs.map((cutoff) => ({ ...definition.defaults, cutoff, rel: 2 })));
  if (definition.params.includes('judgedOnly')) variants.push(...cutoffs.map((cutoff) => ({ ...definition.defaults, cutoff, judgedOnly: true })));
  return variants.filter((params) => averagesTies(definition, params));
}

const averaged = measureDefinitions.filter((definition) => definition.tieAverage);

function valuesOf(context: QueryContext, definition: MeasureDefinition, params: readonly MeasureParams[]): Float64Array {
  const out = new Float64Array(params.length);
  definition.compute(context, params, out, 0);
  return out;
}

/** Equal to within 1e-12, relative to the larger magnitude (DCG may exceed 1). */
const close = (actual: number, expected: number): boolean => Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected));

describe("ties: 'average'", () => {
  test('is offered by the count measures and the set measures', () => {
    expect(averaged.map((definition) => definition.name)).toEqual(
      expect.arrayContaining(['P', 'recall', 'f1', 'success', 'mrr', 'map', 'R-prec', 'dcg', 'ndcg', 'context_precision', 'num_rel_ret']),
    );
    for (const name of ['bpref', 'infAP', 'iprec', 'G', 'relative_P', 'judged']) {
      expect(measureDefinitions.find((definition) => definition.name === name)!.tieAverage).toBe(false);
    }
  });

  test.prop([tiedQuery, fc.constantFrom<Gain>('linear', 'exponential')])(
    'every tie-averaging measure equals the mean of its values over all orders of the tie groups',
    ({ ranking, qrels }, gain) => {
      const context = contextOf(ranking, qrels, 'average', gain);
      const orders = arrangements(ranking).map((arrangement) => contextOf(arrangement, qrels, 'given', gain));
      for (const definition of averaged) {
        const params = paramsFor(definition);
        const got = valuesOf(context, definition, params);
        const brute = new Float64Array(params.length);
        for (const order of orders) valuesOf(order, definition, params).forEach((value, i) => (brute[i]! += value / orders.length));
        params.forEach((instance, i) => {
          if (!close(got[i]!, brute[i]!)) expect({ measure: definition.name, params: instance, value: got[i] }).toEqual({ measure: definition.name, params: instance, value: brute[i] });
        });
      }
    },
  );

  test.prop([tiedQuery, fc.integer({ min: 1, max: 4 }), fc.constantFrom(1, 2, 3, 7)])(
    'ERR equals the mean of ERR over all orders of the tie groups',
    ({ ranking, qrels }, maxGrade, cutoff) => {
      const stop = (grade: number): number => (grade <= 0 ? 0 : (2 ** grade - 1) / 2 ** maxGrade);
      const gradesOf = (arrangement: readonly ScoredDocument[]): number[] => arrangement.map(({ id }) => qrels[id] ?? 0);
      const { tieGroups } = orderRanking(ranking, 'test', 'the ranking', 'average');
      const orders = arrangements(ranking);
      const brute = orders.reduce((sum, order) => sum + err(gradesOf(order), cutoff, stop), 0) / orders.length;
      expect(close(tieAveragedErr(gradesOf(orders[0]!), tieGroups ?? [], cutoff, stop), brute)).toBe(true);
    },
  );

  test('ERR of two tied documents with R = 1/2 and 0 is the mean of its two orders, ((1/2)/1 + (1/2)/2) / 2', () => {
    const stop = (grade: number): number => (grade <= 0 ? 0 : (2 ** grade - 1) / 2);
    const groups: TieGroup[] = [{ start: 1, size: 2 }];
    expect(tieAveragedErr([1, 0], groups, Infinity, stop)).toBeCloseTo((1 / 2 / 1 + 1 / 2 / 2) / 2, 15);
    expect(tieAveragedErr([0, 1], groups, Infinity, stop)).toBeCloseTo((1 / 2 / 1 + 1 / 2 / 2) / 2, 15);
    // Cut at 1: only the order with the stopping document first counts, (1/2) / 2.
    expect(tieAveragedErr([0, 1], groups, 1, stop)).toBeCloseTo(1 / 2 / 2, 15);
  });

  test('ERR of a large tie group stays finite and in [0, 1] (no binomial coefficients)', () => {
    const stop = (grade: number): number => (grade <= 0 ? 0 : (2 ** grade - 1) / 16);
    const grades = Array.from({ length: 3000 }, (_, i) => i % 5);
    const value = tieAveragedErr(grades, [{ start: 1, size: 3000 }], 1000, stop);
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThanOrEqual(1);
  });
});

/** ERR@k as its definition writes it, for the brute force. */
function err(grades: readonly number[], cutoff: number, stop: (grade: number) => number): number {
  let value = 0;
  let survival = 1;
  for (let i = 0; i < Math.min(grades.length, cutoff); i++) {
    value += (survival * stop(grades[i]!)) / (i + 1);
    survival *= 1 - stop(grades[i]!);
  }
  return value;
}
