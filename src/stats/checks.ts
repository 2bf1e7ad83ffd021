// Internal: the checks of the public statistics' inputs (estimateMean, planLabels, queriesNeeded,
// testPower): samples of finite numbers, and the numbers their options take, each refused with a
// RankevalError that names it.
import { fail, option, type ErrorSubject } from '../core/errors.js';
import { ownFields, whileReading } from '../core/boundary.js';

const argument = (name: string): ErrorSubject => ({ kind: 'argument', argument: name });

/** A sample `name` (an array or a typed array of finite numbers, at least `least` of them), copied. */
export function readSample(value: unknown, name: string, least: number, fn: string): Float64Array {
  return whileReading(fn, 'invalid_option', `\`${name}\``, () => {
    if (!Array.isArray(value) && !(ArrayBuffer.isView(value) && !(value instanceof DataView))) fail('invalid_option', fn, argument(name), 'an array of finite numbers', value);
    const values = value as ArrayLike<unknown>;
    if (values.length < least) fail('invalid_option', fn, argument(name), `at least ${least} value${least === 1 ? '' : 's'}`, values.length);
    const sample = new Float64Array(values.length);
    // A plain loop, not forEach, which skips the holes of a sparse array.
    for (let i = 0; i < values.length; i++) {
      const entry = values[i];
      if (typeof entry !== 'number' || !Number.isFinite(entry)) fail('invalid_option', fn, `\`${name}[${i}]\``, 'a finite number', entry, argument(name));
      sample[i] = entry;
    }
    return sample;
  });
}

/**
 * The object `name` (`expected` in words) and its samples `human` (at least 2 values) and `judgeOnHuman`,
 * one value for each human value: a query judged by people has the judge's value too.
 */
export function readPaired(value: unknown, name: string, expected: string, fn: string): { given: Record<string, unknown>; human: Float64Array; judgeOnHuman: Float64Array } {
  const given = ownFields(value, fn, `\`${name}\``) as Record<string, unknown> | null;
  if (typeof given !== 'object' || given === null) fail('invalid_option', fn, argument(name), expected, given);
  const human = readSample(given.human, 'human', 2, fn);
  const judgeOnHuman = readSample(given.judgeOnHuman, 'judgeOnHuman', 0, fn);
  if (judgeOnHuman.length !== human.length) {
    fail('invalid_option', fn, argument('judgeOnHuman'), `${human.length} values, one for each value of \`human\` (the same queries, in the same order)`, judgeOnHuman.length);
  }
  return { given, human, judgeOnHuman };
}

/** Option `key`: a number in the open interval (low, high), or [low, high] when `closed`. */
export function readBetween(value: unknown, key: string, low: number, high: number, fn: string, closed = false): number {
  const inside = typeof value === 'number' && (closed ? value >= low && value <= high : value > low && value < high);
  if (!inside) fail('invalid_option', fn, option(key), closed ? `a number from ${low} to ${high}` : `a number between ${low} and ${high} (exclusive)`, value);
  return value as number;
}

/** Option `key`: a finite number > 0. */
export function readPositive(value: unknown, key: string, fn: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) fail('invalid_option', fn, option(key), 'a finite number > 0', value);
  return value;
}

/** Option `key`: an integer ≥ `least`. */
export function readInteger(value: unknown, key: string, least: number, fn: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < least) fail('invalid_option', fn, option(key), `an integer ≥ ${least}`, value);
  return value as number;
}

/** Option `key`: one of `choices`. */
export function readChoice<T>(value: unknown, key: string, choices: readonly T[], fn: string): T {
  if (!choices.includes(value as T)) fail('invalid_option', fn, option(key), choices.map((choice) => JSON.stringify(choice).replace(/"/g, "'")).join(', ').replace(/, ([^,]*)$/, ' or $1'), value);
  return value as T;
}
