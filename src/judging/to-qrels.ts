// Judgments into qrels: one judge's grades, several judges' combined (by majority, mean or preference), or each judge's own.
import { argument, fail, mention, option, RankevalError, words } from '../core/errors.js';
import { ownOptions, whileReading } from '../core/boundary.js';
import { quoteJson } from '../core/quoting.js';
import type { Judgment } from '../formats/judgments.js';
import type { QrelsByJudge } from '../formats/qrels-by-judge.js';

/** How the grades several judges gave one document become its grade. */
export type CombineJudges = 'judge' | 'majority' | 'mean' | 'prefer';

const COMBINES: readonly CombineJudges[] = ['judge', 'majority', 'mean', 'prefer'];

export interface ToQrelsOptions {
  /** The judges whose judgments count, by name (one or a list). Default: every judge in the judgments. */
  readonly judge?: string | readonly string[];
  /**
   * `judge` (default): the grades of one judge — more than one among those counted is an error;
   * `majority`: the grade most judges gave, a tie going to the lowest of the grades tied — so two judges
   *   who differ always give the lower grade (to let one judge's grade win, use `prefer`);
   * `mean`: the mean of the judges' grades (a fraction, for a golden set read as JSON);
   * `prefer`: the grade of the first judge in `judge` (a list, in order of preference) who graded the
   *   document — `{ judge: ['ann', 'llm'], combine: 'prefer' }`: a person's grade over the model's.
   */
  readonly combine?: CombineJudges;
}

/**
 * Qrels from judgments (a store's, `parseJudgments(text).judgments`): query id → document id → grade, in
 * the order each query and document is first judged. Each judge's last judgment of a document counts (a
 * later line is that judge's later word). With several judges, `combine` says how their grades make one.
 *
 * Edge rules: a document only some judges judged is combined over those; `majority` breaks a tie towards
 * the lowest grade tied (a document is not called more relevant than most judges called it: with two
 * judges who differ, the lower grade), `prefer` takes the first judge of the `judge` list who graded the
 * document; judges named in `judge` that judged nothing are no error (a store may not hold them yet).
 *
 * @param judgments the judgments, any number of judges
 * @returns qrels, as `evaluateRun`, `labelAgreement` and `compare` read them
 * @throws {RankevalError} `invalid_option` for a bad option, `combine: 'judge'` over several judges, or
 *   `combine: 'prefer'` without `judge`, the judges in order;
 *   `invalid_qrels` for judgments that are not an iterable (a store read whole: pass `store.judgments`),
 *   or a judgment without string ids, a judge's name or a finite grade
 * @example
 * // Two judges of one store, compared: how far the LLM agrees with the person.
 * labelAgreement(toQrels(judgments, { judge: 'alice' }), toQrels(judgments, { judge: 'gpt-4o' }))
 */
export function toQrels(judgments: Iterable<Judgment>, options: ToQrelsOptions = {}): Map<string, Map<string, number>> {
  const fn = 'toQrels';
  const { judge, combine = 'judge' } = ownOptions(options, ['judge', 'combine'], fn);
  const names = judgeNames(judge, fn);
  if (!COMBINES.includes(combine)) fail('invalid_option', fn, option('combine'), "'judge', 'majority', 'mean' or 'prefer'", combine);
  if (combine === 'prefer' && names === undefined) {
    const problem = words("'prefer' (", mention(option('combine')), ') takes the judges in order of preference: name them (', mention(option('judge')), ')');
    throw new RankevalError({ code: 'invalid_option', fn, subject: option('judge'), problem, expected: 'a list of judges, in order of preference', received: judge });
  }
  const graded = gradesByJudge(judgments, names, fn);
  const judges = new Set([...graded.values()].flatMap((byDoc) => [...byDoc.values()].flatMap((byJudge) => [...byJudge.keys()])));
  if (combine === 'judge' && judges.size > 1) {
    const listed = [...judges].map((name) => quoteJson(name)).join(', ');
    const problem = words(`the judgments are by ${judges.size} judges (${listed}); name one (`, mention(option('judge')), ') or combine them (', mention(option('combine')), ": 'majority', 'mean' or 'prefer')");
    throw new RankevalError({ code: 'invalid_option', fn, subject: option('judge'), facts: { count: judges.size, choices: [...judges] }, problem, expected: 'one judge', received: [...judges] });
  }
  const qrels = new Map<string, Map<string, number>>();
  for (const [qid, byDoc] of graded) {
    qrels.set(qid, new Map([...byDoc].map(([doc, byJudge]) => [doc, combined(byJudge, combine, names)])));
  }
  return qrels;
}

