// `import 'rankeval/vitest'` registers the ranking matchers on vitest's expect and declares their types,
// as jest-dom's `/vitest` entry does. Its own entry: the library entry never imports vitest.
import { expect } from 'vitest';
import { rankevalMatchers, type RankevalMatchers } from './matchers/index.js';

expect.extend(rankevalMatchers);

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends RankevalMatchers<T> {}
}

export type { GateOptions, MeasureBounds, RankevalMatchers, RegressionOptions } from './matchers/index.js';
