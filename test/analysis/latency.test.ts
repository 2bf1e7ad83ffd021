// percentile() at its public boundary (p and the values checked, any order, no overflow) and the latency
// figures built on it — summarizeLatency, latencyOf, evaluateRetriever's clock, the report's latency table,
// a JSONL run's latency_ms — finite for every finite time.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { evaluateRetriever, isRankevalError, parseRun, percentile } from '../../src/index.js';
import { latencyOf, summarizeLatency } from '../../src/analysis/latency.js';
import { renderReportData, reportData } from '../../src/report/index.js';
import { caught } from '../helpers/caught.js';

const MAX = Number.MAX_VALUE;

/** The RankevalError `run` throws (its code and message), or a note that it threw none. */
function errorOf(run: () => unknown): { code: string; message: string } | string {
  try {
    run();
  } catch (error) {
    if (isRankevalError(error)) return { code: error.code, message: error.message };
    return `not a RankevalError: ${String(error)}`;
  }
  return 'no error';
}

describe('percentile: its inputs checked at the boundary', () => {
  it.each([
    ['NaN', Number.NaN, 'got `NaN` (number)'],
    ['101', 101, 'got `101` (number)'],
    ['−1', -1, 'got `-1` (number)'],
    ['Infinity', Infinity, 'got `Infinity` (number)'],
    ['a string', '50', 'got `"50"` (string)'],
  ])('refuses p = %s (invalid_option naming it)', (_, p, got) => {
    expect(errorOf(() => percentile([1, 2, 3], p as number))).toEqual({ code: 'invalid_option', message: `percentile: expected \`p\` to be a number from 0 to 100, ${got}` });
  });

  it('refuses no values, and names the first value that is not a finite number', () => {
    expect(errorOf(() => percentile([], 50))).toEqual({ code: 'invalid_option', message: 'percentile: expected `values` to be a non-empty array of finite numbers, got `array of 0` (array)' });
    expect(errorOf(() => percentile([1, Number.NaN, Infinity], 50))).toEqual({ code: 'invalid_option', message: 'percentile: expected `values[1]` to be a finite number, got `NaN` (number)' });
    expect(errorOf(() => percentile([1, -Infinity], 50))).toMatchObject({ message: 'percentile: expected `values[1]` to be a finite number, got `-Infinity` (number)' });
    expect(errorOf(() => percentile([1, '2'] as unknown as number[], 50))).toMatchObject({ message: 'percentile: expected `values[1]` to be a finite number, got `"2"` (string)' });
    expect(caught(() => percentile([1, Number.NaN], 50))).toMatchObject({ subject: { kind: 'argument', argument: 'values' }, facts: { index: 1 } });
    expect(errorOf(() => percentile('123' as unknown as number[], 50))).toMatchObject({ code: 'invalid_option' });
  });

  it('takes the values in any order, as numpy.percentile does, and leaves the array as it was', () => {
    // numpy.percentile([40, 10, 30, 20], 90) → 37.0
    const values = [40, 10, 30, 20];
    expect(percentile(values, 90)).toBe(30 + 0.7 * (40 - 30));
    expect(values).toEqual([40, 10, 30, 20]);
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([3, 1, 2], 100)).toBe(3);
  });

  it('interpolates without overflow between values more than Number.MAX_VALUE apart', () => {
    // h = 0.5 between −MAX and MAX: the midpoint, 0 (lower + t · (upper − lower) gave −MAX + 0.5 · Infinity).
    expect(percentile([-MAX, MAX], 50)).toBe(0);
    expect(percentile([MAX, -MAX], 25)).toBe(-MAX / 2);
    expect(percentile([-MAX, MAX], 90)).toBeCloseTo(0.8 * MAX, -300);
    expect(percentile([-MAX, MAX], 100)).toBe(MAX);
    expect(percentile([MAX, MAX], 37)).toBe(MAX);
    // 1e308 and its neighbours of the same sign never overflowed; they stay as they were.
    expect(percentile([1e308, 1.5e308], 50)).toBe(1e308 + 0.5 * (1.5e308 - 1e308));
  });
});

