// evaluateNuggets: the nugget scores of every answer, their means per run and over the input, as
// nuggetizer computes them, and each run's per-topic scores in the shape the agreement functions take.
import { argument, fail, option, RankevalError, type ErrorAbout } from '../core/errors.js';
import { ownOptions, whileReading } from '../core/boundary.js';
import { meanOf } from '../stats/mean.js';
import { IMPORTANCE, SUPPORT, type AssignedNugget, type NuggetAnswer, type NuggetBank } from '../formats/nuggets.js';
import { checkScoreKey, NUGGET_SCORES, nuggetScores, type NuggetScoreKey, type NuggetScoreName, type NuggetScores } from './scores.js';

export interface EvaluateNuggetsOptions {
  /**
   * The topics every run is scored on, as trec_eval's `-c` does queries: a topic a run did not answer scores
   * 0 on every score and enters the means. A list of topic ids, or a nugget bank (its topics). Without it
   * (default, as nuggetizer), a run is scored on the topics it answered.
   */
  readonly topics?: readonly string[] | NuggetBank;
}

/** One answer's scores; `missing` for a topic the run did not answer, scored 0 under `topics`. */
export interface NuggetAnswerScores {
  readonly runId: string;
  readonly queryId: string;
  readonly scores: NuggetScores;
  readonly missing?: true;
}

/** One run's scores: the means over its answers, and each topic's scores. */
export interface NuggetRunScores {
  readonly mean: NuggetScores;
  readonly queries: Readonly<Record<string, NuggetScores>>;
}

export interface NuggetEvaluation {
  /** Every answer in input order (then, under `topics`, each run's missing topics in the topics' order). */
  readonly perAnswer: readonly NuggetAnswerScores[];
  /** Per run, in order of first appearance. */
  readonly byRun: Readonly<Record<string, NuggetRunScores>>;
  /** nuggetizer's one mean, over every answer of the input whatever its run; undefined for no answers (nuggetizer raises). */
  readonly mean: NuggetScores | undefined;
}

const FN = 'evaluateNuggets';

/** One answer checked at the boundary of `fn`: string ids, nuggets of the known vocabulary, named `what` (about `about`: the argument, the answer's index). */
function checkedAnswer(answer: unknown, what: string, fn: string, about: ErrorAbout): NuggetAnswer {
  if (typeof answer !== 'object' || answer === null) fail('invalid_nuggets', fn, what, 'an answer {runId, queryId, nuggets}', answer, about);
  const { runId, queryId, nuggets } = answer as NuggetAnswer;
  if (typeof runId !== 'string' || runId === '') fail('invalid_nuggets', fn, `${what}.runId`, 'a non-empty string', runId, about);
  if (typeof queryId !== 'string' || queryId === '') fail('invalid_nuggets', fn, `${what}.queryId`, 'a non-empty string', queryId, about);
  if (!Array.isArray(nuggets)) fail('invalid_nuggets', fn, `${what}.nuggets`, 'an array of nuggets', nuggets, about);
  nuggets.forEach((nugget: unknown, j) => checkedNugget(nugget, fn, `${what}.nuggets[${j}]`, about));
  return answer as NuggetAnswer;
}

/** Answers with their nuggets assigned, read at the boundary of `fn` (the argument `name`) and each checked. */
export function checkedAnswers(assignments: unknown, fn: string, name: string): NuggetAnswer[] {
  const answers = whileReading(fn, 'invalid_nuggets', `\`${name}\``, () =>
    Array.isArray(assignments) ? [...(assignments as unknown[])] : fail('invalid_nuggets', fn, { kind: 'argument', argument: name }, 'an array of answers', assignments),
  );
  return answers.map((answer, i) => checkedAnswer(answer, `${name}[${i}]`, fn, { subject: argument(name), facts: { index: i } }));
}

