// The values a query can score on a measure, as the catalogue's entries declare them (`ValueSet`).
import type { MeasureParams } from '../context.js';
import type { ValueSet } from '../definition.js';

/** A share of the relevant documents (or of the ranks that hold them): in [0, 1], 0 without any, 0 for an empty ranking. */
export const SHARE: ValueSet = { min: 0, max: 1, noRelevant: 0, emptyRanking: 0 };
/** In [0, 1], whatever the query's judgments. */
export const UNIT: ValueSet = { min: 0, max: 1 };
/** In [0, 1], 0 for an empty ranking. */
export const RANKED_UNIT: ValueSet = { ...UNIT, emptyRanking: 0 };
/** A count of documents: an integer from 0 to 2^53 − 1 (no ranking or qrels hold more). */
export const COUNT: ValueSet = { min: 0, max: Number.MAX_SAFE_INTEGER, step: 'integer' };
/** A count of retrieved documents: 0 for an empty ranking. */
export const RETRIEVED: ValueSet = { ...COUNT, emptyRanking: 0 };
/** A sum of gains or lengths: ≥ 0, with no bound short of the largest number (grades and lengths are the caller's). */
export const AMOUNT: ValueSet = { min: 0, max: Number.MAX_VALUE };
/** A sum over the ranking (of gains or lengths): 0 for an empty ranking. */
export const RANKED_AMOUNT: ValueSet = { ...AMOUNT, emptyRanking: 0 };
/** Any finite number. */
export const ANY: ValueSet = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE };
/**
 * A measure normalised by the ideal ranking's gains: in [0, 1] on the grades' own gains. A gain table
 * (`gains`) need not rise with the grade, nor cover every grade (one it leaves out gains its grade), so the
 * ideal trec_eval walks (down the grades) can be beaten: ≥ 0 with no bound short of the largest number,
 * and any finite number once a gain is negative. 0 for an empty ranking.
 */
export const gainTable = (params: MeasureParams): ValueSet => ({ ...(params.gains === undefined ? UNIT : params.gains.some((pair) => pair.gain < 0) ? ANY : AMOUNT), emptyRanking: 0 });
