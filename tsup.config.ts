import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library: dependency-free and Node-free, for Node, browsers, Deno and Bun.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
  },
  {
    // Test matchers, their own entries so that the library never loads vitest: `rankeval/matchers` is the
    // plain object for jest's expect.extend, `rankeval/vitest` registers it on vitest's expect.
    entry: { matchers: 'src/matchers/index.ts', vitest: 'src/vitest.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
    external: ['vitest'],
  },
  {
    // The HTML report, its own entry: Observable Plot and linkedom (dependencies, not bundled) load only here.
    entry: { report: 'src/report/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
  },
  {
    // The command line, its own entry.
    entry: { cli: 'src/cli/index.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
