// nuggetRecall: the retriever's side of the nugget scores (nuggetizer's retrieval mode): how much of a
// topic's nuggets the top k documents support, scored by the same declarations as an answer.
import { argument, fail, type ErrorAbout } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { readByQuery } from '../core/inputs.js';
import { readCutoff } from '../core/metric-options.js';
import { indexIds, releaseIndex } from '../core/id-index.js';
import { rankedIds } from '../core/ordering.js';
import type { ByQuery, Ranking } from '../core/types.js';
import { meanOf } from '../stats/mean.js';
import type { AssignedNugget } from '../formats/nuggets.js';
import { checkedNugget } from './evaluate-nuggets.js';
import { NUGGET_SCORES, nuggetScore, type NuggetScoreKey } from './scores.js';

/** Document id → the topic's nuggets with their assignment to that document (nuggetizer assigns every nugget to every document). */
export type DocumentNuggets = ByQuery<readonly AssignedNugget[]>;

export interface NuggetRecallOptions {
  /** Cutoff: a positive integer, or Infinity (default) for the whole ranking. */
  readonly k?: number;
  /** Count only the vital nuggets (default false: every nugget). */
  readonly vitalOnly?: boolean;
  /** A partial support counts 0 (default false: it counts 0.5). */
  readonly strict?: boolean;
}

/** A run's nugget recall: each topic's, and their mean. */
export interface NuggetRecallResult {
  readonly perQuery: Readonly<Record<string, number>>;
  /** The mean over the topics of `documentNuggets`; undefined for none. */
  readonly mean: number | undefined;
}

const FN = 'nuggetRecall';
const DOCUMENT_NUGGETS = argument('documentNuggets');
const KEYS = ['k', 'vitalOnly', 'strict'];

interface RecallSettings {
  readonly k: number;
  readonly score: NuggetScoreKey;
}

/** The options read once, in the order their errors are reported. */
function recallSettings(options: NuggetRecallOptions, fn: string): RecallSettings {
  const { k = Infinity, vitalOnly = false, strict = false } = ownOptions(options, KEYS, fn);
  const cutoff = readCutoff(k, fn);
  if (typeof vitalOnly !== 'boolean') fail('invalid_option', fn, { kind: 'option', option: 'vitalOnly' }, 'a boolean', vitalOnly);
  if (typeof strict !== 'boolean') fail('invalid_option', fn, { kind: 'option', option: 'strict' }, 'a boolean', strict);
  const score: NuggetScoreKey = strict ? (vitalOnly ? 'strictVital' : 'strictAll') : vitalOnly ? 'vital' : 'all';
  return Object.freeze({ k: cutoff, score });
}

/** The recall of one topic (`query`, of a run), its options already read. */
function recallOf(ranking: Ranking, documentNuggets: DocumentNuggets, { k, score }: RecallSettings, fn: string, where: string, query: string | undefined): number {
  const declaration = NUGGET_SCORES.find(({ key }) => key === score)!;
  const ids = rankedIds(ranking, fn, where);
  releaseIndex(indexIds(ids, fn, where));
  const documents = readByQuery<unknown>(documentNuggets, fn, '`documentNuggets`', 'invalid_nuggets', 'a Map or an object of document id → nuggets');
  const top = new Set(ids.slice(0, Math.min(ids.length, k)) as string[]);
  // Each nugget (by text) once, with the best assignment any top-k document gives it.
  const best = new Map<string, AssignedNugget>();
  for (const [docId, nuggets] of documents) {
    const what = `documentNuggets[${JSON.stringify(docId)}]`;
    const about: ErrorAbout = { subject: DOCUMENT_NUGGETS, at: query === undefined ? undefined : { query }, facts: { key: docId } };
    if (!Array.isArray(nuggets)) fail('invalid_nuggets', fn, what, 'an array of nuggets', nuggets, about);
    nuggets.forEach((value: unknown, j) => {
      const nugget = checkedNugget(value, fn, `${what}[${j}]`, about);
      const seen = best.get(nugget.text);
      if (seen !== undefined && seen.importance !== nugget.importance) {
        fail('invalid_nuggets', fn, `${what}[${j}].importance`, `${JSON.stringify(seen.importance)}, as nugget ${JSON.stringify(nugget.text)} has elsewhere`, nugget.importance, {
          ...about,
          facts: { key: docId, choices: [seen.importance] },
        });
      }
      const credit = top.has(docId) ? nugget.assignment : 'not_support';
      if (seen === undefined || declaration.credit[credit] > declaration.credit[seen.assignment]) best.set(nugget.text, { ...nugget, assignment: credit });
    });
  }
  return nuggetScore([...best.values()], declaration);
}

