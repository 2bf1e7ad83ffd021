// How far two sets of labels (qrels) agree: over the documents both judged, graded and at a relevance
// threshold, overall with bootstrap intervals over queries, and per query.
import { argument, fail, RankevalError } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { readQrels } from '../core/inputs.js';
import { isRelevant, readJudgments } from '../core/judgments.js';
import { quantile } from '../stats/tests.js';
import { checkSeed, seededRandom } from '../stats/random.js';
import type { ByQuery, Qrels } from '../core/types.js';
import { tableAlpha } from './alpha.js';
import { tableKappa, type GradeTable } from './kappa.js';

export interface LabelAgreementOptions {
  /** The grade from which a document counts as relevant, for the binary agreement. Default 1. */
  readonly relevanceThreshold?: number;
  /** Bootstrap resamples of the queries for the intervals, from 1 to 100,000. Default 1,000. */
  readonly samples?: number;
  /** Seed of the bootstrap, an integer from 0 to 2^32 − 1: the same seed gives the same intervals. Default 42. */
  readonly seed?: number;
}

/** Cohen's κ three ways; `null` where undefined (every document graded alike by both sides). */
export interface KappaFigures {
  readonly unweighted: number | null;
  readonly linear: number | null;
  readonly quadratic: number | null;
}

/** The agreement of two label sets over a set of documents both judged. */
export interface AgreementFigures {
  /** Documents both sides judged. */
  readonly judged: number;
  /** The share of them given the same grade. */
  readonly exact: number;
  readonly kappa: KappaFigures;
  /** Krippendorff's α, ordinal level; `null` where undefined. */
  readonly alpha: number | null;
  /** Relevant (grade ≥ threshold, and ≥ 0) or not on each side. */
  readonly binary: BinaryAgreement;
}

export interface BinaryAgreement {
  /** The share of documents both call relevant or both call not relevant. */
  readonly agreement: number;
  /** Unweighted κ of relevant/not; `null` where undefined. */
  readonly kappa: number | null;
  /** Documents relevant on both sides, on A's only, on B's only, on neither. */
  readonly both: number;
  readonly onlyA: number;
  readonly onlyB: number;
  readonly neither: number;
}

export interface LabelAgreement extends AgreementFigures {
  /** `counts[i][j]`: documents A graded `grades[i]` and B graded `grades[j]`. */
  readonly confusion: GradeTable;
  /** 95% bootstrap percentile intervals over queries, `[low, high]`; `null` where no resample defines it. */
  readonly intervals: { readonly kappa: Record<keyof KappaFigures, AgreementInterval | null>; readonly alpha: AgreementInterval | null };
  /** Documents judged in A only and in B only, by query. */
  readonly onlyA: Readonly<Record<string, readonly string[]>>;
  readonly onlyB: Readonly<Record<string, readonly string[]>>;
  /** The same figures per query judged on both sides. */
  readonly perQuery: Readonly<Record<string, AgreementFigures>>;
}

export type AgreementInterval = readonly [low: number, high: number];

interface QueryTables {
  readonly graded: GradeTable;
  readonly binary: GradeTable;
}

/**
 * How far two label sets agree — a second annotator, or an LLM judge against people (Faggioli et al. 2023;
 * Thomas et al., SIGIR 2024) — over the documents both judged: the share graded alike, Cohen's κ
 * (unweighted, linear, quadratic), Krippendorff's α (ordinal), agreement on relevant/not at
 * `relevanceThreshold` with its κ, and the confusion matrix of grades; the same per query; the documents
 * only one side judged; and 95% bootstrap intervals for κ and α, resampling queries (seeded).
 *
 * Edge rules: a κ or α undefined for its documents (both sides give them all one grade) is `null`, not a
 * number. Two label sets with no document judged by both are refused (`undefined_statistic`).
 *
 * @param qrelsA the first label set, query id → judgments (id → grade)
 * @param qrelsB the second label set, the same shape
 * @throws {RankevalError} `invalid_qrels` for unreadable judgments; `invalid_option` for a bad option;
 *   `undefined_statistic` when no document is judged by both
 * @example
 * labelAgreement({ q1: { d1: 2, d2: 0, d3: 1 } }, { q1: { d1: 2, d2: 1, d4: 0 } })
 * // => { judged: 2, exact: 0.5, binary: { agreement: 0.5, both: 1, onlyB: 1, … }, onlyA: { q1: ['d3'] }, onlyB: { q1: ['d4'] }, … }
 */
