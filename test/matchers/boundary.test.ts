// The matchers read what the test gives as the library does (each value read once, options by their own keys): judgments given as
// one-shot iterables are read once, options from their own keys only.
import { describe, expect, it } from 'vitest';
import { rankevalMatchers } from '../../src/matchers/index.js';

const context = { isNot: false } as never;
const outcome = (result: { pass: boolean; message: () => string }) => ({ pass: result.pass, message: result.message() });
const once = (ids: readonly string[]): Iterable<string> =>
  (function* () {
    yield* ids;
  })();

// Eight queries, the worse run a rank lower on each: a regression a sign test finds (p = 2 / 2^8).
const queries = Array.from({ length: 8 }, (_, i) => `q${i}`);
const baseline = Object.fromEntries(queries.map((qid) => [qid, [`${qid}-hit`, `${qid}-miss`]]));
const worse = Object.fromEntries(queries.map((qid) => [qid, [`${qid}-miss`, `${qid}-hit`]]));
const judged = Object.fromEntries(queries.map((qid) => [qid, [`${qid}-hit`]]));
const oneShot = () => Object.fromEntries(Object.entries(judged).map(([qid, ids]) => [qid, once(ids)]));

describe('matchers read one-shot judgments once', () => {
  it('toNotRegressFrom scores both runs on the same judgments', () => {
    const options = { measures: ['P@1', 'mrr'], test: 'sign' } as const;
    const asArrays = outcome(rankevalMatchers.toNotRegressFrom.call(context, worse, baseline, judged, options));
    expect(asArrays.pass).toBe(false);
    expect(outcome(rankevalMatchers.toNotRegressFrom.call(context, worse, baseline, oneShot(), options))).toEqual(asArrays);
  });

  it('toHaveMeasure scores one ranking, then shows it on failure, from the same judgments', () => {
    const asArray = outcome(rankevalMatchers.toHaveMeasure.call(context, ['x', 'a'], ['a'], 'P@1', { atLeast: 1 }));
    expect(asArray.pass).toBe(false);
    expect(outcome(rankevalMatchers.toHaveMeasure.call(context, ['x', 'a'], once(['a']), 'P@1', { atLeast: 1 }))).toEqual(asArray);
    expect(outcome(rankevalMatchers.toHaveMeasure.call(context, worse, oneShot(), 'P@1', { atMost: 0 }))).toEqual(outcome(rankevalMatchers.toHaveMeasure.call(context, worse, judged, 'P@1', { atMost: 0 })));
  });
});

describe('matchers read their options from their own keys', () => {
  it('an inherited `atLeast` or `margin` is no option', () => {
    const proto = Object.prototype as Record<string, unknown>;
    const clean = outcome(rankevalMatchers.toHaveMeasure.call(context, ['a'], ['a'], 'P@1', { atMost: 1 }));
    const cleanRegression = outcome(rankevalMatchers.toNotRegressFrom.call(context, worse, baseline, judged, { measures: ['P@1'], test: 'sign' }));
    try {
      proto['atLeast'] = 2;
      proto['margin'] = 1;
      expect(outcome(rankevalMatchers.toHaveMeasure.call(context, ['a'], ['a'], 'P@1', { atMost: 1 }))).toEqual(clean);
      expect(outcome(rankevalMatchers.toNotRegressFrom.call(context, worse, baseline, judged, { measures: ['P@1'], test: 'sign' }))).toEqual(cleanRegression);
    } finally {
      delete proto['atLeast'];
      delete proto['margin'];
    }
  });

  it('an inherited `within` does not cut toRetrieve', () => {
    const proto = Object.prototype as Record<string, unknown>;
    const clean = outcome(rankevalMatchers.toRetrieve.call(context, ['x', 'a'], ['a'], {}));
    expect(clean.pass).toBe(true);
    try {
      proto['within'] = 1;
      expect(outcome(rankevalMatchers.toRetrieve.call(context, ['x', 'a'], ['a'], {}))).toEqual(clean);
    } finally {
      delete proto['within'];
    }
  });
});
