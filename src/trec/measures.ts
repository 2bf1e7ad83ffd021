// The measures of trec_eval's `all_trec`, each declared once with trec_eval's name, parameters, defaults,
// averaging and printing. Measures the library has (P, recall, map, map_cut, recip_rank, Rprec, ndcg_cut,
// success, set_P, set_recall, set_F) are computed by the library's own formulas from the same counts;
// the others are defined here, following trec_eval 9.0.8's definitions operation for operation so that
// every printed digit agrees.
import { averagePrecisionFromCounts } from '../metrics/average-precision.js';
import type { CutoffCounts, ResolvedOptions } from '../metrics/counts.js';
import { ndcgFromCounts } from '../metrics/dcg.js';
import { weightedFFromCounts } from '../metrics/f1.js';
import { precisionFromCounts } from '../metrics/precision.js';
import { rPrecisionFromCounts } from '../metrics/r-precision.js';
import { recallFromCounts } from '../metrics/recall.js';
import { reciprocalRankFromCounts } from '../metrics/reciprocal-rank.js';
import { successFromCounts } from '../metrics/success.js';

/** Rank holds a document absent from the qrels. */
export const NOT_POOLED = -1;
/** Rank holds a document the qrels list with a negative grade (pooled, not judged). */
export const UNJUDGED = -2;

/** One query as the measures see it: the grade at every rank and the qrels' grade counts. */
export interface JudgedRanking {
  /** Documents retrieved (after `-M`). */
  readonly numRet: number;
  /** Per rank (index 0 = rank 1): a grade ≥ 0, NOT_POOLED or UNJUDGED. */
  readonly rel: Float64Array;
  /** Distinct grades ≥ 0 in the qrels, ascending, and how many documents have each. */
  readonly levels: readonly number[];
  readonly levelCounts: readonly number[];
  /** Relevant documents in the qrels (grade ≥ level). */
  readonly numRel: number;
  readonly numRelRet: number;
  readonly numNonpool: number;
  readonly numUnjudgedInPool: number;
}

/** What every measure of one query may read. */
export interface QueryContext {
  readonly query: JudgedRanking;
  readonly relevanceLevel: number;
  readonly numDocsInColl: number;
  /** The trec_eval version whose conventions apply (they differ in a few measures). */
  readonly version: 9 | 10;
  /** The library's counts at cutoff k (each k a measure asks for, and Infinity). */
  countsAt(k: number): CutoffCounts;
}

/** A `name=value` parameter of the gain measures (`ndcg.0=0,1=1,2=3`, `rbp.p=0.8`). */
export interface GainParam {
  readonly name: string;
  /** The name read as C's atol reads it: the grade the gain applies to. */
  readonly level: number;
  readonly gain: number;
}

export type ParamKind = 'none' | 'long-cutoffs' | 'double-cutoffs' | 'doubles' | 'pairs';

export interface TrecMeasure {
  readonly name: string;
  /** One line for `--help`. */
  readonly summary: string;
  readonly params: ParamKind;
  readonly defaults: readonly number[];
  /** How many parameters it needs, when that is fixed. */
  readonly paramCount?: number;
  /** How the `all` value is made from the per-query values. */
  readonly average: 'mean' | 'geometric' | 'sum' | 'num_q' | 'num_rel' | 'none';
  /** How values print: real (`%6.4f`) or integer (`%ld`); per query or not. */
  readonly format: 'real' | 'integer';
  readonly perQuery: boolean;
  /** Only trec_eval 10 has it. */
  readonly since10?: true;
  /** Writes the measure's values (one per parameter for cutoff kinds) at `out[offset…]`. */
  compute(context: QueryContext, params: readonly number[] | readonly GainParam[], out: Float64Array, offset: number): void;
}

const MIN_GEO_MEAN = 0.00001;
const INFAP_EPSILON = 0.00001;
const LIBRARY_OPTIONS: ResolvedOptions = { relevanceThreshold: 1, gain: 'linear', apDenominator: 'relevant' };
const ALL_CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000];
const ELEVEN_POINTS = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

type Compute = TrecMeasure['compute'];

const single = (value: (context: QueryContext) => number): Compute => (context, _params, out, offset) => {
  out[offset] = value(context);
};