/** One assigned nugget checked at the boundary of `fn`: an object of the known vocabulary, named `at`, about `about` (the argument and entry that hold it). */
export function checkedNugget(nugget: unknown, fn: string, at: string, about: ErrorAbout): AssignedNugget {
  if (typeof nugget !== 'object' || nugget === null) fail('invalid_nuggets', fn, at, 'a nugget {text, importance, assignment}', nugget, about);
  const { importance, assignment } = nugget as AssignedNugget;
  if (!IMPORTANCE.includes(importance)) fail('invalid_nuggets', fn, `${at}.importance`, "'vital' or 'okay'", importance, { ...about, facts: { ...about.facts, choices: IMPORTANCE } });
  if (!SUPPORT.includes(assignment)) fail('invalid_nuggets', fn, `${at}.assignment`, "'support', 'partial_support' or 'not_support'", assignment, { ...about, facts: { ...about.facts, choices: SUPPORT } });
  return nugget as AssignedNugget;
}

/** The means of each score over `scores` (never empty). */
function means(scores: readonly NuggetScores[]): NuggetScores {
  return Object.fromEntries(NUGGET_SCORES.map(({ key }) => [key, meanOf(scores.map((score) => score[key]))])) as NuggetScores;
}

/** The topics of the `topics` option, checked. */
function topicsOf(topics: unknown): readonly string[] | undefined {
  if (topics === undefined) return undefined;
  const ids = Array.isArray(topics) ? topics : typeof topics === 'object' && topics !== null ? Object.keys(topics) : fail('invalid_option', FN, { kind: 'option', option: 'topics' }, 'a list of topic ids or a nugget bank', topics);
  ids.forEach((id: unknown, index) => {
    if (typeof id !== 'string' || id === '') fail('invalid_option', FN, 'every topic of `topics`', 'a non-empty string', id, { subject: option('topics'), facts: { index } });
  });
  return ids as string[];
}

/**
 * Scores answers by their nuggets as castorini/nuggetizer does (`calculate_nugget_scores`,
 * `calculate_global_metrics`), and per run. Each answer gets every score of NUGGET_SCORES: strictVital =
 * supported vital / vital nuggets, vital = (supported vital + 0.5·partly supported vital) / vital nuggets,
 * strictAll and all alike over all nuggets, and the weighted forms (vital 1, okay 0.5). A denominator of 0
 * scores 0.0 and that 0 enters the means. `mean` is nuggetizer's one mean over every answer; `byRun` the
 * means over each run's answers, and each topic's scores. No answers: no runs, and `mean` undefined.
 *
 * @param assignments answers with their nuggets assigned, as parseNuggetAssignments reads them
 * @throws {RankevalError} `invalid_nuggets` for an answer not of that shape or a run answering a topic twice;
 *   `invalid_option` for a bad option or an answered topic outside `topics`
 * @example evaluateNuggets([{ runId: 'r', queryId: '1', nuggets: [{ text: 'a', importance: 'vital', assignment: 'partial_support' }] }]).mean.vital // => 0.5
 */