export function labelAgreement(qrelsA: ByQuery<Qrels>, qrelsB: ByQuery<Qrels>, options: LabelAgreementOptions = {}): LabelAgreement {
  const fn = 'labelAgreement';
  const { relevanceThreshold = 1, samples = 1000, seed = 42 } = ownOptions(options, ['relevanceThreshold', 'samples', 'seed'], fn);
  if (typeof relevanceThreshold !== 'number' || !Number.isFinite(relevanceThreshold)) fail('invalid_option', fn, { kind: 'option', option: 'relevanceThreshold' }, 'a finite number', relevanceThreshold);
  if (!Number.isSafeInteger(samples) || samples < 1 || samples > 100_000) fail('invalid_option', fn, { kind: 'option', option: 'samples' }, 'an integer from 1 to 100,000', samples);
  checkSeed(seed, fn);
  const pairs = pairedGrades(qrelsA, qrelsB, fn);
  const grades = [...new Set([...pairs.values()].flatMap(({ a, b }) => [...a, ...b]))].sort((g, h) => g - h);
  const tables = new Map([...pairs].filter(([, { a }]) => a.length > 0).map(([qid, { a, b }]) => [qid, tablesOf(a, b, grades, relevanceThreshold)]));
  if (tables.size === 0) throw new RankevalError({ code: 'undefined_statistic', fn, subject: argument('qrelsA'), facts: { count: 0, with: argument('qrelsB') }, problem: 'no document is judged in both label sets, so there is nothing to compare', expected: 'a document judged in both', received: 0 });
  const total = sumTables([...tables.values()], grades);
  const perQuery = Object.fromEntries([...tables].map(([qid, table]) => [qid, figuresOf(table)]));
  const onlyOf = (side: 'onlyA' | 'onlyB'): Record<string, string[]> => Object.fromEntries([...pairs].filter(([, query]) => query[side].length > 0).map(([qid, query]) => [qid, query[side]]));
  return { ...figuresOf(total), confusion: total.graded, intervals: bootstrap([...tables.values()], grades, samples, seed), onlyA: onlyOf('onlyA'), onlyB: onlyOf('onlyB'), perQuery };
}

/** Per query (of either side): the grades of the documents both judged, and the documents one side only judged. */
function pairedGrades(qrelsA: ByQuery<Qrels>, qrelsB: ByQuery<Qrels>, fn: string): Map<string, { a: number[]; b: number[]; onlyA: string[]; onlyB: string[] }> {
  const sideA = readQrels(qrelsA, fn, '`qrelsA`');
  const sideB = readQrels(qrelsB, fn, '`qrelsB`');
  const pairs = new Map<string, { a: number[]; b: number[]; onlyA: string[]; onlyB: string[] }>();
  for (const qid of new Set([...sideA.keys(), ...sideB.keys()])) {
    const gradesA = sideA.has(qid) ? readJudgments(sideA.get(qid), 1, fn, `\`qrelsA\`["${qid}"]`).grades : new Map<string, number>();
    const gradesB = sideB.has(qid) ? readJudgments(sideB.get(qid), 1, fn, `\`qrelsB\`["${qid}"]`).grades : new Map<string, number>();
    const query = { a: [] as number[], b: [] as number[], onlyA: [] as string[], onlyB: [] as string[] };
    for (const [id, grade] of gradesA) {
      if (!gradesB.has(id)) {
        query.onlyA.push(id);
        continue;
      }
      query.a.push(grade);
      query.b.push(gradesB.get(id)!);
    }
    for (const id of gradesB.keys()) if (!gradesA.has(id)) query.onlyB.push(id);
    pairs.set(qid, query);
  }
  return pairs;
}

function tablesOf(a: readonly number[], b: readonly number[], grades: readonly number[], threshold: number): QueryTables {
  const index = new Map(grades.map((grade, i) => [grade, i]));
  const graded = grades.map(() => grades.map(() => 0));
  const binary = [
    [0, 0],
    [0, 0],
  ];
  for (let i = 0; i < a.length; i++) {
    graded[index.get(a[i]!)!]![index.get(b[i]!)!]!++;
    binary[isRelevant(a[i]!, threshold) ? 1 : 0]![isRelevant(b[i]!, threshold) ? 1 : 0]!++;
  }
  return { graded: { grades, counts: graded }, binary: { grades: [0, 1], counts: binary } };
}

