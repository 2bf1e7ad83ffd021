import { checkOptions, fail } from './errors.js';
import { compareUtf8, isRelevant, rankedIds, readJudgments, resolveOptions } from './metrics/counts.js';
import { indexIds, rankOf } from './metrics/id-index.js';
import type { MetricOptions, Qrels, Ranking } from './types.js';

/** One ranked document, as `explainRanking` shows it. */
export interface ExplainedDocument {
  /** 1-based rank. */
  readonly rank: number;
  readonly id: string;
  /** The grade in the qrels, or null when the document is not judged. */
  readonly grade: number | null;
  /** Whether it counts as relevant (grade ≥ the relevance threshold). */
  readonly relevant: boolean;
}

/** A relevant document that is not in the shown top of the ranking. */
export interface MissedDocument {
  readonly id: string;
  readonly grade: number;
  /** Where the ranking has it (deeper than shown), or null when it was not retrieved at all. */
  readonly rank: number | null;
}

export interface Explanation {
  /** The top of the ranking, down to `depth`. */
  readonly top: ExplainedDocument[];
  /** Relevant documents not in `top`: highest grade first, then by id. */
  readonly missed: MissedDocument[];
  /** Documents in the whole ranking. */
  readonly retrieved: number;
  /** Relevant documents in the qrels (R). */
  readonly relevant: number;
}

export interface ExplainOptions extends Pick<MetricOptions, 'relevanceThreshold' | 'ties'> {
  /** How many ranks to show: a positive integer or Infinity. Default 10. */
  readonly depth?: number;
}

/**
 * Shows why a ranking scores what it does: its top documents with their grades, and where the relevant
 * documents that are not among them went (deeper in the ranking, or not retrieved). The view behind
 * `rankeval eval --explain` and the test matchers' failure messages.
 *
 * @throws {RankevalError} `invalid_ranking` (a non-string or repeated id, as for every metric),
 *   `invalid_qrels`, `invalid_option` (also for a key that is not an option)
 * @example
 * explainRanking(['G', 'x', 'T'], { T: 2, G: 1, F: 1 }, { depth: 3 })
 * // => { top: [{rank: 1, id: 'G', grade: 1, relevant: true}, {rank: 2, id: 'x', grade: null, relevant: false},
 * //            {rank: 3, id: 'T', grade: 2, relevant: true}],
 * //      missed: [{id: 'F', grade: 1, rank: null}], retrieved: 3, relevant: 3 }
 */
export function explainRanking(ranking: Ranking, qrels: Qrels, options: ExplainOptions = {}): Explanation {
  const fn = 'explainRanking';
  checkOptions(options, ['depth', 'relevanceThreshold', 'ties'], fn);
  const { depth = 10, ...metricOptions } = options;
  if (!(depth === Infinity || (Number.isInteger(depth) && depth > 0))) fail('invalid_option', fn, '`depth`', 'a positive integer or Infinity', depth);
  const { relevanceThreshold, ties } = resolveOptions(metricOptions, fn);
  const { grades, relevant } = readJudgments(qrels, relevanceThreshold, fn);
  // `given` shows the array's order; `average` has no one order, so it shows trec_eval's, as `trec` does.
  const ids = rankedIds(ranking, fn, 'the ranking', ties === 'given' ? 'given' : 'trec') as readonly string[];
  indexIds(ids, fn, 'the ranking');
  return explainTop(ids.slice(0, Math.min(ids.length, depth)), ids.length, rankOf, grades, relevant, relevanceThreshold, depth);
}

/**
 * The explanation of a ranking of `retrieved` documents known by its `top` ids (rank order, `depth` of
 * them or all) and `rankOf` (a document's rank, 0 when it was not retrieved), which is all a view of the
 * top needs: the report keeps only that much of each ranking it may show.
 */
export function explainTop(
  top: readonly string[],
  retrieved: number,
  rankOf: (id: string) => number,
  grades: ReadonlyMap<string, number>,
  relevant: number,
  relevanceThreshold: number,
  depth: number,
): Explanation {
  const shown = top.slice(0, depth).map((id, i): ExplainedDocument => {
    const grade = grades.get(id) ?? null;
    return { rank: i + 1, id, grade, relevant: grade !== null && isRelevant(grade, relevanceThreshold) };
  });
  const missed: MissedDocument[] = [];
  for (const [id, grade] of grades) {
    if (!isRelevant(grade, relevanceThreshold)) continue;
    const rank = rankOf(id) || null;
    if (rank === null || rank > depth) missed.push({ id, grade, rank });
  }
  missed.sort((a, b) => b.grade - a.grade || compareUtf8(a.id, b.id));
  return { top: shown, missed, retrieved, relevant };
}
