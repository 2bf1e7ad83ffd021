import { argument, fail, mention } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { overlaps, shorterAndLonger, type Ranks, type RboTies } from './rbo-depths.js';
import { readTieGroups, type TieGroups, type TiedRanking } from './tie-ranking.js';

export type { RboTies } from './rbo-depths.js';

export interface RboOptions {
  /** Persistence: the weight of depth d is (1 − p)·p^(d − 1), so 1/(1 − p) is the expected depth read. Default 0.9. */
  readonly p?: number;
  /** How ties are treated: `'w'`, `'a'` or `'b'` (see RboTies). Default `'a'`. */
  readonly ties?: RboTies;
  /** Read only the top `depth` of each ranking (a tie straddling it is kept whole). Default: all of them. */
  readonly depth?: number;
}

/** RBO of two rankings known only to the depth given, with what the unseen rest could make of it. */
export interface Rbo {
  /** The point estimate: the agreement seen is assumed to go on below the rankings' ends (Webber's RBO_EXT). */
  readonly ext: number;
  /** The lower bound: nothing below the rankings' ends is shared (RBO_MIN). */
  readonly min: number;
  /** The upper bound: everything below the ends that can be shared is (RBO_MAX). */
  readonly max: number;
  /** The residual, max − min: how much the unseen rest could still change. */
  readonly res: number;
}

const OPTION_KEYS: readonly string[] = ['p', 'ties', 'depth'];
const TIES: readonly RboTies[] = ['w', 'a', 'b'];

/**
 * Rank-biased overlap (Webber, Moffat & Zobel, TOIS 2010) of two rankings, top-weighted, of any lengths and
 * any items in common, with ties (Corsi & Urbano, SIGIR 2024): how similar two result lists are, without
 * relevance labels. 1 is the same ranking, 0 nothing in common.
 *
 * RBO = (1 − p) Σ_{d≥1} p^(d−1) X_d / N_d, where m(i, d) is how much of item i the prefix of depth d holds
 * (see RboTies), X_d = Σ_i m_a(i, d)·m_b(i, d) the overlap of the two prefixes, and N_d = d (`'a'`), the
 * prefixes' mean size (`'w'`) or √(Σm_a²·Σm_b²) (`'b'`). Without ties the three agree and X_d/N_d is the
 * share of the top d the rankings have in common.
 *
 * With s ≤ l the lengths of the shorter and longer ranking: below depth l (and below s in the shorter)
 * nothing is known. `min` counts no further overlap; `max` lets each unseen item of the shorter ranking be
 * the next item of the longer one it lacks, and the unseen items of both meet as early as they can;
 * `ext` lets each unseen item of the shorter ranking be shared with probability A_s = X_s/N_s (any item the
 * longer one's prefix reaches and the shorter lacks, each equally likely), and keeps the agreement at depth
 * l for every depth below. These are Webber et al.'s equations for rankings of uneven length, generalised
 * to ties as Corsi & Urbano's reference implementation computes them (matched to 1e-9 on 2,000 of their test
 * vectors, every treatment and bound). Under `'b'`, RBO(x, x) = 1; under `'a'` a ranking with ties is less
 * than 1 from itself (its ties could be broken two ways); `'a'` ≤ `'b'`.
 *
 * @param a a ranking: ids in rank order, an entry an id or an array of ids tied at that place, or `{id,
 *   score}` documents in any order (the higher score first, equal scores tied); not empty, no id twice
 * @param b another ranking, read as `a` is (RBO is symmetric)
 * @throws {RankevalError} `invalid_ranking` for an empty or malformed ranking or an id listed twice;
 *   `invalid_option` for `p` outside (0, 1), an unknown `ties`, a `depth` that is not a positive integer,
 *   or an unknown option
 * @example
 * // a: d1, then d2 and d3 tied at ranks 2–3; b: d2, d1, d3. Under 'a' (p = 0.5):
 * // X_1 = 0, X_2 = 1·1 (d1) + ½·1 (d2) = 1.5, X_3 = 3, so
 * // ext = ½·(0/1 + ½·1.5/2 + ¼·3/3) + ⅛·3/3 = 0.4375
 * rbo(['d1', ['d2', 'd3']], ['d2', 'd1', 'd3'], { p: 0.5 }).ext // => 0.4375
 */
export function rbo(a: TiedRanking, b: TiedRanking, options: RboOptions = {}): Rbo {
  const fn = 'rbo';
  const { p, ties, depth } = readRboOptions(options, fn);
  const x = readTieGroups(a, fn, [mention(argument('a'))], { subject: argument('a') }, depth);
  const y = readTieGroups(b, fn, [mention(argument('b'))], { subject: argument('b') }, depth);
  return rboOfGroups(x, y, p, ties);
}

/** rbo's options, checked, with their defaults. */
export function readRboOptions(options: RboOptions, fn: string): { p: number; ties: RboTies; depth: number } {
  const { p = 0.9, ties = 'a', depth = Infinity } = ownOptions(options, OPTION_KEYS, fn);
  if (typeof p !== 'number' || !(p > 0 && p < 1)) fail('invalid_option', fn, { kind: 'option', option: 'p' }, 'a number between 0 and 1, both excluded', p);
  if (!TIES.includes(ties)) fail('invalid_option', fn, { kind: 'option', option: 'ties' }, "'w', 'a' or 'b'", ties);
  if (depth !== Infinity && (!Number.isSafeInteger(depth) || depth < 1)) fail('invalid_option', fn, { kind: 'option', option: 'depth' }, 'a positive integer', depth);
  return { p, ties, depth };
}

