// `overlapReportData`: the numbers of the report of two runs without a golden set, from `overlap`, with the
// top of both rankings of the queries that moved most.
import { overlapOfRuns } from '../agreement/overlap.js';
import type { TieGroups } from '../agreement/tie-ranking.js';
import { ownOptions } from '../core/boundary.js';
import { fail } from '../core/errors.js';
import { QUESTIONS, RUNS } from './options.js';
import { readByQuery } from '../core/inputs.js';
import { SHOWN_DEPTH } from './assemble.js';
import type { OverlapDocument, OverlapReportData, OverlapReportInput, OverlapReportOptions, QueryOverlapRow } from './types.js';

/** The options `overlapReportData` takes (`OverlapReportOptions`): those of `overlap`, and `moved`. */
export const OVERLAP_REPORT_OPTION_KEYS: readonly string[] = ['p', 'depth', 'ties', 'moved'];
const INPUT_KEYS: readonly string[] = ['runs', 'questions'];

/** How deep the rankings of a query that moved are shown without a `depth`: about what RBO at p = 0.9 reads. */
const SHOWN_WITHOUT_DEPTH = 10;

/**
 * How much two runs' rankings agree, query by query, without a golden set: `overlap`'s RBO and Jaccard
 * per query and their means, the queries from the lowest RBO up, and for the first `moved` of them the
 * top of both rankings, each document with its ranks in the other run. The rankings are shown to `depth`
 * (10 without one), at most 20 documents.
 *
 * @param input the two runs, by name (A first), and optionally the queries' questions
 * @param options `p`, `depth` and `ties` as `overlap` takes them; `moved`, how many queries to show with
 *   their rankings (default 10, 0 for none)
 * @throws {RankevalError} `invalid_option` for an unknown option or input field, `moved` not a
 *   non-negative integer, `runs` not two runs, or a question that is not a string; `overlap`'s errors for
 *   bad rankings or settings, and `no_queries` when no query is ranked by both runs
 * @example
 * const data = overlapReportData({ runs: { before: { q1: ['d1', 'd2'] }, after: { q1: ['d2', 'd1'] } } }, { p: 0.5 });
 * data.mean.jaccard // => 1: the same two documents
 * data.moved[0]!.a.top[0] // => { id: 'd1', ranks: [1, 1], other: [2, 2] }
 */
export function overlapReportData(input: OverlapReportInput, options: OverlapReportOptions = {}): OverlapReportData {
  return overlapReportDataWith(input, ownOptions(options, OVERLAP_REPORT_OPTION_KEYS, 'overlapReportData'), 'overlapReportData');
}

/** `overlapReportData` with its options read already (by ownOptions: own keys only), as `fn` reports its errors. */
export function overlapReportDataWith(input: OverlapReportInput, options: OverlapReportOptions, fn: string): OverlapReportData {
  const { moved: movedCount = 10, ...rbo } = options;
  if (!Number.isSafeInteger(movedCount) || movedCount < 0) fail('invalid_option', fn, { kind: 'option', option: 'moved' }, 'a non-negative integer', movedCount);
  const { runs, questions } = readOverlapInput(input, fn);
  const [[nameA, runA], [nameB, runB]] = runs as [[string, unknown], [string, unknown]];
  const { overlap, a, b } = overlapOfRuns(runA, runB, rbo, fn, [`runs[${JSON.stringify(nameA)}]`, `runs[${JSON.stringify(nameB)}]`]);
  const queries = overlap.moved.map((query): QueryOverlapRow => ({ query, ...overlap.perQuery.get(query)! }));
  const shown = Math.min(overlap.depth ?? SHOWN_WITHOUT_DEPTH, SHOWN_DEPTH);
  const moved = queries.slice(0, movedCount).map((row) => {
    const x = a.get(row.query)!;
    const y = b.get(row.query)!;
    return { ...row, question: questions?.get(row.query), a: { top: shownDocuments(x, y, shown), length: x.length }, b: { top: shownDocuments(y, x, shown), length: y.length } };
  });
  const { mean, onlyA, onlyB } = overlap;
  return { kind: 'overlap', runs: [nameA, nameB], p: overlap.p, ties: overlap.ties, depth: overlap.depth, mean, queries, moved, shown, onlyA, onlyB };
}

/** The input, read: exactly two runs in the order given, and the questions, checked. */
function readOverlapInput(given: OverlapReportInput, fn: string): { runs: [string, unknown][]; questions: ReadonlyMap<string, string> | undefined } {
  const input = ownOptions(given, INPUT_KEYS, fn, { name: '`input`', expected: 'an object with `runs`', what: 'every field of `input`' });
  const runs = [...readByQuery<unknown>(input.runs, fn, RUNS, 'invalid_run', 'a Map or an object of run name → run')];
  if (runs.length !== 2) fail('invalid_option', fn, { kind: 'argument', argument: 'runs' }, 'two runs, A and B', runs.length);
  if (input.questions === undefined) return { runs, questions: undefined };
  const questions = readByQuery<unknown>(input.questions, fn, QUESTIONS, 'invalid_option', 'a Map or an object of query id → question');
  for (const [qid, question] of questions) if (typeof question !== 'string') fail('invalid_option', fn, `questions[${JSON.stringify(qid)}]`, 'a string', question, { subject: QUESTIONS.subject, at: { query: qid } });
  return { runs, questions: questions as ReadonlyMap<string, string> };
}

/** Id → the ranks it spans in `ranking`: a tie of g ids from rank r spans r … r + g − 1. */
function ranksOf(ranking: TieGroups): Map<string, [number, number]> {
  const ranks = new Map<string, [number, number]>();
  let rank = 1;
  for (const group of ranking.groups) {
    for (const id of group) ranks.set(id, [rank, rank + group.length - 1]);
    rank += group.length;
  }
  return ranks;
}

/** The first `shown` documents of `ranking`, each with its ranks in it and in `other`. */
function shownDocuments(ranking: TieGroups, other: TieGroups, shown: number): OverlapDocument[] {
  const otherRanks = ranksOf(other);
  return [...ranksOf(ranking)].slice(0, shown).map(([id, ranks]) => ({ id, ranks, other: otherRanks.get(id) ?? null }));
}
