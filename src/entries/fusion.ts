// `rankeval/fusion`: several runs fused into one, and a fusion's setting tuned by cross-validation. Rule:
// every export of src/fusion/ comes from here, not from `rankeval`. Node-free.

/** Fusion: reciprocal-rank fusion, the Comb family, weighted sums, Borda, Condorcet …, after a normalisation. */
export { fuse } from '../fusion/fuse.js';
export type { FuseOptions, FusionMethod, FusionNorm } from '../fusion/options.js';
export type { FusionRun } from '../fusion/runs.js';

/** Tuning: a fusion's weights (or k) searched on a grid or at random, scored by cross-validation. */
export { optimizeFusion, type FusionFold, type FusionOptimization, type OptimizeFusionOptions } from '../fusion/optimize.js';
export type { FusionSetting, OptimizedFusionMethod } from '../fusion/grid.js';
