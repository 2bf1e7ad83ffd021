// The nugget-assignment store: an append-only JSON Lines file, one assignment of one nugget to one answer a
// line (as the judgments store holds one grade a line), read by the same store reader; and the store turned
// into nuggetizer's assign output, which evaluateNuggets scores.
import { argument, fail, RankevalError, type ErrorPlace } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { SUPPORT, type AssignedNugget, type NuggetAnswer, type NuggetBank, type NuggetImportance, type NuggetSupport } from './nuggets.js';
import { oneFormat, parseWith, readWith, type Chunk, type Source } from './source.js';
import { JUDGMENTS_STORE, lineChecks, NUGGET_STORE, storeKind, type StoreLines, type StoreReadOptions } from './store.js';

/**
 * One assignment, as the store holds it (one JSON object a line): how far a run's answer to a topic supports
 * one nugget of the topic (by its text), by which judge (a person or a model, by name), when (`at`, ISO
 * 8601), and optionally why and at what cost (`usage`, token counts). The key of an assignment is (judge,
 * run_id, topic_id, nugget); a later line of a key replaces an earlier one.
 *
 * @example { "topic_id": "t1", "run_id": "bm25-gpt", "nugget": "the nugget's text", "importance": "vital", "assignment": "partial_support", "judge": "gpt-4o-mini", "at": "2026-12-07T23:30:00.000Z" }
 */
export interface NuggetJudgment {
  readonly topic_id: string;
  readonly run_id: string;
  /** The nugget's text, as the bank gives it. */
  readonly nugget: string;
  readonly importance: NuggetImportance;
  readonly assignment: NuggetSupport;
  readonly judge: string;
  readonly rationale?: string;
  /** Counts the judge reported (`{ "prompt_tokens": 812, "completion_tokens": 64 }`), each a finite number ≥ 0. */
  readonly usage?: Readonly<Record<string, number>>;
  readonly at: string;
}

/** A nugget-assignment store as read: its assignments in file order, and the half-written last line set aside, if any (that assignment is asked again). */
export interface NuggetJudgmentStore extends StoreLines<NuggetJudgment> {}

const FIELDS = '{"topic_id", "run_id", "nugget", "importance", "assignment", "judge", "at"}';

/** The assignment a line's JSON object holds, checked field by field; anything else is an error at that line. */
function readNuggetJudgment(record: Readonly<Record<string, unknown>>, file: string, line: number): NuggetJudgment {
  const { topic_id, run_id, nugget, importance, assignment } = record;
  const check = lineChecks(file, line);
  check.text('topic_id', topic_id);
  check.text('run_id', run_id);
  if (typeof nugget !== 'string') check.bad('nugget', "the nugget's text, a string", nugget);
  if (importance !== 'vital' && importance !== 'okay') check.bad('importance', '"vital" or "okay"', importance);
  if (!(SUPPORT as readonly unknown[]).includes(assignment)) check.bad('assignment', '"support", "partial_support" or "not_support"', assignment);
  check.common(record);
  return record as unknown as NuggetJudgment;
}

const nuggetStoreKind = storeKind({ identity: NUGGET_STORE, other: JUDGMENTS_STORE, readLine: readNuggetJudgment, fields: FIELDS });

/**
 * Reads a nugget-assignment store (JSON Lines, one NuggetJudgment a line, as `assignNuggets` from
 * `rankeval/judge` writes it) from its whole content, as parseJudgments reads a judgments store: blank lines
 * skipped, a half-written last line ignored (`tornLine`), every line kept in file order.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for a line that is not an assignment, except a torn
 *   last line; `wrong_file_kind` for a line of a judgments store; `invalid_option` for a bad option
 * @example
 * parseNuggetJudgments('{"topic_id":"t1","run_id":"r","nugget":"a","importance":"vital","assignment":"support","judge":"gpt","at":"2026-12-07T23:30:00Z"}\n')
 * // => { judgments: [{ topic_id: 't1', run_id: 'r', nugget: 'a', importance: 'vital', assignment: 'support', judge: 'gpt', at: '2026-12-07T23:30:00Z' }], tornLine: undefined }
 */
export function parseNuggetJudgments(content: Chunk, options?: StoreReadOptions): NuggetJudgmentStore {
  return parseWith(nuggetStoreKind, content, oneFormat(options, 'jsonl'), 'parseNuggetJudgments');
}

/** Reads a nugget-assignment store from a stream of chunks (a Node `fs.createReadStream(path)`, a web `ReadableStream`, …), as parseNuggetJudgments does. */
export async function readNuggetJudgments(source: Source, options?: StoreReadOptions): Promise<NuggetJudgmentStore> {
  return readWith(nuggetStoreKind, source, oneFormat(options, 'jsonl'), 'readNuggetJudgments');
}

export interface NuggetAssignmentsOfOptions {
  /** Whose assignments to take; may be left out only when one judge made them all. */
  readonly judge?: string;
  /**
   * The nugget bank the store was assigned from: each answer's nuggets in the bank's order of its topic (as
   * nuggetizer writes them), its question as `query`. With it, a topic or a nugget not in the bank, or an
   * answer missing an assignment of one of its topic's nuggets, is refused. Without it, nuggets keep the
   * store's order of first assignment.
   */
  readonly bank?: NuggetBank;
}

const ANSWER_KEYS = ['topic_id', 'run_id', 'nugget', 'judge'] as const;

