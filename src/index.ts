// `rankeval`: the library entry. It imports nothing (no dependencies, no Node built-ins). Its exports come in
// the groups below, which docs/api.md lists the same way; test/api.test.ts holds every name. It keeps the
// user's path (evaluate, golden sets, compare, retriever, agreement, labels, nuggets); the specialist parts
// have subpath entries in src/entries/ (`rankeval/preferences`, `rankeval/fusion`, `rankeval/diversity`),
// each with the rule, at its top, that decides which names it takes.

/**
 * Single rankings: each metric scores one ranking against its query's judgments (`(ranking, qrels, k?,
 * options?)`); `evaluate` gives the classic set at once, or the measures named; `explainRanking` shows the
 * documents behind a score.
 */
export { averagePrecision } from './metrics/average-precision.js';
export { contextPrecision } from './metrics/context-precision.js';
export { dcgAtK, idcgAtK, ndcgAtK } from './metrics/dcg.js';
export { f1AtK } from './metrics/f1.js';
export { precisionAtK } from './metrics/precision.js';
export { rPrecision } from './metrics/r-precision.js';
export { recallAtK } from './metrics/recall.js';
export { reciprocalRank } from './metrics/reciprocal-rank.js';
export { successAtK } from './metrics/success.js';
export { evaluate, type EvaluateOptions, type Evaluation } from './engine/evaluate.js';
export type { EvaluateMeasuresOptions } from './engine/ranking-measures.js';
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

/**
 * Run evaluation: a run (query id → ranking) scored on named measures against a golden set, in memory
 * (`evaluateRun`), query by query (`createEvaluator`), from a stream (`evaluateRunStream`), in shards merged
 * afterwards (`mergeEvaluations`), or by calling the retriever itself (`evaluateRetriever`).
 */
export { evaluateRun } from './engine/evaluate-run.js';
export { evaluateRunByJudge, type ByJudge, type JudgeEvaluation } from './engine/evaluate-by-judge.js';
export type { EvaluateRunOptions } from './engine/run-options.js';
export type { MeanScores, Mergeable, RunEvaluation } from './engine/run-result.js';
export type { RunCheckMode, RunChecks, RunWarning, RunWarningCode, UnjudgedCount, UnjudgedDocuments } from './engine/run-checks.js';
export type { MeasureKey, MeasureName } from './measures/registry.js';
export { createEvaluator, type Evaluator } from './engine/evaluator.js';
export { evaluateRunStream, type EvaluateRunStreamOptions, type RunSource } from './engine/stream.js';
export { mergeEvaluations } from './engine/merge.js';
export {
  evaluateRetriever,
  type EvaluateRetrieverOptions,
  type RetrievalFailure,
  type Retrieve,
  type Retrieved,
  type RetrieverEvaluation,
  type RetrieverGoldenSet,
  type RetrieverLatency,
  type RetrieverProgress,
} from './retriever/evaluate-retriever.js';
export type { Latency, LatencySummary } from './analysis/latency.js';
export { mean, meanReciprocalRank } from './engine/aggregate.js';

/**
 * Comparison and statistics: runs compared query by query with significance tests (`compare`), the
 * regressions among them, confidence intervals, percentiles, which way each measure is better; a mean
 * from few human labels and many LLM labels (`estimateMean`), how many of each to buy (`planLabels`),
 * and how many queries a comparison needs (`queriesNeeded`, `testPower`).
 */
export {
  compare,
  compareScores,
  type CompareOptions,
  type CompareScoresOptions,
  type Comparison,
  type ComparisonRow,
  type Correction,
  type SignificanceTest,
} from './analysis/compare.js';
export { regressions, type RegressionRule } from './analysis/regression.js';
export { confidenceInterval, type ConfidenceInterval, type ConfidenceIntervalOptions } from './analysis/confidence.js';
export { percentile } from './analysis/latency.js';
export {
  estimateMean,
  planLabels,
  type EstimateAlternative,
  type EstimateMeanData,
  type EstimateMeanOptions,
  type LabelPlan,
  type LabelPlanWarning,
  type MeanEstimate,
  type MeanInterval,
  type PlanLabelsOptions,
  type PlanLabelsPilot,
} from './stats/ppi.js';
export { queriesNeeded, testPower, type AnovaDesign, type PairedTDesign, type QueriesNeeded, type QueriesNeededOptions, type TestPowerOptions } from './stats/power.js';
export { higherIsBetter } from './measures/reading.js';

