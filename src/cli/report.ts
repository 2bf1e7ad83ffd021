// `rankeval report QRELS RUN_A [RUN_B …] -m ndcg@10 … -o report.html`: the comparison as one HTML file.
import { assembleReport } from '../report/assemble.js';
import { orderRuns } from '../report/options.js';
import type { ReportData, ReportRun } from '../report/types.js';
import { scorerOf } from '../engine/scorer.js';
import { remeasured } from '../engine/settings.js';
import { messageText } from '../text/escape.js';
import { explainRanking, explainTop } from '../analysis/explain.js';
import { readJudgments } from '../core/judgments.js';
import { parseCommandArgs } from './shared/args.js';
import { type Io, usageError } from './shared/command.js';
import { compareOptions, evaluations, readCompareArgs, scoreFiles, type CompareArgs } from './shared/comparison.js';
import { asInputError } from './shared/files.js';
import { inputName } from './shared/input.js';
import { runsWarnings } from './shared/means.js';
import { checkOutput, outputName } from './shared/output.js';
import { loadReportRenderer, readLosses, REPORT_OPTIONS, writeReport } from './report-common.js';
import { runOverlapReport } from './report-overlap.js';
import { runNuggetsReport } from './report-nuggets.js';
import { readNuggetMode } from './shared/nuggets.js';

export const reportUsage = `Usage: rankeval report QRELS RUN_A [RUN_B …] [-m MEASURE …] [-o report.html] [flags]
       rankeval report --overlap RUN_A RUN_B [-o report.html] [--p P] [--depth K] [--ties T] [flags]
       rankeval report --nuggets ASSIGNMENTS… [--topics BANK] [-m SCORE …] [-o report.html] [flags]

Writes one self-contained HTML file (no script, no network access when opened): the comparison table of
rankeval compare, a bar chart per measure with confidence intervals, recall@k and precision@k curves, the
per-query differences of each run against the baseline, means per tag of the golden set, and the ten
queries each run lost most, with their rankings. A JSONL run that gives each query's "latency_ms" (as
evaluateRetriever and writeRun save it) adds a latency table: mean, p50, p95 and max, overall and per tag.

  -o, --output FILE     where to write the report (default, or -o -: standard output)
  --title TEXT          the report's title
  --losses N            queries shown per run in "lost most" (default 10)

Every flag of rankeval compare but its gate (--fail-on-regression, --margin) applies (--test, --alpha,
--correction, --permutations, --seed, --interval, --baseline, --names, -m, -l, --no-relevant, --ties,
--score-order, --checks, --system-k, --lengths, --qrels-format, --run-format, --grade-column); with one run,
the report has no comparison.

With --overlap, the report of two runs without a golden set ("we changed the embedding model: how much
did the results move?"), as rankeval overlap computes it: the mean rank-biased overlap (RBO) with its
bounds and the Jaccard index, a chart of each query's RBO, sorted, and the ten queries whose results moved
most, both rankings side by side, the documents both rank marked. It takes -o, --title, --names,
--run-format and RBO's settings, as rankeval overlap does:
  --p P                 persistence, between 0 and 1 (default 0.9: about the top 10 weigh most)
  --depth K             read only the top K of each ranking (default: whole rankings)
  --ties T              a (default), b or w: how RBO treats documents of equal score
Flags that read or score against a golden set (-m, --losses, --test …) are refused with it.

With --nuggets, the report of RAG answer generators compared topic by topic on their nugget scores
(nuggetizer's assign output, as rankeval nuggets --compare compares them): the comparison table, means
with intervals, per-topic differences and the topics each run lost most, with both scores. Curves and
rankings need rankings and are left out, as the page says. It takes --topics BANK and --grades G as
rankeval nuggets does, -m with the nugget scores' names (default all six), --baseline RUN, the test's
flags, --losses, --title and -o.

Needs the optional packages @observablehq/plot and linkedom (npm install @observablehq/plot linkedom).

-o writes as > would: through a link to its target, into a device or FIFO as it is, and a regular file
is replaced whole (written beside it, then renamed over it; its owner and permission bits are kept), or
in place where its directory takes no new file; a file > could not write (write-protected) is refused
(exit 3), as is any file the command reads (exit 2). Interrupted, it leaves no temporary file behind.

Exit status: 0 done, 2 bad arguments (-o a directory), 3 a file cannot be read or is malformed, the
report cannot be written, or @observablehq/plot or linkedom is not installed (with --overlap, also when
the runs rank no query in common).
`;

const usage = usageError('report');

/**
 * The report's numbers from its files: each run is scored as it is read, keeping its per-query scores,
 * what its curves are scored from and the top of each ranking (for the queries lost most): no run's
 * rankings are ever all in memory, and no run is read twice. With them, the runs' warnings as the command
 * words them (the report's own hold the library's words).
 */
