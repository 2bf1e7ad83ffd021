// The `rankeval` command. Its own entry: the library entry never imports Node.
import { Buffer } from 'node:buffer';
import { CliError, runTrec, trecUsage } from './trec.js';

const usage = `Usage: rankeval <command> [flags]

Commands:
  trec [flags] QRELS RUN   trec_eval-compatible evaluation (rankeval trec --help)
`;

function main(args: readonly string[]): number {
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
    throw new CliError(`unknown command '${command}'\n${usage}`, 1);
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`rankeval ${command}: ${error.message}\n`);
      return error.status;
    }
    throw error;
  }
}

process.exitCode = main(process.argv.slice(2));