/**
 * Agreement: how far two rankings agree without relevance labels (rank-biased overlap, with ties), two runs
 * query by query (`overlap`), how far two orders of systems agree (Kendall's τ, τ_AP), and how far two sets
 * of labels agree (Cohen's κ, Krippendorff's α).
 */
export { rbo, type Rbo, type RboOptions, type RboTies } from './agreement/rbo.js';
export { overlap, type Overlap, type OverlapOptions, type QueryOverlap } from './agreement/overlap.js';
export type { TiedRanking } from './agreement/tie-ranking.js';
export { kendallTau, type KendallTauOptions, type KendallVariant, type RankCorrelationOptions, type TieVariant } from './agreement/kendall.js';
export { tauAP } from './agreement/tau-ap.js';
export type { ItemScores } from './agreement/paired-scores.js';
export { cohenKappa, type CohenKappaOptions, type GradeTable, type KappaWeights } from './agreement/kappa.js';
export { krippendorffAlpha, type KrippendorffAlphaOptions, type MeasurementLevel } from './agreement/alpha.js';
export {
  labelAgreement,
  type AgreementFigures,
  type AgreementInterval,
  type BinaryAgreement,
  type KappaFigures,
  type LabelAgreement,
  type LabelAgreementOptions,
} from './agreement/label-agreement.js';
export {
  systemAgreement,
  systemAgreementOfScores,
  type FlippedPair,
  type OrderAgreement,
  type QuerySample,
  type ScoreAgreementOptions,
  type SystemAgreement,
  type SystemAgreementOptions,
  type SystemAgreementWarning,
} from './analysis/system-agreement.js';
export {
  nuggetLabelAgreement,
  nuggetSystemAgreement,
  SUPPORT_GRADES,
  type NuggetAgreementWarning,
  type NuggetLabelAgreement,
  type NuggetLabelAgreementOptions,
  type NuggetSystemAgreementOptions,
} from './nuggets/agreement.js';
export { estimateNuggetScore, type EstimateNuggetScoreOptions, type NuggetEstimate, type NuggetEstimateWarning, type NuggetRunEstimate } from './nuggets/estimate.js';

/**
 * Answers: the answers of RAG systems scored by the nuggets (atomic facts) they support, as the TREC RAG
 * track scores them (castorini/nuggetizer): the assignments, the nugget bank and the answers (nuggetizer's
 * input, a TREC RAG run) read from their files, the
 * scores per answer, per run and over all, and each run's per-topic scores for the agreement functions; an
 * LLM assigner's prompt and the reading of its answer.
 */
export {
  parseNuggetAssignments,
  parseNuggetBank,
  readNuggetAssignments,
  readNuggetBank,
  type AssignedNugget,
  type Nugget,
  type NuggetAnswer,
  type NuggetAssignmentsReadOptions,
  type NuggetBank,
  type NuggetGrades,
  type NuggetImportance,
  type NuggetReadOptions,
  type NuggetSupport,
} from './formats/nuggets.js';
export {
  nuggetAssignmentsOf,
  parseNuggetJudgments,
  readNuggetJudgments,
  type NuggetAssignmentsOfOptions,
  type NuggetJudgment,
  type NuggetJudgmentStore,
} from './formats/nugget-judgments.js';
export { parseNuggetAnswers, parseRagRun, type AnswerSentence, type NuggetAnswersReadOptions, type RagAnswer } from './formats/rag-answers.js';
export {
  evaluateNuggets,
  nuggetComparisonScores,
  nuggetScoresByRun,
  type EvaluateNuggetsOptions,
  type NuggetAnswerScores,
  type NuggetEvaluation,
  type NuggetRunScores,
} from './nuggets/evaluate-nuggets.js';
export type { NuggetScoreKey, NuggetScoreName, NuggetScores } from './nuggets/scores.js';
export {
  nuggetRecall,
  nuggetRecallOfRun,
  type DocumentNuggets,
  type NuggetRecallOptions,
  type NuggetRecallResult,
} from './nuggets/nugget-recall.js';
export { nuggetAssignmentPrompt, type NuggetAssignmentPromptInput, type NuggetAssignmentPromptOptions } from './nuggets/assignment-prompt.js';
export { parseAssignment, type ParseAssignmentOptions } from './nuggets/parse-assignment.js';

