// Test-only: one query's context built the way evaluateRun builds it (same readers, same settings), so that
// the walk-down measures of src/metrics can be called directly and a catalogue entry's compute can be given
// explicit parameter objects (`{ cutoff: 5, judgedOnly: true }`), e.g. to check one measure against a
// reference tool without going through the names.
import { evaluateRun } from '../../src/index.js';
import { definitionNamed, type MeasureDefinition } from '../../src/measures/catalogue.js';
import { createQueryContext, type MeasureParams, type QueryContext } from '../../src/measures/context.js';
import { judgedHits } from '../../src/metrics/counts.js';
import { rankedIds } from '../../src/core/ordering.js';
import { indexIds } from '../../src/core/id-index.js';
import { readJudgments } from '../../src/core/judgments.js';
import { resolveOptions } from '../../src/core/metric-options.js';
import type { JudgedRanking } from '../../src/metrics/judged-ranking.js';
import type { MetricOptions, Qrels, Ranking } from '../../src/core/types.js';

/** The context evaluateRun builds for one query, under these metric options. */
export function contextWith(ranking: Ranking, qrels: Qrels, metricOptions: MetricOptions = {}, cutoffs: readonly number[] = [Infinity]): QueryContext {
  const fn = 'test';
  const options = resolveOptions(metricOptions, fn);
  const judgments = readJudgments(qrels, options.relevanceThreshold, fn);
  const ids = rankedIds(ranking, fn);
  return createQueryContext(
    { length: ids.length, hits: judgedHits(indexIds(ids, fn, 'the ranking'), judgments), grades: [...judgments.grades.values()] },
    { options, relevanceLevel: Math.max(options.relevanceThreshold, 0), cutoffs: [...new Set([...cutoffs, Infinity])].sort((a, b) => a - b), numDocsInColl: 0, version: 9, needsGain: true, fn },
  );
}

/** The context evaluateRun builds for one query at this relevance threshold. */
export const contextOf = (ranking: Ranking, qrels: Qrels, relevanceThreshold = 1, cutoffs: readonly number[] = [Infinity]): QueryContext =>
  contextWith(ranking, qrels, { relevanceThreshold }, cutoffs);

/** The dense ranking a walk-down measure reads. */
export const judgedRankingOf = (ranking: Ranking, qrels: Qrels, relevanceThreshold = 1): JudgedRanking => contextOf(ranking, qrels, relevanceThreshold).query;

/** The catalogue's values for explicit parameters, one per instance, as evaluateRun would write them. */
export function computeWith(definition: MeasureDefinition, context: QueryContext, instances: readonly MeasureParams[]): number[] {
  const out = new Float64Array(instances.length);
  definition.compute(context, instances, out, 0);
  return [...out];
}

/** One query through evaluateRun: measure name → value. */
export function scoresOf(ranking: Ranking, qrels: Qrels, measures: readonly string[], relevanceThreshold = 1): Record<string, number> {
  return evaluateRun({ q: ranking }, { q: qrels }, { measures, relevanceThreshold }).perQuery.q!;
}

/** The values of catalogue measure `name` for each parameterisation (its defaults filled in), on one query. */
export function scoreQuery(name: string, instances: readonly MeasureParams[], ranking: Ranking, qrels: Qrels, options?: MetricOptions): number[] {
  const definition = definitionNamed(name);
  return computeWith(definition, contextWith(ranking, qrels, options), instances.map((params) => ({ ...definition.defaults, ...params })));
}

/** One measure over every judged query (missing from the run: an empty ranking), as evaluateRun scores them. */
export function scoreRun(
  name: string,
  params: MeasureParams,
  run: ReadonlyMap<string, Ranking>,
  qrels: ReadonlyMap<string, Qrels>,
  options?: MetricOptions,
): Map<string, number> {
  const values = new Map<string, number>();
  for (const [qid, judged] of qrels) values.set(qid, scoreQuery(name, [params], run.get(qid) ?? [], judged, options)[0]!);
  return values;
}
