// The catalogue: every measure rankeval knows, declared once — its rankeval and ir_measures names (trec_eval's
// are in trec-table.ts), its parameters, how it is aggregated over queries, and the function that
// computes it. evaluate/evaluateRun, the CLI's eval/compare/report, the matchers and `rankeval trec` all
// select from this list; the formulas, conventions and worked examples are in the doc comments of the
// functions in src/metrics/ that each entry calls.
import { averagePrecisionFromCounts } from '../metrics/average-precision.js';
import { bpref } from '../metrics/bpref.js';
import { contextPrecisionFromCounts } from '../metrics/context-precision.js';
import type { ResolvedOptions } from '../core/metric-options.js';
import { DEFAULT_DESIRED_GAIN, inst, nerr8 } from '../metrics/cwl.js';
import { dcgFromCounts, idcgFromCounts, ndcgFromCounts, ndcgRel, ndcgWithGains, rndcg } from '../metrics/dcg.js';
import { DEFAULT_MAX_GRADE, errStopProbability, expectedReciprocalRank, tieAveragedErr } from '../metrics/expected-reciprocal-rank.js';
import { fallOut } from '../metrics/fall-out.js';
import { f1FromCounts, weightedFFromCounts } from '../metrics/f1.js';
import { binG, gMeasure } from '../metrics/g.js';
import { inferredAp } from '../metrics/inferred-ap.js';
import { elevenPointAverage, interpolatedPrecisions } from '../metrics/interpolated-precision.js';
import { judgedRetrievedAt, unjudgedAt } from '../metrics/judged.js';
import type { CutoffCounts, GainParam } from '../metrics/judged-ranking.js';
import { precisionFromCounts, relativePrecisions, setMap, setRelativePrecision } from '../metrics/precision.js';
import { rPrecisionFromCounts, rPrecisionMultiples } from '../metrics/r-precision.js';
import { binaryRbp, persistence, rbp, rbpResidual } from '../metrics/rank-biased-precision.js';
import { recallFromCounts } from '../metrics/recall.js';
import { reciprocalRankFromCounts } from '../metrics/reciprocal-rank.js';
import { successFromCounts } from '../metrics/success.js';
import { utility } from '../metrics/utility.js';
import { allAspects, alphaNdcg, aspectRecall, errIa, pIa } from '../metrics/diversity.js';
import type { MeasureParams, QueryContext } from './context.js';

/** The parameters a measure may take besides its cutoff, as `name(param=value)` writes them. */
export type ParamName = keyof Omit<MeasureParams, 'cutoff'>;

/**
 * What `@x` means for a measure: `k` a cutoff (positive integer, none = the whole ranking), `recall` a
 * recall level in [0, 1] (`iprec@0.5`, required), `multiple` a multiple of R (`Rprec_mult@2`, required),
 * `none` no `@` at all.
 */
export type AtKind = 'k' | 'recall' | 'multiple' | 'none';