/**
 * Golden set: making one — the documents to judge pooled from several runs (`pool`), how far a pool covers
 * each run (`poolStats`), and the pool file written and read back; judgments read from a judgments store and
 * turned into qrels (one judge, or several combined), and an LLM judge's prompt and the reading of its
 * answer; a run's mean (or two runs' difference) from a few human labels and a judge's labels of every
 * query (`estimateRun`, `estimateDifference`). The judging loop, which writes the store, is `judge` from
 * `rankeval/judge`.
 */
export { pool, type Pool, type PoolOptions, type PoolOrder } from './judging/pool.js';
export { poolStats, type PoolStats, type PoolStatsOptions, type RunCoverage } from './judging/pool-stats.js';
export { parsePool, poolLines, readPool, type PoolFormat } from './formats/pool.js';
export { parseJudgments, readJudgments, type Judgment, type JudgmentStore, type StoreReadOptions } from './formats/judgments.js';
export { toQrels, toQrelsByJudge, type CombineJudges, type ToQrelsOptions } from './judging/to-qrels.js';
export {
  estimateDifference,
  estimateRun,
  type EstimateLabels,
  type EstimateRunOptions,
  type EstimateWarning,
  type LabelSource,
  type RunEstimate,
} from './judging/estimate.js';
export { relevancePrompt, type RelevancePromptInput } from './judging/relevance-prompt.js';
export { parseGrade } from './judging/parse-grade.js';
export type { RelevanceScale } from './judging/scale.js';

/**
 * Formats and files: golden sets, runs and document lengths parsed from text (`parse…`) or read from a
 * source of chunks (`read…`: a file's stream, a fetch body), runs written back as TREC or JSONL, and qrels
 * written as a JSONL golden set with their questions and tags.
 */
export { parseGoldenSet, readGoldenSet, type GoldenSet, type GoldenSetFormat, type GoldenSetReadOptions } from './formats/golden-set.js';
export { parseRun, readRun, type Run, type RunFormat } from './formats/run.js';
export { writeRun, type WriteRunOptions } from './formats/write-run.js';
export { writeGoldenSet, type WriteGoldenSetOptions } from './formats/write-qrels.js';
export { parseLengths, readLengths, type LengthsFormat } from './formats/lengths.js';
export { parseQrelsByJudge, readQrelsByJudge, type QrelsByJudge, type QrelsByJudgeFormat } from './formats/qrels-by-judge.js';
export type { Chunk, ReadOptions, Source } from './formats/source.js';

/** Errors: every error rankeval throws is a RankevalError, whose `code` says what went wrong. */
export { isRankevalError, RankevalError, type ErrorAbout, type ErrorFacts, type ErrorFields, type ErrorPlace, type ErrorScope, type ErrorSubject, type ErrorText, type RankevalErrorCode } from './core/errors.js';

/** Types every group shares: rankings, judgments, the options of the metrics, and the conventions applied. */
export type { ApDenominator, Aspects, ByQuery, Gain, MetricOptions, Qrels, Ranking, ScoredDocument, ScoreOrder, Ties } from './core/types.js';
export type { Conventions } from './measures/conventions.js';