describe('percentile: properties', () => {
  // Any double, and often the extremes, whose differences overflow.
  const finite = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(MAX, -MAX, 1e308, -1e308, 5e-324, -0));
  test.prop([fc.array(finite, { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 100, noNaN: true })])(
    'a percentile of any finite values is finite and lies between the least and the greatest',
    (values, p) => {
      const sorted = [...values].sort((a, b) => a - b);
      const value = percentile(values, p);
      expect(Number.isFinite(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(sorted[0]!);
      expect(value).toBeLessThanOrEqual(sorted.at(-1)!);
    },
  );

  test.prop([fc.array(finite, { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 100, noNaN: true })])('a percentile does not depend on the order of the values', (values, p) => {
    expect(percentile([...values].reverse(), p)).toBe(percentile(values, p));
  });
});

describe('latency figures are finite for every finite time', () => {
  it('summarizeLatency: the mean of times near Number.MAX_VALUE is finite (it was Infinity)', () => {
    const summary = summarizeLatency([1e308, 1.5e308, 1.7e308]);
    expect(summary.mean).toBeCloseTo((1e308 / 3 + 1.5e308 / 3 + 1.7e308 / 3), -295);
    expect(Object.values(summary).every(Number.isFinite)).toBe(true);
    expect(summary).toMatchObject({ p50: 1.5e308, max: 1.7e308, queries: 3 });
    // Ordinary times keep the bits they had: the sum in the given order, divided by the count.
    expect(summarizeLatency([0.1, 0.2, 0.3]).mean).toBe((0.1 + 0.2 + 0.3) / 3);
  });

  it('latencyOf: overall and per slice, no Infinity', () => {
    const latency = latencyOf(
      new Map([
        ['q1', MAX],
        ['q2', MAX],
      ]),
      new Map([['q1', ['en']], ['q2', ['en']]]),
    );
    expect(latency.mean).toBe(MAX);
    expect(latency.bySlice['en']!.mean).toBe(MAX);
    expect(latency.p95).toBe(MAX);
  });

  it('evaluateRetriever refuses a clock whose two readings are more than Number.MAX_VALUE apart (a time of Infinity)', async () => {
    const readings = [-1e308, 1e308];
    const error = await evaluateRetriever(() => ['a'], { qrels: { q1: { a: 1 } }, questions: { q1: 'one?' } }, { measures: ['P@1'], now: () => readings.shift() ?? 0 }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({
      code: 'invalid_option',
      message: 'evaluateRetriever: expected `now()` to be a time a finite number of milliseconds after -1e+308, the time it gave when the call began, got `1e+308` (number)',
    });
  });

  it('the report of runs timed near Number.MAX_VALUE shows finite figures, no Infinity nor NaN', async () => {
    const qrels = new Map([['q1', new Map([['a', 1]])], ['q2', new Map([['b', 1]])]]);
    const runs = new Map([['slow', new Map([['q1', ['a']], ['q2', ['b']]])]]);
    const data = reportData({ qrels, runs, latency: { slow: { q1: 1.7e308, q2: 1.7e308 } } }, { measures: ['P@1'] });
    expect(data.latency![0]).toMatchObject({ mean: 1.7e308, p50: 1.7e308, max: 1.7e308, queries: 2 });
    const html = await renderReportData(data);
    const table = html.slice(html.indexOf('<table class="latency">'), html.indexOf('</table>', html.indexOf('<table class="latency">')));
    expect(table).toContain('<td class="number">1.7e+308</td>');
    expect(table).not.toMatch(/Infinity|NaN/);
  });

  it.each([
    ['negative', '-0.5', 'must be a finite number of milliseconds, 0 or more, got -0.5'],
    ['a string', '"NaN"', 'must be a finite number of milliseconds, 0 or more, got "NaN"'],
  ])("a JSONL run's latency_ms of %s is refused with its file and line", (_, written, message) => {
    const text = `{"query_id": "q1", "results": ["a"], "latency_ms": 3}\n{"query_id": "q2", "results": ["b"], "latency_ms": ${written}}\n`;
    expect(errorOf(() => parseRun(text, { format: 'jsonl', file: 'timed.jsonl' }))).toEqual({ code: 'parse_error', message: `timed.jsonl:2: "latency_ms" of query "q2" ${message}` });
  });

  it.each(['1e400', '-1e400'])("a JSONL run's latency_ms of %s (Infinity once parsed) is refused with its file and line", (written) => {
    const text = `{"query_id": "q1", "results": ["a"], "latency_ms": ${written}}\n`;
    expect(errorOf(() => parseRun(text, { format: 'jsonl', file: 'timed.jsonl' }))).toMatchObject({ code: 'parse_error', message: expect.stringMatching(new RegExp(`^timed\\.jsonl:1: .*${written}.*latency_ms`)) });
  });
});
