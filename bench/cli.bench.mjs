// `npm run bench:cli` (and the first half of `npm run bench`): the command-line speed targets, side by
// side, measured on the built CLI (dist/cli.js, so run `npm run build` first) as it is when this runs.
//
// Data: bench/data.mjs's MS MARCO-dev-like files in the system's temporary folder — a run of 6980 queries ×
// 1000 passages (~265 MB), its qrels, and a second run of the same queries (the first one perturbed) for
// compare and report. They are written on the first run (the time it took is printed) and kept.
//
// Commands, each a child process under /usr/bin/time (wall, user + system CPU, peak RSS):
//   rankeval trec  -m ndcg_cut.10 -m recip_rank -m recall.1000 -m map QRELS RUN   the reference
//   rankeval eval  -m ndcg@10,mrr@10,recall@1000,map QRELS RUN
//   rankeval compare QRELS RUN RUN2 (same measures, paired t-test: the default)
//   rankeval report  QRELS RUN RUN2 (same measures) -o FILE, and the size of FILE
//   rankeval trec -m all_trec QRELS RUN, and trec_eval -m all_trec QRELS RUN when TREC_EVAL names a
//   trec_eval 9.0.8 binary (e.g. TREC_EVAL=/tmp/trec_eval_9.0.8/trec_eval); its row is skipped otherwise.
// The commands alternate in BENCH_ROUNDS rounds (default 2), so that a change in the machine's load falls on
// every command alike; every file is read once, untimed, beforehand, so that none of them pays the disk.
//
// Reading the table: wall and CPU are the least over the rounds (the run least disturbed by the other work
// of the machine; the "rounds" column lists every wall time), peak RSS the most. "ratio" is the wall time
// over `rankeval trec`'s on the four measures (for all_trec: over trec_eval's), then the same for CPU time
// (and the report's size, kB = 1000 bytes); "target" the ceilings set on the wall ratio, on peak
// RSS and on the HTML, "met" whether all of them hold in this run. Wall times on a shared machine vary: mind
// the load averages printed around the table, and the CPU ratio, which other processes inflate less.
//
// Below the table: a check that eval's means equal rankeval trec's (the timed commands computed the same
// thing), compare's wins, ties and losses of RUN2 on ndcg@10, and whether all_trec's output is trec_eval's.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MS_MARCO_FILES, msMarcoLikeFiles } from './data.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`BENCH_ROUNDS must be a whole number ≥ 1, not ${process.env.BENCH_ROUNDS}`);
const cli = join(import.meta.dirname, '../dist/cli.js');
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
const hook = join(import.meta.dirname, 'rss-hook.mjs');
const timeBinary = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const trecEval = process.env.TREC_EVAL || null;
// trec_eval -v prints "trec_eval version 9.0.8" on stderr.
const trecEvalVersion = trecEval ? versionOf(trecEval) : null;
const benchStart = performance.now();

const files = msMarcoLikeFiles(tmpdir());
const htmlPath = join(tmpdir(), `rankeval-bench-report-${process.pid}.html`);
const { queries, depth } = MS_MARCO_FILES;
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const [cpu] = cpus();
console.log(`machine: ${cpu?.model ?? 'unknown CPU'}, ${cpus().length} cores, load average ${formatLoad()}; node ${process.version}`);
console.log(
  files.seconds === null
    ? `files: in ${tmpdir()} already`
    : `files: written to ${tmpdir()} in ${files.seconds.toFixed(1)} s (kept for the next runs)`,
);
console.log(
  `run ${mib(statSync(files.run).size)}, second run ${mib(statSync(files.secondRun).size)}: ${queries} queries × ${depth} documents; ` +
    `${rounds} rounds${trecEval ? `; trec_eval: ${trecEval}` : '; TREC_EVAL unset: the trec_eval row is skipped'}`,
);
if (!timeBinary) console.log('/usr/bin/time is missing: CPU is not measured, peak RSS of rankeval only (bench/rss-hook.mjs)');
for (const path of [files.qrels, files.run, files.secondRun]) readWhole(path);

