// `rankeval eval --qrels GOLDEN --run RUN -m ndcg@10 …`: means per measure, per tag and per query, gates
// for CI, and the view of one query that explains its numbers.
import type { RunEvaluation } from '../engine/run-result.js';
import { createRunScorer } from '../engine/scorer.js';
import { rankingFor, type KeptQueries } from '../engine/stream.js';
import type { QueryResults } from '../formats/run.js';
import type { Ranking } from '../core/types.js';
import { orderRanking } from '../core/ordering.js';
import { explainRanking, explainWithinBudget, type BudgetExplanation, type Explanation } from '../analysis/explain.js';
import type { GoldenSet } from '../formats/golden-set.js';
import { parseMeasure } from '../measures/registry.js';
import { checkGates, type Gate, gateText } from '../text/gates.js';
import { escapeControls, escapeMarkdown, messageText } from '../text/escape.js';
import { budgetSentence, budgetTable, budgetText, budgetWording, explanationTable, explanationText, missedText } from '../text/explain.js';
import { type Cell, type Column, renderTable } from '../text/table.js';
import { flagNumber, parseCommandArgs } from './shared/args.js';
import { CliError, GATE_FAILED, INPUT_ERROR, type Io, USAGE_ERROR, usageError } from './shared/command.js';
import { asInputError, blameScoring, checkStdinOnce, goldenSetOptions, loadGoldenSetAnd, scoreRunFile } from './shared/files.js';
import { inputName } from './shared/input.js';
import { readGates, renderMeans, resultWarnings } from './shared/means.js';
import { canonicalMeasure, DEFAULT_MEASURES, evaluationOptions, GRADE_COLUMN_HELP, readSharedArgs, SCORE_ORDER_HELP, SHARED_OPTIONS, type SharedArgs, TIES_HELP } from './shared/options.js';

export const evalUsage = `Usage: rankeval eval --qrels GOLDEN --run RUN [-m MEASURE …] [flags]
       rankeval eval GOLDEN RUN [-m MEASURE …] [flags]

Scores a run against a golden set: the mean of each measure over every judged query (a judged query the
run does not answer scores 0), per tag and per query on request.

Files (the format is told from the content; TREC, BEIR qrels, JSONL, JSON or CSV):
  --qrels FILE             the golden set (judgments, with tags in JSONL/CSV)
  --run FILE               the run (rankings)
  --qrels-format F         force it: trec, beir, jsonl, json, csv, or trec-diversity (qid subtopic
                           docno grade: aspects; never told from the content)
  --run-format F           force it: trec, jsonl, json, csv
${GRADE_COLUMN_HELP}
  -                        as a file name: standard input (for one of the two)

Measures:
  -m, --measure M          ndcg@10, recall@5, P@5, mrr@10, map, R-prec, success@1, f1@10… (repeatable,
                           or comma-separated; default ${DEFAULT_MEASURES.join(' ')})
  -l, --relevance-threshold N   lowest grade that counts as relevant (default 1)
  --no-relevant MODE       a judged query without relevant documents: zero (default, scores 0),
                           skip (left out of the means) or error
${TIES_HELP}
${SCORE_ORDER_HELP}
  --checks MODE            what a run that is probably not what was meant does: warn (default, a
                           line on stderr), error (exit 3) or off. The checks: a ranking that holds its
                           own query id, a cutoff deeper than the deepest ranking, a ranking whose
                           scores all tie (its order is then the document ids')
  --system-k N[:warn]      the results the system passes on (to a model, a page): a measure cut deeper,
                           or not cut, is refused (or, with :warn, scored with a warning); token
                           budgets are cut at N too
  --lengths FILE           document lengths in tokens, \`id<TAB>tokens\` a line, for token budgets
                           (recall@budget=2000, ndcg@budget=2000, P@budget=…) and tokens@k

Output:
  --format F               table (default), markdown, json or csv
  --by-tag                 a row per tag of the golden set
  -q, --per-query          a row per query
  --explain QID            the query's ranking with grades, the relevant documents it missed and its
                           scores, instead of the means (repeatable); under a token budget, the window
                           the budget held, with lengths and running total
  --depth N                ranks shown by --explain (default: the deepest cutoff of the measures, or 10)

Gates:
  --fail-under M=V         exit 1 when the mean of M is below V, e.g. --fail-under recall@5=0.9
  --fail-over M=V          exit 1 when the mean of M is above V, for a measure where lower is better,
                           e.g. --fail-over miss@20=0.1 or --fail-over tokens@5=2000
                           (repeatable; M is added to the measures when -m does not name it)

Exit status: 0 done, 1 a gate failed, 2 bad arguments, 3 a file cannot be read or is malformed or the
output cannot be written.
`;

