// GNU parallel for test/cli/shard-parallel.test.ts, which runs the sharding guide's (docs/sharding.md) shard-and-merge recipe with it.
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { isExecutable, isRequired, type ToolLookup } from './tools.js';

const HOW = "install Debian's parallel (apt-get install parallel)";

/**
 * Finds GNU parallel: the first `parallel` on `env.PATH` that is executable, if `parallel --version` says
 * `GNU parallel` (moreutils' `parallel`, which takes other arguments, does not count).
 *
 * A missing parallel fails the test that needs it when `RANKEVAL_REQUIRE_TOOLS=1` (.ci/run sets it) or
 * `CI` is set (see {@link isRequired}); elsewhere the test skips and {@link teardown} prints `missing` once.
 *
 * @example lookUpParallel({ PATH: '/nonexistent' }).skip // => true
 * @example lookUpParallel({ PATH: '/nonexistent', RANKEVAL_REQUIRE_TOOLS: '1' }).skip // => false: it fails
 */
export function lookUpParallel(env: NodeJS.ProcessEnv): ToolLookup {
  const path = (env['PATH'] ?? '').split(delimiter).map((dir) => join(dir, 'parallel')).find(isExecutable);
  if (path !== undefined && isGnuParallel(path)) return { path, skip: false, missing: '' };
  const what = path === undefined ? 'no GNU parallel on PATH' : `${path} is not GNU parallel`;
  const required = isRequired(env, 'RANKEVAL_REQUIRE_TOOLS');
  return {
    path: undefined,
    skip: !required,
    missing: required
      ? `${what}, and test/cli/shard-parallel.test.ts is required here (RANKEVAL_REQUIRE_TOOLS=1 or CI): ${HOW}`
      : `SKIPPED test/cli/shard-parallel.test.ts: ${what}; to run it, ${HOW} (CI runs it)`,
  };
}

/** True when `path --version` prints GNU parallel's first line. */
function isGnuParallel(path: string): boolean {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return result.status === 0 && result.stdout.startsWith('GNU parallel');
}

/** GNU parallel as the tests find it, read once from this process's environment. */
export const parallelForTests = lookUpParallel(process.env);

/** Vitest's global teardown (vitest.config.ts): prints the skip line once per run, after the run. */
export function teardown(): void {
  if (parallelForTests.skip) process.stderr.write(`\n${parallelForTests.missing}\n\n`);
}
