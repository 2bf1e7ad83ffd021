// Test matchers for vitest and jest (`expect.extend(rankevalMatchers)`). Each one computes its number with
// the library's own function and, when it fails, shows why: the metric, the threshold, the top of the
// ranking with grades and relevance marks, and the relevant documents that were missed.
import { toHaveNdcgAtK, toHavePrecisionAtK, toHaveRecallAtK, toHaveReciprocalRank, toRankFirst, toRetrieve } from './ranking.js';
import { toHaveMeasure, toMeetGates, toNotRegressFrom } from './run.js';
import { checkMatcherArguments, named, type MatcherArguments } from './reading.js';
import type { Matcher, RankevalMatchers } from './types.js';

export type { GateOptions, MatcherContext, MatcherResult, MeasureBounds, RankevalMatchers, RegressionOptions } from './types.js';

/**
 * The matchers as a plain object, for `expect.extend(rankevalMatchers)` in jest (vitest users import
 * `rankeval/vitest`, which registers them and their types).
 */
export const rankevalMatchers = {
  toHaveRecallAtK: asMatcher('toHaveRecallAtK', toHaveRecallAtK),
  toHavePrecisionAtK: asMatcher('toHavePrecisionAtK', toHavePrecisionAtK),
  toHaveNdcgAtK: asMatcher('toHaveNdcgAtK', toHaveNdcgAtK),
  toHaveReciprocalRank: asMatcher('toHaveReciprocalRank', toHaveReciprocalRank),
  toRankFirst: asMatcher('toRankFirst', toRankFirst),
  toRetrieve: asMatcher('toRetrieve', toRetrieve),
  toMeetGates: asMatcher('toMeetGates', toMeetGates),
  toNotRegressFrom: asMatcher('toNotRegressFrom', toNotRegressFrom),
  toHaveMeasure: asMatcher('toHaveMeasure', toHaveMeasure),
};

/** Each matcher's arguments, for checkMatcherArguments: what `expect()` is given, and the arguments after it. */
const ARGUMENTS: { readonly [Name in keyof RankevalMatchers]: MatcherArguments } = {
  toHaveRecallAtK: { received: 'ranking', rest: ['qrels', 'k', 'min', 'options'] },
  toHavePrecisionAtK: { received: 'ranking', rest: ['qrels', 'k', 'min', 'options'] },
  toHaveNdcgAtK: { received: 'ranking', rest: ['qrels', 'k', 'min', 'options'] },
  toHaveReciprocalRank: { received: 'ranking', rest: ['qrels', 'min', 'options'] },
  toRankFirst: { received: 'ranking', rest: ['id'] },
  toRetrieve: { received: 'ranking', rest: ['ids', 'options'] },
  toMeetGates: { received: 'run', rest: ['qrels', 'gates', 'options'] },
  toNotRegressFrom: { received: 'run', rest: ['baseline', 'qrels', 'options'] },
  toHaveMeasure: { received: 'either', rest: ['qrels', 'measure', 'bounds'] },
};

/**
 * The matcher `name` as vitest and jest call it, where every matcher reads its arguments: the slips no
 * library function would name (a Promise, a golden set for its qrels) caught first, and any RankevalError
 * of the call or of its failure message said by the matcher, never by a function it calls.
 */
function asMatcher<Args extends unknown[]>(name: keyof RankevalMatchers, matcher: Matcher<Args>): Matcher<Args> {
  return function (received, ...args) {
    return named(name, undefined, () => {
      checkMatcherArguments(name, ARGUMENTS[name], received, args);
      const result = matcher.call(this, received, ...args);
      return { pass: result.pass, message: () => named(name, undefined, result.message) };
    });
  };
}