const perCutoff = (value: (counts: CutoffCounts) => number): Compute => (context, params, out, offset) => {
  (params as readonly number[]).forEach((k, i) => {
    out[offset + i] = value(context.countsAt(k));
  });
};

function measure(
  name: string,
  summary: string,
  compute: Compute,
  rest: Partial<Omit<TrecMeasure, 'name' | 'summary' | 'compute'>> = {},
): TrecMeasure {
  return { name, summary, compute, params: 'none', defaults: [], average: 'mean', format: 'real', perQuery: true, ...rest };
}

// ----------------------------------------------------------------------------- measures of trec_eval only

function bpref(context: QueryContext): number {
  const { query, relevanceLevel } = context;
  const numNonrel = countBelow(query, relevanceLevel);
  let nonrelSoFar = 0;
  let sum = 0;
  for (let i = 0; i < query.numRet; i++) {
    const rel = query.rel[i]!;
    if (rel === NOT_POOLED || rel === UNJUDGED) continue;
    if (rel >= 0 && rel < relevanceLevel) nonrelSoFar++;
    else if (nonrelSoFar > 0) sum += 1.0 - Math.min(nonrelSoFar, query.numRel) / Math.min(numNonrel, query.numRel);
    else sum += 1.0;
  }
  return query.numRel ? sum / query.numRel : sum;
}

/** Judged documents with a grade below the level (the non-relevant ones bpref compares against). */
function countBelow(query: JudgedRanking, relevanceLevel: number): number {
  let count = 0;
  query.levels.forEach((level, i) => {
    if (level < relevanceLevel) count += query.levelCounts[i]!;
  });
  return count;
}

function infAP(context: QueryContext): number {
  const { query, relevanceLevel } = context;
  let nonrelSoFar = 0;
  let relSoFar = 0;
  let unjudgedSoFar = 0;
  let sum = 0;
  for (let j = 0; j < query.numRet; j++) {
    const rel = query.rel[j]!;
    if (rel === NOT_POOLED) continue;
    if (rel === UNJUDGED) {
      unjudgedSoFar++;
      continue;
    }
    if (rel >= 0 && rel < relevanceLevel) {
      nonrelSoFar++;
      continue;
    }
    relSoFar++;
    if (j === 0) sum += 1.0;
    else {
      const fj = j;
      sum +=
        1.0 / (fj + 1.0) +
        (fj / (fj + 1.0)) *
          ((relSoFar - 1 + nonrelSoFar + unjudgedSoFar) / fj) *
          ((relSoFar - 1 + INFAP_EPSILON) / (relSoFar - 1 + nonrelSoFar + 2 * INFAP_EPSILON));
    }
  }
  return query.numRel ? sum / query.numRel : sum;
}

/** Interpolated precision at recall points, as trec_eval computes it (shared by iprec_at_recall and 11pt_avg). */
function interpolatedPrecisions(context: QueryContext, recallPoints: readonly number[]): number[] {
  const { query, relevanceLevel } = context;
  const values = recallPoints.map(() => 0);
  // Recall points become counts of relevant documents: trec_eval 9 adds 0.9 and truncates (as historical
  // trec_eval did), trec_eval 10 rounds half away from zero (C's lround).
  const cutoffs = recallPoints.map((point) => (context.version === 9 ? Math.trunc(point * query.numRel + 0.9) : roundHalfAway(point * query.numRel)));
  let current = cutoffs.length - 1;
  while (current >= 0 && cutoffs[current]! > query.numRelRet) current--;
  let interpolated = query.numRelRet / query.numRet;
  let relSoFar = query.numRelRet;
  for (let i = query.numRet; i > 0 && relSoFar > 0; i--) {
    const precision = relSoFar / i;
    if (interpolated < precision) interpolated = precision;
    if (query.rel[i - 1]! >= relevanceLevel) {
      while (current >= 0 && relSoFar === cutoffs[current]) values[current--] = interpolated;
      relSoFar--;
    }
  }
  while (current >= 0) values[current--] = interpolated;
  return values;
}

/** C's lround: to nearest, halves away from zero. */
function roundHalfAway(x: number): number {
  const rounded = Math.round(x);
  return x < 0 && rounded - x === 0.5 ? rounded - 1 : rounded;
}

