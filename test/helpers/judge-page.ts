// A small pool to judge, its corpus and queries as files in a fresh directory, for the judging page's tests;
// a nugget bank and answers for its nugget mode.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runJudgePage } from '../../src/cli/judge-page.js';

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

/** Two topics (t2 without a question in the bank); the nuggets of t1 in the bank's order. */
export const BANK = [
  { qid: 't1', query: 'how to prime a pump', nuggets: [{ text: 'fill the casing with water', importance: 'vital' }, { text: 'open the vent', importance: 'okay' }] },
  { qid: 't2', nuggets: [{ text: 'two years', importance: 'vital' }] },
];

/** A TREC RAG run answering t1 and t2, sentences citing its references. */
const RAG_RUN = [
  { metadata: { team_id: 'team', run_id: 'bm25-gpt', topic_id: 't1' }, references: ['d1', 'd2'], responses: [{ text: 'Fill the casing first.', citations: [0] }, { text: 'Then start it.', citations: [] }] },
  { metadata: { team_id: 'team', run_id: 'bm25-gpt', topic_id: 't2' }, references: ['d4'], responses: [{ text: 'Two years from purchase.', citations: [0] }] },
];

/** nuggetizer's answers of the run `gpt` (the file's name), answering t1 with markup that must show as text. */
const ANSWERS = [{ topic_id: 't1', answer: [{ text: MARKUP }, { text: 'Open the vent.' }] }];

/** The nugget page's files in a new directory: bank.jsonl, rag.jsonl, gpt.jsonl; the store's path, not yet made. */
export function nuggetPageFiles(prefix: string): { dir: string; bank: string; rag: string; answers: string; store: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const path = (name: string): string => join(dir, name);
  writeFileSync(path('bank.jsonl'), jsonLines(BANK));
  writeFileSync(path('rag.jsonl'), jsonLines(RAG_RUN));
  writeFileSync(path('gpt.jsonl'), jsonLines(ANSWERS));
  return { dir, bank: path('bank.jsonl'), rag: path('rag.jsonl'), answers: path('gpt.jsonl'), store: path('nugget-assignments.jsonl') };
}

/** A raw request (no URL normalising, unlike fetch): status, content type and body. */
export function raw(url: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; type: string; body: string; headers: Record<string, unknown> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = request({ host: hostname, port, path, method: options.method ?? 'GET', headers: options.headers ?? {} }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, type: String(response.headers['content-type']), body, headers: response.headers }));
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/** `rankeval judge` (either page) running in process until `stop()`: its URL once printed, and what it wrote to stderr. */
export async function running(argv: string[]): Promise<{ url: string; view(): ReturnType<typeof raw>; post(action: string, body: string): ReturnType<typeof raw>; stderr(): string; stop(): Promise<number> }> {
  const stop = new AbortController();
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  const done = runJudgePage(argv, io, stop.signal);
  while (!stdout.endsWith('\n')) await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10))]);
  const url = stdout.trim();
  const headers = { 'x-rankeval-token': new URL(url).searchParams.get('token')! };
  return {
    url,
    view: () => raw(url, '/api/view', { headers }),
    post: (action, body) => raw(url, `/api/${action}`, { method: 'POST', headers, body }),
    stderr: () => stderr,
    stop: () => (stop.abort(), done),
  };
}
