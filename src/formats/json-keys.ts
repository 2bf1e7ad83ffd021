// The keys a JSONL golden-set or run line and a run's result are read by. A key that is none of them but a
// slip for one (core/suggest's misnamedKey: `relevance` for `relevant`, `qid` for `query_id`, `doc_id` for
// `id`) is refused with a did-you-mean rather than ignored.

/** What a JSONL line is read by: its keys, and how messages name the line and its main keys. */
import type { StoreIdentity } from './store.js';

export interface JsonLine {
  /** How a message names such a line: `a golden-set line`. */
  readonly name: string;
  /** Its main keys, for the message about a line that is not an object: `{"query_id", "results"}`. */
  readonly fields: string;
  /** Every key it is read by. */
  readonly keys: readonly string[];
  /** The key of the line's query id, which no two lines share: `query_id` unless named. */
  readonly id?: string;
  /** Stores whose line, met in such a file, is refused as `wrong_file_kind`, naming what the file should be. */
  readonly refuses?: { readonly stores: readonly StoreIdentity[]; readonly file: string };
}

export const GOLDEN_LINE: JsonLine = {
  name: 'a golden-set line',
  fields: '{"query_id", "relevant", "aspects", "tags"}',
  keys: ['query_id', 'query', 'question', 'relevant', 'aspects', 'tags', 'tokens'],
};

export const RUN_LINE: JsonLine = { name: 'a run line', fields: '{"query_id", "results"}', keys: ['query_id', 'results', 'latency_ms', 'failed'] };

/** The keys of a run's `{id, score}` result. */
export const RESULT_KEYS: readonly string[] = ['id', 'score'];

/** The words of a misnamed key: `unknown key "qid": did you mean "query_id"? (a golden-set line's keys: …)`. */
export function misnamedKeyWords([key, meant]: readonly [string, string], keys: readonly string[], whose: string): string {
  return `unknown key ${JSON.stringify(key)}: did you mean ${JSON.stringify(meant)}? (${whose} keys: ${keys.join(', ')})`;
}

export const POOL_LINE: JsonLine = { name: 'a pool line', fields: '{"query_id", "doc_id"}', keys: ['query_id', 'doc_id'] };
