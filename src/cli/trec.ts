// `rankeval trec [flags] QRELS RUN`: a drop-in for `trec_eval [flags] QRELS RUN`.
import { isRankevalError } from '../core/errors.js';
import { createTrecEvaluation, RunNotGrouped, type TrecEvalOptions } from '../trec/evaluate.js';
import { atol } from '../core/c-numbers.js';
import { trecMeasures } from '../measures/trec-table.js';
import { parseZScores, type ZScores } from '../trec/zscores.js';
import { appendBlock, createRunReader, parseQrels, type RunBlock } from '../formats/trec-bytes.js';
import { closest } from '../core/suggest.js';
import { lineTooLong, MAX_LINE_BYTES } from '../formats/lines.js';
import { CliError } from './shared/command.js';
import { cliMessage } from './shared/wording.js';
import { inputName, openInput, readFailure, readWhole, STDIN } from './shared/input.js';

const CHUNK = 1 << 22;

export const trecUsage = `Usage: rankeval trec [flags] QRELS RUN

A drop-in for trec_eval 9.0.8: the same measures, numbers and output bytes.

Flags:
  -q             print the measures of every query, then the summary
  -c             average over every query of the qrels (0 for queries without results)
  -l N           lowest grade that counts as relevant (default 1); as in trec_eval, the ranked measures
                 (P, recall, map, …) count a retrieved document absent from the qrels as relevant at
                 -l -1, and one with a negative grade at -l -2 (map can then pass 1)
  -M N           read only the top N documents of each query (N ≥ 0)
  -N N           documents in the collection (for utility)
                 -l, -M and -N are read as trec_eval reads them, by C's atol: 1.5 is 1, abc is 0
  -n             no summary lines
  -J             judged documents only: leave out every retrieved document the qrels do not grade
                 (absent, or a negative grade) and move the others up (the condensed list)
  -Z FILE        print every value as a z-score, (value - mean) / stddev, with the mean and standard
                 deviation of its query and measure from FILE (lines: qid measure mean stddev);
                 -1000000 where FILE has none, or a 0 deviation and a value off the mean
  -m MEASURE     a measure or group, with parameters after a dot (repeatable):
                 -m P.5,10  -m ndcg_cut.10  -m set_F.0.25  -m ndcg.0=0,1=1,2=3  -m all_trec
  --trec-eval V  reproduce trec_eval 9 (9.0.8, the default) or 10 (10.0): 10 adds rbp, rbp_resid and unj
                 to all_trec, rounds recall points, reads # comment lines, needs -c when a judged
                 query has no results and then scores it on a stand-in ranking
  -h, --help     this help

The long names of trec_eval work too: --query_eval_wanted, --complete_rel_info_wanted, --level_for_rel,
--Max_retrieved_per_topic, --Number_docs_in_coll, --nosummary, --measure (--measure=P.5 or --measure P.5),
as do their unambiguous beginnings (--meas, --query), as getopt_long takes them.

Groups: official (default), set, all_trec. rbp, rbp_resid and unj (from trec_eval 10) can be asked for
with -m in either mode; yaap, as in trec_eval, is in no group: ask for it by name.

Measures:
${trecMeasures.map((measure) => `  ${measure.name.padEnd(22)} ${measure.summary}`).join('\n')}
`;

/** trec_eval's long names of the flags rankeval trec takes (getopt_long's table in trec_eval.c). */
const LONG_FLAGS: Readonly<Record<string, string>> = {
  query_eval_wanted: 'q',
  measure: 'm',
  complete_rel_info_wanted: 'c',
  level_for_rel: 'l',
  nosummary: 'n',
  Judged_docs_only: 'J',
  Zscore: 'Z',
  Number_docs_in_coll: 'N',
  Max_retrieved_per_topic: 'M',
};

// The rest of trec_eval's table, which rankeval trec does not take: a prefix is read against the whole
// table, as getopt_long reads it, so that `--Re` is ambiguous here as it is there.
const OTHER_LONG_FLAGS = ['version', 'Debug_level', 'Rel_info_format', 'Results_format', 'Output_old_results_format'];
const LONG_NAMES = ['help', 'trec-eval', ...Object.keys(LONG_FLAGS), ...OTHER_LONG_FLAGS];

/**
 * The long flag a name stands for: itself, or the one flag it is a prefix of (getopt_long's abbreviations,
 * `--meas` for `--measure`); a name that is a prefix of several is refused with them, as trec_eval's status 1.
 */
function longName(name: string): string {
  if (LONG_NAMES.includes(name)) return name;
  const candidates = name === '' ? [] : LONG_NAMES.filter((candidate) => candidate.startsWith(name));
  if (candidates.length > 1) throw new CliError(`option --${name} is ambiguous: ${candidates.map((candidate) => `--${candidate}`).join(', ')} (see rankeval trec --help)`, 1);
  return candidates[0] ?? name;
}

