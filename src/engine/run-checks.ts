// Internal and public: the checks evaluateRun makes on a run that is well formed but probably not what its
// author meant to score, each of which warns (the default), throws or stays silent as `checks` says. A
// warning is one entry per check, whatever the number of queries concerned, so that a run of 100,000
// queries does not bury the result under 100,000 lines.
import { argument, fail, option, RankevalError, type RankevalErrorCode } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { compareUtf8 } from '../core/ordering.js';

/** What a check does when its condition holds: throw a RankevalError, add a warning to the result, or nothing. */
export type RunCheckMode = 'error' | 'warn' | 'off';

/**
 * `checks` as an object: one mode per check; a check left out keeps its default ('warn' for all three).
 * `checks` may also be one RunCheckMode, for every check.
 */
export interface RunChecks {
  /**
   * A query whose ranking holds a document with the query's own id. BEIR's evaluation drops such
   * documents (beir#187): a run that ranks the query itself usually means the corpus holds the queries,
   * and the score then depends on whose evaluation reads it.
   */
  readonly queryInRanking?: RunCheckMode;
  /**
   * A measure whose cutoff exceeds the deepest ranking of the run (recall@1000 on rankings of 10
   * documents): the report's k is then not the system's k.
   */
  readonly cutoffBeyondRun?: RunCheckMode;
  /**
   * A ranking of `{id, score}` objects (two or more) whose scores all tie: its order is then the tie rule's
   * alone (under 'trec', document ids descending), not the system's. Rankings of ids have no scores to tie.
   */
  readonly allScoresTied?: RunCheckMode;
}

/**
 * The `code` of a warning: a check's (also the code of the RankevalError it throws in 'error' mode), or
 * one of the warnings no option turns off: about the queries (`failed_queries`: evaluateRetriever's calls
 * that failed, scored 0, in place of `unanswered_queries`: judged queries the run has no ranking for, scored 0; `unjudged_queries`: queries of the run the qrels do not judge, left out;
 * `no_relevant_queries`: judged queries without a relevant document, handled as `noRelevant` says), about
 * the documents (`unjudged_documents`: retrieved within the measures' depth, not in the qrels, counted as
 * not relevant), and `beyond_system_k`, `without_aspects`.
 */
export type RunWarningCode =
  | 'failed_queries'
  | 'unanswered_queries'
  | 'unjudged_queries'
  | 'no_relevant_queries'
  | 'unjudged_documents'
  | 'ascending_scores'
  | 'query_in_ranking'
  | 'cutoff_beyond_run'
  | 'all_scores_tied'
  | 'beyond_system_k'
  | 'without_aspects';

/** One warning: a check whose condition held, in 'warn' mode, or a fact about the queries worth saying. */
export interface RunWarning {
  readonly code: RunWarningCode;
  /** One line, for people: how many queries or measures, and the first few of them. */
  readonly message: string;
  /** Up to five of the queries concerned, in query-id order (absent for a check on the run as a whole). */
  readonly queries?: readonly string[];
  /** How many queries (or measures) are concerned: `queries` shows the first five. */
  readonly count: number;
  /**
   * `unjudged_queries` when none of the run's queries is judged (the ids likely differ, `"1"` against
   * `"q1"`): up to five of the judged query ids, to set beside `queries`.
   */
  readonly judged?: readonly string[];
  /**
   * `unjudged_documents`: the documents the scored queries retrieve within `depth` that the qrels do not
   * list. Judged means listed with any grade, 0 and negative included (trec_eval's and ir_measures' Judged).
   */
  readonly unjudged?: number;
  /** `unjudged_documents`: the documents the scored queries retrieve within `depth`, Σ over queries of min(depth, retrieved). */
  readonly retrieved?: number;
  /** `unjudged_documents`: `unjudged / retrieved`. */
  readonly share?: number;
  /** `unjudged_documents`: the deepest cutoff asked for; null when a measure has none and reads whole rankings. */
  readonly depth?: number | null;
  /** `unjudged_documents`: the `queries` (most unjudged documents first, then query id), each with its count. */
  readonly worst?: readonly UnjudgedCount[];
}

/** A query and how many documents of its ranking within the depth the qrels do not judge (unjudged_documents). */
export interface UnjudgedCount {
  readonly query: string;
  readonly unjudged: number;
}

