// Internal: the counts of a ranking whose tie groups are each in a uniformly random order (`ties:
// 'average'`): their expectations, so that the metrics computed from them are expectations too.
import type { Gain } from '../core/types.js';
import { isRelevant } from '../core/judgments.js';
import type { TieGroup } from '../core/ordering.js';
import type { CutoffCounts, Hit } from './judged-ranking.js';
import { discountTable, gainOf, hitsGainScale } from './gains.js';

/**
 * The expected counts of a ranking whose tie groups are each in a uniformly random order (`ties:
 * 'average'`, McSherry & Najork 2008), at each cutoff (ascending). Every measure computed from these counts
 * that is linear in them (P, recall, F at a fixed k, AP, R-precision, DCG, NDCG) is then its own expectation;
 * RR and success read the expectations `reciprocalRank` and `success` computed here. For a group at ranks
 * s … s + n − 1 holding r relevant documents, with b relevant documents ranked before it:
 * - each rank i of the group holds a relevant document with probability r / n, so m of its ranks inside a
 *   cutoff hold m·r/n in expectation (the hypergeometric mean), and its DCG is its mean gain × the sum of
 *   the discounts of those ranks;
 * - AP's numerator: E[rel_i · (relevant in the top i)] = (r/n)(b + 1) + (i − s)·r(r − 1)/(n(n − 1)), divided
 *   by i (the i − s ranks before i in the group each hold a second relevant document with probability
 *   (r − 1)/(n − 1));
 * - the first relevant document is in the first group with r > 0, at its j-th rank (from 0) with
 *   probability (r/(n − j))·Π_{t<j} (n − r − t)/(n − t): RR@k = Σ_{s+j ≤ k} P(j)/(s + j), success@k = Σ P(j).
 * Ranks outside every group count as in countFromHits (a group of one).
 * @example a ranking x, {a, b} tied at ranks 2–3, with a relevant (R = 1): P@2 = (1/2)/2, RR = (1/2)/2 + (1/2)/3.
 */
export function expectedCountsFromHits(
  hits: readonly Hit[],
  length: number,
  relevant: number,
  cutoffs: readonly number[],
  relevanceThreshold: number,
  gain: Gain | null,
  tieGroups: readonly TieGroup[],
  fn: string,
): CutoffCounts[] {
  const depth = Math.min(length, cutoffs[cutoffs.length - 1] ?? 0);
  const discount = discountTable(depth);
  const gainScale = hitsGainScale(hits, gain, fn);
  const segments = segmentsOf(hits, tieGroups, depth, (grade) => [
    isRelevant(grade, relevanceThreshold) ? 1 : 0,
    gain !== null && grade > 0 ? gainOf(grade, gain, fn) * gainScale : 0,
  ]);
  const first = segments.find((segment) => segment.relevant > 0);
  const firstAt = first === undefined ? [] : firstRelevantChances(first);
  const relevantInTopR = expectedRelevantWithin(segments, relevant);
  const out: CutoffCounts[] = [];
  let relevantBefore = 0;
  let precisionSum = 0;
  let dcg = 0;
  let next = 0;
  for (const k of cutoffs) {
    const limit = Math.min(k, depth);
    for (; next < segments.length && segments[next]!.start + segments[next]!.size - 1 <= limit; next++) {
      const segment = segments[next]!;
      const [ps, d] = segmentTerms(segment, segment.start + segment.size - 1, relevantBefore, discount);
      precisionSum += ps;
      dcg += d;
      relevantBefore += segment.relevant;
    }
    const [relevantRetrieved, psAt, dcgAt, contextPrecision] = withStraddling(segments[next], limit, relevantBefore, precisionSum, dcg, discount);
    out.push({
      k,
      retrieved: Math.min(k, length),
      relevant,
      relevantRetrieved,
      precisionSum: psAt,
      ...firstRelevantWithin(first, firstAt, limit),
      contextPrecision,
      relevantInTopR: k < relevant ? relevantRetrieved : relevantInTopR,
      dcg: dcgAt,
      idcg: 0,
      gainScale,
    });
  }
  return out;
}

/** A run of ranks counted as one: a tie group, or a single judged document outside them. */
interface Segment {
  readonly start: number;
  readonly size: number;
  /** Relevant documents among its ranks. */
  relevant: number;
  /** The sum of their gains (× gainScale). */
  gainSum: number;
}

/**
 * The segments down to `depth`, in rank order: each tie group, and each judged document outside them that
 * is relevant or has gain. `weigh` gives a grade's relevance (0 or 1) and scaled gain.
 */
function segmentsOf(hits: readonly Hit[], tieGroups: readonly TieGroup[], depth: number, weigh: (grade: number) => [number, number]): Segment[] {
  const segments: Segment[] = [];
  let hit = 0;
  const addHits = (below: number, segment: Segment | null): void => {
    for (; hit < hits.length && hits[hit]![0] < below; hit++) {
      const [rank, grade] = hits[hit]!;
      const [isRel, g] = weigh(grade);
      if (segment !== null) {
        segment.relevant += isRel;
        segment.gainSum += g;
      } else if (isRel !== 0 || g !== 0) segments.push({ start: rank, size: 1, relevant: isRel, gainSum: g });
    }
  };
  for (const group of tieGroups) {
    if (group.start > depth) break;
    addHits(group.start, null);
    const segment = { start: group.start, size: group.size, relevant: 0, gainSum: 0 };
    addHits(group.start + group.size, segment);
    if (segment.relevant !== 0 || segment.gainSum !== 0) segments.push(segment);
  }
  addHits(depth + 1, null);
  return segments;
}