/** The tables of every query added up, cell by cell. */
function sumTables(tables: readonly QueryTables[], grades: readonly number[]): QueryTables {
  const add = (pick: (table: QueryTables) => GradeTable, size: number): GradeTable['counts'] => {
    const cells = nonZeroCells(tables.map((table) => pick(table).counts));
    const pooled = new Float64Array(size * size);
    for (let q = 0; q < tables.length; q++) addCells(cells, q, pooled);
    return rowsOf(pooled, size);
  };
  return { graded: { grades, counts: add((table) => table.graded, grades.length) }, binary: { grades: [0, 1], counts: add((table) => table.binary, 2) } };
}

const KAPPAS = ['unweighted', 'linear', 'quadratic'] as const;
const WEIGHTS = { unweighted: 'none', linear: 'linear', quadratic: 'quadratic' } as const;

/** κ three ways and ordinal α of a table (two raters: the coincidences are the table plus its transpose). */
function statistics(table: GradeTable): { kappa: KappaFigures; alpha: number | null } {
  const kappa = Object.fromEntries(KAPPAS.map((name) => [name, tableKappa(table, WEIGHTS[name]) ?? null])) as unknown as KappaFigures;
  return { kappa, alpha: tableAlpha(table, 'ordinal') ?? null };
}

function figuresOf({ graded, binary }: QueryTables): AgreementFigures {
  const judged = graded.counts.reduce((sum, row) => sum + row.reduce((inner, count) => inner + count, 0), 0);
  const exact = graded.counts.reduce((sum, row, i) => sum + row[i]!, 0) / judged;
  const [[neither, onlyB], [onlyA, both]] = binary.counts as [[number, number], [number, number]];
  const binaryAgreement = { agreement: (both + neither) / judged, kappa: tableKappa(binary, 'none') ?? null, both, onlyA, onlyB, neither };
  return { judged, exact, ...statistics(graded), binary: binaryAgreement };
}

/**
 * Percentile intervals of κ and α over `samples` resamples of the queries, with replacement. Each query's
 * graded table is kept as its non-zero cells, the sufficient statistic of κ and α, which a resample adds
 * up: O(samples × (Σ cells + k²)) for k grades, not a pass over every query's whole table per resample.
 */
function bootstrap(tables: readonly QueryTables[], grades: readonly number[], samples: number, seed: number): LabelAgreement['intervals'] {
  const random = seededRandom(seed);
  const k = grades.length;
  const cells = nonZeroCells(tables.map((table) => table.graded.counts));
  const pooled = new Float64Array(k * k);
  const drawn = { unweighted: [] as number[], linear: [] as number[], quadratic: [] as number[], alpha: [] as number[] };
  for (let s = 0; s < samples; s++) {
    pooled.fill(0);
    for (let q = 0; q < tables.length; q++) {
      addCells(cells, random.below(tables.length), pooled);
    }
    const { kappa, alpha } = statistics({ grades, counts: rowsOf(pooled, k) });
    for (const name of KAPPAS) if (kappa[name] !== null) drawn[name].push(kappa[name]);
    if (alpha !== null) drawn.alpha.push(alpha);
  }
  const interval = (values: number[]): AgreementInterval | null => {
    if (values.length === 0) return null;
    values.sort((a, b) => a - b);
    return [quantile(values, 0.025), quantile(values, 0.975)];
  };
  return { kappa: { unweighted: interval(drawn.unweighted), linear: interval(drawn.linear), quadratic: interval(drawn.quadratic) }, alpha: interval(drawn.alpha) };
}

/** Adds table t's non-zero cells into `pooled`, a k × k table flat by rows. */
function addCells({ places, counts, starts }: ReturnType<typeof nonZeroCells>, t: number, pooled: Float64Array): void {
  for (let c = starts[t]!; c < starts[t + 1]!; c++) pooled[places[c]!]! += counts[c]!;
}

/** A k × k table flat by rows as its rows. */
function rowsOf(flat: Float64Array, k: number): number[][] {
  return Array.from({ length: k }, (_, i) => Array.from(flat.subarray(i * k, i * k + k)));
}

/** The non-zero cells of k × k tables, table after table: table t's are `places` (i·k + j) and `counts` from `starts[t]` up to `starts[t + 1]`. */
function nonZeroCells(tables: readonly (readonly (readonly number[])[])[]): { places: Int32Array; counts: Float64Array; starts: Int32Array } {
  const places: number[] = [];
  const counts: number[] = [];
  const starts = [0];
  for (const table of tables) {
    table.forEach((row, i) =>
      row.forEach((count, j) => {
        if (count === 0) return;
        places.push(i * row.length + j);
        counts.push(count);
      }),
    );
    starts.push(places.length);
  }
  return { places: Int32Array.from(places), counts: Float64Array.from(counts), starts: Int32Array.from(starts) };
}
