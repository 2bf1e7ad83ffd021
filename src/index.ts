export { mean, meanReciprocalRank } from './engine/aggregate.js';
export {
  compare,
  type CompareOptions,
  type Comparison,
  type ComparisonRow,
  type Correction,
  type SignificanceTest,
} from './analysis/compare.js';
export { confidenceInterval, type ConfidenceInterval, type ConfidenceIntervalOptions } from './analysis/confidence.js';
export type { Conventions } from './measures/conventions.js';
export { isRankevalError, RankevalError, type RankevalErrorCode } from './core/errors.js';
export {
  evaluate,
  evaluateRun,
  type ByQuery,
  type EvaluateOptions,
  type EvaluateRunOptions,
  type Evaluation,
  type MeanScores,
  type Mergeable,
  type RunEvaluation,
} from './engine/evaluate.js';
export { createEvaluator, type Evaluator } from './engine/evaluator.js';
export { mergeEvaluations } from './engine/merge.js';
export { regressions, type RegressionRule } from './analysis/regression.js';
export { evaluateRunStream, type EvaluateRunStreamOptions, type RunSource } from './engine/stream.js';
export type { CheckMode, RunCheckCode, RunCheckName, RunChecks, RunWarning } from './engine/run-checks.js';
export type { MeasureKey, MeasureName } from './measures/registry.js';
export { higherIsBetter } from './measures/reading.js';
export {
  explainRanking,
  explainWithinBudget,
  type BudgetedDocument,
  type BudgetExplanation,
  type BudgetWindow,
  type ExplainedDocument,
  type ExplainOptions,
  type Explanation,
  type MissedDocument,
} from './analysis/explain.js';
export { fuse, type FuseOptions, type FusionMethod, type FusionNorm, type FusionRun } from './fusion/fuse.js';
export {
  optimizeFusion,
  type FusionFold,
  type FusionOptimization,
  type FusionSetting,
  type OptimizedFusionMethod,
  type OptimizeFusionOptions,
} from './fusion/optimize.js';
export { parseGoldenSet, readGoldenSet, type GoldenSet, type GoldenSetFormat, type GoldenSetReadOptions } from './formats/golden-set.js';
export { parseRun, readRun, type Run, type RunFormat } from './formats/run.js';
export { writeRun, type WriteRunOptions } from './formats/write-run.js';
export { percentile, type Latency, type LatencySummary } from './analysis/latency.js';
export {
  evaluateRetriever,
  type EvaluateRetrieverOptions,
  type RetrievalFailure,
  type Retrieve,
  type Retrieved,
  type RetrieverEvaluation,
  type RetrieverGoldenSet,
  type RetrieverProgress,
} from './retriever/evaluate-retriever.js';
export { parseLengths, readLengths, type LengthsFormat } from './formats/lengths.js';
export type { Chunk, ReadOptions, Source } from './formats/source.js';
export { averagePrecision } from './metrics/average-precision.js';
export { contextPrecision } from './metrics/context-precision.js';
export { dcgAtK, idcgAtK, ndcgAtK } from './metrics/dcg.js';
export { allAspects, alphaNdcg, aspectRecall, errIa, pIa, type QueryAspects } from './metrics/diversity.js';
export { f1AtK } from './metrics/f1.js';
export { precisionAtK } from './metrics/precision.js';
export { rPrecision } from './metrics/r-precision.js';
export { recallAtK } from './metrics/recall.js';
export { reciprocalRank } from './metrics/reciprocal-rank.js';
export { successAtK } from './metrics/success.js';
export type { ApDenominator, Aspects, Gain, MetricOptions, Qrels, Ranking, ScoredDocument, Ties } from './core/types.js';
