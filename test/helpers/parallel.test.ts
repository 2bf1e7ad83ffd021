// When the recipe of GNU parallel runs, skips or fails: the lookup of test/helpers/parallel.ts on PATHs
// written out, with stand-ins for GNU's and moreutils' parallel.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lookUpParallel } from './parallel.js';

const dir = mkdtempSync(join(tmpdir(), 'rankeval-parallel-'));
/** A directory holding an executable `parallel` that prints `version` and exits with `status`. */
function standIn(name: string, version: string, status = 0): string {
  mkdirSync(join(dir, name));
  writeFileSync(join(dir, name, 'parallel'), `#!/bin/sh\necho '${version}'\nexit ${status}\n`);
  chmodSync(join(dir, name, 'parallel'), 0o755);
  return join(dir, name);
}
const gnu = standIn('gnu', 'GNU parallel 20221122');
const moreutils = standIn('moreutils', 'parallel: invalid option -- -', 1);
const notExecutable = join(dir, 'plain');
mkdirSync(notExecutable);
writeFileSync(join(notExecutable, 'parallel'), '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lookUpParallel', () => {
  it('takes the first parallel on PATH that is executable and says it is GNU parallel', () => {
    expect(lookUpParallel({ PATH: `/nonexistent:${notExecutable}:${gnu}:${moreutils}` })).toEqual({ path: join(gnu, 'parallel'), skip: false, missing: '' });
  });

  it('skips outside CI with one line naming the test and how to run it', () => {
    expect(lookUpParallel({ PATH: `/nonexistent:${notExecutable}` })).toEqual({
      path: undefined,
      skip: true,
      missing: "SKIPPED test/cli/shard-parallel.test.ts: no GNU parallel on PATH; to run it, install Debian's parallel (apt-get install parallel) (CI runs it)",
    });
    expect(lookUpParallel({}).skip).toBe(true);
  });

  it("does not count moreutils' parallel, and names it", () => {
    expect(lookUpParallel({ PATH: `${moreutils}:${gnu}` }).missing).toBe(
      `SKIPPED test/cli/shard-parallel.test.ts: ${join(moreutils, 'parallel')} is not GNU parallel; to run it, install Debian's parallel (apt-get install parallel) (CI runs it)`,
    );
  });

  it('fails instead in CI or with RANKEVAL_REQUIRE_TOOLS=1', () => {
    const required = (env: NodeJS.ProcessEnv) => !lookUpParallel({ PATH: '/nonexistent', ...env }).skip;
    expect([{ CI: 'true' }, { RANKEVAL_REQUIRE_TOOLS: '1' }, { CI: 'false', RANKEVAL_REQUIRE_TOOLS: '1' }].map(required)).toEqual([true, true, true]);
    expect([{ CI: '0' }, { RANKEVAL_REQUIRE_TOOLS: '0' }, { RANKEVAL_REQUIRE_BROWSER: '1' }].map(required)).toEqual([false, false, false]);
    expect(lookUpParallel({ PATH: '/nonexistent', CI: 'true' }).missing).toBe(
      "no GNU parallel on PATH, and test/cli/shard-parallel.test.ts is required here (RANKEVAL_REQUIRE_TOOLS=1 or CI): install Debian's parallel (apt-get install parallel)",
    );
  });
});
