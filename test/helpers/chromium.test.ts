// When the browser tests run, skip or fail: the lookup of test/helpers/chromium.ts on environments written out.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lookUpChromium } from './chromium.js';

const dir = mkdtempSync(join(tmpdir(), 'rankeval-chromium-'));
const browser = join(dir, 'chromium');
writeFileSync(browser, '#!/bin/sh\n');
chmodSync(browser, 0o755);
const notExecutable = join(dir, 'readme');
writeFileSync(notExecutable, '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lookUpChromium', () => {
  it('takes RANKEVAL_CHROMIUM when it names an executable file', () => {
    expect(lookUpChromium({ RANKEVAL_CHROMIUM: browser })).toEqual({ path: browser, skip: false, missing: '' });
  });

  it('counts a missing path, a directory and a file without the execute bit as no browser', () => {
    for (const path of ['/nonexistent', dir, notExecutable]) expect(lookUpChromium({ RANKEVAL_CHROMIUM: path }), path).toMatchObject({ path: undefined, skip: true });
  });

  it('skips outside CI with one line naming the tests, the path looked at and how to run them', () => {
    expect(lookUpChromium({ RANKEVAL_CHROMIUM: '/nonexistent', CI: 'false' }).missing).toBe(
      "SKIPPED test/report/browser.test.ts, test/docs/playground.test.ts, test/cli/judge-page-browser.test.ts and the Chromium test of test/smoke/install.test.ts: no Chromium at RANKEVAL_CHROMIUM=/nonexistent; to run them, install Debian's chromium (apt-get install chromium) or set RANKEVAL_CHROMIUM=/path/to/chromium (CI runs them)",
    );
  });

  it('fails instead in CI (CI set but to "", 0 or false) or with RANKEVAL_REQUIRE_BROWSER=1', () => {
    const required = (env: NodeJS.ProcessEnv) => !lookUpChromium({ RANKEVAL_CHROMIUM: '/nonexistent', ...env }).skip;
    expect([{ CI: 'true' }, { CI: '1' }, { CI: 'TRUE' }, { RANKEVAL_REQUIRE_BROWSER: '1' }, { CI: 'false', RANKEVAL_REQUIRE_BROWSER: '1' }].map(required)).toEqual([true, true, true, true, true]);
    expect([{}, { CI: '' }, { CI: '0' }, { CI: 'False' }, { RANKEVAL_REQUIRE_BROWSER: '0' }].map(required)).toEqual([false, false, false, false, false]);
    expect(lookUpChromium({ RANKEVAL_CHROMIUM: '/nonexistent', CI: 'true' }).missing).toBe(
      "no Chromium at RANKEVAL_CHROMIUM=/nonexistent, and the browser tests are required here (RANKEVAL_REQUIRE_BROWSER=1 or CI): install Debian's chromium (apt-get install chromium) or set RANKEVAL_CHROMIUM=/path/to/chromium",
    );
  });
});
