// Runs derived from the trec oracle's runs, made the same way by the tests and by the script that recorded
// the outputs of the code before runs were scored as read (test/fixtures/stream-before/record.ts): the lines shuffled so
// that queries interleave, the scores reversed within each query (a second run to compare), and the run
// written as JSONL, CSV and JSON. Every function is deterministic (seeded), so a fresh clone makes the same
// files the fixtures were recorded on.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ranking, Run, Ties } from '../../src/index.js';

export const ORACLE_CASES = join(import.meta.dirname, '../fixtures/trec-oracle/cases');

/** The trec oracle's cases (or those of `dir`, laid out alike), in order: name, profile, the qrels' and the run's text. */
export function oracleCases(dir = ORACLE_CASES): { name: string; profile: string; qrels: string; run: string }[] {
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const caseDir = join(dir, name);
      const meta = join(caseDir, 'meta.json');
      const { profile } = existsSync(meta) ? (JSON.parse(readFileSync(meta, 'utf8')) as { profile: string }) : { profile: name };
      return { name, profile, qrels: readFileSync(join(caseDir, 'qrels'), 'utf8'), run: readFileSync(join(caseDir, 'run'), 'utf8') };
    });
}

/** A small seeded generator of numbers in [0, 1) (mulberry32), so that shuffles are the same everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const linesOf = (text: string): string[] => {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/** The run's lines in a seeded random order (each line kept as written, `\r` included). */
export function shuffleLines(text: string, seed: number): string {
  const lines = linesOf(text);
  const random = seededRandom(seed);
  for (let i = lines.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  }
  return lines.map((line) => `${line}\n`).join('');
}

/** True when some query's lines are not together (a query id comes back after another one). */
export function interleaves(text: string): boolean {
  const done = new Set<string>();
  let current: string | undefined;
  for (const line of linesOf(text)) {
    const qid = line.trim().split(/\s+/)[0];
    if (qid === undefined || qid === '' || qid === current) continue;
    if (done.has(qid)) return true;
    if (current !== undefined) done.add(current);
    current = qid;
  }
  return false;
}

const FIELD_SEPARATORS = /[ \t\n\v\f\r]+/;

/**
 * The run with each query's scores reversed: the query's first line gets its last line's score, and so on
 * (the score's text as written). Lines of fewer than six fields are kept as they are.
 */
export function reverseScores(text: string): string {
  const lines = linesOf(text);
  const fields = lines.map((line) => line.trim().split(FIELD_SEPARATORS));
  const byQuery = new Map<string, number[]>();
  fields.forEach((row, i) => {
    if (row.length < 6) return;
    const list = byQuery.get(row[0]!);
    if (list === undefined) byQuery.set(row[0]!, [i]);
    else list.push(i);
  });
  const score = new Map<number, string>();
  for (const indices of byQuery.values()) indices.forEach((line, j) => score.set(line, fields[indices[indices.length - 1 - j]!]![4]!));
  return lines
    .map((line, i) => {
      const row = fields[i]!;
      return `${row.length < 6 ? line : [row[0], row[1], row[2], row[3], score.get(i), ...row.slice(5)].join(' ')}\n`;
    })
    .join('');
}

/** Each query's documents in file order with their scores (every query of a TREC run has them). */
function scoredQueries(run: Run): [string, { readonly ids: readonly string[]; readonly scores: readonly number[] }][] {
  return [...run.rankings.keys()].map((qid) => [qid, run.scored.get(qid)!]);
}

/** The run as JSONL, one query a line with `{id, score}` results in the file's order. */
export function toJsonl(run: Run): string {
  return scoredQueries(run)
    .map(([qid, { ids, scores }]) => `${JSON.stringify({ query_id: qid, results: ids.map((id, i) => ({ id, score: scores[i] })) })}\n`)
    .join('');
}

/** The run as one JSON object of query id → `[{id, score}, …]`. */
export function toJson(run: Run): string {
  const object: Record<string, { id: string; score: number }[]> = {};
  for (const [qid, { ids, scores }] of scoredQueries(run)) object[qid] = ids.map((id, i) => ({ id, score: scores[i]! }));
  return JSON.stringify(object);
}

const csvField = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** The run as CSV: `query_id,doc_id,score`, every text field quoted. */
export function toCsv(run: Run): string {
  const rows = ['query_id,doc_id,score'];
  for (const [qid, { ids, scores }] of scoredQueries(run)) ids.forEach((id, i) => rows.push(`${csvField(qid)},${csvField(id)},${scores[i]}`));
  return `${rows.join('\n')}\n`;
}

/** The run's lines grouped by query (queries in order of first appearance, lines in file order within each). */
export function groupLines(text: string): string {
  const byQuery = new Map<string, string[]>();
  for (const line of linesOf(text)) {
    const qid = line.trim().split(FIELD_SEPARATORS)[0]!;
    const list = byQuery.get(qid);
    if (list === undefined) byQuery.set(qid, [line]);
    else list.push(line);
  }
  return [...byQuery.values()].flatMap((lines) => lines.map((line) => `${line}\n`)).join('');
}

/**
 * A run's rankings as `ties` read them before runs were scored as read (the commands' rankingsFor then): 'trec', ids in
 * trec_eval's order; 'given', the ids in file order; 'average', the documents with their scores.
 */
export function rankingsFor(run: Run, ties: Ties): Map<string, Ranking> {
  if (ties === 'trec') return run.rankings;
  const rankings = new Map<string, Ranking>(run.rankings);
  for (const [qid, { ids, scores }] of run.scored) rankings.set(qid, ties === 'given' ? ids : ids.map((id, i) => ({ id, score: scores[i]! })));
  return rankings;
}
