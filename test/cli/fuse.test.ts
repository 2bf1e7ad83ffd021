import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCompare } from '../../src/cli/compare.js';
import { fuseUsage, runFuse } from '../../src/cli/fuse.js';
import { compare } from '../../src/analysis/compare.js';
import { parseGoldenSet } from '../../src/formats/golden-set.js';
import { parseRun, type Run } from '../../src/formats/run.js';
import { fuse } from '../../src/fusion/fuse.js';
import type { FuseOptions } from '../../src/fusion/options.js';
import type { FusionRun } from '../../src/fusion/runs.js';
import type { FusionSetting } from '../../src/fusion/grid.js';
import { optimizeFusion, type OptimizeFusionOptions } from '../../src/fusion/optimize.js';
import { formatP, signed } from '../../src/text/comparison.js';
import { runCommand, type Command, type CommandResult } from '../helpers/cli.js';

// ranx's three-run case v01: run_a lexical (BM25-like scores), run_b dense (cosine, negative scores too), run_c weak.
const CASE = fileURLToPath(new URL('../fixtures/ranx-fusion/v01/', import.meta.url));
const RUNS = ['run_a', 'run_b', 'run_c'].map((name) => join(CASE, name));
let dir = '';

async function call(command: Command, ...args: string[]): Promise<CommandResult> {
  return runCommand(command, args);
}

/** A run file's rankings as `{id, score}` lists, as fuse() takes them. */
function scoredRun(path: string): FusionRun {
  const run = parseRun(readFileSync(path, 'utf8'));
  return new Map([...run.scored].map(([qid, { ids, scores }]) => [qid, ids.map((id, i) => ({ id, score: scores[i]! }))]));
}

/** What fuse() gives on the fixture runs, as the fused file should read back: query → ids and scores in fused order. */
function expected(options: FuseOptions): Map<string, { ids: string[]; scores: number[] }> {
  const fused = fuse(RUNS.map(scoredRun), options);
  return new Map([...fused].filter(([, ranking]) => ranking.length > 0).map(([qid, ranking]) => [qid, { ids: ranking.map((d) => d.id), scores: ranking.map((d) => d.score) }]));
}

/** A fused file read back: query → ids in the file's order with their scores. */
const readBack = (run: Run): Map<string, { ids: string[]; scores: number[] }> =>
  new Map([...run.scored].map(([qid, { ids, scores }]) => [qid, { ids: [...ids], scores: [...scores] }]));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-fuse-'));
  // A golden set for compare: the dense run's first document of each query is relevant.
  const dense = parseRun(readFileSync(RUNS[1]!, 'utf8'));
  writeFileSync(join(dir, 'qrels'), [...dense.rankings].map(([qid, ids]) => `${qid} 0 ${ids[0]} 1\n`).join(''));
  writeFileSync(join(dir, 'ids.jsonl'), '{"query_id": "2", "results": ["D000545", "D004125"]}\n');
});