function rPrecisionMultiples(context: QueryContext, multiples: readonly number[], out: Float64Array, offset: number): void {
  const { query, relevanceLevel } = context;
  const cutoffs = multiples.map((multiple) => Math.trunc(multiple * query.numRel + 0.9));
  let current = cutoffs.length - 1;
  while (current >= 0 && cutoffs[current]! > query.numRet) {
    out[offset + current] = query.numRelRet / cutoffs[current]!;
    current--;
  }
  let relSoFar = query.numRelRet;
  for (let i = query.numRet; i > 0 && relSoFar > 0; i--) {
    const precision = relSoFar / i;
    while (current >= 0 && i === cutoffs[current]) out[offset + current--] = precision;
    if (query.rel[i - 1]! >= relevanceLevel) relSoFar--;
  }
}

function binG(context: QueryContext): number {
  const { query, relevanceLevel } = context;
  let relSoFar = 0;
  let sum = 0;
  for (let i = 0; i < query.numRet; i++) {
    if (query.rel[i]! >= relevanceLevel) {
      relSoFar++;
      sum += 1.0 / Math.log2(3 + i - relSoFar);
    }
  }
  return relSoFar ? sum / query.numRel : 0;
}

function relativePrecision(context: QueryContext, cutoffs: readonly number[], out: Float64Array, offset: number): void {
  const { query, relevanceLevel } = context;
  if (query.numRel === 0) return;
  let next = 0;
  let relSoFar = 0;
  for (let i = 0; i < query.numRet; i++) {
    if (i === cutoffs[next]) {
      out[offset + next] = relSoFar / (i > query.numRel ? query.numRel : i);
      if (++next === cutoffs.length) return;
    }
    if (query.rel[i]! >= relevanceLevel) relSoFar++;
  }
  for (; next < cutoffs.length; next++) {
    const i = cutoffs[next]!;
    out[offset + next] = relSoFar / (i > query.numRel ? query.numRel : i);
  }
}

function relString(query: JudgedRanking, length: number): string {
  let text = '';
  for (let i = 0; i < Math.max(0, Math.min(Math.trunc(length), query.numRet)); i++) {
    const rel = query.rel[i]!;
    text += rel > 9 ? '>' : rel >= 0 ? String.fromCharCode(48 + Math.trunc(rel)) : rel === NOT_POOLED ? '-' : rel === UNJUDGED ? '.' : '<';
  }
  return text;
}

// ------------------------------------------------------------------------------------- gain measures

interface GainLevel {
  readonly level: number;
  readonly gain: number;
  count: number;
}

/**
 * trec_eval's gain table: the parameters' levels, then every level 0 … max grade not among them, with
 * gain = level, sorted by gain. trec_eval lists the levels no document has too (count 0); they never
 * change a value (the ideal walk skips them, no rank holds their grade), so only the levels some document
 * has are listed here: the table's size is the number of distinct grades, not the largest grade, which
 * can be 10⁷. With integer gains the comparator is a total order and the order of the listed entries is
 * the one trec_eval's full table gives; gains within 1 of each other compare equal in trec_eval (see below),
 * and their order then depends on the C library's qsort anyway.
 */
function gainLevels(query: JudgedRanking, params: readonly GainParam[]): GainLevel[] {
  const gains: GainLevel[] = params.map(({ level, gain }) => ({ level, gain, count: 0 }));
  // trec_eval gives a grade's count to the first parameter of that level.
  const firstGiven = new Map<number, GainLevel>();
  for (const entry of gains) if (!firstGiven.has(entry.level)) firstGiven.set(entry.level, entry);
  query.levels.forEach((level, i) => {
    const count = query.levelCounts[i]!;
    const given = firstGiven.get(level);
    if (given) given.count = count;
    else gains.push({ level, gain: level, count });
  });
  // trec_eval's comparator returns the gain difference cast to int; the sort is stable (glibc's merge sort).
  return gains.sort((a, b) => Math.trunc(a.gain - b.gain));
}

/**
 * The smallest and largest gain of trec_eval's full table, levels without documents included: the
 * listed entries, and the levels 0 … max grade that no parameter names (gain = level).
 */
