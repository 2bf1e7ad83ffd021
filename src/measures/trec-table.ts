// trec_eval's measures, in one table: their names, in trec_eval's output order, with their parameter
// syntax and defaults, how trec_eval averages and prints them, and the catalogue measure that computes each.
// The registry reads trec_eval's names from it (`ndcg_cut.10`) and `rankeval trec` selects and prints by it;
// every value comes from the catalogue.
import { atof, atol, atolExact } from '../core/c-numbers.js';
import { fixed } from '../core/c-printf.js';
import { RankevalError, type ErrorFacts } from '../core/errors.js';
import type { GainParam } from '../metrics/judged-ranking.js';
import type { PreferenceCounts } from '../metrics/preference-counts.js';
import { groupPreferenceRatio, groupPreferenceRatioRnonrel, pairPreferenceRatio, preferenceRatio, preferenceTotals, type PreferenceScope } from '../metrics/preferences.js';
import { definitionNamed, ELEVEN_POINTS, type MeasureDefinition } from './catalogue.js';
import type { MeasureParams } from './context.js';

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
  /** Left out of all_trec, as trec_eval leaves it (yaap): asked for by name. */
  readonly byName?: true;
  /**
   * The relevance file its values are computed from (-R): graded qrels; none (runid, num_q); preferences
   * (`prefs`, which -R prefs and qrels_prefs give); or several judges' qrels (`qrels_jg`), each judgment
   * group's qrels scored by `definition` and the values averaged over the query's groups. trec_eval cannot
   * compute it from another format (its status 4).
   */
  readonly reads: 'qrels' | 'nothing' | 'prefs' | 'qrels_jg';
  /** The catalogue measure whose values it prints; null for runid, num_q and relstring, which are not measures of a ranking, and the preference measures. */
  readonly definition: MeasureDefinition | null;
  /** A preference measure's formula (`reads: 'prefs'`): its value from a query's preference counts. */
  readonly preference?: (counts: PreferenceCounts) => number;
  /** The catalogue parameters of each value it prints, from trec_eval's parameters. */
  instances(params: readonly number[] | readonly GainParam[]): MeasureParams[];
}

const whole: MeasureParams = { cutoff: Infinity };

const byKind = (kind: ParamKind) => (params: readonly number[] | readonly GainParam[]): MeasureParams[] => {
  switch (kind) {
    case 'long-cutoffs':
      return (params as readonly number[]).map((cutoff) => ({ cutoff }));
    case 'double-cutoffs':
      return (params as readonly number[]).map((point) => ({ cutoff: Infinity, point }));
    case 'pairs':
      return [{ cutoff: Infinity, gains: params as readonly GainParam[] }];
    default:
      return [whole];
  }
};

/** An entry with its name kept as a literal type, and whether it has a catalogue measure: what `MeasureName` reads. */
type Entry<N extends string, D extends string | null> = TrecMeasure & { readonly name: N; readonly definition: D extends string ? MeasureDefinition : null };

function trec<const N extends string, const D extends string | null>(
  name: N,
  definition: D,
  summary: string,
  rest: Partial<Omit<TrecMeasure, 'name' | 'summary' | 'definition'>> = {},
): Entry<N, D> {
  const params = rest.params ?? 'none';
  return {
    name,
    summary,
    params,
    defaults: [],
    average: 'mean',
    format: 'real',
    perQuery: true,
    reads: 'qrels',
    definition: definition === null ? null : definitionNamed(definition),
    instances: byKind(params),
    ...rest,
  } as Entry<N, D>;
}

const ALL_CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000];
const RPREC_MULTIPLES = [0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0];
const counted = { average: 'sum', format: 'integer' } as const;

/** A preference measure's entry: read from -R prefs or qrels_prefs, its value from the query's counts by `preference`. */
function prefs<const N extends string>(name: N, summary: string, preference: (counts: PreferenceCounts) => number, rest: Partial<TrecMeasure> = {}): Entry<N, null> & { readonly preference: (counts: PreferenceCounts) => number } {
  return { ...trec(name, null, summary, { ...rest, reads: 'prefs' }), preference };
}

