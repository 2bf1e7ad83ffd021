// What `require('rankeval/vitest')` loads: vitest cannot be required (it is ESM-only), so neither can the
// entry that registers matchers on its expect. One line says so instead of an error from inside vitest.
throw new Error(
  "rankeval/vitest cannot be loaded with require(): vitest is ESM-only. Import it from an ES module (import 'rankeval/vitest' in a test or a setupFiles file), or use rankeval/matchers with expect.extend",
);
