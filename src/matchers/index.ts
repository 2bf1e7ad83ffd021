// Test matchers for vitest and jest (`expect.extend(rankevalMatchers)`). Each one computes its number with
// the library's own function and, when it fails, shows why: the metric, the threshold, the top of the
// ranking with grades and relevance marks, and the relevant documents that were missed.
import { toHaveNdcgAtK, toHavePrecisionAtK, toHaveRecallAtK, toHaveReciprocalRank, toRankFirst, toRetrieve } from './ranking.js';
import { toHaveMeasure, toMeetGates, toNotRegressFrom } from './run.js';

export type { GateOptions, MatcherContext, MatcherResult, MeasureBounds, RankevalMatchers, RegressionOptions } from './types.js';

/**
 * The matchers as a plain object, for `expect.extend(rankevalMatchers)` in jest (vitest users import
 * `rankeval/vitest`, which registers them and their types).
 */
export const rankevalMatchers = {
  toHaveRecallAtK,
  toHavePrecisionAtK,
  toHaveNdcgAtK,
  toHaveReciprocalRank,
  toRankFirst,
  toRetrieve,
  toMeetGates,
  toNotRegressFrom,
  toHaveMeasure,
};
