// Evaluates the RAG example's retrievers (keyword, BM25, trigrams and the two BM25 + trigram hybrids) on its
// golden set through evaluateRetriever — quality and latency, overall and per tag, in one table — and writes
// their runs (examples/rag/runs/*.jsonl) for `rankeval eval`, `compare`, `fuse` and `report`; then all again
// on the multi-aspect questions (multi-aspect.jsonl), at the 5 chunks the generator is given.
//   npm run example:rag
import { createReadStream, mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform } from 'node:os';
import { evaluateRetriever, readGoldenSet, writeRun, type LatencySummary, type ScoredDocument } from 'rankeval';
import { DEPTH, retrievers } from './retrievers.js';

const measures = ['ndcg@10', 'recall@5', 'mrr@10', 'P@3'];
const goldenPath = new URL('./golden.jsonl', import.meta.url);
const golden = await readGoldenSet(createReadStream(goldenPath), { file: 'examples/rag/golden.jsonl' });
mkdirSync(new URL('./runs/', import.meta.url), { recursive: true });

const header = ['retriever', 'scope', 'queries', ...measures, 'mean ms', 'p50 ms', 'p95 ms', 'max ms'];
const rows: string[][] = [];
const ms = (value: number) => value.toFixed(3);
const row = (name: string, scope: string, queries: number, means: Record<string, number>, latency: LatencySummary) =>
  rows.push([name, scope, String(queries), ...measures.map((m) => means[m]!.toFixed(4)), ms(latency.mean), ms(latency.p50), ms(latency.p95), ms(latency.max)]);

for (const [name, search] of Object.entries(retrievers)) {
  // The retriever as the application calls it; the golden set's tags become the slices.
  const result = await evaluateRetriever((question) => search(question, DEPTH), golden, { measures, timeoutMs: 5_000 });
  for (const { queryId, message } of result.failures) console.error(`${name}: ${queryId} failed: ${message}`);
  row(name, 'all', result.queries, result.mean, result.latency);
  for (const [tag, slice] of Object.entries(result.bySlice)) row(name, `tag ${tag}`, slice.queries, slice.mean, result.latency.bySlice[tag]!);
  // Scores to six decimals keep the committed runs short; no latency in them, so that running the example
  // again changes no committed file (pass `latency: result.latency.perQuery` to keep it: the report shows it).
  const rounded = new Map([...result.run].map(([qid, hits]) => [qid, (hits as ScoredDocument[]).map(({ id, score }) => ({ id, score: Number(score.toFixed(6)) }))]));
  writeFileSync(new URL(`./runs/${name}.jsonl`, import.meta.url), writeRun(rounded, { format: 'jsonl' }));
}

const widths = header.map((_, i) => Math.max(...[header, ...rows].map((cells) => cells[i]!.length)));
const line = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
console.log(`${golden.qrels.size} questions · ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'} · ${platform()} ${arch()} · Node ${process.versions.node}\n`);
console.log(line(header));
for (const cells of rows) console.log(line(cells));
console.log('\nruns written to examples/rag/runs/; try: npx rankeval eval examples/rag/golden.jsonl examples/rag/runs/bm25.jsonl --by-tag');

// Questions whose answer needs facts from two or three chunks: each fact an aspect, with the chunks that
// state it, and every chunk's length in tokens (estimated, see retrievers.ts). The generator is given 5
// chunks (`systemK`), or as many as 200 tokens hold — about four of these chunks.
const aspectPath = new URL('./multi-aspect.jsonl', import.meta.url);
const multiAspect = await readGoldenSet(createReadStream(aspectPath), { file: 'examples/rag/multi-aspect.jsonl' });
const aspectMeasures = ['aspect_recall@5', 'all_aspects@5', 'alpha_ndcg@5', 'recall@5', 'recall@budget=200', 'tokens@5'];
const aspectRows = [['retriever', 'queries', ...aspectMeasures]];
for (const [name, search] of Object.entries(retrievers)) {
  // The golden set's aspects and token lengths reach the measures without being passed.
  const result = await evaluateRetriever((question) => search(question, DEPTH), multiAspect, { measures: aspectMeasures, systemK: 5, timeoutMs: 5_000 });
  for (const { queryId, message } of result.failures) console.error(`${name}: ${queryId} failed: ${message}`);
  aspectRows.push([name, String(result.queries), ...aspectMeasures.map((m) => result.mean[m]!.toFixed(m.startsWith('tokens') ? 1 : 4))]);
}
const aspectWidths = aspectRows[0]!.map((_, i) => Math.max(...aspectRows.map((cells) => cells[i]!.length)));
console.log(`\n${multiAspect.qrels.size} multi-aspect questions (examples/rag/multi-aspect.jsonl), 5 chunks given to the generator\n`);
for (const cells of aspectRows) console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(aspectWidths[i]!) : cell.padStart(aspectWidths[i]!))).join('  '));