/**
 * A nugget-assignment store as nuggetizer's assign output, what `evaluateNuggets` scores: one answer per
 * (run, topic), in the order of their first line, each with its nuggets assigned. The last line of each
 * (judge, run, topic, nugget) counts (a judge changing its mind).
 *
 * @param store a store (`parseNuggetJudgments`, `readNuggetJudgments`) or its assignments
 * @throws {RankevalError} `invalid_option` for a judge to name (several in the store) or a bad option;
 *   `invalid_nuggets` for an assignment that is not one, or (with `bank`) an answer that does not fit the bank
 * @example
 * nuggetAssignmentsOf(parseNuggetJudgments(text), { bank }) // => [{ runId: 'r', queryId: 't1', nuggets: [{ text: 'a', importance: 'vital', assignment: 'support' }] }]
 */
export function nuggetAssignmentsOf(store: NuggetJudgmentStore | Iterable<NuggetJudgment>, options: NuggetAssignmentsOfOptions = {}): NuggetAnswer[] {
  const fn = 'nuggetAssignmentsOf';
  const list = typeof store === 'object' && store !== null && 'judgments' in store ? store.judgments : store;
  if (typeof list !== 'object' || list === null || !(Symbol.iterator in list)) fail('invalid_nuggets', fn, { kind: 'argument', argument: 'store' }, 'a nugget-assignment store (parseNuggetJudgments) or its assignments', store);
  const { judge, bank } = options;
  if (judge !== undefined && (typeof judge !== 'string' || judge === '')) fail('invalid_option', fn, { kind: 'option', option: 'judge' }, "a judge's name, a non-empty string", judge);
  if (bank !== undefined && (typeof bank !== 'object' || bank === null)) fail('invalid_option', fn, { kind: 'option', option: 'bank' }, 'a nugget bank (parseNuggetBank)', bank);
  const all = [...list].map((assignment, i) => checkedAssignment(assignment, i, fn));
  const judges = [...new Set(all.map((assignment) => assignment.judge))];
  if (judge === undefined && judges.length > 1) fail('invalid_option', fn, { kind: 'option', option: 'judge' }, `one of the store's judges (${judges.map((name) => quoteJson(name)).join(', ')})`, judge);
  // (run, topic) → nugget text → its assignment, the last line of each counting.
  const answers = new Map<string, { runId: string; queryId: string; nuggets: Map<string, NuggetJudgment> }>();
  for (const assignment of all) {
    if (judge !== undefined && assignment.judge !== judge) continue;
    const key = JSON.stringify([assignment.run_id, assignment.topic_id]);
    if (!answers.has(key)) answers.set(key, { runId: assignment.run_id, queryId: assignment.topic_id, nuggets: new Map() });
    answers.get(key)!.nuggets.set(assignment.nugget, assignment);
  }
  return [...answers.values()].map(({ runId, queryId, nuggets }) => {
    if (bank === undefined) return { runId, queryId, nuggets: [...nuggets.values()].map(assignedOf) };
    const topic = Object.hasOwn(bank, queryId) ? bank[queryId] : undefined;
    const at: ErrorPlace = { run: runId, query: queryId };
    const misfit = (what: string, expected: string, received: unknown): never => {
      throw new RankevalError({ code: 'invalid_nuggets', fn, subject: { kind: 'option', option: 'bank' }, what, expected, received, at });
    };
    if (topic === undefined) return misfit(`the topic of run ${quoteJson(runId)}'s assignments`, 'a topic of the nugget bank', queryId);
    const texts = new Set(topic.nuggets.map((nugget) => nugget.text));
    const stray = [...nuggets.keys()].find((text) => !texts.has(text));
    if (stray !== undefined) misfit(`a nugget assigned to run ${quoteJson(runId)}'s answer to topic ${quoteJson(queryId)}`, 'a nugget of the topic in the bank', stray);
    const missing = topic.nuggets.find((nugget) => !nuggets.has(nugget.text));
    if (missing !== undefined) misfit(`a nugget of topic ${quoteJson(queryId)} in the bank`, `assigned to run ${quoteJson(runId)}'s answer, as each of the topic's ${topic.nuggets.length} nuggets must be (assignNuggets asks what is missing)`, missing.text);
    return { runId, queryId, ...(topic.query === undefined ? {} : { query: topic.query }), nuggets: topic.nuggets.map((nugget) => assignedOf(nuggets.get(nugget.text)!)) };
  });
}

/** A store's line as the nugget it assigns, in nuggetizer's words. */
export const assignedOf = (line: NuggetJudgment): AssignedNugget => ({ text: line.nugget, importance: line.importance, assignment: line.assignment });

/** One assignment given in code, checked as a store's line is: an object with the key's strings and the vocabulary. */
function checkedAssignment(assignment: unknown, i: number, fn: string): NuggetJudgment {
  const what = `store.judgments[${i}]`;
  const about = { subject: argument('store'), facts: { index: i } };
  if (typeof assignment !== 'object' || assignment === null) fail('invalid_nuggets', fn, what, `an assignment ${FIELDS}`, assignment, about);
  const fields = assignment as Record<string, unknown>;
  for (const key of ANSWER_KEYS) if (typeof fields[key] !== 'string' || (key !== 'nugget' && fields[key] === '')) fail('invalid_nuggets', fn, `${what}.${key}`, 'a non-empty string', fields[key], { ...about, facts: { index: i, key } });
  if (fields['importance'] !== 'vital' && fields['importance'] !== 'okay') fail('invalid_nuggets', fn, `${what}.importance`, '"vital" or "okay"', fields['importance'], { ...about, facts: { index: i, key: 'importance', choices: ['vital', 'okay'] } });
  if (!(SUPPORT as readonly unknown[]).includes(fields['assignment'])) fail('invalid_nuggets', fn, `${what}.assignment`, '"support", "partial_support" or "not_support"', fields['assignment'], { ...about, facts: { index: i, key: 'assignment', choices: SUPPORT } });
  return assignment as NuggetJudgment;
}
