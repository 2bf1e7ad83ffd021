import { argument, fail } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { compareUtf8, orderRanking, readScoreOrder } from '../core/ordering.js';
import { isRelevant, readJudgments } from '../core/judgments.js';
import { resolveOptions } from '../core/metric-options.js';
import { indexIds, rankOf } from '../core/id-index.js';
import { budgetCut } from '../measures/query-source.js';
import { isTokenLength, TOKEN_LENGTH } from '../core/token-length.js';
import type { MetricOptions, Qrels, Ranking, ScoreOrder } from '../core/types.js';

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
  /** Which way an `{id, score}` ranking's scores rank, as in `evaluateRun`: `'ascending'` shows the lowest first. Default `'descending'`. */
  readonly scoreOrder?: ScoreOrder;
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
  const { depth = 10, scoreOrder, ...metricOptions } = ownOptions(options, ['depth', 'relevanceThreshold', 'ties', 'scoreOrder'], fn);
  if (!(depth === Infinity || (Number.isInteger(depth) && depth > 0))) fail('invalid_option', fn, { kind: 'option', option: 'depth' }, 'a positive integer or Infinity', depth);
  const { relevanceThreshold, ties } = resolveOptions(metricOptions, fn);
  const { grades, relevant } = readJudgments(qrels, relevanceThreshold, fn);
  // `given` shows the array's order; `average` has no one order, so it shows trec_eval's, as `trec` does.
  const ids = orderRanking(ranking, fn, 'the ranking', ties === 'given' ? 'given' : 'trec', readScoreOrder(scoreOrder, fn)).ids as readonly string[];
  const index = indexIds(ids, fn, 'the ranking');
  return explainTop(ids.slice(0, Math.min(ids.length, depth)), ids.length, (id) => rankOf(index, id), grades, relevant, relevanceThreshold, depth);
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

/** A document of a budget window, with its length and the running total of the window up to it. */
export interface BudgetedDocument extends ExplainedDocument {
  /** Its length in tokens. */
  readonly tokens: number;
  /** The lengths of the documents ranked 1 to this one, summed. */
  readonly total: number;
}

/** Where a token budget cuts a ranking, as `budgetCut` cuts it for the measures. */
export interface BudgetWindow {
  /** The budget in tokens. */
  readonly budget: number;
  /** The documents within the budget: ranks 1 to `held`. */
  readonly held: number;
  /** Their lengths summed. */
  readonly tokens: number;
  /**
   * The document that ends the window, whose length would take the total past the budget (`total` >
   * `budget`); null when the window ends with the ranking or at the system's k instead.
   */
  readonly next: BudgetedDocument | null;
  /** The documents retrieved beyond the system's k, which no budget reaches (0 without one). */
  readonly beyondSystemK: number;
}

/** The view of a ranking under a token budget: `top` is the window (or its first `shown` documents). */
export interface BudgetExplanation extends Explanation {
  /** The documents within the budget, at most `shown` of them. */
  readonly top: BudgetedDocument[];
  /**
   * The relevant documents out of `top`: those beyond the budget (with their ranks), not retrieved, or
   * (when the window is longer than `shown`) within it but not shown.
   */
  readonly missed: MissedDocument[];
  readonly window: BudgetWindow;
}

/**
 * The view of a ranking under a token budget, from the explanation of the whole ranking (`full`, its `top`
 * every document retrieved): the documents the budget holds, cut by `budgetCut` as the measures cut them
 * (in rank order, no deeper than `depth`, the system's k), with their lengths and running total, the
 * document that would pass the budget, and the relevant documents left out. The view behind `rankeval eval
 * --explain` and the report's "lost most" for a budget measure, and the matchers' failure messages.
 *
 * @example
 * explainWithinBudget(explainRanking(['a', 'b', 'c'], { c: 1 }, { depth: Infinity }), 250, Infinity, (id) => ({ a: 100, b: 120, c: 90 })[id]!, 20)
 * // => window { budget: 250, held: 2, tokens: 220, next: c (90 tokens, total 310) }; missed: c at rank 3
 */
export function explainWithinBudget(full: Explanation, budget: number, depth: number, tokens: (id: string) => number, shown: number): BudgetExplanation {
  const fn = 'explainWithinBudget';
  if (typeof budget !== 'number' || !(budget >= 0) || !Number.isFinite(budget)) fail('invalid_option', fn, { kind: 'option', option: 'budget' }, 'a number of tokens ≥ 0', budget);
  for (const [name, value] of [['depth', depth], ['shown', shown]] as const) {
    if (!(value === Infinity || (Number.isInteger(value) && value > 0))) fail('invalid_option', fn, argument(name), 'a positive integer or Infinity', value);
  }
  // A length that is not a number would hold every document (NaN passes no budget): refused, naming the document.
  const lengthOf = (id: string): number => {
    const length = tokens(id);
    if (!isTokenLength(length)) fail('invalid_option', fn, `the length of document ${JSON.stringify(id)}`, TOKEN_LENGTH, length, { subject: argument('tokens'), at: { document: id } });
    return length;
  };
  const ids = full.top.map(({ id }) => id);
  const held = budgetCut(ids, budget, depth, lengthOf);
  let total = 0;
  const window = full.top.slice(0, held).map((document): BudgetedDocument => {
    const length = lengthOf(document.id);
    total += length;
    return { ...document, tokens: length, total };
  });
  const last = Math.min(ids.length, depth);
  const after = full.top[held];
  const next = held < last && after !== undefined ? budgeted(after, lengthOf(after.id), total) : null;
  const top = window.slice(0, shown);
  const deeper = full.top.slice(top.length).filter(({ relevant }) => relevant).map(({ id, grade, rank }) => ({ id, grade: grade!, rank }));
  const missed = [...deeper, ...full.missed].sort((a, b) => b.grade - a.grade || compareUtf8(a.id, b.id));
  return { ...full, top, missed, window: { budget, held, tokens: total, next, beyondSystemK: ids.length - last } };
}

const budgeted = (document: ExplainedDocument, tokens: number, before: number): BudgetedDocument => ({ ...document, tokens, total: before + tokens });
