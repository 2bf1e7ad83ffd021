// The matchers' arguments read as the library reads its own, and a library error said by the matcher
// that called the function (`toHaveMeasure: …`, not `evaluateRun: …`).
import { parseMeasure } from '../measures/registry.js';
import { fail, RankevalError, renamed, speakingFor, type ErrorScope, type RankevalErrorCode, type SubjectNaming } from '../core/errors.js';
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
  if (typeof min !== 'number' || Number.isNaN(min)) fail('invalid_option', matcher, 'the threshold', 'a number', min);
  return min as number;
}

/** A measure name, checked here so that its error is named by the matcher, as its other errors are. */
export function readMeasure(measure: unknown, matcher: string): string {
  if (typeof measure !== 'string') fail('invalid_option', matcher, 'the measure', "a measure name such as 'ndcg@10'", measure);
  named(matcher, undefined, () => parseMeasure(measure));
  return measure;
}

/** The errors that are about a run (its shape, a ranking, a check on it), not about the qrels or options. */
const RUN_ERRORS: readonly RankevalErrorCode[] = ['invalid_run', 'invalid_ranking', ...RUN_CHECK_CODES];

/**
 * `compute()`, with a RankevalError it throws said by the matcher in place of the library function that
 * threw it (the reader wrote `toNotRegressFrom`, not `evaluateRun`), within the scope of `run` (`the baseline`) when the
 * error is about that run (its code says so), and each subject named by `naming` where it names it.
 */
export function named<T>(matcher: string, run: ErrorScope | undefined, compute: () => T, naming?: SubjectNaming): T {
  try {
    return compute();
  } catch (error) {
    if (!(error instanceof RankevalError)) throw error;
    const scopes = run !== undefined && RUN_ERRORS.includes(error.code) ? [run] : [];
    const said = speakingFor(error, matcher, ['evaluateRun', 'compare'], scopes);
    throw naming === undefined ? said : renamed(said, naming);
  }
}

/**
 * One ranking is scored as the run of one query, `query`, an id the matcher made up: messages leave it
 * unnamed (`qrels`, not `qrels["query"]`; the document, not the document `(query "query")`).
 */
export const withoutQueryId: SubjectNaming = (subject) => (subject.kind === 'query' && subject.query === 'query' ? '' : undefined);
