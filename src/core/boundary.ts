// The guards of a public boundary: every read of a caller's value runs inside whileReading, so that what a
// getter, an iterator or a revoked Proxy throws becomes a RankevalError, and options objects are copied
// once (ownOptions), refusing a key the function does not take.
import { argument, fail, isRankevalError, option, RankevalError, words, wordsOf, type DeferredText, type ErrorSubject, type ErrorText, type RankevalErrorCode } from './errors.js';
import { describeThrown } from './quoting.js';

/**
 * Runs `read`, a read of a value the caller gave (`what`, named as messages name it); whatever that read
 * throws that is not already a RankevalError (a revoked Proxy, a getter or an iterator that throws) becomes
 * one of `code`, naming the argument and what was thrown, which is kept as its `cause`. The one guard every
 * boundary reader runs its reads of caller values in, so that no untyped error escapes the library. `what`
 * may be a function of the words, worded only on failure, for a read done once per query.
 */
export function whileReading<T>(fn: string, code: RankevalErrorCode, what: DeferredText, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw readFailure(error, fn, code, wordsOf(what));
  }
}

/** The error whileReading throws for `error`: a RankevalError as it is, anything else wrapped (see whileReading). */
export function readFailure(error: unknown, fn: string, code: RankevalErrorCode, what: ErrorText): unknown {
  if (isRankevalErrorSafe(error)) return error;
  const expected = 'a value that can be read (not a revoked Proxy, no getter or iterator that throws)';
  const thrown = describeThrown(error);
  return new RankevalError({ code, fn, problem: words('reading ', what, ` threw ${thrown}`), facts: { foreign: thrown }, expected, received: error }, { cause: error });
}

function isRankevalErrorSafe(error: unknown): boolean {
  try {
    return isRankevalError(error);
  } catch {
    return false;
  }
}

/** How ownOptions names the object and its keys in messages, and the object as a subject (`argument('options')`). */
export interface OptionsLabels {
  readonly name?: string;
  readonly subject?: ErrorSubject;
  readonly expected?: string;
  readonly what?: string;
}

/**
 * Checks an options object at a public boundary (an object, not null nor an array, every key of which is
 * one of `known`: a misspelt or invented option would otherwise do nothing, silently) and returns a copy
 * of its own enumerable keys, without a prototype, read once: every option is then read from the copy, so
 * that an inherited key (`Object.prototype.k = 1`) is never an option, and a getter runs once, at the
 * boundary. `name` and `expected` describe the object in messages, `what` its keys.
 */
export function ownOptions<T>(options: T, known: readonly string[], fn: string, labels: OptionsLabels = {}): T & object {
  const { name = '`options`', expected = 'an object', what = 'every option', subject = argument('options') } = labels;
  // A key of a nested option (`systemK`) is named by its path, `systemK.k`.
  const keyOf = (key: string): ErrorSubject => option(subject.kind === 'option' ? `${subject.option}.${key}` : key);
  return whileReading(fn, 'invalid_option', name, () => {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) fail('invalid_option', fn, name, expected, options, subject);
    const copy = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(options)) {
      if (!known.includes(key)) fail('invalid_option', fn, what, `one of ${known.map((name) => `\`${name}\``).join(', ')}`, key, { subject: keyOf(key), facts: { choices: known } });
      copy[key] = (options as Record<string, unknown>)[key];
    }
    return copy as T & object;
  });
}

/**
 * The own enumerable keys of an input object (a golden set, say) that may hold keys the function does not
 * read, copied without a prototype as ownOptions copies options; `undefined` stays undefined.
 */
export function ownFields<T>(value: T, fn: string, name: string, code: RankevalErrorCode = 'invalid_option'): T {
  return whileReading(fn, code, name, () => {
    if (typeof value !== 'object' || value === null) return value;
    const copy = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(value)) copy[key] = (value as Record<string, unknown>)[key];
    return copy as T;
  });
}
