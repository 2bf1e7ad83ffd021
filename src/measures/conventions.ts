// The rules behind evaluateRun's numbers, returned with them, so that a mean is never quoted without the
// conventions that made it: the same run scores differently under another tie rule, gain, ideal, threshold
// or treatment of missing queries, and papers rarely say which they used.
import type { MeasureDefinition } from './catalogue.js';
import type { ApDenominator, Gain, ScoreOrder, Ties } from '../core/types.js';

/** The conventions of one evaluateRun result, each field stating one rule the numbers follow. */
export interface Conventions {
  /**
   * How documents with equal scores are ordered (the `ties` option): `'trec'`, score descending then
   * document id descending (UTF-8 byte order), as trec_eval 9.0.8; `'given'`, the array's order; `'average'`,
   * the expectation over every order of the tied documents. Rankings of ids are taken in array order.
   */
  readonly ties: Ties;
  /**
   * Which way an `{id, score}` ranking's scores rank (the `scoreOrder` option): `'descending'`, the highest
   * first, as trec_eval (the default); `'ascending'`, the lowest first, as distances. Rankings of ids are
   * taken in array order.
   */
  readonly scoreOrder: ScoreOrder;
  /** DCG's gain: `'linear'` (the grade, trec_eval) or `'exponential'` (2^grade − 1, Burges et al.). */
  readonly gain: Gain;
  /** IDCG is the DCG of every judged document in the ideal order, retrieved or not (trec_eval's). */
  readonly idcg: 'all judged documents';
  /** Lowest grade that counts as relevant; negative grades never do. A measure's own `rel` overrides it. */
  readonly relevanceThreshold: number;
  /** A judged query the run does not answer: scored on an empty ranking (0), and listed in `unansweredQueries`. */
  readonly unansweredQueries: 'scored 0 as an empty ranking';
  /** A query of the run that has no judgments: left out of every mean, and listed in `unjudgedQueries`. */
  readonly unjudgedQueries: 'left out and listed';
  /** A judged query with no relevant document: `'zero'` (scored 0), `'skip'` (left out) or `'error'`. */
  readonly noRelevant: 'zero' | 'skip' | 'error';
  /** AP's denominator: `'relevant'` (R, trec_eval's) or `'min-relevant-k'` (min(R, k)). */
  readonly apDenominator: ApDenominator;
  /**
   * Measure name (as the caller wrote it) → how its per-query values are aggregated: `'mean'`
   * (arithmetic), `'geometric'` (trec_eval's gm_map: exp of the mean log, each value at least 0.00001) or
   * `'sum'` (the counts: num_ret, num_rel…). No prototype, like `mean`.
   */
  readonly aggregation: Record<string, MeasureDefinition['aggregate']>;
  /** The trec_eval release whose conventions apply where none of the above says otherwise. */
  readonly trecEval: '9.0.8';
}

/** evaluateRun's options after reading, as far as the conventions are concerned. */
export interface ConventionSettings {
  readonly ties: Ties;
  readonly scoreOrder: ScoreOrder;
  readonly gain: Gain;
  readonly relevanceThreshold: number;
  readonly noRelevant: 'zero' | 'skip' | 'error';
  readonly apDenominator: ApDenominator;
  readonly names: readonly string[];
  readonly aggregates: readonly MeasureDefinition['aggregate'][];
}

export function describeConventions(settings: ConventionSettings): Conventions {
  const aggregation = Object.create(null) as Record<string, MeasureDefinition['aggregate']>;
  settings.names.forEach((name, i) => (aggregation[name] = settings.aggregates[i]!));
  return {
    ties: settings.ties,
    scoreOrder: settings.scoreOrder,
    gain: settings.gain,
    idcg: 'all judged documents',
    relevanceThreshold: settings.relevanceThreshold,
    unansweredQueries: 'scored 0 as an empty ranking',
    unjudgedQueries: 'left out and listed',
    noRelevant: settings.noRelevant,
    apDenominator: settings.apDenominator,
    aggregation,
    trecEval: '9.0.8',
  };
}

/**
 * The conventions on one line, for the footer of a text table: `ties trec · gain linear · IDCG all judged ·
 * relevant grade ≥ 1 · …`. The score order is named when it is ascending (`scores ascending`), the
 * descending order being trec_eval's; aggregation is named only for the measures whose aggregate is not the
 * mean; `escape` is applied to their names (the only text of the line that comes from the caller).
 */
export function conventionsLine(conventions: Conventions, escape: (text: string) => string = (text) => text): string {
  const notMean = Object.entries(conventions.aggregation).filter(([, aggregate]) => aggregate !== 'mean');
  return [
    `ties ${conventions.ties}`,
    ...(conventions.scoreOrder === 'ascending' ? ['scores ascending'] : []),
    `gain ${conventions.gain}`,
    'IDCG all judged',
    `relevant grade ≥ ${conventions.relevanceThreshold}`,
    'unanswered 0',
    `no-relevant ${conventions.noRelevant}`,
    `AP / ${conventions.apDenominator === 'relevant' ? 'R' : 'min(R, k)'}`,
    ...notMean.map(([name, aggregate]) => `${escape(name)} ${aggregate === 'geometric' ? 'geometric mean' : 'summed'}`),
    `trec_eval ${conventions.trecEval}`,
  ].join(' · ');
}
