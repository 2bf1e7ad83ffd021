import { fail, ownOptions, parseError, quoteJson } from '../core/errors.js';
import { isTokenLength, TOKEN_LENGTH } from '../core/token-length.js';
import { latin1, parseQrels } from './trec-bytes.js';
import { DOCUMENT_COLUMNS, isHeader, looseCsvFields, mapColumns, numberField, QUERY_COLUMNS, requiredField } from './columns.js';
import { type Chunk, type FileKind, type FormatReader, lineReader, parseWith, type ReadOptions, readWith, type Source } from './source.js';
import { isJsonRecord, jsonlReader, jsonObjectReader } from './json.js';
import { concatBytes, createLineChunker } from './lines.js';
import { createRecordReader } from './records.js';
import { decodeUtf8, utf8FromLatin1 } from './utf8.js';

/**
 * Golden-set file formats:
 * - `trec`: TREC qrels, `qid iter docno grade` per line (as trec_eval reads them, but a grade that is not a
 *   whole decimal number is an error, where trec_eval would read `1.5` as 1 and `0x10` as 0);
 * - `beir`: BEIR qrels, tab-separated with a header, `query-id  corpus-id  score`;
 * - `jsonl`: one query a line, `{"query_id": "q1", "relevant": {"d1": 2, "d7": 1}, "tags": ["ru"]}`, where
 *   `relevant` may also be a list of ids (grade 1 each); `tags` and the question (`query`) are optional.
 *   A line may give the query's aspects (facts an answer needs, each covered by some documents):
 *   `"aspects": {"discount-rule": ["c1", "c4"], "coupon-rule": {"c7": 2}}` (aspect → a list of ids, grade 1
 *   each, or id → grade); `relevant` may then be left out, and the query's qrels are the union of `relevant`
 *   and the aspects' documents, each at its largest grade. `"tokens": {"c1": 120, "c4": 80}` gives documents'
 *   lengths in tokens (token budgets, tokens@k), the same on every line that names a document;
 * - `json`: one object of query id → judgments (id → grade, or a list of ids), the form `evaluateRun` takes;
 * - `csv`: a header naming a query id column (`query_id`, `qid`…), a document id column (`doc_id`,
 *   `corpus_id`, `id`…), optionally a grade column (`relevance`, `grade`, `score`…; 1 when absent), a
 *   `tags` column (tags separated by `;` or `|`) and a question column (`query_text`, `question`), then
 *   one judgment a row. A header with two columns for one of these (`score` and `label`) or a column
 *   twice is refused; `gradeColumn` names the grade column (BEIR likewise);
 * - `trec-diversity`: TREC diversity qrels, `qid subtopic docno grade` per line (as ndeval reads them), one
 *   judgment per document and subtopic. They look like ad hoc qrels (whose second column is ignored), so
 *   this format is never told from the content: it must be named. The qrels are, per document, its largest
 *   grade over the subtopics, and `aspects` holds the subtopics.
 */
export type GoldenSetFormat = 'trec' | 'beir' | 'jsonl' | 'json' | 'csv' | 'trec-diversity';

/** A golden set as read from a file: judgments, and tags that `evaluateRun` takes as `slices`. */
export interface GoldenSet {
  readonly format: GoldenSetFormat;
  /** Query id → document id → grade, queries and documents in file order. */
  readonly qrels: Map<string, Map<string, number>>;
  /** Query id → its tags, for the queries that have any. */
  readonly tags: Map<string, string[]>;
  /** Query id → the question's text, for the queries whose file gives it. */
  readonly questions: Map<string, string>;
  /** Document id → length in tokens (evaluateRun's `lengths`), when the file gives some. */
  readonly lengths?: Map<string, number>;
  /**
   * Query id → aspect id → document id → grade, in file order: only when the file gives aspects
   * (`trec-diversity` subtopics, JSONL `aspects`), and then for the queries it gives them for. Each
   * aspect's documents are also in `qrels`, at their largest grade over the query's aspects (and `relevant`).
   */
  readonly aspects?: Map<string, Map<string, Map<string, number>>>;
}

