// Tool search: an agent must pick the right tool among hundreds; the retriever offers the top k tool
// descriptions to the model, so what matters is recall@k — is the right tool among those offered?
//   npm run example:tools
import { readFileSync } from 'node:fs';
import { evaluateRun, explainRanking, parseGoldenSet } from 'rankeval';
import { createBm25Retriever } from '../shared/search.js';
import { toolDocuments, tools } from './tools.js';

const golden = parseGoldenSet(readFileSync(new URL('./golden.jsonl', import.meta.url)), { file: 'examples/tool-search/golden.jsonl' });
const search = createBm25Retriever(toolDocuments);
const run = new Map([...golden.questions].map(([qid, question]) => [qid, search(question, 20)]));

const measures = ['recall@1', 'recall@3', 'recall@5', 'recall@10', 'mrr@10'];
const result = evaluateRun(run, golden.qrels, { measures, slices: golden.tags });
console.log(`${tools.length} tools, ${result.queries} requests\n`);
const row = (label: string, means: Record<string, number>, queries: number) =>
  console.log(`${label.padEnd(16)} ${String(queries).padStart(3)}  ${measures.map((m) => `${m} ${means[m]!.toFixed(3)}`).join('  ')}`);
row('all', result.mean, result.queries);
for (const [tag, slice] of Object.entries(result.bySlice)) row(`tag ${tag}`, slice.mean, slice.queries);

// The requests whose tool would not be offered with k = 5, and where it went.
console.log('\nnot in the top 5:');
for (const [qid, question] of golden.questions) {
  const { missed } = explainRanking(run.get(qid)!, golden.qrels.get(qid)!, { depth: 5 });
  if (missed.length === golden.qrels.get(qid)!.size) {
    const where = missed.map(({ id, rank }) => `${id} ${rank === null ? 'not in the top 20' : `at rank ${rank}`}`).join(', ');
    console.log(`  ${qid} "${question}": ${where}; offered instead: ${run.get(qid)!.slice(0, 2).map((hit) => hit.id).join(', ')}`);
  }
}
