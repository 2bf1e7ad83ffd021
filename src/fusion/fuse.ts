import type { ByQuery } from '../engine/evaluate.js';
import { fail, ownOptions } from '../core/errors.js';
import { compareUtf8 } from '../core/ordering.js';
import { exponentOf, scaleAll, timesPowerOfTwo } from '../stats/powers-of-two.js';
import type { ScoredDocument } from '../core/types.js';

/** The fusion methods `fuse` knows: score-based (Comb*, wsum) and rank-based (rrf, isr, log_isr, bordafuse, condorcet). */
export type FusionMethod =
  | 'rrf'
  | 'combsum'
  | 'combmnz'
  | 'combmax'
  | 'combmin'
  | 'combmed'
  | 'combanz'
  | 'wsum'
  | 'isr'
  | 'log_isr'
  | 'bordafuse'
  | 'condorcet';

/** How each run's scores are rescaled, query by query, before a score-based method combines them. */
export type FusionNorm = 'min-max' | 'max' | 'sum' | 'zmuv' | 'rank' | 'borda' | 'none';

/** A run to fuse: query id → its scored documents (any order; they are ranked as the library ranks them). */
export type FusionRun = ByQuery<readonly ScoredDocument[]>;

export interface FuseOptions {
  readonly method: FusionMethod;
  /** Normalisation applied to each run before combining; `'none'` by default. */
  readonly norm?: FusionNorm;
  /** RRF's constant k (default 60): a document at rank r of a run adds 1 / (k + r). Only with `rrf`. */
  readonly k?: number;
  /** `wsum`'s weights: an array in the runs' order, or name → weight when the runs are given by name. */
  readonly weights?: readonly number[] | ByQuery<number>;
  /** Keep only the top `depth` documents of each run's ranking before fusing (default: all of them). */
  readonly depth?: number;
}

/** Every method of `fuse`, in the order the documentation lists them. */
export const FUSION_METHODS: readonly FusionMethod[] = ['rrf', 'combsum', 'combmnz', 'combmax', 'combmin', 'combmed', 'combanz', 'wsum', 'isr', 'log_isr', 'bordafuse', 'condorcet'];
/** Every normalisation of `fuse`. */
export const FUSION_NORMS: readonly FusionNorm[] = ['min-max', 'max', 'sum', 'zmuv', 'rank', 'borda', 'none'];
/** Methods that read each run's positions only, never its scores: a normalisation would change nothing but `borda`'s padding. */
const RANK_METHODS: readonly FusionMethod[] = ['rrf', 'isr', 'log_isr', 'bordafuse', 'condorcet'];
const OPTION_KEYS = ['method', 'norm', 'k', 'weights', 'depth'];
const FN = 'fuse';

// ranx's divisor for `max` when a run's best score is ≤ 0 (ranx also floors the other denominators at it).
const SMALLEST_DENOMINATOR = 1e-9;

