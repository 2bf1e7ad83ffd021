// `rankeval/preferences`: preference judgments ("d1 is better than d2" for a query), as trec_eval reads them
// (-R prefs, -R qrels_prefs). Rule: every export whose input or output is preference judgments — their
// files, their types, the measures over them — comes from here, not from `rankeval`. Node-free.

/** One ranking, or a run, scored against preference judgments: trec_eval's 14 preference measures. */
export { evaluatePreferences, evaluatePreferencesRun, type PreferenceRunScores, type PreferenceScores } from '../engine/preferences.js';
export type { PreferenceMeasure } from '../measures/trec-table.js';
export type { PreferenceJudgment, Preferences, QueryPreferences } from '../core/types.js';

/** The files: trec_eval's preferences files, and qrels read as preferences. */
export { parsePreferences, readPreferences, type PreferencesFormat } from '../formats/preferences.js';
