// optimizeFusion's objective: each setting fused and scored query by query, each query's score of each
// setting computed once, since a query's score depends on that query's rankings and judgments only.
import { combineQuery } from './combine.js';
import { fuseRuns } from './fuse.js';
import type { FusionSetting } from './grid.js';
import { planFusion, type FuseSettings } from './options.js';
import { listsOf, type NamedRun } from './runs.js';
import { queryValues, type QueryValues } from './values.js';
import { meanOf } from '../stats/mean.js';
import type { ScoredDocument } from '../core/types.js';
import { scoreRunOn } from '../engine/evaluate-run.js';
import { forQueries, type RunSettings } from '../engine/settings.js';

/** What the search reads of the settings: each query's score, their mean, and the fused rankings. */
export interface SettingScorer {
  /** Each given query's measure under a setting. */
  readonly perQuery: (setting: number, queryIds: readonly string[]) => number[];
  /** The mean measure of a setting over the given queries. */
  readonly mean: (setting: number, queryIds: readonly string[]) => number;
  /** The given queries fused under a setting. */
  readonly fused: (setting: number, queryIds: readonly string[]) => Map<string, ScoredDocument[]>;
}

/** What a setting scorer fuses and scores: the runs, the fusion's fixed options and the settings tried. */
export interface ScoringPlan {
  readonly runs: readonly NamedRun[];
  readonly fusion: FuseSettings;
  readonly settings: readonly FusionSetting[];
  /** How a part of the fused run is scored (one measure), with the judgments. */
  readonly scoring: RunSettings;
  readonly measure: string;
  /** The queries scored, in UTF-8 byte order. */
  readonly queryIds: readonly string[];
}

export function settingScorer({ runs, fusion, settings, scoring, measure, queryIds }: ScoringPlan, fn: string): SettingScorer {
  const plans = settings.map((setting) => planFusion({ ...fusion, ...setting }, runs, fn));
  const position = new Map(queryIds.map((qid, i) => [qid, i]));
  // Setting → each query's score by position (NaN: not scored yet), made when the setting is first scored.
  const scores: (Float64Array | undefined)[] = settings.map(() => undefined);
  // wsum's settings differ in their weights only: each query's normalised values serve them all.
  const valuesByQuery = new Map<string, QueryValues>();
  const fused = (setting: number, ids: readonly string[]): Map<string, ScoredDocument[]> => {
    const plan = plans[setting]!;
    if (plan.method !== 'wsum') return fuseRuns(runs, plan, ids);
    const rankings = new Map<string, ScoredDocument[]>();
    for (const qid of ids) {
      let values = valuesByQuery.get(qid);
      if (values === undefined) valuesByQuery.set(qid, (values = queryValues(listsOf(runs, qid, plan.depth), 'wsum', plan.norm, plan.k)));
      rankings.set(qid, combineQuery(values, 'wsum', plan.weights));
    }
    return rankings;
  };
  const perQuery = (setting: number, ids: readonly string[]): number[] => {
    const known = (scores[setting] ??= new Float64Array(queryIds.length).fill(Number.NaN));
    const missing = ids.filter((qid) => Number.isNaN(known[position.get(qid)!]!));
    if (missing.length > 0) {
      const evaluation = scoreRunOn(fused(setting, missing), forQueries(scoring, missing));
      for (const qid of missing) known[position.get(qid)!] = evaluation.perQuery[qid]![measure]!;
    }
    return ids.map((qid) => known[position.get(qid)!]!);
  };
  return { perQuery, mean: (setting, ids) => meanOf(perQuery(setting, ids)), fused };
}
