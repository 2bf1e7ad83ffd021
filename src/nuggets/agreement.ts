// Whether two nugget assigners (an LLM and people, or two LLMs) agree: nugget by nugget (κ and α, vital and
// okay apart, through labelAgreement), and in the order they put the runs in (systemAgreement's figures).
import { isRankevalError, mention, RankevalError, speakingFor } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { labelAgreement, type LabelAgreement, type LabelAgreementOptions } from '../agreement/label-agreement.js';
import type { SystemAgreement } from '../agreement/order-agreement.js';
import { agreementOfScores, type ScoreAgreementOptions } from '../analysis/system-agreement.js';
import { readNuggetGrades, type NuggetAnswer, type NuggetBank, type NuggetGrades, type NuggetImportance, type NuggetSupport } from '../formats/nuggets.js';
import { checkedAnswers, evaluateNuggets, nuggetScoresByRun } from './evaluate-nuggets.js';
import { checkScoreKey, type NuggetScoreKey } from './scores.js';

/** The grade of each assignment in nuggetLabelAgreement: the order of support, as labelAgreement's grades. */
export const SUPPORT_GRADES: Readonly<Record<NuggetSupport, number>> = { not_support: 0, partial_support: 1, support: 2 };

/** labelAgreement's bootstrap (`samples`, default 1,000; `seed`, default 42), and the assigners' scale. */
export interface NuggetLabelAgreementOptions extends Omit<LabelAgreementOptions, 'relevanceThreshold'> {
  /** The assigners' scale: 3 (default) or 2, on which a `partial_support` is refused. */
  readonly grades?: NuggetGrades;
}

/**
 * What weakens nuggetLabelAgreement's figures, as data: `unmatched_nuggets`, nuggets only one assigner
 * labelled (`onlyA`, `onlyB` nuggets; an answer only one assigned counts all its nuggets); `no_nuggets`, no
 * nugget of `importance` labelled by both, whose figures are `null`.
 */
export type NuggetAgreementWarning =
  | { readonly code: 'unmatched_nuggets'; readonly message: string; readonly onlyA: number; readonly onlyB: number }
  | { readonly code: 'no_nuggets'; readonly message: string; readonly importance: NuggetImportance };

export interface NuggetLabelAgreement {
  /** labelAgreement over every nugget both assigners labelled, each (run, topic) a query, each nugget a document. */
  readonly all: LabelAgreement;
  /** The same over the vital nuggets only and the okay ones only; `null` where both labelled none. */
  readonly vital: LabelAgreement | null;
  readonly okay: LabelAgreement | null;
  readonly warnings: readonly NuggetAgreementWarning[];
}

/**
 * How far two assigners agree nugget by nugget: labelAgreement (share alike, Cohen's κ unweighted, linear and
 * quadratic, ordinal α, relevant or not, bootstrap intervals over answers) over every nugget both labelled,
 * over the vital ones and over the okay ones apart. The mapping: each answer — a run's answer to a topic —
 * is a query, keyed `JSON.stringify([runId, queryId])` (`'["bm25","q1"]'`); each nugget of it a document,
 * by its text; its grade not_support 0, partial_support 1, support 2 (SUPPORT_GRADES), so the binary
 * figures read "supported at least partly, or not".
 *
 * Edge rules: a nugget (or a whole answer) only one side labelled is left out, counted in the
 * `unmatched_nuggets` warning and listed in `all.onlyA` / `all.onlyB`; vital or okay figures with no nugget
 * of theirs labelled by both are `null`, said by `no_nuggets`.
 *
 * @throws {RankevalError} `invalid_nuggets` for answers not of parseNuggetAssignments' shape, a run answering
 *   a topic twice, a nugget text twice in one answer, a nugget vital on one side and okay on the other, and
 *   a `partial_support` with `grades: 2` (each naming the side, run and topic); `invalid_option` for a bad
 *   option; `undefined_statistic` when no nugget is labelled by both
 * @example
 * nuggetLabelAgreement(llm, people).vital.kappa.unweighted // => 0.62
 */
