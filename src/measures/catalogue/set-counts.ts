// Counts and ratios of the retrieved set, summed or averaged over queries as trec_eval does (num_ret,
// set_map, utility …), and relative precision at a cutoff.
import { relativePrecisions, setMap, setRelativePrecision } from '../../metrics/precision.js';
import { utility } from '../../metrics/utility.js';
import { define } from '../definition.js';
import { ANY, COUNT, RETRIEVED, SHARE } from './value-sets.js';
import { batched, cutoff, each } from './compute.js';

export const setCountMeasures = [
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
];
