// `rankeval fuse RUN RUN … --method rrf [-o OUT]`: runs fused into one (hybrid search), written as a run file
// that `rankeval eval`, `compare` and `report` read like any other.
import { dirname, resolve } from 'node:path';
import { statSync } from 'node:fs';
import { isRankevalError } from '../errors.js';
import { fuse, type FusionMethod, type FusionNorm, type FusionRun } from '../fusion.js';
import type { Run, RunFormat } from '../formats/run.js';
import { writeRun } from '../formats/write-run.js';
import type { ScoredDocument } from '../types.js';
import type { Io } from './eval.js';
import { checkStdinOnce, INPUT_ERROR, inputName, loadRun, STDIN } from './files.js';
import { decimalNumber, oneOf, parseCommandArgs, usageError } from './options.js';
import { writeReport } from './report.js';
import { CliError } from './trec.js';

export const fuseUsage = `Usage: rankeval fuse RUN RUN … --method M [--norm N] [--k K] [--weights W,W,…] [-o OUT] [flags]

Fuses runs into one, query by query (hybrid search: a lexical and a dense run, say), with the library's
fuse(), and writes the fused run, which rankeval eval, compare and report read like any other.

Files:
  RUN …                    the runs (TREC, JSONL, JSON or CSV, with a score for every document)
  --run-format F           force their format: trec, jsonl, json, csv (default: found from each file)

Fusion:
  --method M               rrf, combsum, combmnz, combmax, combmin, combmed, combanz, wsum, isr, log_isr,
                           bordafuse (required)
  --norm N                 each run's scores rescaled per query before a score-based method combines them:
                           min-max, max, sum, zmuv, rank, borda or none (default none; rank-based methods
                           take none only)
  --k K                    RRF's constant: a document at rank r adds 1 / (K + r) (default 60; rrf only)
  --weights W,W,…          wsum's weights, one per run in the runs' order, e.g. --weights 0.3,0.7 (wsum only)
  --depth D                keep each run's top D documents of a query (default: all of them)

Output:
  -o, --output OUT         where to write the fused run (default, or -o -: standard output); a regular
                           file is replaced whole (written beside it, then renamed over it)
  --format F               trec (default: qid Q0 doc rank score name) or jsonl
  --run-name NAME          the TREC run's name, its last column (default fused)

A document a run leaves out adds nothing to that run's term (but under borda and bordafuse); a query a run
leaves out is fused from the others; ties in the fused scores are broken by id descending, as trec_eval
breaks them. The formulas and rules are in the README (Hybrid search: rank fusion).

Exit status: 0 done, 2 bad arguments, 3 a file cannot be read or is malformed (a run without scores), or
the output cannot be written.
`;

const usage = usageError('fuse');

const METHODS: readonly FusionMethod[] = ['rrf', 'combsum', 'combmnz', 'combmax', 'combmin', 'combmed', 'combanz', 'wsum', 'isr', 'log_isr', 'bordafuse'];
const NORMS: readonly FusionNorm[] = ['min-max', 'max', 'sum', 'zmuv', 'rank', 'borda', 'none'];
const WRITE_FORMATS = ['trec', 'jsonl'] as const;
const WHITESPACE = /\s/;

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
}

/** A flag's number: decimal and finite, or a usage error naming the flag (fuse() checks the range). */
function flagNumber(flag: string, text: string): number {
  const value = decimalNumber(text);
  if (!Number.isFinite(value)) throw usage(`${flag} takes a decimal number; got '${text}'`);
  return value;
}

