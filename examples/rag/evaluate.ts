// Evaluates the RAG example's two retrievers on its golden set, overall and per tag, and writes their
// runs (examples/rag/runs/*.jsonl) for `rankeval eval` and `rankeval compare`.
//   npm run example:rag
import { createReadStream, mkdirSync, writeFileSync } from 'node:fs';
import { evaluateRun, readGoldenSet } from 'rankeval';
import { DEPTH, retrievers } from './retrievers.js';

const measures = ['ndcg@10', 'recall@5', 'mrr@10', 'P@3'];
const goldenPath = new URL('./golden.jsonl', import.meta.url);
const golden = await readGoldenSet(createReadStream(goldenPath), { file: 'examples/rag/golden.jsonl' });
mkdirSync(new URL('./runs/', import.meta.url), { recursive: true });

for (const [name, retrieve] of Object.entries(retrievers)) {
  const run = new Map([...golden.questions].map(([qid, question]) => [qid, retrieve(question, DEPTH)]));
  const result = evaluateRun(run, golden.qrels, { measures, slices: golden.tags });
  console.log(`\n${name} (${result.queries} questions)`);
  const row = (label: string, means: Record<string, number>, queries: number) =>
    console.log(`  ${label.padEnd(20)} ${String(queries).padStart(3)}  ${measures.map((m) => `${m} ${means[m]!.toFixed(4)}`).join('  ')}`);
  row('all', result.mean, result.queries);
  for (const [tag, slice] of Object.entries(result.bySlice)) row(`tag ${tag}`, slice.mean, slice.queries);
  const lines = [...run].map(([qid, hits]) => JSON.stringify({ query_id: qid, results: hits.map(({ id, score }) => ({ id, score: Number(score.toFixed(6)) })) }));
  writeFileSync(new URL(`./runs/${name}.jsonl`, import.meta.url), `${lines.join('\n')}\n`);
}
console.log('\nruns written to examples/rag/runs/; try: npx rankeval eval examples/rag/golden.jsonl examples/rag/runs/bm25.jsonl --by-tag');
