// `reportData`: the report's numbers from runs and a golden set in memory. The options and the input are
// read once (options.ts), each run scored by evaluateRun, and the charts' numbers assembled (assemble.ts).
import { explainRanking } from '../analysis/explain.js';
import { assembleReport, assembleScoresReport } from './assemble.js';
import { orderRuns, readInput, readQuestions, readReportOptions, type ReportInputs, type ReportSettings } from './options.js';
import { readScores } from '../analysis/compare.js';
import { ownOptions, whileReading } from '../core/boundary.js';
import type { RenderOptions } from './html.js';
import type { ReportContext, ReportData, ReportInput, ReportOptions, ReportRun, ReportScoresInput } from './types.js';
import { scoreRunOn } from '../engine/evaluate-run.js';
import { remeasured, resolveRunSettings, type RunSettings } from '../engine/settings.js';

/**
 * Everything the report shows, computed once.
 *
 * From `{ scores }` (ReportScoresInput), per-query scores already computed, it is the report of
 * `compareScores`: the same means, differences, queries lost most (`scoreLosses`, with both scores) and
 * comparison; the curves and the rankings need rankings and are left out (`curves` and `losses` empty).
 *
 * @throws {RankevalError} `invalid_option` for a bad or unknown option or input field (with scores, an option
 *   compareScores does not take), and whatever `evaluateRun` and `compare` (or `compareScores`) throw for bad
 *   runs, judgments, scores or measures
 */
export function reportData(input: ReportInput | ReportScoresInput, options: ReportOptions): ReportData {
  return reportDataWith(input, readReportOptions(options, 'reportData'), 'reportData');
}

/** `reportData` with its options already resolved (by `readReportOptions`), as `fn` reports its errors. */
export function reportDataWith(input: ReportInput | ReportScoresInput, resolved: ReportSettings, fn: string): ReportData {
  // Read under whileReading: a revoked Proxy given as `input` is a RankevalError, as readInput makes it.
  if (whileReading(fn, 'invalid_option', '`input`', () => typeof input === 'object' && input !== null && 'scores' in input)) return scoresReportData(input as ReportScoresInput, resolved, fn);
  const { options, lossCount } = resolved;
  const inputs = readInput(input as ReportInput, fn);
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

/**
 * The report of per-query scores given: read as compareScores reads them (its options only: `measures` and
 * the test's), then assembled as every report is, without the parts that need rankings.
 */
function scoresReportData(input: ReportScoresInput, { options, lossCount }: ReportSettings, fn: string): ReportData {
  const { scores, questions } = ownOptions(input, SCORES_INPUT_KEYS, fn, { name: '`input`', expected: 'an object with `scores`', what: 'every field of `input`' });
  const { losses: _, title: __, subtitle: ___, ...compared } = options as ReportOptions & RenderOptions;
  const read = readScores(scores, compared, fn, 1);
  return assembleScoresReport(read, questions === undefined ? undefined : readQuestions(questions, fn), options, lossCount, fn);
}

const SCORES_INPUT_KEYS: readonly string[] = ['scores', 'questions'];
