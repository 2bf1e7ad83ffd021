// Internal: reads and checks the inputs every metric shares, and counts, in one pass over a ranking,
// everything the metrics need at several cutoffs. Each metric module turns these counts into its number,
// so that a metric has a single definition whether it is called alone, through evaluate() or evaluateRun().
import { fail, ownFields, ownOptions, readFailure, whileReading } from '../core/errors.js';
import type { ApDenominator, Gain, MetricOptions, Ties } from '../core/types.js';
import { indexIds, rankOf } from '../core/id-index.js';

/** The judgments of one query, read once. */
export interface Judgments {
  /** id → grade, for every judged document. */
  readonly grades: ReadonlyMap<string, number>;
  /** R: the number of relevant documents (grade ≥ threshold and grade ≥ 0). */
  readonly relevant: number;
}

/** Options with their defaults filled in. */
export interface ResolvedOptions {
  readonly relevanceThreshold: number;
  readonly gain: Gain;
  readonly apDenominator: ApDenominator;
  readonly ties: Ties;
}

/** What the metrics need to know about the top k of one ranking. */
export interface CutoffCounts {
  /** The cutoff; Infinity means the whole ranking. */
  readonly k: number;
  /** Documents in the top k (fewer than k when the ranking is shorter). */
  readonly retrieved: number;
  /** R: relevant documents in the qrels, retrieved or not. */
  readonly relevant: number;
  /** Relevant documents in the top k. */
  readonly relevantRetrieved: number;
  /** Σ precision@i over the ranks i ≤ k that hold a relevant document (AP's numerator). */
  readonly precisionSum: number;
  /**
   * Rank of the first relevant document in the top k, 0 when there is none (tie-averaged counts: the first
   * rank a relevant document can take).
   */
  readonly firstRelevantRank: number;
  /** 1 / firstRelevantRank, 0 when there is none (tie-averaged counts: its expectation). */
  readonly reciprocalRank: number;
  /** 1 when a relevant document is in the top k, else 0 (tie-averaged counts: the probability of one). */
  readonly success: number;
  /**
   * Set by expectedCountsFromHits only: the expectation of context precision, precisionSum /
   * relevantRetrieved, which is not the ratio of their expectations when a tie group crosses k.
   */
  readonly contextPrecision?: number;
  /** Relevant documents among the top min(R, k). */
  readonly relevantInTopR: number;
  /** DCG@k × gainScale (0 unless the gain was asked for). */
  dcg: number;
  /** IDCG@k × gainScale (0 unless the ideal was asked for). */
  idcg: number;
  /**
   * The power of two the gains were multiplied by before they were summed: 1, unless the largest gain is
   * 2^960 or more, where the sums could overflow, or below 2^-960, where they could underflow into the
   * subnormal numbers and lose their bits. Scaling by a power of two is exact, so DCG / IDCG (NDCG) is the
   * same number either way; DCG and IDCG themselves are the sums divided by it (unscaled), which may not be
   * finite, or may be subnormal.
   */
  gainScale: number;
}

const GAINS: readonly Gain[] = ['linear', 'exponential'];
/** The options every metric takes (`MetricOptions`). */
export const METRIC_OPTION_KEYS: readonly string[] = ['relevanceThreshold', 'gain', 'apDenominator', 'ties'];

/** The options among `keys` that `options` gives as its own keys, for passing a larger options object's share on. */
export function pickOptions(options: object, keys: readonly string[], fn = 'rankeval'): Record<string, unknown> {
  const own = ownFields(options, fn, '`options`') as Record<string, unknown>;
  return Object.fromEntries(keys.filter((key) => key in own).map((key) => [key, own[key]]));
}

const AP_DENOMINATORS: readonly ApDenominator[] = ['relevant', 'min-relevant-k'];
const TIES: readonly Ties[] = ['trec', 'given', 'average'];

