// Scores queries through one catalogue entry with explicit parameter objects (`{ cutoff: 5, judgedOnly:
// true }`), building each query's context the way evaluateRun does: for measures whose parameters the
// name grammar cannot write yet, and for checks of one measure against a reference tool.
import { definitionNamed } from '../../src/measures/catalogue.js';
import { createQueryContext, type MeasureParams, type QueryContext } from '../../src/measures/context.js';
import { judgedHits, rankedIds, readJudgments, resolveOptions } from '../../src/metrics/counts.js';
import type { MetricOptions, Qrels, Ranking } from '../../src/types.js';

/** The context evaluateRun builds for one query (default options unless given). */
export function queryContext(ranking: Ranking, qrels: Qrels, metricOptions: MetricOptions = {}, cutoffs: readonly number[] = [Infinity]): QueryContext {
  const fn = 'test';
  const options = resolveOptions(metricOptions, fn);
  const judgments = readJudgments(qrels, options.relevanceThreshold, fn);
  const ids = rankedIds(ranking, fn);
  return createQueryContext(
    { length: ids.length, hits: judgedHits(ids, judgments, fn), grades: [...judgments.grades.values()] },
    { options, relevanceLevel: Math.max(options.relevanceThreshold, 0), cutoffs, numDocsInColl: 0, version: 9, needsGain: true, fn },
  );
}

/** The values of catalogue measure `name` for each parameterisation, on one query. */
export function scoreQuery(name: string, instances: readonly MeasureParams[], ranking: Ranking, qrels: Qrels, options?: MetricOptions): number[] {
  const definition = definitionNamed(name);
  const out = new Float64Array(instances.length);
  definition.compute(queryContext(ranking, qrels, options), instances.map((params) => ({ ...definition.defaults, ...params })), out, 0);
  return [...out];
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
