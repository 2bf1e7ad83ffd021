// Writing a run (evaluateRetriever's `run`, or any query id → ranking) as a file the run readers read back:
// JSONL, which can keep each query's latency, or TREC, which trec_eval reads too.
import { argument, fail, failId, option, type ErrorAbout } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import type { ByQuery, Ranking } from '../core/types.js';
import { readByQuery } from '../core/inputs.js';

export interface WriteRunOptions {
  /** `jsonl` (one query a line, with its `latency_ms` when given) or `trec` (`qid Q0 doc rank score name`). */
  readonly format: 'jsonl' | 'trec';
  /** TREC's last column, the run's name (no whitespace). Default `rankeval`. */
  readonly runName?: string;
  /**
   * Query id → the time its ranking took, in milliseconds (evaluateRetriever's `latency.perQuery`), kept in
   * JSONL as `latency_ms`, which `parseRun`, `rankeval eval`, `compare` and `report` read. TREC has no place
   * for it. The time of a query the run lacks (a failed call of evaluateRetriever) is written only with its
   * failure (`failures`).
   */
  readonly latency?: ByQuery<number>;
  /**
   * evaluateRetriever's `failures` (`[{ queryId, message }]`): each written to JSONL as
   * `{"query_id": …, "failed": message, "latency_ms": …}`, a line the readers take as the query's time and
   * failure, not a ranking (it stays unanswered), so that a saved run's latency keeps its timeouts.
   */
  readonly failures?: readonly { readonly queryId: string; readonly message: string }[];
}

const WRITE_OPTION_KEYS = ['format', 'runName', 'latency', 'failures'];
const WHITESPACE = /\s/;

/** The run written, the subject of its errors (the query in `at`, an entry's index in `facts`). */
const RUN = argument('run');

/**
 * Writes a run as the text of a JSONL or TREC run file, one that `parseRun` reads back to the same rankings.
 *
 * - JSONL: `{"query_id": "q1", "results": [...], "latency_ms": 41.7}` a line, queries in the run's order;
 *   `results` are the ranking as given (ids, or `{id, score}` objects).
 * - A failed call of evaluateRetriever is not in its `run`. Given `failures` (JSONL only), each is a line
 *   `{"query_id": "q7", "failed": "timed out after 5000 ms", "latency_ms": 5000.4}`: read back, the query is
 *   unanswered (scored as an empty ranking, in `unansweredQueries`), as in the result it came from, and its
 *   time counts in the latency, as in the result. Without `failures` it has no line, and its time is left
 *   out. To keep a failed query as answered with nothing, put it in the run with an empty ranking.
 * - TREC: `qid Q0 doc rank score name` a line, each query's documents in the ranking's own order (the
 *   array's; the rank column is the position in it) with their scores, so that a run read back scores as
 *   the ranking in memory under either tie rule: `ties: 'given'` reads the lines' order, which is the
 *   array's, and `ties: 'trec'` (the default, and trec_eval) orders by score descending, ties by id
 *   descending, whatever the lines' order. Writing trec_eval's order instead would lose the array's order
 *   of tied scores. A ranking of ids, which has no scores, gets n, n − 1, …, 1 (n documents), which keep
 *   its order under both rules. A query with no results has no line.
 *
 * @throws {RankevalError} `invalid_run` for a query id or document id that the format cannot hold (empty;
 *   with whitespace in TREC), `invalid_ranking` for a ranking that is not ids or `{id, score}` objects with
 *   finite scores, or that lists a document twice; `invalid_option` for an unknown format or option, a
 *   latency that is not a finite number ≥ 0, `latency` or `failures` with `format: 'trec'`, or a failure
 *   that is not `{ queryId, message }` of a query the run does not hold
 * @example
 * writeRun(new Map([['q1', [{ id: 'd3', score: 2.5 }, { id: 'd1', score: 1.5 }]]]), { format: 'trec', runName: 'bm25' });
 * // => 'q1 Q0 d3 1 2.5 bm25\nq1 Q0 d1 2 1.5 bm25\n'
 */
export function writeRun(run: ByQuery<Ranking>, options: WriteRunOptions): string {
  const fn = 'writeRun';
  const { format, runName, rankings, times, failures } = writeSettings(run, options, fn);
  let text = '';
  for (const [qid, ranking] of rankings) {
    if (qid === '' || (format === 'trec' && WHITESPACE.test(qid))) fail('invalid_run', fn, 'every query id of `run`', format === 'trec' ? 'a non-empty string without whitespace (a TREC field)' : 'a non-empty string', qid, RUN);
    const { ids, scores } = readRanking(ranking, qid, format, fn);
    if (format === 'jsonl') {
      text += jsonLine(qid, ranking as Ranking, times.get(qid));
      continue;
    }
    // The ranking's own order, not trec_eval's: `ties: 'given'` reads the lines' order, so only this order
    // gives back the ranking as the caller holds it; trec_eval (and `ties: 'trec'`) order by score anyway.
    ids.forEach((id, i) => (text += `${qid} Q0 ${id} ${i + 1} ${scores === undefined ? ids.length - i : scores[i]!} ${runName}\n`));
  }
  for (const { queryId, message } of failures) {
    const time = times.get(queryId);
    text += `${JSON.stringify(time === undefined ? { query_id: queryId, failed: message } : { query_id: queryId, failed: message, latency_ms: time })}\n`;
  }
  // An empty file is no run to the readers: refused here rather than written and refused when read back.
  if (text === '') {
    const expected = format === 'trec' ? 'a run with a document in some ranking (a TREC file of no line reads as no run; JSONL keeps empty rankings)' : 'a run with a query';
    fail('invalid_run', fn, { kind: 'argument', argument: 'run' }, expected, run);
  }
  return text;
}

