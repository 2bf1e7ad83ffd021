// What a run reader holds is bounded: the distinct queries of a run, whose ids every reader of a whole run
// keeps (to tell a query seen before, to list the unjudged ones) even when it drops their results, and the
// results of one query, held until the query ends. Past either, a pipe that never ends (or a file that is
// no run) stops with an error at its line instead of exhausting memory.
import { RankevalError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';

/**
 * The most distinct queries a run may hold: 4,194,304 (2^22), five times the largest query set of a public
 * benchmark (MS MARCO's 808,731 training queries), and a quarter of what a JavaScript Set holds.
 */
export const MAX_RUN_QUERIES = 1 << 22;

/**
 * The most results one query may hold in a run: 4,194,304 (2^22), four thousand times the 1,000 a TREC run
 * gives a query, held in about 100 MiB.
 */
export const MAX_QUERY_RESULTS = 1 << 22;

/** The error past MAX_RUN_QUERIES or MAX_QUERY_RESULTS: a `parse_error` at its line, its class telling it from an error in the run's content. */
export class RunTooLarge extends RankevalError {}

const tooLarge = (file: string, line: number, qid: string, problem: string, expected: string): never => {
  throw new RunTooLarge({ code: 'parse_error', subject: { kind: 'file', file, line }, problem, expected, received: qid });
};

/** Refuses the query `qid`, new to the run, at `file:line` when the run holds `held` queries already, the most it may (`max`). */
export function checkQueryCount(held: number, qid: string, file: string, line: number, max = MAX_RUN_QUERIES): void {
  if (held < max) return;
  const limit = max.toLocaleString('en');
  tooLarge(file, line, qid, `the run holds more than ${limit} queries, the most one run may hold: split it by query into smaller runs and evaluate each (rankeval merge adds up rankeval eval's parts)`, `at most ${limit} queries`);
}

/** Refuses a result of query `qid` at `file:line` when the query holds `held` results already, the most it may (`max`). */
export function checkResultCount(held: number, qid: string, file: string, line: number, max = MAX_QUERY_RESULTS): void {
  if (held < max) return;
  const limit = max.toLocaleString('en');
  tooLarge(file, line, qid, `query ${quoteJson(qid)} holds more than ${limit} results, the most one query may hold: cut its ranking`, `at most ${limit} results a query`);
}
