// trec_eval's 14 preference measures, over a query's preference counts (preference-counts.ts): how many of
// the judged preferences a ranking fulfils, as a ratio of all preferences (simp), averaged over document
// pairs (pair) or over judgment groups (avgjg, avgjg_Rnonrel), each over a choice of preferences (Scope).
import { fail, failId } from '../core/errors.js';
import { compareUtf8 } from '../core/ordering.js';
import { readByQuery } from '../core/inputs.js';
import type { ByQuery, Ranking } from '../core/types.js';
import { chainTally, countPreferences, type ClassesShape, type GroupCounts, type OrderShape, type PreferenceCounts, type PreferenceJudgment, type PreferenceLine, type QueryPreferences } from './preference-counts.js';

/**
 * Which preferences a measure counts: `all`, every preference (one whose documents are both unranked is
 * possible, never fulfilled); `ret`, those whose two documents are both ranked; `imp`, those with at least
 * one ranked (the implied ones too).
 */
export type PreferenceScope = 'all' | 'ret' | 'imp';

/** A name of trec_eval's 14 preference measures. */
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

/** The preference measures, in trec_eval's output order (its table's, as trec-table.ts has them). */
export const PREFERENCE_MEASURES: readonly PreferenceMeasure[] = [
  'prefs_num_prefs_poss',
  'prefs_num_prefs_ful',
  'prefs_num_prefs_ful_ret',
  'prefs_simp',
  'prefs_pair',
  'prefs_avgjg',
  'prefs_avgjg_Rnonrel',
  'prefs_simp_ret',
  'prefs_pair_ret',
  'prefs_avgjg_ret',
  'prefs_avgjg_Rnonrel_ret',
  'prefs_simp_imp',
  'prefs_pair_imp',
  'prefs_avgjg_imp',
];

/** One query's values of the 14 preference measures, by trec_eval name. */
export type PreferenceScores = Readonly<Record<PreferenceMeasure, number>>;

/** A group's fulfilled and possible preferences in `scope`. */
function inScope(group: GroupCounts, scope: PreferenceScope): { fulfilled: number; possible: number } {
  if (scope === 'ret') return { fulfilled: group.fulfilledRet, possible: group.possibleRet };
  const fulfilled = group.fulfilledRet + group.fulfilledImp;
  const possible = group.possibleRet + group.possibleImp;
  return scope === 'imp' ? { fulfilled, possible } : { fulfilled, possible: possible + group.notOccurring };
}

/**
 * Preferences fulfilled over preferences possible, all groups pooled (trec_eval's prefs_simp, _ret, _imp):
 * Σ fulfilled / Σ possible. A pair preferred by two groups counts twice; one the groups disagree on counts
 * once fulfilled and once not, so conflicts keep the best value below 1.
 * Edge rule: 0 when no preference is possible.
 * @example one group preferring d1 > d2, ranking [d2, d1]: 0 / 1 = 0
 */
export function preferenceRatio(counts: PreferenceCounts, scope: PreferenceScope): number {
  let fulfilled = 0;
  let possible = 0;
  for (const group of counts.groups) {
    const { fulfilled: f, possible: p } = inScope(group, scope);
    fulfilled += f;
    possible += p;
  }
  return possible === 0 ? 0 : fulfilled / possible;
}

/**
 * The mean over document pairs of the share of the groups' preferences on the pair that the ranking
 * fulfils (trec_eval's prefs_pair, _ret, _imp): for a pair preferred a > b by x groups and b > a by y,
 * the pair scores x / (x + y) with a above b. A pair of two unranked documents scores 0 (`all` only).
 * Edge rule: 0 when no pair is judged in `scope`.
 * @example three groups prefer d1 > d2, two prefer d2 > d1, ranking [d1, d2]: 3 / 5
 */
export function pairPreferenceRatio(counts: PreferenceCounts, scope: PreferenceScope): number {
  return pairPreferenceRatios(counts)[scope];
}

