// `rankeval overlap RUN_A RUN_B`: how much two runs' results differ, query by query, without a golden set.
import { overlap } from '../agreement/overlap.js';
import { messageText } from '../text/escape.js';
import { renderOverlap } from '../text/overlap.js';
import { oneOf, parseCommandArgs } from './shared/args.js';
import { type Io, usageError } from './shared/command.js';
import { runNames } from './shared/comparison.js';
import { checkStdinOnce, loadRun } from './shared/files.js';
import { OVERLAP_OPTIONS, overlapFlags, tiedRankings, withQueriesInCommon } from './shared/overlap.js';
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
  --ties T              a (default: a tie shares its ranks among its documents, as Corsi & Urbano
                        define), b (a corrected so that a run is 1 from itself) or w (tied documents
                        share one rank)

Output:
  --format F            table (default), markdown, json or csv
  -q, --per-query       a row per query

Exit status: 0 done, 2 bad arguments, 3 a file cannot be read or is malformed, or the runs rank no query
in common.
`;

const usage = usageError('overlap');

export interface OverlapArgs {
  readonly runs: readonly [string, string];
  /** `--p`, `--depth` and `--ties`, as overlap's options. */
  readonly rbo: ReturnType<typeof overlapFlags>['rbo'];
  readonly runFormat: ReturnType<typeof overlapFlags>['runFormat'];
  readonly format: (typeof OUTPUT_FORMATS)[number];
  readonly perQuery: boolean;
}

export function parseOverlapArgs(args: readonly string[]): OverlapArgs | 'help' {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      ...OVERLAP_OPTIONS,
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
    ...overlapFlags(values, usage),
    format: oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage),
    perQuery: values['per-query'] ?? false,
  };
}

/** Runs `rankeval overlap`; returns the exit status. */
export async function runOverlap(argv: readonly string[], io: Io): Promise<number> {
  const args = parseOverlapArgs(argv);
  if (args === 'help') {
    io.stdout.write(overlapUsage);
    return 0;
  }
  const [pathA, pathB] = args.runs;
  const [nameA, nameB] = runNames(args.runs, undefined, usage) as [string, string];
  const runA = await loadRun(pathA, args.runFormat, io.stderr);
  const runB = await loadRun(pathB, args.runFormat, io.stderr);
  const result = withQueriesInCommon(nameA, nameB, () => overlap(tiedRankings(runA), tiedRankings(runB), args.rbo));
  for (const [name, only] of [[nameA, result.onlyA], [nameB, result.onlyB]] as const) {
    if (only.length > 0) io.stderr.write(`rankeval overlap: warning: ${messageText(`${only.length} ${only.length === 1 ? 'query' : 'queries'} only ${name} ranks, left out: ${only.slice(0, 10).join(', ')}${only.length > 10 ? ', …' : ''}`)}\n`);
  }
  io.stdout.write(renderOverlap(result, args.format, args.perQuery));
  return 0;
}
