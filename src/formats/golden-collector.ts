// What a golden-set reader collects its judgments into, whatever the format: judgments, aspects, tags,
// questions and token lengths, with the checks every format shares (no document judged twice).
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';

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

/** Query id → document id → grade, each judgment with its line, refusing a document judged twice for a query. */
function createJudgments(file: string) {
  const qrels = new Map<string, Map<string, number>>();
  const lines = new Map<string, Map<string, number>>();
  const query = (qid: string): Map<string, number> => {
    let judged = qrels.get(qid);
    if (judged === undefined) {
      qrels.set(qid, (judged = new Map()));
      lines.set(qid, new Map());
    }
    return judged;
  };
  /** A document of the query's qrels is there at its largest grade (over `relevant` and the aspects). */
  const raise = (qid: string, id: string, grade: number): void => {
    const judged = query(qid);
    const known = judged.get(id);
    judged.set(id, known === undefined ? grade : Math.max(known, grade));
  };
  const judge = (qid: string, id: string, grade: number, line: number): void => {
    query(qid);
    const first = lines.get(qid)!.get(id);
    if (first !== undefined) {
      throw parseError(file, line, `document ${quoteJson(id)} is judged twice for query ${quoteJson(qid)} (lines ${first} and ${line})`);
    }
    raise(qid, id, grade);
    lines.get(qid)!.set(id, line);
  };
  return { qrels, query, raise, judge };
}

/**
 * Query id → aspect id → document id → grade, refusing a document judged twice for one aspect. A document
 * of an aspect is judged for the query too, at its largest grade.
 */
function createAspects(file: string, judgments: ReturnType<typeof createJudgments>) {
  const aspects = new Map<string, Map<string, Map<string, number>>>();
  // One aspect's judgments → the line of each.
  const lines = new Map<Map<string, number>, Map<string, number>>();
  /** The query gives aspects, perhaps none: the result then has `aspects`, with an entry for it. */
  const of = (qid: string): Map<string, Map<string, number>> => {
    judgments.query(qid);
    let byAspect = aspects.get(qid);
    if (byAspect === undefined) aspects.set(qid, (byAspect = new Map()));
    return byAspect;
  };
  const judge = (qid: string, aspect: string, id: string, grade: number, line: number): void => {
    const byAspect = of(qid);
    let judged = byAspect.get(aspect);
    if (judged === undefined) {
      byAspect.set(aspect, (judged = new Map()));
      lines.set(judged, new Map());
    }
    const first = lines.get(judged)!.get(id);
    if (first !== undefined) {
      const where = first === line ? `line ${line}` : `lines ${first} and ${line}`;
      throw parseError(file, line, `document ${quoteJson(id)} is judged twice for aspect ${quoteJson(aspect)} of query ${quoteJson(qid)} (${where})`);
    }
    judged.set(id, grade);
    lines.get(judged)!.set(id, line);
    judgments.raise(qid, id, grade);
  };
  return { aspects, of, judge };
}

/** Document id → length in tokens: the same on every line that gives it (a document is one text). */
function createLengths(file: string) {
  const lengths = new Map<string, { tokens: number; line: number }>();
  const add = (id: string, tokens: number, line: number): void => {
    const known = lengths.get(id);
    if (known !== undefined && known.tokens !== tokens) {
      throw parseError(file, line, `document ${quoteJson(id)} has ${tokens} tokens here and ${known.tokens} on line ${known.line}`);
    }
    if (known === undefined) lengths.set(id, { tokens, line });
  };
  const result = (): Map<string, number> | undefined => (lengths.size === 0 ? undefined : new Map([...lengths].map(([id, { tokens }]) => [id, tokens])));
  return { add, result };
}

/** The collected golden set of one file: each reader adds what its format gives, then takes `result()`. */
export function createCollector(file: string, format: GoldenSetFormat) {
  const judgments = createJudgments(file);
  const aspects = createAspects(file, judgments);
  const lengths = createLengths(file);
  const tags = new Map<string, string[]>();
  const questions = new Map<string, string>();
  return {
    query: judgments.query,
    judge: judgments.judge,
    aspectsOf: aspects.of,
    judgeAspect: aspects.judge,
    tag(qid: string, labels: readonly string[]): void {
      if (labels.length === 0) return;
      const known = tags.get(qid) ?? [];
      for (const label of labels) if (!known.includes(label)) known.push(label);
      tags.set(qid, known);
    },
    question(qid: string, text: string): void {
      if (text !== '' && !questions.has(qid)) questions.set(qid, text);
    },
    length: lengths.add,
    result(): GoldenSet {
      const tokens = lengths.result();
      // trec-diversity qrels always have aspects, the file's subtopics; another format, when a query gives some.
      const givesAspects = format === 'trec-diversity' || aspects.aspects.size > 0;
      return { format, qrels: judgments.qrels, tags, questions, ...(givesAspects ? { aspects: aspects.aspects } : {}), ...(tokens === undefined ? {} : { lengths: tokens }) };
    },
  };
}

export type Collector = ReturnType<typeof createCollector>;
