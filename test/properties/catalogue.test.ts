// Laws of the catalogue's measures, through evaluateRun where the measure-name parser spells the measure and
// through the catalogue's compute (on the context evaluateRun builds) where it needs a recall level or a
// multiple of R.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { definitionNamed, measureDefinitions, type MeasureDefinition } from '../../src/measures/catalogue.js';
import { interpolatedPrecisions } from '../../src/metrics/interpolated-precision.js';
import { computeWith, contextOf } from '../helpers/query-context.js';
import { qrels, ranking, threshold } from './arbitraries.js';

type Qrels = Record<string, number>;

/** A measure's value for one query: evaluateRun by name, or the catalogue's compute with a level. */
function valueOf(definition: MeasureDefinition, docs: readonly string[], judged: Qrels, relevanceThreshold: number, cutoff: number, point: number): number {
  if (definition.at === 'recall' || definition.at === 'multiple') {
    return computeWith(definition, contextOf([...docs], judged, relevanceThreshold), [{ ...definition.defaults, cutoff: Infinity, point }])[0]!;
  }
  // NERR and INST have no default scale (ir_measures requires max_rel); the grades here reach 3.
  if (definition.params.includes('maxGrade') && definition.defaults.maxGrade === undefined) {
    return computeWith(definition, contextOf([...docs], judged, relevanceThreshold, [cutoff]), [{ ...definition.defaults, cutoff, maxGrade: 3 }])[0]!;
  }
  const name = definition.at === 'k' && cutoff !== Infinity ? `${definition.name}@${cutoff}` : definition.name;
  return evaluateRun({ q: [...docs] }, { q: judged }, { measures: [name], relevanceThreshold, lengths: LENGTHS, aspects: { q: aspectsOf(judged) } }).perQuery.q![name]!;
}

/** Two aspects of the judged documents, for the aspect measures: those of even number, and the others. */
function aspectsOf(judged: Qrels): Record<string, Qrels> {
  const aspects: Record<string, Qrels> = { even: {}, odd: {} };
  for (const [id, grade] of Object.entries(judged)) aspects[Number(id.slice(1)) % 2 === 0 ? 'even' : 'odd']![id] = grade;
  return aspects;
}

/** A length in tokens for every id below (tokens@k reads them). */
const LENGTHS = Object.fromEntries([...Array.from({ length: 16 }, (_, i) => `d${i}`), ...Array.from({ length: 12 }, (_, i) => `u${i}`)].map((id, i) => [id, 10 + i]));

const cutoff = fc.oneof(fc.integer({ min: 1, max: 25 }), fc.constant(Infinity));
const recallLevel = fc.double({ min: 0, max: 1, noNaN: true });
/** Grades −2 … 3 (negative: pooled but unjudged, as trec_eval reads them). */
const judgments = fc.dictionary(fc.constantFrom(...Array.from({ length: 16 }, (_, i) => `d${i}`)), fc.integer({ min: -2, max: 3 }), { maxKeys: 12 });
/** Ids the qrels never hold. */
const unjudgedRanking = fc.uniqueArray(fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `u${i}`)), { minLength: 1, maxLength: 12 });

const bounded = measureDefinitions.filter((definition) => definition.bounded);

