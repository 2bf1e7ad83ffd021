// `rankeval fuse RUN RUN … --method rrf [-o OUT]`: runs fused into one (hybrid search), written as a run file
// that `rankeval eval`, `compare` and `report` read like any other; with `--optimize MEASURE --qrels GOLDEN`,
// wsum's weights or rrf's k tuned on a golden set first (optimizeFusion), cross-validated, with a report.
import { compare, SIGNIFICANCE_TESTS, type Comparison, type SignificanceTest } from '../analysis/compare.js';
import { isRankevalError } from '../core/errors.js';
import { evaluateRun } from '../engine/evaluate-run.js';
import { fuse } from '../fusion/fuse.js';
import { FUSION_METHODS, FUSION_NORMS, type FusionMethod, type FusionNorm } from '../fusion/options.js';
import type { FusionRun } from '../fusion/runs.js';
import { MAX_SETTINGS } from '../fusion/grid.js';
import { optimizeFusion, type FusionOptimization, type OptimizeFusionOptions } from '../fusion/optimize.js';
import type { Run, RunFormat } from '../formats/run.js';
import { writeRun } from '../formats/write-run.js';
import { parseMeasure } from '../measures/registry.js';
import { messageText } from '../text/escape.js';
import { renderFusionOptimization } from '../text/fusion.js';
import type { ScoredDocument } from '../core/types.js';
import { runNames } from './compare.js';
import type { Io } from './eval.js';
import { blameScoring, CHECK_CODES, checkStdinOnce, goldenSetOptions, INPUT_ERROR, inputName, loadGoldenSetAnd, loadRun } from './files.js';
import { decimalNumber, evaluationOptions, inputFlag, oneOf, parseCommandArgs, readSharedArgs, SCORING_OPTIONS, type SharedArgs, TIES_HELP, usageError } from './options.js';
import { checkOutput, OUTPUT_OPTION, outputName, writeOutput } from './output.js';
import { CliError } from './trec.js';

