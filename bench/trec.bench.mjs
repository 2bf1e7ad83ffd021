// `npm run bench:trec`: wall time and peak memory of `rankeval trec` on an MS MARCO-dev-like run (6980
// queries × 1000 documents, ~1 relevant per query, ~256 MB), written once from a fixed seed to the system's
// temporary folder. With TREC_EVAL=/path/to/trec_eval it times that binary on the same files too.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from './data.mjs';

const QUERIES = 6980;
const DEPTH = 1000;
const SEED = 20240601;
const dir = tmpdir();
const runPath = join(dir, `rankeval-bench-${SEED}.run`);
const qrelsPath = join(dir, `rankeval-bench-${SEED}.qrels`);
const cli = join(import.meta.dirname, '../dist/cli.js');
const hook = join(import.meta.dirname, 'rss-hook.mjs');

function writeFiles() {
  const random = seededRandom(SEED);
  const run = openSync(`${runPath}.part`, 'w');
  const qrels = openSync(`${qrelsPath}.part`, 'w');
  let buffer = '';
  for (let q = 0; q < QUERIES; q++) {
    const qid = 1_000_000 + q * 37;
    const used = new Set();
    let score = 25 + random() * 10;
    for (let rank = 1; rank <= DEPTH; rank++) {
      let doc;
      do doc = Math.floor(random() * 8_841_823);
      while (used.has(doc));
      used.add(doc);
      score -= random() * 0.02; // descending, as systems write runs; some near-ties
      buffer += `${qid} Q0 ${doc} ${rank} ${score.toFixed(4)} bm25-rm3\n`;
    }
    // ~1.07 relevant passages per query; found in the run 85 % of the time, mostly near the top.
    const relevant = random() < 0.07 ? 2 : 1;
    const docs = [...used];
    let judged = '';
    for (let r = 0; r < relevant; r++) {
      const found = random() < 0.85;
      const doc = found ? docs[Math.min(DEPTH - 1, Math.floor(Math.exp(random() * Math.log(DEPTH)) - 1))] : 9_000_000 + q * 2 + r;
      if (!judged.includes(` ${doc} `)) judged += `${qid} 0 ${doc} 1\n`;
    }
    writeSync(qrels, judged);
    if (buffer.length > 1 << 22) {
      writeSync(run, buffer);
      buffer = '';
    }
  }
  writeSync(run, buffer);
  closeSync(run);
  closeSync(qrels);
  renameSync(`${runPath}.part`, runPath);
  renameSync(`${qrelsPath}.part`, qrelsPath);
}

if (!existsSync(runPath) || !existsSync(qrelsPath)) {
  process.stdout.write(`writing ${runPath} … `);
  const start = performance.now();
  writeFiles();
  console.log(`${((performance.now() - start) / 1000).toFixed(1)} s`);
}
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
