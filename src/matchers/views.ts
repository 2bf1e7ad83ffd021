// What a failure message shows: the top of a ranking with grades and marks, the window a token budget
// holds, the relevant documents missed, and the queries that pulled a mean down (or up).
import { explainRanking, explainWithinBudget } from '../analysis/explain.js';
import { parseMeasure } from '../measures/registry.js';
import { compareUtf8 } from '../core/ordering.js';
import { escapeControls } from '../text/escape.js';
import { budgetWording, explanationText, missedText } from '../text/explain.js';
import type { ByQuery, MetricOptions, Qrels, Ranking } from '../core/types.js';
import type { MeasureBounds } from './types.js';

export const MAX_SHOWN = 20;

/**
 * What a failure message shows of one query for a measure: the ranks the measure reads — its cutoff (10
 * without one), or under a token budget the documents the budget holds, cut as evaluateRun cuts them (in
 * rank order, no deeper than systemK and the cutoff) — and the relevant documents missed there, with their
 * ranks when deeper. Shown to depth 10, a query that scores 0 because its relevant chunks came after the
 * budget ran out would read "missed relevant: none".
 */
export function measureView(ranking: Ranking, qrels: Qrels, measure: string, options: MeasureBounds | MetricOptions = {}): { title: string; text: string; missed: string } {
  // title: what the view shows, ending in a colon; text: the view, indented; missed: its last line alone.
  const { cutoff, params } = parseMeasure(measure);
  const threshold = pickThreshold(options);
  const budget = (params as { budget?: number }).budget;
  const { lengths, systemK } = options as MeasureBounds;
  if (budget === undefined || lengths === undefined) {
    const depth = Math.min(cutoff === Infinity ? 10 : cutoff, MAX_SHOWN);
    const explanation = explainRanking(ranking, qrels, { depth, ...threshold });
    return { title: `top ${depth} of the ranking (✓ relevant, grade - unjudged):`, text: explanationText(explanation, '  '), missed: missedText(explanation) };
  }
  const full = explainRanking(ranking, qrels, { depth: Infinity, ...threshold });
  const lengthOf = (id: string): number => (lengths instanceof Map ? lengths.get(id) : Object.hasOwn(lengths, id) ? (lengths as Record<string, number>)[id] : undefined) ?? 0;
  const k = systemK === undefined ? Infinity : typeof systemK === 'number' ? systemK : systemK.k;
  const explanation = explainWithinBudget(full, budget, Math.min(k, cutoff), lengthOf, MAX_SHOWN);
  const { held, next } = explanation.window;
  const shown = explanation.top.length;
  const missedLine = missedText(explanation, budgetWording(explanation));
  if (held === 0 && next !== null) {
    // No table of no rows: the first document alone passes the budget.
    return { title: escapeControls(`no document within ${budget} tokens: the first, ${next.id}, has ${next.tokens}:`), text: `  ${escapeControls(missedLine)}`, missed: missedLine };
  }
  const title = `the ${held} document${held === 1 ? '' : 's'} within ${budget} tokens${shown < held ? `, top ${shown} shown` : ''} (✓ relevant, grade - unjudged):`;
  return { title, text: explanationText(explanation, '  ', budgetWording(explanation)), missed: missedLine };
}

/** The top `depth` of a ranking with grades and marks, and the missed relevant documents, indented. */
export const rankingView = (ranking: Ranking, qrels: Qrels, depth: number, options?: MetricOptions): string =>
  explanationText(explainRanking(ranking, qrels, { depth: Math.min(depth, MAX_SHOWN), ...pickThreshold(options) }), '  ');

/** What a view of the ranking takes of the options: the threshold and the tie rule. */
export const pickThreshold = (options?: MetricOptions): Pick<MetricOptions, 'relevanceThreshold' | 'ties'> => ({
  ...(options?.relevanceThreshold === undefined ? {} : { relevanceThreshold: options.relevanceThreshold }),
  ...(options?.ties === undefined ? {} : { ties: options.ties }),
});

/**
 * The three lowest-scoring queries on a measure (`highest`: the three highest, for an upper bound), each
 * with its missed relevant documents.
 */
export function worstQueries(
  run: ByQuery<Ranking>,
  qrels: ByQuery<Qrels>,
  perQuery: Record<string, Record<string, number>>,
  measure: string,
  options?: MetricOptions,
  highest = false,
): string[] {
  // Own keys only: a query id such as `constructor` must not find Object's constructor.
  const get = <T>(byQuery: ByQuery<T>, qid: string): T | undefined =>
    byQuery instanceof Map ? byQuery.get(qid) : Object.hasOwn(byQuery, qid) ? (byQuery as Record<string, T>)[qid] : undefined;
  return Object.entries(perQuery)
    .map(([qid, scores]) => [qid, scores[measure]!] as const)
    .sort((a, b) => (highest ? b[1] - a[1] : a[1] - b[1]) || compareUtf8(a[0], b[0]))
    .slice(0, 3)
    .map(([qid, value]) => `  ${qid}  ${value.toFixed(4)}  ${measureView(get(run, qid) ?? [], get(qrels, qid)!, measure, options).missed}`);
}
