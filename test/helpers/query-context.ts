// Test-only: one query's context built the way evaluateRun builds it (same readers, same settings), so that
// the walk-down measures of src/metrics can be called directly and the catalogue's compute can be given
// explicit parameters (recall levels, multiples of R, gain pairs) that the measure-name parser cannot spell yet.
import { evaluateRun } from '../../src/index.js';
import type { MeasureDefinition } from '../../src/measures/catalogue.js';
import { createQueryContext, type MeasureParams, type QueryContext } from '../../src/measures/context.js';
import { judgedHits, rankedIds, readJudgments, resolveOptions } from '../../src/metrics/counts.js';
import type { JudgedRanking } from '../../src/metrics/judged-ranking.js';
import type { Qrels, Ranking } from '../../src/types.js';

export function contextOf(ranking: Ranking, qrels: Qrels, relevanceThreshold = 1, cutoffs: readonly number[] = [Infinity]): QueryContext {
  const fn = 'test';
  const options = resolveOptions({ relevanceThreshold }, fn);
  const judgments = readJudgments(qrels, relevanceThreshold, fn);
  const ids = rankedIds(ranking, fn);
  return createQueryContext(
    { length: ids.length, hits: judgedHits(ids, judgments, fn), grades: [...judgments.grades.values()] },
    { options, relevanceLevel: Math.max(relevanceThreshold, 0), cutoffs: [...new Set([...cutoffs, Infinity])].sort((a, b) => a - b), numDocsInColl: 0, version: 9, needsGain: true, fn },
  );
}

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