export const fuseUsage = `Usage: rankeval fuse RUN RUN … --method M [--norm N] [--k K] [--weights W,W,…] [-o OUT] [flags]
       rankeval fuse RUN RUN … --method wsum|rrf --optimize MEASURE --qrels GOLDEN [-o OUT] [flags]

Fuses runs into one, query by query (hybrid search: a lexical and a dense run, say), with the library's
fuse(), and writes the fused run, which rankeval eval, compare and report read like any other. With
--optimize, wsum's weights or rrf's k are first tuned on a golden set (the library's optimizeFusion),
cross-validated by query, and the run written is fused with the setting best on every judged query.

Files:
  RUN …                    the runs (TREC, JSONL, JSON or CSV, with a score for every document)
  --run-format F           force their format: trec, jsonl, json, csv (default: found from each file)

Fusion:
  --method M               rrf, combsum, combmnz, combmax, combmin, combmed, combanz, wsum, isr, log_isr,
                           bordafuse, condorcet (required)
  --norm N                 each run's scores rescaled per query before a score-based method combines them:
                           min-max, max, sum, zmuv, rank, borda or none (default none; rank-based methods
                           take none only)
  --k K                    RRF's constant: a document at rank r adds 1 / (K + r) (default 60; rrf only)
  --weights W,W,…          wsum's weights, one per run in the runs' order, e.g. --weights 0.3,0.7 (wsum only)
  --depth D                keep each run's top D documents of a query (default: all of them); with
                           --optimize the runs alone are still scored whole

Tuning (--method wsum or rrf; --k and --weights are then chosen, not given):
  --optimize MEASURE       the measure to maximise, one measure averaged over queries, e.g. ndcg@10; one
                           where lower is better, as rankeval compare reads them (miss@k, tokens@k,
                           fall_out@k, unj@k, rbp_resid), is minimised: a cost alone (tokens@k) rewards
                           returning little
  --qrels GOLDEN           the golden set it is measured on (TREC, BEIR qrels, JSONL, JSON or CSV)
  --qrels-format F         force its format: trec, beir, jsonl, json, csv, or trec-diversity
  --grade-column NAME      its grade column (CSV, BEIR), as rankeval eval
  --step X                 wsum: every weight vector of multiples of X summing to 1 (default 0.1: 66
                           vectors for three runs)
  --grid W,W,…             wsum: a weight vector to try, one weight per run (repeatable: the vectors tried);
                           rrf: the k values to try (comma-separated or repeated; default 10,20,…,100)
  --trials N               wsum: N weight vectors drawn at random on the simplex instead of a grid
  --folds N                cross-validation folds, split by query (default 5): each fold's setting is
                           chosen on the other folds and scored on its own queries; 1 chooses and scores on
                           every query, as ranx's optimize_fusion, and reports that flattered figure only
  --seed S                 seed of the split into folds, of --trials and of a randomization or bootstrap
                           --test, 0 to 4294967295 (default 42)
  --test T                 the paired test of the fused run against the best run alone: t (default),
                           randomization, bootstrap, wilcoxon or sign
  --names A,B,…            the runs' names in the report (default: the file names without their extension)
  -l, --relevance-threshold N, --no-relevant MODE, --checks MODE, --system-k N[:warn], --lengths FILE
                           as rankeval eval
${TIES_HELP}
  --report-format F        the report: table (default) or json (optimizeFusion's result but its runs,
                           with compare()'s result as "comparison"; needs -o OUT)

  The report shows each run alone, every fold's chosen setting with its figure on the training folds and
  on the held-out fold, the in-sample figure of the best setting beside the cross-validated one (the mean
  over every query of its score under the setting chosen without it; their difference is what the choice
  itself made), and the paired test, as rankeval compare, of the out-of-fold fused run against the best run
  alone. It goes to standard output when -o OUT writes the run, to standard error otherwise.

Output:
  -o, --output OUT         where to write the fused run (default, or -o -: standard output); a regular
                           file is replaced whole (written beside it, then renamed over it), never a
                           file the command reads, as rankeval report -o writes (see its --help). With
                           --optimize: the runs fused with the best setting, over every query they hold
  --format F               trec (default: qid Q0 doc rank score name) or jsonl
  --run-name NAME          the TREC run's name, its last column (default fused)

A document a run leaves out adds nothing to that run's term (but under borda and bordafuse); a query a run
leaves out is fused from the others; ties in the fused scores are broken by id descending, as trec_eval
breaks them. The formulas and rules are in the README (Hybrid search: rank fusion).

Exit status: 0 done, 2 bad arguments, 3 a file cannot be read or is malformed (a run without scores), or
the output cannot be written.
`;

const usage = usageError('fuse');

const WRITE_FORMATS = ['trec', 'jsonl'] as const;
const WHITESPACE = /\s/;

const REPORT_FORMATS = ['table', 'json'] as const;

/** What `--optimize` tunes and how, read from the flags. */
export interface OptimizeArgs extends SharedArgs {
  /** The measure, as -m names it (one). */
  readonly measure: string;
  readonly qrels: string;
  /** The runs' names, in the runs' order. */
  readonly names: readonly string[];
  /** optimizeFusion's `grid`: a step, weight vectors (wsum) or k values (rrf); undefined for its default. */
  readonly grid: OptimizeFusionOptions['grid'];
  readonly trials: number | undefined;
  /** Undefined for optimizeFusion's default (5). */
  readonly folds: number | undefined;
  readonly seed: number;
  readonly test: SignificanceTest;
  readonly reportFormat: (typeof REPORT_FORMATS)[number];
}

export interface FuseArgs {
  readonly runs: readonly string[];
  readonly method: FusionMethod;
  readonly norm: FusionNorm;
  readonly k: number | undefined;
  readonly weights: readonly number[] | undefined;
  readonly depth: number | undefined;
  readonly runFormat: RunFormat | 'auto';
  readonly format: (typeof WRITE_FORMATS)[number];
  readonly runName: string;
  /** The file to write, or undefined for standard output. */
  readonly output: string | undefined;
  /** `--optimize`: the setting is tuned on a golden set before the runs are fused with it. */
  readonly optimize: OptimizeArgs | undefined;
}

