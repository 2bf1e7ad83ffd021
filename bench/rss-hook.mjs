// Loaded with `node --import` by bench/trec.bench.mjs (and by bench/cli.bench.mjs without /usr/bin/time): reports the process's peak memory when it exits.
process.on('exit', () => {
  process.stderr.write(`\nrankeval-bench-maxrss-kib ${process.resourceUsage().maxRSS}\n`);
});
