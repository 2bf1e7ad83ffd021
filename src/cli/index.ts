// The `rankeval` command, its own entry (the library entry never imports Node): one module per command,
// dispatched from here (see docs/cli.md).
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messageText } from '../text/escape.js';
import { closest } from '../core/suggest.js';
import { agreeUsage, runAgree } from './agree.js';
import { compareUsage, runCompare } from './compare.js';
import { estimateUsage, runEstimate } from './estimate.js';
import { planUsage, runPlan } from './plan.js';
import { evalUsage, runEval } from './eval.js';
import { mergeUsage, runMerge } from './merge.js';
import { nuggetsUsage, runNuggets } from './nuggets.js';
import { judgeUsage, runJudge } from './judge.js';
import { overlapUsage, runOverlap } from './overlap.js';
import { CliError, foreignMessage, INPUT_ERROR, type Io, USAGE_ERROR } from './shared/command.js';
import { runTrec, trecUsage } from './trec.js';

const usage = `Usage: rankeval <command> [flags]

Commands:
  eval --qrels GOLDEN --run RUN [-m MEASURE …]   score a run on a golden set, with gates for CI
                                                  (rankeval eval --help)
  compare QRELS RUN_A RUN_B [RUN …] [-m MEASURE …]  compare runs with paired significance tests
                                                  (rankeval compare --help)
  report QRELS RUN_A [RUN …] -m … -o report.html  a self-contained HTML report with charts
                                                  (rankeval report --help)
  merge PART.json …                               the results of a run's shards (eval -q --format json)
                                                  merged into the whole run's (rankeval merge --help)
  overlap RUN_A RUN_B [--p 0.9] [--depth K] [-q]  how much two runs' results differ, without labels:
                                                  RBO and Jaccard per query (rankeval overlap --help)
  agree QRELS_A QRELS_B [RUN …] [-m MEASURE]      how far two label sets agree (κ, α), and whether they
                                                  order the runs alike (τ) (rankeval agree --help)
  estimate RUN … --human H --judge J [-m MEASURE …]  each run's mean from a few human labels and an LLM
                                                  judge's labels of every query, with its interval
                                                  (rankeval estimate --help)
  plan RUN --human H --judge J -m M --cost-human X --cost-judge Y --budget B | --sd S --delta D
                                                  how many queries to have judged, by people and by the
                                                  model, or for a paired test (rankeval plan --help)
  pool RUN … [--depth 10] [--qrels EXISTING] -o POOL.jsonl
                                                  the documents to judge for a golden set: the runs'
                                                  top documents, less those judged (rankeval pool --help)
  judge POOL --corpus C --queries Q [--judge NAME]  the judging page: a person grades the pool's pairs
                                                  by keyboard in a browser, each grade saved at once;
  judge --export qrels|jsonl [--store STORE] [-o OUT]  a judgments store written as a golden set, one
                                                  judge's or several combined (rankeval judge --help)
  fuse RUN RUN … --method rrf [-o OUT]            runs fused into one (hybrid search), written as a run;
                                                  --optimize M --qrels GOLDEN tunes wsum's weights or
                                                  rrf's k, cross-validated (rankeval fuse --help)
  nuggets ASSIGNMENTS… [--topics BANK] [-q]       RAG answers scored by the nuggets they support, per
                                                  run, as TREC RAG scores them (rankeval nuggets --help)
  trec [flags] QRELS RUN                          trec_eval-compatible evaluation (rankeval trec --help)
  help [COMMAND]                                  this help, or the command's

  -V, --version                                   the version of rankeval

A file named - is read from standard input (the golden set or a run, not both).

Exit status: 0 done, 1 a gate failed, 2 bad arguments, 3 a file cannot be read or is malformed or the
output cannot be written (rankeval trec exits as trec_eval: 1 bad arguments, 2 a file cannot be read or
is malformed, 4 a measure fails, 7 nothing to evaluate).
`;

const COMMANDS = ['eval', 'compare', 'report', 'merge', 'overlap', 'agree', 'estimate', 'plan', 'judge', 'fuse', 'pool', 'nuggets', 'trec', 'help'];

/** The version in rankeval's package.json, found upwards from this module wherever the build puts it. */
function version(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'rankeval' && manifest.version !== undefined) return manifest.version;
    } catch {
      // No package.json here (or not rankeval's): look further up.
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('rankeval: package.json not found above the command');
    dir = parent;
  }
}

/**
 * The commands whose modules are loaded only when they run: the report's plotting libraries, and the file
 * writing that fuse and pool share with it, would slow every other command's start.
 */
const LOADED_WHEN_RUN: Readonly<Record<string, () => Promise<(argv: readonly string[], io: Io) => Promise<number>>>> = Object.assign(Object.create(null) as object, {
  report: async () => (await import('./report.js')).runReport,
  fuse: async () => (await import('./fuse.js')).runFuse,
  pool: async () => (await import('./pool.js')).runPool,
});

