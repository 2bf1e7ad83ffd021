// CheckedMeasures: what TypeScript says of measure names written as literals, read from the compiler's own
// diagnostics on a snippet that calls the entry points (test/helpers/typecheck.ts).
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lineOf as lineIn, typeErrors } from '../helpers/typecheck.js';

const INDEX = join(import.meta.dirname, '../../src/index.ts');

const SNIPPET = `
import { compare, evaluateRun, evaluateRunStream, evaluateRetriever, createEvaluator, evaluate } from ${JSON.stringify(INDEX)};
declare const names: string[];
const ok = evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, { measures: ['ndcg@10', 'P@5'] });
export const key: 'ndcg@10' | 'P@5' = Object.keys(ok.mean)[0] as keyof typeof ok.mean;
export const fromStrings = evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, { measures: names });
export const one = evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, { measures: ['ndgc@10', 'map'] });
export const alone = evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, { measures: ['mrr@1O'] });
export const streamed = evaluateRunStream('', { q1: { a: 1 } }, { measures: ['recal@5'] });
export const retrieved = evaluateRetriever(() => [], { qrels: {}, questions: {} }, { measures: ['precison@5'] });
export const evaluator = createEvaluator({ q1: { a: 1 } }, { measures: ['mapp'] });
export const single = evaluate(['a'], { a: 1 }, { measures: ['ndcg@1o'] });
const compared = compare({ a: { q1: ['a'] }, b: { q1: ['a'] } }, { q1: { a: 1 } }, { measures: ['ndcg@10', 'map'] });
export const row: 'ndcg@10' | 'map' = compared.rows[0]!.measure;
export const misspelt = compare({ a: { q1: ['a'] }, b: { q1: ['a'] } }, { q1: { a: 1 } }, { measures: ['mpa'] });
`;

const lineOf = (text: string): number => lineIn(SNIPPET, text);

describe('CheckedMeasures', () => {
  let messages = new Map<number, string>();
  beforeAll(() => {
    messages = typeErrors(SNIPPET);
  }, 60_000);

  it('takes known literal names, typing the result by them, and any string[]', () => {
    expect(messages.get(lineOf("['ndcg@10', 'P@5']"))).toBeUndefined();
    expect(messages.get(lineOf('export const key'))).toBeUndefined();
    expect(messages.get(lineOf('measures: names'))).toBeUndefined();
    // compare's rows are typed by the names given.
    expect(messages.get(lineOf('export const row'))).toBeUndefined();
  });

  it.each([
    ["'ndgc@10', 'map'", `Type '"ndgc@10"' is not assignable to type '"map" | "unknown measure: ndgc@10"'.`],
    ["'mrr@1O'", `Type '"mrr@1O"' is not assignable to type '"unknown measure: mrr@1O"'.`],
    ["'recal@5'", `Type '"recal@5"' is not assignable to type '"unknown measure: recal@5"'.`],
    ["'precison@5'", `Type '"precison@5"' is not assignable to type '"unknown measure: precison@5"'.`],
    ["'mapp'", `Type '"mapp"' is not assignable to type '"unknown measure: mapp"'.`],
    ["'ndcg@1o'", `Type '"ndcg@1o"' is not assignable to type '"unknown measure: ndcg@1o"'.`],
    ["'mpa'", `Type '"mpa"' is not assignable to type '"unknown measure: mpa"'.`],
  ])('names a misspelt literal, %s, as an unknown measure', (names, message) => {
    // evaluate's overloads put the line under "No overload matches this call".
    expect(messages.get(lineOf(names))).toContain(message);
  });

  it('reports no other error in the snippet', () => {
    expect(messages.size).toBe(7);
  });
});