/** The unjudged documents within the measures' depth, as the scorer counts them (and mergeEvaluations adds them up). */
export interface UnjudgedDocuments {
  /** The deepest cutoff asked for; null when a measure has none (whole rankings). */
  depth: number | null;
  /** Documents the scored queries retrieve within `depth`: Σ min(depth, retrieved). */
  retrieved: number;
  /** Query id → its unjudged documents within `depth`, for each scored query that has some. No prototype. */
  byQuery: Record<string, number>;
}

export const RUN_CHECK_MODES: readonly RunCheckMode[] = ['error', 'warn', 'off'];
/** The codes of the errors the checks throw in 'error' mode: such an error is about the run, not the qrels or options. */
export const RUN_CHECK_CODES: readonly RankevalErrorCode[] = ['query_in_ranking', 'cutoff_beyond_run', 'all_scores_tied'] satisfies RunWarningCode[];
/** The checks `checks` sets, in the order messages list them. */
export const RUN_CHECKS: readonly (keyof RunChecks)[] = ['queryInRanking', 'cutoffBeyondRun', 'allScoresTied'];

/** How many query ids or measure names a warning names. */
const EXAMPLES = 5;

/**
 * Reads `checks`: undefined (every check warns), one mode for every check, or an object of check → mode.
 */
export function readChecks(checks: unknown, fn: string): Required<RunChecks> {
  const modes: Record<keyof RunChecks, RunCheckMode> = { queryInRanking: 'warn', cutoffBeyondRun: 'warn', allScoresTied: 'warn' };
  if (checks === undefined) return modes;
  const expected = "'error', 'warn', 'off', or an object of check name (queryInRanking, cutoffBeyondRun, allScoresTied) → one of them";
  if (typeof checks === 'string') {
    if (!RUN_CHECK_MODES.includes(checks as RunCheckMode)) fail('invalid_option', fn, { kind: 'option', option: 'checks' }, expected, checks);
    for (const name of RUN_CHECKS) modes[name] = checks as RunCheckMode;
    return modes;
  }
  const own = ownOptions(checks as RunChecks, RUN_CHECKS, fn, { name: '`checks`', subject: option('checks'), expected, what: 'every key of `checks`' });
  for (const name of RUN_CHECKS) {
    const mode = own[name];
    if (mode === undefined) continue;
    if (!RUN_CHECK_MODES.includes(mode)) fail('invalid_option', fn, `\`checks.${name}\``, "'error', 'warn' or 'off'", mode, { subject: option(`checks.${name}`), facts: { choices: RUN_CHECK_MODES } });
    modes[name] = mode;
  }
  return modes;
}

/**
 * True for a ranking of two or more `{id, score}` objects whose scores are all equal. The ranking must have
 * been read (rankedIds) already. The loop stops at the first score that differs from the first one, which
 * in a ranking a system produced is the second: O(1) there, O(n) only for a ranking that does tie throughout.
 */
export function scoresAllTie(ranking: readonly unknown[]): boolean {
  if (ranking.length < 2 || typeof ranking[0] !== 'object') return false;
  const first = (ranking[0] as { score: number }).score;
  for (let i = 1; i < ranking.length; i++) if ((ranking[i] as { score: number }).score !== first) return false;
  return true;
}

/**
 * True for three or more scores that rise down the list (each at least the one before, the last above the
 * first), as a vector store lists distances: read as similarities, the ranking would be upside down.
 * The loop stops at the first score below the one before, in a ranking by score the second: O(1) there.
 */
export function scoresRise(count: number, scoreAt: (i: number) => number): boolean {
  if (count < 3) return false;
  for (let i = 1; i < count; i++) if (scoreAt(i) < scoreAt(i - 1)) return false;
  return scoreAt(count - 1) > scoreAt(0);
}

/** What the ascending_scores warning says of `count` rankings, before the queries and the advice. */
export const risingScores = (count: number): string =>
  `${plural(count, 'ranking lists its', 'rankings list their')} scores rising, as distances are listed, and ${count === 1 ? 'is' : 'are'} ranked highest score first`;

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;
const preview = (names: readonly string[]): string =>
  names.slice(0, EXAMPLES).join(', ') + (names.length > EXAMPLES ? `, … (${names.length - EXAMPLES} more)` : '');

/**
 * The outcome of one check whose condition held for `names` (query ids, or measure names for
 * `cutoff_beyond_run`): a warning added to `warnings`, a RankevalError thrown, or nothing, as `mode` says.
 */