export interface MeasureDefinition {
  /** rankeval's name (matched ignoring case, `-` and `_`), as results print it. */
  readonly name: string;
  /** Other rankeval spellings, matched the same way. */
  readonly aliases: readonly string[];
  /** ir_measures' names for it (matched exactly, case included, as ir_measures does). */
  readonly irMeasures: readonly string[];
  readonly at: AtKind;
  readonly params: readonly ParamName[];
  /** Parameter values when not given (rankeval's and trec_eval's grammars). */
  readonly defaults: Partial<MeasureParams>;
  /** Where ir_measures' defaults differ: applied over `defaults` to a name read in ir_measures' grammar (`RBP` is p = 0.8). */
  readonly irDefaults?: Partial<MeasureParams>;
  /**
   * How the per-query values become the run's figure: the mean; the geometric mean with each value at
   * least 0.00001 (trec_eval's gm_map, gm_bpref); or the sum (counts, as trec_eval and ir_measures sum them).
   */
  readonly aggregate: 'mean' | 'geometric' | 'sum';
  /**
   * The values one query can score (`ValueSet`), for every parameterisation alike or as its parameters
   * make them: what mergeEvaluations holds each value of a part to.
   */
  readonly values: ValueSet | ((params: MeasureParams) => ValueSet);
  /** Every value is in [0, 1] (under the default parameters): read from `values`. */
  readonly bounded: boolean;
  /**
   * `lower` for a measure where a smaller value is the better ranking (a miss rate, a cost, a share of
   * non-relevant or unjudged documents); absent, higher is better. The regression gate, compare's
   * wins and losses and the report read it through `higherIsBetter` (src/measures/reading.ts).
   */
  readonly better?: 'lower';
  /**
   * Has a tie-averaged form (`ties: 'average'`): computed from the expected counts, or the same for every
   * order of the ranking (the set measures). Not for a gain table (`gains`): those walk the ranking's grades.
   */
  readonly tieAverage: boolean;
  /**
   * Reads the ranking's document ids (`context.documents`), not only its judged ranks: aspects, budgets and
   * token counts. The evaluators decode ids only for the measures that say so.
   */
  readonly readsDocuments?: boolean;
  /** Reads the query's aspects (`context.aspects`): evaluateRun needs its `aspects` option for it. */
  readonly readsAspects?: boolean;
  /** False for the measures whose value does not depend on the ranking (num_rel, idcg): `systemK` does not limit them. */
  readonly readsRanking?: boolean;
  /** What is wrong with these parameters together (one line), when something is: checked as the name is read. */
  readonly refuse?: (params: MeasureParams) => string | undefined;
  /** Parameters a name must give (no default makes sense: the scale of NERR's and INST's grades). */
  readonly required?: readonly ParamName[];
  /** One line for the README and `--help`. */
  readonly summary: string;
  /**
   * The value evaluateRun gives a query where the formula is 0 / 0 (trec_eval prints `-nan` there, and so
   * does `rankeval trec`); absent for the measures that always have a number.
   */
  readonly whenUndefined?: number;
  /** Values of every parameterisation asked for, in one pass where the measure allows it, at out[offset…]. */
  readonly compute: (context: QueryContext, instances: readonly MeasureParams[], out: Float64Array, offset: number) => void;
}

type Compute = MeasureDefinition['compute'];

/**
 * The values a query can score on a measure:
 * - `min`, `max`: the closed range (∓Number.MAX_VALUE where no bound holds: a value is always finite);
 * - `step`, where the values of one order of the ranking are discrete: `'integer'` (a count), `'binary'`
 *   (0 or 1), `'cutoff'` (i/k for i = 0…k, at a cutoff k; none without one), `'reciprocal'` (0 or 1/r for a
 *   rank r ≤ k). A tie-averaged value (`ties: 'average'`) is their expectation, which takes no step
 *   (save `'integer'`: the counts are the same for every order);
 * - `noRelevant`: the value of a query with no relevant document at the measure's relevance level, where
 *   the formula fixes it (0 for the shares of the relevant documents);
 * - `emptyRanking`: the value of an empty ranking (a judged query the run does not answer), where it does
 *   not depend on the judgments (it does for idcg, num_rel, miss, utility).
 */
export interface ValueSet {
  readonly min: number;
  readonly max: number;
  readonly step?: 'integer' | 'binary' | 'cutoff' | 'reciprocal';
  readonly noRelevant?: number;
  readonly emptyRanking?: number;
}

/** A share of the relevant documents (or of the ranks that hold them): in [0, 1], 0 without any, 0 for an empty ranking. */
const SHARE: ValueSet = { min: 0, max: 1, noRelevant: 0, emptyRanking: 0 };
/** In [0, 1], whatever the query's judgments. */
const UNIT: ValueSet = { min: 0, max: 1 };
/** In [0, 1], 0 for an empty ranking. */
const RANKED_UNIT: ValueSet = { ...UNIT, emptyRanking: 0 };
/** A count of documents: an integer from 0 to 2^53 − 1 (no ranking or qrels hold more). */
const COUNT: ValueSet = { min: 0, max: Number.MAX_SAFE_INTEGER, step: 'integer' };
/** A count of retrieved documents: 0 for an empty ranking. */
const RETRIEVED: ValueSet = { ...COUNT, emptyRanking: 0 };
/** A sum of gains or lengths: ≥ 0, with no bound short of the largest number (grades and lengths are the caller's). */
const AMOUNT: ValueSet = { min: 0, max: Number.MAX_VALUE };
/** A sum over the ranking (of gains or lengths): 0 for an empty ranking. */
const RANKED_AMOUNT: ValueSet = { ...AMOUNT, emptyRanking: 0 };
/** Any finite number. */
const ANY: ValueSet = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE };
/**
 * A measure normalised by the ideal ranking's gains: in [0, 1] on the grades' own gains. A gain table
 * (`gains`) need not rise with the grade, nor cover every grade (one it leaves out gains its grade), so the
 * ideal trec_eval walks (down the grades) can be beaten: ≥ 0 with no bound short of the largest number,
 * and any finite number once a gain is negative. 0 for an empty ranking.
 */