/** writeRun's options and its run's queries, resolved once. */
interface WriteSettings {
  readonly format: 'jsonl' | 'trec';
  readonly runName: string;
  readonly rankings: ReadonlyMap<string, unknown>;
  readonly times: ReadonlyMap<string, number>;
  readonly failures: readonly { readonly queryId: string; readonly message: string }[];
}

function writeSettings(run: ByQuery<Ranking>, options: WriteRunOptions, fn: string): WriteSettings {
  const own = ownOptions(options, WRITE_OPTION_KEYS, fn, { expected: 'an object with `format`' });
  const { format, runName = 'rankeval', latency, failures = [] } = own;
  if (format !== 'jsonl' && format !== 'trec') fail('invalid_option', fn, { kind: 'option', option: 'format' }, "'jsonl' or 'trec'", format);
  if (typeof runName !== 'string' || runName === '' || WHITESPACE.test(runName)) fail('invalid_option', fn, { kind: 'option', option: 'runName' }, 'a non-empty string without whitespace', runName);
  if (latency !== undefined && format === 'trec') fail('invalid_option', fn, { kind: 'option', option: 'latency' }, "left out with format 'trec' (TREC runs have no field for it; write JSONL to keep it)", latency);
  const rankings = readByQuery<unknown>(run, fn, RUN, 'invalid_run');
  if (own.failures !== undefined && format === 'trec') fail('invalid_option', fn, { kind: 'option', option: 'failures' }, "left out with format 'trec' (TREC runs have no line for a failed call; write JSONL to keep them)", own.failures);
  if (!Array.isArray(failures)) fail('invalid_option', fn, { kind: 'option', option: 'failures' }, 'an array of { queryId, message } (evaluateRetriever\'s `failures`)', failures);
  for (const failure of failures as unknown[]) {
    const { queryId, message } = (typeof failure === 'object' && failure !== null ? failure : {}) as { queryId?: unknown; message?: unknown };
    if (typeof queryId !== 'string' || queryId === '' || typeof message !== 'string') fail('invalid_option', fn, 'every failure of `failures`', '{ queryId, message }, two strings', failure, option('failures'));
    if (rankings.has(queryId)) fail('invalid_option', fn, `the failure of query ${JSON.stringify(queryId)}`, 'a query the run does not hold (a failed call has no ranking)', queryId, { subject: option('failures'), at: { query: queryId } });
  }
  const times = latency === undefined ? new Map<string, number>() : readByQuery<unknown>(latency, fn, option('latency'), 'invalid_option');
  for (const [qid, time] of times) {
    if (typeof time !== 'number' || !Number.isFinite(time) || time < 0) fail('invalid_option', fn, `latency[${JSON.stringify(qid)}]`, 'a finite number of milliseconds, 0 or more', time, { subject: option('latency'), at: { query: qid }, facts: { limit: 0 } });
  }
  return { format, runName, rankings, times: times as ReadonlyMap<string, number>, failures };
}

function jsonLine(qid: string, ranking: Ranking, latency: number | undefined): string {
  const results = ranking.map((entry) => (typeof entry === 'string' ? entry : { id: entry.id, score: entry.score }));
  return `${JSON.stringify(latency === undefined ? { query_id: qid, results } : { query_id: qid, results, latency_ms: latency })}\n`;
}

/** A ranking's ids (and scores, for `{id, score}` objects), checked as the readers would check them read back. */
function readRanking(ranking: unknown, qid: string, format: string, fn: string): { ids: string[]; scores: number[] | undefined } {
  const where = `run[${JSON.stringify(qid)}]`;
  if (!Array.isArray(ranking)) return fail('invalid_ranking', fn, where, 'an array of ids or of {id, score} objects', ranking, { subject: RUN, at: { query: qid } });
  const byScore = ranking.length > 0 && typeof ranking[0] !== 'string';
  const ids: string[] = [];
  const scores: number[] = [];
  const seen = new Set<string>();
  ranking.forEach((entry: unknown, i) => {
    const { id, score } = (byScore && typeof entry === 'object' && entry !== null ? entry : { id: entry }) as { id?: unknown; score?: unknown };
    const about: ErrorAbout = { subject: RUN, at: { query: qid }, facts: { index: i } };
    if (typeof id !== 'string' || id === '' || (format === 'trec' && WHITESPACE.test(id))) {
      failId('invalid_ranking', fn, `${where}[${i}]${byScore ? '.id' : ''}`, format === 'trec' ? 'a non-empty id without whitespace (a TREC field)' : 'a non-empty string id', byScore ? (typeof entry === 'object' && entry !== null ? id : entry) : entry, about);
    }
    if (byScore && (typeof score !== 'number' || !Number.isFinite(score))) fail('invalid_ranking', fn, `${where}[${i}].score`, 'a finite number', score, about);
    if (seen.has(id as string)) fail('invalid_ranking', fn, `${where}[${i}]`, 'a document not listed before for this query', id, about);
    seen.add(id as string);
    ids.push(id as string);
    if (byScore) scores.push(score as number);
  });
  return { ids, scores: byScore ? scores : undefined };
}
