// What the tests that run a tool of the system (Chromium, GNU parallel) share: whether the tool is there,
// and whether its absence skips them or fails them.
import { accessSync, constants, statSync } from 'node:fs';

/** Where tests find a tool of the system, and what happens when they do not. */
export interface ToolLookup {
  /** The executable, or undefined when it is missing. */
  readonly path: string | undefined;
  /** True when the tests skip: the tool is missing and not required. */
  readonly skip: boolean;
  /** Why the tool is missing and how to get it, one line; empty when it was found. */
  readonly missing: string;
}

/**
 * True where a missing tool fails its tests instead of skipping them: `env[variable]` is `1` (.ci/run sets
 * the variables), or `CI` is set to anything but `''`, `0` or `false` (CI services set `CI=true`).
 *
 * @example isRequired({ CI: 'true' }, 'RANKEVAL_REQUIRE_TOOLS') // => true
 * @example isRequired({ CI: 'false' }, 'RANKEVAL_REQUIRE_TOOLS') // => false
 */
export function isRequired(env: NodeJS.ProcessEnv, variable: string): boolean {
  const ci = env['CI'];
  return env[variable] === '1' || (ci !== undefined && !['', '0', 'false'].includes(ci.toLowerCase()));
}

/** True when `path` is a file this process may execute. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
