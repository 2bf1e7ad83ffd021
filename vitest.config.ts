import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    // CI runs on a busy 2-core machine: a test's speed there says nothing about the code, so a timeout only
    // catches a hang. Expensive tests are kept cheap on their own (see test/stats/reference.test.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest runs one file at a time on a 2-core machine by default (cores − 1 workers); two at a time
    // nearly halve the suite there, most files being waits on imports and child processes.
    maxWorkers: 2,
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
