// `rankeval fuse RUN RUN … --method rrf [-o OUT]`: runs fused into one (hybrid search), written as a run file
// that `rankeval eval`, `compare` and `report` read like any other; with `--optimize MEASURE --qrels GOLDEN`,
// wsum's weights or rrf's k tuned on a golden set first (optimizeFusion), cross-validated, with a report.
// Its parts: fuse-args.ts reads the flags, fuse-runs.ts reads, fuses and writes the runs, fuse-optimize.ts
// tunes the setting.
import type { FusionRun } from '../fusion/runs.js';
import type { Io } from './shared/command.js';
import { TIES_HELP } from './shared/options.js';
import { parseFuseArgs } from './fuse-args.js';
import { runOptimizedFuse } from './fuse-optimize.js';
import { fuseOrFail, readScoredRun, writeFusedRun } from './fuse-runs.js';

export const fuseUsage = `Usage: rankeval fuse RUN RUN … --method M [--norm N] [--k K] [--weights W,W,…] [-o OUT] [flags]
       rankeval fuse RUN RUN … --method wsum|rrf --optimize MEASURE --qrels GOLDEN [-o OUT] [flags]

Fuses runs into one, query by query (hybrid search: a lexical and a dense run, say), with the library's
fuse(), and writes the fused run, which rankeval eval, compare and report read like any other. With
--optimize, wsum's weights or rrf's k are first tuned on a golden set (the library's optimizeFusion),
cross-validated by query, and the run written is fused with the setting best on every judged query.

Files:
  RUN …                    the runs (TREC, JSONL, JSON or CSV, with a score for every document)
  --run-format F           force their format: trec, jsonl, json, csv (default: found from each file)

Fusion:
  --method M               rrf, combsum, combmnz, combmax, combmin, combmed, combanz, wsum, isr, log_isr,
                           bordafuse, condorcet (required)
  --norm N                 each run's scores rescaled per query before a score-based method combines them:
                           min-max, max, sum, zmuv, rank, borda or none (default none; rank-based methods
                           take none only)
  --k K                    RRF's constant: a document at rank r adds 1 / (K + r) (default 60; rrf only)
  --weights W,W,…          wsum's weights, one per run in the runs' order, e.g. --weights 0.3,0.7 (wsum only)
  --depth D                keep each run's top D documents of a query (default: all of them); with
                           --optimize the runs alone are still scored whole

Tuning (--method wsum or rrf; --k and --weights are then chosen, not given):
  --optimize MEASURE       the measure to maximise, one measure averaged over queries, e.g. ndcg@10; one
                           where lower is better, as rankeval compare reads them (miss@k, tokens@k,
                           fall_out@k, unj@k, rbp_resid), is minimised: a cost alone (tokens@k) rewards
                           returning little
  --qrels GOLDEN           the golden set it is measured on (TREC, BEIR qrels, JSONL, JSON or CSV)
  --qrels-format F         force its format: trec, beir, jsonl, json, csv, or trec-diversity
  --grade-column NAME      its grade column (CSV, BEIR), as rankeval eval
  --step X                 wsum: every weight vector of multiples of X summing to 1 (default 0.1: 66
                           vectors for three runs)
  --grid W,W,…             wsum: a weight vector to try, one weight per run (repeatable: the vectors tried);
                           rrf: the k values to try (comma-separated or repeated; default 10,20,…,100)
  --trials N               wsum: N weight vectors drawn at random on the simplex instead of a grid
  --folds N                cross-validation folds, split by query (default 5): each fold's setting is
                           chosen on the other folds and scored on its own queries; 1 chooses and scores on
                           every query, as ranx's optimize_fusion, and reports that flattered figure only
  --seed S                 seed of the split into folds, of --trials and of a randomization or bootstrap
                           --test, 0 to 4294967295 (default 42)
  --test T                 the paired test of the fused run against the best run alone: t (default),
                           randomization, bootstrap, wilcoxon or sign
  --names A,B,…            the runs' names in the report (default: the file names without their extension)
  -l, --relevance-threshold N, --no-relevant MODE, --checks MODE, --system-k N[:warn], --lengths FILE
                           as rankeval eval
${TIES_HELP}
  --report-format F        the report: table (default) or json (optimizeFusion's result but its runs,
                           with compare()'s result as "comparison"; needs -o OUT)

  The report shows each run alone, every fold's chosen setting with its figure on the training folds and
  on the held-out fold, the in-sample figure of the best setting beside the cross-validated one (the mean
  over every query of its score under the setting chosen without it; their difference is what the choice
  itself made), and the paired test, as rankeval compare, of the out-of-fold fused run against the best run
  alone. It goes to standard output when -o OUT writes the run, to standard error otherwise.

Output:
  -o, --output OUT         where to write the fused run (default, or -o -: standard output); a regular
                           file is replaced whole (written beside it, then renamed over it), never a
                           file the command reads, as rankeval report -o writes (see its --help). With
                           --optimize: the runs fused with the best setting, over every query they hold
  --format F               trec (default: qid Q0 doc rank score name) or jsonl
  --run-name NAME          the TREC run's name, its last column (default fused)

A document a run leaves out adds nothing to that run's term (but under borda and bordafuse); a query a run
leaves out is fused from the others; ties in the fused scores are broken by id descending, as trec_eval
breaks them. The formulas and rules: https://rankeval.github.io/rankeval/fusion

Exit status: 0 done, 2 bad arguments, 3 a file cannot be read or is malformed (a run without scores), or
the output cannot be written.
`;

/** Runs `rankeval fuse`; returns the exit status. */
export async function runFuse(argv: readonly string[], io: Io): Promise<number> {
  const args = parseFuseArgs(argv);
  if (args === 'help') {
    io.stdout.write(fuseUsage);
    return 0;
  }
  if (args.optimize !== undefined) return runOptimizedFuse(args, args.optimize, io);
  const runs: FusionRun[] = [];
  for (const path of args.runs) runs.push(await readScoredRun(path, args.runFormat, io.stderr));
  await writeFusedRun(args, fuseOrFail(runs, { k: args.k, weights: args.weights }, args), io, runs);
  return 0;
}

