// `npm run bench` (its last part): cohenKappa, krippendorffAlpha, labelAgreement, kendallTau, tauAP and rbo on the
// built package, each
// case in a child process of its own so that its peak memory can be read (maxRSS, above the RSS once its
// input is built). Each case runs once untimed, then three times timed (labelAgreement, which takes seconds,
// once); the fastest and slowest wall and CPU times are shown: on a shared machine the CPU time says more.
// Peers' figures are quoted as measured on this machine class, not re-measured here.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { seededRandom } from './data.mjs';

const CASES = {
  'kappa-none': { label: 'cohenKappa, 1,000,000 items, grades 0–3, unweighted', peer: 'scikit-learn cohen_kappa_score 131–179 ms (O(n + k²) table)' },
  'kappa-quadratic': { label: 'cohenKappa, 1,000,000 items, grades 0–3, quadratic', peer: 'scikit-learn cohen_kappa_score 131–179 ms (O(n + k²) table)' },
  'alpha-nominal': { label: 'krippendorffAlpha, 2 × 500,000 labels, 4 values, nominal', peer: 'fast-krippendorff alpha 190–206 ms (O(n + k²) matrices)' },
  'alpha-ordinal': { label: 'krippendorffAlpha, 2 × 500,000 labels, 4 values, ordinal', peer: 'fast-krippendorff alpha 190–206 ms (O(n + k²) matrices)' },
  'alpha-interval': { label: 'krippendorffAlpha, 2 × 500,000 labels, 4 values, interval', peer: 'fast-krippendorff alpha 190–206 ms (O(n + k²) matrices)' },
  'alpha-ratio': { label: 'krippendorffAlpha, 2 × 500,000 labels, 4 values, ratio', peer: 'fast-krippendorff alpha 190–206 ms (O(n + k²) matrices)' },
  'kappa-continuous': { label: 'cohenKappa, 150,000 items, 300,000 distinct values, quadratic', peer: 'before: a 300,000² table, out of heap' },
  'kendall-b': { label: 'kendallTau τ_b, 100,000 items (y with many ties)', peer: 'SciPy kendalltau 15 ms (O(n log n))' },
  'tauap-a': { label: 'tauAP τ_AP,a, 16,000 items (y with many ties)', peer: 'none in O(n log n); ircor (R) is O(n²)' },
  'tauap-b': { label: 'tauAP τ_AP,b, 16,000 items (y with many ties)', peer: 'none in O(n log n); ircor (R) is O(n²)' },
  rbo: { label: 'rbo, 2 × 100,000 ids, ext, min and max (p = 0.9)', peer: 'changyaochen/rbo rbo_ext (pure Python, ext alone) 160 ms (O(n))' },
  'label-agreement': { label: 'labelAgreement, 10,000 queries × 4 documents, 1,000 resamples (one call)', peer: 'before: 100,000 queries took about 8 minutes' },
};

/** Grades 0–3 from a fixed seed, the second rater agreeing with the first seven times in ten. */
function raters(n) {
  let state = 20261207;
  const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const a = Array.from({ length: n }, () => Math.floor(random() * 4));
  const b = a.map((grade) => (random() < 0.7 ? grade : Math.floor(random() * 4)));
  return { a, b };
}

/** Two orders of n items from a fixed seed: `x` distinct, `y` = x plus noise rounded to 3 decimals (many ties). */
function orders(n, seed) {
  const random = seededRandom(seed);
  const x = Float64Array.from({ length: n }, () => random());
  const y = x.map((value) => Math.round((value + 0.3 * random()) * 1000) / 1000);
  return { x, y };
}

/** A permutation of n ids from a fixed seed. */
function permutation(n, seed) {
  let state = seed;
  const random = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const ids = Array.from({ length: n }, (_, i) => `d${i}`);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids;
}

async function child(name) {
  const { cohenKappa, kendallTau, krippendorffAlpha, labelAgreement, rbo, tauAP } = await import('../dist/index.js');
  let run;
  if (name.startsWith('kappa-') && name !== 'kappa-continuous') {
    const { a, b } = raters(1_000_000);
    run = () => cohenKappa(a, b, { weights: name.slice('kappa-'.length) });
  } else if (name.startsWith('alpha-')) {
    const { a, b } = raters(500_000);
    run = () => krippendorffAlpha([a, b], { level: name.slice('alpha-'.length) });
  } else if (name === 'kappa-continuous') {
    const a = Array.from({ length: 150_000 }, (_, i) => i / 7);
    const b = a.map((x) => x + 0.5 / 7);
    run = () => cohenKappa(a, b, { weights: 'quadratic' });
  } else if (name === 'kendall-b') {
    const { x, y } = orders(100_000, 20240610);
    run = () => kendallTau(x, y);
  } else if (name.startsWith('tauap-')) {
    const { x, y } = orders(16_000, 20240611);
    run = () => tauAP(x, y, { variant: name.slice('tauap-'.length) });
  } else if (name === 'rbo') {
    const [a, b] = [permutation(100_000, 1), permutation(100_000, 2)];
    run = () => rbo(a, b);
  } else {
    const { a, b } = raters(40_000);
    const side = (grades) => Object.fromEntries(Array.from({ length: 10_000 }, (_, q) => [`q${q}`, { d1: grades[4 * q], d2: grades[4 * q + 1], d3: grades[4 * q + 2], d4: grades[4 * q + 3] }]));
    const [qrelsA, qrelsB] = [side(a), side(b)];
    run = () => labelAgreement(qrelsA, qrelsB);
  }
  globalThis.gc();
  const inputRss = process.memoryUsage().rss;
  const times = [];
  const cpu = [];
  const calls = name === 'label-agreement' ? [true] : [false, true, true, true];
  for (const timed of calls) {
    const [start, startCpu] = [process.hrtime.bigint(), process.cpuUsage()];
    run();
    const used = process.cpuUsage(startCpu);
    if (timed) times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (timed) cpu.push((used.user + used.system) / 1e3);
    globalThis.gc();
  }
  const above = (process.resourceUsage().maxRSS * 1024 - inputRss) / 2 ** 20;
  process.stdout.write(JSON.stringify({ times, cpu, above }));
}

if (process.argv[2]) await child(process.argv[2]);
else {
  console.log(`\nagreement: best–worst of 3 timed calls after one untimed; peak RSS above the input, each case in its own process`);
  console.log(['case'.padEnd(66), 'wall'.padStart(16), 'CPU'.padStart(16), 'peak above input'.padStart(18), '  peer (as measured on this machine class)'].join(''));
  for (const [name, { label, peer }] of Object.entries(CASES)) {
    const result = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), name], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${name}: ${result.stderr}`);
    const { times, cpu, above } = JSON.parse(result.stdout);
    const range = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms`;
    console.log([label.padEnd(66), range(times).padStart(16), range(cpu).padStart(16), `${above.toFixed(0)} MiB`.padStart(18), `  ${peer}`].join(''));
  }
}
