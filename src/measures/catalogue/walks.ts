// Measures that walk a query's judged ranking rank by rank: trec_eval's (bpref, infAP, interpolated
// precision, G, RBP, unj …), and ir_measures' Judged, fall-out and the graded user models ERR, NERR, INST.
import { bpref } from '../../metrics/bpref.js';
import { DEFAULT_DESIRED_GAIN, inst, nerr8 } from '../../metrics/cwl.js';
import { ndcgRel, rndcg } from '../../metrics/dcg.js';
import { DEFAULT_MAX_GRADE, errStopProbability, expectedReciprocalRank, tieAveragedErr } from '../../metrics/expected-reciprocal-rank.js';
import { fallOut } from '../../metrics/fall-out.js';
import { binG, gMeasure } from '../../metrics/g.js';
import { inferredAp } from '../../metrics/inferred-ap.js';
import { elevenPointAverage, interpolatedPrecisions } from '../../metrics/interpolated-precision.js';
import { judgedRetrievedAt, unjudgedAt } from '../../metrics/judged.js';
import { rPrecisionMultiples } from '../../metrics/r-precision.js';
import { binaryRbp, persistence, rbp, rbpResidual } from '../../metrics/rank-biased-precision.js';
import { define } from '../definition.js';
import { gainTable, RANKED_UNIT, SHARE, UNIT } from './value-sets.js';
import { batched, cutoff, each, gainsOf, point } from './compute.js';

/** Recall levels of the 11-point average (and trec_eval's default iprec_at_recall levels). */
export const ELEVEN_POINTS: readonly number[] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

export const walkMeasures = [
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
];