/** prefs_pair in its three scopes, from the pair sums (summed as trec_eval sums them, see PairSums). */
function pairPreferenceRatios({ pairSums }: PreferenceCounts): Record<PreferenceScope, number> {
  const { ranked, rankedSum, implied, sum, pairCount } = pairSums;
  const ratio = (total: number, count: number): number => (count === 0 ? 0 : total / count);
  return { ret: ratio(rankedSum, ranked), imp: ratio(sum, ranked + implied), all: ratio(sum, pairCount) };
}

/**
 * The ratio of fulfilled to possible preferences in each judgment group, averaged over the groups
 * (trec_eval's prefs_avgjg, _ret, _imp): every group (every user) weighs the same, however many
 * preferences it holds. A group with no possible preference adds 0 but still counts in the mean.
 * Edge rule: 0 when no group fulfils a preference.
 * @example group A fulfils 1 of 2, group B 3 of 3: (1/2 + 3/3) / 2
 */
export function groupPreferenceRatio(counts: PreferenceCounts, scope: PreferenceScope): number {
  let sum = 0;
  for (const group of counts.groups) {
    const { fulfilled, possible } = inScope(group, scope);
    if (possible !== 0) sum += fulfilled / possible;
  }
  return sum > 0 ? sum / counts.groups.length : 0;
}

/**
 * prefs_avgjg with the non-relevant documents of each group brought to R, its relevant ones (trec_eval's
 * prefs_avgjg_Rnonrel; with `ret`, prefs_avgjg_Rnonrel_ret: R and N counted among the ranked documents).
 * With N non-relevant ≤ R, the group gains R − N fulfilled preferences per ranked relevant document and
 * R − N possible ones per relevant document; with N > R, only the first R non-relevant documents in
 * document-id order (ranked first, then unranked by id) are kept and the group is counted again. Akin to
 * bpref for a group of two levels, 1 and 0.
 * trec_eval's conventions, kept: a one-sub-group group's kept non-relevant documents are the first R of
 * its lowest level (whatever that level), paired with every level including that one (a document with
 * itself counts as possible); in `ret`, R − N possible preferences are added per relevant document (ranked
 * or not), and a several-sub-group group keeps its non-relevant documents up to the (R + 1)th with R the
 * relevant documents of the whole group. A group whose counts come to 0 / 0 makes the query's value 0.
 * Edge rule: 0 when the sum over groups is not above 0.
 * @example one group, d1 at 1 and d2, d3 at 0, ranking [d1, d2, d3]: R = 1 < N = 2, d3 dropped; d1 > d2
 *   fulfilled, d2 and d3 against the kept d2 possible: 1 / 3
 */
export function groupPreferenceRatioRnonrel(counts: PreferenceCounts, scope: 'all' | 'ret'): number {
  let sum = 0;
  for (const group of counts.groups) {
    const R = scope === 'ret' ? group.relRet : group.rel;
    const N = scope === 'ret' ? group.nonrelRet : group.nonrel;
    let fulfilled: number;
    let possible: number;
    if (R >= N) {
      ({ fulfilled, possible } = inScope(group, scope));
      fulfilled += group.relRet * (R - N);
      possible += group.rel * (R - N);
    } else {
      ({ fulfilled, possible } = group.shape.kind === 'classes' ? recountClasses(group.shape, counts, R, scope) : recountOrder(group.shape, group.rel, counts, scope));
    }
    sum += fulfilled / possible;
  }
  return sum > 0 ? sum / counts.groups.length : 0;
}

/** An id above every document's: what trec_eval's reads past a query's level ids are taken to find. */
const PAST_THE_POOL = 0x7fffffff;