describe('rankeval fuse', () => {
  it.each<[string, string[], FuseOptions]>([
    ['rrf (k = 60)', ['--method', 'rrf'], { method: 'rrf' }],
    ['rrf with --k 10', ['--method', 'rrf', '--k', '10'], { method: 'rrf', k: 10 }],
    ['combsum with min-max', ['--method', 'combsum', '--norm', 'min-max'], { method: 'combsum', norm: 'min-max' }],
    ['wsum with weights and zmuv', ['--method', 'wsum', '--norm', 'zmuv', '--weights', '0.5,0.3,0.2'], { method: 'wsum', norm: 'zmuv', weights: [0.5, 0.3, 0.2] }],
    ['combmnz with --depth 5', ['--method', 'combmnz', '--norm', 'max', '--depth', '5'], { method: 'combmnz', norm: 'max', depth: 5 }],
    ['condorcet', ['--method', 'condorcet'], { method: 'condorcet' }],
  ])('%s: the TREC run written reads back as fuse() of the same runs, scores and order', async (_, flags, options) => {
    const result = await call(runFuse, ...RUNS, ...flags);
    expect(result.status, result.stderr).toBe(0);
    const written = parseRun(result.stdout);
    expect(written.format).toBe('trec');
    expect(readBack(written)).toEqual(expected(options));
    // The rank order read back (score descending, ties by id descending) is the fused order.
    expect(new Map([...written.rankings])).toEqual(new Map([...expected(options)].map(([qid, { ids }]) => [qid, ids])));
    expect(result.stdout.split('\n')[0]).toMatch(/ fused$/);
  });

  it('-o writes the same text as standard output; -o - is standard output; --run-name names the run', async () => {
    const out = join(dir, 'fused.trec');
    const toStdout = await call(runFuse, ...RUNS, '--method', 'rrf', '--run-name', 'hybrid');
    expect(await call(runFuse, ...RUNS, '--method', 'rrf', '--run-name', 'hybrid', '-o', out)).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(readFileSync(out, 'utf8')).toBe(toStdout.stdout);
    expect(toStdout.stdout.split('\n')[0]).toMatch(/ hybrid$/);
    expect((await call(runFuse, ...RUNS, '--method', 'rrf', '--run-name', 'hybrid', '-o', '-')).stdout).toBe(toStdout.stdout);
  });

  it('--format jsonl writes a JSONL run that reads back as fuse() gives it', async () => {
    const result = await call(runFuse, ...RUNS, '--method', 'combsum', '--norm', 'min-max', '--format', 'jsonl');
    expect(result.status, result.stderr).toBe(0);
    const written = parseRun(result.stdout);
    expect(written.format).toBe('jsonl');
    expect(readBack(written)).toEqual(expected({ method: 'combsum', norm: 'min-max' }));
  });

  it.each([
    ['no runs', ['--method', 'rrf'], /expected the runs to fuse/],
    ['no method', [...RUNS], /--method is required/],
    ['an unknown method', [...RUNS, '--method', 'rfr'], /--method takes rrf, .*; got 'rfr'/],
    ['an unknown norm', [...RUNS, '--method', 'combsum', '--norm', 'minmax'], /--norm takes .*; got 'minmax'/],
    ['weights that are not numbers', [...RUNS, '--method', 'wsum', '--weights', '0.5,x,0.2'], /--weights takes a decimal number; got 'x'/],
    ['too few weights', [...RUNS, '--method', 'wsum', '--weights', '0.5,0.5'], /--weights gives 2 weights for 3 runs/],
    ['weights with rrf', [...RUNS, '--method', 'rrf', '--weights', '1,1,1'], /--weights with method 'rrf'/],
    ['a norm with rrf', [...RUNS, '--method', 'rrf', '--norm', 'min-max'], /--norm with the rank-based method 'rrf'/],
    ['k of 0', [...RUNS, '--method', 'rrf', '--k', '0'], /--k.*a positive finite number/],
    ['depth not an integer', [...RUNS, '--method', 'rrf', '--depth', '2.5'], /--depth.*a positive integer/],
    ['-o one of the runs', [...RUNS, '--method', 'rrf', '-o', RUNS[1]!], /-o .*run_b is one of the runs/],
    ['--run-name with jsonl', [...RUNS, '--method', 'rrf', '--format', 'jsonl', '--run-name', 'x'], /--run-name names a TREC run/],
  ])('%s is a usage error (exit 2) naming the flag', async (_, args, message) => {
    const result = await call(runFuse, ...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/see rankeval fuse --help/);
    expect(result.stdout).toBe('');
  });

  it('-o naming one of the runs leaves the run as it was', async () => {
    const copy = join(dir, 'run_a.copy');
    writeFileSync(copy, readFileSync(RUNS[0]!));
    expect((await call(runFuse, copy, RUNS[1]!, '--method', 'rrf', '-o', copy)).status).toBe(2);
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(RUNS[0]!, 'utf8'));
  });

  it('a run of ids only (no scores) is an input error (exit 3) naming the file', async () => {
    const result = await call(runFuse, RUNS[0]!, join(dir, 'ids.jsonl'), '--method', 'rrf');
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/ids\.jsonl: query "2" is ranked without scores/);
  });

  it('a CSV run with ranks and no scores is an input error (exit 3) naming the file', async () => {
    writeFileSync(join(dir, 'ranks.csv'), 'query_id,doc_id,rank\n2,D000545,1\n2,D004125,2\n');
    const result = await call(runFuse, RUNS[0]!, join(dir, 'ranks.csv'), '--method', 'rrf');
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/ranks\.csv: query "2" is ranked without scores/);
  });

  it('a JSONL run with scores fuses as its TREC twin', async () => {
    const dense = parseRun(readFileSync(RUNS[1]!, 'utf8'));
    const lines = [...dense.scored].map(([qid, { ids, scores }]) => JSON.stringify({ query_id: qid, results: ids.map((id, i) => ({ id, score: scores[i] })) }));
    writeFileSync(join(dir, 'dense.jsonl'), lines.map((line) => `${line}\n`).join(''));
    const fromJsonl = await call(runFuse, RUNS[0]!, join(dir, 'dense.jsonl'), RUNS[2]!, '--method', 'combsum', '--norm', 'min-max');
    expect(fromJsonl.status, fromJsonl.stderr).toBe(0);
    expect(fromJsonl.stdout).toBe((await call(runFuse, ...RUNS, '--method', 'combsum', '--norm', 'min-max')).stdout);
  });

  it('-o in a directory that does not exist is an output error (exit 3) named before the runs are read; -o a directory a usage error', async () => {
    const missing = await call(runFuse, ...RUNS, '--method', 'rrf', '-o', join(dir, 'nowhere', 'fused.trec'));
    expect(missing.status).toBe(3);
    expect(missing.stderr).toMatch(/the directory .*nowhere does not exist/);
    const directory = await call(runFuse, ...RUNS, '--method', 'rrf', '-o', dir);
    expect(directory.status).toBe(2);
    expect(directory.stderr).toMatch(/is a directory/);
  });

  it('a file that does not exist is an input error (exit 3) naming it', async () => {
    const result = await call(runFuse, RUNS[0]!, join(dir, 'missing'), '--method', 'rrf');
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/missing/);
  });

  it('--help states the defaults', async () => {
    const result = await call(runFuse, '--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: rankeval fuse/);
    expect(result.stdout).toMatch(/default 60/);
    expect(result.stdout).toMatch(/default fused/);
  });

  it('the built command lists fuse, and `help fuse` prints its --help (dist/cli.js, as npm run build makes it)', () => {
    const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
    const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
    expect(run('--help').stdout).toMatch(/^ {2}fuse RUN RUN … --method rrf/m);
    expect(run('help', 'fuse')).toMatchObject({ status: 0, stdout: fuseUsage, stderr: '' });
    expect(run('fuse', '--help').stdout).toBe(fuseUsage);
    expect(run('fuse', RUNS[0]!, '--method', 'rfr')).toMatchObject({ status: 2, stdout: '' });
  });

  it('rankeval compare takes the fused run like any other', async () => {
    const out = join(dir, 'hybrid.trec');
    expect((await call(runFuse, ...RUNS, '--method', 'rrf', '-o', out)).status).toBe(0);
    const result = await call(runCompare, join(dir, 'qrels'), RUNS[0]!, out, '-m', 'ndcg@10,recall@10');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ndcg@10 +hybrid +0\.\d{4}/m);
  });
});