export interface EvalArgs extends SharedArgs {
  readonly qrels: string;
  readonly run: string;
  readonly gates: readonly Gate[];
  readonly byTag: boolean;
  readonly perQuery: boolean;
  readonly explain: readonly string[];
  readonly depth: number | undefined;
}

const usage = usageError('eval');

export function parseEvalArgs(args: readonly string[]): EvalArgs | 'help' {
  const parsed = parseCommandArgs(
    args,
    {
      ...SHARED_OPTIONS,
      qrels: { type: 'string' },
      run: { type: 'string' },
      'by-tag': { type: 'boolean' },
      'per-query': { type: 'boolean', short: 'q' },
      explain: { type: 'string', multiple: true },
      depth: { type: 'string' },
      'fail-under': { type: 'string', multiple: true },
      'fail-over': { type: 'string', multiple: true },
    },
    usage,
  );
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const files = [...positionals];
  const qrels = values.qrels ?? files.shift();
  const run = values.run ?? files.shift();
  if (qrels === undefined || run === undefined) throw usage('expected a golden set and a run (--qrels FILE --run FILE)');
  if (files.length > 0) throw usage(`unexpected argument '${files[0]}'`);
  checkStdinOnce([qrels, run], usage);

  const gateArgs = readGates(values, usage);
  // Without -m the defaults are scored: checked against --system-k and --lengths as -m's would be.
  const shared = readSharedArgs(values, usage, [...gateArgs.map((gate) => gate.name), ...(values.measure === undefined ? DEFAULT_MEASURES : [])]);
  const measures = shared.measures;
  if (measures.length === 0) measures.push(...DEFAULT_MEASURES);
  const gates = gateArgs.map(({ name, canonical, threshold, bound }): Gate => {
    // A gate names a measure as -m does, maybe spelled otherwise (R@5 for recall@5): it reuses that column.
    const measure = measures.find((other) => canonicalMeasure(other, usage) === canonical) ?? name;
    if (!measures.includes(measure)) measures.push(measure);
    // A minimum is every gate's default: only a maximum says so (in --format json too).
    return bound === 'max' ? { measure, threshold, bound } : { measure, threshold };
  });

  let depth: number | undefined;
  if (values.depth !== undefined) {
    depth = flagNumber(values.depth);
    if (!Number.isSafeInteger(depth) || depth <= 0) throw usage(`--depth takes a positive integer; got '${values.depth}'`);
  }
  return {
    ...shared,
    qrels,
    run,
    measures,
    gates,
    byTag: values['by-tag'] ?? false,
    perQuery: values['per-query'] ?? false,
    explain: values.explain ?? [],
    depth,
  };
}

