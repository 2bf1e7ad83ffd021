// Evaluates the RAG example's retrievers (keyword, BM25, trigrams and the two BM25 + trigram hybrids) on its
// golden set through evaluateRetriever — quality and latency, overall and per tag, in one table — and writes
// their runs (examples/rag/runs/*.jsonl) for `rankeval eval`, `compare`, `fuse` and `report`; then all again
// on the multi-aspect questions (multi-aspect.jsonl), at the 5 chunks the generator is given; last, tunes the
// weights of a fusion of keyword, BM25 and trigrams with optimizeFusion, cross-validated.
//   npm run example:rag
import { createReadStream, mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform } from 'node:os';
import { compare, evaluateRetriever, readGoldenSet, writeRun, type ScoredDocument } from 'rankeval';
import { optimizeFusion, type FusionSetting } from 'rankeval/fusion';
import { LATENCY_HEADER, latencyCells } from './latency-columns.js';
import { DEPTH, retrievers } from './retrievers.js';

const measures = ['ndcg@10', 'recall@5', 'mrr@10', 'P@3'];
const goldenPath = new URL('./golden.jsonl', import.meta.url);
const golden = await readGoldenSet(createReadStream(goldenPath), { file: 'examples/rag/golden.jsonl' });
mkdirSync(new URL('./runs/', import.meta.url), { recursive: true });

const header = ['retriever', 'scope', 'queries', ...measures, ...LATENCY_HEADER];
const rows: string[][] = [];
// Each retriever's rankings, for tuning a fusion of them at the end.
const ranked = new Map<string, Map<string, ScoredDocument[]>>();
const row = (name: string, scope: string, queries: number, means: Record<string, number>, latency: string[]) =>
  rows.push([name, scope, String(queries), ...measures.map((m) => means[m]!.toFixed(4)), ...latency]);
let concurrency = 0;

for (const [name, search] of Object.entries(retrievers)) {
  // The retriever as the application calls it; the golden set's tags become the slices.
  const result = await evaluateRetriever((question) => search(question, DEPTH), golden, { measures, timeoutMs: 5_000 });
  for (const { queryId, message } of result.failures) console.error(`${name}: ${queryId} failed: ${message}`);
  row(name, 'all', result.queries, result.mean, latencyCells(result.latency));
  for (const [tag, slice] of Object.entries(result.bySlice)) row(name, `tag ${tag}`, slice.queries, slice.mean, latencyCells(result.latency, tag));
  concurrency = result.latency.concurrency;
  // Scores to six decimals keep the committed runs short; no latency in them, so that running the example
  // again changes no committed file (pass `latency: result.latency.perQuery` to keep it: the report shows it).
  ranked.set(name, result.run as Map<string, ScoredDocument[]>);
  const rounded = new Map([...result.run].map(([qid, hits]) => [qid, (hits as ScoredDocument[]).map(({ id, score }) => ({ id, score: Number(score.toFixed(6)) }))]));
  writeFileSync(new URL(`./runs/${name}.jsonl`, import.meta.url), writeRun(rounded, { format: 'jsonl' }));
}

const widths = header.map((_, i) => Math.max(...[header, ...rows].map((cells) => cells[i]!.length)));
const line = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
console.log(`${golden.qrels.size} questions · ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'} · ${platform()} ${arch()} · Node ${process.versions.node}\n`);
console.log(line(header));
for (const cells of rows) console.log(line(cells));
console.log(`\nms: each call's time at concurrency ${concurrency}; own: less what it waited while the other calls in flight ran`);
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

// Tuning the fusion's weights on the golden set, and what the tuning is worth on questions it did not see:
// optimizeFusion tries every weighting of the three runs (multiples of 0.1 summing to 1, after min-max) on
// four fifths of the questions and scores the best on the fifth, five times over; the in-sample figure
// beside it is what tuning on all 24 questions and reporting on them gives.
const measure = 'ndcg@10';
const tuned = optimizeFusion({ keyword: ranked.get('keyword')!, bm25: ranked.get('bm25')!, trigram: ranked.get('trigram')! }, golden.qrels, {
  method: 'wsum',
  norm: 'min-max',
  measure,
  folds: 5,
  seed: 42,
});
for (const warning of tuned.warnings) console.error(`optimizeFusion: warning: ${warning}`);
const weightsOf = (setting: FusionSetting) => ('weights' in setting ? setting.weights.map((weight) => weight.toFixed(1)) : []);
const foldRows = [['fold', 'held-out questions', ...tuned.runNames, `${measure} training`, `${measure} held out`]];
tuned.byFold.forEach((fold, i) => foldRows.push([String(i + 1), fold.queries.join(' '), ...weightsOf(fold.chosen), fold.training.toFixed(4), fold.heldOut.toFixed(4)]));
const foldWidths = foldRows[0]!.map((_, i) => Math.max(...foldRows.map((cells) => cells[i]!.length)));
console.log(`\nwsum of ${tuned.runNames.join(', ')} after min-max, weights tuned for ${measure} by optimizeFusion: each fold's weights chosen on the other ${tuned.byFold.length - 1} folds\n`);
for (const cells of foldRows) console.log(cells.map((cell, i) => (i === 1 ? cell.padEnd(foldWidths[i]!) : cell.padStart(foldWidths[i]!))).join('  '));
const best = weightsOf(tuned.best);
console.log(`\nin sample:       ${tuned.inSample.toFixed(4)}  (weights ${tuned.runNames.map((name, i) => `${name} ${best[i]}`).join(', ')}, chosen and scored on all ${tuned.queries} questions)`);
console.log(`cross-validated: ${tuned.crossValidated!.toFixed(4)}  (each question scored with the weights chosen without it)`);
// The fused run of held-out scores against the best single run, with a paired test.
const comparison = compare(tuned.comparable, golden.qrels, { measures: [measure], test: 'randomization' });
const fused = comparison.rows.find((row) => row.run !== tuned.bestSingleRun)!;
const signed = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(4)}`;
console.log(`${`${tuned.bestSingleRun} alone:`.padEnd(16)} ${tuned.singleRuns[tuned.bestSingleRun]!.toFixed(4)}  (the best single run, also chosen on all ${tuned.queries} questions)`);
console.log(`\ncross-validated fusion against ${tuned.bestSingleRun}: Δ ${signed(fused.delta!)}, won/tied/lost ${fused.wins}/${fused.ties}/${fused.losses}, randomization test p = ${fused.pValue!.toFixed(4)}`);
