// The matchers' arguments read as the library reads its own, and a library error said by the matcher
// that called the function (`toHaveMeasure: …`, not `evaluateRun: …`).
import { parseMeasure } from '../measures/registry.js';
import { argument, fail, RankevalError, renamed, speakingFor, type ErrorScope, type RankevalErrorCode, type SubjectNaming } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { RUN_CHECK_CODES } from '../engine/run-checks.js';

/**
 * A matcher's options object, when given, holds only the keys it knows, named by the matcher when not; its
 * own keys, read once (an inherited key is no option), or none.
 */
export function readMatcherOptions<T extends object>(options: T | undefined, known: readonly string[], matcher: string): Partial<T> {
  return options === undefined ? {} : ownOptions(options, known, matcher, { name: 'the options' });
}

export function readMinimum(min: unknown, matcher: string): number {
  if (typeof min !== 'number' || Number.isNaN(min)) fail('invalid_option', matcher, 'the threshold', 'a number', min, argument('min'));
  return min as number;
}

/** A measure name, checked here so that its error is named by the matcher, as its other errors are. */
export function readMeasure(measure: unknown, matcher: string): string {
  if (typeof measure !== 'string') fail('invalid_option', matcher, 'the measure', "a measure name such as 'ndcg@10'", measure, argument('measure'));
  named(matcher, undefined, () => parseMeasure(measure));
  return measure;
}

/** The errors that are about a run (its shape, a ranking, a check on it), not about the qrels or options. */
const RUN_ERRORS: readonly RankevalErrorCode[] = ['invalid_run', 'invalid_ranking', ...RUN_CHECK_CODES];

/**
 * `compute()`, with a RankevalError it throws said by the matcher in place of the library function that
 * threw it, whichever it is (the reader wrote `toRankFirst`, not `explainRanking`), within the scope of
 * `run` (`the baseline`) when the error is about that run (its code says so), and each subject named by
 * `naming` where it names it.
 */
export function named<T>(matcher: string, run: ErrorScope | undefined, compute: () => T, naming?: SubjectNaming): T {
  try {
    return compute();
  } catch (error) {
    if (!(error instanceof RankevalError)) throw error;
    const scopes = run !== undefined && RUN_ERRORS.includes(error.code) ? [run] : [];
    const said = speakingFor(error, matcher, error.fn === undefined ? [] : [error.fn], scopes);
    throw naming === undefined ? said : renamed(said, naming);
  }
}

/** What a matcher is given: the value given to `expect()` (one ranking, a run, or either) and its arguments by name. */
export interface MatcherArguments {
  /** `either`: an array is one ranking, anything else a run. */
  readonly received: 'ranking' | 'run' | 'either';
  /** The arguments after it, by name: `qrels` (judgments) and `baseline` (a run) have their own checks. */
  readonly rest: readonly string[];
}

/** Whether `value` is a Promise or any thenable: what a call left without `await` gives. */
function isThenable(value: unknown): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  try {
    return typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return false; // a getter that throws, a revoked Proxy: no thenable, and the reading names the value
  }
}

/** A golden set's keys beside `qrels` (readGoldenSet's result, or the same shape in memory). */
const GOLDEN_SET_KEYS = ['questions', 'tags', 'format', 'aspects', 'lengths'];

/** Whether `value` is a golden set (its `qrels` and one more of its keys) rather than its judgments. */
function isGoldenSet(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  try {
    if (value instanceof Map || Array.isArray(value)) return false;
    return Object.hasOwn(value, 'qrels') && GOLDEN_SET_KEYS.some((key) => Object.hasOwn(value, key));
  } catch {
    return false; // a revoked Proxy: no golden set, and the reading names the value
  }
}

/** How a message names what `expect()` was given, and what it should be. */
const RECEIVED = {
  ranking: { what: 'the ranking', expected: 'an array of ids or of {id, score} objects' },
  run: { what: 'the run', expected: 'query id → ranking' },
  either: { what: 'the ranking or run', expected: 'a ranking (an array) or a run (query id → ranking)' },
} as const;

/**
 * The slips of a matcher's arguments that the library would take for other values and name by its own
 * functions, caught before any of them reads the arguments: a Promise (a call without `await`: a ranking
 * of no ids, a run of no queries) and a golden set where its `qrels` are meant. Each is an error of the
 * matcher's code for that argument (`invalid_ranking`, `invalid_run`, `invalid_qrels`, `invalid_option`)
 * with the likely fix: ``toRankFirst: expected the ranking given to expect() to be an array of ids or of
 * {id, score} objects, got a Promise: did you forget `await`?``.
 */
export function checkMatcherArguments(matcher: string, shape: MatcherArguments, received: unknown, rest: readonly unknown[]): void {
  const thenable = (argument: string, what: string, code: RankevalErrorCode, expected: string, value: unknown): void => {
    if (!isThenable(value)) return;
    const problem = `expected ${what} to be ${expected}, got a Promise: did you forget \`await\`?`;
    throw new RankevalError({ code, fn: matcher, subject: { kind: 'argument', argument }, what, problem, expected, received: value });
  };
  const { what, expected } = RECEIVED[shape.received];
  thenable('received', `${what} given to expect()`, shape.received === 'ranking' ? 'invalid_ranking' : 'invalid_run', expected, received);
  // One ranking's judgments are its query's; a run's, by query.
  const ranking = shape.received === 'ranking' || (shape.received === 'either' && Array.isArray(received));
  shape.rest.forEach((argument, i) => {
    const value = rest[i];
    if (argument === 'qrels') {
      const expected = ranking ? "the ranking's query's judgments (document id → grade)" : 'judgments (query id → document id → grade)';
      thenable(argument, '`qrels`', 'invalid_qrels', expected, value);
      if (isGoldenSet(value)) {
        const fix = ranking ? "its query's judgments: `golden.qrels.get(queryId)`" : '`golden.qrels`';
        const problem = `expected \`qrels\` to be ${expected}, got a golden set (${Object.keys(value as object).join(', ')}): pass ${fix}`;
        throw new RankevalError({ code: 'invalid_qrels', fn: matcher, subject: { kind: 'argument', argument }, problem, expected, received: value });
      }
    } else if (argument === 'baseline') thenable(argument, 'the baseline', 'invalid_run', 'a run (query id → ranking)', value);
    else thenable(argument, `\`${argument}\``, 'invalid_option', 'a value, not a Promise', value);
  });
}

/**
 * One ranking is scored as the run of one query, `query`, an id the matcher made up: messages leave it
 * unnamed (`qrels`, not `qrels["query"]`; the document, not the document `(query "query")`).
 */
export const withoutQueryId: SubjectNaming = (subject) => (subject.kind === 'query' && subject.query === 'query' ? '' : undefined);
