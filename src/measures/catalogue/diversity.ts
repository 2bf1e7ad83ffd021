// Measures of a query's aspects (subtopics, nuggets): aspect recall, α-nDCG, intent-aware ERR and P.
import { allAspects, alphaNdcg, aspectRecall, errIa, pIa } from '../../metrics/diversity.js';
import { define } from '../definition.js';
import { RANKED_AMOUNT, RANKED_UNIT } from './value-sets.js';
import { cutoff, each } from './compute.js';

export const diversityMeasures = [
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