/** A flag's number: decimal and finite, or a usage error naming the flag (fuse() checks the range). */
function flagNumber(flag: string, text: string): number {
  const value = decimalNumber(text);
  if (!Number.isFinite(value)) throw usage(`${flag} takes a decimal number; got '${text}'`);
  return value;
}

/** A flag's integer from `low` to `high`, or a usage error naming the flag. */
function flagInteger(flag: string, text: string | undefined, low: number, high = Infinity): number | undefined {
  if (text === undefined) return undefined;
  const value = decimalNumber(text);
  if (!Number.isSafeInteger(value) || value < low || value > high) {
    throw usage(`${flag} takes ${high === Infinity ? `an integer of ${low} or more` : `an integer from ${low} to ${high.toLocaleString('en')}`}; got '${text}'`);
  }
  return value;
}

const TUNING_OPTIONS = {
  optimize: { type: 'string' },
  qrels: inputFlag('the golden set'),
  'qrels-format': { type: 'string' },
  step: { type: 'string' },
  grid: { type: 'string', multiple: true },
  trials: { type: 'string' },
  folds: { type: 'string' },
  seed: { type: 'string' },
  test: { type: 'string' },
  names: { type: 'string' },
  ...SCORING_OPTIONS,
  'report-format': { type: 'string' },
} as const;

export function parseFuseArgs(args: readonly string[]): FuseArgs | 'help' {
  const { values, positionals, inputs } = parseCommandArgs(
    args,
    {
      method: { type: 'string' },
      norm: { type: 'string' },
      k: { type: 'string' },
      weights: { type: 'string' },
      depth: { type: 'string' },
      'run-format': { type: 'string' },
      format: { type: 'string' },
      'run-name': { type: 'string' },
      ...OUTPUT_OPTION,
      help: { type: 'boolean', short: 'h' },
      ...TUNING_OPTIONS,
    },
    usage,
    ['one of the runs'],
  );
  if (values.help) return 'help';
  if (positionals.length === 0) throw usage('expected the runs to fuse (RUN RUN …)');
  if (values.method === undefined) throw usage(`--method is required: one of ${FUSION_METHODS.join(', ')}`);
  const method = oneOf(values.method, FUSION_METHODS, '--method', 'rrf', usage);
  const weights = values.weights?.split(',').map((text) => flagNumber('--weights', text));
  if (weights !== undefined && weights.length !== positionals.length) {
    throw usage(`--weights gives ${weights.length} weight${weights.length === 1 ? '' : 's'} for ${positionals.length} run${positionals.length === 1 ? '' : 's'}; give one per run, in the runs' order`);
  }
  const format = oneOf(values.format, WRITE_FORMATS, '--format', 'trec', usage);
  const runName = values['run-name'] ?? 'fused';
  if (runName === '' || WHITESPACE.test(runName)) throw usage(`--run-name takes a name without whitespace (a TREC field); got '${runName}'`);
  if (values['run-name'] !== undefined && format !== 'trec') throw usage('--run-name names a TREC run; JSONL has no place for it');
  const output = outputName(values.output, usage);
  const runFormat = oneOf(values['run-format'], ['auto', 'trec', 'jsonl', 'json', 'csv'], '--run-format', 'auto', usage);
  const optimize = readOptimizeArgs(values, positionals, method, output);
  checkStdinOnce(inputs.map(({ path }) => path), usage);
  if (output !== undefined) checkOutput(output, inputs, 'the fused run', usage);
  return {
    runs: positionals,
    method,
    norm: oneOf(values.norm, FUSION_NORMS, '--norm', 'none', usage),
    k: values.k === undefined ? undefined : flagNumber('--k', values.k),
    weights,
    depth: values.depth === undefined ? undefined : flagNumber('--depth', values.depth),
    runFormat,
    format,
    runName,
    output,
    optimize,
  };
}

