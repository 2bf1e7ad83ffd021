// `evaluate(ranking, qrels, { measures })`: one ranking scored on named measures through the catalogue, by the
// run scorer every other entry uses, as a run of one query.
import { ownOptions } from '../core/boundary.js';
import { readJudgments } from '../core/judgments.js';
import { METRIC_OPTION_KEYS, readMetricOptions } from '../core/metric-options.js';
import { orderRanking } from '../core/ordering.js';
import type { MetricOptions, Qrels, Ranking } from '../core/types.js';
import { countAtCutoffs } from '../metrics/counts.js';
import { scorerOf } from './scorer.js';
import { resolveRunSettings } from './settings.js';

/** `evaluate`'s options that name its measures; `Name` is the union of the names when they are literals. */
export interface EvaluateMeasuresOptions<Name extends string = string> extends MetricOptions {
  /** Measure names in rankeval's, ir_measures' or trec_eval's grammar, as `evaluateRun` takes them. */
  readonly measures: readonly Name[];
  /** Document id → length in tokens, for token budgets (`recall@budget=2000`) and `tokens@k`. */
  readonly lengths?: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
  /** The query's aspects (aspect id → judgments), for the aspect measures. */
  readonly aspects?: ReadonlyMap<string, Qrels> | Readonly<Record<string, Qrels>>;
}

const OWN_KEYS: readonly string[] = ['measures', 'lengths', 'aspects'];

/** The run scorer's query id for the one ranking: any id would do, as none is ever shown. */
const QUERY = '';

/** Measure name → the ranking's score, as `evaluateRun` scores a query (`noRelevant: 'zero'`, no checks). */
export function scoreOnMeasures(ranking: Ranking, qrels: Qrels, given: EvaluateMeasuresOptions, fn: string): Record<string, number> {
  const { measures, lengths, aspects, ...metricOptions } = ownOptions(given, [...OWN_KEYS, ...METRIC_OPTION_KEYS], fn);
  const options = readMetricOptions(metricOptions, fn);
  // Read as the classic form reads them (a repeated id is found while counting), so worded as it words them.
  const judgments = readJudgments(qrels, options.relevanceThreshold, fn);
  const { ids, tieGroups } = orderRanking(ranking, fn, 'the ranking', options.ties);
  countAtCutoffs(ids, judgments, [Infinity], options.relevanceThreshold, options.gain, fn, 'the ranking', tieGroups);
  const settings = resolveRunSettings(
    new Map([[QUERY, qrels]]),
    {
      ...metricOptions,
      measures,
      checks: 'off',
      ...(lengths === undefined ? {} : { lengths }),
      ...(aspects === undefined ? {} : { aspects: new Map([[QUERY, aspects]]) }),
    },
    fn,
  );
  const scorer = scorerOf(settings);
  scorer.addRanking(QUERY, ranking);
  return scorer.result().perQuery[QUERY]!;
}
