// `npm run bench:prefs` (and the last part of `npm run bench`): `rankeval trec -R prefs -m all_prefs` on one
// query with PREFS_JUDGED judged documents (default 20,000) in one judgment group, the files written once from
// a fixed seed to the system's temporary folder (bench/data.mjs, preferenceFiles). Wall time, CPU and peak
// RSS from /usr/bin/time. With TREC_EVAL=/path/to/trec_eval it times that binary on the same files too and
// checks that the outputs are identical (trec_eval keeps an n × n table of pair counts: 5 GB at 50,000).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preferenceFiles } from './data.mjs';

const judged = Number(process.env.PREFS_JUDGED ?? 20_000);
if (!Number.isInteger(judged) || judged < 2) throw new Error(`PREFS_JUDGED must be a whole number ≥ 2, not ${process.env.PREFS_JUDGED}`);
const cli = join(import.meta.dirname, '../dist/cli.js');
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
const hook = join(import.meta.dirname, 'rss-hook.mjs');
const files = preferenceFiles(tmpdir(), { judged });
console.log(`\npreferences: 1 query, ${judged} judged documents in one judgment group${files.seconds === null ? '' : ` (files written in ${files.seconds.toFixed(1)} s)`}`);

const rows = [measure(`rankeval trec -R prefs -m all_prefs`, [process.execPath, cli])];
if (process.env.TREC_EVAL) rows.push(measure('trec_eval -R prefs -m all_prefs', [process.env.TREC_EVAL]));
for (const { name, wall, cpu, rssKib } of rows) {
  console.log(`${name.padEnd(40)} ${`${wall.toFixed(2)} s`.padStart(9)} ${cpu === null ? '' : `CPU ${cpu.toFixed(2)} s`.padStart(13)} ${`${(rssKib / 1024).toFixed(0)} MiB`.padStart(10)}`);
}
if (rows.length === 2) {
  const [ours, theirs] = rows;
  const same = ours.output === theirs.output;
  console.log(`rankeval / trec_eval: wall ${(ours.wall / theirs.wall).toFixed(2)}×, peak RSS ${(ours.rssKib / theirs.rssKib).toFixed(2)}×; ${same ? 'identical output' : 'OUTPUT DIFFERS'}`);
  if (!same) process.exitCode = 1;
}

/** Runs `argv` on the files; wall time from here, CPU and peak RSS from /usr/bin/time (or the RSS hook for node). */
function measure(name, argv) {
  const [command, ...rest] = argv;
  const args = [...rest, ...(command === process.execPath ? ['trec'] : []), '-R', 'prefs', '-m', 'all_prefs', files.prefs, files.run];
  const timed = existsSync('/usr/bin/time');
  const [binary, spawnArgs] = timed ? ['/usr/bin/time', ['-f', 'rankeval-bench %U %S %M', command, ...args]] : [command, command === process.execPath ? ['--import', hook, ...args] : args];
  const start = performance.now();
  const result = spawnSync(binary, spawnArgs, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`${name} failed (${result.error ?? `exit ${result.status}`}): ${result.stderr}`);
  const usage = /rankeval-bench ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(result.stderr);
  const hooked = /rankeval-bench-maxrss-kib (\d+)/.exec(result.stderr);
  return { name, wall, cpu: usage ? Number(usage[1]) + Number(usage[2]) : null, rssKib: usage ? Number(usage[3]) : Number(hooked?.[1] ?? Number.NaN), output: result.stdout };
}
