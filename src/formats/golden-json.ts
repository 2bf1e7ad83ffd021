// Golden sets in JSON form: JSONL (one query a line, with its judgments, aspects, tags, question and token
// lengths) and one JSON object of query id → judgments.
import { parseError, RankevalError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { isTokenLength, TOKEN_LENGTH } from '../core/token-length.js';
import { jsonlReader, jsonObjectReader } from './json.js';
import { GOLDEN_LINE } from './json-keys.js';
import type { FormatReader } from './reader.js';
import { type Collector, createCollector, type GoldenSet } from './golden-collector.js';

/** What a judgments store's line given as a golden set's is, and how the store becomes a golden set. */
const A_STORE =
  'this looks like a judgments store (one judgment a line: {"query_id", "doc_id", "grade", "judge", "at"}), not a golden set: ' +
  'export it as one with `rankeval judge --export jsonl --store STORE`, or in code `toQrels(parseJudgments(text).judgments)`';
/** What a pool's line given as a golden set's is, and how a pool becomes a golden set. */
const A_POOL =
  'this looks like a pool (the pairs to judge, {"query_id", "doc_id"} a line, as `rankeval pool` writes it), not a golden set: ' +
  'judge it (`rankeval judge POOL …`), then export the judgments store with `rankeval judge --export jsonl`, or in code `toQrels(judgments)`';

/**
 * Refuses a first record that is a judgments store's (`doc_id` with `grade` or `judge`) or a pool's (`doc_id`
 * alone), neither with `relevant` nor `aspects`: read as a golden set's, it would be refused for its missing
 * `"relevant"` without a word of what the file is.
 */
function checkNotStoreOrPool(record: Readonly<Record<string, unknown>>, file: string, line: number): void {
  const has = (key: string): boolean => Object.hasOwn(record, key);
  if (!has('doc_id') || has('relevant') || has('aspects')) return;
  const problem = has('grade') || has('judge') ? A_STORE : A_POOL;
  throw new RankevalError({ code: 'wrong_file_kind', subject: { kind: 'file', file, line }, problem, expected: 'a golden set', received: record });
}

export function jsonlGoldenReader(file: string): FormatReader<GoldenSet> {
  const collector = createCollector(file, 'jsonl');
  let first = true;
  return jsonlReader(
    file,
    GOLDEN_LINE,
    (record, qid, line) => {
      if (first) checkNotStoreOrPool(record, file, line);
      first = false;
      const { relevant, aspects, tags, query, question, tokens } = record;
      // With aspects, `relevant` may be left out: the aspects' documents are the judgments.
      if (relevant !== undefined || aspects === undefined) readJudged(collector, qid, relevant, '"relevant"', file, line);
      if (aspects !== undefined) readAspects(collector, qid, aspects, file, line);
      if (tags !== undefined) collector.tag(qid, readTags(tags, file, line));
      if (tokens !== undefined) readTokens(collector, qid, tokens, file, line);
      // Two keys for the question: which one to ask is a guess.
      if (query !== undefined && question !== undefined) throw parseError(file, line, `query ${quoteJson(qid)} gives both "query" and "question" (the question's text); keep one`);
      const asked = query ?? question;
      if (typeof asked === 'string') collector.question(qid, asked);
    },
    () => collector.result(),
  );
}

/** JSONL `tokens`: document id → its length in tokens (evaluateRun's `lengths`). */
function readTokens(collector: Collector, qid: string, tokens: unknown, file: string, line: number): void {
  if (typeof tokens !== 'object' || tokens === null || Array.isArray(tokens)) {
    throw parseError(file, line, `"tokens" of query ${quoteJson(qid)} must be an object of document id → length in tokens, got ${quoteJson(tokens)}`);
  }
  for (const [id, length] of Object.entries(tokens)) {
    if (!isTokenLength(length)) throw parseError(file, line, `the length of ${quoteJson(id)} in "tokens" must be ${TOKEN_LENGTH}, got ${quoteJson(length)}`);
    collector.length(id, length, line);
  }
}

function readJudged(collector: Collector, qid: string, relevant: unknown, what: string, file: string, line: number): void {
  collector.query(qid);
  if (Array.isArray(relevant)) {
    for (const id of relevant) {
      if (typeof id !== 'string' || id === '') throw parseError(file, line, `${what} of query ${quoteJson(qid)} ${badListedId(id)}`);
      collector.judge(qid, id, 1, line);
    }
  } else if (typeof relevant === 'object' && relevant !== null) {
    for (const [id, grade] of Object.entries(relevant)) {
      if (typeof grade !== 'number' || !Number.isFinite(grade)) {
        throw parseError(file, line, `the grade of ${quoteJson(id)} for query ${quoteJson(qid)} must be a finite number, got ${quoteJson(grade)}`);
      }
      collector.judge(qid, id, grade, line);
    }
  } else {
    throw parseError(file, line, `${what} of query ${quoteJson(qid)} must be an object of id → grade or a list of ids, got ${quoteJson(relevant)}`);
  }
}

/**
 * What is wrong with a judged list's entry that is not a non-empty string id: an object (`{"id": "d1",
 * "grade": 2}`, the commonest other shape) is shown the two shapes judgments take, the entry as the
 * example when it has a string `id` and a numeric field; a number is told to quote it.
 */
function badListedId(entry: unknown): string {
  if (typeof entry === 'number') return `must list ids as strings, got ${quoteJson(entry)}: quote it (${quoteJson(String(entry))})`;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return `must list non-empty string ids, got ${quoteJson(entry)}`;
  const { id } = entry as { id?: unknown };
  const grade = Object.values(entry).find((value) => typeof value === 'number');
  const example = typeof id === 'string' && grade !== undefined ? `{${quoteJson(id)}: ${quoteJson(grade)}}` : '{"d1": 2}';
  return `must be an object of id → grade (${example}) or a list of ids (grade 1 each), got a list holding ${quoteJson(entry)}`;
}

/** JSONL `aspects`: aspect id → a list of ids (grade 1 each) or id → grade. */
function readAspects(collector: Collector, qid: string, aspects: unknown, file: string, line: number): void {
  if (typeof aspects !== 'object' || aspects === null || Array.isArray(aspects)) {
    throw parseError(file, line, `"aspects" of query ${quoteJson(qid)} must be an object of aspect → a list of ids or an object of id → grade, got ${quoteJson(aspects)}`);
  }
  collector.aspectsOf(qid);
  for (const [aspect, judged] of Object.entries(aspects)) {
    const where = `aspect ${quoteJson(aspect)} of query ${quoteJson(qid)}`;
    // An aspect no chunk covers could never be found: the aspect measures would leave it out (as ndeval
    // does), so all_aspects would call the answer possible when it is not. A slip, refused.
    if ((Array.isArray(judged) && judged.length === 0) || (typeof judged === 'object' && judged !== null && !Array.isArray(judged) && Object.keys(judged).length === 0)) {
      throw parseError(file, line, `${where} lists no document: no ranking could cover it (list the chunks that state it, or leave the aspect out)`);
    }
    if (Array.isArray(judged)) {
      for (const id of judged) {
        if (typeof id !== 'string' || id === '') throw parseError(file, line, `${where} must list non-empty string ids, got ${quoteJson(id)}`);
        collector.judgeAspect(qid, aspect, id, 1, line);
      }
    } else if (typeof judged === 'object' && judged !== null) {
      for (const [id, grade] of Object.entries(judged)) {
        if (typeof grade !== 'number' || !Number.isFinite(grade)) throw parseError(file, line, `the grade of ${quoteJson(id)} for ${where} must be a finite number, got ${quoteJson(grade)}`);
        collector.judgeAspect(qid, aspect, id, grade, line);
      }
    } else {
      throw parseError(file, line, `${where} must be a list of ids or an object of id → grade, got ${quoteJson(judged)}`);
    }
  }
}

/** JSONL `tags`: a list of strings (or one string, one tag), refused at its line otherwise. */
export function readTags(tags: unknown, file: string, line: number): string[] {
  const list = typeof tags === 'string' ? [tags] : tags;
  if (!Array.isArray(list) || !list.every((tag) => typeof tag === 'string')) throw parseError(file, line, `"tags" must be a list of strings, got ${quoteJson(tags)}`);
  return list as string[];
}

export function jsonGoldenReader(file: string): FormatReader<GoldenSet> {
  const collector = createCollector(file, 'json');
  return jsonObjectReader(file, 'query id → judgments', (qid, judged, line) => readJudged(collector, qid, judged, 'the judgments', file, line), () => collector.result());
}
