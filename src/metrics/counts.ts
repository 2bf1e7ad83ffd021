// Internal: reads and checks the inputs every metric shares, and counts, in one pass over a ranking,
// everything the metrics need at several cutoffs. Each metric module turns these counts into its number,
// so that a metric has a single definition whether it is called alone, through evaluate() or evaluateRun().
import { checkOptions, fail } from '../errors.js';
import type { ApDenominator, Gain, MetricOptions } from '../types.js';
import { indexIds, rankOf } from './id-index.js';

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
  /** Rank of the first relevant document in the top k, 0 when there is none. */
  readonly firstRelevantRank: number;
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
export const METRIC_OPTION_KEYS: readonly string[] = ['relevanceThreshold', 'gain', 'apDenominator'];

/** The options among `keys` that `options` gives, for passing a larger options object's share on. */
export function pickOptions(options: object, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in options).map((key) => [key, (options as Record<string, unknown>)[key]]));
}

const AP_DENOMINATORS: readonly ApDenominator[] = ['relevant', 'min-relevant-k'];

/** Reads the metric options; `otherKeys` are the further options the calling function takes. */
export function resolveOptions(options: MetricOptions | undefined, fn: string, otherKeys: readonly string[] = []): ResolvedOptions {
  if (options === undefined) return { relevanceThreshold: 1, gain: 'linear', apDenominator: 'relevant' };
  checkOptions(options, [...otherKeys, ...METRIC_OPTION_KEYS], fn);
  const { relevanceThreshold = 1, gain = 'linear', apDenominator = 'relevant' } = options;
  if (typeof relevanceThreshold !== 'number' || !Number.isFinite(relevanceThreshold)) {
    fail('invalid_option', fn, '`relevanceThreshold`', 'a finite number', relevanceThreshold);
  }
  if (!GAINS.includes(gain)) fail('invalid_option', fn, '`gain`', "'linear' or 'exponential'", gain);
  if (!AP_DENOMINATORS.includes(apDenominator)) {
    fail('invalid_option', fn, '`apDenominator`', "'relevant' or 'min-relevant-k'", apDenominator);
  }
  return { relevanceThreshold, gain, apDenominator };
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

/** Reads a Map, a plain object (id → grade) or an iterable of ids (grade 1 each). */
export function readJudgments(qrels: unknown, relevanceThreshold: number, fn: string, where = 'the qrels'): Judgments {
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
  let relevant = 0;
  for (const grade of grades.values()) if (isRelevant(grade, relevanceThreshold)) relevant++;
  return { grades, relevant };
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
function discountTable(depth: number): Float64Array {
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
 * 9.0.8 does; the input is not mutated.
 */
export function rankedIds(ranking: unknown, fn: string, where = 'the ranking'): readonly unknown[] {
  if (!Array.isArray(ranking)) {
    return fail('invalid_ranking', fn, where, 'an array of ids or of {id, score} objects', ranking);
  }
  if (ranking.length === 0 || typeof ranking[0] === 'string') return ranking;
  return orderScored(ranking, fn, where);
}

function orderScored(ranking: readonly unknown[], fn: string, where: string): string[] {
  const ids: string[] = new Array(ranking.length);
  const scores = new Float64Array(ranking.length);
  for (let i = 0; i < ranking.length; i++) {
    const entry = ranking[i] as { id?: unknown; score?: unknown } | null;
    if (typeof entry !== 'object' || entry === null) {
      fail('invalid_ranking', fn, `${where}[${i}]`, 'an {id, score} object like the first entry', entry);
    }
    if (typeof entry.id !== 'string') fail('invalid_ranking', fn, `${where}[${i}].id`, 'a string', entry.id);
    if (typeof entry.score !== 'number' || !Number.isFinite(entry.score)) {
      fail('invalid_ranking', fn, `${where}[${i}].score`, 'a finite number', entry.score);
    }
    ids[i] = entry.id;
    scores[i] = entry.score;
  }
  return orderByScore(ids, scores);
}

/** Ids in trec_eval's rank order: score descending, ties by id descending in UTF-8 byte order. */
export function orderByScore(ids: readonly string[], scores: ArrayLike<number>): string[] {
  const order = Array.from(ids, (_, i) => i);
  order.sort((a, b) => {
    const scoreA = scores[a]!;
    const scoreB = scores[b]!;
    if (scoreA !== scoreB) return scoreA > scoreB ? -1 : 1;
    return compareUtf8(ids[b]!, ids[a]!);
  });
  return order.map((i) => ids[i]!);
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
): CutoffCounts[] {
  indexIds(ids, fn, where);
  const depth = Math.min(ids.length, cutoffs[cutoffs.length - 1] ?? 0);
  const hits: Hit[] = [];
  for (const [id, grade] of judgments.grades) {
    if (grade <= 0 && !isRelevant(grade, relevanceThreshold)) continue;
    const rank = rankOf(id);
    if (rank !== 0 && rank <= depth) hits.push([rank, grade]);
  }
  hits.sort((a, b) => a[0] - b[0]);
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
  let largestGrade = 0;
  if (gain !== null) for (const [, grade] of hits) if (grade > largestGrade) largestGrade = grade;
  const gainScale = gain === null ? 1 : gainScaleFor(gainOf(largestGrade, gain, fn));
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
      relevantInTopR: k < relevant ? relevantRetrieved : relevantInTopR,
      dcg,
      idcg: 0,
      gainScale,
    });
  }
  return out;
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
  const ids = rankedIds(ranking, fn);
  const counts = countAtCutoffs(ids, judgments, [cutoff], resolved.relevanceThreshold, needs.gain ? resolved.gain : null, fn);
  if (needs.ideal) addIdealDcg(counts, judgments.grades.values(), resolved.gain, fn);
  return { counts: counts[0]!, options: resolved };
}
