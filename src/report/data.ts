// `reportData`: the report's numbers from runs and a golden set in memory. The options and the input are
// read once (options.ts), each run scored by evaluateRun, and the charts' numbers assembled (assemble.ts).
import { explainRanking } from '../analysis/explain.js';
import { assembleReport } from './assemble.js';
import { orderRuns, readInput, readReportOptions, type ReportInputs, type ReportSettings } from './options.js';
import type { ReportContext, ReportData, ReportInput, ReportOptions, ReportRun } from './types.js';
import { scoreRunOn } from '../engine/evaluate-run.js';
import { remeasured, resolveRunSettings, type RunSettings } from '../engine/settings.js';

/**
 * Everything the report shows, computed once.
 *
 * @throws {RankevalError} `invalid_option` for a bad or unknown option or input field, and whatever
 *   `evaluateRun` and `compare` throw for bad runs, judgments or measures
 */
export function reportData(input: ReportInput, options: ReportOptions): ReportData {
  return reportDataWith(input, readReportOptions(options, 'reportData'), 'reportData');
}

/** `reportData` with its options already resolved (by `readReportOptions`), as `fn` reports its errors. */
export function reportDataWith(input: ReportInput, { options, lossCount }: ReportSettings, fn: string): ReportData {
  const inputs = readInput(input, fn);
  const { qrels, slices, questions, runs } = inputs;
  // Every run (and each curve) is scored on the same settings, the golden set's tags as slices: read once, here.
  const settings = resolveRunSettings(qrels, { ...options, ...(slices === undefined ? {} : { slices }) }, fn);
  const ordered = orderRuns([...runs.keys()], options.baseline, fn);
  const scored = scoreRuns(inputs, ordered, settings);
  const { lengths, systemK } = settings;
  const context: ReportContext = { qrels, slices, questions, ...(lengths === undefined ? {} : { lengths }), ...(systemK === undefined ? {} : { systemK: systemK.k }) };
  return assembleReport(scored, context, options, lossCount, fn, (run, qid, shown) => explainRanking(runs.get(run)!.get(qid) ?? [], qrels.get(qid)!, shown));
}

/** Each run scored in memory, in the report's order, with what its curves are scored from. */
function scoreRuns({ runs, latency }: ReportInputs, ordered: readonly string[], settings: RunSettings): Map<string, ReportRun> {
  // The curves go as deep as the deepest ranking, whatever the system's k (they show what lies beyond it),
  // and reach cutoffs deeper than every ranking: neither the system's k nor the checks apply to them (remeasured).
  return new Map(
    ordered.map((name): [string, ReportRun] => {
      const run = runs.get(name)!;
      let depth = 1;
      for (const ranking of run.values()) depth = Math.max(depth, Array.isArray(ranking) ? ranking.length : 0);
      const curveMeans = (measures: readonly string[]) => scoreRunOn(run, remeasured(settings, measures)).mean;
      const times = latency.get(name);
      return [name, { evaluation: scoreRunOn(run, settings), depth, curveMeans, ...(times === undefined ? {} : { latency: times }) }];
    }),
  );
}