/**
 * Fuses several runs into one (rank fusion, as in hybrid lexical + dense retrieval), query by query.
 *
 * `runs` is an array of runs, or name → run (an object or a Map); a run is query id → `{id, score}` list
 * (an object or a Map). The result is a Map query id → `{id, score}[]` in fused order, which `evaluateRun`,
 * `compare` and `writeRun` take like any other run.
 *
 * Each run's ranking of a query is first put in the library's order — score descending, ties broken by
 * document id descending in UTF-8 byte order, as trec_eval — and cut to its top `depth` documents when
 * `depth` is given (by default every document is kept, as ranx keeps them). Positions (rank r = 1, 2, …)
 * are read in that order. Then, per query:
 *
 * Normalisations (`norm`, score-based methods only), over one run's n documents s_1 … s_n of the query:
 * - `none`: the scores as they are. Scales are not reconciled: BM25 (0–30) swamps cosine (−1..1) in a sum.
 * - `min-max`: (s − min) / (max − min). Maps every run to [0, 1] whatever its scale or sign, so
 *   BM25 and cosine weigh alike; a query whose scores all tie maps them all to 0.
 * - `max`: s / max. Keeps the sign; only sensible for non-negative scores: when the best score is ≤ 0 (a
 *   cosine run of all-negative scores) it divides by 1e-9, as ranx, blowing scores up to ≈ −10⁹·|s|.
 * - `sum`: (s − min) / Σ(s − min). Shifts the minimum to 0, then makes the shifted scores sum to 1
 *   (negative scores are fine); a query whose scores all tie maps them all to 0.
 * - `zmuv`: (s − mean) / σ, σ the population standard deviation: z-scores, of either sign, whatever the
 *   scale; all-tied scores map to 0.
 * - `rank`: 1 − (r − 1) / n. Ignores the scores (their sign and scale) except for the order.
 * - `borda`: over the N candidates of the query (the union of every run's documents): 1 − (r − 1) / N for
 *   a document the run ranks, and 0.5 − (n − 1) / (2N) for one it does not (the mean of the points of the
 *   positions it leaves free). Ignores scores except for the order.
 *
 * Methods, over the runs holding a document (after `borda`, every run holds every candidate):
 * - `combsum`: Σ v;  `wsum`: Σ w_i · v_i;  `combmnz`: Σ v × (how many runs hold it);
 *   `combanz`: Σ v / (how many runs hold it);  `combmax`: max v;  `combmin`: min v;
 *   `combmed`: the median of the v (the mean of the middle two for an even count).
 * - `rrf`: Σ 1 / (k + r), k = 60 by default (Cormack et al. 2009).
 * - `isr`: Σ 1 / r² × (how many runs hold it);  `log_isr`: Σ 1 / r² × ln(how many runs hold it), so a
 *   document that only one run holds scores 0.
 * - `bordafuse`: Σ over every run of its Borda points: N − r + 1 for a ranked document, and
 *   (N − n + 1) / 2 for one the run leaves out.
 * - `condorcet` (Montague & Aslam 2002): document a goes before b when more runs rank a above b than b above
 *   a (a run that ranks one of them and not the other ranks it above; a run that ranks neither abstains;
 *   equal votes: id descending). The candidates, taken in id-descending order, are merge-sorted by that
 *   rule, and the i-th (0-based) of the N scores N − i. The majority can go round in a circle (a before b,
 *   b before c, c before a): the order is then the merge sort's, a fixed but arbitrary way out of the
 *   circle. A document that beats every other (a Condorcet winner) is always first, and when the majority
 *   is a total order (one run, or runs that agree) the fused order is that order.
 *
 * Any finite scores and weights, up to ±Number.MAX_VALUE and down to the subnormal numbers, fuse to finite
 * scores in the order the formulas give, as if doubles had no limit of exponent: each normalisation is
 * computed on the run's scores rescaled by a power of two (the largest into [1, 2)), and each query's terms
 * are combined rescaled by one power of two that keeps every sum and product below Number.MAX_VALUE.
 * Rescaling by a power of two is exact, so the results are the plain formulas' wherever those do not
 * overflow, and scaling every score by a power of two changes no fused order. A query whose fused scores
 * pass Number.MAX_VALUE (combsum of two scores of 1e308) has them all written divided by the least power
 * of two that keeps them finite (halved, there), and one whose scores would lose bits among the subnormal
 * numbers (wsum of scores near 5e-324) has them multiplied by the least that keeps them exact: its order
 * and ties are kept, and only its scale differs.
 *
 * Rules, as ranx 0.3.20 (differentially tested against its fused runs to 1e-9 per document):
 * - A document missing from a run contributes nothing to that run's term (it is not a 0 in `combmin`,
 *   `combmed`, `combanz`, nor counted in `combmnz`), except under `borda` normalisation and `bordafuse`,
 *   where it receives the value given above for an unranked document: the mean of the values of the
 *   positions the run leaves free (r = n + 1 … N), not 0.
 * - A query missing from a run is fused from the other runs: the run counts as an empty ranking of it
 *   (so under `borda` it gives every candidate 0.5 + 1 / (2N), and under `bordafuse` (N + 1) / 2 points).
 * - The fused ranking holds the union of the runs' documents for the query (a query that every run leaves
 *   empty fuses to an empty ranking, where ranx writes nothing); ties in the fused scores are
 *   broken by document id descending (UTF-8 byte order), as the rest of the library and trec_eval break them
 *   (ranx leaves their order to an unstable sort).
 * - `condorcet` is not matched to ranx: ranx sorts its candidates from a Python set (an order that changes
 *   from process to process) with a comparator that also counts a run ranking neither document as a vote
 *   for the second, so its output on a circular majority is not reproducible.
 * - Deliberate differences from ranx: the rank-based methods refuse a normalisation other than `none`
 *   (ranx would pad runs with the `borda` candidates and rank them); `combmax`/`combmin` take the maximum/
 *   minimum over the runs holding the document, where ranx pads missing ones with ∓10⁹ (the same unless a
 *   score is beyond ±10⁹); `zmuv` is applied per non-empty ranking (ranx's `fuse(norm='zmuv')` loses
 *   documents when a run has an empty query); one run may be fused alone; `min-max`, `sum`, `zmuv` and
 *   `max` (of a positive best score) divide by the spread itself however small, where ranx divides by at
 *   least 1e-9 (the same unless a run's spread, or best score, is below 1e-9: there ranx's values shrink
 *   with the scores' scale, and these do not).
 *
 * Worked example (`rrf`, k = 60): run A ranks [d1, d2], run B ranks [d2, d3]. d2 scores 1/62 + 1/61,
 * d1 1/61, d3 1/62: the fused order is d2, d1, d3. With `combsum` and `min-max`, A = {d1: 12, d2: 4},
 * B = {d2: 0.9, d3: −0.3}: A → {d1: 1, d2: 0}, B → {d2: 1, d3: 0}, so d1 = 1, d2 = 0 + 1 = 1, d3 = 0; d1
 * and d2 tie and are ordered by id descending: d2, d1, d3.
 *
 * Bad input (an unknown method or norm, weights of the wrong length or not finite, weights with a method
 * other than `wsum`, k not a positive finite number, a ranking that is not a list of `{id, score}`, a
 * document listed twice in a ranking, a score that is not finite) throws a `RankevalError` naming it.
 *
 * @see https://github.com/AmenRa/ranx (ranx 0.3.20, `ranx.fuse`: the formulas matched here)
 * @see Fox & Shaw 1994, Combination of Multiple Searches; Cormack, Clarke & Büttcher 2009, Reciprocal Rank Fusion
 */
