// `rankeval judge`: the judging page (POOL --corpus --queries, or --nuggets --answers: judge-page.ts), or
// with --export F the judgments of a store written as a golden set (with --queries, each query's text and
// tags too).
import { isRankevalError } from '../core/errors.js';
import { qrelsText, writeGoldenSet, type QrelsFormat } from '../formats/write-qrels.js';
import { quoteJson } from '../core/quoting.js';
import { toQrels, type CombineJudges } from '../judging/to-qrels.js';
import { inputFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { CliError, INPUT_ERROR, type Io, usageError } from './shared/command.js';
import { checkStdinOnce, loadJudgments, loadQueryTexts, tornLineWarning } from './shared/files.js';
import { inputName } from './shared/input.js';
import { JUDGE_PAGE_HELP, JUDGE_PAGE_USAGE, NUGGET_PAGE_USAGE, runJudgePage } from './judge-page.js';
import { checkOutput, OUTPUT_OPTION, outputName, writeOutput } from './shared/output.js';
import { cliMessage } from './shared/wording.js';
import { messageText } from '../text/escape.js';

export const judgeUsage = `Usage: ${JUDGE_PAGE_USAGE}
       rankeval judge --export F [--store STORE] [--judge NAME …] [--combine C] [--queries Q] [-o OUT]
       ${NUGGET_PAGE_USAGE}

${JUDGE_PAGE_HELP}
Export (--export F): the judgments of a judgments store (JSON Lines, one judgment a line, as judge() from rankeval/judge
writes it) written as a golden set that rankeval eval, compare and trec_eval read. Each judge's last
judgment of a document counts. A half-written last line (a write cut by a crash) is skipped with a warning.

Store:
  --store STORE         the judgments store (default judgments.jsonl); - is standard input

Export:
  --export F            qrels (TREC: "qid 0 doc grade" a line; whole grades, ids without whitespace) or
                        jsonl (a golden set, one query a line: {"query_id", "relevant": {doc: grade}})
  --queries Q           with --export jsonl: the queries, JSON Lines {"query_id", "query", "tags"} (the
                        tags optional; a JSONL golden set with questions serves): each judged query's
                        text ("query") and tags go into its line, so that the file is a golden set that
                        rankeval eval --by-tag and evaluateRetriever read as it is
  --judge NAME          count only this judge's judgments; repeat it for several judges (default: all)
  --combine C           how several judges' grades make one: judge (default: one judge's grades; a store
                        of several judges is refused — name one with --judge), majority (the grade most
                        judges gave; a tie goes to the lowest grade tied, so of two judges who differ
                        the lower grade wins), mean (the mean grade, a fraction: export it as jsonl) or
                        prefer (the grade of the first --judge, in the order given, who graded the
                        document: --judge ann --judge llm puts a person's grade over the model's)
  -o, --output OUT      where to write the golden set (default, or -o -: standard output)

Exit status: 0 done (or the page stopped), 2 bad arguments, 3 the store cannot be read or is malformed,
it holds no judgment to export, or the output cannot be written; for the page, a file cannot be read or
is malformed, the corpus or the queries lack a text of the pool, an answer's topic is not in the nugget
bank, or the port cannot be taken.
`;

const usage = usageError('judge');

export interface JudgeArgs {
  readonly store: string;
  readonly export: QrelsFormat;
  readonly judges: readonly string[] | undefined;
  readonly combine: CombineJudges;
  readonly queries: string | undefined;
  readonly output: string | undefined;
}

export function parseJudgeArgs(args: readonly string[]): JudgeArgs | 'help' {
  const { values, positionals, inputs } = parseCommandArgs(
    args,
    {
      store: inputFlag('the judgments store'),
      export: { type: 'string' },
      judge: { type: 'string', multiple: true },
      combine: { type: 'string' },
      queries: inputFlag('the queries'),
      ...OUTPUT_OPTION,
      help: { type: 'boolean', short: 'h' },
    },
    usage,
  );
  if (values.help) return 'help';
  if (positionals.length > 0) throw usage(`unexpected argument '${positionals.join(' ')}': the store is named by --store`);
  const store = values.store ?? 'judgments.jsonl';
  const output = outputName(values.output, usage);
  if (output !== undefined) checkOutput(output, values.store === undefined ? [...inputs, { path: store, role: 'the judgments store (--store)' }] : inputs, 'the golden set', usage);
  const format = oneOf(values.export, ['qrels', 'jsonl'], '--export', 'qrels', usage) === 'qrels' ? 'trec' : 'jsonl';
  if (values.queries !== undefined && format === 'trec') throw usage('--queries is for --export jsonl: TREC qrels have no place for a query\'s text or tags');
  if (values.queries !== undefined) checkStdinOnce([store, values.queries], usage);
  return {
    store,
    export: format,
    judges: values.judge,
    combine: oneOf(values.combine, ['judge', 'majority', 'mean', 'prefer'], '--combine', 'judge', usage),
    queries: values.queries,
    output,
  };
}

/** Whether the arguments ask for the export (--export) or the help, rather than the judging page. */
const notThePage = (argv: readonly string[]): boolean => argv.some((arg) => /^(?:--export(?:=|$)|--help$|-h$)/.test(arg));

/** Runs `rankeval judge`: the judging page, or with --export the export; returns the exit status. */
export async function runJudge(argv: readonly string[], io: Io): Promise<number> {
  if (!notThePage(argv)) return runJudgePage(argv, io);
  const args = parseJudgeArgs(argv);
  if (args === 'help') {
    io.stdout.write(judgeUsage);
    return 0;
  }
  const name = inputName(args.store);
  const { judgments, tornLine } = await loadJudgments(args.store, io.stderr);
  if (tornLine !== undefined) io.stderr.write(tornLineWarning(name, tornLine, 'skipped'));
  let text: string;
  try {
    const qrels = toQrels(judgments, { combine: args.combine, ...(args.judges === undefined ? {} : { judge: args.judges }) });
    if (qrels.size === 0) throw new CliError(`${name} holds no judgment${args.judges === undefined ? '' : ` by ${args.judges.join(', ')}`} to export`, INPUT_ERROR);
    text = args.queries === undefined ? qrelsText(qrels, args.export) : await goldenSetText(qrels, args.queries, io);
  } catch (error) {
    if (isRankevalError(error)) throw new CliError(`${name}: ${cliMessage(error, { flags: { judge: '--judge', combine: '--combine' } })}`, INPUT_ERROR);
    throw error;
  }
  if (args.output === undefined) io.stdout.write(text);
  else await writeOutput(args.output, text);
  return 0;
}

/** The qrels as a JSONL golden set with each judged query's text and tags from `queriesPath`; a warning names the judged queries it lacks. */
async function goldenSetText(qrels: ReadonlyMap<string, ReadonlyMap<string, number>>, queriesPath: string, io: Io): Promise<string> {
  const texts = await loadQueryTexts(queriesPath, io.stderr, new Set(qrels.keys()));
  const missing = [...qrels.keys()].filter((qid) => !texts.has(qid));
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).map((qid) => quoteJson(qid)).join(', ');
    io.stderr.write(`rankeval judge: warning: ${messageText(`${inputName(queriesPath)} lacks the text of ${missing.length} judged ${missing.length === 1 ? 'query' : 'queries'}, written without one: ${shown}${missing.length > 5 ? ', …' : ''}`)}\n`);
  }
  const questions = new Map([...texts].map(([qid, { text }]) => [qid, text]));
  const tags = new Map([...texts].flatMap(([qid, { tags: list }]) => (list === undefined ? [] : [[qid, list]])));
  return writeGoldenSet(qrels, { questions, tags });
}