/** Reads the metric options; `otherKeys` are the further options the calling function takes. */
export function resolveOptions(options: MetricOptions | undefined, fn: string, otherKeys: readonly string[] = []): ResolvedOptions {
  if (options === undefined) return { relevanceThreshold: 1, gain: 'linear', apDenominator: 'relevant', ties: 'trec' };
  const { relevanceThreshold = 1, gain = 'linear', apDenominator = 'relevant', ties = 'trec' } = ownOptions(options, [...otherKeys, ...METRIC_OPTION_KEYS], fn);
  if (typeof relevanceThreshold !== 'number' || !Number.isFinite(relevanceThreshold)) {
    fail('invalid_option', fn, '`relevanceThreshold`', 'a finite number', relevanceThreshold);
  }
  if (!GAINS.includes(gain)) fail('invalid_option', fn, '`gain`', "'linear' or 'exponential'", gain);
  if (!AP_DENOMINATORS.includes(apDenominator)) {
    fail('invalid_option', fn, '`apDenominator`', "'relevant' or 'min-relevant-k'", apDenominator);
  }
  if (!TIES.includes(ties)) fail('invalid_option', fn, '`ties`', "'trec', 'given' or 'average'", ties);
  return { relevanceThreshold, gain, apDenominator, ties };
}

/** A cutoff is a positive integer, or Infinity for the whole ranking. */
export function readCutoff(k: unknown, fn: string): number {
  if (k === Infinity || (typeof k === 'number' && Number.isInteger(k) && k > 0)) return k as number;
  return fail('invalid_cutoff', fn, '`k`', 'a positive integer or Infinity', k);
}

function readGrade(grade: unknown, id: string, fn: string, where: string): number {
  if (typeof grade !== 'number' || !Number.isFinite(grade)) {
    fail('invalid_qrels', fn, `the grade of ${JSON.stringify(id)} in ${where}`, 'a finite number', grade);
  }
  return grade;
}

/**
 * Reads a Map, a plain object (id → grade) or an iterable of ids (grade 1 each), reading the iterable once.
 * What reading them throws (a revoked Proxy, a throwing iterator) is an `invalid_qrels` naming `where`.
 */
export function readJudgments(qrels: unknown, relevanceThreshold: number, fn: string, where = 'the qrels'): Judgments {
  const grades = whileReading(fn, 'invalid_qrels', where, () => readGrades(qrels, fn, where));
  let relevant = 0;
  for (const grade of grades.values()) if (isRelevant(grade, relevanceThreshold)) relevant++;
  return { grades, relevant };
}

function readGrades(qrels: unknown, fn: string, where: string): Map<string, number> {
  let grades: Map<string, number>;
  if (qrels instanceof Map) {
    grades = new Map();
    for (const [id, grade] of qrels) {
      if (typeof id !== 'string') fail('invalid_qrels', fn, `every document id in ${where}`, 'a string', id);
      grades.set(id, readGrade(grade, id, fn, where));
    }
  } else if (typeof qrels === 'object' && qrels !== null && Symbol.iterator in qrels) {
    grades = new Map();
    for (const id of qrels as Iterable<unknown>) {
      if (typeof id !== 'string') fail('invalid_qrels', fn, `every document id in ${where}`, 'a string', id);
      grades.set(id, 1);
    }
  } else if (typeof qrels === 'object' && qrels !== null) {
    grades = new Map();
    for (const id of Object.keys(qrels)) grades.set(id, readGrade((qrels as Record<string, unknown>)[id], id, fn, where));
  } else {
    return fail('invalid_qrels', fn, where, 'a Map, an object of id → grade or an iterable of ids', qrels);
  }
  return grades;
}

/** Negative grades are never relevant: trec_eval reads them as pooled but unjudged. */
export function isRelevant(grade: number, relevanceThreshold: number): boolean {
  return grade >= relevanceThreshold && grade >= 0;
}

/** Gain of one grade; grades ≤ 0 add nothing. */
export function gainOf(grade: number, gain: Gain, fn: string): number {
  if (grade <= 0) return 0;
  if (gain === 'linear') return grade;
  const exponential = 2 ** grade - 1;
  // Past grade 1023, 2^grade is Infinity and NDCG would be Infinity / Infinity = NaN.
  if (exponential === Infinity) fail('invalid_qrels', fn, 'a grade under exponential gain', 'at most 1023 (2^grade − 1 must be finite)', grade);
  return exponential;
}

