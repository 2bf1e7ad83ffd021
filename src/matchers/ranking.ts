// Matchers of one ranking: recall, precision, NDCG and reciprocal rank against a minimum, the first
// document, and the documents retrieved.
import { evaluate } from '../engine/evaluate.js';
import { explainRanking } from '../analysis/explain.js';
import { METRIC_OPTION_KEYS, readCutoff } from '../core/metric-options.js';
import { argument, fail } from '../core/errors.js';
import { explanationText, missedText } from '../text/explain.js';
import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import type { Matcher, MatcherArgs } from './types.js';
import { MAX_SHOWN, rankingView } from './views.js';
import { readMatcherOptions, readMinimum } from './reading.js';

/** A matcher of one metric at cutoff k: value ≥ min passes. */
function atLeast(
  matcher: string,
  label: (k: number) => string,
  value: (scores: ReturnType<typeof evaluate>) => number,
  detail: (scores: ReturnType<typeof evaluate>, k: number) => string,
): Matcher<[Qrels, number, number, MetricOptions?]> {
  return function (received, qrels, k, min, options) {
    const threshold = readMinimum(min, matcher);
    const cutoff = readCutoff(k, matcher);
    const own = readMatcherOptions(options, METRIC_OPTION_KEYS, matcher);
    const scores = evaluate(received as Ranking, qrels, { ...own, k: cutoff });
    const actual = value(scores);
    const pass = actual >= threshold;
    const shownDepth = cutoff === Infinity ? Math.max(10, scores.retrieved) : cutoff;
    return {
      pass,
      message: () =>
        `expected ${label(cutoff)} ${this.isNot ? '<' : '≥'} ${threshold}, got ${actual.toFixed(4)} (${detail(scores, cutoff)})\n\n` +
        `top ${Math.min(shownDepth, MAX_SHOWN)} of the ranking (✓ relevant, grade - unjudged):\n${rankingView(received as Ranking, qrels, shownDepth, options)}`,
    };
  };
}

const topK = (k: number): string => (k === Infinity ? 'the ranking' : `the top ${k}`);

export const toHaveRecallAtK = atLeast(
  'toHaveRecallAtK',
  (k) => `recall@${k}`,
  (scores) => scores.recall,
  (scores, k) => `${scores.relevantRetrieved} of ${scores.relevant} relevant in ${topK(k)}`,
);

export const toHavePrecisionAtK = atLeast(
  'toHavePrecisionAtK',
  (k) => `precision@${k}`,
  (scores) => scores.precision,
  (scores, k) => `${scores.relevantRetrieved} relevant in ${topK(k)}, divided by ${k}`,
);

export const toHaveNdcgAtK = atLeast(
  'toHaveNdcgAtK',
  (k) => `ndcg@${k}`,
  (scores) => scores.ndcg,
  (scores) => `DCG ${scores.dcg.toFixed(4)} of an ideal ${scores.idcg.toFixed(4)}`,
);

export const toHaveReciprocalRank: Matcher<MatcherArgs<'toHaveReciprocalRank'>> = function (received, qrels, min, options) {
  const threshold = readMinimum(min, 'toHaveReciprocalRank');
  const own = readMatcherOptions(options, METRIC_OPTION_KEYS, 'toHaveReciprocalRank');
  const scores = evaluate(received as Ranking, qrels, { ...own, k: Infinity });
  const rank = scores.reciprocalRank === 0 ? null : Math.round(1 / scores.reciprocalRank);
  const where = rank === null ? 'no relevant document retrieved' : `first relevant document at rank ${rank}`;
  return {
    pass: scores.reciprocalRank >= threshold,
    message: () =>
      `expected reciprocal rank ${this.isNot ? '<' : '≥'} ${threshold}, got ${scores.reciprocalRank.toFixed(4)} (${where})\n\n` +
      `top of the ranking (✓ relevant, grade - unjudged):\n${rankingView(received as Ranking, qrels, Math.max(10, rank ?? 0), options)}`,
  };
};

/** Ids in rank order, checked as the metrics check them. */
const idsOf = (ranking: unknown): readonly string[] => explainRanking(ranking as Ranking, [], { depth: Infinity }).top.map((document) => document.id);

export const toRankFirst: Matcher<MatcherArgs<'toRankFirst'>> = function (received, id) {
  if (typeof id !== 'string') fail('invalid_option', 'toRankFirst', 'the id', 'a string', id, argument('id'));
  const ids = idsOf(received);
  const rank = ids.indexOf(id) + 1;
  const where = rank === 0 ? 'it was not retrieved' : `it is at rank ${rank}`;
  const top = ids.slice(0, 5).map((other, i) => `${i + 1}. ${other}`).join('  ');
  return {
    pass: rank === 1,
    message: () =>
      this.isNot
        ? `expected ${JSON.stringify(id)} not to rank first, but it does\n  top: ${top}`
        : `expected ${JSON.stringify(id)} to rank first, but ${where}\n  top: ${top || '(the ranking is empty)'}`,
  };
};

const WANTED = { label: 'missing', grades: false };

const IDS = argument('ids');

export const toRetrieve: Matcher<MatcherArgs<'toRetrieve'>> = function (received, ids, options) {
  if (!Array.isArray(ids)) fail('invalid_option', 'toRetrieve', 'the ids', 'an array of string ids', ids, IDS);
  if (ids.length === 0) fail('invalid_option', 'toRetrieve', 'the ids', 'a list of at least one id (an empty list would pass whatever the ranking)', ids, { subject: IDS, facts: { limit: 1, count: 0 } });
  // A plain loop, not every(), which skips the holes of a sparse array.
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i++) {
    const id: unknown = ids[i];
    if (typeof id !== 'string') fail('invalid_option', 'toRetrieve', `id ${i + 1} of the ids`, 'a string', id, { subject: IDS, facts: { index: i } });
    if (seen.has(id)) fail('invalid_option', 'toRetrieve', 'every id', 'listed once', id, { subject: IDS, facts: { index: i } });
    seen.add(id);
  }
  const within = readCutoff(readMatcherOptions(options, ['within'], 'toRetrieve').within ?? Infinity, 'toRetrieve');
  // The wanted ids play the relevant documents, so the view marks them and lists those missing.
  const explanation = explainRanking(received as Ranking, ids, { depth: within });
  const pass = explanation.missed.length === 0;
  const scope = within === Infinity ? 'in the ranking' : `within the top ${within}`;
  const view = explainRanking(received as Ranking, ids, { depth: Math.min(within === Infinity ? explanation.retrieved : within, MAX_SHOWN) });
  return {
    pass,
    message: () =>
      (this.isNot
        ? `expected not all of ${ids.length} ids ${scope}, but all are there`
        : `expected all of ${ids.length} ids ${scope}; ${missedText(explanation, WANTED)}`) +
      `\n\ntop of the ranking (✓ wanted):\n${explanationText(view, '  ', WANTED)}`,
  };
};
