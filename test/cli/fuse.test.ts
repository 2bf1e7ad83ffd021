import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCompare } from '../../src/cli/compare.js';
import { fuseUsage, runFuse } from '../../src/cli/fuse.js';
import { CliError } from '../../src/cli/trec.js';
import { parseRun, type Run } from '../../src/formats/run.js';
import { fuse, type FuseOptions, type FusionRun } from '../../src/fusion.js';

// ranx's three-run case v01: run_a lexical (BM25-like scores), run_b dense (cosine, negative scores too), run_c weak.
const CASE = fileURLToPath(new URL('../fixtures/ranx-fusion/v01/', import.meta.url));
const RUNS = ['run_a', 'run_b', 'run_c'].map((name) => join(CASE, name));
let dir = '';

type Command = (argv: readonly string[], io: { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown } }) => Promise<number>;

async function call(command: Command, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  try {
    return { status: await command(args, io), stdout, stderr };
  } catch (error) {
    if (error instanceof CliError) return { status: error.status, stdout, stderr: stderr + error.message };
    throw error;
  }
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