export function nuggetLabelAgreement(assignmentsA: readonly NuggetAnswer[], assignmentsB: readonly NuggetAnswer[], options: NuggetLabelAgreementOptions = {}): NuggetLabelAgreement {
  const fn = 'nuggetLabelAgreement';
  const { grades = 3, samples, seed } = ownOptions(options, ['grades', 'samples', 'seed'], fn);
  readNuggetGrades(grades, fn);
  const sideA = nuggetQrels(checkedAnswers(assignmentsA, fn, 'assignmentsA'), grades, 'assignmentsA', fn);
  const sideB = nuggetQrels(checkedAnswers(assignmentsB, fn, 'assignmentsB'), grades, 'assignmentsB', fn);
  checkImportance(sideA, sideB, fn);
  const bootstrap = { ...(samples === undefined ? {} : { samples }), ...(seed === undefined ? {} : { seed }) };
  const agree = (importance?: NuggetImportance): LabelAgreement | null => {
    const [a, b] = [qrelsOf(sideA, importance), qrelsOf(sideB, importance)];
    try {
      return labelAgreement(a, b, bootstrap);
    } catch (error) {
      if (importance !== undefined && isRankevalError(error) && error.code === 'undefined_statistic') return null;
      throw isRankevalError(error) ? speakingFor(error, fn, ['labelAgreement']) : error;
    }
  };
  const all = agree()!;
  const [vital, okay] = [agree('vital'), agree('okay')];
  const warnings: NuggetAgreementWarning[] = [];
  const count = (only: LabelAgreement['onlyA']): number => Object.values(only).reduce((sum, texts) => sum + texts.length, 0);
  const [onlyA, onlyB] = [count(all.onlyA), count(all.onlyB)];
  if (onlyA + onlyB > 0) {
    warnings.push({ code: 'unmatched_nuggets', message: `${onlyA} nuggets only assignmentsA labels and ${onlyB} only assignmentsB labels are left out (all.onlyA, all.onlyB)`, onlyA, onlyB });
  }
  for (const [importance, figures] of [['vital', vital], ['okay', okay]] as const) {
    if (figures === null) warnings.push({ code: 'no_nuggets', message: `no ${importance} nugget is labelled by both assigners: the ${importance} figures are left out`, importance });
  }
  return { all, vital, okay, warnings };
}

/** One side as qrels: answer key → nugget text → grade, and each nugget's importance by the same keys. */
interface NuggetQrels {
  readonly grades: Map<string, Map<string, number>>;
  readonly importance: Map<string, Map<string, NuggetImportance>>;
  readonly name: string;
}

/** The answers of one side in labelAgreement's terms (see nuggetLabelAgreement), checked. */
function nuggetQrels(answers: readonly NuggetAnswer[], scale: NuggetGrades, name: string, fn: string): NuggetQrels {
  const side: NuggetQrels = { grades: new Map(), importance: new Map(), name };
  for (const { runId, queryId, nuggets } of answers) {
    const key = JSON.stringify([runId, queryId]);
    const at = { run: runId, query: queryId };
    if (side.grades.has(key)) throw new RankevalError({ code: 'invalid_nuggets', fn, at, problem: `in \`${name}\`, run ${JSON.stringify(runId)} answers topic ${JSON.stringify(queryId)} twice`, expected: 'one answer per run and topic', received: queryId });
    const [grades, importance] = [new Map<string, number>(), new Map<string, NuggetImportance>()];
    for (const nugget of nuggets) {
      const where = `in \`${name}\`, the answer of run ${JSON.stringify(runId)} to topic ${JSON.stringify(queryId)}`;
      if (grades.has(nugget.text)) throw new RankevalError({ code: 'invalid_nuggets', fn, at, problem: `${where} has the nugget ${JSON.stringify(nugget.text)} twice: nuggets are matched by their text`, expected: 'one nugget a text in an answer', received: nugget.text });
      if (scale === 2 && nugget.assignment === 'partial_support') {
        throw new RankevalError({ code: 'invalid_nuggets', fn, at, problem: `${where} assigns \`partial_support\` to ${JSON.stringify(nugget.text)}, which an assigner on 2 grades does not give (grades: 2)`, expected: 'support or not_support', received: nugget.assignment });
      }
      grades.set(nugget.text, SUPPORT_GRADES[nugget.assignment]);
      importance.set(nugget.text, nugget.importance);
    }
    side.grades.set(key, grades);
    side.importance.set(key, importance);
  }
  return side;
}

