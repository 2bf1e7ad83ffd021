// The runs fusion reads: checked once, each ranking put in the library's order (score descending, then
// document id descending in UTF-8 byte order, as trec_eval), and cut per query to the depth fused.
import { fail, failId, type ErrorAbout } from '../core/errors.js';
import { compareUtf8 } from '../core/ordering.js';
import type { ByQuery, ScoredDocument } from '../core/types.js';

/** A run to fuse: query id → its scored documents (any order; they are ranked as the library ranks them). */
export type FusionRun = ByQuery<readonly ScoredDocument[]>;

/** A run as `fuse` reads it: its name (its key, or `runs[i]`) and its rankings. */
export interface NamedRun {
  readonly name: string;
  /** Query id → its documents in the library's order (score descending, id descending). */
  readonly rankings: Map<string, ScoredDocument[]>;
}

/** Reads and checks `fuse`'s `runs` argument; each ranking is put in the library's order. */
export function readRuns(runs: unknown, fn: string): NamedRun[] {
  let entries: [string, unknown][];
  if (Array.isArray(runs)) entries = runs.map((run, i) => [`runs[${i}]`, run]);
  else if (runs instanceof Map) entries = [...runs.entries()].map(([name, run]) => [String(name), run]);
  else if (typeof runs === 'object' && runs !== null) entries = Object.entries(runs);
  else fail('invalid_run', fn, { kind: 'argument', argument: 'runs' }, 'an array of runs or name → run', runs);
  if (entries.length === 0) fail('invalid_run', fn, { kind: 'argument', argument: 'runs' }, 'one run or more', runs);
  return entries.map(([name, run]) => ({ name, rankings: readRun(name, run, fn) }));
}

function readRun(name: string, run: unknown, fn: string): Map<string, ScoredDocument[]> {
  let queries: [string, unknown][];
  if (run instanceof Map) queries = [...run.entries()].map(([qid, list]) => [String(qid), list]);
  else if (typeof run === 'object' && run !== null && !Array.isArray(run)) queries = Object.entries(run);
  else fail('invalid_run', fn, `run ${name}`, 'query id → {id, score} list (an object or a Map)', run, { kind: 'run', run: name });
  const rankings = new Map<string, ScoredDocument[]>();
  for (const [qid, list] of queries) rankings.set(qid, readRanking(name, qid, list, fn));
  return rankings;
}

function readRanking(name: string, qid: string, list: unknown, fn: string): ScoredDocument[] {
  const where = `the ranking of query '${qid}' in run ${name}`;
  const about: ErrorAbout = { subject: { kind: 'run', run: name }, at: { query: qid } };
  if (!Array.isArray(list)) fail('invalid_ranking', fn, where, 'an array of {id, score}', list, about);
  const seen = new Set<string>();
  const documents: ScoredDocument[] = [];
  for (const item of list as unknown[]) {
    if (typeof item === 'number') failId('invalid_ranking', fn, `every entry of ${where}`, 'an {id: string, score: number} object', item, about);
    if (typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'number') {
      failId('invalid_ranking', fn, `the id of every entry of ${where}`, 'a string', (item as { id: number }).id, about);
    }
    if (typeof item !== 'object' || item === null || typeof (item as ScoredDocument).id !== 'string' || typeof (item as ScoredDocument).score !== 'number') {
      fail('invalid_ranking', fn, `every entry of ${where}`, 'an {id: string, score: number} object', item, about);
    }
    const { id, score } = item as ScoredDocument;
    if (!Number.isFinite(score)) fail('invalid_ranking', fn, `the score of document '${id}' in ${where}`, 'a finite number', score, { ...about, at: { query: qid, document: id } });
    if (seen.has(id)) fail('invalid_ranking', fn, `the documents of ${where}`, 'listed once each', id, { ...about, at: { query: qid, document: id } });
    seen.add(id);
    documents.push({ id, score });
  }
  return documents.sort(byScoreThenId);
}

function byScoreThenId(a: ScoredDocument, b: ScoredDocument): number {
  if (a.score !== b.score) return a.score > b.score ? -1 : 1;
  return compareUtf8(b.id, a.id);
}

/** Every query id of the runs, in UTF-8 byte order. */
export function queriesOf(runs: readonly NamedRun[]): string[] {
  const queries = new Set<string>();
  for (const { rankings } of runs) for (const qid of rankings.keys()) queries.add(qid);
  return [...queries].sort(compareUtf8);
}

/** Each run's ranking of a query (an empty one where the run lacks it), cut to its top `depth`. */
export function listsOf(runs: readonly NamedRun[], qid: string, depth: number | undefined): ScoredDocument[][] {
  return runs.map(({ rankings }) => {
    const list = rankings.get(qid) ?? [];
    return depth !== undefined && list.length > depth ? list.slice(0, depth) : list;
  });
}