/** `--meausre`: named, with the closest flag rankeval trec knows, as trec_eval's exit status 1. */
function unknownLongFlag(arg: string): CliError {
  const name = arg.slice(2).split('=')[0]!;
  const suggestion = closest(name, ['help', 'trec-eval', ...Object.keys(LONG_FLAGS)]);
  // trec_eval's --version (-v) prints its version; rankeval's is rankeval --version.
  const hint = name === 'version' ? '; the version is rankeval --version' : suggestion === undefined ? '' : `; did you mean --${suggestion}?`;
  return new CliError(`unknown option --${name}${hint} (see rankeval trec --help)`, 1);
}

/** `-v` is trec_eval's version flag; any other unknown letter is named. */
const unknownShortFlag = (flag: string): CliError =>
  new CliError(`unknown option -${flag}${flag === 'v' ? '; the version is rankeval --version' : ''} (see rankeval trec --help)`, 1);

interface ParsedArgs {
  readonly options: TrecEvalOptions;
  readonly files: readonly string[];
  readonly help: boolean;
  /** -Z: the z-scores file. */
  readonly zscores: string | undefined;
}

/** What the flags say, as they are read one by one. */
interface Flags {
  perQuery: boolean;
  complete: boolean;
  summary: boolean;
  help: boolean;
  relevanceLevel: number;
  maxDocs: number;
  numDocsInColl: number;
  judgedOnly: boolean;
  /** -Z: the z-scores file. */
  zscores: string | undefined;
  version: 9 | 10;
  readonly measures: string[];
}

// trec_eval reads -l, -M and -N with atol: `-l abc` is -l 0, `-l 1.5` is -l 1; only a missing value fails.
function integer(flag: string, text: string | undefined): number {
  if (text === undefined) throw new CliError(`option -${flag} needs a number, got nothing`, 1);
  return atol(text);
}

/** One of trec_eval's letters, with its value (`-m`, `-l`, `-M`, `-N`: undefined when none follows) or without. */
function applyFlag(flags: Flags, flag: string, value: string | undefined): void {
  switch (flag) {
    case 'q':
      flags.perQuery = true;
      break;
    case 'c':
      flags.complete = true;
      break;
    case 'n':
      flags.summary = false;
      break;
    case 'h':
      flags.help = true;
      break;
    case 'J':
      flags.judgedOnly = true;
      break;
    case 'Z':
      if (value === undefined) throw new CliError('option -Z needs a z-scores file', 1);
      flags.zscores = value;
      break;
    case 'm':
      if (value === undefined) throw new CliError('option -m needs a measure', 1);
      flags.measures.push(value);
      break;
    case 'l':
      flags.relevanceLevel = integer('l', value);
      break;
    case 'M':
      flags.maxDocs = integer('M', value);
      // trec_eval takes a negative -M as a negative count of documents, and crashes on it.
      if (flags.maxDocs < 0) throw new CliError(`option -M needs a number of documents, 0 or more, got '${value}'`, 1);
      break;
    case 'N':
      flags.numDocsInColl = integer('N', value);
      // trec_eval's utility adds -N to document counts in 64-bit integers (which wrap past 2^63); in doubles
      // the sums are exact, as there, while -N stays within ±2^52 (counts of documents are far below it).
      if (Math.abs(flags.numDocsInColl) > 2 ** 52) throw new CliError(`option -N needs a number of documents of at most 2^52 (4503599627370496), got '${value}'`, 1);
      break;
    default:
      throw unknownShortFlag(flag);
  }
}

/** The letters that take a value. */
const TAKES_VALUE = 'mlMNZ';

/** getopt-style: `-q -c`, `-qc`, `-m P.5`, `-mP.5`, `-l2`. */
export function parseTrecArgs(args: readonly string[]): ParsedArgs {
  const flags: Flags = { perQuery: false, complete: false, summary: true, help: false, relevanceLevel: 1, maxDocs: Infinity, numDocsInColl: 0, judgedOnly: false, zscores: undefined, measures: [], version: 9 };
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const equals = arg.indexOf('=');
    const long = arg.startsWith('--') && arg !== '--' ? longName(equals === -1 ? arg.slice(2) : arg.slice(2, equals)) : undefined;
    if (long === 'help') {
      if (equals !== -1) throw new CliError('option --help takes no value (see rankeval trec --help)', 1);
      flags.help = true;
    } else if (long === 'trec-eval') {
      const value = equals === -1 ? args[++i] : arg.slice(equals + 1);
      if (value !== '9' && value !== '10') throw new CliError(`--trec-eval takes 9 or 10, got ${value === undefined ? 'nothing' : `'${value}'`}`, 1);
      flags.version = value === '9' ? 9 : 10;
    } else if (arg === '--') {
      files.push(...args.slice(i + 1));
      break;
    } else if (!arg.startsWith('-') || arg === '-') files.push(arg);
    else if (long !== undefined) {
      // A long flag is its letter: `--measure P.5` and `--measure=P.5` as `-m P.5`.
      if (!Object.hasOwn(LONG_FLAGS, long)) throw unknownLongFlag(`--${long}`);
      const flag = LONG_FLAGS[long]!;
      const takesValue = TAKES_VALUE.includes(flag);
      if (!takesValue && equals !== -1) throw new CliError(`option --${long} takes no value (see rankeval trec --help)`, 1);
      applyFlag(flags, flag, !takesValue ? undefined : equals === -1 ? args[++i] : arg.slice(equals + 1));
    } else {
      for (let j = 1; j < arg.length; j++) {
        const flag = arg[j]!;
        if (TAKES_VALUE.includes(flag)) {
          applyFlag(flags, flag, j + 1 < arg.length ? arg.slice(j + 1) : args[++i]);
          break;
        }
        applyFlag(flags, flag, undefined);
      }
    }
  }
  const { help, zscores, ...options } = flags;
  return { options, files, help, zscores };
}

