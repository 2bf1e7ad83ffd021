// The nugget scores, each a declaration: how much a nugget of each importance weighs, and what a partial
// support is worth. One formula (nuggetScore) scores every one of them.
import { fail, type ErrorSubject } from '../core/errors.js';
import type { AssignedNugget, NuggetImportance, NuggetSupport } from '../formats/nuggets.js';

/** One nugget score: its key, its name in nuggetizer's output and in TREC lines, and its weights. */
export interface NuggetScoreDeclaration {
  readonly key: string;
  /** nuggetizer's name (`strict_vital_score`); the weighted scores, rankeval's own, are named alike. */
  readonly name: string;
  /** The weight of a nugget of each importance: 0 leaves it out of the score. */
  readonly weights: Readonly<Record<NuggetImportance, number>>;
  /** The credit of each assignment: a strict score gives `partial_support` 0, the others 0.5. */
  readonly credit: Readonly<Record<NuggetSupport, number>>;
}

const STRICT = { support: 1, partial_support: 0, not_support: 0 } as const;
const PARTIAL = { support: 1, partial_support: 0.5, not_support: 0 } as const;
const VITAL = { vital: 1, okay: 0 } as const;
const ALL = { vital: 1, okay: 1 } as const;
const WEIGHTED = { vital: 1, okay: 0.5 } as const;

/** The scores, in the order they are shown: nuggetizer's four, then the weighted ones. */
export const NUGGET_SCORES = [
  { key: 'strictVital', name: 'strict_vital_score', weights: VITAL, credit: STRICT },
  { key: 'strictAll', name: 'strict_all_score', weights: ALL, credit: STRICT },
  { key: 'vital', name: 'vital_score', weights: VITAL, credit: PARTIAL },
  { key: 'all', name: 'all_score', weights: ALL, credit: PARTIAL },
  { key: 'strictWeighted', name: 'strict_weighted_score', weights: WEIGHTED, credit: STRICT },
  { key: 'weighted', name: 'weighted_score', weights: WEIGHTED, credit: PARTIAL },
] as const satisfies readonly (NuggetScoreDeclaration & { readonly key: NuggetScoreKey; readonly name: NuggetScoreName })[];

/** The key of a nugget score, spelled out so that the API reference shows the names. */
export type NuggetScoreKey = 'strictVital' | 'strictAll' | 'vital' | 'all' | 'strictWeighted' | 'weighted';

/** The name of a nugget score in nuggetizer's output and rankeval's (`rankeval nuggets`, `nuggetComparisonScores`). */
export type NuggetScoreName = 'strict_vital_score' | 'strict_all_score' | 'vital_score' | 'all_score' | 'strict_weighted_score' | 'weighted_score';

/** An answer's (or a mean's) value of every nugget score. */
export type NuggetScores = Readonly<Record<NuggetScoreKey, number>>;

/**
 * One score of one answer: Σ weight(importance)·credit(assignment) / Σ weight(importance) over the answer's
 * nuggets, e.g. vital = (supported vital + 0.5·partly supported vital) / vital nuggets. A denominator of 0
 * (no nuggets, or none of the weighed importance) scores 0, as nuggetizer's does.
 *
 * @example nuggetScore([{ text: 'a', importance: 'vital', assignment: 'partial_support' }], NUGGET_SCORES[2]) // => 0.5
 */
export function nuggetScore(nuggets: readonly AssignedNugget[], { weights, credit }: NuggetScoreDeclaration): number {
  let gained = 0;
  let weight = 0;
  for (const { importance, assignment } of nuggets) {
    weight += weights[importance];
    gained += weights[importance] * credit[assignment];
  }
  return weight === 0 ? 0 : gained / weight;
}

/** Every score of one answer. */
export function nuggetScores(nuggets: readonly AssignedNugget[]): NuggetScores {
  return Object.fromEntries(NUGGET_SCORES.map((score) => [score.key, nuggetScore(nuggets, score)])) as NuggetScores;
}

/** Refuses a score key not of NUGGET_SCORES, as `invalid_option` on `subject` (the option or argument that gave it). */
export function checkScoreKey(score: unknown, fn: string, subject: ErrorSubject): asserts score is NuggetScoreKey {
  if (!NUGGET_SCORES.some(({ key }) => key === score)) fail('invalid_option', fn, subject, `one of ${NUGGET_SCORES.map(({ key }) => key).join(', ')}`, score);
}