/** A one-sub-group group counted again with its lowest level cut to its first `kept` documents (read on through the pool, as trec_eval reads). */
function recountClasses({ classes }: ClassesShape, counts: PreferenceCounts, kept: number, scope: 'all' | 'ret'): { fulfilled: number; possible: number } {
  const { pool, judgedRet } = counts;
  const last = classes[classes.length - 1]!;
  // trec_eval reads the first `kept` ids from the lowest level's start on, past it into the next groups'
  // ids, and past the query's own into memory it does not define: there, an id above every document.
  const lowest = new Int32Array(kept).fill(PAST_THE_POOL);
  lowest.set(pool.subarray(last.start, Math.min(last.start + kept, pool.length)));
  // In `ret`, each list is read up to its first unranked document.
  const ranked = (ids: Int32Array): Int32Array => {
    if (scope === 'all') return ids;
    let end = 0;
    while (end < ids.length && ids[end]! < judgedRet) end++;
    return ids.subarray(0, end);
  };
  const slices = classes.map(({ start, size }) => ranked(pool.subarray(start, start + size)));
  // Each level with the later ones but the lowest, then every level (the lowest too) with the kept ones.
  const tallies = [chainTally(slices.slice(0, -1), judgedRet), chainTally([Int32Array.from(slices.flatMap((slice) => [...slice])), ranked(lowest)], judgedRet)];
  let fulfilled = 0;
  let possible = 0;
  for (const tally of tallies) {
    fulfilled += tally.fulfilledRet + tally.fulfilledImp;
    possible += tally.fulfilledRet + tally.unfulfilledRet + tally.fulfilledImp + tally.unfulfilledImp + tally.notOccurring;
  }
  return { fulfilled, possible };
}

/** A several-sub-group group counted again without its non-relevant documents past the (R + 1)th by id. */
function recountOrder({ docs, levels, above }: OrderShape, rel: number, counts: PreferenceCounts, scope: 'all' | 'ret'): { fulfilled: number; possible: number } {
  const { judged, judgedRet } = counts;
  const end = scope === 'ret' ? judgedRet : judged;
  let firstDropped = end;
  let seen = 0;
  for (const doc of docs) {
    if (doc >= end) break;
    if (levels.get(doc) === 0 && ++seen === rel + 1) {
      firstDropped = doc;
      break;
    }
  }
  const dropped = (doc: number): boolean => doc >= firstDropped && levels.get(doc) === 0;
  let fulfilled = 0;
  let possible = 0;
  for (const a of docs) {
    if (dropped(a) || (scope === 'ret' && a >= judgedRet)) continue;
    for (const b of above.get(a)!) {
      if (dropped(b) || (scope === 'ret' && b >= judgedRet)) continue;
      if (a < judgedRet && a < b) fulfilled++;
      else possible++;
    }
  }
  return { fulfilled, possible: possible + fulfilled };
}

/** The 14 values of one query from its counts. */
export function preferenceScores(counts: PreferenceCounts): PreferenceScores {
  const pair = pairPreferenceRatios(counts);
  let possible = 0;
  let fulfilled = 0;
  let fulfilledRet = 0;
  for (const group of counts.groups) {
    possible += group.possibleRet + group.possibleImp + group.notOccurring;
    fulfilled += group.fulfilledRet + group.fulfilledImp;
    fulfilledRet += group.fulfilledRet;
  }
  return {
    prefs_num_prefs_poss: possible,
    prefs_num_prefs_ful: fulfilled,
    prefs_num_prefs_ful_ret: fulfilledRet,
    prefs_simp: preferenceRatio(counts, 'all'),
    prefs_pair: pair.all,
    prefs_avgjg: groupPreferenceRatio(counts, 'all'),
    prefs_avgjg_Rnonrel: groupPreferenceRatioRnonrel(counts, 'all'),
    prefs_simp_ret: preferenceRatio(counts, 'ret'),
    prefs_pair_ret: pair.ret,
    prefs_avgjg_ret: groupPreferenceRatio(counts, 'ret'),
    prefs_avgjg_Rnonrel_ret: groupPreferenceRatioRnonrel(counts, 'ret'),
    prefs_simp_imp: preferenceRatio(counts, 'imp'),
    prefs_pair_imp: pair.imp,
    prefs_avgjg_imp: groupPreferenceRatio(counts, 'imp'),
  };
}

