// Scoring against preference judgments: one ranking (evaluatePreferences) or a whole run
// (evaluatePreferencesRun) on trec_eval's 14 preference measures, each query's preferences counted
// (metrics/preference-counts.ts) and scored by the formulas the trec table binds to the names.
import { argument, fail, failId, type ErrorAbout } from '../core/errors.js';
import { indexIds, releaseIndex } from '../core/id-index.js';
import { readByQuery } from '../core/inputs.js';
import { compareUtf8, orderByScore, readRanking } from '../core/ordering.js';
import type { ByQuery, PreferenceJudgment, PreferenceLine, QueryPreferences, Ranking } from '../core/types.js';
import { countPreferences, type PreferenceCounts } from '../metrics/preference-counts.js';
import { PREFERENCE_MEASURES, type PreferenceMeasure } from '../measures/trec-table.js';

/** One query's values of the 14 preference measures, by trec_eval name. */
export type PreferenceScores = Readonly<Record<PreferenceMeasure, number>>;

/**
 * Scores one ranking against one query's preference judgments: the 14 values of trec_eval's preference
 * measures (`prefs_simp`, `prefs_pair`, `prefs_avgjg` … see metrics/preferences.ts), by trec_eval name.
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
 *   one-sub-group group, at level 0 and above 0 in one group); `preference_cycle` for a cycle of
 *   preferences in one group (`at`: the query and a document of the cycle; `received`: the group)
 * @example
 * evaluatePreferences(['d2', 'd1', 'd3'], { alice: { s: [{ doc: 'd1', level: 2 }, { doc: 'd2', level: 1 }, { doc: 'd3', level: 0 }] } }).prefs_simp
 * // => 2 / 3 (d1 > d3 and d2 > d3 fulfilled, d1 > d2 not)
 */
export function evaluatePreferences(ranking: Ranking, preferences: QueryPreferences | ReadonlyMap<string, ReadonlyMap<string, readonly PreferenceJudgment[]>>): PreferenceScores {
  const fn = 'evaluatePreferences';
  return preferenceScores(countQuery('', readRankingIds(ranking, fn, 'the ranking', { subject: argument('ranking') }), preferences, fn));
}

/** A run's preference scores: each query's, and trec_eval's `all` line (`evaluatePreferencesRun`). */
export interface PreferenceRunScores {
  /** Query id → its 14 values, for every query of both the run and the preferences. */
  readonly perQuery: Readonly<Record<string, PreferenceScores>>;
  /** Over those queries, as trec_eval's `all` line: the three counts summed, every ratio averaged. */
  readonly all: PreferenceScores;
}

/**
 * Scores a run (query id → ranking) against preferences (query id → judgment groups, as parsePreferences
 * reads them) with evaluatePreferences, query by query, and summarises as trec_eval 9.0.8 does: over the
 * queries of both, counts summed and ratios averaged (each measure's `average` in the trec table).
 * Queries of only one of the two are left out.
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
    const ids = readRankingIds(rankings.get(qid), fn, `the ranking of query ${JSON.stringify(qid)}`, { subject: argument('run'), at: { query: qid } });
    perQuery[qid] = preferenceScores(countQuery(qid, ids, judged.get(qid), fn));
  }
  if (qids.length === 0) fail('no_queries', fn, 'the run and the preferences', 'a query in both', [...rankings.keys()].slice(0, 5), argument('run'));
  const all = Object.fromEntries(
    PREFERENCE_MEASURES.map(({ name, average }) => {
      const sum = qids.reduce((total, qid) => total + perQuery[qid]![name], 0);
      return [name, average === 'sum' ? sum : sum / qids.length];
    }),
  ) as Record<PreferenceMeasure, number>;
  return { perQuery, all };
}

/** The 14 values of one query from its counts, each by the formula its trec table entry names. */
function preferenceScores(counts: PreferenceCounts): PreferenceScores {
  return Object.fromEntries(PREFERENCE_MEASURES.map(({ name, preference }) => [name, preference(counts)])) as Record<PreferenceMeasure, number>;
}

/** A query's preferences, checked, counted against `ids`; a contradiction in them is thrown. */
function countQuery(qid: string, ids: readonly string[], preferences: unknown, fn: string): PreferenceCounts {
  const counts = countPreferences(qid, ids, readPreferenceLines(preferences, fn, { subject: argument('preferences'), at: qid === '' ? undefined : { query: qid } }));
  if ('error' in counts) throw counts.error;
  return counts;
}

/**
 * The ids of `ranking` (named `where`) in rank order, each a string and once: as given, or `{id, score}`
 * ordered as trec_eval orders a run for preferences (score descending, ties by id ascending).
 */
function readRankingIds(ranking: unknown, fn: string, where: string, about: ErrorAbout): readonly string[] {
  const read = readRanking(ranking, fn, where, about);
  const ids = read.scores === undefined ? read.ids : orderByScore(read.ids, read.scores, 'ascending');
  releaseIndex(indexIds(ids, fn, where));
  return ids as readonly string[];
}

/** The judgments of one query as lines, each checked: group → sub-group → `{doc, level}` array; an error is `about` them. */
function readPreferenceLines(preferences: unknown, fn: string, about: ErrorAbout): PreferenceLine[] {
  const lines: PreferenceLine[] = [];
  const where = 'the preferences';
  for (const [group, subgroups] of readByQuery<unknown>(preferences, fn, where, 'invalid_qrels', 'a Map or an object of judgment group → sub-groups')) {
    const inGroup = `${where} of group ${JSON.stringify(group)}`;
    for (const [subgroup, judgments] of readByQuery<unknown>(subgroups, fn, inGroup, 'invalid_qrels', 'a Map or an object of sub-group → judgments')) {
      const inSubgroup = `${inGroup}, sub-group ${JSON.stringify(subgroup)}`;
      if (!Array.isArray(judgments)) fail('invalid_qrels', fn, inSubgroup, 'an array of {doc, level} judgments', judgments, about);
      (judgments as unknown[]).forEach((judgment, i) => {
        const { doc, level } = (typeof judgment === 'object' && judgment !== null ? judgment : {}) as { doc?: unknown; level?: unknown };
        if (typeof doc !== 'string' || doc === '') failId('invalid_qrels', fn, `${inSubgroup}[${i}].doc`, 'a non-empty string', doc, about);
        if (typeof level !== 'number' || !Number.isFinite(level)) fail('invalid_qrels', fn, `${inSubgroup}[${i}].level`, 'a finite number', level, about);
        lines.push({ group, subgroup, doc, level });
      });
    }
  }
  return lines;
}
