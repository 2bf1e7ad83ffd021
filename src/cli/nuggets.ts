// `rankeval nuggets ASSIGNMENTS…`: RAG answers scored by the nuggets they support, per run (and per topic),
// as the TREC RAG track scores them.
import { compareScores, type CompareScoresOptions } from '../analysis/compare.js';
import type { NuggetEvaluation } from '../nuggets/evaluate-nuggets.js';
import { NUGGET_SCORES, type NuggetScores } from '../nuggets/scores.js';
import { renderTable, type Cell, type Column } from '../text/table.js';
import { inputFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { type Io, usageError } from './shared/command.js';
import { checkStdinOnce } from './shared/files.js';
import { comparisonOutput, TEST_OPTIONS } from './shared/comparison.js';
import { loadNuggetEvaluation, readNuggetCompareFlags, withNuggetScores } from './shared/nuggets.js';
import { OUTPUT_FORMATS, type OutputFormat } from './shared/options.js';
import { readGradesFlag } from './shared/nugget-flags.js';

export const nuggetsUsage = `Usage: rankeval nuggets ASSIGNMENTS… [--topics BANK] [--grades 2|3] [-q] [--format F]
       rankeval nuggets --store STORE [--judge NAME] [--topics BANK] [ASSIGNMENTS…] [-q] [--format F]
       rankeval nuggets ASSIGNMENTS… --compare [--topics BANK] [-m SCORE …] [--baseline RUN] [--test T] [flags]

RAG answers scored by the nuggets (atomic facts) they support, as the TREC RAG track scores them
(castorini/nuggetizer's metrics, to the last digit): for each run, the means over its answers of

  strict_vital_score     supported vital nuggets / vital nuggets
  strict_all_score       supported nuggets / nuggets
  vital_score            (supported + 0.5·partly supported) vital nuggets / vital nuggets
  all_score              (supported + 0.5·partly supported) nuggets / nuggets
  strict_weighted_score  as strict_all_score, a vital nugget weighing 1 and an okay one 0.5
  weighted_score         as all_score, weighed alike

An answer with no nugget of the kind a score divides by scores 0, as nuggetizer's does, and the 0 counts
in the means. The last row (all) is nuggetizer's one mean over every answer of every run.

Files:
  ASSIGNMENTS           nuggetizer's assign output (JSON Lines, one run's answer to one topic a line:
                        {"qid", "run_id", "nuggets": [{"text", "importance", "assignment"}]}); several
                        files are read as one; - is standard input
  --topics BANK         a nugget bank (nuggetizer's create output): every run is scored on its topics,
                        a topic a run did not answer scoring 0 (as trec_eval -c); without it a run is
                        scored on the topics it answered, as nuggetizer does
  --grades G            the scale the assignments were made on: 3 (default: support, partial_support,
                        not_support) or 2 (partial_support refused)
  --store STORE         a nugget-assignment store (rankeval's, as assignNuggets writes it: one nugget
                        assigned to one answer a line), scored as its answers; with --topics each answer's
                        nuggets are taken in the bank's order and an answer missing one is refused
  --judge NAME          whose assignments in the store to score: needed when several judges made them

Output:
  --format F            table (default), json, or trec: "run_id measure topic value" lines, the
                        leaderboard form TREC's AutoJudge tooling reads (topic "all" for a run's mean);
                        with --compare, table, markdown, json or csv, as rankeval compare writes them
  -q, --per-query       a row per run and topic as well

Comparing generators (--compare): the runs compared topic by topic against the baseline, as rankeval
compare compares runs query by query (its table, tests and corrections): each run's mean, Δ, the
corrected p-value, the interval of Δ, the topics won, tied and lost, and Cohen's d. Every run must be
scored on the same topics: give --topics (a topic a run did not answer then scores 0), or runs that
answer the same topics.
  -m, --measure S       the scores to compare, by the names above (repeatable or comma-separated;
                        default all six)
  --baseline RUN        the run the others are compared with (default: the first run read)
  --test T, --alpha A, --correction C, --permutations N, --seed N, --interval I   as rankeval compare

Exit status: 0 done, 2 bad arguments, 3 a file cannot be read or is malformed (with --compare, also runs
scored on different topics, fewer than two runs or fewer than two topics).
`;

const usage = usageError('nuggets');
const FORMATS = ['table', 'json', 'trec'] as const;

export interface NuggetsArgs {
  readonly files: readonly string[];
  readonly store: string | undefined;
  readonly judge: string | undefined;
  readonly topics: string | undefined;
  readonly grades: 2 | 3;
  readonly format: (typeof FORMATS)[number];
  readonly perQuery: boolean;
  /** With --compare: the comparison's options (compareScores's) and its output format. */
  readonly compare?: { readonly options: CompareScoresOptions; readonly format: OutputFormat };
}

export function parseNuggetsArgs(args: readonly string[]): NuggetsArgs | 'help' {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      topics: inputFlag('the nugget bank'),
      store: inputFlag('the nugget-assignment store'),
      judge: { type: 'string' },
      grades: { type: 'string' },
      format: { type: 'string' },
      'per-query': { type: 'boolean', short: 'q' },
      compare: { type: 'boolean' },
      measure: { type: 'string', short: 'm', multiple: true },
      ...TEST_OPTIONS,
      help: { type: 'boolean', short: 'h' },
    },
    usage,
  );
  if (values.help) return 'help';
  const store = values.store as string | undefined;
  const judge = values.judge as string | undefined;
  if (positionals.length === 0 && store === undefined) throw usage('expected one assignments file or more (ASSIGNMENTS…)');
  if (judge !== undefined && store === undefined) throw usage('--judge names whose assignments to take from --store STORE: give the store');
  const topics = values.topics as string | undefined;
  checkStdinOnce([...positionals, ...(topics === undefined ? [] : [topics]), ...(store === undefined ? [] : [store])], usage);
  const read = { files: positionals, store, judge, topics, grades: readGradesFlag(values.grades, usage), perQuery: values['per-query'] ?? false };
  if (!values.compare) {
    const given = (['measure', ...Object.keys(TEST_OPTIONS)] as const).find((flag) => values[flag as keyof typeof values] !== undefined);
    if (given !== undefined) throw usage(`${given === 'measure' ? '-m' : `--${given}`} applies to --compare, which is not given`);
    return { ...read, format: oneOf(values.format, FORMATS, '--format', 'table', usage) };
  }
  if (read.perQuery) throw usage('-q does not apply with --compare: the comparison is over the topics');
  return { ...read, format: 'table', compare: { options: readNuggetCompareFlags(values, usage), format: oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage) } };
}