type TuningValues = { [K in keyof typeof TUNING_OPTIONS]?: (typeof TUNING_OPTIONS)[K] extends { multiple: true } ? string[] : string } & {
  k?: string | undefined;
  weights?: string | undefined;
  'run-format'?: string | undefined;
};
const SHARED_FLAGS = ['qrels-format', 'run-format', 'relevance-threshold', 'no-relevant', 'ties', 'checks', 'system-k', 'lengths', 'grade-column'] as const;

/** The `--optimize` flags, checked (undefined without --optimize, where each of them is refused). */
function readOptimizeArgs(values: TuningValues, runs: readonly string[], method: FusionMethod, output: string | undefined): OptimizeArgs | undefined {
  if (values.optimize === undefined) {
    const given = (Object.keys(TUNING_OPTIONS) as (keyof typeof TUNING_OPTIONS)[]).find((key) => values[key] !== undefined);
    if (given !== undefined) throw usage(`--${given} applies to --optimize, which is not given`);
    return undefined;
  }
  if (method !== 'wsum' && method !== 'rrf') throw usage(`--optimize tunes wsum's weights or rrf's k; --method ${method} has no parameter to tune`);
  if (values.weights !== undefined || values.k !== undefined) {
    throw usage(`--${values.weights !== undefined ? 'weights' : 'k'} with --optimize: the ${values.weights !== undefined ? 'weights are' : 'k is'} what --optimize chooses (--grid lists the ones to try)`);
  }
  if (values.qrels === undefined) throw usage('--optimize needs the golden set to measure on: --qrels GOLDEN');
  if (runs.length < 2) throw usage(`--optimize fuses two runs or more; got ${runs.length}`);
  // The flags fuse shares with eval (but -m, which --optimize takes the place of, and --format, the run's here).
  const sharedValues = Object.fromEntries(SHARED_FLAGS.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]));
  const shared = readSharedArgs({ ...sharedValues, measure: [values.optimize] } as Parameters<typeof readSharedArgs>[0], usage, [], '--optimize');
  if (shared.measures.length !== 1) throw usage(`--optimize takes one measure; '${values.optimize}' names ${shared.measures.length} (${shared.measures.join(', ')})`);
  const measure = shared.measures[0]!;
  if (parseMeasure(measure).definition.aggregate !== 'mean') {
    throw usage(`--optimize ${values.optimize}: its run figure is not a mean of per-query values (a sum or a geometric mean), which the cross-validation and the paired test average`);
  }

  if (method === 'rrf' && values.step !== undefined) throw usage("--step is wsum's (a step of the weights); rrf's k values are listed with --grid");
  if (method === 'rrf' && values.trials !== undefined) throw usage("--trials is wsum's (random weight vectors); rrf's k values are listed with --grid");
  const searches = (['step', 'grid', 'trials'] as const).filter((key) => values[key] !== undefined);
  if (searches.length > 1) throw usage(`--${searches[0]} and --${searches[1]}: give one of --step, --grid and --trials`);
  let grid: OptimizeArgs['grid'];
  if (values.step !== undefined) grid = flagNumber('--step', values.step);
  else if (values.grid !== undefined && method === 'rrf') grid = values.grid.flatMap((list) => list.split(',')).map((text) => flagNumber('--grid', text));
  else if (values.grid !== undefined) {
    grid = values.grid.map((vector) => {
      const weights = vector.split(',').map((text) => flagNumber('--grid', text));
      if (weights.length !== runs.length) throw usage(`--grid ${vector} gives ${weights.length} weight${weights.length === 1 ? '' : 's'} for ${runs.length} runs; give one per run, in the runs' order`);
      return weights;
    });
  }
  const reportFormat = oneOf(values['report-format'], REPORT_FORMATS, '--report-format', 'table', usage);
  if (reportFormat === 'json' && output === undefined) throw usage('--report-format json needs -o OUT: without it the fused run takes standard output, and the report would go to standard error among the warnings');
  return {
    ...shared,
    measure,
    qrels: values.qrels,
    names: runNames(runs, values.names, usage),
    grid,
    trials: flagInteger('--trials', values.trials, 1, MAX_SETTINGS),
    folds: flagInteger('--folds', values.folds, 1),
    seed: flagInteger('--seed', values.seed, 0, 2 ** 32 - 1) ?? 42,
    test: oneOf(values.test, SIGNIFICANCE_TESTS, '--test', 't', usage),
    reportFormat,
  };
}