/**
 * Scores one ranking against one query's preference judgments: the 14 values of trec_eval's preference
 * measures (`prefs_simp`, `prefs_pair`, `prefs_avgjg` … see their functions above), by trec_eval name.
 * `preferences` is judgment group → sub-group → `{ doc, level }` judgments (a Map or an object at each
 * level), as parsePreferences gives one query; a group with one sub-group is a total preorder by level,
 * one with several a partial order closed across them. The ranking is ids in rank order, or `{id, score}`
 * documents, ordered as trec_eval orders a run for preferences: score descending, ties by id ascending
 * (UTF-8 byte order).
 * Edge rules: a judged document the ranking does not hold is unranked (see PreferenceScope); documents
 * nobody judged are ignored; every ratio is 0 where nothing is possible.
 *
 * @throws {RankevalError} `invalid_ranking` for a ranking that is not an array of ids or `{id, score}`
 *   documents, or that holds a document twice; `invalid_qrels` for preferences of another shape, a level
 *   that is not a finite number, or preferences that contradict themselves (a document at two levels of a
 *   one-sub-group group, at level 0 and above 0 in one group, a cycle in one group)
 * @example
 * evaluatePreferences(['d2', 'd1', 'd3'], { alice: { s: [{ doc: 'd1', level: 2 }, { doc: 'd2', level: 1 }, { doc: 'd3', level: 0 }] } }).prefs_simp
 * // => 2 / 3 (d1 > d3 and d2 > d3 fulfilled, d1 > d2 not)
 */
export function evaluatePreferences(ranking: Ranking, preferences: QueryPreferences | ReadonlyMap<string, ReadonlyMap<string, readonly PreferenceJudgment[]>>): PreferenceScores {
  const fn = 'evaluatePreferences';
  const ids = readRankingIds(ranking, fn, 'the ranking');
  const lines = readPreferenceLines(preferences, fn);
  const counts = countPreferences('', ids, lines);
  if ('error' in counts) throw counts.error;
  return preferenceScores(counts);
}

/**
 * The ids of `ranking` (named `where`) in rank order, each once: as given, or `{id, score}` sorted by score
 * descending, ties by id ascending.
 */
function readRankingIds(ranking: unknown, fn: string, where: string): string[] {
  if (!Array.isArray(ranking)) return fail('invalid_ranking', fn, where, 'an array of ids or of {id, score} objects', ranking);
  let ids: string[];
  if (ranking.length === 0 || typeof ranking[0] === 'string') {
    ranking.forEach((id, i) => {
      if (typeof id !== 'string') failId('invalid_ranking', fn, `${where}[${i}]`, 'a string id', id);
    });
    ids = ranking as string[];
  } else {
    const entries = ranking.map((entry: unknown, i) => {
      const { id, score } = (typeof entry === 'object' && entry !== null ? entry : {}) as { id?: unknown; score?: unknown };
      if (typeof id !== 'string') failId('invalid_ranking', fn, `${where}[${i}].id`, 'a string', id);
      if (typeof score !== 'number' || !Number.isFinite(score)) fail('invalid_ranking', fn, `${where}[${i}].score`, 'a finite number', score);
      return { id, score };
    });
    ids = entries.sort((a, b) => (a.score > b.score ? -1 : a.score < b.score ? 1 : compareUtf8(a.id, b.id))).map((entry) => entry.id);
  }
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) fail('invalid_ranking', fn, where, 'each document once', id);
    seen.add(id);
  }
  return ids;
}