describe('rankeval fuse --optimize', () => {
  const QRELS = join(CASE, 'qrels');
  const qrels = () => parseGoldenSet(readFileSync(QRELS), { format: 'trec', file: QRELS }).qrels;
  // The runs by the names the command gives them (the file names), in the order given.
  const named = () => new Map(RUNS.map((path, i) => [['run_a', 'run_b', 'run_c'][i]!, scoredRun(path)]));
  const optimized = (options: Omit<OptimizeFusionOptions, 'measure'>) => optimizeFusion(named(), qrels(), { measure: 'ndcg@10', ...options });
  // --optimize ndcg@10 unless the case gives its own (a flag of one value is refused twice).
  const tune = (...flags: string[]) => call(runFuse, ...RUNS, ...(flags.includes('--optimize') ? [] : ['--optimize', 'ndcg@10']), '--qrels', QRELS, ...flags);

  /** The setting a report line prints (`weights 0.7, 0.3, 0` or `k 10`), read back. */
  const printedSetting = (report: string): FusionSetting => {
    const match = /^in-sample .*?(weights|k) ([-\d., e]+?): best on all/m.exec(report);
    expect(match, report).not.toBeNull();
    const values = match![2]!.split(', ').map(Number);
    return match![1] === 'k' ? { k: values[0]! } : { weights: values };
  };

  /** The run a file holds, as the expected() helper gives fuse()'s: query → ids and scores in fused order. */
  const fusedWith = (options: FuseOptions) => {
    const fused = fuse(named(), options);
    return new Map([...fused].filter(([, ranking]) => ranking.length > 0).map(([qid, ranking]) => [qid, { ids: ranking.map((d) => d.id), scores: ranking.map((d) => d.score) }]));
  };

  it('prints the figures of optimizeFusion on the same files: each run alone, each fold, in-sample beside cross-validated, the paired test', async () => {
    const out = join(dir, 'tuned.trec');
    const result = await tune('--method', 'wsum', '--norm', 'min-max', '-o', out);
    expect(result.status, result.stderr).toBe(0);
    const report = result.stdout;
    const expected = optimized({ method: 'wsum', norm: 'min-max' });
    const row = (...cells: string[]) => new RegExp(`^ *${cells.map((cell) => cell.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(' +')}`, 'm');
    expect(report).toMatch(/^wsum \(norm min-max\) of run_a, run_b, run_c, tuned on ndcg@10: 66 settings \(weights in steps of 0\.1\), 25 judged queries, 5 folds \(seed 42\)$/m);
    for (const [name, score] of Object.entries(expected.singleRuns)) expect(report).toMatch(row(name, score.toFixed(4)));
    expect(report).toMatch(row(expected.bestSingleRun, expected.singleRuns[expected.bestSingleRun]!.toFixed(4), 'best alone'));
    expect(expected.byFold).toHaveLength(5);
    expected.byFold.forEach((fold, i) => {
      const chosen = 'weights' in fold.chosen ? fold.chosen.weights.join(', ') : String(fold.chosen.k);
      expect(report).toMatch(row(String(i + 1), String(fold.queries.length), chosen, fold.training.toFixed(4), fold.heldOut.toFixed(4)));
    });
    const best = expected.singleRuns[expected.bestSingleRun]!;
    expect(report).toMatch(row('in-sample', expected.inSample.toFixed(4), signed(expected.inSample - best, 4), `weights ${(expected.best as { weights: number[] }).weights.join(', ')}:`));
    expect(report).toMatch(row('cross-validated', expected.crossValidated!.toFixed(4), signed(expected.crossValidated! - best, 4)));
    expect(report).toMatch(`fitting: in-sample − cross-validated = ${signed(expected.inSample - expected.crossValidated!, 4)}`);
    // The paired test is compare()'s on `comparable`, with rankeval compare's default test (t).
    const comparison = compare(expected.comparable, qrels(), { measures: ['ndcg@10'] });
    const fusedRow = comparison.rows.find((r) => r.run === 'fused')!;
    expect(report).toMatch(row('ndcg@10', 'fused', fusedRow.mean.toFixed(4), signed(fusedRow.delta!, 4)));
    expect(report).toContain(`${formatP(fusedRow.pValueCorrected!)}${fusedRow.significant ? ' *' : ''}`);
    expect(report).toMatch(/paired t-test/);
    expect(report).toMatch(/run written to .*tuned\.trec: wsum \(norm min-max\) with weights /);
    // The runs' own warnings (run_c misses queries) go to stderr, each once, worded as rankeval compare words them.
    expect(result.stderr).toMatch(/^rankeval fuse: warning: 4 judged queries have no results in run "run_c" and score 0: /m);
    expect(result.stderr.split('\n').filter((line) => line.includes('no results in run "run_c"'))).toHaveLength(1);
    expect(result.stderr).not.toMatch(/in the run|the qrels/);
  });

  it('-o writes the runs fused with the printed best setting over every query of the runs (fuse())', async () => {
    const out = join(dir, 'tuned-wsum.trec');
    const result = await tune('--method', 'wsum', '--norm', 'zmuv', '-o', out);
    expect(result.status, result.stderr).toBe(0);
    const setting = printedSetting(result.stdout);
    expect(setting).toEqual(optimized({ method: 'wsum', norm: 'zmuv' }).best);
    expect(readBack(parseRun(readFileSync(out, 'utf8')))).toEqual(fusedWith({ method: 'wsum', norm: 'zmuv', ...setting }));
  });

  it('rrf: k is chosen on the grid (default 10…100, or --grid), and the run written is fused with it', async () => {
    const out = join(dir, 'tuned-rrf.trec');
    const result = await tune('--method', 'rrf', '--grid', '1,5', '--grid', '60', '--folds', '3', '-o', out);
    expect(result.status, result.stderr).toBe(0);
    const expected = optimized({ method: 'rrf', grid: [1, 5, 60], folds: 3 });
    expect(result.stdout).toMatch(/^rrf of run_a, run_b, run_c, tuned on ndcg@10: 3 settings \(k from --grid\), 25 judged queries, 3 folds \(seed 42\)$/m);
    expect(printedSetting(result.stdout)).toEqual(expected.best);
    expect(readBack(parseRun(readFileSync(out, 'utf8')))).toEqual(fusedWith({ method: 'rrf', ...expected.best }));
    const byDefault = await tune('--method', 'rrf', '-o', out);
    expect(printedSetting(byDefault.stdout)).toEqual(optimized({ method: 'rrf' }).best);
  });

  it('--depth cuts the runs in the search and in the run written alike', async () => {
    const out = join(dir, 'tuned-depth.trec');
    const result = await tune('--method', 'wsum', '--norm', 'max', '--depth', '5', '--step', '0.5', '-o', out);
    expect(result.status, result.stderr).toBe(0);
    const expected = optimized({ method: 'wsum', norm: 'max', depth: 5, grid: 0.5 });
    expect(result.stdout).toMatch(new RegExp(`^cross-validated +${expected.crossValidated!.toFixed(4)} `, 'm'));
    expect(printedSetting(result.stdout)).toEqual(expected.best);
    expect(readBack(parseRun(readFileSync(out, 'utf8')))).toEqual(fusedWith({ method: 'wsum', norm: 'max', depth: 5, ...expected.best }));
  });

  it('without -o the fused run alone is on standard output and the report on standard error', async () => {
    const result = await tune('--method', 'wsum', '--norm', 'min-max', '--step', '0.25');
    expect(result.status, result.stderr).toBe(0);
    const setting = printedSetting(result.stderr);
    expect(setting).toEqual(optimized({ method: 'wsum', norm: 'min-max', grid: 0.25 }).best);
    expect(result.stdout).not.toMatch(/in-sample|fold/);
    const written = parseRun(result.stdout);
    expect(written.format).toBe('trec');
    expect(readBack(written)).toEqual(fusedWith({ method: 'wsum', norm: 'min-max', ...setting }));
    expect(result.stderr).toMatch(/run written to standard output/);
  });

  it('--report-format json prints optimizeFusion’s result (but its runs) with compare()’s as "comparison"', async () => {
    const out = join(dir, 'tuned-json.trec');
    const result = await tune('--method', 'wsum', '--norm', 'min-max', '--trials', '7', '--seed', '9', '--folds', '4', '--test', 'randomization', '--report-format', 'json', '-o', out);
    expect(result.status, result.stderr).toBe(0);
    const { run, comparable, ...figures } = optimized({ method: 'wsum', norm: 'min-max', trials: 7, seed: 9, folds: 4 });
    const comparison = compare(comparable, qrels(), { measures: ['ndcg@10'], test: 'randomization', seed: 9 });
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(JSON.stringify({ ...figures, comparison })));
    // Random weights are not round: the file is fused with every digit of them.
    expect(readBack(parseRun(readFileSync(out, 'utf8')))).toEqual(fusedWith({ method: 'wsum', norm: 'min-max', ...figures.best }));
    expect(run.size).toBe(25);
  });

  it('--grid lists wsum’s weight vectors, one per flag; --folds 1 reports the in-sample figure only (ranx)', async () => {
    const out = join(dir, 'tuned-grid.trec');
    const result = await tune('--method', 'wsum', '--norm', 'min-max', '--grid', '1,0,0', '--grid', '0.5,0.5,0', '--grid', '0.4,0.4,0.2', '--folds', '1', '-o', out);
    expect(result.status, result.stderr).toBe(0);
    const expected = optimized({ method: 'wsum', norm: 'min-max', grid: [[1, 0, 0], [0.5, 0.5, 0], [0.4, 0.4, 0.2]], folds: 1 });
    expect(result.stdout).toMatch(/3 settings \(weight vectors from --grid\), 25 judged queries, no cross-validation \(--folds 1\)/);
    expect(result.stdout).not.toMatch(/^fold|^cross-validated/m);
    expect(result.stdout).toMatch(new RegExp(`^in-sample +${expected.inSample.toFixed(4)} `, 'm'));
    expect(result.stdout).toMatch(/--folds 1: the setting is chosen and scored on the same queries/);
    expect(printedSetting(result.stdout)).toEqual(expected.best);
    expect(readBack(parseRun(readFileSync(out, 'utf8')))).toEqual(fusedWith({ method: 'wsum', norm: 'min-max', ...expected.best }));
  });

  it.each([
    ['--weights with --optimize', ['--method', 'wsum', '--weights', '0.5,0.3,0.2'], /--weights with --optimize/],
    ['--k with --optimize', ['--method', 'rrf', '--k', '60'], /--k with --optimize/],
    ['a method without a parameter', ['--method', 'combsum'], /--optimize tunes wsum's weights or rrf's k; --method combsum/],
    ['an unknown measure', ['--method', 'rrf', '--optimize', 'ndgc@10'], /unknown measure `ndgc@10`/],
    ['a measure naming several values', ['--method', 'rrf', '--optimize', 'P.5,10'], /--optimize takes one measure; 'P\.5,10' names 2/],
    ['a measure that is not a mean', ['--method', 'rrf', '--optimize', 'num_ret'], /--optimize num_ret: its run figure is not a mean/],
    ['--step with rrf', ['--method', 'rrf', '--step', '0.1'], /--step is wsum's/],
    ['--trials with rrf', ['--method', 'rrf', '--trials', '5'], /--trials is wsum's/],
    ['--step and --trials', ['--method', 'wsum', '--step', '0.1', '--trials', '5'], /--step and --trials: give one of/],
    ['a step that does not divide 1', ['--method', 'wsum', '--step', '0.3'], /--step to be a number in \(0, 1\] that divides 1/],
    ['a weight vector of the wrong length', ['--method', 'wsum', '--grid', '0.5,0.5'], /--grid 0\.5,0\.5 gives 2 weights for 3 runs/],
    ['a k of 0 in --grid', ['--method', 'rrf', '--grid', '0,10'], /every k of --grid to be a positive finite number/],
    ['more folds than judged queries', ['--method', 'rrf', '--folds', '26'], /--folds to be at most the number of judged queries \(25\)/],
    ['--folds 0', ['--method', 'rrf', '--folds', '0'], /--folds takes an integer of 1 or more; got '0'/],
    ['a negative seed', ['--method', 'rrf', '--seed', '-1'], /--seed takes an integer from 0 to 4,294,967,295/],
    ['more trials than the library searches', ['--method', 'wsum', '--trials', '10001'], /--trials takes an integer from 1 to 10,000; got '10001'/],
    ['--step and --grid with rrf', ['--method', 'rrf', '--step', '0.1', '--grid', '10'], /--step is wsum's/],
    ['--lengths that no measure reads', ['--method', 'rrf', '--lengths', join(CASE, 'qrels')], /tokens@k with --optimize/],
    ['an unknown test', ['--method', 'rrf', '--test', 'z'], /--test takes t, randomization/],
    ['--report-format json without -o', ['--method', 'rrf', '--report-format', 'json'], /--report-format json needs -o OUT/],
    ['-o the golden set', ['--method', 'rrf', '-o', join(CASE, 'qrels')], /is the golden set \(--qrels\)/],
  ])('%s is a usage error (exit 2) naming the flag', async (_, flags, message) => {
    const result = await tune(...flags);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/see rankeval fuse --help/);
    expect(result.stdout).toBe('');
  });

  it('more folds than queries, --folds not given: the message says its default is what is too large', async () => {
    writeFileSync(join(dir, 'three-queries'), '2 0 D000113 1\n3 0 D000113 1\n4 0 D000113 1\n');
    const result = await call(runFuse, ...RUNS, '--method', 'rrf', '--optimize', 'ndcg@10', '--qrels', join(dir, 'three-queries'));
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--folds to be at most the number of judged queries \(3\), got `5` \(number\); --folds is 5 when not given: give --folds with fewer/);
  });

  it('a measure where lower is better: minimised, and the fitting line turned so that a flattered figure is positive', async () => {
    const result = await call(runFuse, ...RUNS, '--optimize', 'miss@5', '--qrels', QRELS, '--method', 'rrf', '-o', join(dir, 'miss.trec'));
    expect(result.status, result.stderr).toBe(0);
    const expected = optimizeFusion(named(), qrels(), { method: 'rrf', measure: 'miss@5' });
    expect(expected.inSample).toBe(Math.min(...expected.settings.map(({ score }) => score)));
    const fitting = expected.crossValidated! - expected.inSample;
    expect(result.stdout).toContain(`fitting: cross-validated − in-sample = ${fitting >= 0 ? '+' : '−'}${Math.abs(fitting).toFixed(4)} (lower is better for miss@5: `);
  });

  it('--no-relevant skip: the header counts the queries scored and says why some judged ones are not', async () => {
    const result = await tune('--method', 'rrf', '--grid', '10,60', '--no-relevant', 'skip', '-o', join(dir, 'skip.trec'));
    expect(result.status, result.stderr).toBe(0);
    const expected = optimized({ method: 'rrf', grid: [10, 60], noRelevant: 'skip' });
    expect(result.stdout).toContain(`, ${expected.queries} scored queries (judged ones without a relevant document skipped), 5 folds`);
  });

  it.each([
    ['--optimize without --qrels', ['--optimize', 'ndcg@10'], /--optimize needs the golden set to measure on: --qrels GOLDEN/],
    ['--qrels without --optimize', ['--qrels', join(CASE, 'qrels')], /--qrels applies to --optimize, which is not given/],
    ['--folds without --optimize', ['--folds', '3'], /--folds applies to --optimize/],
    ['-l without --optimize', ['-l', '2'], /--relevance-threshold applies to --optimize/],
  ])('%s is a usage error (exit 2)', async (_, flags, message) => {
    const result = await call(runFuse, ...RUNS, '--method', 'rrf', ...flags);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('a check (--checks error) that only the fused run trips names the fused run once', async () => {
    // Each run ranks one document per query, a different one: RRF gives both the same score, every query tied.
    writeFileSync(join(dir, 'lone-a'), 'q1 Q0 a 1 5 x\nq2 Q0 c 1 5 x\n');
    writeFileSync(join(dir, 'lone-b'), 'q1 Q0 b 1 3 y\nq2 Q0 d 1 5 y\n');
    writeFileSync(join(dir, 'lone-qrels'), 'q1 0 a 1\nq2 0 c 1\n');
    const result = await call(runFuse, join(dir, 'lone-a'), join(dir, 'lone-b'), '--method', 'rrf', '--optimize', 'P@1', '--qrels', join(dir, 'lone-qrels'), '--folds', '2', '--checks', 'error');
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/every document the same score/);
    expect(result.stderr.match(/the fused run/g), result.stderr).toHaveLength(1);
  });

  it('a malformed golden set is an input error (exit 3) naming the file and line; a check that fails (--checks error) names the run', async () => {
    const bad = join(dir, 'bad-qrels');
    writeFileSync(bad, '2 0 D000545 1\n2 0 D000707 x\n');
    const malformed = await call(runFuse, ...RUNS, '--method', 'rrf', '--optimize', 'ndcg@10', '--qrels', bad);
    expect(malformed.status).toBe(3);
    expect(malformed.stderr).toMatch(/bad-qrels:2\b/);
    const missing = await call(runFuse, ...RUNS, '--method', 'rrf', '--optimize', 'ndcg@10', '--qrels', join(dir, 'no-such-qrels'));
    expect(missing.status).toBe(3);
    expect(missing.stderr).toMatch(/cannot read .*no-such-qrels/);
    // run_c ranks query 304 with every score tied.
    const checked = await tune('--method', 'rrf', '--checks', 'error');
    expect(checked.status).toBe(3);
    expect(checked.stderr).toMatch(/run_c: 1 ranking gives every document the same score/);
    expect(checked.stdout).toBe('');
  });

  it.each([['ndcg@10,ndcg@10'], ['ndcg@10,NDCG@10']])(
    '--optimize %s names one measure, as -m of rankeval eval reads it: tuned on ndcg@10, no stack trace',
    async (measure) => {
      const result = await call(runFuse, ...RUNS, '--method', 'rrf', '--grid', '10,60', '--folds', '2', '--optimize', measure, '--qrels', QRELS, '-o', join(dir, 'one-measure.trec'));
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^rrf of run_a, run_b, run_c, tuned on ndcg@10: 2 settings/);
    },
  );

  it('a run given as --qrels and the golden set among the runs: the files look swapped (exit 3)', async () => {
    const result = await call(runFuse, RUNS[0]!, QRELS, '--method', 'rrf', '--optimize', 'ndcg@10', '--qrels', RUNS[1]!);
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/the files look swapped: .*run_b reads as a run and .*qrels as a golden set \(the golden set is --qrels GOLDEN, the runs RUN RUN …\)$/);
  });

  it("a run's query that the golden set does not judge is named as rankeval compare names it: the run and the golden set by their names", async () => {
    const extra = join(dir, 'with-unjudged');
    writeFileSync(extra, `${readFileSync(RUNS[0]!, 'utf8')}zz Q0 D000113 1 9 x\n`);
    const result = await call(runFuse, extra, RUNS[1]!, '--method', 'rrf', '--grid', '60', '--folds', '1', '--optimize', 'ndcg@10', '--qrels', QRELS, '-o', join(dir, 'unjudged.trec'));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain(`rankeval fuse: warning: 1 query of run "with-unjudged" is not in ${QRELS} and left out: zz\n`);
  });

  it('-o naming the golden set leaves it as it was', async () => {
    const copy = join(dir, 'qrels.copy');
    writeFileSync(copy, readFileSync(QRELS));
    expect((await call(runFuse, ...RUNS, '--method', 'rrf', '--optimize', 'ndcg@10', '--qrels', copy, '-o', copy)).status).toBe(2);
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(QRELS, 'utf8'));
  });

  it("docs/fusion.md's --optimize example on the RAG example shows what the command prints", async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const readme = readFileSync(join(root, 'docs/fusion.md'), 'utf8');
    const shown = /\n\$ npx rankeval fuse (examples\/rag\/\S+ examples\/rag\/\S+ --method wsum .*--optimize .*) -o hybrid\.trec\n([^]*?)```/.exec(readme);
    expect(shown).not.toBeNull();
    const args = shown![1]!.split(' ').map((arg) => (arg.startsWith('examples/') ? join(root, arg) : arg));
    const out = join(dir, 'hybrid.trec');
    const result = await call(runFuse, ...args, '-o', out);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.replace(`run written to ${out}:`, 'run written to hybrid.trec:')).toBe(shown![2]);
  });

  it('--help shows the tuning flags and says which run is written', async () => {
    const { stdout } = await call(runFuse, '--help');
    expect(stdout).toMatch(/--optimize MEASURE/);
    expect(stdout).toMatch(/--qrels GOLDEN/);
    expect(stdout).toMatch(/the runs fused with the best setting, over every query they hold/);
    expect(stdout).toMatch(/standard output when -o OUT writes the run, to standard error otherwise/);
  });
});
