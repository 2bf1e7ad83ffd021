// The RAG example's report: keyword baseline against BM25 (written by make-report.ts, checked by rag.test.ts).
import { readFileSync } from 'node:fs';
import { parseGoldenSet, parseRun } from 'rankeval';
import { renderReport } from 'rankeval/report';

const here = (path: string) => new URL(path, import.meta.url);
const golden = parseGoldenSet(readFileSync(here('./golden.jsonl')), { file: 'golden.jsonl' });
const runs = new Map(['keyword', 'bm25'].map((name) => [name, parseRun(readFileSync(here(`./runs/${name}.jsonl`))).rankings]));

export const renderExampleReport = (): Promise<string> =>
  renderReport(
    { qrels: golden.qrels, slices: golden.tags, questions: golden.questions, runs },
    {
      measures: ['ndcg@10', 'recall@5', 'mrr@10'],
      title: 'RAG example: keyword baseline against BM25',
      subtitle: ['36 chunks of an e-bike manual, 24 tagged questions (examples/rag)'],
      losses: 5,
    },
  );

