// A small pool to judge, its corpus and queries as files in a fresh directory, for the judging page's tests.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Two queries, five pairs; d2's text is markup that must show as text. */
export const POOL = { q1: ['d1', 'd2', 'd3'], q2: ['d4', 'd1'] };

export const MARKUP = `<script>document.title = 'ran'</script><img src=x onerror="document.title='ran'"><b>not bold</b>`;

const CORPUS = [
  { _id: 'd1', title: 'Pumps', text: 'Prime the pump before the first start.\nFill the casing with water.' },
  { _id: 'd2', text: MARKUP },
  { _id: 'd3', text: 'The garden hose is sold separately.' },
  { _id: 'd4', title: 'Warranty', text: 'The warranty covers two years from purchase.' },
  { _id: 'd5', text: 'Not in the pool.' },
];

const QUERIES = [
  { query_id: 'q1', query: 'how to prime a pump' },
  { query_id: 'q2', query: 'how long is the warranty' },
];

const jsonLines = (records: readonly object[]): string => records.map((record) => `${JSON.stringify(record)}\n`).join('');

/** The files in a new directory: pool.jsonl, corpus.jsonl, queries.jsonl; the store's path, not yet made. */
export function judgePageFiles(prefix: string): { dir: string; pool: string; corpus: string; queries: string; store: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const path = (name: string): string => join(dir, name);
  writeFileSync(path('pool.jsonl'), jsonLines(Object.entries(POOL).flatMap(([query_id, docs]) => docs.map((doc_id) => ({ query_id, doc_id })))));
  writeFileSync(path('corpus.jsonl'), jsonLines(CORPUS));
  writeFileSync(path('queries.jsonl'), jsonLines(QUERIES));
  return { dir, pool: path('pool.jsonl'), corpus: path('corpus.jsonl'), queries: path('queries.jsonl'), store: path('judgments.jsonl') };
}
