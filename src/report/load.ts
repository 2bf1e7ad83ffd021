// The report's drawing code loads on first use: Observable Plot and linkedom are optional peer dependencies,
// installed only by those who want reports, so the library, the matchers and every other command of the CLI
// run without them, and a report asked for without them fails with one line saying what to install.
import { RankevalError } from '../core/errors.js';
import type * as Html from './html.js';

export const REPORT_LIBRARIES = ['@observablehq/plot', 'linkedom'] as const;

/** What the CLI prints after "rankeval report: " when they are missing; the library's error says it after "rankeval report ". */
export const NEEDS_LIBRARIES = `needs ${REPORT_LIBRARIES.join(' and ')}: npm install ${REPORT_LIBRARIES.join(' ')}`;

/** How each library is loaded, to find which is missing (a literal import each, which bundlers leave to the runtime). */
const LIBRARY_LOADERS: Readonly<Record<(typeof REPORT_LIBRARIES)[number], () => Promise<unknown>>> = {
  '@observablehq/plot': () => import('@observablehq/plot'),
  linkedom: () => import('linkedom'),
};

/** The codes Node (and Bun) give a module not found: by `import()`, by `require()`. */
const NOT_FOUND = ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND'];

/** Whether `error` says a module was not found, by its `code` (never its text, which each runtime words its own way). */
function notFound(error: unknown): boolean {
  try {
    return typeof error === 'object' && error !== null && NOT_FOUND.includes((error as { code?: unknown }).code as string);
  } catch {
    return false; // a revoked Proxy, a getter that throws: no module error
  }
}

/**
 * Imports the module that draws the report (src/report/html.ts, which imports Observable Plot and linkedom).
 * When it is not found, each library is loaded (`loadLibrary`) to tell a missing library from any other
 * module not found, which is passed through as it is.
 *
 * @throws {RankevalError} `missing_dependency` when either library cannot be loaded: `facts.packages` the
 *   libraries missing, the import's own error the `cause`.
 */
export async function loadRenderer(
  load: () => Promise<typeof Html> = () => import('./html.js'),
  loadLibrary: (name: (typeof REPORT_LIBRARIES)[number]) => Promise<unknown> = (name) => LIBRARY_LOADERS[name](),
): Promise<typeof Html> {
  try {
    return await load();
  } catch (error) {
    if (!notFound(error)) throw error;
    const missing: string[] = [];
    for (const name of REPORT_LIBRARIES) {
      try {
        await loadLibrary(name);
      } catch (failure) {
        if (!notFound(failure)) throw failure;
        missing.push(name);
      }
    }
    if (missing.length === 0) throw error;
    throw new RankevalError(
      { code: 'missing_dependency', facts: { packages: missing }, problem: `rankeval report ${NEEDS_LIBRARIES}`, expected: `${REPORT_LIBRARIES.join(' and ')} installed`, received: missing },
      { cause: error },
    );
  }
}