export function settleCheck(code: SettledCheck, mode: RunCheckMode, names: readonly string[], fn: string, warnings: RunWarning[], detail: CheckDetail = {}): void {
  if (mode === 'off' || names.length === 0) return;
  if (mode === 'warn') return addWarning(code, names, warnings, detail);
  // The run is what the check found wrong (systemK, for measures cut beyond it: its k the limit); `count` how many queries (or measures) it found.
  const subject = code === 'beyond_system_k' ? option('systemK') : argument('run');
  const facts = detail.systemK === undefined ? { count: names.length } : { count: names.length, limit: detail.systemK };
  throw new RankevalError({ code, fn, subject, facts, problem: describeCheck(code, names, detail), expected: expectedOf(code, detail), received: names });
}

/** Adds the warning `code` about `names` (query ids, or measure names) to `warnings`, when there are any. */
export function addWarning(code: NamesWarning, names: readonly string[], warnings: RunWarning[], detail: CheckDetail = {}): void {
  if (names.length === 0) return;
  const message = describeCheck(code, names, detail);
  const count = names.length;
  if (code === 'cutoff_beyond_run' || code === 'beyond_system_k') return void warnings.push({ code, message, count });
  const judged = detail.judged === undefined ? {} : { judged: detail.judged.slice(0, EXAMPLES) };
  warnings.push({ code, message, queries: names.slice(0, EXAMPLES), count, ...judged });
}

interface CheckDetail {
  readonly deepest?: number;
  readonly tieRule?: string;
  readonly systemK?: number;
  /** unjudged_queries: the judged query ids, when none of the run's queries is judged. */
  readonly judged?: readonly string[];
  /** no_relevant_queries: what `noRelevant` does with them. */
  readonly noRelevant?: string;
  /** failed_queries: query id → why its call failed. */
  readonly reasons?: ReadonlyMap<string, string>;
}

/** The failed_queries warning: the first queries, each with its reason (shortReason). */
function failedCalls(names: readonly string[], reasons: ReadonlyMap<string, string> | undefined): string {
  const failures = names.slice(0, EXAMPLES).map((qid) => `${qid} (${shortReason(reasons?.get(qid))})`);
  const more = names.length > EXAMPLES ? `, … (${names.length - EXAMPLES} more)` : '';
  return `${plural(names.length, 'call of the retriever failed and its query scores', 'calls of the retriever failed and their queries score')} 0 (see \`failures\`): ${failures.join(', ')}${more}`;
}