const GOLDEN_FORMATS: readonly GoldenSetFormat[] = ['trec', 'beir', 'jsonl', 'json', 'csv', 'trec-diversity'];
const GRADE_COLUMNS = ['relevance', 'grade', 'score', 'rel', 'label', 'judgment'];
const TAG_COLUMNS = ['tags', 'tag'];
const QUESTION_COLUMNS = ['query_text', 'question', 'text', 'query'];

/**
 * The collected judgments, refusing a document judged twice for one query (or for one aspect of a query).
 * A document of an aspect is judged for the query too, at its largest grade.
 */
function createCollector(file: string, format: GoldenSetFormat) {
  const qrels = new Map<string, Map<string, number>>();
  const tags = new Map<string, string[]>();
  const questions = new Map<string, string>();
  const lines = new Map<string, Map<string, number>>();
  const aspects = new Map<string, Map<string, Map<string, number>>>();
  // One aspect's judgments → the line of each.
  const aspectLines = new Map<Map<string, number>, Map<string, number>>();
  let givesAspects = format === 'trec-diversity';
  const lengths = new Map<string, { tokens: number; line: number }>();
  const query = (qid: string): Map<string, number> => {
    let judged = qrels.get(qid);
    if (judged === undefined) {
      qrels.set(qid, (judged = new Map()));
      lines.set(qid, new Map());
    }
    return judged;
  };
  /** The query gives aspects, perhaps none: the result then has `aspects`, with an entry for it. */
  const aspectsOf = (qid: string): Map<string, Map<string, number>> => {
    givesAspects = true;
    query(qid);
    let byAspect = aspects.get(qid);
    if (byAspect === undefined) aspects.set(qid, (byAspect = new Map()));
    return byAspect;
  };
  /** A document of the query's qrels is there at its largest grade (over `relevant` and the aspects). */
  const raise = (judged: Map<string, number>, id: string, grade: number): void => {
    const known = judged.get(id);
    judged.set(id, known === undefined ? grade : Math.max(known, grade));
  };
  return {
    query,
    judge(qid: string, id: string, grade: number, line: number): void {
      const judged = query(qid);
      const first = lines.get(qid)!.get(id);
      if (first !== undefined) {
        throw parseError(file, line, `document ${quoteJson(id)} is judged twice for query ${quoteJson(qid)} (lines ${first} and ${line})`);
      }
      raise(judged, id, grade);
      lines.get(qid)!.set(id, line);
    },
    aspectsOf,
    judgeAspect(qid: string, aspect: string, id: string, grade: number, line: number): void {
      const byAspect = aspectsOf(qid);
      let judged = byAspect.get(aspect);
      if (judged === undefined) {
        byAspect.set(aspect, (judged = new Map()));
        aspectLines.set(judged, new Map());
      }
      const first = aspectLines.get(judged)!.get(id);
      if (first !== undefined) {
        const where = first === line ? `line ${line}` : `lines ${first} and ${line}`;
        throw parseError(file, line, `document ${quoteJson(id)} is judged twice for aspect ${quoteJson(aspect)} of query ${quoteJson(qid)} (${where})`);
      }
      judged.set(id, grade);
      aspectLines.get(judged)!.set(id, line);
      raise(query(qid), id, grade);
    },
    tag(qid: string, labels: readonly string[]): void {
      if (labels.length === 0) return;
      const known = tags.get(qid) ?? [];
      for (const label of labels) if (!known.includes(label)) known.push(label);
      tags.set(qid, known);
    },
    question(qid: string, text: string): void {
      if (text !== '' && !questions.has(qid)) questions.set(qid, text);
    },
    /** A document's length in tokens: the same on every line that gives it (a document is one text). */
    length(id: string, tokens: number, line: number): void {
      const known = lengths.get(id);
      if (known !== undefined && known.tokens !== tokens) {
        throw parseError(file, line, `document ${quoteJson(id)} has ${tokens} tokens here and ${known.tokens} on line ${known.line}`);
      }
      if (known === undefined) lengths.set(id, { tokens, line });
    },
    result: (): GoldenSet => ({
      format,
      qrels,
      tags,
      questions,
      ...(givesAspects ? { aspects } : {}),
      ...(lengths.size > 0 ? { lengths: new Map([...lengths].map(([id, { tokens }]) => [id, tokens])) } : {}),
    }),
  };
}

