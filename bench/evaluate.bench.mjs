// `npm run bench`: operations and ranked documents per second for evaluate() and evaluateRun() on the
// built package. Data come from a fixed seed (bench/data.mjs) and every case runs a fixed number of
// iterations, so a run measures the same work and ends in about the same time (well under a minute here).
import { averagePrecision, evaluate, evaluateRun, ndcgAtK, recallAtK, reciprocalRank } from '../dist/index.js';
import { msMarcoLikeRun, singleQuery } from './data.mjs';

const small = singleQuery({ length: 10, judged: 5 });
const large = singleQuery({ length: 1000, judged: 100 });
const msMarco = msMarcoLikeRun();
const rankedInRun = [...msMarco.run.values()].reduce((total, ranking) => total + ranking.length, 0);
const measures = ['ndcg@10', 'mrr@10', 'recall@1000', 'map'];

// Iterations chosen so that each case's timed loop takes about 1–3 s on this project's 2-core machine; the
// untimed warm-up lets the JIT compile first.
const cases = [
  { name: 'evaluate, 10 documents, k = 10', docs: 10, warmup: 50_000, iterations: 1_000_000, run: () => evaluate(small.ranking, small.qrels, 10) },
  {
    name: 'evaluate, 1000 documents, 100 judged, k = 1000',
    docs: 1000,
    warmup: 2_000,
    iterations: 40_000,
    run: () => evaluate(large.ranking, large.qrels, 1000),
  },
  {
    name: `evaluateRun, ${msMarco.run.size} queries × 1000 (MS MARCO dev size), ${measures.join(' ')}`,
    docs: rankedInRun,
    warmup: 1,
    iterations: 10,
    run: () => evaluateRun(msMarco.run, msMarco.qrels, { measures }),
  },
  {
    // For comparison: the same four numbers from four separate calls per query, each its own pass.
    name: 'same run, one metric function call per measure and query',
    docs: rankedInRun,
    warmup: 1,
    iterations: 4,
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
