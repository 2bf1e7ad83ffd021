// `rankeval trec`'s flags, read as trec_eval reads its own: getopt's letters, grouped or with attached
// values, and getopt_long's long names and their unambiguous beginnings.
import { atol } from '../core/c-numbers.js';
import { closest } from '../core/suggest.js';
import type { TrecEvalOptions } from '../trec/evaluate.js';
import { CliError } from './shared/command.js';

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
  Rel_info_format: 'R',
  Results_format: 'T',
  Debug_level: 'D',
  Output_old_results_format: 'o',
};

// The rest of trec_eval's table (its version flag): a prefix is read against the whole
// table, as getopt_long reads it, so that `--Re` is ambiguous here as it is there.
const OTHER_LONG_FLAGS = ['version'];
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

export interface ParsedArgs {
  readonly options: Omit<TrecEvalOptions, 'relFormat'>;
  readonly files: readonly string[];
  readonly help: boolean;
  /** -Z: the z-scores file. */
  readonly zscores: string | undefined;
  /** -R and -T as given: checked once the files are known to be there, as trec_eval checks them. */
  readonly relFormat: string;
  readonly resultsFormat: string;
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
  /** -R: the format of the relevance file. */
  relFormat: string;
  /** -T: the format of the run file. */
  resultsFormat: string;
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
    case 'R':
      if (value === undefined) throw new CliError('option -R needs a format of the relevance file', 1);
      flags.relFormat = value;
      break;
    case 'T':
      if (value === undefined) throw new CliError('option -T needs a format of the run file', 1);
      flags.resultsFormat = value;
      break;
    case 'o':
      // trec_eval's obsolete old-output flag, which it reads and ignores.
      break;
    case 'D':
      throw new CliError("option -D (trec_eval's debug output) is not reproduced by rankeval trec", 1);
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

/** The letters that take a value (-D's is never read: the flag is refused). */
const TAKES_VALUE = 'mlMNZRTD';

/** getopt-style: `-q -c`, `-qc`, `-m P.5`, `-mP.5`, `-l2`. */
export function parseTrecArgs(args: readonly string[]): ParsedArgs {
  const flags: Flags = { perQuery: false, complete: false, summary: true, help: false, relevanceLevel: 1, maxDocs: Infinity, numDocsInColl: 0, judgedOnly: false, zscores: undefined, relFormat: 'qrels', resultsFormat: 'trec_results', measures: [], version: 9 };
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
      // trec_eval's long form of -o takes a value, which its letter does not.
      const takesValue = TAKES_VALUE.includes(flag) || long === 'Output_old_results_format';
      if (!takesValue && equals !== -1) throw new CliError(`option --${long} takes no value (see rankeval trec --help)`, 1);
      const value = !takesValue ? undefined : equals === -1 ? args[++i] : arg.slice(equals + 1);
      if (takesValue && value === undefined && flag === 'o') throw new CliError(`option --${long} needs a value`, 1);
      applyFlag(flags, flag, value);
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
  const { help, zscores, relFormat, resultsFormat, ...options } = flags;
  return { options, files, help, zscores, relFormat, resultsFormat };
}