/** P(the first relevant document is at the j-th rank of `first`), for j from 0: where it can be, and how likely. */
function firstRelevantChances(first: Segment): number[] {
  const firstAt: number[] = [];
  let noneYet = 1;
  for (let j = 0; j < first.size - first.relevant + 1; j++) {
    firstAt.push((noneYet * first.relevant) / (first.size - j));
    noneYet *= (first.size - first.relevant - j) / (first.size - j);
  }
  return firstAt;
}

/** The expected number of relevant documents in the top k. */
function expectedRelevantWithin(segments: readonly Segment[], k: number): number {
  let sum = 0;
  for (const { start, size, relevant: r } of segments) {
    if (start > k) break;
    sum += start + size - 1 <= k ? r : ((k - start + 1) * r) / size;
  }
  return sum;
}

/**
 * The terms of a segment's ranks start … last, after `relevantBefore` relevant documents: its share of AP's
 * numerator and of DCG.
 */
function segmentTerms(segment: Segment, last: number, relevantBefore: number, discount: Float64Array): [number, number] {
  const { start, size, relevant: r, gainSum } = segment;
  const share = r / size;
  const pairs = size > 1 ? (r * (r - 1)) / (size * (size - 1)) : 0;
  const meanGain = gainSum / size;
  let ps = 0;
  let d = 0;
  for (let rank = start; rank <= last; rank++) {
    if (r !== 0) ps += (share * (relevantBefore + 1) + (rank - start) * pairs) / rank;
    if (meanGain !== 0) d += meanGain / discount[rank]!;
  }
  return [ps, d];
}

/**
 * The expected relevant retrieved, AP numerator, DCG and context precision within `limit`, from their sums
 * over the segments wholly inside it and the segment that straddles it (the next one, when it starts within).
 */
function withStraddling(
  straddling: Segment | undefined,
  limit: number,
  relevantBefore: number,
  precisionSum: number,
  dcg: number,
  discount: Float64Array,
): [number, number, number, number] {
  let relevantRetrieved = relevantBefore;
  let psAt = precisionSum;
  let dcgAt = dcg;
  let contextPrecision = relevantBefore === 0 ? 0 : precisionSum / relevantBefore;
  if (straddling !== undefined && straddling.start <= limit) {
    const [ps, d] = segmentTerms(straddling, limit, relevantBefore, discount);
    relevantRetrieved += ((limit - straddling.start + 1) * straddling.relevant) / straddling.size;
    psAt += ps;
    dcgAt += d;
    if (straddling.relevant > 0) contextPrecision = expectedContextPrecision(straddling, limit, relevantBefore, precisionSum);
  }
  return [relevantRetrieved, psAt, dcgAt, contextPrecision];
}

/** The first relevant document's rank, RR and success within `limit`, from its chances in `first`. */
function firstRelevantWithin(
  first: Segment | undefined,
  firstAt: readonly number[],
  limit: number,
): Pick<CutoffCounts, 'firstRelevantRank' | 'reciprocalRank' | 'success'> {
  if (first === undefined) return { firstRelevantRank: 0, reciprocalRank: 0, success: 0 };
  let reciprocalRank = 0;
  let success = 0;
  for (let j = 0; j < firstAt.length && first.start + j <= limit; j++) {
    reciprocalRank += firstAt[j]! / (first.start + j);
    success += firstAt[j]!;
  }
  return {
    firstRelevantRank: first.start <= limit ? first.start : 0,
    reciprocalRank,
    // 1 exactly when the whole first group is inside the cutoff (the probabilities sum to 1 up to rounding).
    success: first.start + first.size - 1 <= limit ? 1 : success,
  };
}

/**
 * E[precisionSum / relevantRetrieved] when a tie group (s, n, r relevant) crosses the cutoff at `limit`,
 * keeping m = limit − s + 1 of its ranks: the m documents kept hold h relevant ones with the hypergeometric
 * probability C(r, h)·C(n − r, m − h) / C(n, m), in a uniformly random order, so given h the group adds
 * (h/m)(b + 1)·Σ 1/i + h(h − 1)/(m(m − 1))·Σ (i − s)/i to the numerator (i over the kept ranks) and h to the
 * denominator. The probabilities are taken from their logarithms, which neither overflow nor underflow.
 */
function expectedContextPrecision(group: { start: number; size: number; relevant: number }, limit: number, relevantBefore: number, precisionBefore: number): number {
  const { start, size: n, relevant: r } = group;
  const m = limit - start + 1;
  let harmonic = 0;
  let offsetHarmonic = 0;
  for (let rank = start; rank <= limit; rank++) {
    harmonic += 1 / rank;
    offsetHarmonic += (rank - start) / rank;
  }
  const lowest = Math.max(0, m - (n - r));
  const highest = Math.min(r, m);
  // log of C(r, h)·C(n − r, m − h), up to a constant, from h = lowest by the ratio of successive terms.
  const logWeights: number[] = [0];
  for (let h = lowest; h < highest; h++) logWeights.push(logWeights[logWeights.length - 1]! + Math.log(((r - h) * (m - h)) / ((h + 1) * (n - r - m + h + 1))));
  const largest = Math.max(...logWeights);
  let total = 0;
  let weighted = 0;
  for (let h = lowest; h <= highest; h++) {
    const weight = Math.exp(logWeights[h - lowest]! - largest);
    total += weight;
    const retrieved = relevantBefore + h;
    if (retrieved === 0) continue;
    const pairs = m > 1 ? (h * (h - 1)) / (m * (m - 1)) : 0;
    weighted += (weight * (precisionBefore + (h / m) * (relevantBefore + 1) * harmonic + pairs * offsetHarmonic)) / retrieved;
  }
  return weighted / total;
}