/**
 * Each judge's qrels from judgments (a store's, `parseJudgments(text).judgments`): judge → query id →
 * document id → grade, each judge's last judgment of a document counting (a later line is that judge's
 * later word). What `evaluateRunByJudge` scores a run against, to average a measure over judges rather than
 * over one combined set of grades (`toQrels` with `combine`).
 *
 * @param judgments the judgments, any number of judges
 * @param options `judge`: the judges whose judgments count (one name or a list; default every judge)
 * @throws {RankevalError} `invalid_option` for a bad option; `invalid_qrels` for judgments that are not an
 *   iterable (pass `store.judgments`), or a judgment without string ids, a judge's name or a finite grade
 * @example
 * evaluateRunByJudge(run, toQrelsByJudge(store.judgments), { measures: ['ndcg@10'] })
 */
export function toQrelsByJudge(judgments: Iterable<Judgment>, options: Pick<ToQrelsOptions, 'judge'> = {}): QrelsByJudge {
  const fn = 'toQrelsByJudge';
  const { judge } = ownOptions(options, ['judge'], fn);
  const names = judgeNames(judge, fn);
  const byJudge: QrelsByJudge = new Map();
  for (const [qid, byDoc] of gradesByJudge(judgments, names, fn)) {
    for (const [doc, grades] of byDoc) {
      for (const [name, grade] of grades) {
        let qrels = byJudge.get(name);
        if (qrels === undefined) byJudge.set(name, (qrels = new Map()));
        let judged = qrels.get(qid);
        if (judged === undefined) qrels.set(qid, (judged = new Map()));
        judged.set(doc, grade);
      }
    }
  }
  return byJudge;
}

/** The `judge` option, checked: the names counted, or undefined for every judge. */
function judgeNames(judge: unknown, fn: string): Set<string> | undefined {
  const names = judge === undefined ? undefined : typeof judge === 'string' ? [judge] : judge;
  if (names !== undefined && (!Array.isArray(names) || names.some((name) => typeof name !== 'string'))) fail('invalid_option', fn, { kind: 'option', option: 'judge' }, "a judge's name or a list of names", judge);
  return names === undefined ? undefined : new Set(names as string[]);
}

/** Query → document → judge → the judge's last grade, for the judges counted. */
function gradesByJudge(judgments: Iterable<Judgment>, counted: ReadonlySet<string> | undefined, fn: string): Map<string, Map<string, Map<string, number>>> {
  // A store as parseJudgments returns it, `{ judgments, tornLine }`, is the likely slip: name its list.
  if (typeof judgments !== 'object' || judgments === null || !whileReading(fn, 'invalid_qrels', '`judgments`', () => Symbol.iterator in judgments)) {
    fail('invalid_qrels', fn, argument('judgments'), "an iterable of judgments (a store's list: `store.judgments`)", judgments);
  }
  return whileReading(fn, 'invalid_qrels', '`judgments`', () => gradesOf(judgments, counted, fn));
}

/** gradesByJudge's loop, over an iterable the caller gave (read inside whileReading). */
function gradesOf(judgments: Iterable<Judgment>, counted: ReadonlySet<string> | undefined, fn: string): Map<string, Map<string, Map<string, number>>> {
  const graded = new Map<string, Map<string, Map<string, number>>>();
  let index = 0;
  for (const judgment of judgments) {
    const { query_id: qid, doc_id: doc, judge, grade } = (judgment ?? {}) as Partial<Judgment>;
    const what = `judgments[${index++}]`;
    if (typeof qid !== 'string' || typeof doc !== 'string' || typeof judge !== 'string') fail('invalid_qrels', fn, what, 'a judgment with string `query_id`, `doc_id` and `judge`', judgment, { subject: argument('judgments'), facts: { index: index - 1 } });
    if (typeof grade !== 'number' || !Number.isFinite(grade)) fail('invalid_qrels', fn, `the grade of ${what}`, 'a finite number', grade, { subject: argument('judgments'), at: { query: qid, document: doc }, facts: { index: index - 1 } });
    if (counted !== undefined && !counted.has(judge)) continue;
    let byDoc = graded.get(qid);
    if (byDoc === undefined) graded.set(qid, (byDoc = new Map()));
    let byJudge = byDoc.get(doc);
    if (byJudge === undefined) byDoc.set(doc, (byJudge = new Map()));
    byJudge.set(judge, grade);
  }
  return graded;
}

/** The grade of a document from its judges' grades (at least one); `prefer` reads them in the order of `names`. */
function combined(byJudge: ReadonlyMap<string, number>, combine: CombineJudges, names: ReadonlySet<string> | undefined): number {
  if (combine === 'prefer') return byJudge.get([...names!].find((name) => byJudge.has(name))!)!;
  const grades = [...byJudge.values()];
  if (combine === 'mean') return grades.reduce((sum, grade) => sum + grade, 0) / grades.length;
  const counts = new Map<number, number>();
  for (const grade of grades) counts.set(grade, (counts.get(grade) ?? 0) + 1);
  let best = grades[0]!;
  for (const [grade, count] of counts) {
    const bestCount = counts.get(best)!;
    if (count > bestCount || (count === bestCount && grade < best)) best = grade;
  }
  return best;
}
