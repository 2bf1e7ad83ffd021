import { describe, expect, test } from 'vitest';
import { fc, test as propTest } from '@fast-check/vitest';
import { formatMeasure, measureDefinitions, parseMeasure } from '../../src/measures/registry.js';

describe('parseMeasure', () => {
  test.each([
    ['ndcg@10', 'ndcg', 10],
    ['nDCG@10', 'ndcg', 10],
    ['P@5', 'P', 5],
    ['precision@5', 'P', 5],
    ['recall@20', 'recall', 20],
    ['R@20', 'recall', 20],
    ['mrr@10', 'mrr', 10],
    ['recip_rank', 'mrr', Infinity],
    ['RR', 'mrr', Infinity],
    ['map', 'map', Infinity],
    ['MAP@100', 'map', 100],
    ['AP', 'map', Infinity],
    ['R-prec', 'R-prec', Infinity],
    ['Rprec', 'R-prec', Infinity],
    ['success@1', 'success', 1],
    ['hit_rate@3', 'success', 3],
    ['f1@5', 'f1', 5],
    ['dcg@3', 'dcg', 3],
    ['idcg', 'idcg', Infinity],
    ['context_precision@5', 'context_precision', 5],
    ['contextPrecision', 'context_precision', Infinity],
  ])('%s → %s at %s', (name, canonical, cutoff) => {
    const parsed = parseMeasure(name);
    expect(parsed.definition.name).toBe(canonical);
    expect(parsed.cutoff).toBe(cutoff);
  });

  test.each(['ndgc@10', 'ndcg@', 'ndcg@0', 'ndcg@-1', 'ndcg@1.5', 'ndcg@ten', '@10', '', 'ndcg@99999999999999999999'])(
    '%j is refused',
    (name) => {
      expect(() => parseMeasure(name)).toThrow();
    },
  );

  test('an unknown name lists the valid forms', () => {
    expect(() => parseMeasure('ndgc@10')).toThrow(
      'unknown measure `ndgc@10` (known: P[@k], recall[@k], f1[@k], success[@k], mrr[@k], map[@k], R-prec[@k], dcg[@k], idcg[@k], ndcg[@k], context_precision[@k]; k a positive integer)',
    );
    expect(() => parseMeasure(5 as never)).toThrow(/expected a measure name/);
  });

  test('no two measures share a name or alias', () => {
    const folded = measureDefinitions.flatMap((d) => [d.name, ...d.aliases]).map((n) => n.toLowerCase().replace(/[-_]/g, ''));
    expect(new Set(folded).size).toBe(folded.length);
  });
});

const parsedMeasures = fc.record({
  definition: fc.constantFrom(...measureDefinitions),
  cutoff: fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 10_000 })),
});

propTest.prop([parsedMeasures])('parse(format(m)) gives m back', (measure) => {
  expect(parseMeasure(formatMeasure(measure))).toEqual(measure);
});

propTest.prop([parsedMeasures, fc.boolean()])('formatting a parsed alias gives the canonical name', (measure, upper) => {
  const alias = measure.definition.aliases[0] ?? measure.definition.name;
  const written = `${upper ? alias.toUpperCase() : alias}${measure.cutoff === Infinity ? '' : `@${measure.cutoff}`}`;
  expect(formatMeasure(parseMeasure(written))).toBe(formatMeasure(measure));
});
