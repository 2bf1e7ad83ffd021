/**
 * What went wrong, as a stable string to branch on. The message is for people; the code is for programs.
 */
export type RankevalErrorCode =
  | 'invalid_cutoff'
  | 'invalid_ranking'
  | 'invalid_qrels'
  | 'invalid_option'
  | 'invalid_run'
  | 'unknown_measure'
  | 'no_relevant'
  | 'no_queries'
  // evaluateRun's checks in 'error' mode (RunChecks): a ranking holding its own query id, a cutoff beyond
  // the deepest ranking of the run, a scored ranking whose scores all tie.
  | 'query_in_ranking'
  | 'cutoff_beyond_run'
  | 'all_scores_tied'
  // A measure cut deeper than the results the system passes on (`systemK`).
  | 'beyond_system_k'
  // A warning only: judged queries without aspects, scored 0 on the aspect measures.
  | 'without_aspects'
  | 'parse_error'
  | 'missing_dependency'
  // mergeEvaluations: a part that is not a whole evaluateRun result; parts that cannot be shards of one run.
  | 'invalid_evaluation'
  | 'incompatible_evaluations'
  // evaluateRetriever: a judged query without a question to ask; a call past `timeoutMs` (rethrown under
  // `failOnError`, else a failure); the evaluation stopped by its AbortSignal.
  | 'missing_question'
  | 'retrieval_timeout'
  // evaluateRetriever with `failOnError`: the retriever threw or rejected (the thrown value is the `cause`).
  | 'retrieval_failed'
  | 'aborted';

/** The one error class rankeval throws for bad input. */
export class RankevalError extends Error {
  // Fields are declared and set in the constructor, never initialised where declared: the CommonJS build
  // turns initialised fields into an assignment through a temporary, `(_class = class …)`, which would name
  // the class `_class` (test/smoke checks the name in both builds).
  declare readonly name: 'RankevalError';
  declare readonly code: RankevalErrorCode;
  /** What the function expected, in words (e.g. "a positive integer or Infinity"). */
  declare readonly expected: string;
  /** The offending value as it was received. */
  declare readonly received: unknown;

  /** With `cause`: what the caller's code threw (a getter, an iterator, a callback, a revoked Proxy), kept whole. */
  constructor(code: RankevalErrorCode, message: string, expected: string, received: unknown, options?: { readonly cause: unknown }) {
    super(boundMessage(message), options);
    this.name = 'RankevalError';
    this.code = code;
    this.expected = expected;
    this.received = received;
  }
}

// A message quotes what the caller gave (a measure name, a file's line, an id): a 10 MB value would make a
// 10 MB message. No word of a message rankeval writes is this long, nor any message this long.
const LONGEST_RUN = 200;
const LONGEST_MESSAGE = 2000;

/** Keeps the start and the end of `text`, saying how many characters in between were left out. */
function cut(text: string, head: number, tail: number): string {
  // Never split a surrogate pair: half a character would print as U+FFFD.
  if (isHighSurrogate(text.charCodeAt(head - 1))) head--;
  if (isHighSurrogate(text.charCodeAt(text.length - tail - 1))) tail++;
  return `${text.slice(0, head)}…(${(text.length - head - tail).toLocaleString('en-US')} characters left out)…${text.slice(text.length - tail)}`;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isBlank = (code: number): boolean => code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2028 || code === 0x2029;

/**
 * The message with every run of more than 200 non-blank characters cut to its start and end, then, if it is
 * still over 2,000 characters (many short words), cut likewise as a whole: no message grows with the input.
 * The value itself stays whole in `received`. One pass over the characters, whatever their layout.
 */
export function boundMessage(message: string): string {
  let shortened = '';
  let copied = 0;
  let runStart = -1;
  for (let i = 0; i <= message.length; i++) {
    if (i < message.length && !isBlank(message.charCodeAt(i))) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0 && i - runStart > LONGEST_RUN) {
      shortened += message.slice(copied, runStart) + cut(message.slice(runStart, i), 120, 40);
      copied = i;
    }
    runStart = -1;
  }
  shortened = copied === 0 ? message : shortened + message.slice(copied);
  return shortened.length <= LONGEST_MESSAGE ? shortened : cut(shortened, 1400, 400);
}

/** Type guard: `true` for errors thrown by rankeval, whatever realm or copy of the package threw them. */
export function isRankevalError(error: unknown): error is RankevalError {
  return error instanceof RankevalError || (error instanceof Error && error.name === 'RankevalError' && 'code' in error);
}

/**
 * Quotes a value for a message: `` `0` (number) ``, `` `"a"` (string) ``, `` `[object]` ``. The work is
 * bounded whatever the value: a long string is cut before it is quoted, and a value that cannot be looked
 * into (a proxy of a proxy … thousands deep overflows the stack in `Array.isArray`; a revoked proxy throws)
 * is described by its `typeof` alone, so that formatting the message never throws instead of the error.
 */