/** A qrels file is held whole, as trec_eval holds it: up to this size. */
const MAX_QRELS_BYTES = 512 * 1024 * 1024;

/** trec_eval's status when the -Z file cannot be read or has a malformed line (its main returns -1). */
const ZSCORES_STATUS = 255;

/** The -Z file, read once the run has been read, as trec_eval reads it after the qrels and the run. */
function readZScores(path: string | undefined): ZScores | undefined {
  if (path === undefined) return undefined;
  const name = inputName(path);
  const bytes = readWhole(openInput(path, ZSCORES_STATUS), MAX_QRELS_BYTES, 'the most a z-scores file may hold');
  return failAs(ZSCORES_STATUS, () => parseZScores(bytes, name));
}

/** A run's bytes, chunk by chunk, as often as asked: read again from a file, kept in memory from a pipe. */
type RunSource = () => Iterable<Uint8Array>;

/** Streams the run through the evaluation; a run whose queries are not contiguous is read again, collected. */
function evaluateRunFile(qrelsPath: string, runPath: string, options: TrecEvalOptions, zscoresPath: string | undefined): string {
  const comments = options.version === 10;
  const qrelsName = inputName(qrelsPath);
  const runName = inputName(runPath);
  const qrelsBytes = readWhole(openInput(qrelsPath, 2), MAX_QRELS_BYTES, 'the most a qrels file may hold');
  const qrels = failAs(2, () => parseQrels(qrelsBytes, qrelsName, comments));
  const evaluation = failAs(1, () => createTrecEvaluation(qrels, runName, options));
  const run = openInput(runPath, 2, CHUNK);
  // The run reader copies what it keeps of a chunk: one buffer serves a regular file's every read.
  const source: RunSource = () => run.chunks(true);
  try {
    return readRun(source, runName, comments, (block) => evaluation.addBlock(block), (runId) => evaluation.finish(runId, readZScores(zscoresPath)));
  } catch (error) {
    if (!(error instanceof RunNotGrouped)) throw error;
  }
  const kept = new Map<string, RunBlock>();
  return readRun(
    source,
    runName,
    comments,
    (block) => kept.set(block.qid, appendBlock(kept.get(block.qid), block)),
    (runId) => {
      const collected = failAs(1, () => createTrecEvaluation(qrels, runName, options));
      for (const block of kept.values()) failAs(4, () => collected.addBlock(block));
      return collected.finish(runId, readZScores(zscoresPath));
    },
  );
}

function readRun(source: RunSource, name: string, comments: boolean, onBlock: (block: RunBlock) => void, finish: (runId: string) => string): string {
  let evaluating = false;
  const reader = createRunReader(
    name,
    (block) => {
      evaluating = true;
      onBlock(block);
      evaluating = false;
    },
    comments,
    'atof',
    { maxBytes: MAX_LINE_BYTES, refuse: (line) => lineTooLong(name, line) },
  );
  try {
    for (const chunk of source()) reader.push(chunk, false);
    reader.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof RunNotGrouped) throw error;
    throw readFailure(name, error, evaluating && isRankevalError(error) ? 4 : 2);
  }
  try {
    return finish(reader.runId());
  } catch (error) {
    if (isRankevalError(error)) throw new CliError(cliMessage(error, { withFunction: true }), error.code === 'no_queries' ? 7 : 4);
    throw error;
  }
}

function failAs<T>(status: number, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (isRankevalError(error)) throw new CliError(cliMessage(error, { withFunction: true }), status);
    throw error;
  }
}

/** Runs `rankeval trec`; returns the bytes for stdout. */
export function runTrec(args: readonly string[]): { stdout: string; status: number } {
  const { options, files, help, zscores } = parseTrecArgs(args);
  if (help) return { stdout: trecUsage, status: 0 };
  if (files.length !== 2) throw new CliError(`expected QRELS and RUN files, got ${files.length} file${files.length === 1 ? '' : 's'} (see rankeval trec --help)`, 1);
  if (files[0] === STDIN && files[1] === STDIN) throw new CliError('only one of QRELS and RUN can be - (standard input)', 1);
  return { stdout: evaluateRunFile(files[0]!, files[1]!, options, zscores), status: 0 };
}