const scoreCells = (scores: NuggetScores): Cell[] => NUGGET_SCORES.map(({ key }) => scores[key]);

/** The means per run (then each run's topics, with -q), and nuggetizer's mean over all answers last. */
function table(result: NuggetEvaluation, perQuery: boolean): string {
  const columns: Column[] = [
    { name: 'run', kind: 'text' },
    ...(perQuery ? [{ name: 'topic', kind: 'text' } as const] : []),
    { name: 'n', kind: 'count' },
    ...NUGGET_SCORES.map(({ name }) => ({ name, kind: 'score' }) as const),
  ];
  const rows: Cell[][] = [];
  for (const [runId, run] of Object.entries(result.byRun)) {
    if (perQuery) for (const [topic, scores] of Object.entries(run.queries)) rows.push([runId, topic, 1, ...scoreCells(scores)]);
    rows.push([runId, ...(perQuery ? ['all'] : []), Object.keys(run.queries).length, ...scoreCells(run.mean)]);
  }
  if (result.mean !== undefined) rows.push(['all', ...(perQuery ? ['all'] : []), result.perAnswer.length, ...scoreCells(result.mean)]);
  return renderTable(columns, rows, 'table');
}

/** `run_id measure topic value` lines: each run's topics with -q, then its mean as topic `all`. */
function trecLines(result: NuggetEvaluation, perQuery: boolean): string {
  const lines: string[] = [];
  for (const [runId, run] of Object.entries(result.byRun)) {
    for (const { key, name } of NUGGET_SCORES) {
      if (perQuery) for (const [topic, scores] of Object.entries(run.queries)) lines.push(`${runId} ${name} ${topic} ${scores[key]}\n`);
      lines.push(`${runId} ${name} all ${run.mean[key]}\n`);
    }
  }
  return lines.join('');
}

/** The means per run and over all answers; with -q, every answer's scores too. */
function json(result: NuggetEvaluation, perQuery: boolean): string {
  const byRun = Object.fromEntries(Object.entries(result.byRun).map(([runId, run]) => [runId, perQuery ? run : { mean: run.mean }]));
  return `${JSON.stringify({ byRun, mean: result.mean ?? null, ...(perQuery ? { perAnswer: result.perAnswer } : {}) }, null, 2)}\n`;
}

/** Runs `rankeval nuggets`; returns the exit status. */
export async function runNuggets(argv: readonly string[], io: Io & { readonly colour?: boolean }): Promise<number> {
  const args = parseNuggetsArgs(argv);
  if (args === 'help') {
    io.stdout.write(nuggetsUsage);
    return 0;
  }
  const result = await loadNuggetEvaluation(args, io);
  if (args.compare !== undefined) {
    const options = args.compare.options;
    io.stdout.write(comparisonOutput(withNuggetScores(result, args, options, usage, '--compare', (scores) => compareScores(scores, options)), args.compare.format, io.colour ?? false));
    return 0;
  }
  io.stdout.write(args.format === 'table' ? table(result, args.perQuery) : args.format === 'trec' ? trecLines(result, args.perQuery) : json(result, args.perQuery));
  return 0;
}
