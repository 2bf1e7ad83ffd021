import { describe, expect, test } from 'vitest';
import { evaluateRun, RankevalError } from '../../src/index.js';
import { caught } from '../helpers/caught.js';
import { argument, errorMessage, fail, failId, fieldsOf, mention, named, option, parseError, reworded, speakingFor, subjectWords, type ErrorSubject } from '../../src/core/errors.js';
import { ownOptions, readFailure } from '../../src/core/boundary.js';

describe('RankevalError carries what it is about as fields, and its message is built from them', () => {
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

describe('failId: an id that is not a string', () => {
  const message = (received: unknown): string => {
    try {
      failId('invalid_ranking', 'evaluate', 'the ranking[0].id', 'a string', received);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('no error');
  };

  test('a number or a bigint is told that ids are strings, and how to make one', () => {
    expect(message(7)).toBe('evaluate: expected the ranking[0].id to be a string, got `7` (number); ids are strings: use `String(id)`');
    expect(message(7n)).toBe('evaluate: expected the ranking[0].id to be a string, got `7` (bigint); ids are strings: use `String(id)`');
  });

  test('an array in a ranking is told that a tie group is not taken, and how to give ties', () => {
    expect(message(['d1', 'd2'])).toBe(
      'evaluate: expected the ranking[0].id to be a string, got `array of 2` (array); a tie group is not taken here: give tied documents as {id, score} objects of equal score',
    );
    // Not in qrels, where an array is no tie group; nor for a value that cannot be looked into.
    expect(() => failId('invalid_qrels', 'evaluate', 'every id', 'a string', ['d1'])).toThrow(/^evaluate: expected every id to be a string, got `array of 1` \(array\)$/);
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(message(revoked.proxy)).toBe('evaluate: expected the ranking[0].id to be a string, got `an uninspectable object` (object)');
  });

  test('anything else reads as any other bad value, with its fields', () => {
    expect(message(null)).toBe('evaluate: expected the ranking[0].id to be a string, got `null` (null)');
    try {
      failId('invalid_qrels', 'evaluate', 'every id', 'a string', 3);
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_qrels', fn: 'evaluate', what: 'every id', expected: 'a string', received: 3 });
    }
  });
});

describe('an error carries its facts as data, beside the words that state them', () => {
  test('fail with words for `what` takes their subject, the place and the facts; the message is the words', () => {
    const error = caught(() => fail('invalid_option', 'mean', '`values[3]`', 'a finite number', Number.NaN, { subject: argument('values'), at: { query: 'q1' }, facts: { index: 3 } }));
    expect(error).toMatchObject({ code: 'invalid_option', subject: { kind: 'argument', argument: 'values' }, at: { query: 'q1' }, facts: { index: 3 } });
    expect(error.message).toBe('mean: expected `values[3]` to be a finite number, got `NaN` (number)');
    // A bare subject is the subject, as before; no facts are `{}`.
    expect(caught(() => fail('invalid_option', 'f', 'the level', 'a number', 'x', option('level')))).toMatchObject({ subject: { kind: 'option', option: 'level' }, facts: {} });
  });

  test('failId with its hint keeps the subject and facts too', () => {
    const error = caught(() => failId('invalid_ranking', 'f', '`ranking[0]`', 'a string', 7, { subject: argument('ranking'), facts: { index: 0 } }));
    expect(error).toMatchObject({ subject: { kind: 'argument', argument: 'ranking' }, facts: { index: 0 } });
    expect(error.message).toBe('f: expected `ranking[0]` to be a string, got `7` (number); ids are strings: use `String(id)`');
  });

  test('reworded and fieldsOf keep the facts', () => {
    const error = new RankevalError({ code: 'invalid_option', fn: 'f', subject: option('k'), facts: { limit: 5 }, expected: 'at most 5', received: 6 });
    expect(fieldsOf(error).facts).toEqual({ limit: 5 });
    expect(reworded(error, { fn: 'g' }).facts).toEqual({ limit: 5 });
  });

  test('named: a subject gives its words and itself; words alone give no subject', () => {
    expect(named(argument('qrelsA'))).toEqual({ words: '`qrelsA`', subject: { kind: 'argument', argument: 'qrelsA' } });
    expect(named('the run')).toEqual({ words: 'the run', subject: undefined });
  });

  test('an unknown option key is the subject, the known keys its choices; a nested one named by its path', () => {
    expect(caught(() => ownOptions({ tie: 1 }, ['ties', 'k'], 'f'))).toMatchObject({ subject: { kind: 'option', option: 'tie' }, facts: { choices: ['ties', 'k'] } });
    expect(caught(() => ownOptions({ x: 1 }, ['k'], 'f', { name: '`systemK`', subject: option('systemK') }))).toMatchObject({ subject: { kind: 'option', option: 'systemK.x' } });
    expect(caught(() => ownOptions(3, ['k'], 'f'))).toMatchObject({ subject: { kind: 'argument', argument: 'options' } });
  });

  test("what a caller's read throws is kept as the cause, and its text as the foreign fact, word for word", () => {
    const thrown = new TypeError('revoked');
    const error = readFailure(thrown, 'f', 'invalid_ranking', 'the ranking') as RankevalError;
    expect(error).toMatchObject({ facts: { foreign: 'TypeError: revoked' }, cause: thrown });
    expect(error.message).toBe('f: reading the ranking threw TypeError: revoked');
  });
});