const unscored = (path: string, qid: string): CliError =>
  new CliError(`${inputName(path)}: query ${JSON.stringify(qid)} is ranked without scores (a list of ids, or ranks); fusion needs each document's score`, INPUT_ERROR);

/** A run's rankings as fuse() takes them, `{id, score}` lists; a query ranked without scores is an input error. */
function scoredRankings(path: string, run: Run): FusionRun {
  // A list of ids (JSON, JSONL) or a rank column (CSV) gives no scores: such a query is not in `scored`.
  const rankings = new Map<string, ScoredDocument[]>();
  for (const [qid, ids] of run.rankings) {
    const scored = run.scored.get(qid);
    if (scored === undefined) {
      if (ids.length === 0) {
        rankings.set(qid, []);
        continue;
      }
      throw unscored(path, qid);
    }
    rankings.set(qid, scored.ids.map((id, i) => ({ id, score: scored.scores[i]! })));
  }
  return rankings;
}

// fuse()'s option names, as the command line spells them.
const FLAGS: Readonly<Record<string, string>> = { method: '--method', norm: '--norm', k: '--k', weights: '--weights', depth: '--depth' };

/** Runs `rankeval fuse`; returns the exit status. */
export async function runFuse(argv: readonly string[], io: Io): Promise<number> {
  const args = parseFuseArgs(argv);
  if (args === 'help') {
    io.stdout.write(fuseUsage);
    return 0;
  }
  if (args.optimize !== undefined) return runOptimizedFuse(args, args.optimize, io);
  const runs: FusionRun[] = [];
  for (const path of args.runs) runs.push(scoredRankings(path, await loadRun(path, args.runFormat, io.stderr)));
  await writeFusedRun(args, fuseOrFail(runs, { k: args.k, weights: args.weights }, args), io, runs);
  return 0;
}

/** fuse() with the flags' options; a bad option is a usage error naming the flag, anything else the runs'. */
function fuseOrFail(runs: readonly FusionRun[] | ReadonlyMap<string, FusionRun>, setting: { k?: number | undefined; weights?: readonly number[] | undefined }, args: FuseArgs): Map<string, ScoredDocument[]> {
  try {
    return fuse(runs, {
      method: args.method,
      norm: args.norm,
      ...(setting.k === undefined ? {} : { k: setting.k }),
      ...(setting.weights === undefined ? {} : { weights: setting.weights }),
      ...(args.depth === undefined ? {} : { depth: args.depth }),
    });
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    const message = error.message.replace(/^fuse: /, '').replace(/`(\w+)`/g, (whole, name: string) => FLAGS[name] ?? whole);
    // A bad option is the command line's; anything else is in the runs.
    throw error.code === 'invalid_option' ? usage(message) : new CliError(message, INPUT_ERROR);
  }
}

/** The fused run written as the flags say: to -o OUT (replaced whole) or standard output. */
async function writeFusedRun(args: FuseArgs, fused: Map<string, ScoredDocument[]>, io: Io, read: readonly FusionRun[]): Promise<void> {
  let text: string;
  try {
    text = writeRun(fused, args.format === 'trec' ? { format: 'trec', runName: args.runName } : { format: 'jsonl' });
  } catch (error) {
    // An id the format cannot hold (a JSONL query id with a space, written as TREC).
    if (isRankevalError(error)) throw new CliError(`cannot write the fused run as ${args.format}: ${error.message.replace(/^writeRun: /, '')}${idSource(error.received, args, read)}`, INPUT_ERROR);
    throw error;
  }
  if (args.output === undefined) io.stdout.write(text);
  else await writeOutput(args.output, text);
}