export function describeValue(value: unknown): string {
  let type: string;
  let shown: string;
  try {
    type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    if (typeof value === 'string') shown = JSON.stringify(value.length > 60 ? value.slice(0, 60) : value);
    else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value == null) shown = String(value);
    else if (Array.isArray(value)) shown = `array of ${value.length}`;
    // A plain object as JSON (`{"id":"d2"}`), which says more than `[object Object]`.
    else if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
      // Flat and small only, so that the work stays bounded: a nested object could be a whole run.
      const values = Object.values(value as object);
      const flat = values.length <= 8 && values.every((item) => item === null || (typeof item !== 'object' && typeof item !== 'function'));
      shown = flat ? quoteJson(value, 60) : `object of ${values.length} keys`;
    }
    else shown = Object.prototype.toString.call(value);
  } catch {
    type = typeof value;
    shown = `an uninspectable ${type}`;
  }
  if (shown.length > 60) shown = `${shown.slice(0, 57)}...`;
  return `\`${shown}\` (${type})`;
}

/**
 * Describes what a caller's code threw or rejected with, as it is: an Error by its name and message
 * (`TypeError: boom`), anything else quoted (`` `0` (number) ``, `` `null` (null) ``), so that no failure
 * reads as "undefined" or as another value. Never throws, whatever was thrown (a revoked Proxy included).
 */
export function describeThrown(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return thrown.message === '' ? thrown.name : `${thrown.name}: ${thrown.message}`;
  } catch {
    // A revoked Proxy throws on `instanceof`: described by describeValue, which never throws.
  }
  return describeValue(thrown);
}

/**
 * Runs `read`, a read of a value the caller gave (`what`, named as messages name it); whatever that read
 * throws that is not already a RankevalError (a revoked Proxy, a getter or an iterator that throws) becomes
 * one of `code`, naming the argument and what was thrown, which is kept as its `cause`. The one guard every
 * boundary reader runs its reads of caller values in, so that no untyped error escapes the library.
 */
export function whileReading<T>(fn: string, code: RankevalErrorCode, what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw readFailure(error, fn, code, what);
  }
}

/** The error whileReading throws for `error`: a RankevalError as it is, anything else wrapped (see whileReading). */
export function readFailure(error: unknown, fn: string, code: RankevalErrorCode, what: string): unknown {
  if (isRankevalErrorSafe(error)) return error;
  return new RankevalError(
    code,
    `${fn}: reading ${what} threw ${describeThrown(error)}`,
    'a value that can be read (not a revoked Proxy, no getter or iterator that throws)',
    error,
    { cause: error },
  );
}

function isRankevalErrorSafe(error: unknown): boolean {
  try {
    return isRankevalError(error);
  } catch {
    return false;
  }
}

/** Throws a RankevalError whose message reads ``fn: expected `what` to be EXPECTED, got `value` (type)``. */
export function fail(code: RankevalErrorCode, fn: string, what: string, expected: string, received: unknown): never {
  throw new RankevalError(code, `${fn}: expected ${what} to be ${expected}, got ${describeValue(received)}`, expected, received);
}

/** How ownOptions names the object and its keys in messages. */
export interface OptionsLabels {
  readonly name?: string;
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
  const { name = '`options`', expected = 'an object', what = 'every option' } = labels;
  return whileReading(fn, 'invalid_option', name, () => {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) fail('invalid_option', fn, name, expected, options);
    const copy = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(options)) {
      if (!known.includes(key)) fail('invalid_option', fn, what, `one of ${known.map((option) => `\`${option}\``).join(', ')}`, key);
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

/** An error in a file, located: the message reads `file:line: what is wrong`. */
export function parseError(file: string, line: number, message: string, expected = 'a well-formed file'): RankevalError {
  return new RankevalError('parse_error', `${file}:${line}: ${message}`, expected, { file, line });
}

/**
 * A value read from a file, written as `JSON.stringify` writes it for a message and cut at `limit`
 * characters with an ellipsis, so that a huge or deeply nested value cannot blow up the message (or the
 * stack); `nothing` when absent.
 */
export function quoteJson(value: unknown, limit = 100): string {
  if (value === undefined) return 'nothing';
  let out = '';
  // Each level of nesting writes a character first, so the recursion stops within `limit` levels.
  const write = (item: unknown): void => {
    if (out.length > limit) return;
    if (typeof item === 'string') out += JSON.stringify(item.slice(0, limit + 1));
    else if (Array.isArray(item)) {
      out += '[';
      for (let i = 0; i < item.length && out.length <= limit; i++) {
        if (i > 0) out += ',';
        write(item[i]);
      }
      out += ']';
    } else if (typeof item === 'object' && item !== null) {
      out += '{';
      let first = true;
      for (const key in item) {
        if (out.length > limit) break;
        if (!first) out += ',';
        first = false;
        out += `${JSON.stringify(key.slice(0, limit + 1))}:`;
        write((item as Record<string, unknown>)[key]);
      }
      out += '}';
    } else out += typeof item === 'bigint' ? `${item}n` : (JSON.stringify(item) ?? String(item));
  };
  write(value);
  return out.length > limit ? `${out.slice(0, limit - 1)}…` : out;
}