export function fuse(
  runs: readonly FusionRun[] | ByQuery<FusionRun>,
  options: FuseOptions,
): Map<string, ScoredDocument[]> {
  const own = ownOptions(options, OPTION_KEYS, FN);
  checkFuseOptions(own, FN);
  const named = readRuns(runs, FN);
  return fuseRuns(named, planFusion(own, named, FN), queriesOf(named));
}

/** fuse's options with their defaults, checked against the runs (weights). */
export interface FusionPlan {
  readonly method: FusionMethod;
  readonly norm: FusionNorm;
  readonly k: number;
  /** One weight per run with `wsum`; empty otherwise. */
  readonly weights: readonly number[];
  readonly depth: number | undefined;
}

/** Checks the options that do not depend on the runs, so that they fail before any run is read. */
export function checkFuseOptions(options: Omit<FuseOptions, 'weights'>, fn: string): void {
  const { method, norm = 'none', k, depth } = options;
  if (!FUSION_METHODS.includes(method)) fail('invalid_option', fn, '`method`', `one of ${FUSION_METHODS.join(', ')}`, method);
  if (!FUSION_NORMS.includes(norm)) fail('invalid_option', fn, '`norm`', `one of ${FUSION_NORMS.join(', ')}`, norm);
  if (RANK_METHODS.includes(method) && norm !== 'none') {
    fail('invalid_option', fn, `\`norm\` with the rank-based method '${method}'`, "'none' (it reads positions only)", norm);
  }
  if (k !== undefined) {
    if (method !== 'rrf') fail('invalid_option', fn, `\`k\` with method '${method}'`, "absent (only 'rrf' takes k)", k);
    if (typeof k !== 'number' || !Number.isFinite(k) || k <= 0) fail('invalid_option', fn, '`k`', 'a positive finite number', k);
  }
  if (depth !== undefined && !(typeof depth === 'number' && Number.isInteger(depth) && depth > 0)) {
    fail('invalid_option', fn, '`depth`', 'a positive integer', depth);
  }
}

/** The options checked by `checkFuseOptions`, with their defaults and the weights read against the runs. */
export function planFusion(options: FuseOptions, runs: readonly NamedRun[], fn: string): FusionPlan {
  const { method, norm = 'none', k = 60, depth } = options;
  return { method, norm, k, depth, weights: readWeights(method, options.weights, runs, fn) };
}

