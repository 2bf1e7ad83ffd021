// The built CLI against trec_eval: every variant of every case in test/fixtures/trec-oracle and trec-extra must print the
// same bytes as trec_eval 9.0.8 (and, with --trec-eval 10, as 10.0), or fail where it fails (non-zero status, one stderr line).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const cli = join(root, 'dist/cli.js');
const FIXTURES = ['trec-oracle', 'trec-extra'].map((set) => join(root, 'test/fixtures', set, 'cases'));

interface Variant {
  args: string[];
  rc: number;
  stderr: string;
}

export function runCli(args: readonly string[], cwd = root): { stdout: Buffer; stderr: string; status: number | null } {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, maxBuffer: 1 << 28 });
  return { stdout: result.stdout, stderr: result.stderr.toString('utf8'), status: result.status };
}

const cases = FIXTURES.flatMap((fixtures) => readdirSync(fixtures).sort().map((name) => join(fixtures, name)));

describe.each(cases.map((dir) => [relative(root, dir), dir] as const))('%s', (_name, dir) => {
  const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { outputs: Record<string, Variant> };
  const variants = Object.entries(meta.outputs);

  test.each(variants)('%s', (file, variant) => {
    // expected*_v10.txt hold trec_eval 10.0's output, the others 9.0.8's.
    const version = file.endsWith('_v10.txt') ? ['--trec-eval', '10'] : [];
    const { stdout, stderr, status } = runCli(['trec', ...version, ...variant.args, 'qrels', 'run'], dir);
    if (variant.rc !== 0) {
      expect(status).not.toBe(0);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^rankeval trec: /);
      // A bad line or a repeated document is named by file and line.
      if (/Malformed|duplicate/.test(variant.stderr)) expect(stderr).toMatch(/^rankeval trec: (qrels|run):\d+: /);
      return;
    }
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const expected = readFileSync(join(dir, file));
    // Compared as text first for a readable diff, then byte for byte.
    expect(stdout.toString('latin1')).toBe(expected.toString('latin1'));
    expect(Buffer.compare(stdout, expected)).toBe(0);
  });
});
