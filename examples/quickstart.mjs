// The quick start of README.md: score one ranking, then a small run of three queries.
import { evaluate, evaluateRun } from 'rankeval';

// One query: T is highly relevant (2), G and F relevant (1); F was never retrieved.
const qrels = { T: 2, G: 1, F: 1 };
const scores = evaluate(['G', 'x', 'T', 'y', 'z'], qrels, 5);
console.log('P@5 %s  R@5 %s  RR %s  NDCG@5 %s  AP %s', ...[scores.precision, scores.recall, scores.reciprocalRank, scores.ndcg, scores.averagePrecision].map((v) => v.toFixed(4)));
console.log('reranked NDCG@5 %s', evaluate(['T', 'G', 'x', 'y', 'z'], qrels, 5).ndcg.toFixed(4));

// A run: query id → ranking, judged by query id → qrels. q3 is judged but was not answered: it scores 0.
const run = { q1: ['d1', 'd7', 'd3'], q2: ['d9', 'd4'] };
const golden = { q1: { d1: 2, d3: 1 }, q2: ['d4'], q3: ['d5'] };
const result = evaluateRun(run, golden, { measures: ['ndcg@10', 'recall@5', 'mrr@10'] });
// One line per query, the mean first (the records have no prototype, so any query id is a plain key).
const line = (name, scores) => [name.padEnd(5), ...Object.entries(scores).map(([measure, value]) => `${measure} ${value.toFixed(4)}`)].join('  ');
console.log(line('mean', result.mean));
for (const [qid, scores] of Object.entries(result.perQuery)) console.log(line(qid, scores));