/** Every query id of the runs, in UTF-8 byte order. */
function queriesOf(runs: readonly NamedRun[]): string[] {
  const queries = new Set<string>();
  for (const { rankings } of runs) for (const qid of rankings.keys()) queries.add(qid);
  return [...queries].sort(compareUtf8);
}

/** Runs read by `readRuns`, fused as `plan` says, for the queries `queryIds` (in that order). */
export function fuseRuns(runs: readonly NamedRun[], plan: FusionPlan, queryIds: Iterable<string>): Map<string, ScoredDocument[]> {
  const { method, norm, k, weights, depth } = plan;
  const fused = new Map<string, ScoredDocument[]>();
  for (const qid of queryIds) fused.set(qid, fuseQuery(listsOf(runs, qid, depth), method, norm, k, weights));
  return fused;
}

/** Each run's ranking of a query (an empty one where the run lacks it), cut to its top `depth`. */
export function listsOf(runs: readonly NamedRun[], qid: string, depth: number | undefined): ScoredDocument[][] {
  return runs.map(({ rankings }) => {
    const list = rankings.get(qid) ?? [];
    return depth !== undefined && list.length > depth ? list.slice(0, depth) : list;
  });
}

/** A run as `fuse` reads it: its name (its key, or `runs[i]`) and its rankings. */
export interface NamedRun {
  readonly name: string;
  /** Query id → its documents in the library's order (score descending, id descending). */
  readonly rankings: Map<string, ScoredDocument[]>;
}

/** Reads and checks `fuse`'s `runs` argument; each ranking is put in the library's order. */
export function readRuns(runs: unknown, fn: string): NamedRun[] {
  let entries: [string, unknown][];
  if (Array.isArray(runs)) entries = runs.map((run, i) => [`runs[${i}]`, run]);
  else if (runs instanceof Map) entries = [...runs.entries()].map(([name, run]) => [String(name), run]);
  else if (typeof runs === 'object' && runs !== null) entries = Object.entries(runs);
  else fail('invalid_run', fn, '`runs`', 'an array of runs or name → run', runs);
  if (entries.length === 0) fail('invalid_run', fn, '`runs`', 'one run or more', runs);
  return entries.map(([name, run]) => ({ name, rankings: readRun(name, run, fn) }));
}

function readRun(name: string, run: unknown, fn: string): Map<string, ScoredDocument[]> {
  let queries: [string, unknown][];
  if (run instanceof Map) queries = [...run.entries()].map(([qid, list]) => [String(qid), list]);
  else if (typeof run === 'object' && run !== null && !Array.isArray(run)) queries = Object.entries(run);
  else fail('invalid_run', fn, `run ${name}`, 'query id → {id, score} list (an object or a Map)', run);
  const rankings = new Map<string, ScoredDocument[]>();
  for (const [qid, list] of queries) rankings.set(qid, readRanking(name, qid, list, fn));
  return rankings;
}

function readRanking(name: string, qid: string, list: unknown, fn: string): ScoredDocument[] {
  const where = `the ranking of query '${qid}' in run ${name}`;
  if (!Array.isArray(list)) fail('invalid_ranking', fn, where, 'an array of {id, score}', list);
  const seen = new Set<string>();
  const documents: ScoredDocument[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null || typeof (item as ScoredDocument).id !== 'string' || typeof (item as ScoredDocument).score !== 'number') {
      fail('invalid_ranking', fn, `every entry of ${where}`, 'an {id: string, score: number} object', item);
    }
    const { id, score } = item as ScoredDocument;
    if (!Number.isFinite(score)) fail('invalid_ranking', fn, `the score of document '${id}' in ${where}`, 'a finite number', score);
    if (seen.has(id)) fail('invalid_ranking', fn, `the documents of ${where}`, 'listed once each', id);
    seen.add(id);
    documents.push({ id, score });
  }
  return documents.sort(byScoreThenId);
}

function byScoreThenId(a: ScoredDocument, b: ScoredDocument): number {
  if (a.score !== b.score) return a.score > b.score ? -1 : 1;
  return compareUtf8(b.id, a.id);
}

