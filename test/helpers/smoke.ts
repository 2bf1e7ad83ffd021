// What test/smoke/import.mjs and require.cjs print when the built package works, loaded from this repository
// (test/smoke/package.test.ts) or installed from its tarball (test/smoke/install.test.ts).

/**
 * The worked example's numbers, the same error class whichever entry threw (one copy of the library), and the
 * specialist entries' calls: RRF (k = 60) ranks d2 (in both runs) above d1; with d1 > d3 > d2 preferred, the
 * ranking d1, d2, d3 orders two of the three pairs as preferred; one aspect of two is covered at rank 1. Their
 * errors: fuse's k = 0, preferences that are not an object, a cutoff of 0.
 */
export const SMOKE = {
  ndcg: '0.6388',
  mrr: 1,
  guarded: true,
  matcher: true,
  oneLibrary: ['invalid_cutoff', 'invalid_cutoff', 'unknown_measure', 'invalid_option', 'invalid_qrels', 'invalid_cutoff'],
  className: ['RankevalError', 'RankevalError', 'RankevalError'],
  specialist: { fused: ['d2', 'd1'], preferred: 2 / 3, aspects: 1 / 2 },
  retriever: { mrr: 0.5, failed: ['slow'], timed: true, kept: ['fast', 'slow'] },
};

/** What require.cjs prints for `require('rankeval/vitest')`: vitest is ESM-only. */
export const VITEST_CJS = 'rankeval/vitest cannot be loaded with require()';