/** The counts of a query's preferences in `scope` (prefs_num_prefs_*). */
const total = (scope: PreferenceScope, of: 'fulfilled' | 'possible') => (counts: PreferenceCounts): number => preferenceTotals(counts, scope)[of];

/**
 * trec_eval's 14 preference measures, in its output order: the one list of their names, each bound to its
 * formula (metrics/preferences.ts) and its summary (the three counts summed, the ratios averaged).
 */
const preferenceEntries = [
  prefs('prefs_num_prefs_poss', 'preferences possible, ranked or not (summary: the sum)', total('all', 'possible'), counted),
  prefs('prefs_num_prefs_ful', 'preferences fulfilled, implied ones included (summary: the sum)', total('all', 'fulfilled'), counted),
  prefs('prefs_num_prefs_ful_ret', 'preferences fulfilled between ranked documents (summary: the sum)', total('ret', 'fulfilled'), counted),
  prefs('prefs_simp', 'preferences fulfilled / possible, all judgment groups pooled', (counts) => preferenceRatio(counts, 'all')),
  prefs('prefs_pair', 'mean over document pairs of the share of their preferences fulfilled', (counts) => pairPreferenceRatio(counts, 'all')),
  prefs('prefs_avgjg', 'preferences fulfilled / possible in each judgment group, averaged over groups', (counts) => groupPreferenceRatio(counts, 'all')),
  prefs('prefs_avgjg_Rnonrel', "prefs_avgjg with each group's non-relevant documents brought to R (like bpref)", (counts) => groupPreferenceRatioRnonrel(counts, 'all')),
  prefs('prefs_simp_ret', 'prefs_simp over preferences between ranked documents', (counts) => preferenceRatio(counts, 'ret')),
  prefs('prefs_pair_ret', 'prefs_pair over pairs of ranked documents', (counts) => pairPreferenceRatio(counts, 'ret')),
  prefs('prefs_avgjg_ret', 'prefs_avgjg over preferences between ranked documents', (counts) => groupPreferenceRatio(counts, 'ret')),
  prefs('prefs_avgjg_Rnonrel_ret', 'prefs_avgjg_Rnonrel over ranked documents', (counts) => groupPreferenceRatioRnonrel(counts, 'ret')),
  prefs('prefs_simp_imp', 'prefs_simp over preferences with a ranked document', (counts) => preferenceRatio(counts, 'imp')),
  prefs('prefs_pair_imp', 'prefs_pair over pairs with a ranked document', (counts) => pairPreferenceRatio(counts, 'imp')),
  prefs('prefs_avgjg_imp', 'prefs_avgjg over preferences with a ranked document', (counts) => groupPreferenceRatio(counts, 'imp')),
];

/** The preference measures' entries, in trec_eval's output order (group all_prefs; its first six are group prefs). */
export const PREFERENCE_MEASURES: readonly (typeof preferenceEntries)[number][] = preferenceEntries;

/** A name of trec_eval's 14 preference measures, spelled out so that the API reference shows the names. */
export type PreferenceMeasure =
  | 'prefs_num_prefs_poss'
  | 'prefs_num_prefs_ful'
  | 'prefs_num_prefs_ful_ret'
  | 'prefs_simp'
  | 'prefs_pair'
  | 'prefs_avgjg'
  | 'prefs_avgjg_Rnonrel'
  | 'prefs_simp_ret'
  | 'prefs_pair_ret'
  | 'prefs_avgjg_ret'
  | 'prefs_avgjg_Rnonrel_ret'
  | 'prefs_simp_imp'
  | 'prefs_pair_imp'
  | 'prefs_avgjg_imp';

// The spelled-out names and the list's are the same set: a name added to one and not the other fails to compile.
type ListedPreference = (typeof preferenceEntries)[number]['name'];
const preferenceNamesAgree: [ListedPreference, PreferenceMeasure] extends [PreferenceMeasure, ListedPreference] ? true : never = true;