function readWeights(method: FusionMethod, weights: FuseOptions['weights'], runs: readonly NamedRun[], fn: string): number[] {
  if (method !== 'wsum') {
    if (weights !== undefined) fail('invalid_option', fn, `\`weights\` with method '${method}'`, "absent (only 'wsum' takes weights)", weights);
    return [];
  }
  if (weights === undefined) fail('invalid_option', fn, '`weights`', `one weight per run (${runs.length}) for 'wsum'`, weights);
  let list: unknown[];
  if (Array.isArray(weights)) {
    list = weights;
    if (list.length !== runs.length) fail('invalid_option', fn, '`weights`', `${runs.length} weights, one per run`, weights);
  } else {
    const byName = weights instanceof Map ? weights : new Map(Object.entries(weights as object));
    const names = runs.map((run) => run.name);
    for (const key of byName.keys()) if (!names.includes(key as string)) fail('invalid_option', fn, 'every name of `weights`', `one of the runs' names (${names.join(', ')})`, key);
    list = names.map((name) => (byName.has(name) ? byName.get(name) : fail('invalid_option', fn, `the weight of run '${name}'`, 'a finite number', undefined)));
  }
  for (const weight of list) if (typeof weight !== 'number' || !Number.isFinite(weight)) fail('invalid_option', fn, 'every weight', 'a finite number', weight);
  return list as number[];
}

/** One query: each run's ranking (ordered, cut) → the fused ranking. */
function fuseQuery(lists: readonly ScoredDocument[][], method: FusionMethod, norm: FusionNorm, k: number, weights: readonly number[]): ScoredDocument[] {
  if (method === 'condorcet') return condorcet(lists);
  return combineQuery(queryValues(lists, method, norm, k), method, weights);
}

/**
 * A query's candidates (the union of the runs' documents) and each run's value for each: the value of run i
 * for candidate c is values[i][c] · 2^exponents[i], NaN where the run does not hold the candidate.
 */
export interface QueryValues {
  readonly candidates: readonly string[];
  readonly values: readonly Float64Array[];
  /** The power of two each run's row is in: 0 but under `max`, whose quotients can pass Number.MAX_VALUE. */
  readonly exponents: readonly number[];
  /** ⌊log2⌋ of the largest |value| of each row (−Infinity for a row of zeros or of none). */
  readonly magnitudes: readonly number[];
}

/** Each run's contribution to each candidate: its normalised score, or its positional points. */
export function queryValues(lists: readonly ScoredDocument[][], method: Exclude<FusionMethod, 'condorcet'>, norm: FusionNorm, k: number): QueryValues {
  const candidates = candidatesOf(lists);
  const total = candidates.length;
  const position = new Map(candidates.map((id, c) => [id, c]));
  const exponents: number[] = [];
  const magnitudes: number[] = [];
  const values = lists.map((list) => {
    const n = list.length;
    // NaN: the run does not hold the candidate; `unranked` gives the candidates it leaves out a value.
    const row = new Float64Array(total).fill(Number.NaN);
    let exponent = 0;
    const rank = (value: (i: number) => number, unranked = Number.NaN): void => {
      if (!Number.isNaN(unranked)) row.fill(unranked);
      for (let i = 0; i < n; i++) row[position.get(list[i]!.id)!] = value(i);
    };
    switch (method) {
      case 'rrf':
        rank((i) => 1 / (k + i + 1));
        break;
      case 'isr':
      case 'log_isr':
        rank((i) => 1 / (i + 1) ** 2);
        break;
      case 'bordafuse':
        rank((i) => total - i, (total - n + 1) / 2);
        break;
      default:
        // borda: the mean of the points of the positions the run leaves free, for the candidates it leaves out.
        if (norm === 'borda') rank((i) => 1 - i / total, 0.5 - (n - 1) / (2 * total));
        else if (n > 0) {
          const normalised = normalise(list, norm);
          exponent = normalised.exponent;
          for (let i = 0; i < n; i++) row[position.get(list[i]!.id)!] = normalised.values[i]!;
        }
    }
    let largest = 0;
    for (let c = 0; c < total; c++) {
      const size = Math.abs(row[c]!);
      if (size > largest) largest = size;
    }
    exponents.push(exponent);
    magnitudes.push(exponentOf(largest));
    return row;
  });
  return { candidates, values, exponents, magnitudes };
}

