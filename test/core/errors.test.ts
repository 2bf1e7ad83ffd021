import { describe, expect, test } from 'vitest';
import { evaluate, evaluateRun, isRankevalError, RankevalError } from '../../src/index.js';
import { describeValue, errorMessage, fieldsOf, mention, parseError, speakingFor, subjectWords, type ErrorSubject } from '../../src/core/errors.js';

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
    ": not a name of rankeval (`ndcg@10`, `P@5`, `map`), ir_measures (`nDCG@10`, `P(rel=2)@5`) or trec_eval (`ndcg_cut.10`, `P.5,10`); the README's measure table lists them all";

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

describe('RankevalError carries what it is about as fields, and its message is built from them', () => {
  const thrown = (call: () => unknown): RankevalError => {
    try {
      call();
    } catch (error) {
      if (isRankevalError(error)) return error;
      throw error;
    }
    throw new Error('no error');
  };
  const rebuilt = (error: RankevalError): string => errorMessage(fieldsOf(error));

  test("a file's line: the file and the line, nothing in `received`", () => {
    const error = parseError('run.trec', 3, 'expected 6 fields, got 5');
    expect(error).toMatchObject({ code: 'parse_error', fn: undefined, subject: { kind: 'file', file: 'run.trec', line: 3 }, received: undefined });
    expect(error.message).toBe('run.trec:3: expected 6 fields, got 5');
    expect(rebuilt(error)).toBe(error.message);
  });

  test('a run: the scope a caller names it by, before the error of the function it called', () => {
    const inner = new RankevalError({ code: 'all_scores_tied', fn: 'evaluateRun', problem: 'all the scores of 1 query tie', expected: 'scores', received: ['q1'] });
    const error = speakingFor(inner, 'toNotRegressFrom', ['evaluateRun'], [{ subject: { kind: 'run', run: 'baseline' }, words: 'the baseline' }]);
    expect(error).toMatchObject({ code: 'all_scores_tied', fn: 'toNotRegressFrom', within: [{ subject: { kind: 'run', run: 'baseline' } }], received: ['q1'] });
    expect(error.message).toBe('toNotRegressFrom: the baseline: all the scores of 1 query tie');
    // A function it does not stand for stays in the message, as a scope.
    expect(speakingFor(new RankevalError({ code: 'invalid_option', fn: 'err', problem: 'x', expected: 'y' }), 'toHaveMeasure', ['evaluateRun']).message).toBe('toHaveMeasure: err: x');
  });

  test("each subject's words", () => {
    expect(subjectWords({ kind: 'option', option: 'systemK.k' })).toBe('`systemK.k`');
    expect(subjectWords({ kind: 'argument', argument: 'qrels' })).toBe('`qrels`');
    expect(subjectWords({ kind: 'file', file: 'g.tsv', line: 2 })).toBe('g.tsv:2');
    expect(subjectWords({ kind: 'query', query: 'q1' })).toBe('query "q1"');
    expect(subjectWords({ kind: 'run', run: 'bm25' })).toBe('run "bm25"');
    expect(subjectWords({ kind: 'measure', measure: 'P@x' })).toBe('measure `P@x`');
  });

  test('a caller names each subject in its own words: the subject, a mention, a scope', () => {
    const grid = { kind: 'option', option: 'grid' } as const;
    const flags = (subject: ErrorSubject): string | undefined => (subject.kind === 'option' ? { k: '--k', grid: '--step' }[subject.option] : undefined);
    const k = new RankevalError({ code: 'invalid_option', fn: 'fuse', subject: { kind: 'option', option: 'k' }, expected: 'a positive finite number', received: 0 });
    expect(k.message).toBe('fuse: expected `k` to be a positive finite number, got `0` (number)');
    expect(errorMessage({ ...fieldsOf(k), fn: undefined }, flags)).toBe('expected --k to be a positive finite number, got `0` (number)');
    // A mention keeps the library's words apart from the text around them: `the step of \`grid\``.
    const step = new RankevalError({ code: 'invalid_option', fn: 'f', subject: grid, what: ['every ', mention(grid, 'the step of `grid`'), ' here'], expected: 'a number', received: 'x' });
    expect(step.message).toBe('f: expected every the step of `grid` here to be a number, got `"x"` (string)');
    expect(errorMessage(fieldsOf(step), flags)).toBe('f: expected every --step here to be a number, got `"x"` (string)');
    // A mention in the problem; a scope with a subject; a subject the naming leaves to the library.
    const scoped = new RankevalError({ code: 'invalid_option', within: [{ subject: grid, words: 'in `grid`' }], problem: ['use ', mention({ kind: 'option', option: 'trials' })], expected: 'y' });
    expect(scoped.message).toBe('in `grid`: use `trials`');
    expect(errorMessage(fieldsOf(scoped), flags)).toBe('--step: use `trials`');
  });

  test('the deprecated positional form keeps its message whole as the problem', () => {
    const error = new RankevalError('invalid_option', 'f: wrong', 'right', 1);
    expect(error).toMatchObject({ message: 'f: wrong', problem: 'f: wrong', fn: undefined, expected: 'right', received: 1 });
  });
});
