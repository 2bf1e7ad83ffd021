// `npm run bench:trec`: wall time and peak memory of `rankeval trec` on an MS MARCO-dev-like run (6980
// queries × 1000 documents, ~1 relevant per query, ~256 MB), written once from a fixed seed to the system's
// temporary folder (bench/data.mjs). With TREC_EVAL=/path/to/trec_eval it times that binary on the same
// files too.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MS_MARCO_FILES, msMarcoLikeFiles } from './data.mjs';

const { queries: QUERIES, depth: DEPTH } = MS_MARCO_FILES;
const cli = join(import.meta.dirname, '../dist/cli.js');
const hook = join(import.meta.dirname, 'rss-hook.mjs');

const { run: runPath, qrels: qrelsPath, seconds: writing } = msMarcoLikeFiles(tmpdir());
if (writing !== null) console.log(`wrote the benchmark files to ${tmpdir()} in ${writing.toFixed(1)} s`);
console.log(`run: ${(statSync(runPath).size / 2 ** 20).toFixed(0)} MiB, ${QUERIES} queries × ${DEPTH} documents; node ${process.version}\n`);

function measure(label, command, args) {
  const timed = existsSync('/usr/bin/time') && command !== process.execPath;
  const start = performance.now();
  const result = timed
    ? spawnSync('/usr/bin/time', ['-f', 'rankeval-bench-maxrss-kib %M', command, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 })
    : spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`${label} failed (${result.status}): ${result.stderr}`);
  const rss = /rankeval-bench-maxrss-kib (\d+)/.exec(result.stderr ?? '');
  const memory = rss ? `${(Number(rss[1]) / 1024).toFixed(0)} MiB` : 'n/a';
  console.log(`${label.padEnd(72)} ${`${seconds.toFixed(2)} s`.padStart(9)} ${memory.padStart(9)}`);
  return { seconds, output: result.stdout };
}

const measureSets = [
  ['-m all_trec', ['-m', 'all_trec']],
  ['-m ndcg_cut.10 -m recip_rank -m recall.1000 -m map', ['-m', 'ndcg_cut.10', '-m', 'recip_rank', '-m', 'recall.1000', '-m', 'map']],
];
console.log(`${'command'.padEnd(72)} ${'wall'.padStart(9)} ${'peak RSS'.padStart(9)}`);
for (const [label, flags] of measureSets) {
  const ours = measure(`rankeval trec ${label}`, process.execPath, ['--import', hook, cli, 'trec', ...flags, qrelsPath, runPath]);
  if (process.env.TREC_EVAL) {
    const reference = measure(`trec_eval ${label}`, process.env.TREC_EVAL, [...flags, qrelsPath, runPath]);
    const same = reference.output === ours.output ? 'identical output' : 'OUTPUT DIFFERS';
    console.log(`${''.padEnd(72)} ${`${(reference.seconds / ours.seconds).toFixed(1)}× faster, ${same}`}`);
  }
}