const gainTable = (params: MeasureParams): ValueSet => ({ ...(params.gains === undefined ? UNIT : params.gains.some((pair) => pair.gain < 0) ? ANY : AMOUNT), emptyRanking: 0 });

/** One value per parameterisation, each computed in the context its parameters describe. */
const each =
  (value: (context: QueryContext, params: MeasureParams) => number): Compute =>
  (context, instances, out, offset) => {
    for (let i = 0; i < instances.length; i++) out[offset + i] = value(context.with(instances[i]!), instances[i]!);
  };

/** A measure of the shared counts at the instance's cutoff. */
const fromCounts = (value: (counts: CutoffCounts, options: ResolvedOptions, params: MeasureParams) => number): Compute =>
  each((context, params) => value(context.countsAt(params.cutoff), context.options, params));

/**
 * A measure whose several cutoffs (or points) share one walk down the ranking: instances that differ only
 * in `pick` are computed together, as trec_eval computes P_5, P_10, … together.
 */
const batched =
  (pick: (params: MeasureParams) => number, values: (context: QueryContext, points: readonly number[]) => readonly number[]): Compute =>
  (context, instances, out, offset) => {
    const groups = new Map<QueryContext, number[]>();
    instances.forEach((params, i) => {
      const derived = context.with(params);
      const group = groups.get(derived);
      if (group === undefined) groups.set(derived, [i]);
      else group.push(i);
    });
    for (const [derived, indices] of groups) {
      // The walks read distinct points in ascending order (trec_eval sorts its cutoffs, and refuses repeats,
      // before any measure sees them); a caller may ask for `relative_P@10` before `relative_P@5`, or for
      // `unj@5` and `unj.5`: each distinct point is computed once, ascending, and given to every instance.
      const points = [...new Set(indices.map((i) => pick(instances[i]!)))].sort((a, b) => a - b);
      const result = values(derived, points);
      for (const index of indices) out[offset + index] = result[points.indexOf(pick(instances[index]!))]!;
    }
  };

/** Recall levels of the 11-point average (and trec_eval's default iprec_at_recall levels). */
export const ELEVEN_POINTS: readonly number[] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

const cutoff = (params: MeasureParams): number => params.cutoff;
const point = (params: MeasureParams): number => params.point!;
const gainsOf = (params: MeasureParams): readonly GainParam[] => params.gains ?? [];

/** An entry as written: `values` required (every measure says what a query can score), `bounded` read from it. */
interface Declaration extends Omit<MeasureDefinition, 'aliases' | 'irMeasures' | 'at' | 'params' | 'defaults' | 'aggregate' | 'bounded' | 'tieAverage'> {
  readonly aliases?: readonly string[];
  readonly irMeasures?: readonly string[];
  readonly at?: AtKind;
  readonly params?: readonly ParamName[];
  readonly defaults?: Partial<MeasureParams>;
  readonly aggregate?: MeasureDefinition['aggregate'];
  readonly tieAverage?: boolean;
}

/** A declared field's literal type, or the default's: what lets `MeasureName` (registry.ts) list the names as types. */
type Field<D, K extends string, Default> = D extends { readonly [P in K]: infer V } ? V : Default;

/** An entry with its names and `at` kept as literal types. */
export type Declared<D extends Declaration> = MeasureDefinition & {
  readonly name: D['name'];
  readonly aliases: Field<D, 'aliases', readonly []>;
  readonly irMeasures: Field<D, 'irMeasures', readonly []>;
  readonly at: Field<D, 'at', 'k'>;
};

