// `npm run bench` (its last part): the agreement statistics beside the fastest peer at the sizes. The
// peers' figures are quoted from a side-by-side run on this project's 2-core machine (in-process, median of
// 3; docs/speed.md), since a bench needs no Python; rankeval's are measured here, median of 3 after a warm-up.
import { rbo } from '../dist/index.js';

/** A seeded permutation of n ids (a linear congruential generator: the same lists every run). */
function permutation(n, seed) {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const ids = Array.from({ length: n }, (_, i) => `d${i}`);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids;
}

const rankingA = permutation(100_000, 1);
const rankingB = permutation(100_000, 2);

const rows = [
  {
    name: 'rbo (ext, min, max; p = 0.9)',
    size: '2 × 100,000',
    run: () => rbo(rankingA, rankingB),
    peer: { name: 'changyaochen/rbo rbo_ext (pure Python), O(n)', ms: 160 },
  },
];

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const sink = [];
console.log(`\nagreement statistics (node ${process.version}; peers quoted, rankeval measured: median of 3)`);
console.log(['function'.padEnd(34), 'size'.padEnd(14), 'rankeval'.padStart(10), '  peer'].join(''));
for (const { name, size, run, peer } of rows) {
  sink[0] = run();
  const times = [];
  for (let i = 0; i < 3; i++) {
    const start = process.hrtime.bigint();
    sink[i + 1] = run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const ms = median(times);
  console.log([name.padEnd(34), size.padEnd(14), `${ms.toFixed(0)} ms`.padStart(10), `  ${peer.name}: ${peer.ms} ms (ratio ${(ms / peer.ms).toFixed(2)})`].join(''));
}
