// estimateNuggetScore: each run's mean nugget score from the LLM's assignments of every answer, corrected by
// the few answers people assigned too (estimateMean, PPI++), as estimateRun corrects a judge's qrels.
import { ownOptions } from '../core/boundary.js';
import { fail, isRankevalError, mention, RankevalError, speakingFor } from '../core/errors.js';
import { compareUtf8 } from '../core/ordering.js';
import { estimateMean, type EstimateMeanOptions } from '../stats/ppi.js';
import type { NuggetAnswer } from '../formats/nuggets.js';
import { ESTIMATE_KEYS, meanOptionsOf, type RunEstimate } from '../judging/estimate.js';
import { checkedAnswers, evaluateNuggets, nuggetScoresByRun } from './evaluate-nuggets.js';
import { checkScoreKey, type NuggetScoreKey } from './scores.js';

export interface EstimateNuggetScoreOptions extends EstimateMeanOptions {
  /** The nugget score estimated (NUGGET_SCORES: `vital`, `all`, `weighted`, …). */
  readonly score: NuggetScoreKey;
  /** The one run to estimate; default every run of the LLM's assignments that people checked enough. */
  readonly run?: string;
}

/**
 * One run's estimate, as estimateRun gives a run's: `estimates` (the score → estimateMean's result),
 * `humanQueries` (the topics whose answer people assigned, topic-id order) and `judgeOnlyQueries` (the
 * topics only the LLM assigned).
 */
export type NuggetRunEstimate = Omit<RunEstimate, 'conventions' | 'warnings'>;

/**
 * A run left out of the estimates (only when `run` is not given; for that run it is an error): fewer than 2
 * answers people checked (`humanAnswers`), or none only the LLM assigned (`llmOnlyAnswers`).
 */
export interface NuggetEstimateWarning {
  readonly code: 'not_estimated';
  readonly message: string;
  readonly run: string;
  readonly humanAnswers: number;
  readonly llmOnlyAnswers: number;
}

export interface NuggetEstimate {
  readonly score: NuggetScoreKey;
  /** Run → its estimate, in the order of the LLM's assignments. */
  readonly runs: Readonly<Record<string, NuggetRunEstimate>>;
  readonly warnings: readonly NuggetEstimateWarning[];
}

/**
 * Each run's mean `score` over every topic it answered, from the LLM's assignments of all its answers and
 * people's of a few (estimateMean, PPI++ with the tuned λ): human = the score of each checked answer under
 * people's assignments, judgeOnHuman = the same answers under the LLM's, judgeOnRest = the run's other
 * answers under the LLM's. Each estimate carries the human-only interval and how many human checks the
 * LLM's assignments were worth, as estimateRun's do.
 *
 * Edge rules: every answer people assigned must be assigned by the LLM; a run with fewer than 2 checked
 * answers or no LLM-only one is refused when it is `run`, else left out with a `not_estimated` warning.
 *
 * @throws {RankevalError} `invalid_nuggets` for answers not of parseNuggetAssignments' shape (naming the
 *   side), a run answering a topic twice, or an answer people assigned that the LLM did not (`at`);
 *   `invalid_option` for a bad score, a `run` the LLM did not assign, or a bad estimateMean option;
 *   `no_queries` when `run` (or, without it, every run) cannot be estimated
 * @example
 * estimateNuggetScore(llm, people, { score: 'vital' }).runs['bm25-gpt'].estimates.vital
 * // => { estimate: 0.64, lower: 0.52, upper: 0.77, humanOnly: { … }, effectiveHumanLabels: 7.9, n: 5, N: 45, … }
 */
