import { evaluateRun } from '../dist/index.js';
import { msMarcoLikeRun } from './data.mjs';
const { run, qrels } = msMarcoLikeRun();
const measures = ['ndcg@10', 'mrr@10', 'recall@1000', 'map'];
for (let i = 0; i < 8; i++) {
  const t = performance.now();
  const r = evaluateRun(run, qrels, { measures });
  const ms = performance.now() - t;
  console.log(ms.toFixed(1), 'ms', (6980000 / ms / 1000).toFixed(1), 'M docs/s', JSON.stringify(r.mean));
}
