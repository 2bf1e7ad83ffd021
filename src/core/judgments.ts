// Internal: the judgments of one query (qrels in any of their forms) read once and checked, and the rule
// that decides which grades are relevant.
import { describeValue } from './quoting.js';
import { argument, fail, failId, RankevalError, words, wordsOf, type DeferredText, type ErrorAbout, type ErrorText } from './errors.js';
import { whileReading } from './boundary.js';

/** The judgments of one query, read once. */
export interface Judgments {
  /** id → grade, for every judged document. */
  readonly grades: ReadonlyMap<string, number>;
  /** R: the number of relevant documents (grade ≥ threshold and grade ≥ 0). */
  readonly relevant: number;
}

function readGrade(grade: unknown, id: string, fn: string, where: () => ErrorText, about: ErrorAbout): number {
  if (typeof grade !== 'number' || !Number.isFinite(grade)) {
    fail('invalid_qrels', fn, words(`the grade of ${JSON.stringify(id)} in `, where()), 'a finite number', grade, { ...about, at: { ...about.at, document: id } });
  }
  return grade;
}

/**
 * Reads a Map, a plain object (id → grade) or an iterable of ids (grade 1 each), reading the iterable once.
 * What reading them throws (a revoked Proxy, a throwing iterator) is an `invalid_qrels` naming `where`;
 * `about` is what its errors are about (by default the argument `qrels`), as data.
 */
export function readJudgments(qrels: unknown, relevanceThreshold: number, fn: string, where: DeferredText = 'the qrels', about: ErrorAbout = QRELS): Judgments {
  const place = (): ErrorText => wordsOf(where);
  const grades = whileReading(fn, 'invalid_qrels', place, () => readGrades(qrels, fn, place, about));
  let relevant = 0;
  for (const grade of grades.values()) if (isRelevant(grade, relevanceThreshold)) relevant++;
  return { grades, relevant };
}

const QRELS: ErrorAbout = { subject: argument('qrels') };

function readGrades(qrels: unknown, fn: string, where: () => ErrorText, about: ErrorAbout): Map<string, number> {
  let grades: Map<string, number>;
  if (qrels instanceof Map) {
    grades = new Map();
    for (const [id, grade] of qrels) {
      if (typeof id !== 'string') failId('invalid_qrels', fn, words('every document id in ', where()), 'a string', id, about);
      grades.set(id, readGrade(grade, id, fn, where, about));
    }
  } else if (typeof qrels === 'object' && qrels !== null && Symbol.iterator in qrels) {
    grades = new Map();
    for (const id of qrels as Iterable<unknown>) {
      if (typeof id !== 'string') badListedId(id, fn, where(), about);
      grades.set(id, 1);
    }
  } else if (typeof qrels === 'object' && qrels !== null) {
    grades = new Map();
    for (const id of Object.keys(qrels)) grades.set(id, readGrade((qrels as Record<string, unknown>)[id], id, fn, where, about));
  } else {
    return fail('invalid_qrels', fn, where(), 'a Map, an object of id → grade or an iterable of ids', qrels, about);
  }
  return grades;
}

/**
 * Throws for an entry of a list of ids that is not a string. An object there (`[{id: 'd1', grade: 2}]`, the
 * commonest other shape) is told the shapes judgments take, with the entry as an id → grade example when
 * it has a string `id` and a numeric field; a number, that ids are strings (failId).
 */
function badListedId(entry: unknown, fn: string, where: ErrorText, about: ErrorAbout): never {
  const what = words('every document id in ', where);
  if (typeof entry !== 'object' || entry === null) return failId('invalid_qrels', fn, what, 'a string', entry, about);
  const { id } = entry as { id?: unknown };
  const grade = Object.values(entry).find((value) => typeof value === 'number' && Number.isFinite(value));
  const example = typeof id === 'string' && grade !== undefined ? `{${JSON.stringify(id)}: ${String(grade)}}` : '{"d1": 2}';
  const shapes = `judgments are an object of id → grade (${example}), a Map of id → grade, or an array or Set of ids (grade 1 each)`;
  throw new RankevalError({ code: 'invalid_qrels', fn, ...about, what, problem: words('expected ', what, ` to be a string, got ${describeValue(entry)}: ${shapes}`), expected: 'a string', received: entry });
}

/** Negative grades are never relevant: trec_eval reads them as pooled but unjudged. */
export function isRelevant(grade: number, relevanceThreshold: number): boolean {
  return grade >= relevanceThreshold && grade >= 0;
}