/** Runs `rankeval eval`; returns the exit status. */
export async function runEval(argv: readonly string[], io: Io): Promise<number> {
  const args = parseEvalArgs(argv);
  if (args === 'help') {
    io.stdout.write(evalUsage);
    return 0;
  }
  const keep: KeptQueries | undefined = args.explain.length > 0 ? { wanted: new Set(args.explain), kept: new Map() } : undefined;
  const scoring = (golden: GoldenSet) => ({ ...evaluationOptions(args), ...goldenSetOptions(golden, args.byTag) });
  // The run is scored as it is read; only the --explain queries' results are kept.
  const { golden, runs } = await loadGoldenSetAnd(args.qrels, [args.run], args, io.stderr, 'the golden set comes first: GOLDEN RUN, or --qrels GOLDEN --run RUN', (path, golden) =>
    scoreRunFile(path, args.runFormat, () => asInputError(inputName(args.qrels), () => createRunScorer(golden.qrels, scoring(golden), 'evaluateRun')), io.stderr, args.qrels, keep),
  );
  const result = (() => {
    try {
      return runs[0]!.result();
    } catch (error) {
      throw blameScoring(error, args.qrels, args.run);
    }
  })();
  const notes = resultWarnings(result, { run: inputName(args.run), qrels: inputName(args.qrels) });
  if (args.byTag && golden.tags.size === 0) notes.push(`--by-tag: ${inputName(args.qrels)} has no tags (tags come from JSONL "tags" or a CSV tags column)`);
  for (const warning of notes) io.stderr.write(`rankeval eval: warning: ${messageText(warning)}\n`);

  const gates = checkGates(result.mean, args.gates);
  if (keep !== undefined) io.stdout.write(renderExplanations(args, golden, keep.kept, result));
  else io.stdout.write(renderMeans(args, result, gates));
  for (const gate of gates) {
    if (!gate.passed) io.stderr.write(`rankeval eval: gate failed: ${messageText(gateText(gate))}\n`);
  }
  return gates.every((gate) => gate.passed) ? 0 : GATE_FAILED;
}

/** The token budgets of the measures asked for, each with the measures it cuts (recall@budget=200 and P@budget=200 share one). */
function budgetsOf(measures: readonly string[]): { budget: number; measures: string[] }[] {
  const budgets: { budget: number; measures: string[] }[] = [];
  for (const name of measures) {
    const budget = (parseMeasure(name).params as { budget?: number }).budget;
    if (budget === undefined) continue;
    const found = budgets.find((other) => other.budget === budget);
    if (found === undefined) budgets.push({ budget, measures: [name] });
    else found.measures.push(name);
  }
  return budgets;
}

type Explained = Explanation & {
  query: string;
  question?: string;
  tags: readonly string[];
  scores: Record<string, number> | null;
  /** For each token budget of the measures, the window it cut (absent when no measure has a budget). */
  budgets?: (BudgetExplanation & { measures: string[] })[];
};

