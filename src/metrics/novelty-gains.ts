// Novelty-biased gains (Clarke et al. 2008), which alpha-nDCG and ERR-IA sum: a document's gain over the
// aspects it covers, each worth (1 − alpha) less for every document above covering it; ndeval's greedy
// ideal ranking; and the normaliser of ERR-IA.
import { compareUtf8 } from '../core/ordering.js';
import type { AspectCoverage } from './aspect-coverage.js';

/**
 * Novelty-biased gains: at each rank, the sum over the aspects the document covers of (1 − alpha)^n, where n
 * counts the documents above it covering that aspect (the first is worth 1, each repeat a factor 1 − alpha
 * less). Aspects are summed in their order, as ndeval sums its subtopics.
 */
export function noveltyGains(ranking: readonly string[], coverage: AspectCoverage, depth: number, alpha: number): Float64Array {
  const weight = new Float64Array(coverage.count).fill(1);
  const gains = new Float64Array(depth);
  for (let rank = 0; rank < depth; rank++) {
    let gain = 0;
    for (const aspect of coverage.covers.get(ranking[rank]!) ?? []) {
      gain += weight[aspect]!;
      weight[aspect]! *= 1 - alpha;
    }
    gains[rank] = gain;
  }
  return gains;
}

/** Σ gain / log2(rank + 1) over the first `depth` gains, the discount written as ndeval writes it. */
export function discountedSum(gains: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < gains.length; i++) sum += gains[i]! * (i === 0 ? 1 : Math.LN2 / Math.log(i + 2));
  return sum;
}

/**
 * ndeval's ideal ranking, built greedily to `depth` ranks: at each rank the judged document of largest
 * novelty-biased gain given those above it, ties to the greatest id in UTF-8 byte order (ndeval's strcmp).
 * Exact ideal ordering is NP-hard; the greedy one is what ndeval (and so ir_measures) normalises by, and a
 * ranking can beat it (see alphaNdcg). Only documents covering some aspect are candidates: the others add
 * no gain wherever they stand.
 */
export function greedyIdealGains(coverage: AspectCoverage, depth: number, alpha: number): Float64Array {
  const candidates = [...coverage.covers.keys()];
  const weight = new Float64Array(coverage.count).fill(1);
  const gains = new Float64Array(Math.min(depth, candidates.length));
  const placed = new Uint8Array(candidates.length);
  for (let rank = 0; rank < gains.length; rank++) {
    let best = -1;
    let bestGain = 0;
    for (let i = 0; i < candidates.length; i++) {
      if (placed[i] === 1) continue;
      let gain = 0;
      for (const aspect of coverage.covers.get(candidates[i]!)!) gain += weight[aspect]!;
      if (best === -1 || gain > bestGain || (gain === bestGain && compareUtf8(candidates[i]!, candidates[best]!) > 0)) {
        best = i;
        bestGain = gain;
      }
    }
    placed[best] = 1;
    gains[rank] = bestGain;
    for (const aspect of coverage.covers.get(candidates[best]!)!) weight[aspect]! *= 1 - alpha;
  }
  return gains;
}

/**
 * Σ_{r ≤ k} m · (1 − alpha)^{r−1} / r: what ERR-IA@k sums for an "ideal ideal" ranking, one whose every
 * document covers all m aspects. For k = Infinity the series' limit, m · ln(1/alpha) / (1 − alpha) (from
 * Σ x^{r−1} / r = −ln(1 − x) / x at x = 1 − alpha), which is finite for alpha > 0.
 */
export function idealIdealErr(aspects: number, k: number, alpha: number): number {
  if (k === Infinity) return alpha === 1 ? aspects : (aspects * -Math.log(alpha)) / (1 - alpha);
  let sum = 0;
  let gain = aspects;
  for (let r = 1; r <= k; r++) {
    sum += gain / r;
    gain *= 1 - alpha;
  }
  return sum;
}
