// What a run reader collects each result into, whatever the format: per query, its results checked (no
// document twice) and put in rank order — all kept as a Run, or handed on query by query (the stream).
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { orderByScore } from '../core/ordering.js';
import type { ScoredDocument } from '../core/types.js';
import { checkQueryCount, checkResultCount } from './run-limits.js';

/** A query's scored results, in the order the file lists them, as `{ id, score }` documents. */
export function scoredDocuments({ ids, scores }: { readonly ids: readonly string[]; readonly scores: readonly number[] }): ScoredDocument[] {
  return ids.map((id, i) => ({ id, score: scores[i]! }));
}

/**
 * Run file formats:
 * - `trec`: TREC runs, `qid Q0 docno rank score runid` per line, ordered as trec_eval orders them (score
 *   descending, ties by docno descending; the rank column is ignored, as trec_eval ignores it);
 * - `jsonl`: one query a line, `{"query_id": "q1", "results": [{"id": "d1", "score": 3.2}, …]}`, where
 *   `results` may also be a list of ids in rank order, with the time the retriever took to answer, in
 *   milliseconds, optionally (`"latency_ms": 41.7`, as `writeRun` writes it);
 * - `json`: one object of query id → ranking (a list of ids in rank order, a list of `{id, score}`, or an
 *   object of id → score), the form `evaluateRun` takes;
 * - `csv`: a header naming a query id column, a document id column and a `score` or `rank` column, then
 *   one result a row. With a score, rows are ordered as TREC runs are; with only a rank, by rank; with
 *   neither, in file order. A header with two columns for one of these (`score` and `similarity`, `doc_id`
 *   and `id`) or a column twice is refused.
 */
export type RunFormat = 'trec' | 'jsonl' | 'json' | 'csv';

/** A run as read from a file. */
export interface Run {
  readonly format: RunFormat;
  /** Query id → document ids in rank order, queries in file order. */
  readonly rankings: Map<string, string[]>;
  /**
   * Query id → its documents in the order the file lists them, with their scores, for the queries whose
   * results are ordered by score (not by a rank column, nor a list of ids in rank order, which have no
   * scores): what `ties: 'given'` and `'average'` read.
   */
  readonly scored: Map<string, { readonly ids: readonly string[]; readonly scores: readonly number[] }>;
  /**
   * Queries (in file order) whose results, two or more, all carry the same score: their order is then the
   * tie rule's alone (document ids descending), not the system's. Empty for rankings given as lists of ids.
   */
  readonly tiedQueries: string[];
  /**
   * Query id → the time its ranking took, in milliseconds, for the queries of a JSONL run that give
   * `latency_ms` (failed calls included: see `failures`).
   */
  readonly latency: Map<string, number>;
  /**
   * Query id → why its call failed, for a JSONL run's lines `{"query_id": …, "failed": "…", "latency_ms": …}`
   * (writeRun's `failures`): such a query has no ranking (it is not in `rankings`: unanswered), only its time.
   */
  readonly failures: Map<string, string>;
}


/** One query's results as read, ordered and checked at the end. */
interface Results {
  readonly ids: string[];
  /** Scores, or a rank order key; null for results already in rank order. */
  readonly keys: number[] | null;
  readonly lines: number[];
  /** The query's `latency_ms`, when its line gives one. */
  latencyMs: number | undefined;
  /** Why its call failed (JSONL `failed`): then it has no results. */
  failed: string | undefined;
  /** Given as a list of ids in rank order (JSON, JSONL): its keys are positions, not scores. */
  unscored: boolean;
  /** The line the query starts at. */
  readonly line: number;
}

/** One query's results, checked and ordered: what a run file says of it. */
export interface QueryResults {
  /** Document ids in rank order. */
  readonly ranked: string[];
  /** The ids in file order with their scores, when the results are ordered by score (see `Run.scored`). */
  readonly scored: { readonly ids: string[]; readonly scores: number[] } | undefined;
  /** Two or more results, all with the same score (see `Run.tiedQueries`). */
  readonly tied: boolean;
  /** The time its ranking took in milliseconds, when the run gives it (see `Run.latency`). */
  readonly latencyMs?: number | undefined;
  /** Why its call failed, for a failed call's line (see `Run.failures`): not a ranking. */
  readonly failed?: string | undefined;
}

/** A place in a file: its name as messages give it, and a line (1-based). */
export interface FileLine {
  readonly file: string;
  readonly line: number;
}

/** Where a format's reader puts each result; `result` is what the reader's `end` returns. */
export interface Collector<T> {
  add(qid: string, id: string, key: number, line: number): void;
  /** A query with no results still counts as answered (`line`: where it is). */
  touch(qid: string, line: number): void;
  /** The time the query's ranking took, in milliseconds (JSONL's `latency_ms`). */
  latency(qid: string, ms: number): void;
  /** The query's call failed (JSONL's `failed`): it has a time, not a ranking. */
  fail(qid: string, message: string): void;
  /** The query's results are a list of ids in rank order (no scores; their keys are positions). */
  unscored(qid: string): void;
  result(): T;
}

