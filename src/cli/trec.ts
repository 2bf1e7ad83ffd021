// `rankeval trec [flags] QRELS RUN`: a drop-in for `trec_eval [flags] QRELS RUN`.
import { isRankevalError } from '../core/errors.js';
import { createTrecEvaluation, RunNotGrouped, type RelFormat, type TrecEvalOptions, type TrecEvaluation } from '../trec/evaluate.js';
import { trecMeasures } from '../measures/trec-table.js';
import { createPreferencesEvaluation } from '../trec/preferences.js';
import { parsePrefs } from '../formats/trec-prefs.js';
import { parseZScores, type ZScores } from '../trec/zscores.js';
import { appendBlock, createRunReader, parseQrels, parseQrelsJg, type RepeatWatch, type RunBlock } from '../formats/trec-bytes.js';
import { RunTooLarge } from '../formats/run-limits.js';
import { createJudgesEvaluation } from '../trec/judges.js';
import { lineTooLong, MAX_LINE_BYTES } from '../formats/lines.js';
import { CliError } from './shared/command.js';
import { parseTrecArgs } from './trec-args.js';
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
  -R FORMAT      the format of QRELS: qrels (default); qrels_jg (several judges: qid ujg docno rel
                 lines; its measures, group qrels_jg, average map, P or Rprec_mult over the judgment groups);
                 prefs, preference judgments (lines: qid ujg ujsubg docno rel_level: judgment groups,
                 sub-groups, levels, higher preferred); qrels_prefs, a qrels file read as preferences (its
                 iter field the judgment group)
  -T FORMAT      the format of RUN: trec_results (the only one, as in trec_eval)
  -D N           trec_eval's debug output: not reproduced (refused with a message)
  -m MEASURE     a measure or group, with parameters after a dot (repeatable):
                 -m P.5,10  -m ndcg_cut.10  -m set_F.0.25  -m ndcg.0=0,1=1,2=3  -m all_trec
  --trec-eval V  reproduce trec_eval 9 (9.0.8, the default) or 10 (10.0): 10 adds rbp, rbp_resid and unj
                 to all_trec, rounds recall points, reads # comment lines, needs -c when a judged
                 query has no results and then scores it on a stand-in ranking
  -h, --help     this help

The long names of trec_eval work too: --query_eval_wanted, --complete_rel_info_wanted, --level_for_rel,
--Max_retrieved_per_topic, --Number_docs_in_coll, --nosummary, --Judged_docs_only, --Zscore,
--Rel_info_format, --Results_format, --measure (--measure=P.5 or --measure P.5), as do their unambiguous
beginnings (--meas, --query), as getopt_long takes them; -o (--Output_old_results_format), obsolete in
trec_eval, is read and ignored.

Groups: official (default), set, all_trec, qrels_jg (with -R qrels_jg); with -R prefs or qrels_prefs,
all_prefs (the 14 preference measures) and prefs (the first six of them). rbp, rbp_resid and unj (from
trec_eval 10) can be asked for with -m in either mode; yaap, as in trec_eval, is in no group: ask for it
by name.