export function estimateNuggetScore(llmAssignments: readonly NuggetAnswer[], humanAssignments: readonly NuggetAnswer[], options: EstimateNuggetScoreOptions): NuggetEstimate {
  const fn = 'estimateNuggetScore';
  const own = ownOptions(options, ['score', 'run', ...ESTIMATE_KEYS], fn, { expected: 'an object with `score`' });
  const { score, run } = own;
  checkScoreKey(score, fn, { kind: 'option', option: 'score' });
  if (run !== undefined && typeof run !== 'string') fail('invalid_option', fn, { kind: 'option', option: 'run' }, 'a run name', run);
  const scored = (assignments: unknown, name: string): Record<string, Record<string, number>> => {
    const answers = checkedAnswers(assignments, fn, name);
    try {
      return nuggetScoresByRun(evaluateNuggets(answers), score);
    } catch (error) {
      throw isRankevalError(error) ? speakingFor(error, fn, ['evaluateNuggets'], [mention({ kind: 'argument', argument: name })]) : error;
    }
  };
  const [llm, human] = [scored(llmAssignments, 'llmAssignments'), scored(humanAssignments, 'humanAssignments')];
  for (const [runId, topics] of Object.entries(human)) {
    for (const topic of Object.keys(topics)) {
      if (Object.hasOwn(llm, runId) && Object.hasOwn(llm[runId]!, topic)) continue;
      const problem = `people assigned run ${JSON.stringify(runId)}'s answer to topic ${JSON.stringify(topic)}, which the LLM did not: every answer people checked needs the LLM's assignments too`;
      throw new RankevalError({ code: 'invalid_nuggets', fn, at: { run: runId, query: topic }, problem, expected: 'an answer the LLM assigned', received: topic });
    }
  }
  if (run !== undefined && !Object.hasOwn(llm, run)) fail('invalid_option', fn, { kind: 'option', option: 'run' }, `a run of \`llmAssignments\` (${Object.keys(llm).map((name) => JSON.stringify(name)).join(', ')})`, run);
  const meanOptions = meanOptionsOf(own as Record<string, unknown>);
  const runs: Record<string, NuggetRunEstimate> = Object.create(null);
  const warnings: NuggetEstimateWarning[] = [];
  for (const runId of run === undefined ? Object.keys(llm) : [run]) {
    const checked = Object.hasOwn(human, runId) ? human[runId]! : {};
    const humanQueries = Object.keys(checked).sort(compareUtf8);
    const judgeOnlyQueries = Object.keys(llm[runId]!).filter((topic) => !Object.hasOwn(checked, topic)).sort(compareUtf8);
    const problem = humanQueries.length < 2 ? `the estimate needs at least 2 answers of run ${JSON.stringify(runId)} people assigned, got ${humanQueries.length}` : judgeOnlyQueries.length === 0 ? `people assigned every answer of run ${JSON.stringify(runId)}: the LLM's assignments have nothing to add` : undefined;
    if (problem !== undefined) {
      if (run !== undefined) throw new RankevalError({ code: 'no_queries', fn, subject: { kind: 'run', run: runId }, problem, expected: 'at least 2 answers people assigned and 1 only the LLM assigned', received: humanQueries.length });
      warnings.push({ code: 'not_estimated', message: `${problem}; it is left out`, run: runId, humanAnswers: humanQueries.length, llmOnlyAnswers: judgeOnlyQueries.length });
      continue;
    }
    const data = { human: humanQueries.map((topic) => checked[topic]!), judgeOnHuman: humanQueries.map((topic) => llm[runId]![topic]!), judgeOnRest: judgeOnlyQueries.map((topic) => llm[runId]![topic]!) };
    try {
      runs[runId] = { estimates: { [score]: estimateMean(data, meanOptions) }, humanQueries, judgeOnlyQueries };
    } catch (error) {
      throw isRankevalError(error) ? speakingFor(error, fn, ['estimateMean']) : error;
    }
  }
  if (Object.keys(runs).length === 0) {
    throw new RankevalError({ code: 'no_queries', fn, subject: { kind: 'argument', argument: 'humanAssignments' }, problem: 'no run has 2 answers people assigned and 1 only the LLM assigned: there is nothing to estimate', expected: 'a run people checked at least twice', received: 0 });
  }
  return { score, runs, warnings };
}
