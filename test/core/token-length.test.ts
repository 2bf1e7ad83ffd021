// A length in tokens, as every reader of lengths takes it: 0 to 2^53 − 1, so that no budget sum overflows.
import { describe, expect, it } from 'vitest';
import { evaluateRun, type RankevalError } from '../../src/index.js';
import { isTokenLength, MAX_TOKENS } from '../../src/core/token-length.js';
import { errorOf } from '../helpers/files.js';

describe('isTokenLength', () => {
  it('is true from 0 to 2^53 − 1 and false for anything else', () => {
    for (const value of [0, 0.5, 120, MAX_TOKENS]) expect(isTokenLength(value)).toBe(true);
    for (const value of [-1, -0.5, MAX_TOKENS + 2, 1e308, Infinity, NaN, '12', null, undefined]) expect(isTokenLength(value)).toBe(false);
  });
});

describe('evaluateRun `lengths`', () => {
  const run = { q1: ['a', 'b'] };
  const qrels = { q1: { a: 1, b: 1 } };

  it.each([[1e308], [Infinity], [-1], [MAX_TOKENS + 2]])('refuses a length of %s naming `lengths` (1e308 overflowed the sum and blamed the grades)', (tokens) => {
    const error = errorOf(() => evaluateRun(run, qrels, { measures: ['tokens@2'], lengths: { a: 10, b: tokens } })) as RankevalError;
    expect(error.code).toBe('invalid_option');
    expect(error.message).toBe(`evaluateRun: expected \`lengths["b"]\` to be a length in tokens (a number from 0 to 9007199254740991), got \`${tokens}\` (number)`);
  });

  it('sums the largest lengths without overflow', () => {
    const result = evaluateRun(run, qrels, { measures: ['tokens@2'], lengths: new Map([['a', MAX_TOKENS], ['b', MAX_TOKENS]]) });
    expect(result.mean['tokens@2']).toBe(2 * MAX_TOKENS);
  });
});
