// Whether a number is a value a query can score on a measure, from the catalogue's `values`: its range, and
// where the values are discrete (P@k is i/k, success 0 or 1, RR 0 or 1/r, the counts integers) that step.
// mergeEvaluations holds every value of a part to it, so that an edited or hand-made part is refused.
import type { Ties } from '../core/types.js';
import { valuesOf, type ValueSet } from './catalogue.js';
import type { ParsedMeasure } from './registry.js';

/**
 * How far a computed value may sit from the exact one: i/k times k, or 1 / (1/r), is an integer to within a
 * few units in the last place; 1e-9 of it is thousands of those, and far less than any step between values.
 */
const TOLERANCE = 1e-9;

const nearInteger = (x: number): boolean => Math.abs(x - Math.round(x)) <= TOLERANCE * Math.max(1, Math.abs(x));

/** The measure's values for this parameterisation, its step kept only where the tie rule keeps it (see `ValueSet`). */
export function possibleValues(measure: ParsedMeasure, ties: Ties): ValueSet {
  const values = valuesOf(measure.definition, measure.params);
  const { step, ...range } = values;
  // A tie-averaged value is an expectation over orders: only a count is the same in every order.
  if (step === undefined || (ties === 'average' && step !== 'integer')) return range;
  // i/k needs a cutoff (P with a budget, or of the whole ranking, divides by what was retrieved).
  if (step === 'cutoff' && measure.cutoff === Infinity) return range;
  return values;
}

/**
 * Whether a query can score `value` on the measure under the tie rule `ties`: a finite number in its range,
 * on its step where it has one (to within rounding).
 *
 * @example canScore(0.5, parseMeasure('P@2'), 'trec') // => true
 * @example canScore(0.123456, parseMeasure('P@1'), 'trec') // => false
 */
export function canScore(value: number, measure: ParsedMeasure, ties: Ties): boolean {
  return scorable(measure, ties)(value);
}

/** `canScore` of one measure and tie rule, read from the catalogue once for every value tested. */
export function scorable(measure: ParsedMeasure, ties: Ties): (value: number) => boolean {
  const { min, max, step } = possibleValues(measure, ties);
  const { cutoff } = measure;
  const inRange = (value: number): boolean => Number.isFinite(value) && value >= min && value <= max;
  switch (step) {
    case undefined:
      return inRange;
    case 'integer':
      return (value) => inRange(value) && Number.isInteger(value);
    case 'binary':
      return (value) => value === 0 || value === 1;
    case 'cutoff':
      return (value) => inRange(value) && nearInteger(value * cutoff);
    default:
      // 'reciprocal': 0, or 1/r for a rank r within the cutoff (no ranking is longer than the longest array).
      return (value) => value === 0 || (inRange(value) && nearInteger(1 / value) && Math.round(1 / value) <= Math.min(cutoff, Number.MAX_SAFE_INTEGER));
  }
}

/** The values in words, for messages: `a multiple of 1/5 in [0, 1]`, `0 or 1`, `an integer in [0, 9007199254740991]`. */
export function describeValues(measure: ParsedMeasure, ties: Ties): string {
  const { min, max, step } = possibleValues(measure, ties);
  const range =
    min === -Number.MAX_VALUE && max === Number.MAX_VALUE ? 'a finite number' : max === Number.MAX_VALUE ? `a finite number ≥ ${min}` : `in [${min}, ${max}]`;
  switch (step) {
    case undefined:
      return range.startsWith('in') ? `a number ${range}` : range;
    case 'integer':
      return `an integer ${range.startsWith('in') ? range : `≥ ${min}`}`;
    case 'binary':
      return '0 or 1';
    case 'cutoff':
      return `a multiple of 1/${measure.cutoff} ${range}`;
    default:
      return measure.cutoff === Infinity ? '0 or 1/r for a rank r' : `0 or 1/r for a rank r ≤ ${measure.cutoff}`;
  }
}

/**
 * The value a query without relevant document (none graded at least `relevanceThreshold`, nor ≥ 0) scores
 * on the measure, where its formula fixes one (the catalogue's `noRelevant`); undefined otherwise, and for a
 * measure whose own relevance level `rel` is below the threshold (a document under it is relevant there).
 *
 * @example noRelevantValue(parseMeasure('P@1'), 1) // => 0
 * @example noRelevantValue(parseMeasure('P(rel=0)@1'), 1) // => undefined
 */
export function noRelevantValue(measure: ParsedMeasure, relevanceThreshold: number): number | undefined {
  const { rel } = measure.params;
  if (rel !== undefined && Math.max(rel, 0) < Math.max(relevanceThreshold, 0)) return undefined;
  return valuesOf(measure.definition, measure.params).noRelevant;
}

/**
 * The value an empty ranking (a judged query the run does not answer) scores on the measure, where it does
 * not depend on the judgments (the catalogue's `emptyRanking`); undefined otherwise.
 *
 * @example emptyRankingValue(parseMeasure('ndcg@10')) // => 0
 * @example emptyRankingValue(parseMeasure('judged@10')) // => 1 (1 − unj@10)
 */
export function emptyRankingValue(measure: ParsedMeasure): number | undefined {
  return valuesOf(measure.definition, measure.params).emptyRanking;
}
