// The `rankeval` command. Its own entry: the library entry never imports Node.
import { Buffer } from 'node:buffer';
import { runCompare } from './compare.js';
import { runEval } from './eval.js';
import { CliError, runTrec, trecUsage } from './trec.js';

const usage = `Usage: rankeval <command> [flags]

Commands:
  eval --qrels GOLDEN --run RUN [-m MEASURE …]   score a run on a golden set, with gates for CI
                                                  (rankeval eval --help)
  compare QRELS RUN_A RUN_B [RUN …] [-m MEASURE …]  compare runs with paired significance tests
                                                  (rankeval compare --help)
  report QRELS RUN_A [RUN …] -m … -o report.html  a self-contained HTML report with charts
                                                  (rankeval report --help)
  trec [flags] QRELS RUN                          trec_eval-compatible evaluation (rankeval trec --help)
`;

async function main(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === '--help' || command === '-h') {
    process.stdout.write(usage);
    return command === undefined ? 1 : 0;
  }
  try {
    if (command === 'trec') {
      const { stdout, status } = runTrec(rest);
      // Ids are read one byte a character, so writing them back as latin1 gives the input bytes.
      process.stdout.write(Buffer.from(stdout, stdout === trecUsage ? 'utf8' : 'latin1'));
      return status;
    }
    if (command === 'eval') return await runEval(rest, { stdout: process.stdout, stderr: process.stderr });
    if (command === 'report') {
      // Loaded only here: the report's plotting libraries would slow every other command's start.
      const { runReport } = await import('./report.js');
      return await runReport(rest, { stdout: process.stdout, stderr: process.stderr });
    }
    if (command === 'compare') {
      const colour = process.stdout.isTTY === true && process.env['NO_COLOR'] === undefined;
      return await runCompare(rest, { stdout: process.stdout, stderr: process.stderr, colour });
    }
    throw new CliError(`unknown command '${command}'\n${usage}`, 1);
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`rankeval ${command}: ${error.message}\n`);
      return error.status;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