export function evaluateNuggets(assignments: readonly NuggetAnswer[], options: EvaluateNuggetsOptions = {}): NuggetEvaluation {
  const answers = checkedAnswers(assignments, FN, 'assignments');
  const topics = topicsOf(ownOptions(options, ['topics'], FN).topics);
  const known = topics === undefined ? undefined : new Set(topics);
  const runs = new Map<string, Map<string, NuggetScores>>();
  const perAnswer: NuggetAnswerScores[] = [];
  const firstOf = new Map<string, number>();
  for (const [i, { runId, queryId, nuggets }] of answers.entries()) {
    if (known !== undefined && !known.has(queryId)) {
      throw new RankevalError({ code: 'invalid_option', fn: FN, subject: { kind: 'option', option: 'topics' }, at: { run: runId, query: queryId }, problem: `run ${JSON.stringify(runId)} answers topic ${JSON.stringify(queryId)}, which is not one of \`topics\``, expected: 'every answered topic among `topics`', received: queryId });
    }
    const queries = runs.get(runId) ?? runs.set(runId, new Map()).get(runId)!;
    const first = firstOf.get(`${runId}\t${queryId}`);
    if (first !== undefined) {
      const problem = `run ${JSON.stringify(runId)} answers topic ${JSON.stringify(queryId)} twice (assignments[${first}] and assignments[${i}])`;
      throw new RankevalError({ code: 'invalid_nuggets', fn: FN, subject: argument('assignments'), at: { run: runId, query: queryId }, facts: { index: i }, problem, expected: 'one answer per run and topic', received: queryId });
    }
    firstOf.set(`${runId}\t${queryId}`, i);
    const scores = nuggetScores(nuggets);
    queries.set(queryId, scores);
    perAnswer.push({ runId, queryId, scores });
  }
  if (topics !== undefined) {
    const zero = Object.fromEntries(NUGGET_SCORES.map(({ key }) => [key, 0])) as NuggetScores;
    for (const [runId, queries] of runs) {
      for (const queryId of topics) {
        if (queries.has(queryId)) continue;
        queries.set(queryId, zero);
        perAnswer.push({ runId, queryId, scores: zero, missing: true });
      }
    }
  }
  const byRun = Object.fromEntries([...runs].map(([runId, queries]) => [runId, { mean: means([...queries.values()]), queries: Object.fromEntries(queries) }]));
  return { perAnswer, byRun, mean: perAnswer.length === 0 ? undefined : means(perAnswer.map((answer) => answer.scores)) };
}

/**
 * One score of every run, topic by topic: run id → topic id → score, the shape of ItemScores per run that
 * kendallTau and the paired tests read (compare() scores runs against qrels itself, so it does not take them).
 *
 * @example nuggetScoresByRun(evaluateNuggets(answers), 'vital') // => { 'run-a': { '1': 0.5, … }, … }
 */
export function nuggetScoresByRun(evaluation: NuggetEvaluation, score: NuggetScoreKey): Record<string, Record<string, number>> {
  checkScoreKey(score, 'nuggetScoresByRun', { kind: 'argument', argument: 'score' });
  const byRun = runsOf(evaluation, 'nuggetScoresByRun');
  return Object.fromEntries(Object.entries(byRun).map(([runId, { queries }]) => [runId, Object.fromEntries(Object.entries(queries).map(([queryId, scores]) => [queryId, scores[score]]))]));
}

/**
 * Every run's every score, topic by topic, as `compareScores` reads per-query scores: run id → topic id →
 * score name (as `rankeval nuggets` names them: `strict_vital_score`, `vital_score`, …) → value. Each run
 * has the topics it was scored on: with evaluateNuggets's `topics`, all of them (a topic it did not answer
 * scoring 0); without, those it answered, which compareScores refuses to pair when runs differ.
 *
 * @example compareScores(nuggetComparisonScores(evaluateNuggets(answers, { topics: bank })), { measures: ['vital_score'] })
 */
export function nuggetComparisonScores(evaluation: NuggetEvaluation): Record<string, Record<string, Record<NuggetScoreName, number>>> {
  const byRun = runsOf(evaluation, 'nuggetComparisonScores');
  const named = (scores: NuggetScores) => Object.fromEntries(NUGGET_SCORES.map(({ key, name }) => [name, scores[key]])) as Record<NuggetScoreName, number>;
  return Object.fromEntries(Object.entries(byRun).map(([runId, { queries }]) => [runId, Object.fromEntries(Object.entries(queries).map(([queryId, scores]) => [queryId, named(scores)]))]));
}

/** The `byRun` of an evaluation, checked at the boundary of `fn`. */
function runsOf(evaluation: NuggetEvaluation, fn: string): NuggetEvaluation['byRun'] {
  const byRun = whileReading(fn, 'invalid_nuggets', '`evaluation`', () => evaluation.byRun);
  if (typeof byRun !== 'object' || byRun === null) fail('invalid_nuggets', fn, { kind: 'argument', argument: 'evaluation' }, 'the result of evaluateNuggets', evaluation);
  return byRun;
}
