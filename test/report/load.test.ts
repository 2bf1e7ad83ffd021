// The report's libraries are optional peer dependencies: without them, rendering fails with one line naming
// the command that installs them (test/smoke/install.test.ts checks this on the packed package, where they
// are really missing); any other failure to load passes through unchanged. A missing module is told by the
// error's `code`, never its text, and a missing library from any other module by loading each library.
import { describe, expect, it } from 'vitest';
import { isRankevalError } from '../../src/index.js';
import { loadRenderer } from '../../src/report/load.js';

// How Node words a missing package for import() and for require().
const notFound = (message: string, code: string) => Object.assign(new Error(message), { code });

/** A loader of the libraries under which `missing` are not installed. */
const without =
  (...missing: string[]) =>
  (name: string): Promise<unknown> =>
    missing.includes(name) ? Promise.reject(notFound(`Cannot find package '${name}'`, 'ERR_MODULE_NOT_FOUND')) : Promise.resolve({});

describe('loadRenderer', () => {
  it.each([
    ["Cannot find package '@observablehq/plot' imported from /app/node_modules/rankeval/dist/html-X.js", 'ERR_MODULE_NOT_FOUND', ['@observablehq/plot']],
    ["Cannot find module 'linkedom'\nRequire stack:\n- /app/node_modules/rankeval/dist/html-X.cjs", 'MODULE_NOT_FOUND', ['linkedom']],
  ])('a missing library (%s) is a missing_dependency error naming the install command', async (message, code, missing) => {
    const failure = notFound(message, code);
    const error = await loadRenderer(() => Promise.reject(failure), without(...missing)).catch((caught: unknown) => caught);
    expect(isRankevalError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'missing_dependency',
      message: 'rankeval report needs @observablehq/plot and linkedom: npm install @observablehq/plot linkedom',
      facts: { packages: missing },
      received: missing,
      cause: failure,
    });
  });

  it('any other failure is passed through as it is', async () => {
    const failure = notFound("Cannot find module './html-X.js'", 'ERR_MODULE_NOT_FOUND');
    await expect(loadRenderer(() => Promise.reject(failure), without())).rejects.toBe(failure);
  });

  it("an error without a module code is passed through, whatever its text names", async () => {
    const failure = new Error("Cannot find package '@observablehq/plot'");
    await expect(loadRenderer(() => Promise.reject(failure), without('@observablehq/plot'))).rejects.toBe(failure);
  });

  it('loads the drawing module when the libraries are installed (they are devDependencies here)', async () => {
    const { renderReportData } = await loadRenderer();
    expect(typeof renderReportData).toBe('function');
  });
});