// log2(rank + 1), grown on demand: the discount is divided by (not multiplied by a reciprocal), as trec_eval
// does, so that sums agree with it to the last bit.
let discounts = new Float64Array(0);
export function discountTable(depth: number): Float64Array {
  if (discounts.length < depth + 1) {
    const grown = new Float64Array(Math.max(depth + 1, discounts.length * 2, 1024));
    for (let rank = 1; rank < grown.length; rank++) grown[rank] = Math.log2(rank + 1);
    discounts = grown;
  }
  return discounts;
}

/**
 * Orders a ranking and returns its ids in rank order (unchecked: countAtCutoffs checks each id).
 * Scored documents are sorted by score descending, ties by id descending in UTF-8 byte order, as trec_eval
 * 9.0.8 does (`ties` 'trec' and 'average'), or kept in the array's order ('given'); the input is not mutated.
 */
export function rankedIds(ranking: unknown, fn: string, where = 'the ranking', ties: Ties = 'trec'): readonly unknown[] {
  return orderRanking(ranking, fn, where, ties).ids;
}

/**
 * A run of equal scores in rank order: the documents at ranks start … start + size − 1 (size ≥ 2). Under
 * `ties: 'average'` each of their size! orders is equally likely.
 */
export interface TieGroup {
  readonly start: number;
  readonly size: number;
}

/** A ranking in rank order, with its tie groups when `ties` is 'average' and some scores tie. */
export interface OrderedRanking {
  readonly ids: readonly unknown[];
  /** Undefined when nothing is averaged: ties is not 'average', the ranking holds plain ids, or no score ties. */
  readonly tieGroups: readonly TieGroup[] | undefined;
}

/** Orders a ranking as `ties` says (see rankedIds) and finds its tie groups under 'average'. */
export function orderRanking(ranking: unknown, fn: string, where: string, ties: Ties): OrderedRanking {
  // What reading the caller's ranking throws (Array.isArray of a revoked Proxy, a getter) is an
  // invalid_ranking naming it (readFailure); a try, not a closure, on this path of every query.
  let ids: string[];
  let scores: Float64Array;
  try {
    if (!Array.isArray(ranking)) return fail('invalid_ranking', fn, where, 'an array of ids or of {id, score} objects', ranking);
    if (ranking.length === 0 || typeof ranking[0] === 'string') return { ids: ranking, tieGroups: undefined };
    ids = new Array<string>(ranking.length);
    scores = new Float64Array(ranking.length);
    readScored(ranking, ids, scores, fn, where);
  } catch (error) {
    throw readFailure(error, fn, 'invalid_ranking', where);
  }
  if (ties === 'given') return { ids, tieGroups: undefined };
  if (ties === 'trec') return { ids: orderByScore(ids, scores), tieGroups: undefined };
  const order = orderIndices(ids, scores);
  const tieGroups: TieGroup[] = [];
  for (let i = 0; i < order.length; ) {
    let end = i + 1;
    // 0 and −0 are one score, as the sort's comparison reads them.
    while (end < order.length && scores[order[end]!] === scores[order[i]!]) end++;
    if (end - i > 1) tieGroups.push({ start: i + 1, size: end - i });
    i = end;
  }
  return { ids: order.map((i) => ids[i]!), tieGroups: tieGroups.length === 0 ? undefined : tieGroups };
}

/** Reads the {id, score} entries of a scored ranking into `ids` and `scores`, each field once. */
function readScored(ranking: readonly unknown[], ids: string[], scores: Float64Array, fn: string, where: string): void {
  for (let i = 0; i < ranking.length; i++) {
    const entry = ranking[i] as { id?: unknown; score?: unknown } | null;
    if (typeof entry !== 'object' || entry === null) {
      fail('invalid_ranking', fn, `${where}[${i}]`, 'an {id, score} object like the first entry', entry);
    }
    const { id, score } = entry;
    if (typeof id !== 'string') fail('invalid_ranking', fn, `${where}[${i}].id`, 'a string', id);
    if (typeof score !== 'number' || !Number.isFinite(score)) fail('invalid_ranking', fn, `${where}[${i}].score`, 'a finite number', score);
    ids[i] = id;
    scores[i] = score;
  }
}