type Collector = ReturnType<typeof createCollector>;

function trecReader(file: string): FormatReader<GoldenSet> {
  // Qrels are read whole (they are small next to runs) by the same reader as `rankeval trec`.
  const chunks: Uint8Array[] = [];
  const lines = createLineChunker(file, (bytes) => void chunks.push(bytes));
  return {
    push: (chunk) => lines.push(chunk),
    end() {
      lines.end();
      const bytes = concatBytes(chunks, chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      const parsed = parseQrels(bytes, file);
      const collector = createCollector(file, 'trec');
      for (const query of parsed.queries.values()) {
        const qid = utf8FromLatin1(query.qid, file, query.line[0]!, 'the query id');
        for (let j = 0; j < query.grade.length; j++) {
          const line = query.line[j]!;
          const id = decodeUtf8(bytes.subarray(query.docStart[j]!, query.docEnd[j]!), file, line, 'the document id');
          checkWholeGrade(bytes, query.docEnd[j]!, query.grade[j]!, file, line);
          collector.judge(qid, id, query.grade[j]!, line);
        }
      }
      return collector.result();
    },
  };
}

/**
 * Refuses a qrels grade that is not a whole decimal number, which trec_eval's atol would read as some
 * other number without a word (`1.5` as 1, `0x10` and `high` as 0). The grade is the field after `docEnd`.
 */
function checkWholeGrade(bytes: Uint8Array, docEnd: number, grade: number, file: string, line: number): void {
  const isSpace = (byte: number | undefined): boolean => byte === 32 || (byte !== undefined && byte >= 9 && byte <= 13);
  let start = docEnd;
  while (isSpace(bytes[start])) start++;
  let end = start;
  while (end < bytes.length && !isSpace(bytes[end])) end++;
  const text = latin1(bytes, start, end);
  if (!/^[+-]?\d+$/.test(text)) {
    throw parseError(file, line, `the grade ${quoteJson(text)} is not a whole decimal number (trec_eval would read it as ${grade})`, 'a well-formed TREC file');
  }
  // A grade past 2^53 − 1 is not the number written (a double rounds it, atol saturates): refused as such.
  if (!Number.isSafeInteger(Number(text))) {
    throw parseError(file, line, `the grade ${text} is beyond ±(2^53 − 1), the whole numbers a grade may be (it would read as ${grade})`, 'a well-formed TREC file');
  }
}

// The blanks that separate TREC fields (C's isspace), not the Unicode ones an id may hold.
const TREC_BLANKS = /[ \t\n\v\f\r]+/;

/**
 * TREC diversity qrels, `qid subtopic docno grade` a line, read as ndeval reads them but with the checks of
 * the `trec` reader: exactly four fields, a whole decimal grade, and no document judged twice for one
 * subtopic of a query.
 */
function trecDiversityReader(file: string): FormatReader<GoldenSet> {
  const collector = createCollector(file, 'trec-diversity');
  let judgments = 0;
  return lineReader(
    file,
    (text, line) => {
      const fields = text.split(TREC_BLANKS).filter((field) => field !== '');
      if (fields.length !== 4) throw parseError(file, line, `expected 4 fields (qid subtopic docno grade), got ${fields.length}`, 'a well-formed TREC file');
      const [qid, subtopic, id, grade] = fields as [string, string, string, string];
      if (!/^[+-]?\d+$/.test(grade)) throw parseError(file, line, `the grade ${quoteJson(grade)} is not a whole decimal number`, 'a well-formed TREC file');
      if (!Number.isSafeInteger(Number(grade))) throw parseError(file, line, `the grade ${grade} is beyond ±(2^53 − 1), the whole numbers a grade may be`, 'a well-formed TREC file');
      collector.judgeAspect(qid, subtopic, id, Number(grade), line);
      judgments++;
    },
    () => {
      if (judgments === 0) throw parseError(file, 1, 'the qrels file is empty', 'a well-formed TREC file');
      return collector.result();
    },
  );
}

/** How a message names the option that picks the grade column. */
const GRADE_OPTION = 'the `gradeColumn` option (--grade-column NAME on the command line)';

function delimitedReader(file: string, format: 'csv' | 'beir', gradeColumn: string | undefined): FormatReader<GoldenSet> {
  const collector = createCollector(file, format);
  let columns: Record<'query' | 'document' | 'grade' | 'tags' | 'question', number> | undefined;
  const records = createRecordReader(file, format === 'csv' ? ',' : '\t', format === 'csv', (fields, line) => {
    if (columns === undefined) {
      const wanted = { query: QUERY_COLUMNS, document: DOCUMENT_COLUMNS, grade: GRADE_COLUMNS, tags: TAG_COLUMNS, question: QUESTION_COLUMNS };
      const required = format === 'beir' ? (['query', 'document', 'grade'] as const) : (['query', 'document'] as const);
      columns = mapColumns(fields, wanted, required, file, line, { role: 'grade', name: gradeColumn, option: GRADE_OPTION });
      return;
    }
    const qid = requiredField(fields, columns.query, 'query id', file, line);
    const id = requiredField(fields, columns.document, 'document id', file, line);
    const grade = columns.grade === -1 ? 1 : numberField(requiredField(fields, columns.grade, 'grade', file, line), 'grade', file, line);
    collector.judge(qid, id, grade, line);
    if (columns.tags !== -1) collector.tag(qid, splitTags(fields[columns.tags] ?? ''));
    if (columns.question !== -1) collector.question(qid, fields[columns.question] ?? '');
  });
  return lineReader(file, records.line, () => {
    records.end();
    if (columns === undefined) throw parseError(file, 1, 'the file holds no header');
    return collector.result();
  });
}

const splitTags = (text: string): string[] => text.split(/[;|]/).map((tag) => tag.trim()).filter((tag) => tag !== '');

function jsonlGoldenReader(file: string): FormatReader<GoldenSet> {
  const collector = createCollector(file, 'jsonl');
  return jsonlReader(
    file,
    '{"query_id", "relevant", "aspects", "tags"}',
    ({ relevant, aspects, tags, query, question, tokens }, qid, line) => {
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
      if (typeof id !== 'string' || id === '') throw parseError(file, line, `${what} of query ${quoteJson(qid)} must list non-empty string ids, got ${quoteJson(id)}`);
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

function readTags(tags: unknown, file: string, line: number): string[] {
  const list = typeof tags === 'string' ? [tags] : tags;
  if (!Array.isArray(list) || !list.every((tag) => typeof tag === 'string')) throw parseError(file, line, `"tags" must be a list of strings, got ${quoteJson(tags)}`);
  return list as string[];
}

function jsonGoldenReader(file: string): FormatReader<GoldenSet> {
  const collector = createCollector(file, 'json');
  return jsonObjectReader(file, 'query id → judgments', (qid, judged, line) => readJudged(collector, qid, judged, 'the judgments', file, line), () => collector.result());
}

function detect(line: string): GoldenSetFormat | undefined {
  const trimmed = line.trim();
  if (trimmed.startsWith('{')) return isJsonRecord(trimmed, 'query_id') ? 'jsonl' : 'json';
  if (line.includes('\t') && isHeader(line.split('\t'))) return 'beir';
  if (line.includes(',') && isHeader(looseCsvFields(line))) return 'csv';
  if (trimmed.split(/\s+/).length === 4) return 'trec';
  return undefined;
}

/** How to read a golden set: where it comes from and its format, and which CSV or BEIR column holds the grades. */
export interface GoldenSetReadOptions extends ReadOptions<GoldenSetFormat> {
  /**
   * The header's name of the grade column of a CSV or BEIR golden set (case and blanks around it aside),
   * for a header with more than one column a grade could be in (`score` and `label`), which is otherwise
   * refused. Any column may be named. Only for those formats: another format with it is an error.
   */
  readonly gradeColumn?: string;
}

const GOLDEN_OPTION_KEYS: readonly string[] = ['file', 'format', 'onProgress', 'gradeColumn'];

/** The reading options of the file (for `parseWith`, `readWith`) and the checked `gradeColumn`. */
function goldenOptions(options: GoldenSetReadOptions | undefined, fn: string): { read: ReadOptions<GoldenSetFormat> | undefined; gradeColumn: string | undefined } {
  if (options === undefined) return { read: undefined, gradeColumn: undefined };
  const { gradeColumn, ...read } = ownOptions(options, GOLDEN_OPTION_KEYS, fn);
  if (gradeColumn !== undefined && (typeof gradeColumn !== 'string' || gradeColumn.trim() === '')) {
    fail('invalid_option', fn, '`gradeColumn`', 'the name of a column of the header (a non-blank string)', gradeColumn);
  }
  return { read, gradeColumn };
}

function goldenSetKind(gradeColumn: string | undefined): FileKind<GoldenSetFormat, GoldenSet> {
  return {
    what: 'golden set',
    formats: GOLDEN_FORMATS,
    detect,
    open(format, file) {
      if (format === 'csv' || format === 'beir') return delimitedReader(file, format, gradeColumn);
      // A grade column named for a file without columns would go unread: a slip of the files or the flags.
      if (gradeColumn !== undefined) throw parseError(file, 1, `a grade column is named (${quoteJson(gradeColumn)}, ${GRADE_OPTION}), but the golden set is ${format}, which has no header; only CSV and BEIR files have one`);
      if (format === 'trec') return trecReader(file);
      if (format === 'trec-diversity') return trecDiversityReader(file);
      if (format === 'jsonl') return jsonlGoldenReader(file);
      return jsonGoldenReader(file);
    },
  };
}

/**
 * Reads a golden set from its whole content. The format is told from the first line of content unless
 * `format` names it. Errors name the file and line. The content is UTF-8; a line (or CSV record) may hold
 * up to 64 MiB, a `json` file up to 256 MiB.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for malformed content, invalid UTF-8, a document
 *   judged twice (for one query, or for one aspect of a query), a key written twice in one JSON object, or
 *   a line past the limit, a header with two columns for one role (two a grade could be in: name one with
 *   `gradeColumn`) or a column twice; `invalid_option` for an unknown format, an unknown option key or an
 *   option of the wrong type
 * @example
 * const golden = parseGoldenSet('{"query_id": "q1", "relevant": {"d1": 2}, "tags": ["ru"]}\n');
 * evaluateRun(run, golden.qrels, { measures: ['ndcg@10'], slices: golden.tags });
 */
export function parseGoldenSet(content: Chunk, options?: GoldenSetReadOptions): GoldenSet {
  const { read, gradeColumn } = goldenOptions(options, 'parseGoldenSet');
  return parseWith(goldenSetKind(gradeColumn), content, read, 'parseGoldenSet');
}

/**
 * Reads a golden set from a stream of chunks (a Node `fs.createReadStream(path)`, a web `ReadableStream`,
 * any iterable of strings or bytes), as `parseGoldenSet` does.
 */
export async function readGoldenSet(source: Source, options?: GoldenSetReadOptions): Promise<GoldenSet> {
  const { read, gradeColumn } = goldenOptions(options, 'readGoldenSet');
  return readWith(goldenSetKind(gradeColumn), source, read, 'readGoldenSet');
}
