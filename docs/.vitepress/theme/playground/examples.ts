// The examples the playground loads with one click: the quick start's run of three queries (README and
// examples/quickstart.mjs) written as files, and two runs of the bundled RAG example set side by side.
/// <reference types="vite/client" />
import ragGolden from '../../../../examples/rag/golden.jsonl?raw';
import ragKeyword from '../../../../examples/rag/runs/keyword.jsonl?raw';
import ragBm25 from '../../../../examples/rag/runs/bm25.jsonl?raw';
import type { Source } from './score.js';

export interface Example {
  readonly golden: Source;
  readonly runs: readonly Source[];
  readonly measures: string;
}

/**
 * The quick start's `evaluateRun` call: the run `{q1: [d1, d7, d3], q2: [d9, d4]}` as a TREC run (scores
 * falling down each ranking), the golden set `{q1: {d1: 2, d3: 1}, q2: [d4], q3: [d5]}` as JSONL.
 */
export const QUICK_START: Example = {
  golden: {
    name: 'golden.jsonl',
    content: ['{"query_id": "q1", "relevant": {"d1": 2, "d3": 1}}', '{"query_id": "q2", "relevant": ["d4"]}', '{"query_id": "q3", "relevant": ["d5"]}', ''].join('\n'),
  },
  runs: [{ name: 'quickstart', content: ['q1 Q0 d1 1 3 quickstart', 'q1 Q0 d7 2 2 quickstart', 'q1 Q0 d3 3 1 quickstart', 'q2 Q0 d9 1 2 quickstart', 'q2 Q0 d4 2 1 quickstart', ''].join('\n') }],
  measures: 'ndcg@10, recall@5, mrr@10',
};

/** examples/rag: a keyword retriever and BM25 over the same chunks, for the 24 questions of its golden set (with tags). */
export const RAG: Example = {
  golden: { name: 'golden.jsonl', content: ragGolden },
  runs: [
    { name: 'keyword', content: ragKeyword },
    { name: 'bm25', content: ragBm25 },
  ],
  measures: 'ndcg@10, recall@5, mrr@10',
};