/** Ids in trec_eval's rank order: score descending, ties by id descending in UTF-8 byte order. */
export function orderByScore(ids: readonly string[], scores: ArrayLike<number>): string[] {
  return orderIndices(ids, scores).map((i) => ids[i]!);
}

function orderIndices(ids: readonly string[], scores: ArrayLike<number>): number[] {
  const order = Array.from(ids, (_, i) => i);
  order.sort((a, b) => {
    const scoreA = scores[a]!;
    const scoreB = scores[b]!;
    if (scoreA !== scoreB) return scoreA > scoreB ? -1 : 1;
    return compareUtf8(ids[b]!, ids[a]!);
  });
  return order;
}

/** Compares strings in UTF-8 byte order (C's strcmp on UTF-8), which differs from UTF-16 order past U+FFFF. */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        // Surrogates (astral characters) come after U+E000–U+FFFF in UTF-8; shift them above that range.
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

/** A judged document found in a ranking: its 1-based rank and its grade. */
export type Hit = readonly [rank: number, grade: number];

/**
 * Counts at each cutoff (ascending, without duplicates) in one pass, checking that every id is a string
 * that appears once. Only judged documents are looked up, so the cost is O(n + J log J) for n ranked and
 * J judged documents. `gain` null skips DCG.
 */
export function countAtCutoffs(
  ids: readonly unknown[],
  judgments: Judgments,
  cutoffs: readonly number[],
  relevanceThreshold: number,
  gain: Gain | null,
  fn: string,
  where = 'the ranking',
  tieGroups?: readonly TieGroup[],
): CutoffCounts[] {
  indexIds(ids, fn, where);
  // A tie group across the deepest cutoff needs all its documents: averaging, every hit is read.
  const depth = tieGroups !== undefined ? ids.length : Math.min(ids.length, cutoffs[cutoffs.length - 1] ?? 0);
  const hits: Hit[] = [];
  for (const [id, grade] of judgments.grades) {
    if (grade <= 0 && !isRelevant(grade, relevanceThreshold)) continue;
    const rank = rankOf(id);
    if (rank !== 0 && rank <= depth) hits.push([rank, grade]);
  }
  hits.sort((a, b) => a[0] - b[0]);
  if (tieGroups !== undefined) return expectedCountsFromHits(hits, ids.length, judgments.relevant, cutoffs, relevanceThreshold, gain, tieGroups, fn);
  return countFromHits(hits, ids.length, judgments.relevant, cutoffs, relevanceThreshold, gain, fn);
}

/**
 * Every retrieved document the qrels list (any grade, negative ones included), as (rank, grade) in rank
 * order, checking that every id is a string that appears once. O(n + J log J).
 */
export function judgedHits(ids: readonly unknown[], judgments: Judgments, fn: string, where = 'the ranking'): Hit[] {
  indexIds(ids, fn, where);
  const hits: Hit[] = [];
  for (const [id, grade] of judgments.grades) {
    const rank = rankOf(id);
    if (rank !== 0) hits.push([rank, grade]);
  }
  return hits.sort((a, b) => a[0] - b[0]);
}

/** The power of two the gains of `hits` are summed at (gainScaleFor their largest); 1 without a gain. */
function hitsGainScale(hits: readonly Hit[], gain: Gain | null, fn: string): number {
  if (gain === null) return 1;
  let largestGrade = 0;
  for (const [, grade] of hits) if (grade > largestGrade) largestGrade = grade;
  return gainScaleFor(gainOf(largestGrade, gain, fn));
}

/**
 * The counts of a ranking of `length` documents whose judged documents are `hits`, in rank order.
 * Shared by the library (which finds the hits by id) and the TREC evaluator (which finds them in bytes).
 */