/** A failure's reason as a warning quotes it: its first line, cut to about 80 characters. */
const shortReason = (reason = ''): string => {
  const line = reason.split('\n')[0]!;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

const quoted = (ids: readonly string[]): string => ids.slice(0, 2).map((id) => JSON.stringify(id)).join(', ');

/** The warnings about a list of names (query ids, or measure names), which addWarning words. */
type NamesWarning = Exclude<RunWarningCode, 'unjudged_documents'>;

/** The checks that `'error'` mode throws (the others only ever warn). */
type SettledCheck = 'query_in_ranking' | 'cutoff_beyond_run' | 'all_scores_tied' | 'beyond_system_k';

/** What a check thrown in `'error'` mode expected, in words: the error's `expected`. */
function expectedOf(code: SettledCheck, detail: CheckDetail): string {
  switch (code) {
    case 'query_in_ranking':
      return 'no ranking that holds its own query id';
    case 'cutoff_beyond_run':
      return `cutoffs of at most ${detail.deepest ?? 0}, the deepest ranking`;
    case 'all_scores_tied':
      return 'rankings whose scores do not all tie';
    case 'beyond_system_k':
      return `measures cut at k ≤ ${detail.systemK ?? 0} (or a token budget)`;
  }
}

/**
 * Adds the unjudged_documents warning when some document retrieved within the depth is not in the qrels:
 * how many, their share, and the worst queries (most first, then query id).
 */
export function addUnjudgedDocuments({ depth, retrieved, byQuery }: UnjudgedDocuments, warnings: RunWarning[]): void {
  const counts: UnjudgedCount[] = Object.entries(byQuery).map(([query, unjudged]) => ({ query, unjudged }));
  if (counts.length === 0) return;
  counts.sort((a, b) => b.unjudged - a.unjudged || compareUtf8(a.query, b.query));
  const worst = counts.slice(0, EXAMPLES);
  const unjudged = counts.reduce((sum, { unjudged }) => sum + unjudged, 0);
  const fields = { unjudged, retrieved, share: unjudged / retrieved, depth, count: counts.length, worst };
  warnings.push({ code: 'unjudged_documents', message: unjudgedDocumentsText(fields, 'the run', 'the qrels'), queries: worst.map(({ query }) => query), ...fields });
}

/**
 * The unjudged_documents warning in words, from its fields, naming the run and the golden set as the
 * caller does: `12 of the 330 documents in the top 10 of the run (3.6 %) are not in the qrels …`.
 */
export function unjudgedDocumentsText(
  { unjudged = 0, retrieved = 0, share = 0, depth = null, count, worst = [] }: Pick<RunWarning, 'unjudged' | 'retrieved' | 'share' | 'depth' | 'count' | 'worst'>,
  run: string,
  qrels: string,
): string {
  const where = depth === null ? `retrieved by ${run}` : `in the top ${depth} of ${run}`;
  const percent = `${Number((share * 100).toFixed(1))} %`;
  const most = worst.map(({ query, unjudged: n }) => `${query} (${n})`).join(', ') + (count > worst.length ? `, … (${count - worst.length} more)` : '');
  const measure = depth === null ? 'judged_retrieved' : `judged_retrieved@${depth}`;
  return `${unjudged} of the ${plural(retrieved, 'document', 'documents')} ${where} (${percent}) ${unjudged === 1 ? 'is' : 'are'} not in ${qrels} and ${unjudged === 1 ? 'counts' : 'count'} as not relevant, in ${plural(count, 'query', 'queries')}: ${most} (${measure} gives the share judged per query)`;
}

/** A warning's message: how many queries (or measures) the check found, the first few, and what to do. */
function describeCheck(code: NamesWarning, names: readonly string[], detail: CheckDetail): string {
  switch (code) {
    case 'failed_queries':
      return failedCalls(names, detail.reasons);
    case 'unanswered_queries':
      return `${plural(names.length, 'judged query has no ranking in the run and scores', 'judged queries have no ranking in the run and score')} 0: ${preview(names)}`;
    case 'unjudged_queries':
      return detail.judged === undefined
        ? `${plural(names.length, 'query of the run is', 'queries of the run are')} not in the qrels and left out of the means: ${preview(names)}`
        : `none of the run's ${plural(names.length, 'query is', 'queries are')} in the qrels, so every judged query scores 0: the run's ids are like ${quoted(names)}, the qrels' like ${quoted(detail.judged)} (do both name the queries alike?)`;
    case 'no_relevant_queries':
      return `${plural(names.length, 'judged query has', 'judged queries have')} no relevant document (${detail.noRelevant === 'skip' ? 'left out of the means' : 'scored 0'}): ${preview(names)}`;
    case 'without_aspects':
      return `${plural(names.length, 'judged query has no aspects and scores', 'judged queries have no aspects and score')} 0 on the aspect measures, which lowers their means: ${preview(names)} (give ${names.length === 1 ? 'it' : 'them'} aspects, or score the questions with aspects as a golden set of their own)`;
    case 'beyond_system_k': {
      const k = detail.systemK ?? 0;
      return `${preview(names)}: measured beyond the ${plural(k, 'result', 'results')} the system passes on (systemK = ${k}); measuring ${names[0]} while the model is given ${plural(k, 'chunk', 'chunks')} measures the wrong thing`;
    }
    case 'ascending_scores':
      return `${risingScores(names.length)}: ${preview(names)} (if a lower score is better, give scoreOrder: 'ascending'; to rank the highest first without this warning, scoreOrder: 'descending')`;
    case 'query_in_ranking':
      return `${plural(names.length, 'query ranks', 'queries rank')} a document whose id is the query's own id (the corpus likely holds the queries; BEIR's evaluation drops such documents): ${preview(names)}`;
    case 'cutoff_beyond_run':
      return `${preview(names)}: the cutoff exceeds the deepest ranking of the run (${plural(detail.deepest ?? 0, 'document', 'documents')}), so the measure's k is not the system's`;
    case 'all_scores_tied':
      return `${plural(names.length, 'ranking gives', 'rankings give')} every document the same score, so the order is the tie rule's alone${detail.tieRule === 'trec' ? ' (document ids descending)' : ''}, not the system's: ${preview(names)}`;
  }
}