/**
 * The headroom kept above the largest rescaled term, in bits: a sum of `runs` terms, times up to `runs`
 * (combmnz, isr), stays below 2^1022.
 */
const headroom = (runs: number): number => 2 * Math.ceil(Math.log2(runs + 1)) + 2;

/**
 * The fused ranking of one query's values (see `fuse`), sums taken in the runs' order.
 *
 * Every term (a run's value, times its weight under `wsum`) is first multiplied by one power of two 2^-shift,
 * the same for the whole query, that brings the largest near 2^(1022 − headroom): no sum or product can overflow, none of
 * the terms that can move a sum falls among the subnormal numbers, and since the rescaling is exact the
 * order is that of the terms themselves (the same for the runs scaled by any power of two). The scores are
 * then scaled back; should that overflow, they are all left divided by the same power of two.
 */
export function combineQuery({ candidates, values, exponents, magnitudes }: QueryValues, method: Exclude<FusionMethod, 'condorcet'>, weights: readonly number[]): ScoredDocument[] {
  const runs = values.length;
  const weighted = method === 'wsum';
  // Each run's weight as a mantissa in [1, 2) (with its sign) times 2^weightExponents[i].
  const weightExponents = new Array<number>(runs);
  let top = -Infinity;
  for (let i = 0; i < runs; i++) {
    weightExponents[i] = weighted ? exponentOf(weights[i]!) : 0;
    top = Math.max(top, magnitudes[i]! + exponents[i]! + weightExponents[i]!);
  }
  const shift = top === -Infinity ? 0 : top - (1022 - headroom(runs));
  // Run i's terms are mantissa(w_i) · (value · 2^powers[i]); factors[i] = 2^powers[i] when that is a double, else 0.
  const powers = new Float64Array(runs);
  const factors = new Float64Array(runs);
  const mantissas = new Float64Array(runs);
  for (let i = 0; i < runs; i++) {
    const weightExponent = weightExponents[i]!;
    if (weightExponent === -Infinity) {
      // A weight of 0: every term ±0, as 0 · value.
      mantissas[i] = 0;
      factors[i] = 1;
      continue;
    }
    mantissas[i] = weighted ? timesPowerOfTwo(weights[i]!, -weightExponent) : 1;
    powers[i] = exponents[i]! + weightExponent - shift;
    factors[i] = powers[i]! >= -1022 && powers[i]! <= 1023 ? 2 ** powers[i]! : 0;
  }
  // The terms of the runs holding the candidate at hand, in the runs' order (reused).
  const held = new Float64Array(runs);
  const scores = new Float64Array(candidates.length);
  for (let c = 0; c < candidates.length; c++) {
    let count = 0;
    for (let i = 0; i < runs; i++) {
      const value = values[i]![c]!;
      if (Number.isNaN(value)) continue;
      const term = factors[i] !== 0 ? value * factors[i]! : timesPowerOfTwo(value, powers[i]!);
      held[count++] = weighted ? mantissas[i]! * term : term;
    }
    scores[c] = combine(method, held, count);
  }
  // Score descending, then id descending in UTF-8 byte order (byScoreThenId), on indices.
  const order = Array.from(candidates, (_, c) => c).sort((a, b) => (scores[a] !== scores[b] ? (scores[a]! > scores[b]! ? -1 : 1) : compareUtf8(candidates[b]!, candidates[a]!)));
  const written = scaleAll(scores, writtenShift(scores, shift), scores);
  return order.map((c) => ({ id: candidates[c]!, score: written[c]! }));
}

/**
 * The power of two the rescaled scores are written times: `shift`, which gives the scores themselves,
 * when each comes back exactly; else the nearest to it that keeps them all finite and exact, so that they
 * keep their order and ties (a query whose fused scores pass Number.MAX_VALUE is written divided by 2^k).
 */
