import { configDefaults, defineConfig } from 'vitest/config';

const TESTS = ['test/**/*.test.ts', 'examples/**/*.test.ts'];
// Files that replace a module with vi.mock: they need a module graph of their own.
const MOCKING = ['test/cli/read-twice.test.ts', 'test/cli/shared/input.test.ts'];
// Files with tests in Chromium: without a browser they skip, and their project's setup says so once.
const BROWSER = ['test/report/browser.test.ts', 'test/smoke/install.test.ts', 'test/docs/playground.test.ts', 'test/cli/judge-page-browser.test.ts'];

export default defineConfig({
  test: {
    // CI runs on a busy 2-core machine: a test's speed there says nothing about the code, so a timeout only
    // catches a hang. Expensive tests are kept cheap on their own (see test/stats/reference.test.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest runs one file at a time on a 2-core machine by default (cores − 1 workers); two at a time
    // nearly halve the suite there, most files being waits on imports and child processes.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // The other files share each worker's modules: importing src/ afresh for every file (with coverage)
        // took most of the suite's time. No test leaves module state behind that another reads.
        // test/cli/shard-parallel.test.ts runs GNU parallel: without it, it skips and the setup says so once.
        test: { name: 'shared', include: TESTS, exclude: [...configDefaults.exclude, ...MOCKING, ...BROWSER], isolate: false, globalSetup: ['test/helpers/parallel.ts'] },
      },
      { extends: true, test: { name: 'browser', include: BROWSER, isolate: false, globalSetup: ['test/helpers/chromium.ts'] } },
      { extends: true, test: { name: 'isolated', include: MOCKING } },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      // The bin's process entry, run as a child process by test/cli/trec.test.ts where coverage cannot see,
      // and what `require('rankeval/vitest')` loads (it only throws; test/smoke/package.test.ts requires it).
      exclude: ['src/cli/index.ts', 'src/vitest-require.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