/** Refuses a nugget both sides label with a different importance: the two were not assigned from one bank. */
function checkImportance(a: NuggetQrels, b: NuggetQrels, fn: string): void {
  for (const [key, nuggets] of a.importance) {
    const other = b.importance.get(key);
    for (const [text, importance] of nuggets) {
      const otherImportance = other?.get(text);
      if (otherImportance === undefined || otherImportance === importance) continue;
      const [run, query] = JSON.parse(key) as [string, string];
      throw new RankevalError({
        code: 'invalid_nuggets',
        fn,
        at: { run, query },
        problem: `the nugget ${JSON.stringify(text)} of run ${JSON.stringify(run)}'s answer to topic ${JSON.stringify(query)} is ${importance} in \`${a.name}\` and ${otherImportance} in \`${b.name}\`: the assigners' nuggets come from different banks`,
        expected: `${importance}, as in \`${a.name}\``,
        received: otherImportance,
      });
    }
  }
}

/** One side's grades as qrels, of the nuggets of `importance` only when given (answers left without one dropped). */
function qrelsOf(side: NuggetQrels, importance?: NuggetImportance): Map<string, Map<string, number>> {
  if (importance === undefined) return side.grades;
  const qrels = new Map<string, Map<string, number>>();
  for (const [key, grades] of side.grades) {
    const kept = new Map([...grades].filter(([text]) => side.importance.get(key)!.get(text) === importance));
    if (kept.size > 0) qrels.set(key, kept);
  }
  return qrels;
}

/** nuggetSystemAgreement's options: the score the runs are ordered by, and systemAgreement's. */
export interface NuggetSystemAgreementOptions extends Omit<ScoreAgreementOptions, 'measure'> {
  /** The nugget score the runs are ordered by (NUGGET_SCORES: `vital`, `all`, `weighted`, …). */
  readonly score: NuggetScoreKey;
  /**
   * The topics each run is scored on, as evaluateNuggets takes them: a topic a run did not answer scores 0.
   * Default: on each side, every topic answered in its file.
   */
  readonly topics?: readonly string[] | NuggetBank;
}

/**
 * Whether two assigners order the runs alike: every run's nugget `score` per topic under each assigner
 * (evaluateNuggets, a topic a run did not answer scoring 0), then systemAgreementOfScores — τ_b, τ_AP,b and
 * Spearman's ρ of the two orders of the runs' means, overall and over the `topK` best under A, and the pairs
 * that flip with their paired p-values — over the topics both assigners scored (a different_queries warning
 * names the others). `measure` in the result is the score.
 *
 * @throws {RankevalError} what evaluateNuggets throws for each side (naming it); `invalid_option` for a
 *   score not of NUGGET_SCORES, fewer than two runs, a run one side only assigned, or a bad option;
 *   `no_queries` when the sides share no topic
 * @example
 * nuggetSystemAgreement(llm, people, { score: 'vital' })
 * // => { measure: 'vital', queries: 3, tauB: 1, runs: [{ run: 'bm25-gpt', meanA: 0.67, meanB: 0.61 }, …], flips: [], warnings: […] }
 */
export function nuggetSystemAgreement(assignmentsA: readonly NuggetAnswer[], assignmentsB: readonly NuggetAnswer[], options: NuggetSystemAgreementOptions): SystemAgreement {
  const fn = 'nuggetSystemAgreement';
  const { score, topics, ...rest } = ownOptions(options, ['score', 'topics', 'topK', 'test', 'alpha', 'correction'], fn, { expected: 'an object with `score`' });
  checkScoreKey(score, fn, { kind: 'option', option: 'score' });
  const table = (assignments: unknown, name: string): Record<string, Record<string, number>> => {
    const answers = checkedAnswers(assignments, fn, name);
    try {
      return nuggetScoresByRun(evaluateNuggets(answers, { topics: topics ?? [...new Set(answers.map((answer) => answer.queryId))] }), score);
    } catch (error) {
      throw isRankevalError(error) ? speakingFor(error, fn, ['evaluateNuggets'], [mention({ kind: 'argument', argument: name })]) : error;
    }
  };
  return agreementOfScores(table(assignmentsA, 'assignmentsA'), table(assignmentsB, 'assignmentsB'), { ...rest, measure: score }, fn, ['assignmentsA', 'assignmentsB']);
}
