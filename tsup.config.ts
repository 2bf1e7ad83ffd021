import { readdirSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

// One build per format, every entry in it and `splitting` on, so that the entries share one copy of the
// library: the subpath entries (`rankeval/fusion`, `rankeval/matchers` …) and the CLI import the chunks that
// `rankeval` re-exports, an error thrown by one entry is an `instanceof RankevalError` imported from
// another, and a bundle using two entries carries the library once. The library entry's chunks stay
// dependency-free and Node-free (for Node, browsers, Deno and Bun); Node built-ins (`rankeval/judge` writes
// its store with them), vitest and the report's optional peer dependencies (@observablehq/plot, linkedom,
// loaded by `import()` in src/report/load.ts) stay imports, never bundled.
const shared: Options = {
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  // The code is not minified, so stack traces read as they are; maps would be two thirds of the tarball.
  sourcemap: false,
  // Deno resolves Node's built-ins by their `node:` names only.
  removeNodeProtocol: false,
  external: ['vitest', '@observablehq/plot', 'linkedom', /^node:/],
};

// The specialist subpath entries: each file src/entries/NAME.ts is `rankeval/NAME`, built as dist/NAME.*
// (test/api.test.ts checks that package.json exports each one, and typedoc.json documents it).
const specialist = Object.fromEntries(
  readdirSync('src/entries')
    .filter((file) => file.endsWith('.ts'))
    .map((file) => [file.slice(0, -'.ts'.length), `src/entries/${file}`]),
);

const library = { index: 'src/index.ts', ...specialist, matchers: 'src/matchers/index.ts', report: 'src/report/index.ts', judge: 'src/judge.ts' };

// `npm run bench` builds the JavaScript only (RANKEVAL_BUILD=js): the type declarations are most of the
// build's time and no benchmark reads them; those already in dist are left there (every other file goes).
const javascriptOnly = process.env['RANKEVAL_BUILD'] === 'js';

export default defineConfig([
  {
    ...shared,
    // The CLI has no types and no shebang of its own: bin/rankeval.js carries the shebang and imports it
    // (an esbuild banner would land on every shared chunk too).
    entry: { ...library, vitest: 'src/vitest.ts', cli: 'src/cli/index.ts', 'run-worker': 'src/cli/shared/run-worker.ts' },
    format: 'esm',
    clean: javascriptOnly ? ['!**/*.d.{ts,cts,mts}'] : true,
  },
  {
    ...shared,
    // vitest is ESM-only, so `require('rankeval/vitest')` gets a one-line explanation instead.
    entry: { ...library, vitest: 'src/vitest-require.ts' },
    format: 'cjs',
  },
  // The declarations, .d.ts and .d.cts, from one compilation of the types (one per format would double the
  // build's longest part). `rankeval/vitest` declares its matchers for both: a CommonJS file that imports it
  // gets vitest-require.ts's explanation when run.
  ...(javascriptOnly ? [] : [{ ...shared, entry: { ...library, vitest: 'src/vitest.ts' }, format: ['esm', 'cjs'], dts: { only: true } } satisfies Options]),
]);