describe('catalogue laws', () => {
  test('the measures the brief names as bounded are marked bounded in the catalogue', () => {
    const names = ['bpref', 'infAP', 'iprec', '11pt_avg', 'binG', 'G', 'ndcg_rel', 'relative_P', 'set_relative_P', 'set_map', 'judged', 'unj'];
    expect(names.filter((name) => !definitionNamed(name).bounded)).toEqual([]);
  });

  test.prop([ranking, qrels, threshold, cutoff, recallLevel])('every measure the catalogue marks bounded lies in [0, 1]', (docs, judged, level, k, point) => {
    for (const definition of bounded) {
      const value = valueOf(definition, docs, judged, level, k, definition.at === 'multiple' ? point * 3 : point);
      expect(value, definition.name).toBeGreaterThanOrEqual(0);
      expect(value, definition.name).toBeLessThanOrEqual(1);
    }
  });

  test.prop([
    fc.uniqueArray(fc.constantFrom(...Array.from({ length: 16 }, (_, i) => `d${i}`)), { maxLength: 16 }),
    fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 16, maxLength: 16 }),
    fc.integer({ min: 0, max: 4 }),
  ])('with complete judgments (every retrieved document graded ≥ 0), infAP equals AP up to its smoothing ε = 0.00001', (docs, grades, extra) => {
    const judged: Qrels = {};
    docs.forEach((id, i) => (judged[id] = grades[i]!));
    for (let i = 0; i < extra; i++) judged[`unretrieved${i}`] = grades[15 - i]!;
    const { perQuery } = evaluateRun({ q: docs }, { q: judged }, { measures: ['infAP', 'map'] });
    expect(Math.abs(perQuery.q!.infAP! - perQuery.q!.map!)).toBeLessThanOrEqual(0.00001);
  });

  test.prop([ranking, qrels, threshold, fc.array(recallLevel, { minLength: 2, maxLength: 6 }), fc.constantFrom(9 as const, 10 as const)])(
    'interpolated precision never increases with the recall level (trec_eval 9 and 10 roundings)',
    (docs, judged, level, levels, version) => {
      const points = [...levels].sort((a, b) => a - b);
      const values = interpolatedPrecisions(contextOf(docs, judged, level).query, Math.max(level, 0), points, version);
      for (let i = 1; i < values.length; i++) expect(values[i]!).toBeLessThanOrEqual(values[i - 1]!);
    },
  );

  test.prop([ranking, qrels, threshold, fc.integer({ min: 1, max: 25 })])('relative_P@k is at least P@k (min(k, R) ≤ k)', (docs, judged, level, k) => {
    const scores = evaluateRun({ q: docs }, { q: judged }, { measures: [`relative_P@${k}`, `P@${k}`], relevanceThreshold: level }).perQuery.q!;
    expect(scores[`relative_P@${k}`]!).toBeGreaterThanOrEqual(scores[`P@${k}`]!);
  });

  test.prop([ranking, qrels, cutoff])('judged@k + unj@k = 1', (docs, judged, k) => {
    const names = k === Infinity ? ['judged', 'unj'] : [`judged@${k}`, `unj@${k}`];
    const scores = evaluateRun({ q: docs }, { q: judged }, { measures: names }).perQuery.q!;
    expect(scores[names[0]!]! + scores[names[1]!]!).toBeCloseTo(1, 12);
  });
});

describe('every catalogue measure is a finite number on degenerate rankings', () => {
  test.prop([judgments, threshold, cutoff, recallLevel])('a judged query the run does not answer (empty ranking)', (judged, level, k, point) => {
    for (const definition of measureDefinitions) {
      const value = valueOf(definition, [], judged, level, k, definition.at === 'multiple' ? point * 3 : point);
      expect(Number.isFinite(value), `${definition.name}: ${value}`).toBe(true);
    }
    // And through evaluateRun's own path for a query absent from the run, every measure at once.
    const names: string[] = measureDefinitions
      .filter((definition) => (definition.at === 'k' || definition.at === 'none') && !(definition.params.includes('maxGrade') && definition.defaults.maxGrade === undefined))
      .map((definition) => definition.name);
    const result = evaluateRun({}, { q: judged }, { measures: names, relevanceThreshold: level, lengths: LENGTHS, aspects: { q: aspectsOf(judged) } });
    for (const name of names) expect(Number.isFinite(result.perQuery.q![name]!), name).toBe(true);
  });

  test.prop([unjudgedRanking, judgments, threshold, cutoff, recallLevel])('a ranking with no judged document', (docs, judged, level, k, point) => {
    for (const definition of measureDefinitions) {
      const value = valueOf(definition, docs, judged, level, k, definition.at === 'multiple' ? point * 3 : point);
      expect(Number.isFinite(value), `${definition.name}: ${value}`).toBe(true);
    }
  });

  test('Rndcg without a positive ideal gain (every judgment grade 0, relevant at threshold 0) is its defined value, 0', () => {
    const definition = definitionNamed('Rndcg');
    expect(definition.whenUndefined).toBe(0);
    expect(evaluateRun({ q: ['a', 'b'] }, { q: { a: 0, c: 0 } }, { measures: ['Rndcg'], relevanceThreshold: 0 }).perQuery.q!.Rndcg).toBe(0);
  });
});