function writtenShift(scores: Float64Array, shift: number): number {
  if (shift === 0) return 0;
  let largest = 0;
  let least = Infinity;
  for (let c = 0; c < scores.length; c++) {
    const size = Math.abs(scores[c]!);
    if (size > largest) largest = size;
    if (size !== 0 && size < least) least = size;
  }
  if (largest === 0) return 0;
  // Exact for every score when the largest stays finite (⌊log2⌋ ≤ 1023) and the least normal (≥ 2^-1022).
  const up = 1023 - exponentOf(largest);
  const down = -1022 - exponentOf(least);
  if (shift <= up && shift >= down) return shift;
  // Else exact still when each score comes back: a subnormal with enough trailing zeros, say.
  let exact = true;
  for (let c = 0; c < scores.length && exact; c++) exact = timesPowerOfTwo(timesPowerOfTwo(scores[c]!, shift), -shift) === scores[c];
  if (exact) return shift;
  return shift > 0 ? Math.min(shift, up) : Math.min(0, Math.max(shift, down));
}

/** The documents of the runs' rankings of a query, each once, in the order they are first met. */
function candidatesOf(lists: readonly ScoredDocument[][]): string[] {
  const seen = new Set<string>();
  for (const list of lists) for (const { id } of list) seen.add(id);
  return [...seen];
}

// Loops, not Math.min(...values): spreading a long ranking's scores would overflow the call stack.
function smallest(values: ArrayLike<number> & Iterable<number>): number {
  let least = Infinity;
  for (const value of values) if (value < least) least = value;
  return least;
}

function largest(values: ArrayLike<number> & Iterable<number>): number {
  let most = -Infinity;
  for (const value of values) if (value > most) most = value;
  return most;
}

/** The method's score of a candidate from the first `count` terms of the runs holding it (weighted already under `wsum`). */
function combine(method: Exclude<FusionMethod, 'condorcet'>, held: Float64Array, count: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) total += held[i]!;
  switch (method) {
    case 'combsum':
    case 'rrf':
    case 'bordafuse':
    case 'wsum':
      return total;
    case 'combmnz':
    case 'isr':
      return total * count;
    case 'log_isr':
      return total * Math.log(count);
    case 'combanz':
      return total / count;
    case 'combmax':
      return largest(held.subarray(0, count));
    case 'combmin':
      return smallest(held.subarray(0, count));
    case 'combmed': {
      const sorted = held.slice(0, count).sort();
      const middle = Math.floor(count / 2);
      return count % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    }
  }
}

/**
 * One run's normalised scores for a query (see `fuse`), in its ranking's order (score descending), as
 * values · 2^exponent (`borda`, which scores the candidates the run leaves out too, is not here). Those
 * that do not depend on the scores' scale (all but `none`, and `max` of a run whose best score is ≤ 0) are
 * computed on the scores rescaled by the power of two that brings the largest |s| into [1, 2): exactly the
 * same numbers, with no difference, sum or square that can overflow, nor a spread lost among the subnormals.
 */
function normalise(list: readonly ScoredDocument[], norm: Exclude<FusionNorm, 'borda'>): { values: Float64Array; exponent: number } {
  const n = list.length;
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = list[i]!.score;
  if (norm === 'none') return { values, exponent: 0 };
  if (norm === 'rank') {
    for (let i = 0; i < n; i++) values[i] = 1 - i / n;
    return { values, exponent: 0 };
  }
  // The ranking is in score order: its largest |s| is at one end.
  const scale = exponentOf(Math.max(Math.abs(values[0]!), Math.abs(values[n - 1]!)));
  if (scale === -Infinity) {
    // Every score 0: 0 under every normalisation (`max` divides ±0 by 1e-9).
    return { values: norm === 'max' ? values.map((score) => score / SMALLEST_DENOMINATOR) : values.fill(0), exponent: 0 };
  }
  if (norm === 'max') return maxNormalised(values, scale);
  scaleAll(values, -scale, values);
  switch (norm) {
    case 'min-max': {
      const min = values[n - 1]!;
      const range = values[0]! - min;
      for (let i = 0; i < n; i++) values[i] = range === 0 ? 0 : (values[i]! - min) / range;
      return { values, exponent: 0 };
    }
    case 'sum': {
      const min = values[n - 1]!;
      let total = 0;
      for (let i = 0; i < n; i++) total += values[i]! - min;
      for (let i = 0; i < n; i++) values[i] = total === 0 ? 0 : (values[i]! - min) / total;
      return { values, exponent: 0 };
    }
    case 'zmuv': {
      let total = 0;
      for (let i = 0; i < n; i++) total += values[i]!;
      const mean = total / n;
      for (let i = 0; i < n; i++) values[i] = values[i]! - mean;
      // Deviations rescaled again, the largest into [1, 2), so that their squares neither overflow nor underflow.
      const spread = exponentOf(Math.max(Math.abs(values[0]!), Math.abs(values[n - 1]!)));
      if (spread === -Infinity) return { values: values.fill(0), exponent: 0 };
      scaleAll(values, -spread, values);
      let squares = 0;
      for (let i = 0; i < n; i++) squares += values[i]! ** 2;
      const deviation = Math.sqrt(squares / n);
      for (let i = 0; i < n; i++) values[i] = values[i]! / deviation;
      return { values, exponent: 0 };
    }
  }
}

