// `rankeval pool RUN … [--depth K] [--qrels EXISTING] [-o POOL.jsonl]`: the documents to judge for a golden
// set, pooled from runs, written as a pool file, and its statistics.
import { isRankevalError } from '../core/errors.js';
import { pool, type Pool, type PoolOrder } from '../judging/pool.js';
import { poolStats } from '../judging/pool-stats.js';
import { poolLines } from '../formats/pool.js';
import type { GoldenSetFormat } from '../formats/golden-set.js';
import type { RunFormat } from '../formats/run.js';
import { renderPoolStats } from '../text/pool.js';
import { inputFlag, numberFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { CliError, INPUT_ERROR, type Io, usageError } from './shared/command.js';
import { runNames } from './shared/comparison.js';
import { checkStdinOnce, loadGoldenSet, loadRun } from './shared/files.js';
import { GRADE_COLUMN_HELP, OUTPUT_FORMATS, readGradeColumn, readQrelsFormat, readRunFormat } from './shared/options.js';
import { checkOutput, OUTPUT_OPTION, outputName, writeOutput } from './shared/output.js';
import { cliMessage } from './shared/wording.js';

export const poolUsage = `Usage: rankeval pool RUN … [--depth K] [--qrels EXISTING] [--order rank|rrf] [-o POOL.jsonl] [flags]

The documents to judge for a golden set, pooled as TREC pools them: for each query, the union of every
run's top K documents (in trec_eval's order), less those EXISTING judgments already hold, written as a
pool file — JSON Lines, one {"query_id", "doc_id"} pair a line, in the order to judge them — that
rankeval judge reads. A summary follows: the queries and pairs to judge, and for each run its Judged@K
(the share of its top K that the pool or the judgments hold) and the pairs only it brings. It goes to
standard output when -o POOL writes the pool, to standard error otherwise.

Files (format told from the content):
  RUN …                 the runs (TREC, JSONL, JSON or CSV); - is standard input (for one of them)
  --run-format F        force the runs' format: trec, jsonl, json, csv
  --names A,B,…         the runs' names in the summary (default: the file names without their extension)
  --qrels EXISTING      judgments already made (TREC, BEIR qrels, JSONL, JSON or CSV): every document they
                        list, whatever its grade, is left out of the pool
  --qrels-format F      force their format: trec, beir, jsonl, json, csv, trec-diversity
${GRADE_COLUMN_HELP}

Pool:
  --depth K             each run's top K documents of a query (default 10)
  --order O             the judging order of a query's documents: rank (default), the best rank any run
                        gives them, ties by id descending; or rrf, reciprocal-rank fusion of the runs
                        (k = 60), the documents most runs rank high first — for judging within a budget

Output:
  -o, --output POOL     where to write the pool (default, or -o -: standard output); a regular file is
                        replaced whole (written beside it, then renamed over it), never a file the command
                        reads, as rankeval report -o writes (see its --help)
  --judged-depth K      the depth the summary reads each run's Judged at (default: --depth, where a pool
                        covers the runs it was made from whole; deeper shows the holes that a measure
                        cut deeper, ndcg@20 on a pool of depth 10, would meet)
  --format F            the summary: table (default), markdown, json or csv
  -q, --per-query       the summary's row per query: its pairs, and the lowest Judged@K of a run there

A query some run lacks is pooled from the others; a query with nothing left to judge has no line (the
summary names it). The pooling guide: https://rankeval.github.io/rankeval/golden-set

Exit status: 0 done, 2 bad arguments, 3 a file cannot be read or is malformed, or the output cannot be
written.
`;

const usage = usageError('pool');
const positiveInteger = (k: number): boolean => Number.isSafeInteger(k) && k >= 1;

export interface PoolArgs {
  readonly runs: readonly string[];
  readonly names: readonly string[];
  readonly runFormat: RunFormat | 'auto';
  readonly qrels: string | undefined;
  readonly qrelsFormat: GoldenSetFormat | 'auto';
  readonly gradeColumn: string | undefined;
  readonly depth: number;
  readonly judgedDepth: number;
  readonly order: PoolOrder;
  readonly output: string | undefined;
  readonly format: (typeof OUTPUT_FORMATS)[number];
  readonly perQuery: boolean;
}

export function parsePoolArgs(args: readonly string[]): PoolArgs | 'help' {
  const { values, positionals, inputs } = parseCommandArgs(
    args,
    {
      depth: { type: 'string' },
      'judged-depth': { type: 'string' },
      order: { type: 'string' },
      qrels: inputFlag('the existing judgments'),
      'qrels-format': { type: 'string' },
      'grade-column': { type: 'string' },
      'run-format': { type: 'string' },
      names: { type: 'string' },
      format: { type: 'string' },
      'per-query': { type: 'boolean', short: 'q' },
      ...OUTPUT_OPTION,
      help: { type: 'boolean', short: 'h' },
    },
    usage,
    ['a run'],
  );
  if (values.help) return 'help';
  if (positionals.length === 0) throw usage('expected one run or more (RUN …)');
  checkStdinOnce([...positionals, ...(values.qrels === undefined ? [] : [values.qrels])], usage);
  const gradeColumn = readGradeColumn(values['grade-column'], usage);
  const depth = numberFlag(values.depth, '--depth', positiveInteger, 'a positive integer', usage) ?? 10;
  const output = outputName(values.output, usage);
  if (output !== undefined) checkOutput(output, inputs, 'the pool', usage);
  return {
    runs: positionals,
    names: runNames(positionals, values.names, usage),
    runFormat: readRunFormat(values['run-format'], usage),
    qrels: values.qrels,
    qrelsFormat: readQrelsFormat(values['qrels-format'], usage),
    gradeColumn,
    depth,
    judgedDepth: numberFlag(values['judged-depth'], '--judged-depth', positiveInteger, 'a positive integer', usage) ?? depth,
    order: oneOf(values.order, ['rank', 'rrf'], '--order', 'rank', usage),
    output,
    format: oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage),
    perQuery: values['per-query'] ?? false,
  };
}

/** Runs `rankeval pool`; returns the exit status. */
export async function runPool(argv: readonly string[], io: Io): Promise<number> {
  const args = parsePoolArgs(argv);
  if (args === 'help') {
    io.stdout.write(poolUsage);
    return 0;
  }
  const runs = new Map<string, Map<string, string[]>>();
  for (const [i, path] of args.runs.entries()) runs.set(args.names[i]!, (await loadRun(path, args.runFormat, io.stderr)).rankings);
  const existing = args.qrels === undefined ? undefined : (await loadGoldenSet(args.qrels, args.qrelsFormat, io.stderr, args.gradeColumn)).qrels;
  const judged = existing === undefined ? {} : { existing };
  let pooled: Pool;
  try {
    pooled = pool(runs, { depth: args.depth, order: args.order, ...judged });
  } catch (error) {
    // The readers have checked every ranking and judgment: what is left is the runs' (none that is not read).
    if (isRankevalError(error)) throw new CliError(cliMessage(error), INPUT_ERROR);
    throw error;
  }
  const text = poolLines(pooled);
  if (args.output === undefined) io.stdout.write(text);
  else await writeOutput(args.output, text);
  // The summary beside the pool on standard output would make the pool unreadable: it goes where the pool does not.
  (args.output === undefined ? io.stderr : io.stdout).write(renderPoolStats(poolStats(pooled, runs, { depth: args.judgedDepth, ...judged }), { depth: args.depth, order: args.order }, args.format, args.perQuery));
  return 0;
}
