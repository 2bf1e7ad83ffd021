import { chromium, type Browser, type Page } from 'playwright-core';
import { isExecutable, isRequired, type ToolLookup } from './tools.js';

/** Debian's Chromium, which .ci/run installs (`apt-get install chromium`). */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The tests that need a browser, as the skip line names them. */
const BROWSER_TESTS = 'test/report/browser.test.ts, test/docs/playground.test.ts, test/cli/judge-page-browser.test.ts and the Chromium test of test/smoke/install.test.ts';

/**
 * Finds the Chromium that the browser tests drive through playwright-core.
 *
 * The executable is `RANKEVAL_CHROMIUM` when set (another Chromium-based browser: GitHub's runners have
 * Chrome), else Debian's `/usr/bin/chromium`; nothing else is searched, so `RANKEVAL_CHROMIUM=/nonexistent`
 * stands for a machine without a browser. It counts as found when it is an executable file.
 *
 * A missing browser is a failure when `RANKEVAL_REQUIRE_BROWSER=1` (.ci/run sets it) or `CI` is set to
 * anything but `''`, `0` or `false` (CI services set `CI=true`): the tests run and fail with `missing`.
 * Elsewhere they skip, and {@link teardown} prints `missing` once per run.
 *
 * @example lookUpChromium({ RANKEVAL_CHROMIUM: '/nonexistent' }).skip // => true
 * @example lookUpChromium({ RANKEVAL_CHROMIUM: '/nonexistent', CI: 'true' }).skip // => false: the tests fail
 */
export function lookUpChromium(env: NodeJS.ProcessEnv): ToolLookup {
  const named = env['RANKEVAL_CHROMIUM'];
  const path = named === undefined || named === '' ? DEBIAN_CHROMIUM : named;
  if (isExecutable(path)) return { path, skip: false, missing: '' };
  const where = path === named ? `RANKEVAL_CHROMIUM=${path}` : path;
  const how = `install Debian's chromium (apt-get install chromium) or set RANKEVAL_CHROMIUM=/path/to/chromium`;
  const required = isRequired(env, 'RANKEVAL_REQUIRE_BROWSER');
  return {
    path: undefined,
    skip: !required,
    missing: required
      ? `no Chromium at ${where}, and the browser tests are required here (RANKEVAL_REQUIRE_BROWSER=1 or CI): ${how}`
      : `SKIPPED ${BROWSER_TESTS}: no Chromium at ${where}; to run them, ${how} (CI runs them)`,
  };
}

/**
 * Saves a screenshot of the page under test-output/ for a person to look at, when `RANKEVAL_SCREENSHOTS=1`:
 * the tests check what they see through the page itself, and a full-page screenshot costs about a second
 * of CPU that a plain `npm test` does not need.
 */
export async function saveScreenshot(page: Page, path: string, fullPage = true): Promise<void> {
  if (process.env['RANKEVAL_SCREENSHOTS'] === '1') await page.screenshot({ path, fullPage });
}

/** The browser tests' Chromium, read once from this process's environment. */
export const chromiumForTests = lookUpChromium(process.env);

/** The Chromium executable to launch; throws the reason when it is missing (a test that is not skipped). */
export function chromiumPath(): string {
  if (chromiumForTests.path === undefined) throw new Error(chromiumForTests.missing);
  return chromiumForTests.path;
}

// The flags this machine's closed network needs: no background connections, no sandbox as root.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Headless Chromium, launched for the browser tests (throws the reason when it is missing). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: FLAGS });
}

/**
 * What `page` will log as an error or a warning, and its uncaught errors, one line each as they come: the
 * list a test expects to stay empty.
 */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/**
 * Vitest's global teardown of the project holding the browser tests (vitest.config.ts): prints the skip
 * line once per run, after the run, so that it is the last line of `npm test`.
 */
export function teardown(): void {
  if (chromiumForTests.skip) process.stderr.write(`\n${chromiumForTests.missing}\n\n`);
}