function gainRange(query: JudgedRanking, params: readonly GainParam[], levels: readonly GainLevel[]): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const { gain } of levels) {
    if (gain < min) min = gain;
    if (gain > max) max = gain;
  }
  const maxLevel = query.levels.length === 0 ? -1 : query.levels[query.levels.length - 1]!;
  const named = new Set(params.map((param) => param.level));
  let lowest = 0;
  while (lowest <= maxLevel && named.has(lowest)) lowest++;
  let highest = maxLevel;
  while (highest >= 0 && named.has(highest)) highest--;
  if (lowest <= maxLevel) {
    min = Math.min(min, lowest);
    max = Math.max(max, highest);
  }
  return { min, max };
}

/** The gain of each level: the first entry of the sorted table with that level, as trec_eval's lookup finds it. */
type GainTable = ReadonlyMap<number, number>;

function gainTable(levels: readonly GainLevel[]): GainTable {
  const byLevel = new Map<number, number>();
  for (const { level, gain } of levels) if (!byLevel.has(level)) byLevel.set(level, gain);
  return byLevel;
}

/** Ungraded ranks (NOT_POOLED, UNJUDGED) gain nothing unless a parameter gave their negative level a gain. */
const gainOfRel = (gains: GainTable, rel: number): number => gains.get(rel) ?? 0;

/** Walks the ideal ranking one document at a time, from the highest gain down. */
function idealWalk(gains: readonly GainLevel[]): { gain: number; step(): number } {
  let current = gains.length - 1;
  let atLevel = 0;
  const walk = {
    gain: current >= 0 ? gains[current]!.gain : 0,
    step(): number {
      atLevel++;
      while (current >= 0 && atLevel > gains[current]!.count) {
        atLevel = 1;
        current--;
        walk.gain = current >= 0 ? gains[current]!.gain : 0;
      }
      return walk.gain;
    },
  };
  return walk;
}

// ndcg and ndcg_rel walk the ranking and the ideal ranking side by side, as long as either goes on (trec_eval
// writes this as three loops: both, ranking only, ideal only; one loop does the same additions in the same order).

function ndcgWithGains(context: QueryContext, params: readonly GainParam[]): number {
  const { query } = context;
  const levels = gainLevels(query, params);
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  let dcg = 0;
  let idealDcg = 0;
  for (let i = 0; i < query.numRet || ideal.gain > 0; i++) {
    if (i < query.numRet) {
      const gain = gainOfRel(gains, query.rel[i]!);
      if (gain !== 0) dcg += gain / Math.log2(i + 2);
    }
    if (ideal.gain > 0) {
      const idealGain = ideal.step();
      if (idealGain > 0) idealDcg += idealGain / Math.log2(i + 2);
    }
  }
  return idealDcg > 0 ? dcg / idealDcg : 0;
}

/** NDCG at each relevant document retrieved, averaged over the relevant documents (missing ones at the final NDCG). */
function ndcgRel(context: QueryContext, params: readonly GainParam[]): number {
  const { query } = context;
  const levels = gainLevels(query, params);
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  let dcg = 0;
  let idealDcg = 0;
  let sum = 0;
  let numRelRet = 0;
  let numRel = 0;
  for (let i = 0; i < query.numRet || ideal.gain > 0; i++) {
    let gain = 0;
    if (i < query.numRet) {
      gain = gainOfRel(gains, query.rel[i]!);
      if (gain !== 0) dcg += gain / Math.log2(i + 2);
    }
    if (ideal.gain > 0) {
      const idealGain = ideal.step();
      if (idealGain > 0) {
        numRel++;
        idealDcg += idealGain / Math.log2(i + 2);
      }
    }
    if (gain > 0) {
      sum += dcg / idealDcg;
      numRelRet++;
    }
  }
  sum += ((numRel - numRelRet) * dcg) / idealDcg;
  return sum > 0 ? sum / numRel : 0;
}