const define = <const D extends Declaration>(declaration: D): Declared<D> =>
  ({
    aliases: [],
    irMeasures: [],
    at: 'k',
    params: ['rel', 'judgedOnly'],
    defaults: {},
    aggregate: 'mean',
    tieAverage: false,
    ...declaration,
    bounded: isUnit(valuesOf(declaration, { ...declaration.defaults, cutoff: Infinity })),
  }) as MeasureDefinition as Declared<D>;

const isUnit = (values: ValueSet): boolean => values.min >= 0 && values.max <= 1;

/** The values a query can score on this parameterisation of the measure (its `values`). */
export function valuesOf(definition: Pick<MeasureDefinition, 'values'>, params: MeasureParams): ValueSet {
  return typeof definition.values === 'function' ? definition.values(params) : definition.values;
}

const declared = [
  // ------------------------------------------------------------------ counts of one pass (library core)
  define({
    name: 'P',
    values: { ...SHARE, step: 'cutoff' },
    tieAverage: true,
    aliases: ['precision', 'prec'],
    irMeasures: ['P', 'SetP'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'precision: relevant documents in the top k / k (no k: / retrieved)',
    compute: fromCounts(precisionFromCounts),
  }),
  define({
    name: 'recall',
    values: SHARE,
    tieAverage: true,
    aliases: ['R'],
    irMeasures: ['R', 'Recall', 'SetR'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'recall: relevant documents in the top k / all relevant documents',
    compute: fromCounts(recallFromCounts),
  }),
  define({
    name: 'f1',
    values: SHARE,
    tieAverage: true,
    aliases: ['F'],
    irMeasures: ['SetF'],
    params: ['rel', 'judgedOnly', 'beta', 'budget'],
    summary: 'F: (β + 1)·P·R / (β·P + R) of the top k (β = 1: F1)',
    compute: fromCounts((counts, _options, params) => (params.beta === undefined ? f1FromCounts(counts) : weightedFFromCounts(counts, params.beta))),
  }),
  define({
    name: 'success',
    values: { ...SHARE, step: 'binary' },
    tieAverage: true,
    aliases: ['hit', 'hits', 'hit_rate'],
    irMeasures: ['Success'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: '1 if a relevant document is in the top k, else 0',
    compute: fromCounts(successFromCounts),
  }),
  define({
    name: 'mrr',
    values: { ...SHARE, step: 'reciprocal' },
    tieAverage: true,
    aliases: ['rr', 'recip_rank', 'reciprocal_rank'],
    irMeasures: ['RR', 'MRR'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'reciprocal rank of the first relevant document in the top k (0 if none)',
    compute: fromCounts(reciprocalRankFromCounts),
  }),
  define({
    name: 'map',
    values: SHARE,
    tieAverage: true,
    aliases: ['ap', 'average_precision'],
    irMeasures: ['AP', 'MAP'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'average precision: Σ P@i at the relevant ranks i ≤ k / R',
    compute: fromCounts(averagePrecisionFromCounts),
  }),
  define({
    name: 'gm_map',
    values: SHARE,
    tieAverage: true,
    aliases: ['gmap'],
    aggregate: 'geometric',
    summary: 'average precision, averaged geometrically over queries (each AP at least 0.00001)',
    compute: fromCounts(averagePrecisionFromCounts),
  }),
  define({
    name: 'R-prec',
    values: SHARE,
    tieAverage: true,
    aliases: ['r_precision', 'rprec'],
    irMeasures: ['Rprec', 'RPrec'],
    summary: 'precision in the top R (R = relevant documents); with k, of the ranking cut at k',
    compute: fromCounts(rPrecisionFromCounts),
  }),
  define({
    name: 'dcg',
    values: RANKED_AMOUNT,
    tieAverage: true,
    params: ['judgedOnly', 'gain', 'budget'],
    summary: 'DCG: Σ gain / log2(rank + 1) over the top k',
    compute: fromCounts(dcgFromCounts),
  }),
  define({
    name: 'idcg',
    values: AMOUNT,
    tieAverage: true,
    readsRanking: false,
    params: ['judgedOnly', 'gain'],
    summary: 'ideal DCG of all judged documents, retrieved or not',
    compute: fromCounts(idcgFromCounts),
  }),
  define({
    name: 'ndcg',
    values: gainTable,
    tieAverage: true,
    irMeasures: ['nDCG', 'NDCG'],
    params: ['judgedOnly', 'gain', 'gains', 'budget'],
    summary: 'NDCG: DCG / IDCG, the ideal of all judged documents',
    compute: each((context, params) => (params.gains === undefined ? ndcgFromCounts(context.countsAt(params.cutoff)) : ndcgWithGains(context.query, params.gains))),
  }),
  define({
    name: 'context_precision',
    values: SHARE,
    tieAverage: true,
    aliases: ['cp'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'context precision (Ragas): Σ P@i at the relevant ranks i ≤ k / relevant in the top k',
    compute: fromCounts(contextPrecisionFromCounts),
  }),
  define({
    name: 'miss',
    values: { ...UNIT, noRelevant: 0 },
    better: 'lower',
    tieAverage: true,
    aliases: ['miss_rate'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'miss rate: 1 − recall@k, the share of relevant documents the top k leaves out (0 for a query without any)',
    compute: fromCounts((counts) => (counts.relevant === 0 ? 0 : 1 - recallFromCounts(counts))),
  }),
  define({
    name: 'tokens',
    values: RANKED_AMOUNT,
    better: 'lower',
    readsDocuments: true,
    params: ['budget'],
    summary: 'context cost: the sum of the lengths (`lengths`) of the top k documents, in tokens',
    compute: each((context, params) => {
      const { documents } = context;
      let total = 0;
      for (let i = 0; i < Math.min(params.cutoff, documents.length); i++) total += context.tokens(documents[i]!);
      return total;
    }),
  }),
  // ------------------------------------------------------------------------------ counts of the set
  define({
    name: 'num_ret',
    values: (params) => (params.rel === undefined ? RETRIEVED : { ...RETRIEVED, noRelevant: 0 }),
    tieAverage: true,
    irMeasures: ['NumRet'],
    at: 'none',
    params: ['judgedOnly', 'rel'],
    aggregate: 'sum',
    summary: 'documents retrieved (summed over queries); with rel, those of grade ≥ rel (ir_measures\' NumRet(rel=1) = NumRelRet)',
    compute: each((context, params) => (params.rel === undefined ? context.query.retrieved : context.query.relevantRetrieved)),
  }),
  define({
    name: 'num_rel',
    values: { ...COUNT, noRelevant: 0 },
    tieAverage: true,
    readsRanking: false,
    irMeasures: ['NumRel'],
    at: 'none',
    aggregate: 'sum',
    summary: 'relevant documents in the qrels (summed over queries)',
    compute: each((context) => context.query.relevant),
  }),
  define({
    name: 'num_rel_ret',
    values: { ...RETRIEVED, noRelevant: 0 },
    tieAverage: true,
    irMeasures: ['NumRelRet'],
    at: 'none',
    aggregate: 'sum',
    summary: 'relevant documents retrieved (summed over queries)',
    compute: each((context) => context.query.relevantRetrieved),
  }),
  define({
    name: 'num_nonrel_judged_ret',
    values: RETRIEVED,
    tieAverage: true,
    at: 'none',
    aggregate: 'sum',
    summary: 'judged non-relevant documents retrieved (summed over queries)',
    compute: each(({ query }) => query.retrieved - query.notPooled - query.unjudged - query.relevantRetrieved),
  }),
  define({
    name: 'set_relative_P',
    values: SHARE,
    tieAverage: true,
    at: 'none',
    summary: 'relevant retrieved / min(retrieved, R)',
    compute: each((context) => setRelativePrecision(context.query)),
  }),
  define({
    name: 'set_map',
    values: SHARE,
    tieAverage: true,
    irMeasures: ['SetAP'],
    at: 'none',
    summary: 'set precision × set recall',
    compute: each((context) => setMap(context.query)),
  }),
  define({
    name: 'relative_P',
    values: SHARE,
    summary: 'relevant in the top k / min(k, R)',
    compute: batched(cutoff, (context, cutoffs) => relativePrecisions(context.query, context.relevanceLevel, cutoffs)),
  }),
  define({
    name: 'utility',
    values: ANY,
    tieAverage: true,
    at: 'none',
    params: ['judgedOnly', 'coefficients'],
    defaults: { coefficients: [1, -1, 0, 0] },
    summary: 'a·rel_ret + b·nonrel_ret + c·rel_not_ret + d·nonrel_not_ret (default 1, −1, 0, 0)',
    compute: each((context, params) => utility(context.query, params.coefficients ?? [1, -1, 0, 0], context.numDocsInColl)),
  }),
  // ---------------------------------------------------------------------------- walks down the ranking
  define({
    name: 'bpref',
    values: SHARE,
    irMeasures: ['Bpref', 'BPref'],
    at: 'none',
    summary: 'binary preference: relevant documents ranked above judged non-relevant ones',
    compute: each((context) => bpref(context.query, context.relevanceLevel)),
  }),
  define({
    name: 'gm_bpref',
    values: SHARE,
    at: 'none',
    aggregate: 'geometric',
    summary: 'bpref, averaged geometrically over queries',
    compute: each((context) => bpref(context.query, context.relevanceLevel)),
  }),
  define({
    name: 'infAP',
    values: SHARE,
    aliases: ['inferred_ap'],
    irMeasures: ['infAP'],
    at: 'none',
    summary: 'inferred AP (Yilmaz & Aslam), for sampled judgments (negative grade: pooled, not sampled)',
    compute: each((context) => inferredAp(context.query, context.relevanceLevel)),
  }),
  define({
    name: 'iprec',
    values: SHARE,
    aliases: ['iprec_at_recall'],
    irMeasures: ['IPrec'],
    at: 'recall',
    summary: 'interpolated precision at a recall level x in [0, 1]: the best P@i with recall ≥ x',
    compute: batched(point, (context, points) => interpolatedPrecisions(context.query, context.relevanceLevel, points, context.version)),
  }),
  define({
    name: '11pt_avg',
    values: SHARE,
    aliases: ['eleven_point_average'],
    at: 'none',
    params: ['rel', 'judgedOnly', 'points'],
    summary: 'mean interpolated precision at recall 0, 0.1, …, 1',
    compute: each((context, params) => elevenPointAverage(context.query, context.relevanceLevel, params.points ?? ELEVEN_POINTS, context.version)),
  }),
  define({
    name: 'Rprec_mult',
    values: SHARE,
    at: 'multiple',
    summary: 'precision at a multiple m of R: P@⌊m·R + 0.9⌋',
    compute: batched(point, (context, multiples) => rPrecisionMultiples(context.query, context.relevanceLevel, multiples)),
  }),
  define({
    name: 'binG',
    values: SHARE,
    at: 'none',
    summary: 'binary G: Σ 1 / log2(2 + non-relevant above) over relevant retrieved / R',
    compute: each((context) => binG(context.query, context.relevanceLevel)),
  }),
  define({
    name: 'G',
    values: gainTable,
    at: 'none',
    params: ['judgedOnly', 'gains'],
    summary: 'G: gain over log2 of the cost so far, normalised by the ideal gains',
    compute: each((context, params) => gMeasure(context.query, gainsOf(params))),
  }),
  define({
    name: 'ndcg_rel',
    values: gainTable,
    at: 'none',
    params: ['judgedOnly', 'gains'],
    summary: 'NDCG averaged over the relevant documents (at the rank of each)',
    compute: each((context, params) => ndcgRel(context.query, gainsOf(params))),
  }),
  define({
    name: 'Rndcg',
    values: gainTable,
    at: 'none',
    params: ['judgedOnly', 'gains'],
    summary: 'NDCG averaged at the ranks where the ideal gain changes',
    // A query whose ideal ranking has no positive gain (all judged documents grade 0, relevant under a
    // relevance threshold of 0) has no rank to average at: 0, as NDCG is 0 when IDCG is 0.
    whenUndefined: 0,
    compute: each((context, params) => rndcg(context.query, gainsOf(params))),
  }),
  define({
    name: 'rbp',
    // Gains outside [0, 1] are scaled into it (see rbp).
    values: RANKED_UNIT,
    irMeasures: ['RBP'],
    at: 'none',
    params: ['judgedOnly', 'gains', 'p', 'rel'],
    irDefaults: { p: 0.8 },
    summary: 'rank-biased precision (Moffat & Zobel): (1 − p) Σ gain_i p^(i−1), gains scaled into [0, 1]; with rel, gain 1 for grade ≥ rel',
    compute: each((context, params) => {
      const gains = gainsOf(params);
      const p = params.p ?? persistence(gains);
      // ir_measures' RBP(rel=…): binary gains, not trec_eval's gain table (which would rescale them).
      return params.rel === undefined ? rbp(context.query, gains, p) : binaryRbp(context.query, params.rel, p);
    }),
  }),
  define({
    name: 'rbp_resid',
    values: RANKED_UNIT,
    better: 'lower',
    at: 'none',
    params: ['judgedOnly', 'gains', 'p'],
    summary: 'RBP residual: the weight still open to unjudged documents and the ranks past the last',
    compute: each((context, params) => rbpResidual(context.query, params.p ?? persistence(gainsOf(params)))),
  }),
  define({
    name: 'unj',
    values: { ...RANKED_UNIT, step: 'cutoff' },
    better: 'lower',
    params: [],
    summary: 'unjudged documents in the top k / k',
    compute: batched(cutoff, (context, cutoffs) => unjudgedAt(context.query, cutoffs)),
  }),
  define({
    name: 'judged',
    values: { ...UNIT, step: 'cutoff', emptyRanking: 1 },
    params: [],
    summary: 'judged documents in the top k / k (1 − unj@k)',
    compute: batched(cutoff, (context, cutoffs) => unjudgedAt(context.query, cutoffs).map((share) => 1 - share)),
  }),
  // ------------------------------------------------------------------------------------ new measures
  define({
    name: 'judged_retrieved',
    values: RANKED_UNIT,
    irMeasures: ['Judged'],
    params: [],
    summary: "documents of the top k the qrels list (any grade) / min(k, retrieved): ir_measures' Judged@k",
    compute: batched(cutoff, (context, cutoffs) => judgedRetrievedAt(context.query, cutoffs)),
  }),
  define({
    name: 'err',
    values: RANKED_UNIT,
    aliases: ['expected_reciprocal_rank'],
    irMeasures: ['ERR'],
    params: ['judgedOnly', 'maxGrade'],
    defaults: { maxGrade: DEFAULT_MAX_GRADE },
    tieAverage: true,
    summary: 'expected reciprocal rank (Chapelle et al.): Σ R_r/r · Π_{i<r} (1 − R_i), R = (2^g − 1) / 2^max_grade',
    compute: each((context, params) => {
      const maxGrade = params.maxGrade ?? DEFAULT_MAX_GRADE;
      // Computed plainly first: that checks every grade of the query against maxGrade.
      const err = expectedReciprocalRank(context.query, params.cutoff, maxGrade);
      return context.tieGroups === undefined ? err : tieAveragedErr(context.query.rel, context.tieGroups, params.cutoff, (grade) => errStopProbability(grade, maxGrade));
    }),
  }),
  define({
    name: 'fall_out',
    values: RANKED_UNIT,
    better: 'lower',
    aliases: ['fallout'],
    summary: 'judged non-relevant documents in the top k / judged non-relevant documents (0 if none)',
    compute: each((context, params) => fallOut(context.query, context.relevanceLevel, params.cutoff)),
  }),
  define({
    name: 'nerr8',
    values: RANKED_UNIT,
    irMeasures: ['NERR8'],
    params: ['judgedOnly', 'maxGrade'],
    required: ['maxGrade'],
    summary: 'NERR (Azzopardi et al., Eq. 8): ERR as a C/W/L rate per document, C_i = 1 − g_i up to k, g = grade / max_grade',
    compute: each((context, params) => nerr8(context.query, params.cutoff, params.maxGrade!)),
  }),
  define({
    name: 'inst',
    values: RANKED_UNIT,
    irMeasures: ['INST'],
    at: 'none',
    params: ['judgedOnly', 'maxGrade', 'desiredGain'],
    required: ['maxGrade'],
    defaults: { desiredGain: DEFAULT_DESIRED_GAIN },
    summary: 'INST (Moffat et al.): C/W/L user wanting total gain T, C_i = ((i + T + T_i − 1) / (i + T + T_i))², g = grade / max_grade',
    compute: each((context, params) => inst(context.query, params.maxGrade!, params.desiredGain ?? DEFAULT_DESIRED_GAIN)),
  }),
  // ------------------------------------------------------------- aspects (subtopics, nuggets): diversity
  define({
    name: 'aspect_recall',
    values: RANKED_UNIT,
    aliases: ['subtopic_recall', 's_recall'],
    irMeasures: ['StRecall'],
    readsDocuments: true,
    readsAspects: true,
    params: ['rel'],
    summary: "aspect recall (subtopic recall, Zhai et al.): the share of the query's aspects a document of the top k covers",
    compute: each((context, params) => aspectRecall(context.documents, context.aspects, params.cutoff, context.relevanceLevel)),
  }),
  define({
    name: 'all_aspects',
    values: { ...RANKED_UNIT, step: 'binary' },
    readsDocuments: true,
    readsAspects: true,
    params: ['rel'],
    summary: "1 when the top k covers every aspect of the query (the answer is possible), else 0",
    compute: each((context, params) => allAspects(context.documents, context.aspects, params.cutoff, context.relevanceLevel)),
  }),
  define({
    name: 'alpha_ndcg',
    // Normalised by ndeval's greedy ideal ranking, which a ranking can beat: a value can pass 1.
    values: RANKED_AMOUNT,
    irMeasures: ['alpha_nDCG'],
    readsDocuments: true,
    readsAspects: true,
    params: ['rel', 'alpha'],
    defaults: { alpha: 0.5 },
    summary: "α-nDCG (Clarke et al.): gain (1 − α)^(aspect seen before) per aspect covered, over ndeval's greedy ideal",
    compute: each((context, params) => alphaNdcg(context.documents, context.aspects, params.cutoff, params.alpha ?? 0.5, context.relevanceLevel)),
  }),
  define({
    name: 'err_ia',
    values: RANKED_UNIT,
    irMeasures: ['ERR_IA'],
    readsDocuments: true,
    readsAspects: true,
    params: ['rel', 'alpha'],
    defaults: { alpha: 0.5 },
    summary: 'intent-aware ERR (Chapelle et al.): ERR per aspect, averaged over the aspects, over the ideal',
    refuse: (params) => (params.cutoff === Infinity && params.alpha === 0 ? 'alpha 0 needs a cutoff (without one the ideal sum never ends): write err_ia(alpha=0)@20' : undefined),
    compute: each((context, params) => errIa(context.documents, context.aspects, params.cutoff, params.alpha ?? 0.5, context.relevanceLevel)),
  }),
  define({
    name: 'p_ia',
    values: RANKED_UNIT,
    irMeasures: ['P_IA'],
    readsDocuments: true,
    readsAspects: true,
    params: ['rel'],
    summary: 'intent-aware precision (Agrawal et al.): P@k per aspect, averaged over the aspects',
    compute: each((context, params) => pIa(context.documents, context.aspects, params.cutoff, context.relevanceLevel)),
  }),
];

/** Whether this parameterisation of the measure has a tie-averaged form (see `tieAverage`). */
export function averagesTies(definition: MeasureDefinition, params: MeasureParams): boolean {
  // Where a budget cuts a ranking depends on the order inside a tie group: no tie-averaged form.
  return definition.tieAverage && params.gains === undefined && params.budget === undefined && definition.readsDocuments !== true;
}

/** Whether the measure reads document lengths under these parameters: a token budget, or tokens@k. */
export function readsLengths(definition: MeasureDefinition, params: MeasureParams): boolean {
  return params.budget !== undefined || definition.name === 'tokens';
}

/** Whether the measure reads document ids under these parameters (a budget reads their lengths). */
export function readsDocuments(definition: MeasureDefinition, params: MeasureParams): boolean {
  return definition.readsDocuments === true || params.budget !== undefined;
}

/** Every measure of the catalogue, each entry typed with its literal names (see `Declared`). */
export const measureDefinitions: readonly (typeof declared)[number][] = declared;

/** The catalogue entry with this rankeval name. */
export function definitionNamed(name: string): MeasureDefinition {
  const definition = measureDefinitions.find((candidate) => candidate.name === name);
  if (definition === undefined) throw new Error(`no measure ${name} in the catalogue`);
  return definition;
}