/** Which run (file) gives the id the fused run could not hold: the first holding it as a query or document id. */
function idSource(id: unknown, args: FuseArgs, read: readonly FusionRun[]): string {
  const holds = (run: FusionRun): boolean => {
    const queries: Iterable<[string, readonly ScoredDocument[]]> = run instanceof Map ? run : Object.entries(run);
    for (const [qid, ranking] of queries) if (qid === id || ranking.some((document) => document.id === id)) return true;
    return false;
  };
  const index = read.findIndex(holds);
  return index === -1 ? '' : ` (an id of ${args.runs[index]}; --format jsonl holds any id)`;
}

// optimizeFusion's option names, as the command line spells them.
const TUNING_FLAGS: Readonly<Record<string, string>> = { ...FLAGS, measure: '--optimize', grid: '--grid', trials: '--trials', folds: '--folds', seed: '--seed' };

/**
 * `rankeval fuse … --optimize MEASURE --qrels GOLDEN`: optimizeFusion on the files, the runs fused with its
 * best setting written as without --optimize, and the report (with compare()'s paired test of the
 * out-of-fold fused run against the best run alone) on standard output when -o takes the run, else on
 * standard error.
 */
async function runOptimizedFuse(args: FuseArgs, tuning: OptimizeArgs, io: Io): Promise<number> {
  // The golden set is a flag here, not the first file: the hint about swapped files says so.
  const { golden, runs: read } = await loadGoldenSetAnd(tuning.qrels, args.runs, tuning, io.stderr, 'the golden set is --qrels GOLDEN, the runs RUN RUN …', async (path) =>
    scoredRankings(path, await loadRun(path, args.runFormat, io.stderr)),
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
    throw blameTuning(error, args, tuning, () => {
      // A failed check (--checks error) is about a run: the first that fails it alone, else the fused one.
      const culprit = args.runs.findIndex((_, i) => {
        try {
          evaluateRun(read[i]!, golden.qrels, { ...scoring, measures: [tuning.measure] });
          return false;
        } catch {
          return true;
        }
      });
      return culprit === -1 ? undefined : args.runs[culprit];
    });
  }

  let comparison: Comparison;
  try {
    comparison = compare(result.comparable, golden.qrels, { measures: [tuning.measure], test: tuning.test, seed: tuning.seed, ...scoring });
  } catch (error) {
    throw blameScoring(error, tuning.qrels, args.runs[0]!);
  }
  // compare() scores the same runs again: its warnings are optimizeFusion's, said once.
  const warnings = [...new Set([...result.warnings, ...comparison.warnings])];
  for (const warning of warnings) io.stderr.write(`rankeval fuse: warning: ${messageText(warning)}\n`);

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
 * failed check names the run's file (`culprit`), anything else is about the golden set.
 */
function blameTuning(error: unknown, args: FuseArgs, tuning: OptimizeArgs, culprit: () => string | undefined): unknown {
  if (!isRankevalError(error)) return error;
  // A measure that needs what the golden set lacks (lengths, aspects) is about the golden set, as in rankeval eval.
  if (error.code === 'invalid_option' && !/`(lengths|aspects)`/.test(error.message)) {
    const message = error.message
      .replace(/^\w+: /, '')
      .replace('the step of `grid`', '--step')
      .replace(/`(\w+)`/g, (whole, name: string) => TUNING_FLAGS[name] ?? whole);
    // Too many folds for the queries, where --folds was not given: its default is what is too large.
    return usage(tuning.folds === undefined && message.includes('--folds') ? `${message}; --folds is 5 when not given: give --folds with fewer` : message);
  }
  if (CHECK_CODES.includes(error.code)) {
    const run = culprit();
    // optimizeFusion's message names the fused run already.
    if (run === undefined) return new CliError(error.message.replace(/^\w+: /, ''), INPUT_ERROR);
    return blameScoring(error, tuning.qrels, run);
  }
  return blameScoring(error, tuning.qrels, args.runs[0]!);
}