async function commandUsage(command: string): Promise<string> {
  if (command === 'eval') return evalUsage;
  if (command === 'compare') return compareUsage;
  if (command === 'trec') return trecUsage;
  if (command === 'merge') return mergeUsage;
  if (command === 'overlap') return overlapUsage;
  if (command === 'agree') return agreeUsage;
  if (command === 'estimate') return estimateUsage;
  if (command === 'plan') return planUsage;
  if (command === 'judge') return judgeUsage;
  if (command === 'nuggets') return nuggetsUsage;
  if (command === 'report') return (await import('./report.js')).reportUsage;
  if (command === 'fuse') return (await import('./fuse.js')).fuseUsage;
  if (command === 'pool') return (await import('./pool.js')).poolUsage;
  return usage;
}

function unknownCommand(command: string): CliError {
  // `-v` for `-V`: flags are suggested among flags, commands among commands.
  const suggestion = closest(command, command.startsWith('-') ? ['-V', '--version', '-h', '--help'] : COMMANDS);
  const what = command.startsWith('-') ? `unknown option ${command}` : `unknown command '${command}'`;
  return new CliError(`${what}${suggestion === undefined ? '' : `; did you mean ${suggestion}?`} (see rankeval --help)`, USAGE_ERROR);
}

async function main(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined) {
    process.stderr.write(usage);
    return USAGE_ERROR;
  }
  if (command === '--help' || command === '-h') {
    process.stdout.write(usage);
    return 0;
  }
  if (command === '--version' || command === '-V') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  try {
    if (command === 'help') {
      const [topic, ...extra] = rest;
      if (extra.length > 0) throw new CliError(`help takes one command; got '${extra.join(' ')}'`, USAGE_ERROR);
      if (topic !== undefined && !COMMANDS.includes(topic)) throw unknownCommand(topic);
      process.stdout.write(await commandUsage(topic ?? 'help'));
      return 0;
    }
    if (command === 'trec') {
      const { stdout, status } = runTrec(rest);
      // Ids are read one byte a character, so writing them back as latin1 gives the input bytes.
      process.stdout.write(Buffer.from(stdout, stdout === trecUsage ? 'utf8' : 'latin1'));
      return status;
    }
    if (command === 'eval') return await runEval(rest, { stdout: process.stdout, stderr: process.stderr });
    if (command === 'merge') return await runMerge(rest, { stdout: process.stdout, stderr: process.stderr });
    if (command === 'overlap') return await runOverlap(rest, { stdout: process.stdout, stderr: process.stderr });
    if (command === 'agree') return await runAgree(rest, { stdout: process.stdout, stderr: process.stderr });
    if (command === 'estimate') return await runEstimate(rest, { stdout: process.stdout, stderr: process.stderr });
    if (command === 'plan') return await runPlan(rest, { stdout: process.stdout, stderr: process.stderr });
    if (command === 'judge') return await runJudge(rest, { stdout: process.stdout, stderr: process.stderr });
    const load = LOADED_WHEN_RUN[command];
    if (load !== undefined) return await (await load())(rest, { stdout: process.stdout, stderr: process.stderr });
    if (command === 'compare' || command === 'nuggets') {
      // A comparison's significant rows are coloured on a terminal (nuggets --compare writes one too).
      const colour = process.stdout.isTTY === true && process.env['NO_COLOR'] === undefined;
      return await (command === 'compare' ? runCompare : runNuggets)(rest, { stdout: process.stdout, stderr: process.stderr, colour });
    }
    throw unknownCommand(command);
  } catch (error) {
    if (error instanceof CliError) {
      // The CLI's own error, whose message is its line. File names, ids and arguments in messages are shown,
      // not obeyed by the terminal, and cut when huge.
      const message = messageText(error.message);
      process.stderr.write(COMMANDS.includes(command) ? `rankeval ${command}: ${message}\n` : `rankeval: ${message}\n`);
      return error.status;
    }
    throw error;
  }
}

// A reader that stops early (`rankeval trec -q … | head`) is no failure, as for other Unix tools; any
// other failure to write (a full disk) is one line, not a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`rankeval: cannot write output: ${foreignMessage(error)}\n`);
  process.exit(INPUT_ERROR);
});

// Messages that cannot be written: a reader of stderr that went away (EPIPE) misses them and the command
// ends as it would have; any other failure (a full disk) ends it with exit 3, as a failed output does,
// rather than with an uncaught error's 1, which would read as a failed gate. Nothing can be said then.
process.stderr.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') process.exit(INPUT_ERROR);
});

process.exitCode = await main(process.argv.slice(2));