export type Ordering = 'score' | 'rank' | 'given';
/** Makes the collector of a file once its format (and, for CSV, its ordering) is known. */
export type CollectorFactory<T> = (format: RunFormat, ordering: Ordering) => Collector<T>;

const newResults = (ordering: Ordering, line: number): Results => ({ ids: [], keys: ordering === 'given' ? null : [], lines: [], latencyMs: undefined, failed: undefined, unscored: false, line });

function addResult(results: Results, qid: string, id: string, key: number, line: number, file: string): void {
  checkResultCount(results.ids.length, qid, file, line);
  results.ids.push(id);
  results.keys?.push(key);
  results.lines.push(line);
}

function checked(qid: string, results: Results, ordering: Ordering, file: string): QueryResults {
  checkRepeats(qid, results, file);
  const scored = ordering === 'score' && results.keys !== null && !results.unscored ? { ids: results.ids, scores: results.keys } : undefined;
  const query = { ranked: ordered(results, ordering), scored, tied: scored !== undefined && allTie(scored.scores) };
  return results.latencyMs === undefined && results.failed === undefined ? query : { ...query, latencyMs: results.latencyMs, failed: results.failed };
}

export function createCollector(file: string, format: RunFormat, ordering: Ordering): Collector<Run> {
  const byQuery = new Map<string, Results>();
  const query = (qid: string, line: number): Results => {
    let results = byQuery.get(qid);
    if (results === undefined) {
      checkQueryCount(byQuery.size, qid, file, line);
      byQuery.set(qid, (results = newResults(ordering, line)));
    }
    return results;
  };
  return {
    add: (qid, id, key, line) => addResult(query(qid, line), qid, id, key, line, file),
    touch: (qid, line) => void query(qid, line),
    latency(qid, ms) {
      byQuery.get(qid)!.latencyMs = ms;
    },
    fail(qid, message) {
      byQuery.get(qid)!.failed = message;
    },
    unscored(qid) {
      byQuery.get(qid)!.unscored = true;
    },
    result() {
      const rankings = new Map<string, string[]>();
      const scored = new Map<string, { ids: string[]; scores: number[] }>();
      const tiedQueries: string[] = [];
      const latency = new Map<string, number>();
      const failures = new Map<string, string>();
      for (const [qid, results] of byQuery) {
        const query = checked(qid, results, ordering, file);
        if (query.latencyMs !== undefined) latency.set(qid, query.latencyMs);
        if (query.failed !== undefined) {
          failures.set(qid, query.failed);
          continue;
        }
        rankings.set(qid, query.ranked);
        if (query.scored !== undefined) scored.set(qid, query.scored);
        if (query.tied) tiedQueries.push(qid);
      }
      return { format, rankings, scored, tiedQueries, latency, failures };
    },
  };
}

/**
 * Hands on each query's results, with the file and line it starts at, as soon as the next query starts (or the file
 * ends), keeping one query's results at a time. A query whose results are not together in the file is
 * handed on once per stretch: the receiver tells (evaluateRunStream reads such a run again, collected).
 */
export function createEmitter(file: string, ordering: Ordering, onQuery: (qid: string, results: QueryResults, at: FileLine) => void): Collector<void> {
  let current: Results | undefined;
  let currentQid = '';
  const flush = (): void => {
    if (current === undefined) return;
    const results = current;
    current = undefined;
    onQuery(currentQid, checked(currentQid, results, ordering, file), { file, line: results.line });
  };
  // The query's first call is `add` or `touch`, which give its line.
  const start = (qid: string, line = 0): Results => {
    if (current !== undefined && qid === currentQid) return current;
    flush();
    currentQid = qid;
    return (current = newResults(ordering, line));
  };
  return {
    add: (qid, id, key, line) => addResult(start(qid, line), qid, id, key, line, file),
    touch: (qid, line) => void start(qid, line),
    latency(qid, ms) {
      start(qid).latencyMs = ms;
    },
    fail(qid, message) {
      start(qid).failed = message;
    },
    unscored(qid) {
      start(qid).unscored = true;
    },
    result: flush,
  };
}

/** Two or more scores, all equal; stops at the first that differs, the second in a system's ranking. */
function allTie(scores: readonly number[]): boolean {
  if (scores.length < 2) return false;
  for (let i = 1; i < scores.length; i++) if (scores[i] !== scores[0]) return false;
  return true;
}

function ordered({ ids, keys }: Results, ordering: Ordering): string[] {
  if (keys === null) return ids;
  if (ordering === 'score') return orderByScore(ids, keys);
  const order = Array.from(ids, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
  return order.map((i) => ids[i]!);
}

function checkRepeats(qid: string, { ids, lines }: Results, file: string): void {
  const seen = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) {
    const first = seen.get(ids[i]!);
    if (first === undefined) {
      seen.set(ids[i]!, i);
      continue;
    }
    const [a, b] = [lines[first]!, lines[i]!].sort((x, y) => x - y);
    const where = a === b ? `line ${a}` : `lines ${a} and ${b}`;
    throw parseError(file, b!, `document ${quoteJson(ids[i])} appears twice for query ${quoteJson(qid)} (${where})`);
  }
}