export async function scoreReport(args: CompareArgs, lossCount: number, io: Io): Promise<{ data: ReportData; warnings: string[] }> {
  const fn = 'reportData';
  // Two runs given without a golden set: said as such, with the mode that compares them.
  const runsOnly = args.runs.length === 1 ? 'to compare two runs without a golden set, rankeval report --overlap RUN_A RUN_B' : undefined;
  const { golden, settings, scorers, kept: keptFound, latency } = await scoreFiles(args, io, 'QRELS RUN_A …', { slices: true, keepFound: true, ...(runsOnly === undefined ? {} : { runsOnly }) });
  const scored = evaluations(args, scorers);
  const options = { ...compareOptions(args), losses: lossCount };
  const ordered = orderRuns([...scored.keys()], args.baseline, fn);
  const runs = new Map(
    ordered.map((name): [string, ReportRun] => {
      const { found, longest } = keptFound.get(name)!;
      const curveMeans = (measures: readonly string[]): Record<string, number> => {
        // The curves' measures, scored on what the run's reading found: the run is not read again. They go
        // as deep as the deepest ranking, whatever the system's k: they show what lies beyond it.
        const curve = scorerOf(remeasured(settings, measures));
        for (const [qid, hits] of found) {
          const query = curve.begin(qid, 0);
          if (query !== undefined) curve.score(qid, query, hits);
        }
        return curve.result().mean;
      };
      return [name, { evaluation: scored.get(name)!, depth: longest(), curveMeans, latency: latency.get(name)! }];
    }),
  );
  const data = asInputError(inputName(args.qrels), () =>
    // The golden set's tags, read once as the runs' slices.
    assembleReport(runs, { qrels: golden.qrels, slices: settings.slices, questions: golden.questions, lengths: golden.lengths, systemK: args.systemK?.k }, options, lossCount, fn, (run, qid, shown) => {
      // The top of the ranking as the reading kept it; a query the run does not answer has none.
      const kept = keptFound.get(run)!.found.get(qid);
      if (kept?.shown === undefined) return explainRanking([], golden.qrels.get(qid)!, shown);
      const threshold = shown.relevanceThreshold ?? 1;
      const { grades, relevant } = readJudgments(golden.qrels.get(qid)!, threshold, fn);
      // The whole ranking (a budget's window is cut from it) is kept when a measure reads ids, as a budget does.
      const top = shown.depth !== Infinity ? kept.shown.top : (kept.documents ?? missingDocuments(qid));
      return explainTop(top, kept.length, (id) => kept.shown!.ranks.get(id) ?? 0, grades, relevant, threshold, shown.depth);
    }),
  );
  return { data, warnings: runsWarnings(scored, ordered, inputName(args.qrels)) };
}

function missingDocuments(qid: string): never {
  throw new Error(`rankeval report: the whole ranking of query ${JSON.stringify(qid)} was not kept for its budget window; this is a bug in rankeval, please report it`);
}

/** Runs `rankeval report`; returns the exit status. */
export async function runReport(argv: readonly string[], io: Io): Promise<number> {
  const { values, positionals, inputs } = parseCommandArgs(argv, REPORT_OPTIONS, usage, ['the golden set (QRELS)', 'one of the runs']);
  if (values.help) {
    io.stdout.write(reportUsage);
    return 0;
  }
  if (values.overlap && values.nuggets) throw usage('--overlap and --nuggets are two kinds of report: give one');
  if (values.overlap) return runOverlapReport(values, positionals, io, usage);
  const nuggets = readNuggetMode(values, positionals, REPORT_OPTIONS, ['output', 'title', 'losses'], usage);
  if (nuggets !== undefined) return runNuggetsReport(values, nuggets, io, usage);
  for (const flag of ['p', 'depth'] as const) if (values[flag] !== undefined) throw usage(`--${flag} applies only with --overlap, which compares two runs without a golden set`);
  const args = readCompareArgs(values, positionals, 1, usage);
  if (values.format !== undefined) throw usage('--format does not apply: the report is HTML');
  const losses = readLosses(values.losses, usage);
  const output = outputName(values.output, usage);
  if (output !== undefined) checkOutput(output, inputs, 'the report', usage);
  const { renderReportData } = await loadReportRenderer();
  const { data, warnings } = await scoreReport(args, losses, io);
  for (const warning of warnings) io.stderr.write(`rankeval report: warning: ${messageText(warning)}\n`);
  const html = renderReportData(data, {
    ...(values.title === undefined ? {} : { title: values.title }),
    subtitle: [`golden set ${inputName(args.qrels)} · ${args.runs.map((run) => `${run.name} = ${inputName(run.path)}`).join(' · ')}`],
  });
  await writeReport(html, output, io);
  return 0;
}
