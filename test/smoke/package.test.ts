// The built package (dist/, made by `npm run build`, which `npm test` runs first) loads both ways and its
// library entry stays free of Node built-ins and dependencies, so it runs unchanged in browsers, Deno and Bun.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const run = (script: string): unknown => JSON.parse(execFileSync(process.execPath, [join(import.meta.dirname, script)], { cwd: root, encoding: 'utf8' }));

describe('the built package', () => {
  test('imports as ESM', () => {
    expect(run('import.mjs')).toEqual({ format: 'esm', ndcg: '0.6388', mrr: 1, guarded: true, matcher: true });
  });

  test('requires as CommonJS', () => {
    expect(run('require.cjs')).toEqual({ format: 'cjs', ndcg: '0.6388', mrr: 1, guarded: true, matcher: true });
  });

  test.each(['dist/index.js', 'dist/index.cjs'])('%s imports nothing (no node: built-ins, no dependencies)', (file) => {
    const code = readFileSync(join(root, file), 'utf8');
    expect(code).not.toMatch(/\bfrom\s*["']|\brequire\(\s*["']|\bimport\(\s*["']/);
  });

  test('ships types for both conditions, and no runtime dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(manifest.dependencies ?? {}).toEqual({});
    for (const file of ['dist/index.d.ts', 'dist/index.d.cts']) expect(readFileSync(join(root, file), 'utf8')).toMatch(/declare function evaluate\(/);
  });
});