export function parseFuseArgs(args: readonly string[]): FuseArgs | 'help' {
  const { values, positionals } = parseCommandArgs(
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
      output: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
    usage,
  );
  if (values.help) return 'help';
  if (positionals.length === 0) throw usage('expected the runs to fuse (RUN RUN …)');
  checkStdinOnce(positionals, usage);
  if (values.method === undefined) throw usage(`--method is required: one of ${METHODS.join(', ')}`);
  const method = oneOf(values.method, METHODS, '--method', 'rrf', usage);
  const weights = values.weights?.split(',').map((text) => flagNumber('--weights', text));
  if (weights !== undefined && weights.length !== positionals.length) {
    throw usage(`--weights gives ${weights.length} weight${weights.length === 1 ? '' : 's'} for ${positionals.length} run${positionals.length === 1 ? '' : 's'}; give one per run, in the runs' order`);
  }
  const format = oneOf(values.format, WRITE_FORMATS, '--format', 'trec', usage);
  const runName = values['run-name'] ?? 'fused';
  if (runName === '' || WHITESPACE.test(runName)) throw usage(`--run-name takes a name without whitespace (a TREC field); got '${runName}'`);
  if (values['run-name'] !== undefined && format !== 'trec') throw usage('--run-name names a TREC run; JSONL has no place for it');
  const output = values.output === undefined || values.output === STDIN ? undefined : values.output;
  if (output !== undefined) {
    refuseInputAsOutput(output, positionals);
    checkOutput(output);
  }
  return {
    runs: positionals,
    method,
    norm: oneOf(values.norm, NORMS, '--norm', 'none', usage),
    k: values.k === undefined ? undefined : flagNumber('--k', values.k),
    weights,
    depth: values.depth === undefined ? undefined : flagNumber('--depth', values.depth),
    runFormat: oneOf(values['run-format'], ['auto', 'trec', 'jsonl', 'json', 'csv'], '--run-format', 'auto', usage),
    format,
    runName,
    output,
  };
}

/** -o naming a run (the same path, or a link to the same file) would overwrite it. */
function refuseInputAsOutput(output: string, inputs: readonly string[]): void {
  const identity = (path: string): string | undefined => {
    try {
      const stats = statSync(path);
      return `${stats.dev}:${stats.ino}`;
    } catch {
      return undefined;
    }
  };
  const outputIdentity = identity(output);
  for (const input of inputs) {
    if (input === STDIN) continue;
    if (resolve(input) === resolve(output) || (outputIdentity !== undefined && identity(input) === outputIdentity)) {
      throw usage(`-o ${output} is one of the runs; the fused run would overwrite it`);
    }
  }
}

/**
 * Where -o writes, checked before any run is read: a directory is a usage error, and a missing directory
 * is named (the output cannot be written) rather than the temporary file that would be opened in it.
 */
function checkOutput(output: string): void {
  const kind = (path: string): 'directory' | 'other' | undefined => {
    try {
      return statSync(path).isDirectory() ? 'directory' : 'other';
    } catch {
      return undefined;
    }
  };
  if (kind(output) === 'directory') throw usage(`-o ${output} is a directory; give the fused run's file name`);
  const directory = dirname(resolve(output));
  if (kind(output) === undefined && kind(directory) !== 'directory') {
    throw new CliError(`cannot write ${output}: the directory ${dirname(output)} does not exist`, INPUT_ERROR);
  }
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
  const runs: FusionRun[] = [];
  for (const path of args.runs) runs.push(scoredRankings(path, await loadRun(path, args.runFormat, io.stderr)));

  let fused;
  try {
    fused = fuse(runs, {
      method: args.method,
      norm: args.norm,
      ...(args.k === undefined ? {} : { k: args.k }),
      ...(args.weights === undefined ? {} : { weights: args.weights }),
      ...(args.depth === undefined ? {} : { depth: args.depth }),
    });
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    const message = error.message.replace(/^fuse: /, '').replace(/`(\w+)`/g, (whole, name: string) => FLAGS[name] ?? whole);
    // A bad option is the command line's; anything else is in the runs.
    throw error.code === 'invalid_option' ? usage(message) : new CliError(message, INPUT_ERROR);
  }

  let text: string;
  try {
    text = writeRun(fused, args.format === 'trec' ? { format: 'trec', runName: args.runName } : { format: 'jsonl' });
  } catch (error) {
    // An id the format cannot hold (a JSONL query id with a space, written as TREC).
    if (isRankevalError(error)) throw new CliError(`cannot write the fused run as ${args.format}: ${error.message.replace(/^writeRun: /, '')}`, INPUT_ERROR);
    throw error;
  }
  if (args.output === undefined) io.stdout.write(text);
  else writeReport(args.output, text);
  return 0;
}