export function countFromHits(
  hits: readonly Hit[],
  length: number,
  relevant: number,
  cutoffs: readonly number[],
  relevanceThreshold: number,
  gain: Gain | null,
  fn: string,
): CutoffCounts[] {
  const depth = Math.min(length, cutoffs[cutoffs.length - 1] ?? 0);
  const discount = gain === null ? discounts : discountTable(depth);
  const gainScale = hitsGainScale(hits, gain, fn);
  const out: CutoffCounts[] = [];
  let relevantRetrieved = 0;
  let precisionSum = 0;
  let dcg = 0;
  let firstRelevantRank = 0;
  let relevantInTopR = 0;
  let hit = 0;
  for (const k of cutoffs) {
    const limit = Math.min(k, depth);
    for (; hit < hits.length && hits[hit]![0] <= limit; hit++) {
      const [rank, grade] = hits[hit]!;
      if (isRelevant(grade, relevanceThreshold)) {
        relevantRetrieved++;
        precisionSum += relevantRetrieved / rank;
        if (firstRelevantRank === 0) firstRelevantRank = rank;
        if (rank <= relevant) relevantInTopR++;
      }
      if (gain !== null && grade > 0) dcg += (gainOf(grade, gain, fn) * gainScale) / discount[rank]!;
    }
    out.push({
      k,
      retrieved: Math.min(k, length),
      relevant,
      relevantRetrieved,
      precisionSum,
      firstRelevantRank,
      reciprocalRank: firstRelevantRank === 0 ? 0 : 1 / firstRelevantRank,
      success: firstRelevantRank === 0 ? 0 : 1,
      relevantInTopR: k < relevant ? relevantRetrieved : relevantInTopR,
      dcg,
      idcg: 0,
      gainScale,
    });
  }
  return out;
}

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
  // Segments in rank order: each tie group, and each judged document outside them that is relevant or has gain.
  const segments: { start: number; size: number; relevant: number; gainSum: number }[] = [];
  let hit = 0;
  const addHits = (below: number, segment: { relevant: number; gainSum: number } | null): void => {
    for (; hit < hits.length && hits[hit]![0] < below; hit++) {
      const [rank, grade] = hits[hit]!;
      const isRel = isRelevant(grade, relevanceThreshold) ? 1 : 0;
      const g = gain !== null && grade > 0 ? gainOf(grade, gain, fn) * gainScale : 0;
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

  // The first segment with a relevant document: where the first relevant document can be, and how likely.
  const first = segments.find((segment) => segment.relevant > 0);
  const firstAt: number[] = [];
  if (first !== undefined) {
    let noneYet = 1;
    for (let j = 0; j < first.size - first.relevant + 1; j++) {
      firstAt.push((noneYet * first.relevant) / (first.size - j));
      noneYet *= (first.size - first.relevant - j) / (first.size - j);
    }
  }
  const expectedRelevantWithin = (k: number): number => {
    let sum = 0;
    for (const { start, size, relevant: r } of segments) {
      if (start > k) break;
      sum += start + size - 1 <= k ? r : ((k - start + 1) * r) / size;
    }
    return sum;
  };
  const relevantInTopR = expectedRelevantWithin(relevant);

  const out: CutoffCounts[] = [];
  let relevantBefore = 0;
  let precisionSum = 0;
  let dcg = 0;
  let next = 0;
  // The terms of a segment's ranks start … last: its share of AP's numerator and of DCG.
  const partial = (segment: (typeof segments)[number], last: number): [number, number] => {
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
  };
  for (const k of cutoffs) {
    const limit = Math.min(k, depth);
    for (; next < segments.length && segments[next]!.start + segments[next]!.size - 1 <= limit; next++) {
      const segment = segments[next]!;
      const [ps, d] = partial(segment, segment.start + segment.size - 1);
      precisionSum += ps;
      dcg += d;
      relevantBefore += segment.relevant;
    }
    let relevantRetrieved = relevantBefore;
    let psAt = precisionSum;
    let dcgAt = dcg;
    let contextPrecision = relevantBefore === 0 ? 0 : precisionSum / relevantBefore;
    const straddling = segments[next];
    if (straddling !== undefined && straddling.start <= limit) {
      const [ps, d] = partial(straddling, limit);
      relevantRetrieved += ((limit - straddling.start + 1) * straddling.relevant) / straddling.size;
      psAt += ps;
      dcgAt += d;
      if (straddling.relevant > 0) contextPrecision = expectedContextPrecision(straddling, limit, relevantBefore, precisionSum);
    }
    let reciprocalRank = 0;
    let success = 0;
    if (first !== undefined) {
      for (let j = 0; j < firstAt.length && first.start + j <= limit; j++) {
        reciprocalRank += firstAt[j]! / (first.start + j);
        success += firstAt[j]!;
      }
    }
    out.push({
      k,
      retrieved: Math.min(k, length),
      relevant,
      relevantRetrieved,
      precisionSum: psAt,
      firstRelevantRank: first !== undefined && first.start <= limit ? first.start : 0,
      reciprocalRank,
      // 1 exactly when the whole first group is inside the cutoff (the probabilities sum to 1 up to rounding).
      success: first !== undefined && first.start + first.size - 1 <= limit ? 1 : success,
      contextPrecision,
      relevantInTopR: k < relevant ? relevantRetrieved : relevantInTopR,
      dcg: dcgAt,
      idcg: 0,
      gainScale,
    });
  }
  return out;
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

/**
 * Fills `idcg` of each count: the DCG of all judged documents (their `grades`) in the ideal order, cut at
 * each k. The ideal holds the largest gain, so its scale is the one DCG and IDCG share from here on.
 */
export function addIdealDcg(counts: CutoffCounts[], grades: Iterable<number>, gain: Gain, fn: string): void {
  const gains: number[] = [];
  for (const grade of grades) if (grade > 0) gains.push(gainOf(grade, gain, fn));
  gains.sort((a, b) => b - a);
  const gainScale = gainScaleFor(gains[0] ?? 0);
  const discount = discountTable(gains.length);
  let idcg = 0;
  let rank = 0;
  for (const count of counts) {
    const depth = Math.min(count.k, gains.length);
    for (; rank < depth; rank++) idcg += (gains[rank]! * gainScale) / discount[rank + 1]!;
    count.dcg *= gainScale / count.gainScale;
    count.gainScale = gainScale;
    count.idcg = idcg;
  }
}

/**
 * 1 for a largest gain from 2^-960 to 2^960 (or none), else a power of two that brings it to where sums
 * keep every bit:
 * - from 2^960 up, the power that brings the largest gain near 1: a sum of at most 2^32 gains, each divided
 *   by a discount ≥ 1, then stays finite;
 * - below 2^-960, 2^1000: a gain divided by its discount (≤ 32) could otherwise fall among the subnormal
 *   numbers, which hold fewer bits, down to one (5e-324 / log2(3) rounds back to 5e-324, and NDCG would be 1).
 *   Scaled, the smallest gain there is (2^-1074) becomes 2^-74 and the largest stays below 2^40.
 */
function gainScaleFor(largestGain: number): number {
  if (largestGain === 0 || (largestGain >= 2 ** -960 && largestGain < 2 ** 960)) return 1;
  return largestGain < 1 ? 2 ** 1000 : 2 ** -Math.floor(Math.log2(largestGain));
}

/** Everything a metric needs at one cutoff, read and checked at the public boundary of `fn`. */
export function countAt(
  fn: string,
  ranking: unknown,
  qrels: unknown,
  k: unknown,
  options: MetricOptions | undefined,
  needs: { gain?: boolean; ideal?: boolean } = {},
): { counts: CutoffCounts; options: ResolvedOptions } {
  const cutoff = readCutoff(k, fn);
  const resolved = resolveOptions(options, fn);
  const judgments = readJudgments(qrels, resolved.relevanceThreshold, fn);
  const { ids, tieGroups } = orderRanking(ranking, fn, 'the ranking', resolved.ties);
  const counts = countAtCutoffs(ids, judgments, [cutoff], resolved.relevanceThreshold, needs.gain ? resolved.gain : null, fn, 'the ranking', tieGroups);
  if (needs.ideal) addIdealDcg(counts, judgments.grades.values(), resolved.gain, fn);
  return { counts: counts[0]!, options: resolved };
}