/**
 * `max`: s / best, as row · 2^exponent with the largest |row| near 2^1000, so that a quotient past
 * Number.MAX_VALUE (a tiny best score, or ranx's 1e-9 for a best score ≤ 0) is held, and one far below it
 * keeps its bits. Each quotient is taken on the mantissas, (s · 2^-e) / (best · 2^-b), then placed by its
 * power of two: the same as s / best wherever that is a normal number.
 */
function maxNormalised(scores: Float64Array, scale: number): { values: Float64Array; exponent: number } {
  const n = scores.length;
  const best = scores[0]!;
  if (best <= 0) {
    // ranx's guard: a best score ≤ 0 divides by 1e-9 (not scale-free: it blows the scores up ≈ 10⁹ times).
    // Below 2^990 the quotients are finite (1 / 1e-9 < 2^30): taken as they are.
    if (scale < 990) {
      for (let i = 0; i < n; i++) scores[i] = scores[i]! / SMALLEST_DENOMINATOR;
      return { values: scores, exponent: 0 };
    }
    for (let i = 0; i < n; i++) scores[i] = timesPowerOfTwo(scores[i]!, 970 - scale) / SMALLEST_DENOMINATOR;
    return { values: scores, exponent: scale - 970 };
  }
  const b = exponentOf(best);
  // Quotients below 2^1000 are finite: taken as they are (the choice depends on the ratio only, not the scale).
  if (scale - b < 1000) {
    for (let i = 0; i < n; i++) scores[i] = scores[i]! / best;
    return { values: scores, exponent: 0 };
  }
  const divisor = timesPowerOfTwo(best, -b);
  for (let i = 0; i < n; i++) {
    const score = scores[i]!;
    const e = exponentOf(score);
    scores[i] = e === -Infinity ? score / divisor : timesPowerOfTwo(timesPowerOfTwo(score, -e) / divisor, e - scale + 1000);
  }
  return { values: scores, exponent: scale - b - 1000 };
}

/** Condorcet fusion of one query (see `fuse`): the candidates merge-sorted by the runs' pairwise majority. */
function condorcet(lists: readonly ScoredDocument[][]): ScoredDocument[] {
  const candidates = candidatesOf(lists);
  const positions = lists.map((list) => new Map(list.map(({ id }, i) => [id, i])));
  // Negative when a goes first: more runs rank a above b than b above a, or as many and a's id is larger.
  const order = (a: string, b: string): number => {
    let balance = 0;
    for (const position of positions) {
      const pa = position.get(a) ?? Infinity;
      const pb = position.get(b) ?? Infinity;
      if (pa < pb) balance--;
      else if (pb < pa) balance++;
    }
    return balance !== 0 ? balance : compareUtf8(b, a);
  };
  const sorted = mergeSort([...candidates].sort((a, b) => compareUtf8(b, a)), order);
  return sorted.map((id, i) => ({ id, score: sorted.length - i }));
}

/**
 * A top-down merge sort, written out rather than Array.prototype.sort: with a rule that can go round in a
 * circle the result depends on the algorithm, and this one is the same on every engine.
 */
function mergeSort<T>(items: readonly T[], order: (a: T, b: T) => number): T[] {
  if (items.length <= 1) return [...items];
  const middle = items.length >> 1;
  const left = mergeSort(items.slice(0, middle), order);
  const right = mergeSort(items.slice(middle), order);
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) merged.push(order(right[j]!, left[i]!) < 0 ? right[j++]! : left[i++]!);
  while (i < left.length) merged.push(left[i++]!);
  while (j < right.length) merged.push(right[j++]!);
  return merged;
}