Measures:
${trecMeasures.map((measure) => `  ${measure.name.padEnd(22)} ${measure.summary}`).join('\n')}
`;

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

/** trec_eval's status where it aborts (a cycle of preferences in a judgment group): 128 + SIGABRT. */
const ABORTED = 134;

/** A run's bytes, chunk by chunk, as often as asked: read again from a file, kept in memory from a pipe. */
type RunSource = () => Iterable<Uint8Array>;

/** Starts an evaluation, once or again when a run must be read twice (its queries not contiguous). */
type EvaluationFactory = () => TrecEvaluation;

/** How each -R format's file is read, as bytes, into what evaluates a run against it. */
type RelReader = (bytes: Uint8Array, name: string, runName: string, options: TrecEvalOptions) => EvaluationFactory;

function qrelsEvaluation(bytes: Uint8Array, name: string, runName: string, options: TrecEvalOptions): EvaluationFactory {
  const qrels = failAs(2, () => parseQrels(bytes, name, options.version === 10));
  return () => failAs(1, () => createTrecEvaluation(qrels, runName, options));
}

function judgesEvaluation(bytes: Uint8Array, name: string, runName: string, options: TrecEvalOptions): EvaluationFactory {
  const qrels = failAs(2, () => parseQrelsJg(bytes, name, options.version === 10));
  return () => failAs(1, () => createJudgesEvaluation(qrels, runName, options));
}

/** A preferences file (-R prefs), or a qrels file read as one (-R qrels_prefs). */
function prefsEvaluation(layout: 'prefs' | 'qrels'): RelReader {
  return (bytes, name, runName, options) => {
    const prefs = failAs(2, () => parsePrefs(bytes, name, { layout, comments: options.version === 10, singlePrecision: options.version === 9 }));
    return () => failAs(1, () => createPreferencesEvaluation(prefs, runName, options));
  };
}

/** The -R formats rankeval trec reads. */
const REL_READERS: Readonly<Record<RelFormat, RelReader>> = {
  qrels: qrelsEvaluation,
  qrels_jg: judgesEvaluation,
  prefs: prefsEvaluation('prefs'),
  qrels_prefs: prefsEvaluation('qrels'),
};

/** -R and -T, checked as trec_eval checks them once it has its two files (its status 2). */
function relFormatOf(relFormat: string, resultsFormat: string): RelFormat {
  if (!Object.hasOwn(REL_READERS, relFormat)) throw new CliError(`unknown -R format '${relFormat}' (rankeval trec reads ${Object.keys(REL_READERS).join(', ')})`, 2);
  if (resultsFormat !== 'trec_results') throw new CliError(`unknown -T format '${resultsFormat}' (rankeval trec reads trec_results)`, 2);
  return relFormat as RelFormat;
}

/** Streams the run through the evaluation; a run whose queries are not contiguous is read again, collected. */
function evaluateRunFile(relPath: string, runPath: string, options: TrecEvalOptions, zscoresPath: string | undefined): string {
  const comments = options.version === 10;
  const runName = inputName(runPath);
  const relBytes = readWhole(openInput(relPath, 2), MAX_QRELS_BYTES, 'the most a qrels file may hold');
  const start = REL_READERS[options.relFormat](relBytes, inputName(relPath), runName, options);
  const evaluation = start();
  const run = openInput(runPath, 2, CHUNK);
  // The run reader copies what it keeps of a chunk: one buffer serves a regular file's every read.
  const source: RunSource = () => run.chunks(true);
  try {
    return readRun(source, runName, comments, (block) => evaluation.addBlock(block), (runId) => evaluation.finish(runId, readZScores(zscoresPath)), evaluation.watch);
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
      const collected = start();
      for (const block of kept.values()) failAs(4, () => collected.addBlock(block));
      return collected.finish(runId, readZScores(zscoresPath));
    },
  );
}

function readRun(source: RunSource, name: string, comments: boolean, onBlock: (block: RunBlock) => void, finish: (runId: string) => string, watch?: RepeatWatch): string {
  let evaluating = false;
  // A repeat refused as it is read is the evaluation's error (status 4), as when its block is evaluated.
  const evaluated: RepeatWatch | undefined = watch && {
    watches: (block) => watch.watches(block),
    repeated: (block, first, second) => {
      evaluating = true;
      return watch.repeated(block, first, second);
    },
  };
  const reader = createRunReader(
    name,
    (block) => {
      evaluating = true;
      onBlock(block);
      evaluating = false;
    },
    { comments, lineLimit: { maxBytes: MAX_LINE_BYTES, refuse: (line) => lineTooLong(name, line) }, watch: evaluated, trecEval: true },
  );
  try {
    for (const chunk of source()) reader.push(chunk, false);
    reader.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof RunNotGrouped) throw error;
    // Past MAX_RUN_QUERIES or MAX_QUERY_RESULTS, the run is too large to read, as a line past MAX_LINE_BYTES is (status 2).
    throw readFailure(name, error, evaluating && isRankevalError(error) && !(error instanceof RunTooLarge) ? 4 : 2);
  }
  try {
    return finish(reader.runId());
  } catch (error) {
    if (isRankevalError(error)) throw new CliError(cliMessage(error, { withFunction: true }), error.code === 'no_queries' ? 7 : error.code === 'preference_cycle' ? ABORTED : 4);
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
  const { options, files, help, zscores, relFormat, resultsFormat } = parseTrecArgs(args);
  if (help) return { stdout: trecUsage, status: 0 };
  if (files.length !== 2) throw new CliError(`expected QRELS and RUN files, got ${files.length} file${files.length === 1 ? '' : 's'} (see rankeval trec --help)`, 1);
  if (files[0] === STDIN && files[1] === STDIN) throw new CliError('only one of QRELS and RUN can be - (standard input)', 1);
  const format = relFormatOf(relFormat, resultsFormat);
  return { stdout: evaluateRunFile(files[0]!, files[1]!, { ...options, relFormat: format }, zscores), status: 0 };
}