const declared = [
  trec('runid', null, 'the run id of the last line of the run', { average: 'none', perQuery: false, reads: 'nothing' }),
  trec('num_q', null, 'number of queries evaluated (with -c: in the qrels)', { average: 'num_q', format: 'integer', perQuery: false, reads: 'nothing' }),
  trec('num_ret', 'num_ret', 'number of documents retrieved', counted),
  trec('num_rel', 'num_rel', 'number of relevant documents (grade ≥ -l)', { ...counted, average: 'num_rel' }),
  trec('num_rel_ret', 'num_rel_ret', 'number of relevant documents retrieved', counted),
  trec('map', 'map', 'mean average precision (AP divided by all relevant documents)'),
  trec('gm_map', 'gm_map', 'geometric mean of AP (each AP at least 0.00001)', { average: 'geometric', perQuery: false }),
  trec('Rprec', 'R-prec', 'precision after R documents (R = relevant documents)'),
  trec('bpref', 'bpref', 'binary preference: relevant documents ranked above judged non-relevant ones'),
  trec('recip_rank', 'mrr', 'reciprocal rank of the first relevant document'),
  trec('iprec_at_recall', 'iprec', 'interpolated precision at recall levels (default 0.0,0.1,…,1.0)', { params: 'double-cutoffs', defaults: ELEVEN_POINTS }),
  trec('P', 'P', 'precision at cutoffs (divides by the cutoff)', { params: 'long-cutoffs', defaults: ALL_CUTOFFS }),
  trec('relstring', null, 'the grades of the first documents as a string (- unjudged, . pooled unjudged)', { params: 'doubles', defaults: [10], average: 'none' }),
  trec('recall', 'recall', 'recall at cutoffs', { params: 'long-cutoffs', defaults: ALL_CUTOFFS }),
  trec('infAP', 'infAP', 'inferred AP (Yilmaz & Aslam), for sampled judgments'),
  trec('gm_bpref', 'gm_bpref', 'geometric mean of bpref', { average: 'geometric', perQuery: false }),
  trec('Rprec_mult', 'Rprec_mult', 'precision at multiples of R (default 0.2,0.4,…,2.0)', {
    params: 'double-cutoffs',
    defaults: RPREC_MULTIPLES,
  }),
  trec('utility', 'utility', 'p1·rel_ret + p2·nonrel_ret + p3·rel_not_ret + p4·nonrel_not_ret (default 1,-1,0,0)', {
    params: 'doubles',
    defaults: [1.0, -1.0, 0.0, 0.0],
    paramCount: 4,
    instances: (params) => [{ cutoff: Infinity, coefficients: params as readonly number[] }],
  }),
  trec('11pt_avg', '11pt_avg', 'mean interpolated precision at 11 recall levels', {
    params: 'doubles',
    defaults: ELEVEN_POINTS,
    instances: (params) => [{ cutoff: Infinity, points: params as readonly number[] }],
  }),
  trec('binG', 'binG', 'binary G: mean of 1 / log2(2 + non-relevant before each relevant document)'),
  trec('G', 'G', 'G: gain over log2 of the cost so far, normalised (gains by level=gain pairs)', { params: 'pairs' }),
  trec('ndcg', 'ndcg', 'NDCG over the whole ranking (gains by level=gain pairs, default the grade)', { params: 'pairs' }),
  trec('ndcg_rel', 'ndcg_rel', 'NDCG averaged over the relevant documents', { params: 'pairs' }),
  trec('Rndcg', 'Rndcg', 'NDCG averaged at the ranks where the ideal gain changes', { params: 'pairs' }),
  trec('ndcg_cut', 'ndcg', 'NDCG at cutoffs (linear gain = grade)', { params: 'long-cutoffs', defaults: ALL_CUTOFFS }),
  trec('map_cut', 'map', 'AP at cutoffs (divided by all relevant documents)', { params: 'long-cutoffs', defaults: ALL_CUTOFFS }),
  trec('relative_P', 'relative_P', 'precision at cutoffs relative to the best possible (÷ min(k, R))', { params: 'long-cutoffs', defaults: ALL_CUTOFFS }),
  trec('success', 'success', '1 if a relevant document is in the top k', { params: 'long-cutoffs', defaults: [1, 5, 10] }),
  trec('set_P', 'P', 'precision of the whole retrieved set'),
  trec('set_relative_P', 'set_relative_P', 'set precision relative to the best possible (÷ min(retrieved, R))'),
  trec('set_recall', 'recall', 'recall of the whole retrieved set'),
  trec('set_map', 'set_map', 'set precision × set recall'),
  trec('set_F', 'f1', 'F of set precision and recall: (x+1)·P·R / (x·P + R), default x = 1', {
    params: 'doubles',
    defaults: [1.0],
    instances: (params) => [{ cutoff: Infinity, beta: (params as readonly number[])[0]! }],
  }),
  trec('num_nonrel_judged_ret', 'num_nonrel_judged_ret', 'number of judged non-relevant documents retrieved', counted),
  // Preference measures (-R prefs or -R qrels_prefs; groups all_prefs and prefs): scored by trec/preferences.ts.
  ...preferenceEntries,
  // Several judges' qrels (-R qrels_jg): map, P and Rprec_mult of each judgment group, averaged over the query's groups.
  trec('map_avgjg', 'map', 'map averaged over the judgment groups (-R qrels_jg)', { reads: 'qrels_jg' }),
  trec('P_avgjg', 'P', 'P at cutoffs averaged over the judgment groups (-R qrels_jg)', { params: 'long-cutoffs', defaults: ALL_CUTOFFS, reads: 'qrels_jg' }),
  trec('Rprec_mult_avgjg', 'Rprec_mult', 'Rprec_mult averaged over the judgment groups (-R qrels_jg)', {
    params: 'double-cutoffs',
    defaults: RPREC_MULTIPLES,
    reads: 'qrels_jg',
  }),
  // Not in all_trec: asked for by name.
  trec('yaap', 'yaap', "yet another AP (Robertson): log((1 + S) / (1 + R - S)), S = AP's sum of precisions", { byName: true }),
  // trec_eval 10's additions: in all_trec with --trec-eval 10, and available to -m in either mode.
  trec('rbp', 'rbp', 'rank-biased precision, persistence p (default p=0.9; gains scaled into [0, 1])', { params: 'pairs', since10: true }),
  trec('rbp_resid', 'rbp_resid', 'RBP residual: weight still open to unjudged documents', { params: 'pairs', since10: true }),
  trec('unj', 'unj', 'share of unjudged documents in the top k', { params: 'long-cutoffs', defaults: [5, 10, 20], since10: true }),
];

