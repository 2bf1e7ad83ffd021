// The runs of `rankeval fuse`: read with their scores, fused as the flags say, and the fused run written.
import { isRankevalError } from '../core/errors.js';
import type { ScoredDocument } from '../core/types.js';
import { fuse } from '../fusion/fuse.js';
import type { FusionRun } from '../fusion/runs.js';
import type { Run, RunFormat } from '../formats/run.js';
import { scoredDocuments } from '../formats/run-collector.js';
import { writeRun } from '../formats/write-run.js';
import { CliError, INPUT_ERROR, type Io } from './shared/command.js';
import { loadRun } from './shared/files.js';
import { inputName } from './shared/input.js';
import { writeOutput } from './shared/output.js';
import { cliMessage } from './shared/wording.js';
import type { ProgressStream } from './shared/progress.js';
import { type FuseArgs, usage } from './fuse-args.js';

const unscored = (path: string, qid: string): CliError =>
  new CliError(`${inputName(path)}: query ${JSON.stringify(qid)} is ranked without scores (a list of ids, or ranks); fusion needs each document's score`, INPUT_ERROR);

/** A run's rankings as fuse() takes them, `{id, score}` lists; a query ranked without scores is an input error. */
function scoredRankings(path: string, run: Run): FusionRun {
  // A list of ids (JSON, JSONL) or a rank column (CSV) gives no scores: such a query is not in `scored`.
  const rankings = new Map<string, ScoredDocument[]>();
  for (const [qid, ids] of run.rankings) {
    const scored = run.scored.get(qid);
    if (scored === undefined) {
      if (ids.length === 0) {
        rankings.set(qid, []);
        continue;
      }
      throw unscored(path, qid);
    }
    rankings.set(qid, scoredDocuments(scored));
  }
  return rankings;
}

// fuse()'s option names, as the command line spells them.
export const FUSE_FLAGS: Readonly<Record<string, string>> = { method: '--method', norm: '--norm', k: '--k', weights: '--weights', depth: '--depth' };

/** The run at `path`, read whole, as fuse() takes it. */
export const readScoredRun = async (path: string, format: RunFormat | 'auto', stderr: ProgressStream): Promise<FusionRun> => scoredRankings(path, await loadRun(path, format, stderr));

/** fuse() with the flags' options; a bad option is a usage error naming the flag, anything else the runs'. */
export function fuseOrFail(runs: readonly FusionRun[] | ReadonlyMap<string, FusionRun>, setting: { k?: number | undefined; weights?: readonly number[] | undefined }, args: FuseArgs): Map<string, ScoredDocument[]> {
  try {
    return fuse(runs, {
      method: args.method,
      norm: args.norm,
      ...(setting.k === undefined ? {} : { k: setting.k }),
      ...(setting.weights === undefined ? {} : { weights: setting.weights }),
      ...(args.depth === undefined ? {} : { depth: args.depth }),
    });
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    const message = cliMessage(error, { flags: FUSE_FLAGS });
    // A bad option is the command line's; anything else is in the runs.
    throw error.code === 'invalid_option' ? usage(message) : new CliError(message, INPUT_ERROR);
  }
}

/** The fused run written as the flags say: to -o OUT (replaced whole) or standard output. */
export async function writeFusedRun(args: FuseArgs, fused: Map<string, ScoredDocument[]>, io: Io, read: readonly FusionRun[]): Promise<void> {
  let text: string;
  try {
    text = writeRun(fused, args.format === 'trec' ? { format: 'trec', runName: args.runName } : { format: 'jsonl' });
  } catch (error) {
    // An id the format cannot hold (a JSONL query id with a space, written as TREC).
    if (isRankevalError(error)) throw new CliError(`cannot write the fused run as ${args.format}: ${cliMessage(error)}${idSource(error.received, args, read)}`, INPUT_ERROR);
    throw error;
  }
  if (args.output === undefined) io.stdout.write(text);
  else await writeOutput(args.output, text);
}


/** Which run (file) gives the id the fused run could not hold: the first holding it as a query or document id. */
function idSource(id: unknown, args: FuseArgs, read: readonly FusionRun[]): string {
  const holds = (run: FusionRun): boolean => {
    const queries: Iterable<[string, readonly ScoredDocument[]]> = run instanceof Map ? run : Object.entries(run);
    for (const [qid, ranking] of queries) if (qid === id || ranking.some((document) => document.id === id)) return true;
    return false;
  };
  const index = read.findIndex(holds);
  return index === -1 ? '' : ` (an id of ${args.runs[index]}; --format jsonl holds any id)`;
}