/** The judgments of one query as lines, each checked: group → sub-group → `{doc, level}` array. */
export function readPreferenceLines(preferences: unknown, fn: string): PreferenceLine[] {
  const lines: PreferenceLine[] = [];
  const where = 'the preferences';
  for (const [group, subgroups] of readByQuery<unknown>(preferences, fn, where, 'invalid_qrels', 'a Map or an object of judgment group → sub-groups')) {
    const inGroup = `${where} of group ${JSON.stringify(group)}`;
    for (const [subgroup, judgments] of readByQuery<unknown>(subgroups, fn, inGroup, 'invalid_qrels', 'a Map or an object of sub-group → judgments')) {
      const inSubgroup = `${inGroup}, sub-group ${JSON.stringify(subgroup)}`;
      if (!Array.isArray(judgments)) fail('invalid_qrels', fn, inSubgroup, 'an array of {doc, level} judgments', judgments);
      (judgments as unknown[]).forEach((judgment, i) => {
        const { doc, level } = (typeof judgment === 'object' && judgment !== null ? judgment : {}) as { doc?: unknown; level?: unknown };
        if (typeof doc !== 'string' || doc === '') failId('invalid_qrels', fn, `${inSubgroup}[${i}].doc`, 'a non-empty string', doc);
        if (typeof level !== 'number' || !Number.isFinite(level)) fail('invalid_qrels', fn, `${inSubgroup}[${i}].level`, 'a finite number', level);
        lines.push({ group, subgroup, doc, level });
      });
    }
  }
  return lines;
}

/** A run's preference scores: each query's, and trec_eval's `all` line (`evaluatePreferencesRun`). */
export interface PreferenceRunScores {
  /** Query id → its 14 values, for every query of both the run and the preferences. */
  readonly perQuery: Readonly<Record<string, PreferenceScores>>;
  /** Over those queries, as trec_eval's `all` line: the three counts summed, every ratio averaged. */
  readonly all: PreferenceScores;
}

/** The measures whose `all` value is a sum over the queries (the others are means). */
const SUMMED: ReadonlySet<PreferenceMeasure> = new Set(['prefs_num_prefs_poss', 'prefs_num_prefs_ful', 'prefs_num_prefs_ful_ret']);

/**
 * Scores a run (query id → ranking) against preferences (query id → judgment groups, as parsePreferences
 * reads them) with evaluatePreferences, query by query, and summarises as trec_eval 9.0.8 does: over the
 * queries of both, counts summed and ratios averaged. Queries of only one of the two are left out.
 *
 * @throws {RankevalError} what evaluatePreferences throws, for the first query (by id) that fails; `no_queries`
 *   when no query is in both; `invalid_ranking` / `invalid_qrels` for a run or preferences not keyed by query
 * @example
 * evaluatePreferencesRun({ q1: ['d1', 'd2'], q2: ['d2', 'd1'] }, parsePreferences('q1 u s d1 1\nq1 u s d2 0\nq2 u s d1 1\nq2 u s d2 0\n')).all.prefs_simp
 * // => (1 + 0) / 2
 */
export function evaluatePreferencesRun(run: ByQuery<Ranking>, preferences: ByQuery<QueryPreferences>): PreferenceRunScores {
  const fn = 'evaluatePreferencesRun';
  const rankings = readByQuery<Ranking>(run, fn, 'the run', 'invalid_ranking');
  const judged = readByQuery<QueryPreferences>(preferences, fn, 'the preferences', 'invalid_qrels');
  const perQuery: Record<string, PreferenceScores> = Object.create(null);
  const qids = [...rankings.keys()].filter((qid) => judged.has(qid)).sort(compareUtf8);
  for (const qid of qids) {
    const ids = readRankingIds(rankings.get(qid), fn, `the ranking of query ${JSON.stringify(qid)}`);
    const counts = countPreferences(qid, ids, readPreferenceLines(judged.get(qid), fn));
    if ('error' in counts) throw counts.error;
    perQuery[qid] = preferenceScores(counts);
  }
  if (qids.length === 0) fail('no_queries', fn, 'the run and the preferences', 'a query in both', [...rankings.keys()].slice(0, 5));
  const all = Object.fromEntries(
    PREFERENCE_MEASURES.map((name) => {
      const sum = qids.reduce((total, qid) => total + perQuery[qid]![name], 0);
      return [name, SUMMED.has(name) ? sum : sum / qids.length];
    }),
  ) as Record<PreferenceMeasure, number>;
  return { perQuery, all };
}
