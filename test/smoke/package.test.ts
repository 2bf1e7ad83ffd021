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

  test('ships types for both conditions; runtime dependencies serve the report entry alone', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    // Observable Plot and linkedom draw the HTML report; the library, matchers and CLI entries never load them.
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(['@observablehq/plot', 'linkedom']);
    for (const file of ['dist/index.js', 'dist/index.cjs', 'dist/matchers.js', 'dist/matchers.cjs', 'dist/cli.js']) {
      expect(readFileSync(join(root, file), 'utf8')).not.toMatch(/@observablehq\/plot|linkedom/);
    }
    for (const file of ['dist/index.d.ts', 'dist/index.d.cts']) expect(readFileSync(join(root, file), 'utf8')).toMatch(/declare function evaluate\(/);
  });

  test('the report entry loads both ways and renders a page', () => {
    // One measure, two runs, no tags: means, recall curve, precision curve, per-query differences.
    expect(run('report.mjs')).toEqual({ format: 'esm', html: true, charts: 4 });
    expect(run('report.cjs')).toEqual({ format: 'cjs', html: true, charts: 4 });
  });
});
