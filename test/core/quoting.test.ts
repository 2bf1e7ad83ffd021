// Quoting for messages: values described within bounds, and every message bounded whatever it quotes.
import { describe, expect, test } from 'vitest';
import { evaluate, evaluateRun, isRankevalError, RankevalError } from '../../src/index.js';
import { describeValue } from '../../src/core/quoting.js';

/** A proxy of a proxy of … an array, `depth` deep: `Array.isArray` recurses through every level. */
function nestedProxy(depth: number): unknown {
  let value: object = [];
  for (let i = 0; i < depth; i++) value = new Proxy(value, {});
  return value;
}

describe('describeValue', () => {
  test('quotes values and names their type', () => {
    expect(describeValue(0)).toBe('`0` (number)');
    expect(describeValue('a')).toBe('`"a"` (string)');
    expect(describeValue(null)).toBe('`null` (null)');
    expect(describeValue([1, 2])).toBe('`array of 2` (array)');
    expect(describeValue({})).toBe('`{}` (object)');
    expect(describeValue({ id: 'd2', score: 1 })).toBe('`{"id":"d2","score":1}` (object)');
    expect(describeValue({ id: 'd2', score: 1n })).toBe('`{"id":"d2","score":1n}` (object)');
    // Nested or large: not walked (a nested object could be a whole run).
    expect(describeValue({ results: Array.from({ length: 5 }, (_, i) => `d${i}`) })).toBe('`object of 1 keys` (object)');
    expect(describeValue(new Map())).toBe('`[object Map]` (object)');
  });

  test('a long string is cut before it is quoted', () => {
    expect(describeValue('x'.repeat(1 << 24))).toBe(`\`"${'x'.repeat(56)}...\` (string)`);
  });

  test('a value nested 100,000 proxies deep is described, not a RangeError', () => {
    expect(describeValue(nestedProxy(100_000))).toBe('`an uninspectable object` (object)');
  });

  test('a revoked proxy is described, not a TypeError', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeValue(proxy)).toBe('`an uninspectable object` (object)');
  });

  test('so a deeply nested wrong-typed option gets its RankevalError', () => {
    let error: unknown;
    try {
      evaluate(['a'], ['a'], { gain: nestedProxy(100_000) as never });
    } catch (caught) {
      error = caught;
    }
    expect(isRankevalError(error) && error.code).toBe('invalid_option');
    expect((error as Error).message).toBe("evaluate: expected `gain` to be 'linear' or 'exponential', got `an uninspectable object` (object)");
  });
});

describe('RankevalError messages are bounded whatever the input', () => {
  const KNOWN =
    ": not a name of rankeval (`ndcg@10`, `P@5`, `map`), ir_measures (`nDCG@10`, `P(rel=2)@5`) or trec_eval (`ndcg_cut.10`, `P.5,10`); all are listed at https://rankeval.github.io/rankeval/measures";

  test('a 10-million-character measure name is cut to its start and end in the message, kept whole in `received`', () => {
    const name = 'x'.repeat(1e7);
    let error: unknown;
    try {
      evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, { measures: [name] });
    } catch (caught) {
      error = caught;
    }
    expect(isRankevalError(error) && error.code).toBe('unknown_measure');
    const left = 1e7 + 3 - 120 - 40; // the run is the name between its backquotes, and the colon
    expect((error as RankevalError).message).toBe(`unknown measure \`${'x'.repeat(119)}…(${left.toLocaleString('en-US')} characters left out)…${'x'.repeat(38)}\`${KNOWN}`);
    expect((error as RankevalError).received).toBe(name);
  });

  test('a long message of short words is cut as a whole', () => {
    const message = new RankevalError('invalid_option', `f: ${'ab '.repeat(1e6)}end`, 'x', null).message;
    expect(message.length).toBeLessThan(2100);
    expect(message.startsWith('f: ab ab')).toBe(true);
    expect(message).toContain(`…(${(3e6 + 6 - 1400 - 400).toLocaleString('en-US')} characters left out)…`);
    expect(message.endsWith('ab ab end')).toBe(true);
  });

  test('every message stays short, whatever the run of characters, and never splits a character', () => {
    for (const value of ['😀'.repeat(1e5), `${'y'.repeat(201)} ${'z'.repeat(5e5)}`, '\u00e9'.repeat(3e5)]) {
      const { message } = new RankevalError('invalid_option', `f: got ${value}.`, 'x', value);
      expect(message.length).toBeLessThan(2100);
      expect(message).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
  });

  test('messages of ordinary length are left as they are', () => {
    const words = `f: ${'w'.repeat(200)} ${'v '.repeat(800)}`;
    expect(new RankevalError('invalid_option', words, 'x', null).message).toBe(words);
  });
});