function rndcg(context: QueryContext, params: readonly GainParam[]): number {
  const { query } = context;
  const levels = gainLevels(query, params);
  if (query.numRel === 0) return 0;
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  let previousIdealGain = ideal.gain;
  let dcg = 0;
  let idealDcg = 0;
  let sum = 0;
  let changes = 0;
  const atBoundary = (idealGain: number): void => {
    if (previousIdealGain !== idealGain) {
      if (idealDcg > 0) {
        sum += dcg / idealDcg;
        changes++;
      }
      previousIdealGain = idealGain;
    }
  };
  let i = 0;
  for (; i < query.numRet && ideal.gain > 0; i++) {
    const gain = gainOfRel(gains, query.rel[i]!);
    const idealGain = ideal.step();
    atBoundary(idealGain);
    if (gain !== 0) dcg += gain / Math.log2(i + 2);
    if (idealGain > 0) idealDcg += idealGain / Math.log2(i + 2);
  }
  if (i < query.numRet) {
    for (; i < query.numRet; i++) {
      const gain = gainOfRel(gains, query.rel[i]!);
      if (gain !== 0) dcg += gain / Math.log2(i + 2);
    }
    if (idealDcg > 0) {
      sum += dcg / idealDcg;
      changes++;
    }
  }
  for (; ideal.gain > 0; i++) {
    const idealGain = ideal.step();
    atBoundary(idealGain);
    if (idealGain > 0) idealDcg += idealGain / Math.log2(i + 2);
  }
  // 0 / 0 when no boundary was met: trec_eval prints the NaN (-nan), and so does this.
  return sum / changes;
}

function gMeasure(context: QueryContext, params: readonly GainParam[]): number {
  const { query } = context;
  const levels = gainLevels(query, params);
  const gains = gainTable(levels);
  const ideal = idealWalk(levels);
  const minCost = 1.0;
  let resultsG = 0;
  let sumResults = 0;
  let sumIdeal = 0;
  let sumCost = 0;
  let i = 0;
  for (; i < query.numRet && ideal.gain > 0; i++) {
    const gain = gainOfRel(gains, query.rel[i]!);
    sumResults += gain;
    const idealGain = ideal.step();
    if (idealGain > 0) sumIdeal += idealGain;
    sumCost += idealGain >= minCost ? idealGain : minCost;
    if (gain !== 0) resultsG += gain / Math.log2(2 + sumCost - sumResults);
  }
  for (; i < query.numRet; i++) {
    const gain = gainOfRel(gains, query.rel[i]!);
    sumResults += gain;
    sumCost += minCost;
    if (gain !== 0) resultsG += gain / Math.log2(2 + sumCost - sumResults);
  }
  while (ideal.gain > 0) {
    const idealGain = ideal.step();
    if (idealGain > 0) sumIdeal += idealGain;
  }
  return sumIdeal > 0 ? resultsG / sumIdeal : 0;
}

/** The `p` of rank-biased precision: a `p=…` parameter (which trec_eval also reads as a gain for grade 0), else 0.9. */
function persistence(params: readonly GainParam[]): number {
  let p = 0.9;
  for (const { name, gain } of params) if (name === 'p') p = gain;
  return p;
}

/** Rank-biased precision (Moffat & Zobel): (1 − p) Σ gain_i · p^(i−1), gains scaled into [0, 1]. */
function rbp(context: QueryContext, params: readonly GainParam[]): number {
  const { query } = context;
  const p = persistence(params);
  const levels = gainLevels(query, params);
  const { min, max } = gainRange(query, params, levels);
  const scaled = gainTable(min < 0 || max > 1 ? levels.map((entry) => ({ ...entry, gain: (entry.gain - min) / (max - min) })) : levels);
  let sum = 0;
  let weight = 1.0;
  for (let i = 0; i < query.numRet; i++) {
    const gain = gainOfRel(scaled, query.rel[i]!);
    if (gain !== 0) sum += gain * weight;
    weight = weight * p;
  }
  return (1.0 - p) * sum;
}

/** RBP's residual: the weight the unjudged documents (and the ranks after the last) could still add. */
function rbpResidual(context: QueryContext, params: readonly GainParam[]): number {
  const { query } = context;
  const p = persistence(params);
  let unjudged = 0;
  let sum = 0;
  let weight = 1.0;
  for (let i = 0; i < query.numRet; i++) {
    if (query.rel[i]! < 0) {
      unjudged++;
      sum += weight;
    }
    weight = weight * p;
  }
  return unjudged ? weight + (1 - p) * sum : 0;
}

function unjudgedAt(context: QueryContext, cutoffs: readonly number[], out: Float64Array, offset: number): void {
  const { query } = context;
  let next = 0;
  let unjudged = 0;
  for (let i = 0; i < query.numRet; i++) {
    if (i === cutoffs[next]) {
      out[offset + next] = unjudged / i;
      if (++next === cutoffs.length) return;
    }
    if (query.rel[i] === NOT_POOLED || query.rel[i] === UNJUDGED) unjudged++;
  }
  for (; next < cutoffs.length; next++) out[offset + next] = unjudged / cutoffs[next]!;
}

