// `rankeval fuse … --optimize MEASURE --qrels GOLDEN`: the setting tuned on the golden set (optimizeFusion),
// the runs fused with the best one, and the report of the tuning.
import { compare, type Comparison } from '../analysis/compare.js';
import { isRankevalError } from '../core/errors.js';
import { optimizeFusion, type FusionOptimization } from '../fusion/optimize.js';
import { messageText } from '../text/escape.js';
import { renderFusionOptimization } from '../text/fusion.js';
import { CliError, INPUT_ERROR, type Io } from './shared/command.js';
import { RUN_CHECK_CODES } from '../engine/run-checks.js';
import { blameScoring, goldenSetOptions, loadGoldenSetAnd } from './shared/files.js';
import { aboutGoldenSet, cliMessage, isOption } from './shared/wording.js';
import { evaluationOptions } from './shared/options.js';
import { runsWarnings } from './shared/means.js';
import { inputName } from './shared/input.js';
import { type FuseArgs, type OptimizeArgs, usage } from './fuse-args.js';
import { FUSE_FLAGS, fuseOrFail, readScoredRun, writeFusedRun } from './fuse-runs.js';

/**
 * optimizeFusion's option names, as the command line spells them: `grid` is --grid when a list, else the
 * step of the default grid, --step.
 */
const tuningFlags = (tuning: OptimizeArgs): Readonly<Record<string, string>> => ({
  ...FUSE_FLAGS,
  measure: '--optimize',
  grid: Array.isArray(tuning.grid) ? '--grid' : '--step',
  trials: '--trials',
  folds: '--folds',
  seed: '--seed',
});

/**
 * `rankeval fuse … --optimize MEASURE --qrels GOLDEN`: optimizeFusion on the files, the runs fused with its
 * best setting written as without --optimize, and the report (with compare()'s paired test of the
 * out-of-fold fused run against the best run alone) on standard output when -o takes the run, else on
 * standard error.
 */
export async function runOptimizedFuse(args: FuseArgs, tuning: OptimizeArgs, io: Io): Promise<number> {
  // The golden set is a flag here, not the first file: the hint about swapped files says so.
  const { golden, runs: read } = await loadGoldenSetAnd(tuning.qrels, args.runs, tuning, io.stderr, 'the golden set is --qrels GOLDEN, the runs RUN RUN …', (path) =>
    readScoredRun(path, args.runFormat, io.stderr),
  );
  const runs = new Map(tuning.names.map((name, i) => [name, read[i]!]));
  const { measures: _, ...evaluation } = evaluationOptions(tuning);
  const scoring = { ...evaluation, ...goldenSetOptions(golden, false) };

  let result: FusionOptimization;
  try {
    result = optimizeFusion(runs, golden.qrels, {
      method: args.method as FusionOptimization['method'],
      measure: tuning.measure,
      norm: args.norm,
      ...(tuning.folds === undefined ? {} : { folds: tuning.folds }),
      seed: tuning.seed,
      ...(args.depth === undefined ? {} : { depth: args.depth }),
      ...(tuning.grid === undefined ? {} : { grid: tuning.grid }),
      ...(tuning.trials === undefined ? {} : { trials: tuning.trials }),
      ...scoring,
    });
  } catch (error) {
    throw blameTuning(error, args, tuning);
  }

  let comparison: Comparison;
  try {
    comparison = compare(result.comparable, golden.qrels, { measures: [tuning.measure], test: tuning.test, seed: tuning.seed, ...scoring });
  } catch (error) {
    throw blameScoring(error, tuning.qrels, args.runs[0]!);
  }
  // compare() scores two of the same runs again: its warnings are among optimizeFusion's, worded as rankeval compare words them.
  const byRun = new Map(Object.entries(result.runWarnings).map(([name, warnings]) => [name, { warnings }]));
  for (const line of runsWarnings(byRun, [...byRun.keys()], inputName(tuning.qrels))) io.stderr.write(`rankeval fuse: warning: ${messageText(line)}\n`);

  await writeFusedRun(args, fuseOrFail(runs, 'weights' in result.best ? { weights: result.best.weights } : { k: result.best.k }, args), io, read);

  const { run: _run, comparable: _comparable, ...figures } = result;
  const report =
    tuning.reportFormat === 'json'
      ? `${JSON.stringify({ ...figures, comparison }, null, 2)}\n`
      : renderFusionOptimization(result, comparison, { output: args.output, search: searchText(result, tuning), seed: tuning.seed, skipping: tuning.noRelevant === 'skip' });
  (args.output === undefined ? io.stderr : io.stdout).write(report);
  return 0;
}

/** How the settings were drawn, for the report's first line. */
function searchText(result: FusionOptimization, tuning: OptimizeArgs): string {
  if (tuning.trials !== undefined) return `random weight vectors, seed ${tuning.seed}`;
  if (result.method === 'rrf') return tuning.grid === undefined ? 'k from 10 to 100 by 10' : 'k from --grid';
  if (tuning.grid === undefined || typeof tuning.grid === 'number') return `weights in steps of ${tuning.grid ?? 0.1}`;
  return 'weight vectors from --grid';
}

/**
 * An error of optimizeFusion as the command line says it: a bad option is a usage error naming its flag, a
 * failed check names the file of the run it failed on (`at.run`; optimizeFusion's message names the fused
 * run), anything else is about the golden set.
 */
function blameTuning(error: unknown, args: FuseArgs, tuning: OptimizeArgs): unknown {
  if (!isRankevalError(error)) return error;
  // A measure that needs what the golden set lacks (lengths, aspects) is about the golden set, as in rankeval eval.
  if (error.code === 'invalid_option' && !aboutGoldenSet(error)) {
    const message = cliMessage(error, { flags: tuningFlags(tuning) });
    // Too many folds for the queries, where --folds was not given: its default is what is too large.
    return usage(tuning.folds === undefined && isOption(error.subject, 'folds') ? `${message}; --folds is 5 when not given: give --folds with fewer` : message);
  }
  if (RUN_CHECK_CODES.includes(error.code)) {
    const run = error.at?.run === undefined ? -1 : tuning.names.indexOf(error.at.run);
    if (run === -1) return new CliError(cliMessage(error), INPUT_ERROR);
    return blameScoring(error, tuning.qrels, args.runs[run]!);
  }
  return blameScoring(error, tuning.qrels, args.runs[0]!);
}
