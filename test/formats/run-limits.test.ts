import { describe, expect, test } from 'vitest';
import { isRankevalError } from '../../src/core/errors.js';
import { checkQueryCount, checkResultCount, MAX_QUERY_RESULTS, MAX_RUN_QUERIES, RunTooLarge } from '../../src/formats/run-limits.js';

/** The error `check` throws, as data. */
function thrown(check: () => void): unknown {
  try {
    check();
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    return { isRunTooLarge: error instanceof RunTooLarge, code: error.code, subject: error.subject, expected: error.expected, received: error.received, message: error.message };
  }
  return undefined;
}

describe('run limits', () => {
  test('the limits: 2^22 queries a run, 2^22 results a query', () => {
    expect([MAX_RUN_QUERIES, MAX_QUERY_RESULTS]).toEqual([2 ** 22, 2 ** 22]);
  });

  test('a new query is refused at its line once the run holds the most it may, not before', () => {
    expect(thrown(() => checkQueryCount(2, 'q3', 'run', 7, 3))).toBeUndefined();
    expect(thrown(() => checkQueryCount(3, 'q4', 'run', 9, 3))).toEqual({
      isRunTooLarge: true,
      code: 'parse_error',
      subject: { kind: 'file', file: 'run', line: 9 },
      expected: 'at most 3 queries',
      received: 'q4',
      message: "run:9: the run holds more than 3 queries, the most one run may hold: split it by query into smaller runs and evaluate each (rankeval merge adds up rankeval eval's parts)",
    });
  });

  test('a result is refused at its line once its query holds the most it may, not before', () => {
    expect(thrown(() => checkResultCount(1, 'q1', 'run', 2, 2))).toBeUndefined();
    expect(thrown(() => checkResultCount(MAX_QUERY_RESULTS, 'q1', '<stdin>', MAX_QUERY_RESULTS + 1))).toEqual({
      isRunTooLarge: true,
      code: 'parse_error',
      subject: { kind: 'file', file: '<stdin>', line: 4_194_305 },
      expected: 'at most 4,194,304 results a query',
      received: 'q1',
      message: '<stdin>:4194305: query "q1" holds more than 4,194,304 results, the most one query may hold: cut its ranking',
    });
  });
});