// --------------------------------------------------------------------------------------------- table

const gm = (value: number): number => Math.log(Math.max(value, MIN_GEO_MEAN));

/** trec_eval 9.0.8's measures, in its output order (te_trec_measures). */
export const trecMeasures: readonly TrecMeasure[] = [
  measure('runid', 'the run id of the last line of the run', () => {}, { average: 'none', perQuery: false }),
  measure('num_q', 'number of queries evaluated (with -c: in the qrels)', single(() => 1), { average: 'num_q', format: 'integer', perQuery: false }),
  measure('num_ret', 'number of documents retrieved', single(({ query }) => query.numRet), { average: 'sum', format: 'integer' }),
  measure('num_rel', 'number of relevant documents (grade ≥ -l)', single(({ query }) => query.numRel), { average: 'num_rel', format: 'integer' }),
  measure('num_rel_ret', 'number of relevant documents retrieved', single(({ query }) => query.numRelRet), { average: 'sum', format: 'integer' }),
  measure('map', 'mean average precision (AP divided by all relevant documents)', single((c) => averagePrecisionFromCounts(c.countsAt(Infinity), LIBRARY_OPTIONS))),
  measure('gm_map', 'geometric mean of AP (each AP at least 0.00001)', single((c) => gm(averagePrecisionFromCounts(c.countsAt(Infinity), LIBRARY_OPTIONS))), { average: 'geometric', perQuery: false }),
  measure('Rprec', 'precision after R documents (R = relevant documents)', single((c) => rPrecisionFromCounts(c.countsAt(Infinity)))),
  measure('bpref', 'binary preference: relevant documents ranked above judged non-relevant ones', single(bpref)),
  measure('recip_rank', 'reciprocal rank of the first relevant document', single((c) => reciprocalRankFromCounts(c.countsAt(Infinity)))),
  measure(
    'iprec_at_recall',
    'interpolated precision at recall levels (default 0.0,0.1,…,1.0)',
    (context, params, out, offset) => {
      interpolatedPrecisions(context, params as readonly number[]).forEach((value, i) => (out[offset + i] = value));
    },
    { params: 'double-cutoffs', defaults: ELEVEN_POINTS },
  ),
  measure('P', 'precision at cutoffs (divides by the cutoff)', perCutoff(precisionFromCounts), { params: 'long-cutoffs', defaults: ALL_CUTOFFS }),
  measure('relstring', 'the grades of the first documents as a string (- unjudged, . pooled unjudged)', () => {}, {
    params: 'doubles',
    defaults: [10],
    average: 'none',
  }),
  measure('recall', 'recall at cutoffs', perCutoff(recallFromCounts), { params: 'long-cutoffs', defaults: ALL_CUTOFFS }),
  measure('infAP', 'inferred AP (Yilmaz & Aslam), for sampled judgments', single(infAP)),
  measure('gm_bpref', 'geometric mean of bpref', single((c) => gm(bpref(c))), { average: 'geometric', perQuery: false }),
  measure(
    'Rprec_mult',
    'precision at multiples of R (default 0.2,0.4,…,2.0)',
    (context, params, out, offset) => rPrecisionMultiples(context, params as readonly number[], out, offset),
    { params: 'double-cutoffs', defaults: [0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0] },
  ),
  measure(
    'utility',
    'p1·rel_ret + p2·nonrel_ret + p3·rel_not_ret + p4·nonrel_not_ret (default 1,-1,0,0)',
    (context, params, out, offset) => {
      const [p1, p2, p3, p4] = params as readonly number[];
      const { numRet, numRel, numRelRet } = context.query;
      out[offset] = p1! * numRelRet + p2! * (numRet - numRelRet) + p3! * (numRel - numRelRet) + p4! * (context.numDocsInColl + numRelRet - numRet - numRel);
    },
    { params: 'doubles', defaults: [1.0, -1.0, 0.0, 0.0], paramCount: 4 },
  ),
  measure(
    '11pt_avg',
    'mean interpolated precision at 11 recall levels',
    (context, params, out, offset) => {
      const points = params as readonly number[];
      // Summed from the highest recall point down, the order in which trec_eval adds them.
      out[offset] = interpolatedPrecisions(context, points).reduceRight((sum, value) => sum + value, 0) / points.length;
    },
    { params: 'doubles', defaults: ELEVEN_POINTS },
  ),
  measure('binG', 'binary G: mean of 1 / log2(2 + non-relevant before each relevant document)', single(binG)),
  measure('G', 'G: gain over log2 of the cost so far, normalised (gains by level=gain pairs)', (c, p, out, o) => (out[o] = gMeasure(c, p as readonly GainParam[])), { params: 'pairs' }),
  measure('ndcg', 'NDCG over the whole ranking (gains by level=gain pairs, default the grade)', (c, p, out, o) => (out[o] = ndcgWithGains(c, p as readonly GainParam[])), { params: 'pairs' }),
  measure('ndcg_rel', 'NDCG averaged over the relevant documents', (c, p, out, o) => (out[o] = ndcgRel(c, p as readonly GainParam[])), { params: 'pairs' }),
  measure('Rndcg', 'NDCG averaged at the ranks where the ideal gain changes', (c, p, out, o) => (out[o] = rndcg(c, p as readonly GainParam[])), { params: 'pairs' }),
  measure('ndcg_cut', 'NDCG at cutoffs (linear gain = grade)', perCutoff(ndcgFromCounts), { params: 'long-cutoffs', defaults: ALL_CUTOFFS }),
  measure('map_cut', 'AP at cutoffs (divided by all relevant documents)', perCutoff((counts) => averagePrecisionFromCounts(counts, LIBRARY_OPTIONS)), {
    params: 'long-cutoffs',
    defaults: ALL_CUTOFFS,
  }),
  measure('relative_P', 'precision at cutoffs relative to the best possible (÷ min(k, R))', (c, p, out, o) => relativePrecision(c, p as readonly number[], out, o), {
    params: 'long-cutoffs',
    defaults: ALL_CUTOFFS,
  }),
  measure('success', '1 if a relevant document is in the top k', perCutoff(successFromCounts), { params: 'long-cutoffs', defaults: [1, 5, 10] }),
  measure('set_P', 'precision of the whole retrieved set', single((c) => precisionFromCounts(c.countsAt(Infinity)))),
  measure('set_relative_P', 'set precision relative to the best possible (÷ min(retrieved, R))', single(({ query }) =>
    query.numRet && query.numRel ? query.numRelRet / Math.min(query.numRet, query.numRel) : 0,
  )),
  measure('set_recall', 'recall of the whole retrieved set', single((c) => recallFromCounts(c.countsAt(Infinity)))),
  measure('set_map', 'set precision × set recall', single(({ query }) =>
    query.numRet && query.numRel ? (query.numRelRet * query.numRelRet) / (query.numRet * query.numRel) : 0,
  )),
  measure('set_F', 'F of set precision and recall: (x+1)·P·R / (x·P + R), default x = 1', (c, p, out, o) => (out[o] = weightedFFromCounts(c.countsAt(Infinity), (p as readonly number[])[0]!)), {
    params: 'doubles',
    defaults: [1.0],
  }),
  measure('num_nonrel_judged_ret', 'number of judged non-relevant documents retrieved', single(({ query }) => query.numRet - query.numNonpool - query.numUnjudgedInPool - query.numRelRet), {
    average: 'sum',
    format: 'integer',
  }),
  // trec_eval 10's additions: in all_trec with --trec-eval 10, and available to -m in either mode.
  measure('rbp', 'rank-biased precision, persistence p (default p=0.9; gains scaled into [0, 1])', (c, p, out, o) => (out[o] = rbp(c, p as readonly GainParam[])), {
    params: 'pairs',
    since10: true,
  }),
  measure('rbp_resid', 'RBP residual: weight still open to unjudged documents', (c, p, out, o) => (out[o] = rbpResidual(c, p as readonly GainParam[])), {
    params: 'pairs',
    since10: true,
  }),
  measure('unj', 'share of unjudged documents in the top k', (c, p, out, o) => unjudgedAt(c, p as readonly number[], out, o), {
    params: 'long-cutoffs',
    defaults: [5, 10, 20],
    since10: true,
  }),
];

export { relString };
