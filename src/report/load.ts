// The report's drawing code loads on first use: Observable Plot and linkedom are optional peer dependencies,
// installed only by those who want reports, so the library, the matchers and every other command of the CLI
// run without them, and a report asked for without them fails with one line saying what to install.
import { RankevalError } from '../core/errors.js';
import type * as Html from './html.js';

export const REPORT_LIBRARIES = ['@observablehq/plot', 'linkedom'] as const;

/** What the CLI prints after "rankeval report: " when they are missing; the library's error says it after "rankeval report ". */
export const NEEDS_LIBRARIES = `needs ${REPORT_LIBRARIES.join(' and ')}: npm install ${REPORT_LIBRARIES.join(' ')}`;

/**
 * Imports the module that draws the report (src/report/html.ts, which imports Observable Plot and linkedom).
 *
 * @throws {RankevalError} `missing_dependency` when either library cannot be loaded.
 */
export async function loadRenderer(load: () => Promise<typeof Html> = () => import('./html.js')): Promise<typeof Html> {
  try {
    return await load();
  } catch (error) {
    // A foreign error (a failed dynamic import): Node, Bun and Deno word a missing package differently, and
    // each names it in its message, the one place rankeval reads it.
    const message = error instanceof Error ? error.message : String(error);
    if (!REPORT_LIBRARIES.some((name) => message.includes(name))) throw error;
    throw new RankevalError({
      code: 'missing_dependency',
      problem: `rankeval report ${NEEDS_LIBRARIES}`,
      expected: `${REPORT_LIBRARIES.join(' and ')} installed`,
      received: message,
    });
  }
}
