// The grades a judge may give: whole numbers from 0 up, each with what it means.
import { fail } from '../core/errors.js';

/**
 * A grading scale: what each grade means, lowest first — grade `i` is `scale[i]`, so a scale of four
 * descriptions has grades 0 to 3. At least two grades.
 *
 * @example ['Not relevant', 'Relevant'] // a binary scale: grades 0 and 1
 */
export type RelevanceScale = readonly string[];

/**
 * The default scale, 0 to 3, as TREC's deep-learning tracks grade passages and UMBRELA's judge prompt
 * words them (Upadhyay et al. 2024), in our own words.
 */
export const DEFAULT_SCALE: RelevanceScale = [
  'Irrelevant: the passage has nothing to do with the query.',
  'Related: the passage is on the topic of the query but does not answer it.',
  'Highly relevant: the passage answers the query, but the answer is partial, or buried in other material.',
  'Perfectly relevant: the passage is about the query and holds its whole answer.',
];

/** The scale given, checked: a list of at least two descriptions (strings). */
export function readScale(scale: unknown, fn: string): RelevanceScale {
  if (!Array.isArray(scale) || scale.length < 2 || scale.some((meaning) => typeof meaning !== 'string')) {
    fail('invalid_option', fn, { kind: 'option', option: 'scale' }, 'a list of at least two descriptions, one per grade, lowest first', scale);
  }
  return scale as RelevanceScale;
}

/** Whether `grade` is on a scale of `size` grades: a whole number from 0 to size − 1. */
export const onScale = (grade: number, size: number): boolean => Number.isInteger(grade) && grade >= 0 && grade < size;

/** The scale's grades in words: `a whole number from 0 to 3`. */
export const scaleWords = (size: number): string => `a whole number from 0 to ${size - 1}`;