const fourMeasures = ['ndcg@10', 'mrr@10', 'recall@1000', 'map'].join(',');
const rankeval = (...args) => [process.execPath, cli, ...args];
const commands = [
  {
    name: 'rankeval trec (ndcg_cut.10 recip_rank recall.1000 map)',
    argv: rankeval('trec', '-m', 'ndcg_cut.10', '-m', 'recip_rank', '-m', 'recall.1000', '-m', 'map', files.qrels, files.run),
  },
  { name: 'rankeval eval (ndcg@10 mrr@10 recall@1000 map)', argv: rankeval('eval', '-m', fourMeasures, files.qrels, files.run), baseline: 0, wall: 1.1, rss: 160 },
  {
    name: 'rankeval compare RUN RUN2 (same measures, t-test)',
    argv: rankeval('compare', '-m', fourMeasures, files.qrels, files.run, files.secondRun),
    baseline: 0,
    wall: 2.3,
    rss: 200,
  },
  {
    name: 'rankeval report RUN RUN2 (same measures)',
    argv: rankeval('report', '-m', fourMeasures, '-o', htmlPath, files.qrels, files.run, files.secondRun),
    baseline: 0,
    wall: 2.8,
    rss: 250,
    html: 400_000,
  },
  // baseline 5: trec_eval, the next row; skipped with it when TREC_EVAL is unset.
  { name: 'rankeval trec -m all_trec', argv: rankeval('trec', '-m', 'all_trec', files.qrels, files.run), baseline: 5, wall: 0.2 },
  { name: `trec_eval${trecEvalVersion ? ` ${trecEvalVersion}` : ''} -m all_trec`, argv: trecEval ? [trecEval, '-m', 'all_trec', files.qrels, files.run] : null },
];

for (const command of commands) command.runs = [];
for (let round = 1; round <= rounds; round++) {
  for (const command of commands) {
    if (!command.argv) continue;
    const measured = measure(command.name, command.argv);
    if (command.html) {
      measured.htmlBytes = statSync(htmlPath).size;
      rmSync(htmlPath);
    }
    command.runs.push(measured);
    command.output = measured.output; // the same every round: the files do not change
  }
}
const allTrec = commands[4];
const trecEvalRow = commands[5];
const sameOutput = trecEvalRow.argv ? allTrec.output === trecEvalRow.output : null;

const least = (runs, key) => (runs.some((run) => run[key] === null) ? null : Math.min(...runs.map((run) => run[key])));
const most = (runs, key) => (runs.some((run) => run[key] === null) ? null : Math.max(...runs.map((run) => run[key])));
const rows = commands.map((command) => {
  if (!command.argv) return [`${command.name}: skipped, TREC_EVAL unset`, '', '', '', '', '', '', ''];
  const wall = least(command.runs, 'wall');
  const cpuSeconds = least(command.runs, 'cpu');
  const rssKib = most(command.runs, 'rssKib');
  const cells = [
    command.name,
    `${wall.toFixed(2)} s`,
    cpuSeconds === null ? 'n/a' : `${cpuSeconds.toFixed(2)} s`,
    rssKib === null ? 'n/a' : `${(rssKib / 1024).toFixed(0)} MiB`,
    command.runs.map((run) => run.wall.toFixed(2)).join(' '),
  ];
  const baseline = command.baseline === undefined ? null : commands[command.baseline];
  if (!baseline || !baseline.argv) return [...cells, baseline ? 'no trec_eval' : 'reference', '', ''];
  const ratio = wall / least(baseline.runs, 'wall');
  const baselineCpu = least(baseline.runs, 'cpu');
  // CPU's ratio beside wall's: on a loaded machine the wall times of one round can be twice another's.
  const cpuRatio = cpuSeconds === null || baselineCpu === null ? '' : `, CPU ${(cpuSeconds / baselineCpu).toFixed(2)}×`;
  const targets = [`≤ ${command.wall}×`];
  let met = ratio <= command.wall;
  if (command.rss) {
    targets.push(`≤ ${command.rss} MiB`);
    met &&= rssKib !== null && rssKib / 1024 <= command.rss;
  }
  let ratioCell = `${ratio.toFixed(2)}×${cpuRatio}`;
  if (command.html) {
    const htmlBytes = most(command.runs, 'htmlBytes');
    targets.push(`HTML ≤ ${command.html / 1000} kB`);
    met &&= htmlBytes <= command.html;
    ratioCell += `, HTML ${(htmlBytes / 1000).toFixed(0)} kB`;
  }
  return [...cells, ratioCell, targets.join(', '), met ? 'met' : 'MISSED'];
});

