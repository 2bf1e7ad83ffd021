// What "relevant at threshold t" means, for every measure that reads a threshold: a document the qrels
// grade with grade ≥ t and ≥ 0. So a threshold at or below 0 makes every judged document relevant, grade 0
// included (trec_eval's -l 0, ir_measures' rel=0), and never a document absent from the qrels or graded
// below 0 (unjudged). A measure's own `rel` (`binG(rel=-1)`) means what `relevanceThreshold` means.
// trec_eval's `-l -1` differs (its walks take unjudged ranks for relevant, R does not count them: map 2);
// `rankeval trec` reproduces that, not the library.
import { describe, expect, test } from 'vitest';
import { compare, evaluate, evaluateRun } from '../../src/index.js';
import { measureDefinitions, type MeasureDefinition } from '../../src/measures/catalogue.js';

// a, b, c judged relevant at t ≤ 0 (grades 2, 1, 0); d graded −1 (unjudged); x absent from the qrels.
const qrels = { a: 2, b: 1, c: 0, d: -1 };
const ranking = ['a', 'x', 'c', 'd', 'b'];
/** Two aspects of the same documents, for the diversity measures. */
const aspects = { q: { s1: { a: 1, c: 0, x2: -1 }, s2: { b: 2, d: -1 } } };

const one = (name: string, run: readonly string[] = ranking, judged: Record<string, number> = qrels): number =>
  evaluateRun({ q: [...run] }, { q: judged }, { measures: [name], aspects }).perQuery.q![name]!;

/** `name(rel=…)` followed by what the measure's `@` takes. */
function named(definition: MeasureDefinition, rel: number): string {
  const at = { k: '@5', recall: '@0.5', multiple: '@2', none: '' }[definition.at];
  return `${definition.name}(rel=${rel})${at}`;
}

const takesRel = measureDefinitions.filter((definition) => (definition.params as readonly string[]).includes('rel'));

describe("a measure's own rel at or below 0", () => {
  test('relative_P(rel=-1)@5 divides the judged documents retrieved by min(k, R): unjudged ranks are not relevant', () => {
    // Relevant: a, c, b (R = 3), all in the top 5; x and d are not.
    expect(one('relative_P(rel=-1)@5')).toBe(3 / Math.min(5, 3));
    expect(one('relative_P(rel=-2)@5')).toBe(3 / Math.min(5, 3));
    expect(one('relative_P(rel=-1)@2')).toBe(1 / Math.min(2, 3));
  });

  test('binG(rel=-1) counts x and d among the non-relevant above each relevant document', () => {
    // a at rank 1 (none above), c at 3 (x above), b at 5 (x, d above).
    expect(one('binG(rel=-1)')).toBeCloseTo((1 / Math.log2(2 + 0) + 1 / Math.log2(2 + 1) + 1 / Math.log2(2 + 2)) / 3, 14);
  });

  test('binG(rel=-1) of a query with no judged document retrieved is 0, not a division by R = 0', () => {
    // q: only x (absent) and a (−1) retrieved, nothing graded ≥ 0 in the qrels; r keeps the run evaluable.
    const result = evaluateRun({ q: ['x', 'a'], r: ['b'] }, { q: { a: -1 }, r: { b: 1 } }, { measures: ['binG(rel=-1)', 'relative_P(rel=-1)@2'] });
    expect(result.perQuery.q).toEqual({ 'binG(rel=-1)': 0, 'relative_P(rel=-1)@2': 0 });
    expect(result.perQuery.r).toEqual({ 'binG(rel=-1)': 1 / Math.log2(2) / 1, 'relative_P(rel=-1)@2': 1 / Math.min(2, 1) });
  });

  test('11pt_avg(rel=-1) interpolates over the judged documents only', () => {
    expect(one('11pt_avg(rel=-1)')).toBe(one('11pt_avg(rel=0)'));
    expect(one('11pt_avg(rel=-2)')).toBe(one('11pt_avg(rel=0)'));
  });

  test.each(takesRel.map((definition) => [definition.name, definition] as const))('%s: every rel ≤ 0 scores as rel=0', (_, definition) => {
    const runs = [ranking, ['x', 'd', 'x2', 'c'], ['c', 'a', 'b'], []];
    for (const run of runs) {
      const atZero = one(named(definition, 0), run);
      for (const rel of [-0.5, -1, -2, -3, -1e9]) expect(one(named(definition, rel), run), `${named(definition, rel)} on [${run}]`).toBe(atZero);
    }
  });
});

