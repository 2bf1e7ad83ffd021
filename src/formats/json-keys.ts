// The keys a JSONL golden-set or run line and a run's result are read by, and the key a slip meant: a key
// that is none of them but close to one (`relevance` for `relevant`) or a name other tools give it (`qid`
// for `query_id`, `doc_id` for `id`), which the readers refuse with a did-you-mean rather than ignore.
import { closest } from '../core/suggest.js';

/** What a JSONL line is read by: its keys, and how messages name the line and its main keys. */
export interface JsonLine {
  /** How a message names such a line: `a golden-set line`. */
  readonly name: string;
  /** Its main keys, for the message about a line that is not an object: `{"query_id", "results"}`. */
  readonly fields: string;
  /** Every key it is read by. */
  readonly keys: readonly string[];
}

export const GOLDEN_LINE: JsonLine = {
  name: 'a golden-set line',
  fields: '{"query_id", "relevant", "aspects", "tags"}',
  keys: ['query_id', 'query', 'question', 'relevant', 'aspects', 'tags', 'tokens'],
};

export const RUN_LINE: JsonLine = { name: 'a run line', fields: '{"query_id", "results"}', keys: ['query_id', 'results', 'latency_ms', 'failed'] };

/** The keys of a run's `{id, score}` result. */
export const RESULT_KEYS: readonly string[] = ['id', 'score'];

/**
 * Names other tools and habits give a key, lower-cased, by the key meant, where edit distance would not
 * find it. Read only for a key the line does not read, and only towards a key it does.
 */
const ALIASES: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, {
  qid: 'query_id',
  id: 'query_id',
  query_idx: 'query_id',
  question_id: 'query_id',
  topic_id: 'query_id',
  qrels: 'relevant',
  judgments: 'relevant',
  judgements: 'relevant',
  grades: 'relevant',
  labels: 'relevant',
  relevant_ids: 'relevant',
  relevant_docs: 'relevant',
  relevant_doc_ids: 'relevant',
  relevant_documents: 'relevant',
  relevant_passages: 'relevant',
  ranking: 'results',
  ranked: 'results',
  hits: 'results',
  docs: 'results',
  documents: 'results',
  retrieved: 'results',
  latency: 'latency_ms',
  doc_id: 'id',
  docid: 'id',
  doc: 'id',
  document_id: 'id',
  documentid: 'id',
  docno: 'id',
  corpus_id: 'id',
  chunk_id: 'id',
  chunkid: 'id',
  passage_id: 'id',
  pid: 'id',
  _id: 'id',
  similarity: 'score',
  relevance_score: 'score',
});

/**
 * The key of `known` that `key` is a slip for, if any: a name other tools give it (`qid` → `query_id`),
 * else the closest by edit distance (at most a third of its letters), case aside.
 * @example meantKey('relevance', GOLDEN_LINE.keys) // => 'relevant'
 */
export function meantKey(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const alias = ALIASES[lower];
  if (alias !== undefined && known.includes(alias)) return alias;
  return closest(lower, known);
}

/**
 * The first key of `record` that is none of `known` but a slip for one the record does not give, with
 * the key meant. A key far from every known one is left alone: a line may carry notes of its own.
 * @example misnamedKey({ qid: 'q1', relevant: ['d1'] }, GOLDEN_LINE.keys) // => ['qid', 'query_id']
 */
export function misnamedKey(record: object, known: readonly string[]): [key: string, meant: string] | undefined {
  for (const key of Object.keys(record)) {
    if (known.includes(key)) continue;
    const meant = meantKey(key, known);
    if (meant !== undefined && !Object.hasOwn(record, meant)) return [key, meant];
  }
  return undefined;
}

/** The words of a misnamed key: `unknown key "qid": did you mean "query_id"? (a golden-set line's keys: …)`. */
export function misnamedKeyWords([key, meant]: readonly [string, string], keys: readonly string[], whose: string): string {
  return `unknown key ${JSON.stringify(key)}: did you mean ${JSON.stringify(meant)}? (${whose} keys: ${keys.join(', ')})`;
}