/** RBO of two rankings read already (see rbo). */
export function rboOfGroups(a: TieGroups, b: TieGroups, p: number, ties: RboTies): Rbo {
  const [S, L] = shorterAndLonger(a, b, ties);
  const s = S.length;
  const l = L.length;
  const X = overlaps(S, L, l);
  const norm = (d: number): number => (ties === 'a' ? d : ties === 'w' ? (S.mass(d) + L.mass(d)) / 2 : Math.sqrt(S.mass(d) * L.mass(d)));
  const agreementAtS = X[s]! / norm(s);
  const unseen = unseenOverlaps(S, L);
  let min = 0;
  let max = 0;
  let ext = 0;
  let harmonic = 0; // Σ_{d≤l} p^d/d
  let power = 1; // p^(d−1)
  for (let d = 1; d <= l; d++) {
    const n = norm(d);
    const { most, expected } = d > s ? unseen(d) : NOTHING_UNSEEN;
    min += (power * X[d]!) / n;
    max += (power * (X[d]! + most)) / n;
    ext += (power * (X[d]! + agreementAtS * expected)) / n;
    power = nextPower(power, p);
    harmonic += power / d;
  }
  // Below depth l: every item is wholly in or out, N_d = d. min keeps X_l; max grows the overlap by two a
  // depth (an unseen item of each ranking matched) up to d at depth f = l + s − X_l; ext keeps A_l.
  const shared = X[l]!;
  const f = l + s - shared;
  let maxTail = 0;
  for (let d = l + 1, weight = power; d <= f && weight > 0; d++, weight = nextPower(weight, p)) maxTail += weight * (2 - f / d);
  const { expected } = l > s ? unseen(l) : NOTHING_UNSEEN;
  // 0 ≤ min ≤ ext ≤ max ≤ 1; clamping only removes rounding.
  const lowest = Math.max(0, (1 - p) * (min + shared * harmonicTail(p, l, power, harmonic)));
  const highest = Math.min(1, Math.max(lowest, (1 - p) * (max + maxTail) + p ** f));
  const estimate = (1 - p) * ext + (power * (shared + agreementAtS * expected)) / l;
  return { ext: Math.min(highest, Math.max(lowest, estimate)), min: lowest, max: highest, res: highest - lowest };
}

/**
 * p·power, or 0 once that is below the smallest normal double (2⁻¹⁰²²). Below it every operation is many
 * times slower, and p·(smallest subnormal) rounds back to itself, so a long ranking (100,000 deep at p =
 * 0.9) would spend nearly all its time there; each term dropped is under 2⁻¹⁰²², all of them under
 * 2⁻¹⁰²²/(1 − p), so only a result of that size could change.
 */
function nextPower(power: number, p: number): number {
  const next = power * p;
  return next < SMALLEST_NORMAL ? 0 : next;
}

const SMALLEST_NORMAL = 2 ** -1022;

/**
 * Σ_{d>l} p^(d−1)/d, given p^l and Σ_{d≤l} p^d/d: −ln(1 − p)/p less the first l terms while the tail is a
 * fair share of the whole (p^l > 10⁻³), else term by term, which then falls fast (no cancellation).
 */
function harmonicTail(p: number, l: number, pl: number, head: number): number {
  if (pl > 1e-3) return (-Math.log1p(-p) - head) / p;
  let sum = 0;
  for (let d = l + 1, term = pl / d; term > sum * 1e-17; d++, term = (term * p * (d - 1)) / d) sum += term;
  return sum;
}

const NOTHING_UNSEEN = { most: 0, expected: 0 };

/**
 * At a depth d in (s, l]: the d − s unseen items of the shorter ranking S, and the items of the longer L that
 * S lacks and L's prefix reaches — a items wholly, and b of the group growing at d, each held by m. `most`:
 * those unseen items matched to the first of them in L's order (min(d − s, a) + m·min(max(d − s − a, 0), b));
 * `expected`: each unseen item one of them, equally likely ((d − s)·(a + m·b)/(a + b)).
 */
function unseenOverlaps(S: Ranks, L: Ranks): (d: number) => { most: number; expected: number } {
  const groups = L.start.length;
  const lacking = new Int32Array(groups + 1); // items S lacks in L's groups before g
  for (let g = 0; g < groups; g++) lacking[g + 1] = lacking[g]! + L.sumOver(g, (item) => (S.holds(item) ? 0 : 1));
  return (d) => {
    const g = L.groupAt[d]!;
    const growing = L.growingAt(d) === g;
    const whole = growing ? lacking[g]! : lacking[g + 1]!;
    const part = growing ? lacking[g + 1]! - lacking[g]! : 0;
    const m = L.member(g, d);
    const count = d - S.length;
    return { most: Math.min(count, whole) + m * Math.min(Math.max(count - whole, 0), part), expected: (count * (whole + m * part)) / (whole + part) };
  };
}
