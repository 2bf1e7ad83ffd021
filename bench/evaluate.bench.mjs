// `npm run bench`: operations and ranked documents per second for evaluate() and evaluateRun() on the
// built package. Data come from a fixed seed (bench/data.mjs), so runs measure the same work.
import { Bench } from 'tinybench';
import { averagePrecision, evaluate, evaluateRun, ndcgAtK, recallAtK, reciprocalRank } from '../dist/index.js';
import { msMarcoLikeRun, singleQuery } from './data.mjs';

const small = singleQuery({ length: 10, judged: 5 });
const large = singleQuery({ length: 1000, judged: 100 });
const msMarco = msMarcoLikeRun();
const rankedInRun = [...msMarco.run.values()].reduce((total, ranking) => total + ranking.length, 0);
const measures = ['ndcg@10', 'mrr@10', 'recall@1000', 'map'];

const cases = [
  { name: 'evaluate, 10 documents, k = 10', docs: 10, run: () => evaluate(small.ranking, small.qrels, 10) },
  { name: 'evaluate, 1000 documents, 100 judged, k = 1000', docs: 1000, run: () => evaluate(large.ranking, large.qrels, 1000) },
  {
    name: `evaluateRun, ${msMarco.run.size} queries × 1000 (MS MARCO dev size), ${measures.join(' ')}`,
    docs: rankedInRun,
    run: () => evaluateRun(msMarco.run, msMarco.qrels, { measures }),
  },
  {
    // For comparison: the same four numbers from four separate calls per query, each its own pass.
    name: 'same run, one metric function call per measure and query',
    docs: rankedInRun,
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

const bench = new Bench({ time: 2000, warmupTime: 500 });
for (const { name, run } of cases) bench.add(name, run);
await bench.run();

const format = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(1));
console.log(`node ${process.version}, one core, ${msMarco.run.size} × 1000 run from a fixed seed\n`);
console.log(['case'.padEnd(86), 'ops/s'.padStart(10), 'ranked docs/s'.padStart(15), 'mean'.padStart(12)].join(''));
for (const [i, task] of bench.tasks.entries()) {
  const period = task.result?.period;
  if (period === undefined) throw new Error(`benchmark "${task.name}" did not run`);
  const opsPerSecond = 1000 / period;
  const meanTime = period >= 1 ? `${period.toFixed(1)} ms` : `${(period * 1000).toFixed(2)} µs`;
  console.log([task.name.padEnd(86), format(opsPerSecond).padStart(10), format(opsPerSecond * cases[i].docs).padStart(15), meanTime.padStart(12)].join(''));
}
