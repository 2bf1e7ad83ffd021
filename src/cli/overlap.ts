// `rankeval overlap RUN_A RUN_B`: how much two runs' results differ, query by query, without a golden set.
import { overlap } from '../agreement/overlap.js';
import { isRankevalError } from '../core/errors.js';
import type { TiedRanking } from '../agreement/tie-ranking.js';
import type { Run } from '../formats/run.js';
import { scoredDocuments } from '../formats/run-collector.js';
import { messageText } from '../text/escape.js';
import { renderOverlap } from '../text/overlap.js';
import { numberFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { CliError, INPUT_ERROR, type Io, usageError } from './shared/command.js';
import { runNames } from './shared/comparison.js';
import { checkStdinOnce, loadRun } from './shared/files.js';
import { OUTPUT_FORMATS } from './shared/options.js';

export const overlapUsage = `Usage: rankeval overlap RUN_A RUN_B [--p P] [--depth K] [-q] [--format F]

How much two runs' results differ, without a golden set ("we changed the embedding model: how much did
the results move?"). For each query both runs rank: rank-biased overlap (RBO: 1 the same ranking, 0
nothing in common; top-weighted), its bounds, and the Jaccard index of the two sets of documents; then
their means, and the queries whose results moved most (lowest RBO). Documents of equal score are tied,
never ordered by id (Corsi & Urbano's treatments of ties). A query only one run ranks is named on stderr
and left out of the means.

Files (format told from the content: TREC, JSONL, JSON or CSV):
  RUN_A RUN_B           the two runs; - is standard input (for one of them)
  --run-format F        force the runs' format: trec, jsonl, json, csv

RBO:
  --p P                 persistence, between 0 and 1: the weight of rank d is (1 − P)·P^(d − 1), so
                        1/(1 − P) ranks are read on average (default 0.9: about the top 10)
  --depth K             read only the top K of each ranking, for RBO and Jaccard alike (a tie across K is
                        kept whole; default: whole rankings — set it to the results your application reads)
  --ties T              a (default: the expected RBO when ties are broken at random), b (a corrected so
                        that a run is 1 from itself) or w (tied documents share one rank)

Output:
  --format F            table (default), markdown, json or csv
  -q, --per-query       a row per query

Exit status: 0 done, 2 bad arguments, 3 a file cannot be read or is malformed, or the runs rank no query
in common.
`;

const usage = usageError('overlap');

export interface OverlapArgs {
  readonly runs: readonly [string, string];
  readonly runFormat: 'trec' | 'jsonl' | 'json' | 'csv' | 'auto';
  readonly p: number;
  readonly depth: number | undefined;
  readonly ties: 'w' | 'a' | 'b';
  readonly format: (typeof OUTPUT_FORMATS)[number];
  readonly perQuery: boolean;
}

export function parseOverlapArgs(args: readonly string[]): OverlapArgs | 'help' {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      p: { type: 'string' },
      depth: { type: 'string' },
      ties: { type: 'string' },
      'run-format': { type: 'string' },
      format: { type: 'string' },
      'per-query': { type: 'boolean', short: 'q' },
      help: { type: 'boolean', short: 'h' },
    },
    usage,
  );
  if (values.help) return 'help';
  if (positionals.length !== 2) throw usage(`expected two runs (RUN_A RUN_B), got ${positionals.length}`);
  checkStdinOnce(positionals, usage);
  return {
    runs: [positionals[0]!, positionals[1]!],
    runFormat: oneOf(values['run-format'], ['trec', 'jsonl', 'json', 'csv', 'auto'], '--run-format', 'auto', usage),
    p: numberFlag(values.p, '--p', (p) => p > 0 && p < 1, 'a number between 0 and 1, both excluded', usage) ?? 0.9,
    depth: numberFlag(values.depth, '--depth', (k) => Number.isSafeInteger(k) && k >= 1, 'a positive integer', usage),
    ties: oneOf(values.ties, ['a', 'b', 'w'], '--ties', 'a', usage),
    format: oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage),
    perQuery: values['per-query'] ?? false,
  };
}

/** A run's rankings as overlap reads them: scored documents where the file gives scores (so ties tie), else ids. */
function rankingsOf(run: Run): Map<string, TiedRanking> {
  const rankings = new Map<string, TiedRanking>();
  for (const [qid, ids] of run.rankings) {
    const scored = run.scored.get(qid);
    rankings.set(qid, scored === undefined ? ids : scoredDocuments(scored));
  }
  return rankings;
}

/** Runs `rankeval overlap`; returns the exit status. */
export async function runOverlap(argv: readonly string[], io: Io): Promise<number> {
  const args = parseOverlapArgs(argv);
  if (args === 'help') {
    io.stdout.write(overlapUsage);
    return 0;
  }
  const [pathA, pathB] = args.runs;
  const [nameA, nameB] = runNames(args.runs, undefined, usage);
  const runA = await loadRun(pathA, args.runFormat, io.stderr);
  const runB = await loadRun(pathB, args.runFormat, io.stderr);
  const options = { p: args.p, ties: args.ties, ...(args.depth === undefined ? {} : { depth: args.depth }) };
  let result;
  try {
    result = overlap(rankingsOf(runA), rankingsOf(runB), options);
  } catch (error) {
    if (isRankevalError(error) && error.code === 'no_queries') throw new CliError(`${nameA} and ${nameB} rank no query in common: nothing to compare`, INPUT_ERROR);
    throw error;
  }
  for (const [name, only] of [[nameA, result.onlyA], [nameB, result.onlyB]] as const) {
    if (only.length > 0) io.stderr.write(`rankeval overlap: warning: ${messageText(`${only.length} ${only.length === 1 ? 'query' : 'queries'} only ${name} ranks, left out: ${only.slice(0, 10).join(', ')}${only.length > 10 ? ', …' : ''}`)}\n`);
  }
  io.stdout.write(renderOverlap(result, args.format, args.perQuery));
  return 0;
}
