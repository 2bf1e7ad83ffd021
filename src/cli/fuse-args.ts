// The flags of `rankeval fuse`, read and checked before any file is: the fusion's, the output's, and
// --optimize's (the tuning's, and those it shares with rankeval eval).
import { SIGNIFICANCE_TESTS, type SignificanceTest } from '../analysis/compare.js';
import { FUSION_METHODS, FUSION_NORMS, type FusionMethod, type FusionNorm } from '../fusion/options.js';
import { MAX_SETTINGS } from '../fusion/grid.js';
import type { OptimizeFusionOptions } from '../fusion/optimize.js';
import type { RunFormat } from '../formats/run.js';
import { parseMeasure } from '../measures/registry.js';
import { decimalNumber } from '../formats/columns.js';
import { inputFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { usageError } from './shared/command.js';
import { runNames } from './shared/comparison.js';
import { checkStdinOnce } from './shared/files.js';
import { readRunFormat, readSharedArgs, SCORING_OPTIONS, type SharedArgs } from './shared/options.js';
import { checkOutput, OUTPUT_OPTION, outputName } from './shared/output.js';

export const usage = usageError('fuse');

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
  // Fusion reads every run's scores highest first, and its fused scores rank so too.
  if (values['score-order'] !== undefined) throw usage('--score-order does not apply to fuse: the runs are fused by their scores, highest first (negate distances before fusing)');
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
  const runFormat = readRunFormat(values['run-format'], usage);
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

