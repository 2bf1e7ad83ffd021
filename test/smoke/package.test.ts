// The built package (dist/, made by `npm run build`, which `npm test` runs first), loaded by its own name
// from this repository. test/smoke/install.test.ts checks the packed tarball installed in an empty project.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SMOKE as smoke, VITEST_CJS } from '../helpers/smoke.js';

const root = join(import.meta.dirname, '../..');
const dist = join(root, 'dist');
const run = (script: string): unknown => JSON.parse(execFileSync(process.execPath, [join(import.meta.dirname, script)], { cwd: root, encoding: 'utf8' }));


// Top-level `import … from "x"`, `import "x"`, `export … from "x"` and `var a = require("x")`: loaded with the module.
const EAGER = /^(?:(?:import|export)\b[^;]*?from\s*|import\s*|var \w+ = require\()["']([^"']+)["']/gm;
// Those, plus `import("x")` and a `require("x")` inside a function: loaded when that code runs.
const ANY = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\(\s*)["']([^"']+)["']/g;

/** The files of dist/ that `entry` loads through `pattern`'s imports (relative ones), and the packages and built-ins they import. */
function reach(entry: string, pattern: RegExp): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(join(dist, file), 'utf8').matchAll(pattern)) {
      if (specifier!.startsWith('./')) visit(specifier!.slice(2));
      else packages.add(specifier!);
    }
  };
  visit(entry);
  return { files, packages };
}

/** What a built module loads with it (`staticFiles`, `staticPackages`), and the packages it loads only on first use. */
function moduleGraph(entry: string): { staticFiles: Set<string>; staticPackages: Set<string>; lazyPackages: Set<string> } {
  const eager = reach(entry, EAGER);
  const all = reach(entry, ANY);
  return { staticFiles: eager.files, staticPackages: eager.packages, lazyPackages: new Set([...all.packages].filter((name) => !eager.packages.has(name))) };
}

describe('the built package', () => {
  test('imports as ESM: every entry shares the library’s error class', () => {
    expect(run('import.mjs')).toEqual({ format: 'esm', ...smoke });
  });

  test('requires as CommonJS: every entry shares the library’s error class; rankeval/vitest says it is ESM-only', () => {
    expect(run('require.cjs')).toEqual({ format: 'cjs', ...smoke, vitest: VITEST_CJS });
  });

  test.each(['index', 'preferences', 'fusion', 'diversity'].flatMap((entry) => [`${entry}.js`, `${entry}.cjs`]))('dist/%s and every chunk it loads import nothing (no node: built-ins, no packages)', (entry) => {
    const graph = moduleGraph(entry);
    expect(graph.staticFiles.size).toBeGreaterThan(1);
    expect([...graph.staticPackages, ...graph.lazyPackages]).toEqual([]);
  });

  test.each(['matchers.js', 'matchers.cjs'])('dist/%s imports no package (vitest and jest pass their expect in)', (entry) => {
    const graph = moduleGraph(entry);
    expect([...graph.staticPackages, ...graph.lazyPackages]).toEqual([]);
  });

  test.each(['report.js', 'report.cjs', 'cli.js'])('dist/%s loads Observable Plot and linkedom only on first use, by import()', (entry) => {
    const graph = moduleGraph(entry);
    expect([...graph.staticPackages].filter((name) => !name.startsWith('node:'))).toEqual([]);
    // Node's built-ins aside (the CLI's report command writes its file with them).
    expect([...graph.lazyPackages].filter((name) => !name.startsWith('node:')).sort()).toEqual(['@observablehq/plot', 'linkedom']);
  });

  test('the entries share one copy of the library: the chunk that defines RankevalError, once per format', () => {
    for (const [format, entries] of [
      ['js', ['index.js', 'preferences.js', 'fusion.js', 'diversity.js', 'matchers.js', 'report.js', 'judge.js', 'cli.js']],
      ['cjs', ['index.cjs', 'preferences.cjs', 'fusion.cjs', 'diversity.cjs', 'matchers.cjs', 'report.cjs', 'judge.cjs']],
    ] as const) {
      const definers = entries.map((entry) => [...moduleGraph(entry).staticFiles].filter((file) => /\bRankevalError = (?:\(_class = )?class\b/.test(readFileSync(join(dist, file), 'utf8'))));
      expect(new Set(definers.flat()).size, format).toBe(1);
      for (const found of definers) expect(found, format).toHaveLength(1);
    }
  });

  test('has no runtime dependencies: the report’s libraries are optional peer dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.peerDependenciesMeta).toEqual({ '@observablehq/plot': { optional: true }, linkedom: { optional: true }, vitest: { optional: true } });
    for (const name of Object.keys(manifest.peerDependencies)) expect(manifest.devDependencies[name], name).toBeDefined();
  });

  test('the report entry loads both ways and renders a page', () => {
    // One measure, two runs, no tags: means, recall curve, precision curve, per-query differences.
    expect(run('report.mjs')).toEqual({ format: 'esm', html: true, charts: 4 });
    expect(run('report.cjs')).toEqual({ format: 'cjs', html: true, charts: 4 });
  });

  test('the judge entry loads both ways and judges a pool into a store, errors of the one library', () => {
    const judged = { judged: 2, qrels: { d1: 3, d2: 0 }, oneLibrary: true };
    expect(run('judge.mjs')).toEqual({ format: 'esm', ...judged });
    expect(run('judge.cjs')).toEqual({ format: 'cjs', ...judged });
  });

  test.each(['judge.js', 'judge.cjs'])('dist/%s imports Node built-ins only, and no package', (entry) => {
    const graph = moduleGraph(entry);
    expect([...graph.staticPackages, ...graph.lazyPackages].filter((name) => !name.startsWith('node:'))).toEqual([]);
    expect(graph.staticPackages.size).toBeGreaterThan(0);
  });

  test('bin/rankeval.js runs the built CLI', () => {
    const bin = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin.rankeval;
    expect(readFileSync(join(root, bin), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    expect(execFileSync(join(root, bin), ['--help'], { encoding: 'utf8' })).toMatch(/^Usage: rankeval <command>/);
  });
});
