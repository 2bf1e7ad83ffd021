// The answers of RAG systems, before any nugget is assigned: nuggetizer's assign input (one topic's answer a
// line, one run a file) and the TREC RAG run (one topic a line, the run and topic in its metadata, each
// sentence with its citations of the references).
import { fail, parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { queryId, uniqueLineReader } from './json.js';
import type { JsonLine } from './json-keys.js';
import type { FileKind, FormatReader } from './reader.js';
import { oneFormat, parseWith, type Chunk, type ReadOptions } from './source.js';

/** One sentence (or passage) of an answer, with the references it cites (indices into `references`, or ids). */
export interface AnswerSentence {
  readonly text: string;
  readonly citations: readonly (number | string)[];
}

/** One run's answer to one topic. */
export interface RagAnswer {
  readonly runId: string;
  readonly queryId: string;
  /** The sentences joined by a space, as nuggetizer joins them into the text it assigns nuggets to. */
  readonly text: string;
  readonly sentences: readonly AnswerSentence[];
  /** The documents the answer may cite (TREC RAG runs), in the order citations index them. */
  readonly references: readonly string[];
  readonly line: number;
}

/** The options of parseNuggetAnswers: the file's name, and the run its answers are (nuggetizer: the file's stem). */
export interface NuggetAnswersReadOptions extends Omit<ReadOptions<'jsonl'>, 'format'> {
  /** The run the file holds (nuggetizer names it by the file's name without its extension). Default `run`. */
  readonly runId?: string;
}

const ANSWER_LINE: JsonLine = { name: 'an answer line', fields: '{"topic_id", "answer"}', keys: ['topic_id', 'topic', 'run_id', 'response_length', 'references', 'answer'] };
const RAG_LINE: JsonLine = { name: 'a TREC RAG run line', fields: '{"metadata", "responses", "references"}', keys: ['metadata', 'responses', 'references', 'response_length'] };

/** The sentences under `key`, each `{text, citations?}`, checked at `line`. */
function readSentences(value: unknown, key: string, file: string, line: number): AnswerSentence[] {
  if (!Array.isArray(value)) throw parseError(file, line, `"${key}" must be an array of {"text", "citations"}, got ${quoteJson(value, 60)}`, 'an array of sentences', value);
  return value.map((sentence: unknown, i) => {
    const { text, citations = [] } = (typeof sentence === 'object' && sentence !== null ? sentence : {}) as Record<string, unknown>;
    if (typeof text !== 'string') throw parseError(file, line, `"${key}"[${i}].text must be a string, got ${quoteJson(text, 60)}`, 'a string', text);
    if (!Array.isArray(citations) || !citations.every((cited) => (typeof cited === 'number' && Number.isSafeInteger(cited) && cited >= 0) || typeof cited === 'string')) {
      throw parseError(file, line, `"${key}"[${i}].citations must be an array of reference indices or ids, got ${quoteJson(citations, 60)}`, 'an array of integers ≥ 0 or strings', citations);
    }
    return { text, citations };
  });
}

/** `references`: document ids, and every integer citation an index among them. */
function readReferences(value: unknown, sentences: readonly AnswerSentence[], file: string, line: number): string[] {
  const references = value ?? [];
  if (!Array.isArray(references) || !references.every((id) => typeof id === 'string')) throw parseError(file, line, `"references" must be an array of document ids, got ${quoteJson(value, 60)}`, 'an array of strings', value);
  for (const { citations } of sentences) {
    const beyond = citations.find((cited) => typeof cited === 'number' && cited >= references.length);
    if (beyond !== undefined) throw parseError(file, line, `citation ${beyond} is beyond the ${references.length} references`, `an index below ${references.length}`, beyond);
  }
  return references;
}

/** Where a line's answer is: its run, its topic, and the key of its sentences. */
interface AnswerPlace {
  readonly runId: string;
  readonly queryId: string;
  readonly key: string;
}

/** Reads a line's place, given what the kind's options resolve to. */
type Place<Extra> = (record: Readonly<Record<string, unknown>>, file: string, line: number, extra: Extra) => AnswerPlace;

/**
 * JSONL of one (run, topic) answer a line: each line placed by `place` and handed to `onAnswer`; a run
 * answering a topic twice is refused with both lines.
 */
export function runTopicReader<T>(
  file: string,
  shape: JsonLine,
  place: (record: Readonly<Record<string, unknown>>, line: number) => { readonly runId: string; readonly queryId: string },
  onAnswer: (record: Readonly<Record<string, unknown>>, runId: string, queryId: string, line: number) => void,
  finish: () => T,
): FormatReader<T> {
  return uniqueLineReader(
    file,
    shape,
    (record, line) => {
      const { runId, queryId: qid } = place(record, line);
      return { key: `${runId}\t${qid}`, value: { runId, qid }, twice: `run ${quoteJson(runId)} answers topic ${quoteJson(qid)} twice`, expected: 'one answer per run and topic', received: qid };
    },
    (record, { runId, qid }, line) => onAnswer(record, runId, qid, line),
    finish,
  );
}

/** A kind of answer file: one answer a line, placed by `place`, its sentences under the place's key. */
function answersKind<Extra>(what: string, shape: JsonLine, place: Place<Extra>, options?: FileKind<'jsonl', RagAnswer[], Extra>['options']): FileKind<'jsonl', RagAnswer[], Extra> {
  return {
    what,
    formats: ['jsonl'],
    ...(options === undefined ? {} : { options }),
    detect: () => 'jsonl',
    open: (_format, file, extra) => {
      const answers: RagAnswer[] = [];
      return runTopicReader(
        file,
        shape,
        (record, line) => place(record, file, line, extra),
        (record, runId, queryId, line) => {
          const { key } = place(record, file, line, extra);
          const sentences = readSentences(record[key], key, file, line);
          const references = readReferences(record['references'], sentences, file, line);
          answers.push({ runId, queryId, text: sentences.map((sentence) => sentence.text).join(' '), sentences, references, line });
        },
        () => answers,
      );
    },
  };
}

/** A run id read from `value` (`key` in messages): a non-empty string. */
export function runIdOf(value: unknown, key: string, file: string, line: number): string {
  if (typeof value !== 'string' || value === '') throw parseError(file, line, `"${key}" must be a non-empty string, got ${quoteJson(value, 60)}`, 'a non-empty string', value);
  return value;
}

/**
 * Reads nuggetizer's assign input in answers mode (JSON Lines, one topic's answer a line, one run a file):
 * `{"topic_id", "answer": [{"text"}]}`. The run is the line's `run_id`, else `runId` (nuggetizer: the file's
 * name without its extension).
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for malformed JSON, a missing topic or answer, a
 *   run answering a topic twice; `invalid_option` for a bad option
 * @example parseNuggetAnswers('{"topic_id": "q1", "answer": [{"text": "Yes."}, {"text": "It is."}]}', { runId: 'gpt' })
 * // => [{ runId: 'gpt', queryId: 'q1', text: 'Yes. It is.', sentences: […], references: [], line: 1 }]
 */
export function parseNuggetAnswers(content: Chunk, options?: NuggetAnswersReadOptions): RagAnswer[] {
  return parseWith(nuggetAnswersKind, content, oneFormat(options, 'jsonl'), 'parseNuggetAnswers');
}

const nuggetAnswersKind = answersKind<string>(
  'answers',
  ANSWER_LINE,
  (record, file, line, runId) => ({
    runId: record['run_id'] === undefined ? runId : runIdOf(record['run_id'], 'run_id', file, line),
    queryId: queryId(record['topic_id'], file, line, 'topic_id'),
    key: 'answer',
  }),
  {
    keys: ['runId'],
    resolve: ({ runId = 'run' }, fn) => (typeof runId === 'string' && runId !== '' ? runId : fail('invalid_option', fn, { kind: 'option', option: 'runId' }, 'a non-empty string', runId)),
  },
);

const ragRunKind = answersKind<undefined>('TREC RAG run', RAG_LINE, (record, file, line) => {
  const { metadata } = record;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw parseError(file, line, `"metadata" must be an object {"team_id", "run_id", "topic_id"}, got ${quoteJson(metadata, 60)}`, 'an object', metadata);
  }
  const { run_id: runId, topic_id: topicId } = metadata as Record<string, unknown>;
  return { runId: runIdOf(runId, 'metadata.run_id', file, line), queryId: queryId(topicId, file, line, 'metadata.topic_id'), key: 'responses' };
});

/**
 * Reads a TREC RAG run (JSON Lines, one topic a line): `{"metadata": {"team_id", "run_id", "topic_id"},
 * "responses": [{"text", "citations"}], "references"}`, each citation an index into `references` (or a
 * document id). Several runs may share a file.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for malformed JSON, missing metadata, a citation
 *   beyond the references, a run answering a topic twice; `invalid_option` for a bad option
 * @example parseRagRun('{"metadata": {"team_id": "t", "run_id": "r", "topic_id": "q1"}, "references": ["d7"], "responses": [{"text": "Yes.", "citations": [0]}]}')
 * // => [{ runId: 'r', queryId: 'q1', text: 'Yes.', sentences: [{ text: 'Yes.', citations: [0] }], references: ['d7'], line: 1 }]
 */
export function parseRagRun(content: Chunk, options?: Omit<ReadOptions<'jsonl'>, 'format'>): RagAnswer[] {
  return parseWith(ragRunKind, content, oneFormat(options, 'jsonl'), 'parseRagRun');
}