function renderExplanations(args: EvalArgs, golden: GoldenSet, kept: KeptQueries['kept'], result: RunEvaluation): string {
  const cutoffs = args.measures.map((name) => parseMeasure(name).cutoff).filter((k) => k !== Infinity);
  const depth = args.depth ?? (cutoffs.length > 0 ? Math.max(...cutoffs) : 10);
  const budgets = budgetsOf(args.measures);
  // Measures cut by a budget only are shown by their windows: a table to a fixed depth would say nothing of them.
  const plain = budgets.length === 0 || args.measures.some((name) => (parseMeasure(name).params as { budget?: number }).budget === undefined);
  // A ranking is shown as scored: its ties read as --ties says, its scores as --score-order says.
  const shown = { relevanceThreshold: args.relevanceThreshold, ties: args.ties, ...(args.scoreOrder === undefined ? {} : { scoreOrder: args.scoreOrder }) };
  const explained = args.explain.map((qid): Explained => {
    const judged = golden.qrels.get(qid);
    if (judged === undefined) throw new CliError(`--explain ${qid}: the query is not in ${inputName(args.qrels)}`, USAGE_ERROR);
    const results = kept.get(qid);
    const ranking = results === undefined ? [] : rankingFor(results, args.ties, args.scoreOrder);
    const explanation = explainRanking(ranking, judged, { depth, ...shown });
    // A query left out of the means (no relevant document, --no-relevant skip) has no scores.
    const question = golden.questions.get(qid);
    const one = { query: qid, ...(question === undefined ? {} : { question }), tags: golden.tags.get(qid) ?? [], scores: result.perQuery[qid] ?? null, ...explanation };
    if (budgets.length === 0) return one;
    // The windows are cut from the whole ranking in the order scored, by budgetCut as the measures cut them.
    const full = explainRanking(ranking, judged, { depth: Infinity, ...shown });
    const tokens = (id: string): number => {
      const length = golden.lengths?.get(id);
      if (length === undefined) throw new CliError(`--explain ${qid}: the lengths (--lengths, or "tokens" in the golden set) give no length for document ${JSON.stringify(id)}`, INPUT_ERROR);
      return length;
    };
    const windows = budgets.map(({ budget, measures }) => ({ measures, ...explainWithinBudget(full, budget, args.systemK?.k ?? Infinity, tokens, args.depth ?? Infinity) }));
    return { ...one, budgets: windows };
  });
  if (args.format === 'json') return `${JSON.stringify(explained.length === 1 ? explained[0] : explained, null, 2)}\n`;
  if (args.format === 'csv') {
    const rows: Cell[][] = explained.flatMap(({ query, top, missed, budgets: windows = [] }) => [
      ...(plain ? top.map((document): Cell[] => [query, document.rank, document.id, document.grade, document.relevant ? 1 : 0, 'top']) : []),
      ...(plain ? missed.map((document): Cell[] => [query, document.rank, document.id, document.grade, 1, document.rank === null ? 'not retrieved' : 'below the top']) : []),
      ...windows.flatMap(({ top: held, window: { budget, next } }) => [
        ...held.map((document): Cell[] => [query, document.rank, document.id, document.grade, document.relevant ? 1 : 0, `within ${budget} tokens`]),
        ...(next === null ? [] : [[query, next.rank, next.id, next.grade, next.relevant ? 1 : 0, `passes ${budget} tokens`]]),
      ]),
    ]);
    const columns: Column[] = ['query', 'rank', 'id', 'grade', 'relevant', 'where'].map((name) => ({ name, kind: name === 'rank' || name === 'grade' || name === 'relevant' ? 'count' : 'text' }));
    return renderTable(columns, rows, 'csv');
  }
  return explained.map((one) => explanationSection(one, args.format === 'markdown', depth, plain)).join('\n');
}

function explanationSection(one: Explained, markdown: boolean, depth: number, plain: boolean): string {
  const scores = one.scores === null ? 'not scored (no relevant document, --no-relevant skip)' : Object.entries(one.scores).map(([name, value]) => `${name} ${value.toFixed(4)}`).join('  ');
  const escape = markdown ? escapeMarkdown : escapeControls;
  const head = [
    escape(`query ${one.query}${one.question === undefined ? '' : `: ${one.question}`}${one.tags.length > 0 ? `  (tags: ${one.tags.join(', ')})` : ''}`),
    `scores: ${scores}`,
    `retrieved ${one.retrieved}, relevant ${one.relevant}; ${plain ? `top ${Math.min(depth, one.retrieved)} shown, ` : ''}✓ = relevant, grade - = unjudged`,
  ];
  const windows = one.budgets ?? [];
  if (!markdown) {
    const blocks = [...(plain ? [explanationText(one, '  ')] : []), ...windows.map((window) => `${escapeControls(window.measures.join(', '))}: ${budgetText(window, '  ').trimStart()}`)];
    return `${head.join('\n')}\n\n${blocks.join('\n\n')}\n`;
  }
  const plainPart = plain ? `${explanationTable(one, 'markdown')}\n${escapeMarkdown(missedText(one))}\n` : '';
  const windowParts = windows.map((window) => {
    const table = window.top.length === 0 ? '' : `${budgetTable(window, 'markdown')}\n`;
    return `${escapeMarkdown(`${window.measures.join(', ')}: ${budgetSentence(window.window)}`)}\n\n${table}${escapeMarkdown(missedText(window, budgetWording(window)))}\n`;
  });
  return `### ${head[0]}\n\n${head[1]}\n\n${head[2]}\n\n${[plainPart, ...windowParts].filter((part) => part !== '').join('\n')}`;
}


