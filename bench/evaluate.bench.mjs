// `npm run bench` (its second half): operations and ranked documents per second for evaluate() and evaluateRun() on the
// built package. Data come from a fixed seed (bench/data.mjs) and every case runs a fixed number of
// iterations, so a run measures the same work and ends in about the same time (~15 s here, when idle).
import { fuse, optimizeFusion } from '../dist/fusion.js';
import { averagePrecision, evaluate, evaluateRun, ndcgAtK, recallAtK, reciprocalRank } from '../dist/index.js';
import { hybridRuns, msMarcoLikeRun, singleQuery } from './data.mjs';

const small = singleQuery({ length: 10, judged: 5 });
const large = singleQuery({ length: 1000, judged: 100 });
const msMarco = msMarcoLikeRun();
const rankedInRun = [...msMarco.run.values()].reduce((total, ranking) => total + ranking.length, 0);
const measures = ['ndcg@10', 'mrr@10', 'recall@1000', 'map'];

// Iterations chosen so that each case's timed loop takes about half a second on this project's 2-core machine; the
// untimed warm-up lets the JIT compile first.
const cases = [
  { name: 'evaluate, 10 documents, k = 10', docs: 10, warmup: 50_000, iterations: 300_000, run: () => evaluate(small.ranking, small.qrels, 10) },
  {
    name: 'evaluate, 1000 documents, 100 judged, k = 1000',
    docs: 1000,
    warmup: 2_000,
    iterations: 10_000,
    run: () => evaluate(large.ranking, large.qrels, 1000),
  },
  {
    name: `evaluateRun, ${msMarco.run.size} queries × 1000 (MS MARCO dev size), ${measures.join(' ')}`,
    docs: rankedInRun,
    warmup: 1,
    iterations: 3,
    run: () => evaluateRun(msMarco.run, msMarco.qrels, { measures }),
  },
  {
    // For comparison: the same four numbers from four separate calls per query, each its own pass.
    name: 'same run, one metric function call per measure and query',
    docs: rankedInRun,
    warmup: 1,
    iterations: 2,
    run: () => {
      for (const [qid, judged] of msMarco.qrels) {
        const ranking = msMarco.run.get(qid) ?? [];
        ndcgAtK(ranking, judged, 10);
        reciprocalRank(ranking, judged, 10);
        recallAtK(ranking, judged, 1000);
        averagePrecision(ranking, judged);
      }
    },
  },
];

const format = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(1));
console.log(`node ${process.version}, one core, ${msMarco.run.size} × 1000 run from a fixed seed\n`);
console.log(['case'.padEnd(86), 'iterations'.padStart(11), 'ops/s'.padStart(10), 'ranked docs/s'.padStart(15), 'mean'.padStart(12)].join(''));
// Results are kept so that no call can be optimised away.
const sink = [];
for (const { name, docs, warmup, iterations, run } of cases) {
  for (let i = 0; i < warmup; i++) sink.push(run());
  sink.length = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink[i & 1023] = run();
  const period = Number(process.hrtime.bigint() - start) / 1e6 / iterations; // ms per operation
  const opsPerSecond = 1000 / period;
  const meanTime = period >= 1 ? `${period.toFixed(1)} ms` : `${(period * 1000).toFixed(2)} µs`;
  console.log(
    [name.padEnd(86), String(iterations).padStart(11), format(opsPerSecond).padStart(10), format(opsPerSecond * docs).padStart(15), meanTime.padStart(12)].join(''),
  );
}

// The per-document cost of evaluateRun should not grow with the ranking's length: every id is indexed once
// (src/core/id-index.ts), so 100 queries × 100,000 documents should cost no more per document than
// 100 × 1,000. Each side is timed over a fixed number of calls, alternating, and the best call of each kept.
sink.length = 0;
console.log('\nevaluateRun per document: 100 × 1,000 vs 100 × 100,000');
const perDocumentCases = [1_000, 100_000].map((depth) => {
  const { run, qrels } = msMarcoLikeRun({ queries: 100, depth, seed: 20240602 });
  return { depth, documents: 100 * depth, calls: depth === 1_000 ? 100 : 1, run: () => evaluateRun(run, qrels, { measures }), best: Infinity };
});
for (let round = 0; round < 4; round++) {
  for (const side of perDocumentCases) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < side.calls; i++) sink[i & 1023] = side.run();
    const nsPerDocument = Number(process.hrtime.bigint() - start) / side.calls / side.documents;
    // The first round is the JIT's warm-up.
    if (round > 0) side.best = Math.min(side.best, nsPerDocument);
  }
}
const [shallow, deep] = perDocumentCases;
console.log(`  100 × ${shallow.depth.toLocaleString('en')}: ${shallow.best.toFixed(1)} ns/document (best of 3 × ${shallow.calls} calls)`);
console.log(`  100 × ${deep.depth.toLocaleString('en')}: ${deep.best.toFixed(1)} ns/document (best of 3 calls)`);
console.log(`  ratio 100,000 / 1,000: ${(deep.best / shallow.best).toFixed(2)}`);

// Fusion: fuse() of three runs (timed after one warm-up call), and optimizeFusion's searches, timed once
// each (each setting is one fuse and evaluateRun of the golden set, which warms itself up; cross-validation
// reuses each query's score).
const hybrid = hybridRuns();
const fusedDocuments = [...hybrid.runs.bm25.values()].length * 3 * 100;
console.log(`\nfusion: 3 runs × ${hybrid.qrels.size} queries × 100 documents (BM25-like, cosine-like, weak), 20 judged per query`);
const fusionCases = [
  ['fuse, rrf (k = 60)', () => fuse(hybrid.runs, { method: 'rrf' })],
  ['fuse, wsum after min-max', () => fuse(hybrid.runs, { method: 'wsum', norm: 'min-max', weights: [0.5, 0.3, 0.2] })],
  ['optimizeFusion, wsum after min-max, ndcg@10, 66 weight vectors, 5 folds', () => optimizeFusion(hybrid.runs, hybrid.qrels, { method: 'wsum', norm: 'min-max', measure: 'ndcg@10' })],
  ['optimizeFusion, rrf, ndcg@10, k = 10 … 100, 5 folds', () => optimizeFusion(hybrid.runs, hybrid.qrels, { method: 'rrf', measure: 'ndcg@10' })],
];
for (const [name, run] of fusionCases) {
  if (name.startsWith('fuse')) sink[0] = run();
  const start = process.hrtime.bigint();
  sink[1] = run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const rate = name.startsWith('fuse') ? `  (${format((fusedDocuments / ms) * 1000)} run documents/s)` : '';
  console.log(`  ${name.padEnd(76)} ${ms.toFixed(0).padStart(6)} ms${rate}`);
}
