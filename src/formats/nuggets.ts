// Nugget files as castorini/nuggetizer writes them: the assignments of nuggets to answers (assign output),
// one (run, topic) answer a line, and the nugget bank (create output), one topic a line.
import { fail, parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { jsonlReader, queryId } from './json.js';
import type { JsonLine } from './json-keys.js';
import type { FileKind } from './reader.js';
import { runIdOf, runTopicReader } from './rag-answers.js';
import { JUDGMENTS_STORE, NUGGET_STORE } from './store.js';
import { oneFormat, parseWith, readWith, type Chunk, type ReadOptions, type Source } from './source.js';

/** How much a nugget matters to its topic. */
export type NuggetImportance = 'vital' | 'okay';

/** How far an answer supports a nugget: `partial_support` only in a file of 3 grades. */
export type NuggetSupport = 'support' | 'partial_support' | 'not_support';

/** One nugget of a topic, as the bank holds it. */
export interface Nugget {
  readonly text: string;
  readonly importance: NuggetImportance;
}

/** One nugget as assigned to an answer. */
export interface AssignedNugget extends Nugget {
  readonly assignment: NuggetSupport;
}

/** One run's answer to one topic with its nuggets assigned: a line of nuggetizer's assign output. */
export interface NuggetAnswer {
  readonly runId: string;
  readonly queryId: string;
  /** The topic's question, when the line gives it. */
  readonly query?: string;
  readonly answerText?: string;
  readonly nuggets: readonly AssignedNugget[];
  /** The line the answer was read from, when read from a file (for messages). */
  readonly line?: number;
}

/** A nugget bank: topic id → its question and nuggets (a topic may have none). */
export type NuggetBank = Readonly<Record<string, { readonly query?: string; readonly nuggets: readonly Nugget[] }>>;

/** How to read a nugget file: its name in messages, and progress for a stream. It has one format, JSON Lines. */
export type NuggetReadOptions = Omit<ReadOptions<'jsonl'>, 'format'>;

/** The importances, vital first: nuggetizer's vocabulary. */
export const IMPORTANCE: readonly string[] = ['vital', 'okay'];
/** The assignments, fullest first: nuggetizer's vocabulary. */
export const SUPPORT: readonly NuggetSupport[] = ['support', 'partial_support', 'not_support'];

const ASSIGNMENT_LINE: JsonLine = {
  name: 'an assignment line',
  fields: '{"qid", "run_id", "nuggets"}',
  keys: ['query', 'qid', 'answer_text', 'response_length', 'run_id', 'nuggets'],
  refuses: { stores: [NUGGET_STORE, JUDGMENTS_STORE], file: "nugget assignments file (nuggetizer's assign output)" },
};
const BANK_LINE: JsonLine = { name: 'a nugget bank line', fields: '{"qid", "nuggets"}', keys: ['query', 'qid', 'nuggets'], id: 'qid' };

/** A line's `nuggets`, each `{text, importance}` with `assignment` too when `assigned`, checked at `line`. */
function readNuggets(value: unknown, assigned: boolean, file: string, line: number): AssignedNugget[] {
  if (!Array.isArray(value)) throw parseError(file, line, `"nuggets" must be an array, got ${quoteJson(value, 60)}`, 'an array of nuggets', value);
  return value.map((nugget: unknown, i) => {
    const where = `"nuggets"[${i}]`;
    if (typeof nugget !== 'object' || nugget === null || Array.isArray(nugget)) {
      throw parseError(file, line, `${where} must be an object {"text", "importance"${assigned ? ', "assignment"' : ''}}, got ${quoteJson(nugget, 60)}`, 'a nugget object', nugget);
    }
    const { text, importance, assignment } = nugget as Record<string, unknown>;
    if (typeof text !== 'string') throw parseError(file, line, `${where}.text must be a string, got ${quoteJson(text, 60)}`, 'a string', text);
    if (typeof importance !== 'string' || !IMPORTANCE.includes(importance)) {
      throw parseError(file, line, `${where}.importance must be "vital" or "okay", got ${quoteJson(importance, 60)}`, '"vital" or "okay"', importance);
    }
    if (!assigned) return { text, importance } as AssignedNugget;
    if (typeof assignment !== 'string' || !(SUPPORT as readonly string[]).includes(assignment)) {
      throw parseError(file, line, `${where}.assignment must be "support", "partial_support" or "not_support", got ${quoteJson(assignment, 60)}`, 'one of support, partial_support, not_support', assignment);
    }
    return { text, importance, assignment } as AssignedNugget;
  });
}

/** The grades an assignments file is read on: 3 (default) takes `partial_support`, 2 refuses it at its line. */
export type NuggetGrades = 2 | 3;

/** The `grades` option read at a boundary: 2 or 3, else `invalid_option`. */
export function readNuggetGrades(grades: unknown, fn: string): NuggetGrades {
  return grades === 2 || grades === 3 ? grades : fail('invalid_option', fn, { kind: 'option', option: 'grades' }, '2 or 3', grades);
}

const assignmentsKind: FileKind<'jsonl', NuggetAnswer[], NuggetGrades> = {
  what: 'nugget assignments',
  formats: ['jsonl'],
  options: {
    keys: ['grades'],
    resolve: ({ grades = 3 }, fn) => readNuggetGrades(grades, fn),
  },
  detect: () => 'jsonl',
  open: (_format, file, grades) => {
    const answers: NuggetAnswer[] = [];
    return runTopicReader(
      file,
      ASSIGNMENT_LINE,
      (record, line) => ({ queryId: queryId(record['qid'], file, line, 'qid'), runId: runIdOf(record['run_id'], 'run_id', file, line) }),
      (record, runId, qid, line) => {
        const nuggets = readNuggets(record['nuggets'], true, file, line);
        if (grades === 2) {
          const partial = nuggets.findIndex((nugget) => nugget.assignment === 'partial_support');
          if (partial !== -1) throw parseError(file, line, `"nuggets"[${partial}].assignment is "partial_support" in a file of 2 grades (support, not_support)`, 'support or not_support', 'partial_support');
        }
        const { query, answer_text: answerText } = record;
        answers.push({ runId, queryId: qid, ...(typeof query === 'string' ? { query } : {}), ...(typeof answerText === 'string' ? { answerText } : {}), nuggets, line });
      },
      () => answers,
    );
  },
};

/** The options of parseNuggetAssignments: the file's name in messages, and its scale. */
export interface NuggetAssignmentsReadOptions extends NuggetReadOptions {
  /**
   * The scale the file was assigned on (nuggetizer's `--assign-mode support_grade_2|3`; the file does not
   * say): 3 (default) reads `support`, `partial_support` and `not_support`; 2 refuses `partial_support`.
   */
  readonly grades?: NuggetGrades;
}

/**
 * Reads nuggetizer's assign output (JSON Lines, one (run, topic) answer a line): `{"query", "qid",
 * "answer_text", "response_length", "run_id", "nuggets": [{"text", "importance", "assignment"}]}`. The
 * vocabulary is strict: `importance` is `vital` or `okay`, `assignment` `support`, `partial_support` or
 * `not_support` (`partial_support` refused on 2 grades). A numeric `qid` is read as its decimal string.
 * Blank lines are skipped; answers keep file order.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for malformed JSON, a field missing or of the wrong
 *   type, an unknown importance or assignment, a run answering a topic twice; `wrong_file_kind` for a line
 *   of a nugget-assignment store (nuggetAssignmentsOf turns one into assignments) or of a judgments store;
 *   `invalid_option` for a bad option
 * @example
 * parseNuggetAssignments('{"qid": "1", "run_id": "r", "nuggets": [{"text": "a", "importance": "vital", "assignment": "support"}]}')
 * // => [{ runId: 'r', queryId: '1', nuggets: [{ text: 'a', importance: 'vital', assignment: 'support' }], line: 1 }]
 */
export function parseNuggetAssignments(content: Chunk, options?: NuggetAssignmentsReadOptions): NuggetAnswer[] {
  return parseWith(assignmentsKind, content, oneFormat(options, 'jsonl'), 'parseNuggetAssignments');
}

/** Reads nuggetizer's assign output from a stream of chunks (a Node `fs.createReadStream(path)`, a web `ReadableStream`, …), as parseNuggetAssignments does. */
export async function readNuggetAssignments(source: Source, options?: NuggetAssignmentsReadOptions): Promise<NuggetAnswer[]> {
  return readWith(assignmentsKind, source, oneFormat(options, 'jsonl'), 'readNuggetAssignments');
}

const bankKind: FileKind<'jsonl', NuggetBank> = {
  what: 'nugget bank',
  formats: ['jsonl'],
  detect: () => 'jsonl',
  open: (_format, file) => {
    const bank = new Map<string, { query?: string; nuggets: readonly Nugget[] }>();
    return jsonlReader(
      file,
      BANK_LINE,
      (record, qid, line) => {
        const nuggets: Nugget[] = readNuggets(record['nuggets'], false, file, line);
        const { query } = record;
        bank.set(qid, typeof query === 'string' ? { query, nuggets } : { nuggets });
      },
      () => Object.fromEntries(bank),
    );
  },
};

/**
 * Reads a nugget bank, nuggetizer's create output (JSON Lines, one topic a line): `{"query", "qid",
 * "nuggets": [{"text", "importance"}]}`, into topic id → `{ query, nuggets }`. A topic may have no nuggets.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for malformed JSON, an unknown importance, a topic
 *   given twice (`query "7" appears twice`); `invalid_option` for a bad option
 * @example parseNuggetBank('{"qid": "1", "query": "why?", "nuggets": [{"text": "a", "importance": "okay"}]}')
 * // => { '1': { query: 'why?', nuggets: [{ text: 'a', importance: 'okay' }] } }
 */
export function parseNuggetBank(content: Chunk, options?: NuggetReadOptions): NuggetBank {
  return parseWith(bankKind, content, oneFormat(options, 'jsonl'), 'parseNuggetBank');
}


/** Reads a nugget bank from a stream of chunks, as parseNuggetBank does. */
export async function readNuggetBank(source: Source, options?: NuggetReadOptions): Promise<NuggetBank> {
  return readWith(bankKind, source, oneFormat(options, 'jsonl'), 'readNuggetBank');
}