describe('rel = 0: every judged document is relevant, grade 0 included; unjudged ones never are', () => {
  test('P, recall, AP and num_rel_ret count a, b and c, not x nor d', () => {
    expect(one('P(rel=0)@5')).toBe(3 / 5);
    expect(one('R(rel=0)@2')).toBe(1 / 3);
    expect(one('AP(rel=0)')).toBeCloseTo((1 / 1 + 2 / 3 + 3 / 5) / 3, 14);
    expect(one('num_rel_ret(rel=0)')).toBe(3);
    expect(one('num_rel(rel=0)')).toBe(3);
  });

  test('binary RBP gives gain 1 to every judged document', () => {
    expect(one('RBP(p=0.5,rel=0)')).toBeCloseTo((1 - 0.5) * (0.5 ** 0 + 0.5 ** 2 + 0.5 ** 4), 14);
    expect(one('RBP(p=0.5,rel=-1)')).toBe(one('RBP(p=0.5,rel=0)'));
  });

  test('the condensed list (judged_only) holds judged documents only, so all of it is relevant', () => {
    // Condensed: a, c, b at ranks 1, 2, 3.
    expect(one('P(rel=-1,judged_only=True)@5')).toBe(3 / 5);
    expect(one('relative_P(rel=-1,judged_only=True)@3')).toBe(3 / Math.min(3, 3));
    expect(one('binG(rel=-1,judged_only=True)')).toBe((1 / Math.log2(2) + 1 / Math.log2(2) + 1 / Math.log2(2)) / 3);
  });

  test('fall-out has no judged non-relevant document to count: 0', () => {
    expect(one('fall_out(rel=0)@5')).toBe(0);
    expect(one('fall_out(rel=-1)@5')).toBe(0);
  });
});

describe('fractional and large thresholds', () => {
  test('rel = 0.5 and 1.5 fall between the grades', () => {
    expect(one('P(rel=0.5)@5')).toBe(2 / 5);
    expect(one('P(rel=1.5)@5')).toBe(1 / 5);
    expect(one('relative_P(rel=1.5)@5')).toBe(1 / Math.min(5, 1));
    expect(one('binG(rel=0.5)')).toBeCloseTo((1 / Math.log2(2 + 0) + 1 / Math.log2(2 + 3)) / 2, 14);
  });

  test('a threshold above every grade leaves nothing relevant: the shares of the relevant are 0', () => {
    const result = evaluateRun({ q: ranking, r: ['b'] }, { q: qrels, r: { b: 1e6 } }, { measures: ['relative_P(rel=1e6)@5', 'binG(rel=1e6)', 'AP(rel=1e6)'] });
    expect(result.perQuery.q).toEqual({ 'relative_P(rel=1e6)@5': 0, 'binG(rel=1e6)': 0, 'AP(rel=1e6)': 0 });
  });
});

describe('the relevanceThreshold option reads the same way', () => {
  const every = takesRel.filter((definition) => definition.name !== 'num_ret').map((definition) => named(definition, 1).replace('(rel=1)', ''));

  test('evaluateRun: relevanceThreshold −1 scores every measure as 0 does', () => {
    const at = (relevanceThreshold: number) => evaluateRun({ q: ranking }, { q: qrels }, { measures: every, relevanceThreshold, aspects }).perQuery.q;
    expect(at(-1)).toEqual(at(0));
    expect(at(-0.5)).toEqual(at(0));
    expect(at(0)!['relative_P@5']).toBe(3 / Math.min(5, 3));
    expect(at(0)!['P@5']).toBe(3 / 5);
  });

  test('evaluate and compare: relevanceThreshold −1 as 0', () => {
    expect(evaluate(ranking, qrels, { k: 5, relevanceThreshold: -1 })).toEqual(evaluate(ranking, qrels, { k: 5, relevanceThreshold: 0 }));
    const runs = { A: { q: ranking, r: ['b'] }, B: { q: ['x', 'c'], r: ['x'] } };
    const both = { q: qrels, r: { b: 1 } };
    // Everything but the conventions, which record the threshold as given.
    const scores = (relevanceThreshold: number) => {
      const { conventions: _asGiven, ...rest } = compare(runs, both, { measures: ['relative_P@5', 'binG'], relevanceThreshold, permutations: 50, seed: 1 });
      return rest;
    };
    expect(scores(-1)).toEqual(scores(0));
  });
});
