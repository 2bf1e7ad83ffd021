// the sharding guide's (docs/sharding.md) shard-and-merge recipe, run as written: its commands (the lines after `$ ` of the block marked
// `<!-- run by test/cli/shard-parallel.test.ts … -->`) in bash, with the built `rankeval` (bin/rankeval.js)
// on PATH and GNU parallel evaluating the shards, on a golden set and a run made here from a seed. The
// merge must print what `rankeval eval` of the whole run prints, byte for byte, as a table and as JSON.
// Without GNU parallel it skips outside CI and fails in CI (test/helpers/parallel.ts).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parallelForTests } from '../helpers/parallel.js';

const root = join(import.meta.dirname, '../..');
const MARKER = '<!-- run by test/cli/shard-parallel.test.ts';
let dir = '';

/** The commands of docs/sharding.md's block after MARKER: each `$ ` line with the lines that continue it. */
function recipeCommands(readme: string): string[] {
  const start = readme.indexOf(MARKER);
  const block = /```\n([^]*?)```/.exec(readme.slice(start));
  if (start < 0 || block === null) throw new Error(`docs/sharding.md has no block after ${MARKER}`);
  const commands: string[] = [];
  let open = ''; // a command whose braces or quotes are not closed yet
  for (const line of block[1]!.split('\n')) {
    if (open === '' && !line.startsWith('$ ')) continue; // output
    open = open === '' ? line.slice(2) : `${open}\n${line}`;
    const count = (char: string) => open.split(char).length - 1;
    if (count('{') === count('}') && count("'") % 2 === 0) commands.push(open), (open = '');
  }
  return commands;
}

/** Mulberry32: the same numbers in [0, 1) for the same seed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 300 queries: q1–q290 judged (1 to 4 relevant documents of 60, grade 1 or 2, and a judged non-relevant
 * one; every 50th query none relevant), q6–q300 ranked (20 documents, scores of two decimals, so some tie).
 * q1–q5 are unanswered, q291–q300 unjudged.
 */
function writeFiles(): void {
  const next = random(24);
  const doc = () => `d${Math.floor(next() * 60)}`;
  const qrels: string[] = [];
  const run: string[] = [];
  for (let q = 1; q <= 300; q++) {
    if (q <= 290) {
      const grades = new Map<string, number>([[doc(), 0]]);
      const relevant = q % 50 === 0 ? 0 : 1 + Math.floor(next() * 4);
      for (let i = 0; i < relevant; i++) grades.set(doc(), 1 + Math.floor(next() * 2));
      for (const [id, grade] of grades) qrels.push(`q${q} 0 ${id} ${grade}\n`);
    }
    if (q >= 6) {
      const ranked = new Set<string>();
      while (ranked.size < 20) ranked.add(doc());
      const scores = [...ranked].map(() => Math.round(next() * 100) / 100).sort((a, b) => b - a);
      [...ranked].forEach((id, i) => run.push(`q${q} Q0 ${id} ${i + 1} ${scores[i]} seeded\n`));
    }
  }
  writeFileSync(join(dir, 'qrels.txt'), qrels.join(''));
  writeFileSync(join(dir, 'run.txt'), run.join(''));
}

/** Runs `script` with bash in the temporary directory, the built `rankeval` first on PATH. */
function bash(script: string) {
  const env = { ...process.env, PATH: `${join(dir, 'bin')}${delimiter}${process.env['PATH'] ?? ''}` };
  return spawnSync('bash', ['-c', `set -euo pipefail\n${script}`], { cwd: dir, env, encoding: 'utf8' });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-shard-parallel-'));
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin/rankeval'), `#!/bin/sh\nexec '${process.execPath}' '${join(root, 'bin/rankeval.js')}' "$@"\n`);
  chmodSync(join(dir, 'bin/rankeval'), 0o755);
  writeFiles();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(parallelForTests.skip)('docs/sharding.md’s shard-and-merge recipe, with GNU parallel', () => {
  let commands: string[] = [];
  /** Each command's standard output and standard error, by its index in `commands`. */
  let stdout: string[] = [];
  let stderr: string[] = [];
  const text = (name: string) => readFileSync(join(dir, name), 'utf8');

  beforeAll(() => {
    if (parallelForTests.path === undefined) throw new Error(parallelForTests.missing);
    commands = recipeCommands(readFileSync(join(root, 'docs/sharding.md'), 'utf8'));
    // Each command's output follows a line `@@ i` on standard output and on standard error.
    const result = bash(commands.map((command, i) => `echo '@@ ${i}'; echo '@@ ${i}' >&2\n${command}`).join('\n'));
    expect(result.status, result.stderr).toBe(0);
    const outputs = (all: string) => all.split(/^@@ \d+\n/m).slice(1);
    stdout = outputs(result.stdout);
    stderr = outputs(result.stderr);
    expect(stdout).toHaveLength(commands.length);
  });

  it('splits the run and the golden set into 4 shards, none empty, together the whole', () => {
    const lines = (name: string) => text(name).split('\n').length - 1;
    for (const name of ['run.txt', 'qrels.txt']) {
      const shards = [0, 1, 2, 3].map((shard) => lines(`${name}.${shard}`));
      expect(Math.min(...shards), name).toBeGreaterThan(0);
      expect(shards.reduce((a, b) => a + b), name).toBe(lines(name));
    }
  });

  it('evaluates the shards with parallel into parts whose merge is eval’s JSON of the whole run, byte for byte', () => {
    expect(commands.filter((command) => command.startsWith('parallel --will-cite '))).toHaveLength(1);
    expect(readdirSync(dir).filter((name) => /^part\.\d\.json$/.test(name))).toEqual(['part.0.json', 'part.1.json', 'part.2.json', 'part.3.json']);
    expect(stdout[commands.indexOf('cmp merged.json whole.json && echo identical')]).toBe('identical\n');
    expect(text('merged.json')).toBe(text('whole.json'));
    expect(JSON.parse(text('whole.json'))).toMatchObject({ queries: 290, perQuery: { q1: expect.any(Object), q290: expect.any(Object) } });
  });

  it('prints the table and the warnings that eval of the whole run prints, the merge naming the parts', () => {
    const whole = commands.find((command) => command.startsWith('rankeval eval qrels.txt run.txt '));
    const table = bash(whole!.replace(/ -q --format json > whole\.json$/, ''));
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^all +290 /m);
    expect(table.stderr).toContain('5 judged queries have no results in run.txt and score 0: q1, q2, q3, q4, q5');
    const merge = commands.indexOf('rankeval merge part.*.json');
    expect(stdout[merge]).toBe(table.stdout);
    const asEval = (warnings: string) =>
      warnings
        .replaceAll('rankeval merge:', 'rankeval eval:')
        .replaceAll("the parts' runs are not in their golden sets", 'run.txt are not in qrels.txt')
        .replaceAll('are not in their golden sets and count', 'are not in qrels.txt and count')
        .replaceAll("the parts' runs", 'run.txt');
    expect(asEval(stderr[merge]!)).toBe(table.stderr);
  });
});