console.log();
printTable(['command', 'wall', 'CPU', 'peak RSS', 'rounds (wall, s)', 'ratio', 'target', 'met'], rows);
console.log();
console.log(agreement(commands[0].output, commands[1].output, commands[2].output));
if (sameOutput !== null) console.log(`rankeval trec -m all_trec and trec_eval: ${sameOutput ? 'identical output' : 'OUTPUT DIFFERS'}`);
console.log(`load average after: ${formatLoad()}; ${((performance.now() - benchStart) / 1000).toFixed(0)} s in all`);
if (sameOutput === false) process.exitCode = 1;

/** Runs one command; wall time from here, CPU (user + system) and peak RSS from /usr/bin/time. */
function measure(name, argv) {
  const [command, ...args] = argv;
  // Without /usr/bin/time, a node child reports its own peak RSS through the hook.
  const spawned = timeBinary
    ? [timeBinary, ['-f', 'rankeval-bench %U %S %M', command, ...args]]
    : command === process.execPath
      ? [command, ['--import', hook, ...args]]
      : [command, args];
  const start = performance.now();
  const result = spawnSync(spawned[0], spawned[1], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`${name} failed (${result.error ?? `exit ${result.status}`}): ${result.stderr}`);
  const timed = /rankeval-bench ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(result.stderr);
  const hooked = /rankeval-bench-maxrss-kib (\d+)/.exec(result.stderr);
  return {
    wall,
    cpu: timed ? Number(timed[1]) + Number(timed[2]) : null,
    rssKib: timed ? Number(timed[3]) : hooked ? Number(hooked[1]) : null,
    output: result.stdout,
  };
}

/**
 * Checks that the timed commands computed what they are meant to (eval's means of the three measures
 * that trec_eval also has equal `rankeval trec`'s) and shows that compare sees wins and losses; a line that
 * cannot be read (the table's layout changed) is said to be unchecked, not taken as a failure.
 */
function agreement(trecOutput, evalOutput, compareOutput) {
  const trec = Object.fromEntries([...trecOutput.matchAll(/^(\S+)\s+all\s+(\S+)$/gm)].map((m) => [m[1], m[2]]));
  const lines = evalOutput.split('\n');
  const header = lines.find((line) => line.includes('ndcg@10'))?.trim().split(/\s+/) ?? [];
  const all = lines.find((line) => /^all\s/.test(line))?.trim().split(/\s+/) ?? [];
  // The name column is empty on the "all" row: the measures are matched from the right.
  const evalMean = (measure) => {
    const fromRight = header.length - header.indexOf(measure);
    return header.includes(measure) ? all[all.length - fromRight] : undefined;
  };
  const pairs = [['ndcg@10', 'ndcg_cut_10'], ['recall@1000', 'recall_1000'], ['map', 'map']].map(([ours, theirs]) => [ours, evalMean(ours), trec[theirs]]);
  const evalCheck = pairs.some(([, mine, reference]) => mine === undefined || reference === undefined)
    ? "eval's means: unchecked (output not understood)"
    : pairs.every(([, mine, reference]) => mine === reference)
      ? `eval's means = rankeval trec's (${pairs.map(([name, value]) => `${name} ${value}`).join(', ')})`
      : `EVAL'S MEANS DIFFER from rankeval trec's: ${pairs.map(([name, mine, reference]) => `${name} ${mine} vs ${reference}`).join(', ')}`;
  const winsTiesLosses = compareOutput.split('\n').filter((line) => line.startsWith('ndcg@10')).map((line) => /\b(\d+\/\d+\/\d+)\b/.exec(line)?.[1]).find(Boolean);
  return `${evalCheck}; compare, ndcg@10 of RUN2 against RUN, won/tied/lost: ${winsTiesLosses ?? 'not read'}`;
}

function versionOf(binary) {
  const result = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return /version (\S+)/.exec(`${result.stdout ?? ''}${result.stderr ?? ''}`)?.[1] ?? null;
}

/** Reads a file through once, so that it sits in the page cache before the first timed command. */
function readWhole(path) {
  const fd = openSync(path, 'r');
  const chunk = Buffer.allocUnsafe(1 << 22);
  while (readSync(fd, chunk, 0, chunk.length, null) > 0);
  closeSync(fd);
}

function formatLoad() {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

function printTable(header, rows) {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd();
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}