/** trec_eval 9.0.8's measures, in its output order (te_trec_measures), then trec_eval 10's additions. */
export const trecMeasures: readonly (typeof declared)[number][] = declared;

/** trec_eval's groups of measures (`-m official`), by version: trec_eval 10's additions join `all_trec`; the preference measures are `all_prefs`. */
export function trecGroups(version: 9 | 10): Readonly<Record<string, readonly string[]>> {
  return {
    official: ['runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'map', 'gm_map', 'Rprec', 'bpref', 'recip_rank', 'iprec_at_recall', 'P'],
    set: ['runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'utility', 'set_P', 'set_recall', 'set_relative_P', 'set_map', 'set_F'],
    all_trec: trecMeasures.filter((measure) => (version === 10 || !measure.since10) && !measure.byName && measure.reads !== 'qrels_jg' && measure.reads !== 'prefs').map((measure) => measure.name),
    all_prefs: ['runid', 'num_q', ...PREFERENCE_MEASURES.map((measure) => measure.name)],
    prefs: ['runid', 'num_q', ...PREFERENCE_MEASURES.slice(0, 6).map((measure) => measure.name)],
    qrels_jg: ['runid', 'num_q', ...trecMeasures.filter((measure) => measure.reads === 'qrels_jg').map((measure) => measure.name)],
  };
}

/** trec_eval's refusal of the measure `measure` or its parameters, `given` as the `-m` text received. */
export const trecMeasureError = (message: string, given: string | undefined, measure: string, facts?: ErrorFacts): RankevalError =>
  new RankevalError({ code: 'unknown_measure', subject: { kind: 'measure', measure }, facts, problem: message, expected: 'a trec_eval measure', received: given });

/**
 * trec_eval's reading of a measure's parameters (`-m name.params`, `given` undefined without them) and the
 * names its values print under: `P.5,10` → cutoffs [5, 10], `P_5`, `P_10`; `iprec_at_recall.0.5` →
 * `iprec_at_recall_0.50`; `set_F.0.25` → `set_F_0.25`; `ndcg.1=1,2=3` → `ndcg_1=1,2=3`.
 */
export function bindParams(measure: TrecMeasure, given: string | undefined): { params: readonly number[] | readonly GainParam[]; names: string[] } {
  const { name } = measure;
  switch (measure.params) {
    case 'none':
      return { params: [], names: [name] };
    case 'long-cutoffs': {
      // Exact longs: a cutoff past 2^53 prints as trec_eval read it, and is not taken for its neighbour.
      const cutoffs = given === undefined ? measure.defaults.map(BigInt) : given.split(',').map((part) => atolExact(part)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (cutoffs[0]! <= 0n) throw trecMeasureError(`${name}: cutoffs must be positive, got '${given}'`, given, name, { limit: 1 });
      if (cutoffs.some((k, i) => i > 0 && k === cutoffs[i - 1])) throw trecMeasureError(`${name}: duplicate cutoffs in '${given}'`, given, name);
      return { params: cutoffs.map(Number), names: cutoffs.map((k) => `${name}_${k}`) };
    }
    case 'double-cutoffs': {
      const cutoffs = given === undefined ? [...measure.defaults] : given.split(',').map((part) => atof(part)).sort((a, b) => a - b);
      refuseNonFinite(name, cutoffs, given);
      if (cutoffs.some((k, i) => i > 0 && k === cutoffs[i - 1])) throw trecMeasureError(`${name}: duplicate cutoffs in '${given}'`, given, name);
      // "%s_%3.2f" into a buffer of strlen(name) + 10 bytes.
      return { params: cutoffs, names: cutoffs.map((k) => `${name}_${fixed(k, 2).padStart(3)}`.slice(0, name.length + 9)) };
    }
    case 'doubles': {
      const params = given === undefined ? measure.defaults : given.split(',').map((part) => atof(part));
      if (measure.paramCount !== undefined && params.length !== measure.paramCount) {
        throw trecMeasureError(`${name} takes ${measure.paramCount} parameters, got ${params.length} in '${given}'`, given, name, { limit: measure.paramCount, count: params.length });
      }
      if (name === '11pt_avg') refuseNonFinite(name, params, given);
      return { params, names: [given === undefined ? name : `${name}_${given}`] };
    }
    case 'pairs': {
      if (given === undefined) return { params: [], names: [name] };
      if (!/^[^,=]+=[^,=]*(,[^,=]+=[^,=]*)*$/.test(given)) throw trecMeasureError(`malformed pair parameters in '${given}'`, given, name);
      const pairs = given.split(',').map((pair) => {
        const [name, gain] = pair.split('=') as [string, string];
        return { name, level: atol(name), gain: atof(gain) };
      });
      return { params: pairs, names: [`${name}_${given}`] };
    }
  }
}

/**
 * Recall levels and multiples of R that atof reads as inf or nan (`iprec_at_recall.inf`): trec_eval turns x·R
 * into a count of documents by a C cast, undefined for them (x86 gives -2^63, so every level is reached);
 * refused rather than given a number that is no count.
 */
function refuseNonFinite(name: string, values: readonly number[], given: string | undefined): void {
  if (values.some((value) => !Number.isFinite(value))) throw trecMeasureError(`${name}: parameters must be finite numbers, got '${given}'`, given, name);
}
