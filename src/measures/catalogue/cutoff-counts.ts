// Measures of the counts at a cutoff (relevant retrieved, relevant, retrieved, gains): one pass down a
// query's judged ranks serves every cutoff asked for, and most have a tie-averaged form.
import { averagePrecisionFromCounts } from '../../metrics/average-precision.js';
import { contextPrecisionFromCounts } from '../../metrics/context-precision.js';
import { dcgFromCounts, idcgFromCounts, ndcgFromCounts, ndcgWithGains } from '../../metrics/dcg.js';
import { f1FromCounts, weightedFFromCounts } from '../../metrics/f1.js';
import { precisionFromCounts } from '../../metrics/precision.js';
import { rPrecisionFromCounts } from '../../metrics/r-precision.js';
import { recallFromCounts } from '../../metrics/recall.js';
import { reciprocalRankFromCounts } from '../../metrics/reciprocal-rank.js';
import { successFromCounts } from '../../metrics/success.js';
import { yaapFromCounts } from '../../metrics/yaap.js';
import { define } from '../definition.js';
import { AMOUNT, ANY, gainTable, RANKED_AMOUNT, SHARE, UNIT } from './value-sets.js';
import { cutoff, each, fromCounts } from './compute.js';

export const cutoffCountMeasures = [
  define({
    name: 'P',
    values: { ...SHARE, step: 'cutoff' },
    tieAverage: true,
    aliases: ['precision', 'prec'],
    irMeasures: ['P', 'SetP'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'precision: relevant documents in the top k / k (no k: / retrieved)',
    ...fromCounts(precisionFromCounts),
  }),
  define({
    name: 'recall',
    values: SHARE,
    tieAverage: true,
    aliases: ['R'],
    irMeasures: ['R', 'Recall', 'SetR'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'recall: relevant documents in the top k / all relevant documents',
    ...fromCounts(recallFromCounts),
  }),
  define({
    name: 'f1',
    values: SHARE,
    tieAverage: true,
    aliases: ['F'],
    irMeasures: ['SetF'],
    params: ['rel', 'judgedOnly', 'beta', 'budget'],
    summary: 'F: (β + 1)·P·R / (β·P + R) of the top k (β = 1: F1)',
    ...fromCounts((counts, _options, params) => (params.beta === undefined ? f1FromCounts(counts) : weightedFFromCounts(counts, params.beta))),
  }),
  define({
    name: 'success',
    values: { ...SHARE, step: 'binary' },
    tieAverage: true,
    aliases: ['hit', 'hits', 'hit_rate'],
    irMeasures: ['Success'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: '1 if a relevant document is in the top k, else 0',
    ...fromCounts(successFromCounts),
  }),
  define({
    name: 'mrr',
    values: { ...SHARE, step: 'reciprocal' },
    tieAverage: true,
    aliases: ['rr', 'recip_rank', 'reciprocal_rank'],
    irMeasures: ['RR', 'MRR'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'reciprocal rank of the first relevant document in the top k (0 if none)',
    ...fromCounts(reciprocalRankFromCounts),
  }),
  define({
    name: 'map',
    values: SHARE,
    tieAverage: true,
    aliases: ['ap', 'average_precision'],
    irMeasures: ['AP', 'MAP'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'average precision: Σ P@i at the relevant ranks i ≤ k / R',
    ...fromCounts(averagePrecisionFromCounts),
  }),
  define({
    name: 'gm_map',
    values: SHARE,
    tieAverage: true,
    aliases: ['gmap'],
    aggregate: 'geometric',
    summary: 'average precision, averaged geometrically over queries (each AP at least 0.00001)',
    ...fromCounts(averagePrecisionFromCounts),
  }),
  define({
    name: 'yaap',
    values: { ...ANY, noRelevant: 0 },
    params: ['rel', 'judgedOnly'],
    summary: "yet another AP (Robertson): log((1 + S) / (1 + R − S)), S = AP's Σ P@i over the relevant ranks ≤ k",
    ...fromCounts(yaapFromCounts),
  }),
  define({
    name: 'R-prec',
    values: SHARE,
    tieAverage: true,
    aliases: ['r_precision', 'rprec'],
    irMeasures: ['Rprec', 'RPrec'],
    summary: 'precision in the top R (R = relevant documents); with k, of the ranking cut at k',
    ...fromCounts(rPrecisionFromCounts),
  }),
  define({
    name: 'dcg',
    values: RANKED_AMOUNT,
    tieAverage: true,
    params: ['judgedOnly', 'gain', 'budget'],
    summary: 'DCG: Σ gain / log2(rank + 1) over the top k',
    ...fromCounts(dcgFromCounts),
  }),
  define({
    name: 'idcg',
    values: AMOUNT,
    tieAverage: true,
    readsRanking: false,
    params: ['judgedOnly', 'gain'],
    summary: 'ideal DCG of all judged documents, retrieved or not',
    ...fromCounts(idcgFromCounts),
  }),
  define({
    name: 'ndcg',
    values: gainTable,
    tieAverage: true,
    irMeasures: ['nDCG', 'NDCG'],
    params: ['judgedOnly', 'gain', 'gains', 'budget'],
    summary: 'NDCG: DCG / IDCG, the ideal of all judged documents',
    // Without a gain table a measure of the counts; with one, of the grade at each rank.
    ofCounts: ndcgFromCounts,
    compute: each((context, params) => (params.gains === undefined ? ndcgFromCounts(context.countsAt(params.cutoff)) : ndcgWithGains(context.query, params.gains))),
  }),
  define({
    name: 'context_precision',
    values: SHARE,
    tieAverage: true,
    aliases: ['cp'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'context precision (Ragas): Σ P@i at the relevant ranks i ≤ k / relevant in the top k',
    ...fromCounts(contextPrecisionFromCounts),
  }),
  define({
    name: 'miss',
    values: { ...UNIT, noRelevant: 0 },
    better: 'lower',
    tieAverage: true,
    aliases: ['miss_rate'],
    params: ['rel', 'judgedOnly', 'budget'],
    summary: 'miss rate: 1 − recall@k, the share of relevant documents the top k leaves out (0 for a query without any)',
    ...fromCounts((counts) => (counts.relevant === 0 ? 0 : 1 - recallFromCounts(counts))),
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
];