/**
 * Nugget recall at k: the share of a topic's nuggets that some document of the top k supports, as
 * nuggetizer's retrieval mode scores a retriever.
 *
 * NR@k = Σₙ w(n)·maxₐ∈top k c(d, n) / Σₙ w(n) over the topic's nuggets n (every nugget `documentNuggets`
 * names), w = 1 (vitalOnly: 1 for vital, 0 for okay), c = 1 for support, 0.5 for partial support (0 when
 * strict), 0 for not_support
 *
 * - 0 when the topic has no nuggets (no vital ones under vitalOnly): nuggetizer's 0 for a 0 denominator.
 * - A ranked document `documentNuggets` does not list supports nothing; order inside the top k does not matter.
 *
 * @param ranking ids in rank order, or `{id, score}` objects (score descending, ties by id descending)
 * @param documentNuggets document id → the topic's nuggets with their assignment to that document
 * @param options `k` (default Infinity), `vitalOnly` (default false), `strict` (default false)
 * @returns a number in [0, 1]
 * @throws {RankevalError} `invalid_cutoff`, `invalid_ranking`, `invalid_option`; `invalid_nuggets` for a
 *   nugget not of the vocabulary, or one nugget given two importances
 * @example
 * nuggetRecall(['d1', 'd2'], { d2: [{ text: 'a', importance: 'vital', assignment: 'partial_support' }] }, { k: 2 }) // => 0.5
 * @see castorini/nuggetizer (Pradeep et al., "The Great Nugget Recall", 2025)
 */
export function nuggetRecall(ranking: Ranking, documentNuggets: DocumentNuggets, options: NuggetRecallOptions = {}): number {
  return recallOf(ranking, documentNuggets, recallSettings(options, FN), FN, 'the ranking', undefined);
}

/**
 * Nugget recall at k of a run, topic by topic, and the mean over the topics of `documentNuggets`. A topic
 * the run does not rank scores 0 and enters the mean; a ranked topic without assignments is left out.
 *
 * @param run query id → ranking
 * @param documentNuggets query id → (document id → nuggets), as nuggetRecall takes per topic
 * @example nuggetRecallOfRun({ q1: ['d1'] }, { q1: { d1: [{ text: 'a', importance: 'okay', assignment: 'support' }] } }).mean // => 1
 */
export function nuggetRecallOfRun(run: ByQuery<Ranking>, documentNuggets: ByQuery<DocumentNuggets>, options: NuggetRecallOptions = {}): NuggetRecallResult {
  const fn = 'nuggetRecallOfRun';
  const settings = recallSettings(options, fn);
  const rankings = readByQuery<Ranking>(run, fn, '`run`', 'invalid_run');
  const topics = readByQuery<DocumentNuggets>(documentNuggets, fn, '`documentNuggets`', 'invalid_nuggets', 'a Map or an object of query id → document nuggets');
  const perQuery: Record<string, number> = {};
  for (const [queryId, documents] of topics) perQuery[queryId] = recallOf(rankings.get(queryId) ?? [], documents, settings, fn, `the ranking of query ${JSON.stringify(queryId)}`, queryId);
  const scores = Object.values(perQuery);
  return { perQuery, mean: scores.length === 0 ? undefined : meanOf(scores) };
}
